/* insert_sunstone.c — bench_insert_sessions' Sunstone engine: one native database file,
 * INS_MAX_SESSIONS sessions on it (sunstone_open, then sunstone_open_session), each with
 * `SET synchronous_commit` on or off and its own prepared INSERT, stepped in autocommit. */
#include <stdio.h>
#include <stdlib.h>

#include "insert_engine.h"
#include "sunstone.h"

typedef struct ss_state {
    char path[4096];
    sunstone *sessions[INS_MAX_SESSIONS];
    sunstone_stmt *insert[INS_MAX_SESSIONS];
} ss_state;

static void must(sunstone *db, int rc, const char *what)
{
    if (rc != SUNSTONE_OK && rc != SUNSTONE_DONE && rc != SUNSTONE_ROW) {
        fprintf(stderr, "sunstone %s: %s (%s)\n", what, sunstone_errmsg(db), sunstone_sqlstate(db));
        exit(1);
    }
}

static void ss_insert(ins_engine *e, int s, int64_t id, const char *payload)
{
    ss_state *st = e->state;
    sunstone_stmt *ins = st->insert[s];
    sunstone *db = st->sessions[s];
    must(db, sunstone_bind_int64(ins, 1, id), "bind");
    must(db, sunstone_bind_int64(ins, 2, s), "bind");
    must(db, sunstone_bind_text(ins, 3, payload, -1), "bind");
    int rc = sunstone_step(ins);
    if (rc != SUNSTONE_DONE)
        must(db, rc == SUNSTONE_ROW ? SUNSTONE_ERROR : rc, "insert");
    must(db, sunstone_reset(ins), "reset");
}

static void ss_count_range(ins_engine *e, int64_t lo, int64_t hi, int64_t *count, int64_t *sum)
{
    ss_state *st = e->state;
    sunstone *db = st->sessions[0];
    sunstone_stmt *q;
    must(db, sunstone_prepare(db, "SELECT count(*), coalesce(sum(id), 0) FROM ins_t WHERE id BETWEEN $1 AND $2", -1, &q, NULL),
         "prepare count");
    must(db, sunstone_bind_int64(q, 1, lo), "bind");
    must(db, sunstone_bind_int64(q, 2, hi), "bind");
    must(db, sunstone_step(q) == SUNSTONE_ROW ? SUNSTONE_OK : SUNSTONE_ERROR, "count");
    *count = sunstone_column_int64(q, 0);
    *sum = sunstone_column_int64(q, 1);
    sunstone_finalize(q);
}

static void ss_close(ins_engine *e)
{
    ss_state *st = e->state;
    for (int s = INS_MAX_SESSIONS - 1; s >= 0; s--) {
        sunstone_finalize(st->insert[s]);
        sunstone_close(st->sessions[s]);
    }
    ins_remove_db_files(st->path);
    free(st);
    free(e);
}

ins_engine *ins_sunstone_open(const char *dir, int sync_on)
{
    ins_engine *e = calloc(1, sizeof *e);
    ss_state *st = calloc(1, sizeof *st);
    if (!e || !st) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    snprintf(st->path, sizeof st->path, "%s/bench_insert_sunstone_%s.db", dir, sync_on ? "on" : "off");
    ins_remove_db_files(st->path);
    if (sunstone_open(st->path, &st->sessions[0]) != SUNSTONE_OK)
        must(st->sessions[0], SUNSTONE_ERROR, "open");
    must(st->sessions[0], sunstone_exec(st->sessions[0], "CREATE TABLE ins_t (id bigint, session int, payload text)", NULL, NULL),
         "create table");
    for (int s = 1; s < INS_MAX_SESSIONS; s++)
        must(st->sessions[0], sunstone_open_session(st->sessions[0], &st->sessions[s]), "open session");
    for (int s = 0; s < INS_MAX_SESSIONS; s++) {
        must(st->sessions[s],
             sunstone_exec(st->sessions[s], sync_on ? "SET synchronous_commit = on" : "SET synchronous_commit = off", NULL, NULL),
             "set");
        must(st->sessions[s],
             sunstone_prepare(st->sessions[s], "INSERT INTO ins_t VALUES ($1, $2, $3)", -1, &st->insert[s], NULL), "prepare");
    }
    e->name = "sunstone";
    e->mode = sync_on ? "synchronous_commit=on" : "synchronous_commit=off";
    e->insert = ss_insert;
    e->count_range = ss_count_range;
    e->close = ss_close;
    e->state = st;
    return e;
}
