/* engine_duckdb.c — the peer benchmark's adapter for DuckDB (the analytic peer), loaded at run
 * time: DuckDB has no Debian package, so the program dlopens the libduckdb.so that the npm
 * package @duckdb/node-bindings-linux-x64 ships (bench/fetch-duckdb.sh unpacks it).  The
 * library is found through $DUCKDB_LIB, else the dynamic linker's search path.  Only DuckDB's
 * stable C API is used, declared here by hand (no header ships with the library): an
 * in-memory database with `SET threads = 1` (the comparisons are single-threaded), queries
 * materialised by duckdb_query and read cell by cell as text, parameters bound $1..$n. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "peer_engine.h"

typedef uint64_t dk_idx;
typedef int dk_state; /* DuckDBSuccess = 0 */
/* duckdb_result: 48 bytes, 8-aligned, only ever passed by address. */
typedef struct dk_result {
    uint64_t opaque[6];
} dk_result;
typedef void *dk_database;   /* duckdb_database: a pointer to an opaque struct */
typedef void *dk_connection; /* duckdb_connection */
typedef void *dk_prepared;   /* duckdb_prepared_statement */

static struct duckdb_api {
    void *lib;
    dk_state (*open)(const char *path, dk_database *out);
    void (*close)(dk_database *db);
    dk_state (*connect)(dk_database db, dk_connection *out);
    void (*disconnect)(dk_connection *conn);
    const char *(*library_version)(void);
    dk_state (*query)(dk_connection conn, const char *sql, dk_result *out);
    void (*destroy_result)(dk_result *r);
    const char *(*result_error)(dk_result *r);
    dk_idx (*column_count)(dk_result *r);
    dk_idx (*row_count)(dk_result *r);
    bool (*value_is_null)(dk_result *r, dk_idx col, dk_idx row);
    char *(*value_varchar)(dk_result *r, dk_idx col, dk_idx row);
    void (*free)(void *p);
    dk_state (*prepare)(dk_connection conn, const char *sql, dk_prepared *out);
    const char *(*prepare_error)(dk_prepared p);
    void (*destroy_prepare)(dk_prepared *p);
    dk_state (*bind_int64)(dk_prepared p, dk_idx index, int64_t v);
    dk_state (*bind_double)(dk_prepared p, dk_idx index, double v);
    dk_state (*bind_varchar)(dk_prepared p, dk_idx index, const char *v);
    dk_state (*execute_prepared)(dk_prepared p, dk_result *out);
} dk;

typedef struct dk_db {
    dk_database db;
    dk_connection conn;
} dk_db;

typedef struct dk_stmt {
    dk_prepared p;
    char *sql;
} dk_stmt;

/* Resolves every entry point once; 0, or -1 after printing what is missing. */
static int dk_load(void)
{
    if (dk.lib)
        return 0;
    const char *path = getenv("DUCKDB_LIB");
    void *lib = dlopen(path && *path ? path : "libduckdb.so", RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        fprintf(stderr, "duckdb: cannot load %s: %s\n  (run bench/fetch-duckdb.sh and set DUCKDB_LIB)\n",
                path && *path ? path : "libduckdb.so", dlerror());
        return -1;
    }
    struct {
        const char *name;
        void **slot;
    } syms[] = {
#define DK_SYM(field, name) {name, (void **)&dk.field}
        DK_SYM(open, "duckdb_open"),
        DK_SYM(close, "duckdb_close"),
        DK_SYM(connect, "duckdb_connect"),
        DK_SYM(disconnect, "duckdb_disconnect"),
        DK_SYM(library_version, "duckdb_library_version"),
        DK_SYM(query, "duckdb_query"),
        DK_SYM(destroy_result, "duckdb_destroy_result"),
        DK_SYM(result_error, "duckdb_result_error"),
        DK_SYM(column_count, "duckdb_column_count"),
        DK_SYM(row_count, "duckdb_row_count"),
        DK_SYM(value_is_null, "duckdb_value_is_null"),
        DK_SYM(value_varchar, "duckdb_value_varchar"),
        DK_SYM(free, "duckdb_free"),
        DK_SYM(prepare, "duckdb_prepare"),
        DK_SYM(prepare_error, "duckdb_prepare_error"),
        DK_SYM(destroy_prepare, "duckdb_destroy_prepare"),
        DK_SYM(bind_int64, "duckdb_bind_int64"),
        DK_SYM(bind_double, "duckdb_bind_double"),
        DK_SYM(bind_varchar, "duckdb_bind_varchar"),
        DK_SYM(execute_prepared, "duckdb_execute_prepared"),
#undef DK_SYM
    };
    for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++) {
        /* POSIX guarantees a function pointer converts through void * (dlsym's contract). */
        void *f = dlsym(lib, syms[i].name);
        if (f == NULL) {
            fprintf(stderr, "duckdb: %s has no %s\n", path ? path : "libduckdb.so", syms[i].name);
            dlclose(lib);
            return -1;
        }
        memcpy(syms[i].slot, &f, sizeof f);
    }
    dk.lib = lib;
    return 0;
}

static void report(dk_result *r, const char *what, const char *sql)
{
    const char *msg = r ? dk.result_error(r) : NULL;
    fprintf(stderr, "duckdb: %s failed: %s\n  in: %s\n", what, msg ? msg : "(no message)", sql);
}

static void dk_close_db(void *vdb)
{
    dk_db *d = vdb;
    if (d == NULL)
        return;
    if (d->conn)
        dk.disconnect(&d->conn);
    if (d->db)
        dk.close(&d->db);
    free(d);
}

static int dk_exec(void *vdb, const char *sql)
{
    dk_db *d = vdb;
    dk_result r;
    memset(&r, 0, sizeof r);
    int status = 0;
    if (dk.query(d->conn, sql, &r) != 0) {
        report(&r, "exec", sql);
        status = -1;
    }
    dk.destroy_result(&r);
    return status;
}

static void *dk_open_db(void)
{
    if (dk_load() != 0)
        return NULL;
    dk_db *d = calloc(1, sizeof *d);
    if (d == NULL)
        return NULL;
    if (dk.open(NULL, &d->db) != 0 || dk.connect(d->db, &d->conn) != 0) {
        fprintf(stderr, "duckdb: cannot open an in-memory database\n");
        dk_close_db(d);
        return NULL;
    }
    if (dk_exec(d, "SET threads = 1") != 0) {
        dk_close_db(d);
        return NULL;
    }
    return d;
}

static const char *dk_version(void)
{
    return dk.lib ? dk.library_version() : "(not loaded)";
}

/* Reads every cell of a materialised result as text. */
static void consume(dk_result *r, peer_consumed *out, result_set *capture)
{
    dk_idx ncols = dk.column_count(r), nrows = dk.row_count(r);
    if (capture)
        result_set_begin(capture, (int)ncols);
    for (dk_idx row = 0; row < nrows; row++) {
        for (dk_idx col = 0; col < ncols; col++) {
            char *text = dk.value_is_null(r, col, row) ? NULL : dk.value_varchar(r, col, row);
            if (text)
                out->text_bytes += strlen(text);
            if (capture)
                result_set_add(capture, text);
            dk.free(text);
        }
    }
    out->rows = (size_t)nrows;
}

static int dk_query(void *vdb, const char *sql, peer_consumed *out, result_set *capture)
{
    dk_db *d = vdb;
    dk_result r;
    memset(&r, 0, sizeof r);
    out->rows = 0;
    out->text_bytes = 0;
    int status = 0;
    if (dk.query(d->conn, sql, &r) != 0) {
        report(&r, "query", sql);
        status = -1;
    } else {
        consume(&r, out, capture);
    }
    dk.destroy_result(&r);
    return status;
}

static void *dk_prepare(void *vdb, const char *sql)
{
    dk_db *d = vdb;
    dk_stmt *s = calloc(1, sizeof *s);
    if (s == NULL || (s->sql = strdup(sql)) == NULL) {
        free(s);
        return NULL;
    }
    if (dk.prepare(d->conn, sql, &s->p) != 0) {
        fprintf(stderr, "duckdb: prepare failed: %s\n  in: %s\n", dk.prepare_error(s->p), sql);
        dk.destroy_prepare(&s->p);
        free(s->sql);
        free(s);
        return NULL;
    }
    return s;
}

static void dk_finish(void *vstmt)
{
    dk_stmt *s = vstmt;
    dk.destroy_prepare(&s->p);
    free(s->sql);
    free(s);
}

/* Executes the prepared statement, consuming the rows when out is not NULL. */
static int dk_execute(dk_stmt *s, peer_consumed *out)
{
    dk_result r;
    memset(&r, 0, sizeof r);
    int status = 0;
    if (dk.execute_prepared(s->p, &r) != 0) {
        report(&r, "execute", s->sql);
        status = -1;
    } else if (out) {
        consume(&r, out, NULL);
    }
    dk.destroy_result(&r);
    return status;
}

static int dk_insert_row(void *vstmt, const peer_value *values, int n)
{
    dk_stmt *s = vstmt;
    for (int i = 0; i < n; i++) {
        dk_idx at = (dk_idx)i + 1;
        dk_state rc = values[i].kind == PEER_INT     ? dk.bind_int64(s->p, at, values[i].i)
                      : values[i].kind == PEER_FLOAT ? dk.bind_double(s->p, at, values[i].f)
                                                     : dk.bind_varchar(s->p, at, values[i].s);
        if (rc != 0) {
            fprintf(stderr, "duckdb: bind %d failed\n  in: %s\n", i + 1, s->sql);
            return -1;
        }
    }
    return dk_execute(s, NULL);
}

static int dk_query_run(void *vstmt, peer_consumed *out)
{
    out->rows = 0;
    out->text_bytes = 0;
    return dk_execute(vstmt, out);
}

const peer_engine peer_engine_duckdb = {
    .name = "duckdb",
    .has_transactions = true,
    .has_primary_keys = true,
    .open = dk_open_db,
    .close = dk_close_db,
    .version = dk_version,
    .exec = dk_exec,
    .query = dk_query,
    .insert_prepare = dk_prepare,
    .insert_row = dk_insert_row,
    .insert_finish = dk_finish,
    .query_prepare = dk_prepare,
    .query_run = dk_query_run,
    .query_finish = dk_finish,
};
