/* insert_engine.h — the small interface bench_insert_sessions drives: one engine in one
 * durability mode (Sunstone with synchronous_commit on / off, SQLite 3 in WAL mode with
 * synchronous FULL / NORMAL, PostgreSQL 15 through libpq), with up to INS_MAX_SESSIONS
 * sessions (connections) opened before anything is timed, each used by one thread, each
 * running one prepared autocommit single-row INSERT INTO ins_t (id, session, payload).
 * Benchmarks only, never tests. */
#ifndef SUNSTONE_BENCH_INSERT_ENGINE_H
#define SUNSTONE_BENCH_INSERT_ENGINE_H

#include <stdint.h>

#define INS_MAX_SESSIONS 8

typedef struct ins_engine ins_engine;

struct ins_engine {
    const char *name; /* "sunstone", "sqlite", "postgresql" */
    const char *mode; /* "synchronous_commit=on", "synchronous=FULL", ... */
    /* One prepared INSERT of (id, session, payload) on session s (0 .. INS_MAX_SESSIONS-1),
     * committed before it returns.  Called by one thread per session; exits on error. */
    void (*insert)(ins_engine *e, int s, int64_t id, const char *payload);
    /* count(*) and sum(id) of the rows whose id lies in [lo, hi] (session 0, untimed). */
    void (*count_range)(ins_engine *e, int64_t lo, int64_t hi, int64_t *count, int64_t *sum);
    void (*close)(ins_engine *e);
    void *state;
};

/* Each opens the engine's database (files in dir, a fresh table ins_t) and its sessions;
 * exits with a message on error. */
ins_engine *ins_sunstone_open(const char *dir, int sync_on);
ins_engine *ins_sqlite_open(const char *dir, int sync_full);
/* conninfo: a libpq connection string (built only with libpq: BENCH_HAVE_LIBPQ). */
ins_engine *ins_pg_open(const char *conninfo);

/* Removes path, path-wal, path-lock, path-shm, path-journal (a fresh database file). */
void ins_remove_db_files(const char *path);

#endif
