/* index_exprs.c — the keys of expression indexes and the rows of partial indexes: from a
 * batch of table rows (every column, in table order) the key columns an index enters (its
 * expressions evaluated, plain columns as they are) for the rows its predicate accepts, as
 * PostgreSQL's FormIndexDatum and ExecQual over the index predicate do, and which columns
 * an index reads.  The trees read the columns the table had when the index was made, mapped
 * to the columns of now after ix->cols' keys (so ALTER TABLE moves and restores them). */
#include <stdlib.h>
#include <string.h>

#include "exec/expr_walk.h"
#include "exec/vector.h"
#include "index/index.h"
#include "util/arena.h"

bool ss_index_is_plain(const ss_index *ix)
{
    if (ix->pred)
        return false;
    for (uint32_t k = 0; ix->exprs && k < ix->nkeys; k++)
        if (ix->exprs[k])
            return false;
    return true;
}

uint32_t ss_index_cols_len(const ss_index *ix)
{
    return ix->nkeys + (ix->exprs ? ix->expr_ncols : 0);
}

typedef struct reads_col {
    const uint32_t *map;
    uint32_t ncols, col;
    bool found;
} reads_col;

static int note_col(const ss_expr *e, void *arg)
{
    reads_col *r = arg;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == 0 && e->u.column.index < r->ncols &&
        r->map[e->u.column.index] == r->col) {
        r->found = true;
        return SS_WALK_STOP;
    }
    return SS_WALK_CONTINUE;
}

static bool expr_reads(const ss_index *ix, const ss_expr *e, uint32_t col)
{
    reads_col r = {ix->cols + ix->nkeys, ix->expr_ncols, col, false};
    if (e)
        ss_expr_walk_const(e, note_col, &r, NULL);
    return r.found;
}

bool ss_index_exprs_read(const ss_index *ix, uint32_t col)
{
    for (uint32_t k = 0; ix->exprs && k < ix->nkeys; k++)
        if (expr_reads(ix, ix->exprs[k], col))
            return true;
    return ix->exprs && expr_reads(ix, ix->pred, col);
}

bool ss_index_reads_column(const ss_index *ix, uint32_t col, bool keys_only)
{
    for (uint32_t k = 0; k < ix->nkeys; k++)
        if (ix->cols[k] == col || (ix->exprs && expr_reads(ix, ix->exprs[k], col)))
            return true;
    return !keys_only && ix->exprs && expr_reads(ix, ix->pred, col);
}

void ss_index_keys_free(ss_index_keys *k)
{
    for (uint32_t i = 0; k->owned && i < k->nkeys; i++)
        if (k->owned[i])
            ss_vector_destroy(k->owned[i]);
    free(k->owned);
    free(k->view);
    free(k->cols);
    free(k->sel);
    free(k->ids);
    memset(k, 0, sizeof *k);
}

int ss_index_keys_of_rows(ss_ctx *ctx, const ss_index *ix, const ss_batch *rows, const ss_rowid *rowids,
                          ss_index_keys *out)
{
    memset(out, 0, sizeof *out);
    out->nkeys = ix->nkeys;
    out->cols = calloc(ix->nkeys ? ix->nkeys : 1, sizeof *out->cols);
    out->owned = calloc(ix->nkeys ? ix->nkeys : 1, sizeof *out->owned);
    /* the trees read the table's columns as they were when the index was made */
    uint32_t nc = ix->exprs ? ix->expr_ncols : 0;
    const uint32_t *map = ix->cols + ix->nkeys;
    out->view = malloc(sizeof *out->view * (nc ? nc : 1));
    if (!out->cols || !out->owned || !out->view)
        goto oom;
    for (uint32_t i = 0; i < nc; i++)
        out->view[i] = map[i] < rows->ncols ? rows->cols[map[i]] : NULL;
    ss_batch live = {nc, rows->count, rows->sel, rows->sel_count, out->view};
    out->rowids = rowids;
    if (ix->pred) {
        /* the rows the predicate accepts (their row ids kept in step) */
        uint32_t n = ss_batch_rows(rows);
        out->sel = malloc(sizeof *out->sel * (rows->count ? rows->count : 1));
        out->ids = malloc(sizeof *out->ids * (n ? n : 1));
        if (!out->sel || !out->ids)
            goto oom;
        if (n && ss_expr_select(ctx, ix->pred, &live, out->sel) != SS_OK) {
            ss_index_keys_free(out);
            return SS_ERROR;
        }
        uint32_t m = ss_batch_rows(&live), j = 0;
        for (uint32_t k = 0; k < n && j < m; k++)
            if (ss_batch_row(rows, k) == ss_batch_row(&live, j))
                out->ids[j++] = rowids ? rowids[k] : 0;
        out->rowids = out->ids;
    }
    for (uint32_t k = 0; k < ix->nkeys; k++) {
        const ss_expr *e = ix->exprs ? ix->exprs[k] : NULL;
        if (!e) {
            out->cols[k] = rows->cols[ix->cols[k]];
            continue;
        }
        if (!(out->owned[k] = ss_vector_create(ix->types[k], rows->count ? rows->count : 1)))
            goto oom;
        out->cols[k] = out->owned[k];
        if (ss_batch_rows(&live) && ss_expr_eval(ctx, e, &live, out->owned[k]) != SS_OK) {
            ss_index_keys_free(out);
            return SS_ERROR;
        }
    }
    out->batch = (ss_batch){ix->nkeys, rows->count, live.sel, live.sel_count, out->cols};
    return SS_OK;
oom:
    ss_index_keys_free(out);
    return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

int ss_index_row_key(ss_ctx *ctx, const ss_index *ix, const ss_batch *rows, uint32_t row, ss_value *key,
                     bool *indexed)
{
    uint32_t one = row;
    ss_batch single = {rows->ncols, rows->count, &one, 1, rows->cols};
    ss_index_keys keys;
    if (ss_index_keys_of_rows(ctx, ix, &single, NULL, &keys) != SS_OK)
        return SS_ERROR;
    *indexed = ss_batch_rows(&keys.batch) == 1;
    int rc = SS_OK;
    for (uint32_t k = 0; *indexed && k < ix->nkeys; k++) {
        ss_vector_get_value(keys.cols[k], row, &key[k]);
        if (!key[k].is_null && ss_type_is_varlen(ix->types[k].id) && keys.owned[k]) {
            /* the value outlives the vector: copied to the execution arena */
            char *copy = ss_ctx_alloc(ctx, key[k].v.s.len ? key[k].v.s.len : 1);
            if (!copy) {
                rc = SS_ERROR;
                break;
            }
            memcpy(copy, key[k].v.s.ptr, key[k].v.s.len);
            key[k].v.s.ptr = copy;
        }
    }
    ss_index_keys_free(&keys);
    return rc;
}
