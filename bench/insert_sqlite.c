/* insert_sqlite.c — bench_insert_sessions' SQLite 3 peer: one database file in WAL mode
 * (journal_mode=WAL, synchronous FULL or NORMAL), INS_MAX_SESSIONS connections, one per
 * thread (SQLITE_OPEN_NOMUTEX), each with busy_timeout and its own prepared INSERT, stepped
 * in autocommit. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

#include "insert_engine.h"

typedef struct sl_state {
    char path[4096];
    sqlite3 *conns[INS_MAX_SESSIONS];
    sqlite3_stmt *insert[INS_MAX_SESSIONS];
} sl_state;

static void must(sqlite3 *db, int rc, const char *what)
{
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "sqlite %s: %s\n", what, db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
        exit(1);
    }
}

static void sl_insert(ins_engine *e, int s, int64_t id, const char *payload)
{
    sl_state *st = e->state;
    sqlite3_stmt *ins = st->insert[s];
    sqlite3 *db = st->conns[s];
    must(db, sqlite3_bind_int64(ins, 1, id), "bind");
    must(db, sqlite3_bind_int(ins, 2, s), "bind");
    must(db, sqlite3_bind_text(ins, 3, payload, -1, SQLITE_TRANSIENT), "bind");
    int rc = sqlite3_step(ins);
    if (rc != SQLITE_DONE)
        must(db, rc == SQLITE_ROW ? SQLITE_ERROR : rc, "insert");
    must(db, sqlite3_reset(ins), "reset");
}

static void sl_count_range(ins_engine *e, int64_t lo, int64_t hi, int64_t *count, int64_t *sum)
{
    sl_state *st = e->state;
    sqlite3 *db = st->conns[0];
    sqlite3_stmt *q;
    must(db, sqlite3_prepare_v2(db, "SELECT count(*), coalesce(sum(id), 0) FROM ins_t WHERE id BETWEEN ?1 AND ?2", -1, &q, NULL),
         "prepare count");
    must(db, sqlite3_bind_int64(q, 1, lo), "bind");
    must(db, sqlite3_bind_int64(q, 2, hi), "bind");
    must(db, sqlite3_step(q) == SQLITE_ROW ? SQLITE_OK : SQLITE_ERROR, "count");
    *count = sqlite3_column_int64(q, 0);
    *sum = sqlite3_column_int64(q, 1);
    sqlite3_finalize(q);
}

static void sl_close(ins_engine *e)
{
    sl_state *st = e->state;
    for (int s = INS_MAX_SESSIONS - 1; s >= 0; s--) {
        sqlite3_finalize(st->insert[s]);
        sqlite3_close(st->conns[s]);
    }
    ins_remove_db_files(st->path);
    free(st);
    free(e);
}

ins_engine *ins_sqlite_open(const char *dir, int sync_full)
{
    ins_engine *e = calloc(1, sizeof *e);
    sl_state *st = calloc(1, sizeof *st);
    if (!e || !st) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    snprintf(st->path, sizeof st->path, "%s/bench_insert_sqlite_%s.db", dir, sync_full ? "full" : "normal");
    ins_remove_db_files(st->path);
    for (int s = 0; s < INS_MAX_SESSIONS; s++) {
        int rc = sqlite3_open_v2(st->path, &st->conns[s], SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
        must(st->conns[s], rc, "open");
        must(st->conns[s], sqlite3_busy_timeout(st->conns[s], 60000), "busy_timeout");
        if (s == 0)
            must(st->conns[0],
                 sqlite3_exec(st->conns[0], "PRAGMA journal_mode=WAL; CREATE TABLE ins_t (id INTEGER, session INTEGER, payload TEXT)",
                              NULL, NULL, NULL),
                 "create table");
        must(st->conns[s],
             sqlite3_exec(st->conns[s], sync_full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL", NULL, NULL, NULL),
             "synchronous");
        must(st->conns[s], sqlite3_prepare_v2(st->conns[s], "INSERT INTO ins_t VALUES (?1, ?2, ?3)", -1, &st->insert[s], NULL),
             "prepare");
    }
    e->name = "sqlite";
    e->mode = sync_full ? "WAL, synchronous=FULL" : "WAL, synchronous=NORMAL";
    e->insert = sl_insert;
    e->count_range = sl_count_range;
    e->close = sl_close;
    e->state = st;
    return e;
}
