/* native_vt_columns.c — nv_builder: growing the library's column vectors value by value from
 * kernel vectors (their storage classes) and from decoded row groups (native_vt_columns.h). */
#include <stdlib.h>
#include <string.h>

#include "native_vt_columns.h"

int nv_builder_init(nv_builder *bld, native_col_type type, uint32_t cap)
{
    memset(bld, 0, sizeof *bld);
    bld->type = type;
    bld->cap = cap;
    bld->nulls = calloc(cap ? cap : 1, 1);
    switch (type) {
    case NATIVE_COL_INT64: bld->i64 = malloc((cap ? cap : 1) * sizeof *bld->i64); return bld->nulls && bld->i64 ? 0 : -1;
    case NATIVE_COL_FLOAT64: bld->f64 = malloc((cap ? cap : 1) * sizeof *bld->f64); return bld->nulls && bld->f64 ? 0 : -1;
    case NATIVE_COL_BOOL: bld->b = malloc(cap ? cap : 1); return bld->nulls && bld->b ? 0 : -1;
    case NATIVE_COL_BYTES:
        bld->offsets = malloc(((size_t)cap + 1) * sizeof *bld->offsets);
        if (bld->offsets)
            bld->offsets[0] = 0;
        return bld->nulls && bld->offsets ? 0 : -1;
    }
    return -1;
}

void nv_builder_free(nv_builder *bld)
{
    free(bld->nulls);
    free(bld->i64);
    free(bld->f64);
    free(bld->b);
    free(bld->offsets);
    free(bld->bytes);
    memset(bld, 0, sizeof *bld);
}

static int add_bytes(nv_builder *bld, const void *p, size_t len)
{
    if (bld->nbytes + len > UINT32_MAX)
        return -1;
    if (bld->nbytes + len > bld->capbytes) {
        size_t c = bld->capbytes ? bld->capbytes * 2 : 4096;
        while (c < bld->nbytes + len)
            c *= 2;
        uint8_t *q = realloc(bld->bytes, c);
        if (!q)
            return -1;
        bld->bytes = q;
        bld->capbytes = c;
    }
    if (len)
        memcpy(bld->bytes + bld->nbytes, p, len);
    bld->nbytes += len;
    bld->offsets[bld->n + 1] = (uint32_t)bld->nbytes;
    return 0;
}

/* Appends a NULL (stored as 0 / ""). */
static int add_null(nv_builder *bld)
{
    uint32_t i = bld->n;
    bld->nulls[i] = 1;
    bld->any_null = true;
    switch (bld->type) {
    case NATIVE_COL_INT64: bld->i64[i] = 0; break;
    case NATIVE_COL_FLOAT64: bld->f64[i] = 0; break;
    case NATIVE_COL_BOOL: bld->b[i] = 0; break;
    case NATIVE_COL_BYTES:
        if (add_bytes(bld, NULL, 0) != 0)
            return -1;
        break;
    }
    bld->n++;
    return 0;
}

int nv_builder_add_native(nv_builder *bld, const native_column *c, uint32_t row)
{
    if (bld->n >= bld->cap)
        return -1;
    if (c->nulls && c->nulls[row])
        return add_null(bld);
    uint32_t i = bld->n;
    switch (bld->type) {
    case NATIVE_COL_INT64: bld->i64[i] = c->i64[row]; break;
    case NATIVE_COL_FLOAT64: bld->f64[i] = c->f64[row]; break;
    case NATIVE_COL_BOOL: bld->b[i] = c->b[row]; break;
    case NATIVE_COL_BYTES:
        if (add_bytes(bld, c->bytes + c->offsets[row], c->offsets[row + 1] - c->offsets[row]) != 0)
            return -1;
        break;
    }
    bld->n++;
    return 0;
}

int nv_builder_add_vector(nv_builder *bld, const ss_vector *v, int32_t storage, uint32_t row)
{
    if (bld->n >= bld->cap)
        return -1;
    if (ss_vector_is_null(v, row))
        return add_null(bld);
    uint32_t i = bld->n;
    switch (storage) {
    case SS_TYPE_BOOL: bld->b[i] = ((const uint8_t *)v->data)[row] != 0; break;
    case SS_TYPE_INT2: bld->i64[i] = ((const int16_t *)v->data)[row]; break;
    case SS_TYPE_INT4: bld->i64[i] = ((const int32_t *)v->data)[row]; break;
    case SS_TYPE_INT8: bld->i64[i] = ((const int64_t *)v->data)[row]; break;
    case SS_TYPE_FLOAT8: bld->f64[i] = ((const double *)v->data)[row]; break;
    default: {
        const ss_text *s = &((const ss_text *)v->data)[row];
        if (add_bytes(bld, s->ptr, s->len) != 0)
            return -1;
        break;
    }
    }
    bld->n++;
    return 0;
}

native_column nv_builder_column(const nv_builder *bld)
{
    return (native_column){.type = bld->type, .nulls = bld->any_null ? bld->nulls : NULL, .i64 = bld->i64, .f64 = bld->f64,
                           .b = bld->b, .offsets = bld->offsets, .bytes = bld->bytes ? bld->bytes : (const uint8_t *)""};
}
