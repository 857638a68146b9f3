/* btree_key.c — the B+tree's key order (per column: type class, DESC, NULLS FIRST/LAST;
 * then row id) and its entries: copies of a row's key values with their text. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "btree.h"

static int cmp_value(const bt_col *c, const ss_value *a, const ss_value *b)
{
    switch (c->cls) {
    case BT_BOOL: return (int)a->v.b - (int)b->v.b;
    case BT_INT: return (a->v.i > b->v.i) - (a->v.i < b->v.i);
    case BT_FLOAT: {
        double x = a->v.f, y = b->v.f;
        if (isnan(x))
            return isnan(y) ? 0 : 1;
        if (isnan(y))
            return -1;
        return (x > y) - (x < y);
    }
    case BT_BYTES: {
        uint32_t n = a->v.s.len < b->v.s.len ? a->v.s.len : b->v.s.len;
        int r = n ? memcmp(a->v.s.ptr, b->v.s.ptr, n) : 0;
        if (r)
            return r < 0 ? -1 : 1;
        return (a->v.s.len > b->v.s.len) - (a->v.s.len < b->v.s.len);
    }
    case BT_CUSTOM: {
        int r = c->compare(&a->v.s, &b->v.s);
        return (r > 0) - (r < 0);
    }
    }
    return 0;
}

int bt_cmp_prefix(const bt_index *ix, const ss_value *a, const ss_value *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const bt_col *c = &ix->cols[i];
        int r;
        if (a[i].is_null || b[i].is_null) {
            if (a[i].is_null && b[i].is_null)
                continue;
            /* NULL is the largest value (NULLS LAST) unless NULLS FIRST; DESC does not flip
               it, as in PostgreSQL where DESC defaults to NULLS FIRST explicitly */
            r = a[i].is_null ? 1 : -1;
            if (c->flags & SS_INDEX_NULLS_FIRST)
                r = -r;
            return r;
        }
        r = cmp_value(c, &a[i], &b[i]);
        if (r)
            return (c->flags & SS_INDEX_DESC) ? -r : r;
    }
    return 0;
}

int bt_cmp_entry(const bt_index *ix, const bt_entry *a, const bt_entry *b)
{
    int r = bt_cmp_prefix(ix, a->key, b->key, ix->nkeys);
    if (r)
        return r;
    return (a->rowid > b->rowid) - (a->rowid < b->rowid);
}

uint64_t bt_abbrev(const bt_index *ix, const ss_value *v)
{
    const bt_col *c = &ix->cols[0];
    if (v->is_null) /* the largest value unless NULLS FIRST, DESC or not (bt_cmp_prefix) */
        return (c->flags & SS_INDEX_NULLS_FIRST) ? 0 : UINT64_MAX;
    uint64_t u;
    switch (c->cls) {
    case BT_BOOL: u = v->v.b ? 1 : 0; break;
    case BT_INT: u = (uint64_t)v->v.i ^ (UINT64_C(1) << 63); break;
    case BT_FLOAT: {
        double x = v->v.f;
        if (isnan(x)) { /* every NaN equal, above +Infinity (cmp_value) */
            u = UINT64_MAX;
            break;
        }
        if (x == 0)
            x = 0; /* -0 equals 0 */
        memcpy(&u, &x, sizeof u);
        u = (u >> 63) ? ~u : u | (UINT64_C(1) << 63);
        break;
    }
    case BT_BYTES: { /* the first 8 bytes, big-endian, zero-padded: memcmp's order */
        u = 0;
        uint32_t n = v->v.s.len < 8 ? v->v.s.len : 8;
        const unsigned char *p = (const unsigned char *)v->v.s.ptr;
        for (uint32_t i = 0; i < 8; i++)
            u = (u << 8) | (i < n ? p[i] : 0);
        break;
    }
    default: return 0; /* BT_CUSTOM: only the type's callback knows the order */
    }
    return (c->flags & SS_INDEX_DESC) ? ~u : u;
}

static bool has_text(const bt_col *c)
{
    return c->cls == BT_BYTES || c->cls == BT_CUSTOM;
}

bt_entry *bt_entry_make(bt_index *ix, const ss_value *key, ss_rowid rowid)
{
    size_t bytes = sizeof(bt_entry) + ix->nkeys * sizeof(ss_value);
    for (uint32_t i = 0; i < ix->nkeys; i++)
        if (!key[i].is_null && has_text(&ix->cols[i]))
            bytes += key[i].v.s.len;
    bt_entry *e = ix->api->alloc(bytes);
    if (!e)
        return NULL;
    e->rowid = rowid;
    e->abbrev = ix->nkeys ? bt_abbrev(ix, key) : 0;
    char *text = (char *)&e->key[ix->nkeys];
    for (uint32_t i = 0; i < ix->nkeys; i++) {
        e->key[i] = key[i];
        if (!key[i].is_null && has_text(&ix->cols[i])) {
            if (key[i].v.s.len)
                memcpy(text, key[i].v.s.ptr, key[i].v.s.len);
            e->key[i].v.s.ptr = text;
            text += key[i].v.s.len;
        }
    }
    ix->nbytes += (int64_t)bytes;
    return e;
}

void bt_entry_free(bt_index *ix, bt_entry *e)
{
    if (!e)
        return;
    size_t bytes = sizeof(bt_entry) + ix->nkeys * sizeof(ss_value);
    for (uint32_t i = 0; i < ix->nkeys; i++)
        if (!e->key[i].is_null && has_text(&ix->cols[i]))
            bytes += e->key[i].v.s.len;
    ix->nbytes -= (int64_t)bytes;
    ix->api->free(e);
}

void bt_batch_key(const bt_index *ix, const ss_batch *keys, uint32_t k, ss_value *out)
{
    uint32_t row = ss_batch_row(keys, k);
    for (uint32_t i = 0; i < ix->nkeys; i++)
        ss_vector_get_value(keys->cols[i], row, &out[i]);
}
