/* run_vacuum.c — VACUUM [FULL] [VERBOSE] [ANALYZE] [tables], ANALYZE [VERBOSE] [tables [(columns)]]
 * and CHECKPOINT (storage.h version 7).
 *
 * ANALYZE computes each table's column statistics (core/stats, shown by pg_stats); unlike
 * VACUUM it runs inside a transaction block too, and a rollback puts the previous statistics
 * back.  A named view or system view is skipped with PostgreSQL's WARNING, an
 * unpopulated materialized view silently; a missing column is 42703, a repeated one 42701.
 *
 * VACUUM runs outside transaction blocks (25001, as PostgreSQL), alone on the database (the
 * exclusive database lock every statement that changes the database takes), on the named
 * tables (42P01 for a missing one) or on every table.  Each table's backend reclaims, under
 * the reclamation horizon (which the history retention holds back, so AS OF within the
 * retained history keeps reading), the versions no snapshot can see any more, and reports
 * them first so that their index entries are removed (index vtable remove).  A backend
 * without vacuum keeps its tables as they are, which VERBOSE says.  FULL reclaims what plain
 * VACUUM does (backends reclaim whatever they can either way) and reports in VACUUM FULL's
 * words.  A table one of whose indexes an open cursor is reading is skipped with a WARNING
 * (its index cannot change under the cursor).  There is no autovacuum.
 *
 * CHECKPOINT asks every backend instance of the database that has a checkpoint to make
 * everything committed durable in its main storage; it is accepted anywhere, as
 * PostgreSQL's (Sunstone's sessions always have the rights it needs). */
#include <stdio.h>
#include <string.h>

#include "api/durable.h"
#include "api/statement.h"
#include "catalog/namespace.h"
#include "index/index.h"
#include "catalog/matview.h"
#include "stats/table_stats.h"
#include "txn/txn_api.h"

/* The reclaimed versions' entries out of every index of the table (rows: all its columns). */
static int remove_index_entries(ss_ctx *ctx, void *arg, const ss_batch *rows, const ss_rowid *rowids)
{
    for (uint32_t k = 0; k < rows->count; k++)
        if (ss_index_remove_row(ctx, arg, rows, k, rowids[k]) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

static int no_index_entries(ss_ctx *ctx, void *arg, const ss_batch *rows, const ss_rowid *rowids)
{
    (void)ctx;
    (void)arg;
    (void)rows;
    (void)rowids;
    return SS_OK;
}

/* Whether an open index scan (a cursor's) reads one of t's indexes. */
static bool index_being_read(const ss_table *t)
{
    for (uint32_t i = 0; t->indexes && i < t->indexes->n; i++)
        if (atomic_load(&t->indexes->list[i]->active_scans) > 0)
            return true;
    return false;
}

static void report(sunstone_stmt *st, const ss_table *t, bool full, const ss_vacuum_stats *s, bool indexed)
{
    const char *ns = t->ns ? ss_ns_name(t->ns) : "public";
    if (full) {
        ss_ctx_message(&st->ctx, SS_MSG_INFO, "vacuuming \"%s.%s\"", ns, t->name);
        ss_ctx_message(&st->ctx, SS_MSG_INFO, "\"%s.%s\": found %llu removable, %llu nonremovable row versions", ns,
                       t->name, (unsigned long long)s->removed, (unsigned long long)s->remain);
        return;
    }
    ss_ctx_message(&st->ctx, SS_MSG_INFO, "vacuuming \"sunstone.%s.%s\"", ns, t->name);
    ss_ctx_message(&st->ctx, SS_MSG_INFO,
                   "finished vacuuming \"sunstone.%s.%s\": index scans: %d\n"
                   "tuples: %llu removed, %llu remain, %llu are dead but not yet removable",
                   ns, t->name, indexed && s->removed > 0 ? 1 : 0, (unsigned long long)s->removed,
                   (unsigned long long)s->remain, (unsigned long long)s->dead_kept);
}

static int vacuum_table(sunstone_stmt *st, ss_table *t)
{
    bool verbose = st->ast->vacuum_flags & AST_VACUUM_VERBOSE, full = st->ast->vacuum_flags & AST_VACUUM_FULL;
    if (t->system || !t->storage) {
        ss_ctx_message(&st->ctx, SS_MSG_WARNING, "skipping \"%s\" --- cannot vacuum non-tables or special system tables",
                       t->name);
        return SS_OK;
    }
    if (!SS_STORAGE_HAS(t->storage, vacuum) || !t->storage->vacuum) {
        if (verbose)
            ss_ctx_message(&st->ctx, SS_MSG_INFO, "skipping \"%s\" --- its storage backend \"%s\" cannot vacuum",
                           t->name, t->backend_name ? t->backend_name : t->storage->name);
        return SS_OK;
    }
    if (index_being_read(t)) {
        ss_ctx_message(&st->ctx, SS_MSG_WARNING, "skipping \"%s\" --- an open cursor is reading one of its indexes",
                       t->name);
        return SS_OK;
    }
    ss_snapshot horizon;
    if (ss_api_txn_horizon(&st->ctx, &horizon) != SS_OK || ss_durable_vacuum_begin(&st->ctx, st->db) != SS_OK)
        return SS_ERROR;
    bool indexed = ss_index_table_has(t);
    uint32_t all[t->ncols ? t->ncols : 1];
    for (uint32_t c = 0; c < t->ncols; c++)
        all[c] = c;
    ss_scan_spec spec = {indexed ? t->ncols : 0, 0, all};
    ss_vacuum_stats stats = {.struct_size = sizeof stats};
    if (indexed)
        ss_index_lock(t);
    int rc = t->storage->vacuum(&st->ctx, t->handle, &horizon, &spec, indexed ? remove_index_entries : no_index_entries,
                                t, &stats);
    if (indexed)
        ss_index_unlock(t);
    if (rc == SS_OK && verbose)
        report(st, t, full, &stats, indexed);
    return rc;
}

/* The columns of t that ANALYZE's list names (ncols 0: all) into cols; 42703 / 42701. */
static int analyze_columns(sunstone_stmt *st, const ss_table *t, const char *const *names, uint32_t n, uint32_t *cols)
{
    for (uint32_t i = 0; i < n; i++) {
        uint32_t c = 0;
        while (c < t->ncols && strcmp(t->cols[c].name, names[i]) != 0)
            c++;
        if (c == t->ncols)
            return ss_ctx_error(&st->ctx, "42703", "column \"%s\" of relation \"%s\" does not exist", names[i],
                                t->name);
        for (uint32_t k = 0; k < i; k++)
            if (cols[k] == c)
                return ss_ctx_error(&st->ctx, "42701", "column \"%s\" of relation \"%s\" appears more than once",
                                    names[i], t->name);
        cols[i] = c;
    }
    return SS_OK;
}

static int analyze_table(sunstone_stmt *st, ss_table *t, const char *const *names, uint32_t ncols, bool named)
{
    if (t->system || !t->storage) {
        if (named)
            ss_ctx_message(&st->ctx, SS_MSG_WARNING,
                           "skipping \"%s\" --- cannot analyze non-tables or special system tables", t->name);
        return SS_OK;
    }
    if (ss_is_matview(t) && !t->matview->populated)
        return SS_OK;
    uint32_t cols[ncols ? ncols : 1];
    if (analyze_columns(st, t, names, ncols, cols) != SS_OK)
        return SS_ERROR;
    bool verbose = st->ast->vacuum_flags & AST_VACUUM_VERBOSE;
    const char *ns = t->ns ? ss_ns_name(t->ns) : "public";
    if (verbose)
        ss_ctx_message(&st->ctx, SS_MSG_INFO, "analyzing \"%s.%s\"", ns, t->name);
    double live;
    if (ss_table_stats_analyze(&st->ctx, t, cols, ncols, &live) != SS_OK)
        return SS_ERROR;
    if (verbose)
        ss_ctx_message(&st->ctx, SS_MSG_INFO,
                       "\"%s\": scanned every row, containing %.0f live rows; %.0f rows in sample, %.0f estimated "
                       "total rows",
                       t->name, live, live < SS_STATS_SAMPLE_ROWS ? live : (double)SS_STATS_SAMPLE_ROWS, live);
    return SS_OK;
}

/* VACUUM and / or ANALYZE of one table, as the statement asks. */
static int process_table(sunstone_stmt *st, ss_table *t, uint32_t i, bool named)
{
    const ast_stmt *a = st->ast;
    if (!(a->vacuum_flags & AST_VACUUM_ONLY_ANALYZE) && vacuum_table(st, t) != SS_OK)
        return SS_ERROR;
    if (!(a->vacuum_flags & AST_VACUUM_ANALYZE))
        return SS_OK;
    return analyze_table(st, t, named && a->vacuum_cols ? a->vacuum_cols[i] : NULL,
                         named && a->vacuum_ncols ? a->vacuum_ncols[i] : 0, named);
}

int ss_run_vacuum(sunstone_stmt *st)
{
    const ast_stmt *a = st->ast;
    bool only_analyze = a->vacuum_flags & AST_VACUUM_ONLY_ANALYZE;
    snprintf(st->tag, sizeof st->tag, only_analyze ? "ANALYZE" : "VACUUM");
    if (st->db->txn.in_block && !only_analyze)
        return ss_ctx_error(&st->ctx, "25001", "VACUUM cannot run inside a transaction block");
    ss_catalog *c = st->ctx.catalog;
    if (a->ndrop > 0) {
        ss_table *tables[a->ndrop];
        for (uint32_t i = 0; i < a->ndrop; i++)
            if (!(tables[i] = ss_catalog_find(c, a->drop_names[i]))) {
                if ((a->vacuum_flags & AST_VACUUM_ANALYZE) && ss_catalog_find_view(c, a->drop_names[i])) {
                    tables[i] = NULL; /* a view: PostgreSQL's WARNING when its turn comes */
                    continue;
                }
                return ss_ctx_error(&st->ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist",
                                    a->drop_names[i]);
            }
        for (uint32_t i = 0; i < a->ndrop; i++) {
            if (!tables[i]) {
                if (!only_analyze)
                    ss_ctx_message(&st->ctx, SS_MSG_WARNING,
                                   "skipping \"%s\" --- cannot vacuum non-tables or special system tables",
                                   a->drop_names[i]);
                ss_ctx_message(&st->ctx, SS_MSG_WARNING,
                               "skipping \"%s\" --- cannot analyze non-tables or special system tables",
                               a->drop_names[i]);
                continue;
            }
            if (process_table(st, tables[i], i, true) != SS_OK)
                return SS_ERROR;
        }
        return SS_OK;
    }
    /* every table the session sees; no DDL runs meanwhile (the exclusive database lock) */
    pthread_mutex_lock(&c->mu);
    uint32_t n = c->ntables;
    ss_table **tables = ss_arena_alloc(st->ctx.arena, sizeof *tables * (n ? n : 1));
    uint32_t m = 0;
    for (uint32_t i = 0; tables && i < n; i++)
        if (!c->tables[i]->system && ss_ddl_visible(&c->tables[i]->ddl))
            tables[m++] = c->tables[i];
    pthread_mutex_unlock(&c->mu);
    if (!tables)
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < m; i++)
        if (process_table(st, tables[i], i, false) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

int ss_run_checkpoint(sunstone_stmt *st)
{
    snprintf(st->tag, sizeof st->tag, "CHECKPOINT");
    ss_catalog *c = st->ctx.catalog;
    for (uint32_t i = 0; i < c->nbackends; i++) {
        const ss_storage_vtable *vt = c->backends[i].vt;
        if (SS_STORAGE_HAS(vt, checkpoint) && vt->checkpoint &&
            vt->checkpoint(&st->ctx, c->backends[i].backend) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}
