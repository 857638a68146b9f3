/* peer_engine.h — the small interface the peer benchmark drives each engine through (open,
 * run SQL, run a query to the end reading every column as text, prepared INSERTs), so the
 * harness runs identical steps against Sunstone and its peer.  One implementation per engine:
 * engine_sunstone.c, engine_sqlite.c, engine_duckdb.c. */
#ifndef SUNSTONE_BENCH_PEER_ENGINE_H
#define SUNSTONE_BENCH_PEER_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "result_set.h"

/* A parameter value for a prepared INSERT. */
typedef enum { PEER_INT, PEER_FLOAT, PEER_TEXT } peer_value_kind;
typedef struct peer_value {
    peer_value_kind kind;
    int64_t i;
    double f;
    const char *s;
} peer_value;

/* What a query run consumed: rows, and the total length of every column's text (read so the
 * text conversion cannot be skipped, and a cheap per-engine consistency check). */
typedef struct peer_consumed {
    size_t rows;
    size_t text_bytes;
} peer_consumed;

typedef struct peer_engine {
    const char *name;
    bool has_transactions; /* BEGIN/COMMIT work */
    bool has_primary_keys; /* PRIMARY KEY is accepted (and builds an index) */

    /* Opens an in-memory database; NULL (after printing why) on failure. */
    void *(*open)(void);
    void (*close)(void *db);
    const char *(*version)(void);
    /* Runs every statement in sql, discarding rows.  0 on success; on failure prints the
     * engine's error to stderr and returns -1. */
    int (*exec)(void *db, const char *sql);
    /* prepare + step to the end + finalize, reading every column of every row as text.  When
     * capture is not NULL the cells are also copied into it (not for timed runs).  0 on
     * success, -1 (error printed) on failure. */
    int (*query)(void *db, const char *sql, peer_consumed *out, result_set *capture);
    /* A prepared statement taking parameters $1..$n, run once per insert_row (bind, step,
     * reset).  NULL / -1 (error printed) on failure. */
    void *(*insert_prepare)(void *db, const char *sql);
    int (*insert_row)(void *stmt, const peer_value *values, int n);
    void (*insert_finish)(void *stmt);
    /* A query prepared once and run apart from its preparation, to time the two separately:
     * query_prepare returns the statement (NULL, error printed, on failure); query_run steps
     * it to the end reading every column as text, then resets it (0, or -1 with the error
     * printed); query_finish finalizes it. */
    void *(*query_prepare)(void *db, const char *sql);
    int (*query_run)(void *stmt, peer_consumed *out);
    void (*query_finish)(void *stmt);
} peer_engine;

extern const peer_engine peer_engine_sunstone;
extern const peer_engine peer_engine_sqlite;
extern const peer_engine peer_engine_duckdb; /* engine_duckdb.c, dlopens libduckdb.so */

#endif
