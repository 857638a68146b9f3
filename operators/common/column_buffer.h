/* column_buffer.h — a growable, typed column of values copied out of batches: the same data
 * layout as an ss_vector (typed array + validity bitmap) but unbounded, with text bytes owned
 * by the buffer.  Sort materialises its input in these; aggregate keeps group keys and
 * DISTINCT values in them. */
#ifndef OPS_COLUMN_BUFFER_H
#define OPS_COLUMN_BUFFER_H

#include "sunstone/plugin.h"

#include "common/text_arena.h"
#include "common/type_layout.h"
#include "common/value_order.h"

/* PostgreSQL's program_limit_exceeded, for inputs beyond 2^32 - 1 rows. */
#define OPS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED "54000"

typedef struct ops_column {
    const ss_api *api;
    ss_type type;
    ops_layout layout;
    const ss_type_info *info; /* OPS_LAYOUT_CUSTOM: the type's callbacks; else NULL */
    uint32_t width;      /* bytes per element of data */
    uint32_t count;      /* values appended */
    uint32_t capacity;   /* elements allocated in data (and bits in validity) */
    void *data;          /* typed array in vector layout; NULL rows hold zero / empty text */
    uint64_t *validity;  /* NULL until the first NULL; then bit i = 1 when row i is NOT NULL */
    ops_text_arena text; /* bytes of text values */
} ops_column;

/* Prepares an empty column of this type; 0A000 when the type has no known layout. */
int ops_column_init(ss_ctx *ctx, ops_column *c, const ss_api *api, ss_type type,
                    const char *who);
/* Frees everything; tolerates a zeroed struct and may be called twice. */
void ops_column_release(ops_column *c);
/* Ensures room for extra more values. */
int ops_column_reserve(ss_ctx *ctx, ops_column *c, uint32_t extra);
/* Appends v's values at rows[0..n) (rows NULL: rows 0..n-1), copying text bytes.  v must
 * have the column's layout. */
int ops_column_append(ss_ctx *ctx, ops_column *c, const ss_vector *v, const uint32_t *rows,
                      uint32_t n);
/* Makes v's value at row the column's only value (its type is the column's; the column was
 * initialised).  Unique and WITH TIES keep the key of the current run so. */
int ops_column_keep_one(ss_ctx *ctx, ops_column *c, const ss_vector *v, uint32_t row, const char *who);
/* Writes values idx[0..n) (idx NULL: first, first+1, ...) to rows 0..n-1 of out, which has
 * the column's layout and was reset.  Text in out points into the column's own bytes.  With
 * idx it is the kernel's column gather (ss_api.vector_gather) over the column. */
int ops_column_gather(ss_ctx *ctx, const ops_column *c, const uint32_t *idx, uint32_t first,
                      uint32_t n, ss_vector *out);

/* The column read as a vector (it has a vector's layout), valid while the column is unchanged. */
static inline ss_vector ops_column_view(const ops_column *c)
{
    return (ss_vector){.type = c->type, .capacity = c->count, .data = c->data, .validity = c->validity};
}

/* Bytes the column holds (values, validity, text blocks): its share of a work_mem budget. */
static inline size_t ops_column_bytes(const ops_column *c)
{
    size_t n = (size_t)c->capacity * c->width + c->text.allocated;
    if (c->validity)
        n += ((size_t)c->capacity + 63) / 64 * sizeof(uint64_t);
    return n;
}

static inline bool ops_column_is_null(const ops_column *c, uint32_t i)
{
    return c->validity && !((c->validity[i >> 6] >> (i & 63)) & 1u);
}

/* Grouping equality (NULL equals NULL) of value i and v's value at row; same layouts. */
static inline bool ops_column_equals_vector(const ops_column *c, uint32_t i,
                                            const ss_vector *v, uint32_t row)
{
    bool cn = ops_column_is_null(c, i), vn = ss_vector_is_null(v, row);
    if (cn || vn)
        return cn && vn;
    switch (c->layout) {
    case OPS_LAYOUT_BOOL: return ((const uint8_t *)c->data)[i] == ((const uint8_t *)v->data)[row];
    case OPS_LAYOUT_INT2: return ((const int16_t *)c->data)[i] == ((const int16_t *)v->data)[row];
    case OPS_LAYOUT_INT4: return ((const int32_t *)c->data)[i] == ((const int32_t *)v->data)[row];
    case OPS_LAYOUT_INT8: return ((const int64_t *)c->data)[i] == ((const int64_t *)v->data)[row];
    case OPS_LAYOUT_FLOAT8:
        return ops_eq_float8(((const double *)c->data)[i], ((const double *)v->data)[row]);
    case OPS_LAYOUT_TEXT:
        return ops_eq_text(&((const ss_text *)c->data)[i], &((const ss_text *)v->data)[row]);
    case OPS_LAYOUT_CUSTOM:
        return c->info->equal(&((const ss_text *)c->data)[i], &((const ss_text *)v->data)[row]);
    case OPS_LAYOUT_NONE: break;
    }
    return false;
}

/* Ordering of two non-NULL values of the column (-1, 0, 1). */
static inline int ops_column_compare(const ops_column *c, uint32_t a, uint32_t b)
{
    switch (c->layout) {
    case OPS_LAYOUT_BOOL:
        return ops_cmp_int64(((const uint8_t *)c->data)[a], ((const uint8_t *)c->data)[b]);
    case OPS_LAYOUT_INT2:
        return ops_cmp_int64(((const int16_t *)c->data)[a], ((const int16_t *)c->data)[b]);
    case OPS_LAYOUT_INT4:
        return ops_cmp_int64(((const int32_t *)c->data)[a], ((const int32_t *)c->data)[b]);
    case OPS_LAYOUT_INT8:
        return ops_cmp_int64(((const int64_t *)c->data)[a], ((const int64_t *)c->data)[b]);
    case OPS_LAYOUT_FLOAT8:
        return ops_cmp_float8(((const double *)c->data)[a], ((const double *)c->data)[b]);
    case OPS_LAYOUT_TEXT:
        return ops_cmp_text(&((const ss_text *)c->data)[a], &((const ss_text *)c->data)[b]);
    case OPS_LAYOUT_CUSTOM:
        return c->info->compare(&((const ss_text *)c->data)[a], &((const ss_text *)c->data)[b]);
    case OPS_LAYOUT_NONE: break;
    }
    return 0;
}

#endif
