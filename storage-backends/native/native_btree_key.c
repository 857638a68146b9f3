/* native_btree_key.c — the native B+tree's entries: their encoding (row id, then each key
 * column tagged NULL or present with its value) and their order (per column: class, DESC,
 * NULLS FIRST/LAST; then row id). FORMAT.md, "B+tree indexes". */
#include <math.h>
#include <string.h>

#include "native_btree.h"
#include "native_page.h"

static size_t value_size(const nbt_col *c, const nbt_value *v)
{
    if (v->is_null)
        return 1;
    switch (c->cls) {
    case NBT_BOOL: return 2;
    case NBT_INT:
    case NBT_FLOAT: return 9;
    default: return 3 + (size_t)v->len;
    }
}

size_t nbt_encoded_size(const nbt_tree *t, const nbt_value *values, uint32_t n)
{
    size_t len = 8;
    for (uint32_t i = 0; i < n; i++)
        len += value_size(&t->cols[i], &values[i]);
    return len;
}

size_t nbt_encode(const nbt_tree *t, uint64_t rowid, const nbt_value *values, uint32_t n, uint8_t *out)
{
    uint8_t *p = out;
    native_put64(p, rowid);
    p += 8;
    for (uint32_t i = 0; i < n; i++) {
        const nbt_value *v = &values[i];
        if (v->is_null) {
            *p++ = 0;
            continue;
        }
        *p++ = 1;
        switch (t->cols[i].cls) {
        case NBT_BOOL: *p++ = v->i ? 1 : 0; break;
        case NBT_INT: native_put64(p, (uint64_t)v->i); p += 8; break;
        case NBT_FLOAT: {
            double f = v->f == 0 ? 0.0 : v->f; /* -0 equals 0 */
            memcpy(p, &f, 8);
            p += 8;
            break;
        }
        default:
            native_put16(p, (uint16_t)v->len);
            if (v->len)
                memcpy(p + 2, v->ptr, v->len);
            p += 2 + v->len;
        }
    }
    return (size_t)(p - out);
}

uint64_t nbt_entry_rowid(const uint8_t *entry)
{
    return native_get64(entry);
}

/* The order of two present values of column c at a and b; *step gets their sizes. */
static int cmp_value(const nbt_col *c, const uint8_t *a, const uint8_t *b, size_t *asz, size_t *bsz)
{
    switch (c->cls) {
    case NBT_BOOL:
        *asz = *bsz = 1;
        return (int)a[0] - (int)b[0];
    case NBT_INT: {
        int64_t x = (int64_t)native_get64(a), y = (int64_t)native_get64(b);
        *asz = *bsz = 8;
        return (x > y) - (x < y);
    }
    case NBT_FLOAT: {
        double x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        *asz = *bsz = 8;
        if (isnan(x))
            return isnan(y) ? 0 : 1;
        if (isnan(y))
            return -1;
        return (x > y) - (x < y);
    }
    default: {
        uint32_t al = native_get16(a), bl = native_get16(b);
        *asz = 2 + al;
        *bsz = 2 + bl;
        if (c->cls == NBT_CUSTOM) {
            int r = c->compare(c->cookie, a + 2, al, b + 2, bl);
            return (r > 0) - (r < 0);
        }
        uint32_t n = al < bl ? al : bl;
        int r = n ? memcmp(a + 2, b + 2, n) : 0;
        if (r)
            return r < 0 ? -1 : 1;
        return (al > bl) - (al < bl);
    }
    }
}

int nbt_compare(const nbt_tree *t, const uint8_t *a, const uint8_t *b, uint32_t n, int rowid)
{
    const uint8_t *pa = a + 8, *pb = b + 8;
    for (uint32_t i = 0; i < n; i++) {
        const nbt_col *c = &t->cols[i];
        uint8_t ta = *pa++, tb = *pb++;
        if (!ta || !tb) {
            if (!ta && !tb)
                continue;
            /* NULL is the largest value (NULLS LAST) unless NULLS FIRST, DESC or not */
            int r = !ta ? 1 : -1;
            return (c->flags & NBT_NULLS_FIRST) ? -r : r;
        }
        size_t as, bs;
        int r = cmp_value(c, pa, pb, &as, &bs);
        if (r)
            return (c->flags & NBT_DESC) ? -r : r;
        pa += as;
        pb += bs;
    }
    if (!rowid)
        return 0;
    uint64_t x = native_get64(a), y = native_get64(b);
    return (x > y) - (x < y);
}
