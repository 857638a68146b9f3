/* alter_table.c — ALTER TABLE in the catalog, transactional (catalog_txn.h): the table's
 * exclusive lock for the rest of the transaction, then each subcommand with PostgreSQL's
 * checks and messages; SET NOT NULL first verifies that no row holds a NULL (23502) and
 * DROP NOT NULL refuses primary-key and identity columns (42P16). */
#include "catalog/alter_table.h"

#include <string.h>

#include "catalog/constraints.h"
#include "catalog/settings.h"
#include "exec/vector.h"
#include "index/index.h"
#include "txn/txn_session.h"

static int find_column(ss_ctx *ctx, const ss_table *t, const char *name, uint32_t *col)
{
    for (uint32_t i = 0; i < t->ncols; i++)
        if (strcmp(t->cols[i].name, name) == 0) {
            *col = i;
            return SS_OK;
        }
    return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" of relation \"%s\" does not exist", name,
                        t->name);
}

/* Every committed row and the transaction's own: the state an exclusive lock would see. */
static void check_snapshot(ss_ctx *ctx, ss_snapshot *out)
{
    *out = *ss_index_snapshot(ctx);
    if (ctx->txn && ctx->txn->top != SS_XID_INVALID)
        out->self = ctx->txn->top;
}

/* 23502 when a row of t holds NULL in column col. */
static int check_no_nulls(ss_ctx *ctx, ss_table *t, uint32_t col)
{
    if (!t->storage->scan_begin_snapshot)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: SET NOT NULL on tables of storage backend \"%s\"", t->backend_name);
    ss_snapshot snap;
    check_snapshot(ctx, &snap);
    ss_scan_spec spec = {1, 0, &col};
    void *scan;
    if (t->storage->scan_begin_snapshot(ctx, t->handle, &spec, &snap, false, &scan) != SS_OK)
        return SS_ERROR;
    ss_batch *b = ss_batch_create(1, &t->types[col], SS_BATCH_CAPACITY);
    int rc = b ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    bool null_found = false;
    while (rc == SS_OK && !null_found) {
        ss_batch_reset(b);
        if ((rc = t->storage->scan_next_batch(ctx, scan, b)) != SS_OK || b->count == 0)
            break;
        for (uint32_t k = 0; !null_found && k < ss_batch_rows(b); k++) {
            ss_value v;
            ss_vector_get_value(b->cols[0], ss_batch_row(b, k), &v);
            null_found = v.is_null;
        }
    }
    t->storage->scan_end(scan);
    if (b)
        ss_batch_destroy(b);
    if (rc == SS_OK && null_found)
        return ss_ctx_error(ctx, SS_SQLSTATE_NOT_NULL_VIOLATION, "column \"%s\" of relation \"%s\" contains null values",
                            t->cols[col].name, t->name);
    return rc;
}

static bool in_primary_key(const ss_table *t, uint32_t col)
{
    const ss_table_indexes *l = t->indexes;
    for (uint32_t i = 0; l && i < l->n; i++) {
        const ss_index *ix = l->list[i];
        if (!ix->primary || !ss_ddl_visible(&ix->ddl))
            continue;
        for (uint32_t k = 0; k < ix->nkeys; k++)
            if (ix->cols[k] == col)
                return true;
    }
    return false;
}

static int set_not_null(ss_ctx *ctx, ss_table *t, uint32_t col, bool on)
{
    if (t->cols[col].not_null == on)
        return SS_OK;
    if (on && check_no_nulls(ctx, t, col))
        return SS_ERROR;
    if (!on && in_primary_key(t, col))
        return ss_ctx_error(ctx, "42P16", "column \"%s\" is in a primary key", t->cols[col].name);
    if (!on && t->cons && t->cons->cols && t->cons->cols[col].identity)
        return ss_ctx_error(ctx, "42P16", "column \"%s\" of relation \"%s\" is an identity column",
                            t->cols[col].name, t->name);
    if (ss_ddl_log_not_null(ctx, t, col))
        return SS_ERROR;
    t->cols[col].not_null = on;
    return SS_OK;
}

int ss_catalog_alter_table(ss_ctx *ctx, ss_catalog *c, const ast_stmt *st)
{
    ss_table *t;
    if (ss_catalog_lock_table(ctx, c, st->table, &t))
        return SS_ERROR;
    if (!t) {
        if (ss_catalog_find_view(c, st->table))
            return ss_ctx_error(ctx, "42809", "\"%s\" is not a table", st->table);
        if (st->missing_ok) {
            ss_ctx_message(ctx, SS_MSG_NOTICE, "relation \"%s\" does not exist, skipping", st->table);
            return SS_OK;
        }
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", st->table);
    }
    if (t->system)
        return ss_ctx_error(ctx, "42809", "\"%s\" is not a table", st->table);
    for (uint32_t i = 0; i < st->nalter_cmds; i++) {
        const ast_alter_cmd *a = &st->alter_cmds[i];
        uint32_t col = 0;
        if (find_column(ctx, t, a->column, &col))
            return SS_ERROR;
        switch (a->kind) {
        case AST_ALTER_SET_NOT_NULL:
        case AST_ALTER_DROP_NOT_NULL:
            if (set_not_null(ctx, t, col, a->kind == AST_ALTER_SET_NOT_NULL))
                return SS_ERROR;
            break;
        }
    }
    c->version++;
    return SS_OK;
}
