/* row_store.h — rows kept in order as one column buffer per column, appended a batch at a
 * time and read back a range at a time: the materialised WITH query of the CTE scans and the
 * worktable of the recursive union. */
#ifndef OPS_ROW_STORE_H
#define OPS_ROW_STORE_H

#include "sunstone/plugin.h"

#include "common/column_buffer.h"

typedef struct ops_row_store {
    const ss_api *api;
    uint32_t ncols;
    ss_type *types;
    ops_column *cols;   /* ncols buffers */
    uint32_t count;     /* rows kept */
    const char *who;    /* the operator, for messages */
} ops_row_store;

/* An empty store of these column types; on failure the error is recorded and the store can
 * still be released. */
int ops_row_store_init(ss_ctx *ctx, const ss_api *api, ops_row_store *rs, uint32_t ncols, const ss_type *types,
                       const char *who);
/* Forgets every row; the store stays usable. */
int ops_row_store_clear(ss_ctx *ctx, ops_row_store *rs);
/* Frees everything; tolerates a zeroed struct. */
void ops_row_store_release(ops_row_store *rs);
/* Appends the rows rows[0..n) (positions in b; NULL: 0..n-1) of b, copying text. */
int ops_row_store_append(ss_ctx *ctx, ops_row_store *rs, const ss_batch *b, const uint32_t *rows, uint32_t n);
/* Appends b's live rows. */
int ops_row_store_append_live(ss_ctx *ctx, ops_row_store *rs, const ss_batch *b);
/* Writes rows first .. first + n - 1 (n <= out's capacity) into out's own vectors, which are
 * reset first (ss_api.batch_reset): out->count = n, no selection; text points into the store. */
int ops_row_store_read(ss_ctx *ctx, const ops_row_store *rs, uint32_t first, uint32_t n, ss_batch *out);
/* Exchanges the rows of two stores of the same columns. */
void ops_row_store_swap(ops_row_store *a, ops_row_store *b);

#endif
