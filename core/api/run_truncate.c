/* run_truncate.c — TRUNCATE [TABLE] names [RESTART IDENTITY] [CASCADE] on tables whose
 * backend keeps row versions with delete (storage.h version 4): a delete of every version
 * the statement's snapshot sees, through the row locks of run_modify.c, so it is
 * transactional (a rolled-back TRUNCATE leaves every row) and never blocks readers.  The
 * space of the deleted versions is not given back (no VACUUM yet).  RESTART IDENTITY
 * restarts the sequences of the tables' SERIAL and identity columns, which (sequences being
 * outside transactions here) is refused inside a transaction block.  A table referenced by
 * a foreign key of a table outside the list is PostgreSQL's 0A000; with CASCADE (which
 * would truncate those too) Sunstone's 0A000. */
#include <stdio.h>

#include "api/run_modify.h"
#include "catalog/catalog_txn.h"
#include "catalog/constraints.h"
#include "catalog/sequences.h"
#include "exec/interrupt.h"
#include "defer/defer.h"
#include "fkey/fkey.h"
#include "util/arena.h"

/* The sequences of t's SERIAL / identity columns back to their start. */
static int restart_identity(ss_ctx *ctx, ss_table *t)
{
    if (!t->cons)
        return SS_OK;
    for (uint32_t c = 0; c < t->ncols; c++) {
        const char *name = t->cons->cols[c].seq;
        ss_sequence seq;
        if (!name || !ss_seq_snapshot(ctx->catalog->sequences, name, &seq))
            continue;
        if (ss_seq_setval(ctx, ctx->catalog->sequences, ctx->seq_session, name, seq.p.start, false) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_run_truncate(sunstone_stmt *st)
{
    ss_bound_stmt *bs = st->bound;
    snprintf(st->tag, sizeof st->tag, "TRUNCATE TABLE");
    if (st->ast->restart_identity && st->db->txn.in_block)
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: TRUNCATE ... RESTART IDENTITY inside a transaction block");
    ss_table **tables = ss_arena_alloc(st->ctx.arena, sizeof(ss_table *) * (bs->ndrop ? bs->ndrop : 1));
    if (!tables)
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    /* (LK) each table's ACCESS EXCLUSIVE lock, as PostgreSQL's TRUNCATE takes */
    for (uint32_t i = 0; i < bs->ndrop; i++)
        if (ss_catalog_lock_table(&st->ctx, st->ctx.catalog, bs->drop_names[i], &tables[i]))
            return SS_ERROR;
        else if (!tables[i])
            return ss_ctx_error(&st->ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist",
                                bs->drop_names[i]);
    for (uint32_t i = 0; i < bs->ndrop; i++)
        if (ss_defer_check_table_free(&st->ctx, tables[i], "TRUNCATE") != SS_OK)
            return SS_ERROR;
    if (ss_fkey_check_truncate(&st->ctx, st->ctx.catalog, tables, bs->ndrop) != SS_OK) {
        if (!bs->cascade)
            return SS_ERROR;
        ss_error_clear(st->ctx.err);
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: TRUNCATE ... CASCADE of referencing tables");
    }
    for (uint32_t i = 0; i < bs->ndrop; i++)
        if (ss_modify_delete_all(st, tables[i]) != SS_OK)
            return SS_ERROR;
    if (st->ast->restart_identity)
        for (uint32_t i = 0; i < bs->ndrop; i++) {
            ss_table *t = ss_catalog_find(st->ctx.catalog, bs->drop_names[i]);
            if (t && restart_identity(&st->ctx, t) != SS_OK)
                return SS_ERROR;
        }
    return SS_OK;
}
