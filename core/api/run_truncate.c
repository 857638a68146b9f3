/* run_truncate.c — TRUNCATE [TABLE] names [RESTART IDENTITY] [CASCADE] on tables whose
 * backend keeps row versions with delete (storage.h version 4): a delete of every version
 * the statement's snapshot sees, through the row locks of run_modify.c, so it is
 * transactional (a rolled-back TRUNCATE leaves every row) and never blocks readers.  The
 * space of the deleted versions is not given back (no VACUUM yet).  RESTART IDENTITY
 * restarts the sequences of the tables' SERIAL and identity columns, which (sequences being
 * outside transactions here) is refused inside a transaction block.  A table referenced by
 * a foreign key of a table outside the list is PostgreSQL's 0A000; CASCADE adds every table
 * referencing a listed one, transitively (each with PostgreSQL's NOTICE "truncate cascades to
 * table ..." and its ACCESS EXCLUSIVE lock), as ExecuteTruncate does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/run_modify.h"
#include "catalog/catalog_txn.h"
#include "catalog/constraints.h"
#include "catalog/namespace.h"
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

/* A table referencing one of tables[0..n) by a foreign key and not among them (NULL: none). */
static ss_table *unlisted_referencing(const ss_catalog *c, ss_table *const *tables, uint32_t n)
{
    ss_table *found = NULL;
    for (uint32_t i = 0; i < n && !found; i++) {
        uint32_t nref;
        ss_fkey **fks = ss_fkey_referencing(c, tables[i], false, &nref);
        for (uint32_t f = 0; f < nref && !found; f++) {
            bool listed = false;
            for (uint32_t j = 0; j < n && !listed; j++)
                listed = tables[j] == fks[f]->table;
            if (!listed)
                found = fks[f]->table;
        }
        free(fks);
    }
    return found;
}

/* CASCADE: every table referencing one of (*tables)[0..*n), transitively, appended and
   locked; *tables grows in st's arena. */
static int add_referencing(sunstone_stmt *st, ss_table ***tables, uint32_t *n)
{
    ss_table *r;
    while ((r = unlisted_referencing(st->ctx.catalog, *tables, *n))) {
        char ref[2 * SS_NS_REF_MAX];
        snprintf(ref, sizeof ref, "%s.%s", r->ns ? ss_ns_name(r->ns) : "public", r->name);
        ss_ctx_message(&st->ctx, SS_MSG_NOTICE, "truncate cascades to table \"%s\"", r->name);
        ss_table **grown = ss_arena_alloc(st->ctx.arena, sizeof *grown * (*n + 1));
        if (!grown)
            return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memcpy(grown, *tables, sizeof *grown * *n);
        ss_table *locked = NULL;
        if (ss_catalog_lock_table(&st->ctx, st->ctx.catalog, ref, &locked))
            return SS_ERROR;
        if (!locked)
            return ss_ctx_error(&st->ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", ref);
        grown[(*n)++] = locked;
        *tables = grown;
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
    uint32_t n = bs->ndrop;
    if (bs->cascade && add_referencing(st, &tables, &n) != SS_OK)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++)
        if (ss_defer_check_table_free(&st->ctx, tables[i], "TRUNCATE") != SS_OK)
            return SS_ERROR;
    if (ss_fkey_check_truncate(&st->ctx, st->ctx.catalog, tables, n) != SS_OK)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++)
        if (ss_modify_delete_all(st, tables[i]) != SS_OK)
            return SS_ERROR;
    if (st->ast->restart_identity)
        for (uint32_t i = 0; i < n; i++)
            if (restart_identity(&st->ctx, tables[i]) != SS_OK)
                return SS_ERROR;
    return SS_OK;
}
