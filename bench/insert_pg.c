/* insert_pg.c — bench_insert_sessions' PostgreSQL peer through libpq: INS_MAX_SESSIONS
 * connections to the server named by a connection string (SUNSTONE_BENCH_PG), the server's
 * default synchronous_commit (on), each connection with the INSERT prepared once (PQprepare)
 * and run with PQexecPrepared in autocommit.  Built only when pkg-config finds libpq. */
#include <libpq-fe.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "insert_engine.h"

typedef struct pg_state {
    PGconn *conns[INS_MAX_SESSIONS];
    char mode[64];
} pg_state;

static void must(PGconn *c, PGresult *r, ExecStatusType want, const char *what)
{
    if (PQresultStatus(r) != want) {
        fprintf(stderr, "postgresql %s: %s", what, PQerrorMessage(c));
        PQclear(r);
        exit(1);
    }
    PQclear(r);
}

static void pg_insert(ins_engine *e, int s, int64_t id, const char *payload)
{
    pg_state *st = e->state;
    char ids[24], ss[12];
    snprintf(ids, sizeof ids, "%" PRId64, id);
    snprintf(ss, sizeof ss, "%d", s);
    const char *values[3] = {ids, ss, payload};
    must(st->conns[s], PQexecPrepared(st->conns[s], "ins", 3, values, NULL, NULL, 0), PGRES_COMMAND_OK, "insert");
}

static void pg_count_range(ins_engine *e, int64_t lo, int64_t hi, int64_t *count, int64_t *sum)
{
    pg_state *st = e->state;
    char los[24], his[24];
    snprintf(los, sizeof los, "%" PRId64, lo);
    snprintf(his, sizeof his, "%" PRId64, hi);
    const char *values[2] = {los, his};
    PGresult *r = PQexecParams(st->conns[0], "SELECT count(*), coalesce(sum(id), 0) FROM ins_t WHERE id BETWEEN $1 AND $2", 2,
                               NULL, values, NULL, NULL, 0);
    if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1) {
        fprintf(stderr, "postgresql count: %s", PQerrorMessage(st->conns[0]));
        exit(1);
    }
    *count = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
    *sum = strtoll(PQgetvalue(r, 0, 1), NULL, 10);
    PQclear(r);
}

static void pg_close(ins_engine *e)
{
    pg_state *st = e->state;
    must(st->conns[0], PQexec(st->conns[0], "DROP TABLE ins_t"), PGRES_COMMAND_OK, "drop table");
    for (int s = 0; s < INS_MAX_SESSIONS; s++)
        PQfinish(st->conns[s]);
    free(st);
    free(e);
}

ins_engine *ins_pg_open(const char *conninfo)
{
    ins_engine *e = calloc(1, sizeof *e);
    pg_state *st = calloc(1, sizeof *st);
    if (!e || !st) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (int s = 0; s < INS_MAX_SESSIONS; s++) {
        st->conns[s] = PQconnectdb(conninfo);
        if (PQstatus(st->conns[s]) != CONNECTION_OK) {
            fprintf(stderr, "postgresql connect (%s): %s", conninfo, PQerrorMessage(st->conns[s]));
            exit(1);
        }
        if (s == 0)
            must(st->conns[0],
                 PQexec(st->conns[0], "SET client_min_messages = warning; DROP TABLE IF EXISTS ins_t; "
                                      "CREATE TABLE ins_t (id bigint, session int, payload text)"),
                 PGRES_COMMAND_OK, "create table");
        must(st->conns[s], PQprepare(st->conns[s], "ins", "INSERT INTO ins_t VALUES ($1, $2, $3)", 3, NULL), PGRES_COMMAND_OK,
             "prepare");
    }
    PGresult *r = PQexec(st->conns[0], "SHOW synchronous_commit");
    snprintf(st->mode, sizeof st->mode, "synchronous_commit=%s",
             PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1 ? PQgetvalue(r, 0, 0) : "?");
    PQclear(r);
    e->mode = st->mode;
    e->name = "postgresql";
    e->insert = pg_insert;
    e->count_range = pg_count_range;
    e->close = pg_close;
    e->state = st;
    return e;
}
