/* engine_sunstone.c — the peer benchmark's adapter for Sunstone, through its public C API
 * (sunstone.h) only: in-memory database, queries consumed as text, prepared INSERTs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "peer_engine.h"
#include "sunstone.h"

static void report(sunstone *db, const char *what, const char *sql)
{
    fprintf(stderr, "sunstone: %s failed: %s (SQLSTATE %s)\n  in: %s\n", what, sunstone_errmsg(db),
            sunstone_sqlstate(db), sql);
}

static void *ss_open(void)
{
    sunstone *db = NULL;
    if (sunstone_open(NULL, &db) != SUNSTONE_OK) {
        fprintf(stderr, "sunstone: open failed: %s\n", db ? sunstone_errmsg(db) : "?");
        if (db)
            sunstone_close(db);
        return NULL;
    }
    return db;
}

static void ss_close(void *db)
{
    sunstone_close(db);
}

static const char *ss_version(void)
{
    return sunstone_version();
}

static int ss_exec(void *db, const char *sql)
{
    if (sunstone_exec(db, sql, NULL, NULL) != SUNSTONE_OK) {
        report(db, "exec", sql);
        return -1;
    }
    return 0;
}

static int ss_query(void *vdb, const char *sql, peer_consumed *out, result_set *capture)
{
    sunstone *db = vdb;
    sunstone_stmt *st = NULL;
    out->rows = 0;
    out->text_bytes = 0;
    if (sunstone_prepare(db, sql, -1, &st, NULL) != SUNSTONE_OK || st == NULL) {
        report(db, "prepare", sql);
        return -1;
    }
    int ncols = sunstone_column_count(st);
    if (capture)
        result_set_begin(capture, ncols);
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        for (int c = 0; c < ncols; c++) {
            const char *text = sunstone_column_text(st, c);
            if (text)
                out->text_bytes += strlen(text);
            if (capture)
                result_set_add(capture, text);
        }
        out->rows++;
    }
    if (rc != SUNSTONE_DONE) {
        report(db, "step", sql);
        sunstone_finalize(st);
        return -1;
    }
    sunstone_finalize(st);
    return 0;
}

typedef struct ss_insert {
    sunstone *db;
    sunstone_stmt *st;
} ss_insert;

static void *ss_insert_prepare(void *db, const char *sql)
{
    ss_insert *ins = malloc(sizeof *ins);
    if (ins == NULL)
        bench_die("out of memory");
    ins->db = db;
    if (sunstone_prepare(db, sql, -1, &ins->st, NULL) != SUNSTONE_OK || ins->st == NULL) {
        report(db, "prepare", sql);
        free(ins);
        return NULL;
    }
    return ins;
}

static int ss_insert_row(void *vstmt, const peer_value *values, int n)
{
    ss_insert *ins = vstmt;
    for (int i = 0; i < n; i++) {
        int rc = values[i].kind == PEER_INT     ? sunstone_bind_int64(ins->st, i + 1, values[i].i)
                 : values[i].kind == PEER_FLOAT ? sunstone_bind_double(ins->st, i + 1, values[i].f)
                                                : sunstone_bind_text(ins->st, i + 1, values[i].s, -1);
        if (rc != SUNSTONE_OK) {
            report(ins->db, "bind", sunstone_sql(ins->st));
            return -1;
        }
    }
    if (sunstone_step(ins->st) != SUNSTONE_DONE) {
        report(ins->db, "step", sunstone_sql(ins->st));
        return -1;
    }
    sunstone_reset(ins->st);
    return 0;
}

static void ss_insert_finish(void *vstmt)
{
    ss_insert *ins = vstmt;
    sunstone_finalize(ins->st);
    free(ins);
}

static void *ss_query_prepare(void *db, const char *sql)
{
    return ss_insert_prepare(db, sql); /* the same pair: database and statement */
}

static int ss_query_run(void *vstmt, peer_consumed *out)
{
    ss_insert *q = vstmt;
    out->rows = 0;
    out->text_bytes = 0;
    int ncols = sunstone_column_count(q->st);
    int rc;
    while ((rc = sunstone_step(q->st)) == SUNSTONE_ROW) {
        for (int c = 0; c < ncols; c++) {
            const char *text = sunstone_column_text(q->st, c);
            if (text)
                out->text_bytes += strlen(text);
        }
        out->rows++;
    }
    if (rc != SUNSTONE_DONE) {
        report(q->db, "step", sunstone_sql(q->st));
        return -1;
    }
    sunstone_reset(q->st);
    return 0;
}

const peer_engine peer_engine_sunstone = {
    .name = "sunstone",
    .has_transactions = true,
    .has_primary_keys = true,
    .open = ss_open,
    .close = ss_close,
    .version = ss_version,
    .exec = ss_exec,
    .query = ss_query,
    .insert_prepare = ss_insert_prepare,
    .insert_row = ss_insert_row,
    .insert_finish = ss_insert_finish,
    .query_prepare = ss_query_prepare,
    .query_run = ss_query_run,
    .query_finish = ss_insert_finish,
};
