/* alter_rewrite.c — the table rewrite of ALTER TABLE (alter_internal.h): a new storage table
 * with the new columns, filled with every row version the altering transaction sees, each
 * new column copied from an old one or computed by an expression over the old row; the
 * table's indexes get new module indexes filled as the rows are written.  The old handles
 * stay with the saved state (alter_state.h): COMMIT drops them, ROLLBACK the new ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/alter_internal.h"
#include "exec/vector.h"
#include "index/index_stored.h"
#include "txn/txn_session.h"

/* Every committed version, and the transaction's own (the current command's too): the
 * committed-everything snapshot with the transaction as its reader, its xmin lowered to the
 * transaction's xid so that the own versions go through the reader's rule. */
void ss_alter_snapshot(ss_ctx *ctx, ss_snapshot *out)
{
    *out = *ss_index_snapshot(ctx);
    if (ctx->txn && ctx->txn->top != SS_XID_INVALID) {
        out->self = ctx->txn->top;
        out->xmin = ctx->txn->top;
    }
}

/* New empty module indexes for every index of t (keys as t's columns are now). */
static int new_index_handles(ss_ctx *ctx, alter_saved *s, ss_table *t)
{
    ss_table_indexes *l = t->indexes;
    for (uint32_t i = 0; l && i < l->n; i++) {
        ss_index *ix = l->list[i];
        for (uint32_t k = 0; k < ix->nkeys; k++)
            if (ix->cols[k] != SS_INDEX_EXPR_KEY) /* an expression keeps its type */
                ix->types[k] = t->types[ix->cols[k]];
        ss_index_def def = {ix->name, ix->nkeys, 0, ix->types, ix->flags};
        void *h;
        bool opened;
        if (ss_index_module_new(ctx, ctx->catalog, ix, &def, false, &h, &opened) != SS_OK)
            return SS_ERROR;
        if (ix->vt->build_finish(ctx, h) != SS_OK) {
            ix->vt->destroy(h);
            return SS_ERROR;
        }
        alter_index_saved *e = ss_alter_saved_index(s, ix);
        if (!e || e->handle != ix->handle)
            ix->vt->destroy(ix->handle); /* made by this statement: replaced again */
        ix->handle = h;
    }
    return SS_OK;
}

/* A duplicate met while the rows are written again is reported as PostgreSQL's index build
 * reports it: "could not create unique index" with DETAIL "Key ... is duplicated." */
static void unique_as_build(ss_ctx *ctx)
{
    ss_error *e = ctx->err;
    if (!e || strcmp(e->sqlstate, "23505") != 0 || !e->message || !e->detail)
        return;
    const char *q = strchr(e->message, '"');
    const char *end = q ? strrchr(e->message, '"') : NULL;
    const char *tail = strstr(e->detail, " already exists.");
    if (!q || end == q || !tail)
        return;
    char name[256], key[512];
    snprintf(name, sizeof name, "%.*s", (int)(end - q - 1), q + 1);
    snprintf(key, sizeof key, "%.*s", (int)(tail - e->detail), e->detail);
    ss_error_clear(e);
    ss_ctx_error(ctx, "23505", "could not create unique index \"%s\"", name);
    ss_ctx_error_detail(ctx, "%s is duplicated.", key);
}

int ss_alter_rewrite(ss_ctx *ctx, alter_saved *s, ss_table *t, uint32_t old_ncols, const ss_type *old_types,
                     const int *from, ss_expr *const *exprs)
{
    const ss_storage_vtable *sv = t->storage;
    if (!SS_STORAGE_HAS(sv, fetch_versions) || !sv->insert_versions || !sv->scan_begin_snapshot)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: rewriting tables of storage backend \"%s\", which has no row "
                            "versions (vtable version 3)",
                            sv->name);
    void *old = t->handle, *h;
    ss_table_def def = {t->name, t->ncols, 0, t->cols};
    if (sv->table_create(ctx, t->backend, &def, &h) != SS_OK)
        return SS_ERROR;
    t->handle = h; /* from here on the undo (or the code below) drops it on failure */
    t->storage_xid = ss_txn_state_storage_xid(ctx->txn); /* older versions are not in it */
    if (new_index_handles(ctx, s, t))
        return SS_ERROR;
    uint32_t *all = malloc(sizeof *all * (old_ncols ? old_ncols : 1));
    ss_vector **made = calloc(t->ncols ? t->ncols : 1, sizeof *made);
    ss_vector **cols = calloc(t->ncols ? t->ncols : 1, sizeof *cols);
    ss_batch *in = ss_batch_create(old_ncols, old_types, SS_BATCH_CAPACITY);
    int rc = all && made && cols && in ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t j = 0; rc == SS_OK && j < t->ncols; j++)
        if (from[j] < 0 && !(made[j] = ss_vector_create(t->types[j], SS_BATCH_CAPACITY)))
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; all && i < old_ncols; i++)
        all[i] = i;
    void *scan = NULL;
    ss_snapshot snap;
    ss_alter_snapshot(ctx, &snap);
    ss_scan_spec spec = {old_ncols, 0, all};
    if (rc == SS_OK)
        rc = sv->scan_begin_snapshot(ctx, old, &spec, &snap, false, &scan);
    while (rc == SS_OK) {
        ss_batch_reset(in);
        if ((rc = sv->scan_next_batch(ctx, scan, in)) != SS_OK || in->count == 0)
            break;
        for (uint32_t j = 0; rc == SS_OK && j < t->ncols; j++) {
            if (from[j] >= 0) {
                cols[j] = in->cols[from[j]];
                continue;
            }
            ss_vector_reset(made[j]);
            cols[j] = made[j];
            rc = ss_expr_eval(ctx, exprs[j], in, made[j]);
        }
        ss_batch out = {t->ncols, in->count, in->sel, in->sel_count, cols};
        for (uint32_t j = 0; rc == SS_OK && j < t->ncols; j++) {
            if (!t->cols[j].not_null)
                continue;
            for (uint32_t k = 0; k < ss_batch_rows(&out); k++)
                if (ss_vector_is_null(cols[j], ss_batch_row(&out, k))) {
                    rc = ss_ctx_error(ctx, SS_SQLSTATE_NOT_NULL_VIOLATION,
                                      "column \"%s\" of relation \"%s\" contains null values", t->cols[j].name,
                                      t->name);
                    break;
                }
        }
        if (rc == SS_OK && ss_batch_rows(&out) > 0 && (rc = ss_index_write_rows(ctx, t, &out)) != SS_OK)
            unique_as_build(ctx);
    }
    if (scan)
        sv->scan_end(scan);
    ss_index_stmt_forget(t);
    for (uint32_t j = 0; made && j < t->ncols; j++)
        if (made[j])
            ss_vector_destroy(made[j]);
    free(made);
    free(cols);
    free(all);
    if (in)
        ss_batch_destroy(in);
    if (old != s->handle) { /* made by this statement: replaced again, or kept on failure */
        sv->table_drop(ctx, t->backend, rc == SS_OK ? old : h);
        if (rc != SS_OK)
            t->handle = old;
    }
    return rc;
}
