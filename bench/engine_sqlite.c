/* engine_sqlite.c — the peer benchmark's adapter for SQLite 3 (the in-process peer): an
 * in-memory database with SQLite's default settings, queries consumed as text, prepared
 * INSERTs.  Parameters are written $1..$n: SQLite numbers named parameters by first
 * appearance, so $k is parameter k when they appear in order. */
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

#include "peer_engine.h"

static void report(sqlite3 *db, const char *what, const char *sql)
{
    fprintf(stderr, "sqlite: %s failed: %s\n  in: %s\n", what, sqlite3_errmsg(db), sql);
}

static void *sl_open(void)
{
    sqlite3 *db = NULL;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
        fprintf(stderr, "sqlite: open failed: %s\n", db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return NULL;
    }
    return db;
}

static void sl_close(void *db)
{
    sqlite3_close(db);
}

static const char *sl_version(void)
{
    return sqlite3_libversion();
}

static int sl_exec(void *db, const char *sql)
{
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) {
        report(db, "exec", sql);
        return -1;
    }
    return 0;
}

static int sl_query(void *vdb, const char *sql, peer_consumed *out, result_set *capture)
{
    sqlite3 *db = vdb;
    sqlite3_stmt *st = NULL;
    out->rows = 0;
    out->text_bytes = 0;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK || st == NULL) {
        report(db, "prepare", sql);
        sqlite3_finalize(st);
        return -1;
    }
    int ncols = sqlite3_column_count(st);
    if (capture)
        result_set_begin(capture, ncols);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        for (int c = 0; c < ncols; c++) {
            const char *text = (const char *)sqlite3_column_text(st, c);
            if (text)
                out->text_bytes += strlen(text);
            if (capture)
                result_set_add(capture, text);
        }
        out->rows++;
    }
    if (rc != SQLITE_DONE) {
        report(db, "step", sql);
        sqlite3_finalize(st);
        return -1;
    }
    sqlite3_finalize(st);
    return 0;
}

static void *sl_insert_prepare(void *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK || st == NULL) {
        report(db, "prepare", sql);
        sqlite3_finalize(st);
        return NULL;
    }
    return st;
}

static int sl_insert_row(void *vstmt, const peer_value *values, int n)
{
    sqlite3_stmt *st = vstmt;
    for (int i = 0; i < n; i++) {
        int rc = values[i].kind == PEER_INT     ? sqlite3_bind_int64(st, i + 1, values[i].i)
                 : values[i].kind == PEER_FLOAT ? sqlite3_bind_double(st, i + 1, values[i].f)
                                                : sqlite3_bind_text(st, i + 1, values[i].s, -1, SQLITE_TRANSIENT);
        if (rc != SQLITE_OK) {
            report(sqlite3_db_handle(st), "bind", sqlite3_sql(st));
            return -1;
        }
    }
    if (sqlite3_step(st) != SQLITE_DONE) {
        report(sqlite3_db_handle(st), "step", sqlite3_sql(st));
        sqlite3_reset(st);
        return -1;
    }
    sqlite3_reset(st);
    return 0;
}

static void sl_insert_finish(void *stmt)
{
    sqlite3_finalize(stmt);
}

static int sl_query_run(void *vstmt, peer_consumed *out)
{
    sqlite3_stmt *st = vstmt;
    out->rows = 0;
    out->text_bytes = 0;
    int ncols = sqlite3_column_count(st);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        for (int c = 0; c < ncols; c++) {
            const char *text = (const char *)sqlite3_column_text(st, c);
            if (text)
                out->text_bytes += strlen(text);
        }
        out->rows++;
    }
    if (rc != SQLITE_DONE) {
        report(sqlite3_db_handle(st), "step", sqlite3_sql(st));
        sqlite3_reset(st);
        return -1;
    }
    sqlite3_reset(st);
    return 0;
}

const peer_engine peer_engine_sqlite = {
    .name = "sqlite",
    .has_transactions = true,
    .has_primary_keys = true,
    .open = sl_open,
    .close = sl_close,
    .version = sl_version,
    .exec = sl_exec,
    .query = sl_query,
    .insert_prepare = sl_insert_prepare,
    .insert_row = sl_insert_row,
    .insert_finish = sl_insert_finish,
    .query_prepare = sl_insert_prepare, /* prepare_v2, nothing more */
    .query_run = sl_query_run,
    .query_finish = sl_insert_finish,
};
