/* vector.h — kernel implementation of ss_vector / ss_batch allocation (ss_api vector_* and
 * batch_*), also used directly by kernel code. */
#ifndef SS_EXEC_VECTOR_H
#define SS_EXEC_VECTOR_H

#include "exec/context.h"

ss_vector *ss_vector_create(ss_type type, uint32_t capacity);
void ss_vector_destroy(ss_vector *v);
void ss_vector_reset(ss_vector *v);
int ss_vector_ensure_validity(ss_ctx *ctx, ss_vector *v);
char *ss_vector_text_alloc(ss_ctx *ctx, ss_vector *v, size_t len);
/* Copies s into the vector's heap and stores it at row. */
int ss_vector_set_text(ss_ctx *ctx, ss_vector *v, uint32_t row, const char *s, size_t len);
/* Writes one row from an ss_value (text is copied); reading is ss_vector_get_value (batch.h). */
int ss_vector_set_value(ss_ctx *ctx, ss_vector *v, uint32_t row, const ss_value *val);
/* Column gather (ss_api.vector_gather): src's values at rows[0..n) (NULL: 0..n-1) to rows
 * 0..n-1 of dst, reset first; text keeps pointing where src's does. */
int ss_vector_gather(ss_ctx *ctx, const ss_vector *src, const uint32_t *rows, uint32_t n, ss_vector *dst);

ss_batch *ss_batch_create(uint32_t ncols, const ss_type *types, uint32_t capacity);
void ss_batch_destroy(ss_batch *b);
void ss_batch_reset(ss_batch *b);
/* (M) Appends physical row `row` of src (every column, text copied) as dst's next row; dst
 * has src's column types and room for it. */
int ss_batch_append_row(ss_ctx *ctx, ss_batch *dst, const ss_batch *src, uint32_t row);

#endif
