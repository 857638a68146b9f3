/* check_database.c — the integrity check of a whole database (check.h): the stored catalog
 * image of each durable backend instance (framing, every statement parses), each backend's own
 * storage check (storage.h version 10), then every table the session sees (check_table.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "catalog/object_oids.h"
#include "api/durable.h"
#include "check/check.h"
#include "sql/ast.h"
#include "util/arena.h"

void ss_check_problem(ss_check_sink *k, const char *kind, const char *object, int64_t page, const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    k->stats->problems++;
    k->report(k->arg, kind, object ? object : "", page, text);
}

typedef struct image_check {
    ss_check_sink *k;
    uint64_t record;
} image_check;

/* One record of the image: a statement must parse (a sequence's state record and a table's
 * stored index ids are checked by their framing only). */
static int check_record(void *arg, ss_image_record kind, uint64_t id, const char *text, size_t n)
{
    (void)id;
    image_check *ic = arg;
    ic->record++;
    if (kind == SS_IMAGE_REC_SEQ || kind == SS_IMAGE_REC_IXID || ss_oid_image_is_record(text, n)) /* (oid8) */
        return SS_OK;
    char *sql = malloc(n + 1);
    ss_arena *arena = ss_arena_create();
    if (!sql || !arena) {
        free(sql);
        if (arena)
            ss_arena_destroy(arena);
        return SS_ERROR;
    }
    memcpy(sql, text, n);
    sql[n] = '\0';
    ast_stmt **stmts = NULL;
    uint32_t nstmts = 0;
    ast_parse_error err = {0};
    if (ss_parse(arena, sql, &stmts, &nstmts, &err) != 0 || nstmts != 1)
        ss_check_problem(ic->k, "catalog", "", -1, "statement %llu of the stored catalog image does not parse: %s",
                         (unsigned long long)ic->record, nstmts != 1 && !err.message[0] ? "not one statement" : err.message);
    ss_arena_destroy(arena);
    free(sql);
    return SS_OK;
}

static int check_image(ss_ctx *ctx, const ss_backend_instance *bi, ss_check_sink *k)
{
    const ss_storage_vtable *vt = bi->vt;
    if (!SS_STORAGE_HAS(vt, txn_abort) || !vt->catalog_load)
        return SS_OK;
    void *image = NULL;
    size_t len = 0;
    if (vt->catalog_load(ctx, bi->backend, &image, &len) != SS_OK) {
        ss_check_problem(k, "catalog", "", -1, "the stored catalog image cannot be read: %s",
                         ctx->err->message ? ctx->err->message : "(no message)");
        ss_error_clear(ctx->err);
        return SS_OK;
    }
    if (!image)
        return SS_OK;
    image_check ic = {k, 0};
    long format = 0;
    int rc = ss_durable_image_walk(image, len, &format, check_record, &ic);
    free(image);
    if (rc == SS_IMAGE_DAMAGED)
        ss_check_problem(k, "catalog", "", -1, "the stored catalog image is damaged after %llu records",
                         (unsigned long long)ic.record);
    else if (rc == SS_IMAGE_UNSUPPORTED)
        ss_check_problem(k, "catalog", "", -1, "the stored catalog image has format %ld, which this build cannot read",
                         format);
    else if (rc != SS_OK)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

typedef struct storage_sink {
    ss_check_sink *k;
    ss_catalog *c;
} storage_sink;

/* A backend's problem, named by the table whose handle it gives. */
static void storage_problem(void *arg, void *table, int64_t page, const char *problem)
{
    storage_sink *s = arg;
    char name[256] = "";
    pthread_mutex_lock(&s->c->mu);
    for (uint32_t i = 0; table && i < s->c->ntables; i++)
        if (s->c->tables[i]->handle == table)
            snprintf(name, sizeof name, "%s", s->c->tables[i]->name);
    pthread_mutex_unlock(&s->c->mu);
    ss_check_problem(s->k, table ? "table" : "storage", name, page, "%s", problem);
}

int ss_check_database(ss_ctx *ctx, ss_catalog *c, ss_check_report_fn report, void *arg, ss_check_stats *stats)
{
    ss_check_stats local = {0};
    if (!stats)
        stats = &local;
    memset(stats, 0, sizeof *stats);
    ss_check_sink k = {report, arg, stats};
    for (uint32_t i = 0; i < c->nbackends; i++)
        if (check_image(ctx, &c->backends[i], &k) != SS_OK)
            return SS_ERROR;
    /* the tables: no DDL changes the list while the statement runs (its locks) */
    pthread_mutex_lock(&c->mu);
    uint32_t n = c->ntables;
    ss_table **tables = malloc(sizeof *tables * (n ? n : 1));
    uint32_t m = 0;
    for (uint32_t i = 0; tables && i < n; i++)
        if (!c->tables[i]->system && c->tables[i]->storage && ss_ddl_visible(&c->tables[i]->ddl))
            tables[m++] = c->tables[i];
    pthread_mutex_unlock(&c->mu);
    if (!tables)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    storage_sink s = {&k, c};
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && i < c->nbackends; i++) {
        const ss_storage_vtable *vt = c->backends[i].vt;
        if (SS_STORAGE_HAS(vt, check) && vt->check)
            rc = vt->check(ctx, c->backends[i].backend, storage_problem, &s);
    }
    for (uint32_t i = 0; rc == SS_OK && i < m; i++)
        rc = ss_check_table(ctx, tables[i], &k);
    free(tables);
    return rc;
}
