/* btree_scan.c — ordered range scans (forward and backward, bounds inclusive, exclusive or
 * open, on a key prefix) and point lookups, which are a scan between two equal bounds. */
#include <string.h>

#include "btree.h"

/* Whether entry e lies before the range's start (below lower). */
static bool before_lower(const bt_index *ix, const bt_entry *e, const ss_index_bound *lo)
{
    int r = bt_cmp_prefix(ix, e->key, lo->values, lo->nvalues);
    return lo->inclusive ? r < 0 : r <= 0;
}

/* Whether entry e lies within the upper end (at or below upper). */
static bool within_upper(const bt_index *ix, const bt_entry *e, const ss_value *values,
                         uint32_t n, bool inclusive)
{
    int r = bt_cmp_prefix(ix, e->key, values, n);
    return inclusive ? r <= 0 : r < 0;
}

static bool open_bound(const ss_index_bound *b)
{
    return !b || b->nvalues == 0;
}

/* Forward start: the first entry not before lower. */
static void seek_lower(const bt_index *ix, const ss_index_bound *lo, bt_node **leaf, int64_t *pos)
{
    bt_node *n = ix->root;
    while (!n->leaf) {
        uint32_t c = 0;
        if (!open_bound(lo)) {
            uint32_t a = 0, b = n->n;
            while (a < b) {
                uint32_t m = (a + b) / 2;
                if (before_lower(ix, n->e[m], lo))
                    a = m + 1;
                else
                    b = m;
            }
            c = a;
        }
        n = n->child[c];
    }
    uint32_t p = 0;
    if (!open_bound(lo))
        while (p < n->n && before_lower(ix, n->e[p], lo))
            p++;
    /* past the end of this leaf (or an emptied leaf): the next non-empty one */
    while (n && p >= n->n) {
        n = n->next;
        p = 0;
    }
    *leaf = n;
    *pos = p;
}

/* Backward start: the last entry within upper. */
static void seek_upper(const bt_index *ix, const ss_index_bound *up, bt_node **leaf, int64_t *pos)
{
    bt_node *n = ix->root;
    bool open = open_bound(up);
    while (!n->leaf) {
        uint32_t c = n->n;
        if (!open) {
            uint32_t a = 0, b = n->n;
            while (a < b) {
                uint32_t m = (a + b) / 2;
                if (within_upper(ix, n->e[m], up->values, up->nvalues, up->inclusive))
                    a = m + 1;
                else
                    b = m;
            }
            c = a;
        }
        n = n->child[c];
    }
    int64_t p = (int64_t)n->n - 1;
    if (!open)
        while (p >= 0 && !within_upper(ix, n->e[p], up->values, up->nvalues, up->inclusive))
            p--;
    while (n && p < 0) {
        n = n->prev;
        p = n ? (int64_t)n->n - 1 : -1;
    }
    *leaf = n;
    *pos = p;
}

int bt_scan_begin(ss_ctx *ctx, void *index, const ss_index_bound *lower,
                  const ss_index_bound *upper, bool backward, ss_index_scan **scan)
{
    bt_index *ix = index;
    const ss_index_bound *far = backward ? lower : upper;
    size_t bytes = sizeof(ss_index_scan);
    uint32_t nstop = open_bound(far) ? 0 : far->nvalues;
    for (uint32_t i = 0; i < nstop; i++) {
        bt_class cls = ix->cols[i].cls;
        bytes += sizeof(ss_value);
        if (!far->values[i].is_null && (cls == BT_BYTES || cls == BT_CUSTOM))
            bytes += far->values[i].v.s.len;
    }
    ss_index_scan *s = ix->api->alloc(bytes);
    if (!s)
        return bt_oom(ctx);
    memset(s, 0, sizeof *s);
    s->ix = ix;
    s->backward = backward;
    if (nstop) {
        /* the far bound is needed for the whole scan: copy its values and text */
        s->stop = (ss_value *)(s + 1);
        char *text = (char *)&s->stop[nstop];
        for (uint32_t i = 0; i < nstop; i++) {
            s->stop[i] = far->values[i];
            bt_class cls = ix->cols[i].cls;
            if (!far->values[i].is_null && (cls == BT_BYTES || cls == BT_CUSTOM)) {
                if (far->values[i].v.s.len)
                    memcpy(text, far->values[i].v.s.ptr, far->values[i].v.s.len);
                s->stop[i].v.s.ptr = text;
                text += far->values[i].v.s.len;
            }
        }
        s->nstop = nstop;
        s->stop_inclusive = far->inclusive;
    }
    if (backward)
        seek_upper(ix, upper, &s->leaf, &s->pos);
    else
        seek_lower(ix, lower, &s->leaf, &s->pos);
    *scan = s;
    return SS_OK;
}

int bt_scan_next(ss_ctx *ctx, ss_index_scan *s, ss_rowid *out, uint32_t cap, uint32_t *n)
{
    (void)ctx;
    const bt_index *ix = s->ix;
    uint32_t got = 0;
    while (got < cap && s->leaf) {
        const bt_entry *e = s->leaf->e[s->pos];
        if (s->nstop) {
            bool in;
            if (s->backward) {
                ss_index_bound lo = {s->stop, s->nstop, s->stop_inclusive, {0}};
                in = !before_lower(ix, e, &lo);
            } else {
                in = within_upper(ix, e, s->stop, s->nstop, s->stop_inclusive);
            }
            if (!in) {
                s->leaf = NULL;
                break;
            }
        }
        out[got++] = e->rowid;
        if (s->backward) {
            s->pos--;
            while (s->leaf && s->pos < 0) {
                s->leaf = s->leaf->prev;
                s->pos = s->leaf ? (int64_t)s->leaf->n - 1 : -1;
            }
        } else {
            s->pos++;
            while (s->leaf && s->pos >= (int64_t)s->leaf->n) {
                s->leaf = s->leaf->next;
                s->pos = 0;
            }
        }
    }
    *n = got;
    return SS_OK;
}

void bt_scan_end(ss_index_scan *scan)
{
    if (scan)
        scan->ix->api->free(scan);
}

int bt_lookup(ss_ctx *ctx, void *index, const ss_value *key, uint32_t nvalues, ss_rowid *out,
              uint32_t cap, uint32_t *total)
{
    bt_index *ix = index;
    ss_index_bound b = {key, nvalues, true, {0}};
    bt_node *leaf;
    int64_t pos;
    seek_lower(ix, &b, &leaf, &pos);
    uint32_t count = 0;
    while (leaf) {
        const bt_entry *e = leaf->e[pos];
        if (bt_cmp_prefix(ix, e->key, key, nvalues) != 0)
            break;
        if (count < cap)
            out[count] = e->rowid;
        count++;
        pos++;
        while (leaf && pos >= (int64_t)leaf->n) {
            leaf = leaf->next;
            pos = 0;
        }
        if ((count & 4095) == 0 && ix->api->check_interrupt(ctx) != SS_OK)
            return SS_ERROR;
    }
    *total = count;
    return SS_OK;
}
