/* run_returning.h — the rows of INSERT / UPDATE / DELETE ... RETURNING (run_returning.c)
 * and the row store that keeps them. */
#ifndef SS_API_RUN_RETURNING_H
#define SS_API_RUN_RETURNING_H

#include "api/statement.h"

/* Rows of fixed types, copied in (values owned by the store). */
typedef struct ss_row_store ss_row_store;
ss_row_store *ss_row_store_new(uint32_t ncols, const ss_type *types);
int ss_row_store_add(ss_ctx *ctx, ss_row_store *s, const ss_batch *b);
void ss_row_store_free(ss_row_store *s);
/* Empties s (its batches freed). */
void ss_row_store_clear(ss_row_store *s);
/* wt reads s's rows (a worktable of the RETURNING / ON CONFLICT queries). */
void ss_row_store_worktable(ss_row_store *s, ss_worktable *wt);
/* fn over each of s's batches, stopping at the first error. */
int ss_row_store_each(ss_ctx *ctx, ss_row_store *s, ss_table *t, int (*fn)(ss_ctx *, ss_table *, const ss_batch *));
/* The same with any argument (EPQ: a locking cursor's rows into the cursor). */
int ss_row_store_each_arg(ss_ctx *ctx, ss_row_store *s, void *arg, int (*fn)(ss_ctx *, void *, const ss_batch *));

/* Before a DML statement runs: the store of its RETURNING rows (none without RETURNING). */
int ss_returning_begin(sunstone_stmt *st);
/* UPDATE / DELETE: rows (the RETURNING columns of the rows changed) kept for the client. */
int ss_returning_add_rows(sunstone_stmt *st, const ss_batch *rows);
/* INSERT: runs the RETURNING query over the rows written (batches of the table's columns). */
int ss_returning_run_insert(sunstone_stmt *st, ss_batch *const *batches, uint32_t nbatches);
/* The same over the rows of a row store (INSERT ... ON CONFLICT: inserted and updated). */
int ss_returning_run_store(sunstone_stmt *st, ss_row_store *written);
/* sunstone_step's next row of a statement with RETURNING: SUNSTONE_ROW / SUNSTONE_DONE. */
int ss_returning_next_row(sunstone_stmt *st);

#endif
