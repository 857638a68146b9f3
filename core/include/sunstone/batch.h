/* sunstone/batch.h — the columnar batch that operator instances exchange.
 *
 * A batch is `count` physical rows stored as one typed vector per column, plus an optional
 * selection vector naming which of those rows are live.  Filters narrow the selection
 * instead of copying rows; expressions are evaluated only at selected positions and write
 * their results at the same physical positions, so a batch and the vectors computed from it
 * share one selection.
 *
 * Vector layout by type (see types.h):
 *   bool   -> uint8_t[]   (0 or 1)        int2 -> int16_t[]   int4 -> int32_t[]
 *   int8   -> int64_t[]                   float8 -> double[]
 *   text, varchar, unknown -> ss_text[]  (pointer + length; bytes owned as stated below)
 *   numeric -> ss_text[]  (its encoded bytes, owned like text's; see typeinfo.h)
 * Validity: `validity` is NULL when every row is valid; otherwise bit i of
 * validity[i / 64] is 1 when row i is NOT NULL.  Data at a null position is unspecified.
 *
 * Ownership: a vector and its bytes belong to whoever created it (ss_api.vector_create).
 * Strings in a text vector point either into the vector's own string heap
 * (ss_api.vector_text_alloc), which lives until the vector is reset or destroyed, or into
 * memory the producer guarantees for as long as the batch is valid (e.g. storage pages). */
#ifndef SUNSTONE_BATCH_H
#define SUNSTONE_BATCH_H

#include <string.h>

#include "sunstone/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rows per batch that bundled operators produce; consumers must accept any count up to
 * SS_BATCH_CAPACITY. */
#define SS_BATCH_CAPACITY 1024

typedef struct ss_vector {
    ss_type type;
    uint32_t capacity;   /* elements allocated in data */
    uint32_t flags;      /* reserved, zero */
    void *data;          /* typed array, see layout above */
    uint64_t *validity;  /* NULL = all valid; else (capacity + 63) / 64 words */
    void *heap;          /* kernel-owned string heap; opaque to modules */
} ss_vector;

typedef struct ss_batch {
    uint32_t ncols;
    uint32_t count;      /* physical rows in each vector */
    uint32_t *sel;       /* NULL = rows 0..count-1 are live; else sel[0..sel_count) */
    uint32_t sel_count;
    ss_vector **cols;    /* ncols pointers; vectors may be shared between batches */
} ss_batch;

/* Live rows in a batch. */
static inline uint32_t ss_batch_rows(const ss_batch *b)
{
    return b->sel ? b->sel_count : b->count;
}

/* Physical position of the k-th live row. */
static inline uint32_t ss_batch_row(const ss_batch *b, uint32_t k)
{
    return b->sel ? b->sel[k] : k;
}

static inline bool ss_vector_is_null(const ss_vector *v, uint32_t row)
{
    return v->validity && !((v->validity[row >> 6] >> (row & 63)) & 1u);
}

/* Marks row as NULL; the vector must have a validity bitmap (ss_api.vector_ensure_validity). */
static inline void ss_vector_set_null(ss_vector *v, uint32_t row)
{
    v->validity[row >> 6] &= ~(UINT64_C(1) << (row & 63));
}

static inline void ss_vector_set_valid(ss_vector *v, uint32_t row)
{
    if (v->validity)
        v->validity[row >> 6] |= UINT64_C(1) << (row & 63);
}

/* One value of a vector (the layout above): is_null set when it is NULL or the type id is
 * unknown; text points into the vector (valid as long as its bytes are).  Inline: the kernel
 * and modules share this one reader, cheap enough for row-at-a-time loops.  Writing one value
 * is ss_api.vector_set_value (it may allocate). */
static inline void ss_vector_get_value(const ss_vector *v, uint32_t row, ss_value *out)
{
    memset(out, 0, sizeof *out);
    if (ss_vector_is_null(v, row)) {
        out->is_null = true;
        return;
    }
    switch (ss_type_storage(v->type.id)) {
    case SS_TYPE_BOOL: out->v.b = ((const uint8_t *)v->data)[row] != 0; break;
    case SS_TYPE_INT2: out->v.i = ((const int16_t *)v->data)[row]; break;
    case SS_TYPE_INT4: out->v.i = ((const int32_t *)v->data)[row]; break;
    case SS_TYPE_INT8: out->v.i = ((const int64_t *)v->data)[row]; break;
    case SS_TYPE_FLOAT8: out->v.f = ((const double *)v->data)[row]; break;
    case SS_TYPE_TEXT: out->v.s = ((const ss_text *)v->data)[row]; break;
    default: out->is_null = true; break;
    }
}

#ifdef __cplusplus
}
#endif
#endif
