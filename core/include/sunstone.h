/* sunstone.h — the embedding API of libsunstone (in the spirit of sqlite3.h).
 *
 *   sunstone *db;
 *   if (sunstone_open(NULL, &db) != SUNSTONE_OK) { ... sunstone_errmsg(db) ...; }
 *   sunstone_stmt *st;
 *   sunstone_prepare(db, "SELECT a, b FROM t WHERE a > $1", -1, &st, NULL);
 *   sunstone_bind_int64(st, 1, 10);
 *   while (sunstone_step(st) == SUNSTONE_ROW)
 *       printf("%s\n", sunstone_column_text(st, 1));
 *   sunstone_finalize(st);
 *   sunstone_close(db);
 *
 * Values come out in PostgreSQL's text format (sunstone_column_text) or as C values.
 * Errors: every call that fails returns SUNSTONE_ERROR and leaves the SQLSTATE, message and
 * (for syntax errors) 1-based cursor position readable on the database handle until the
 * next call on it.  A database handle is used by one thread at a time. */
#ifndef SUNSTONE_H
#define SUNSTONE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The kernel is built with hidden visibility; everything declared here is exported. */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

#define SUNSTONE_OK 0
#define SUNSTONE_ERROR 1
#define SUNSTONE_MISUSE 21
#define SUNSTONE_RANGE 25
#define SUNSTONE_ROW 100
#define SUNSTONE_DONE 101

typedef struct sunstone sunstone;
typedef struct sunstone_stmt sunstone_stmt;

typedef struct sunstone_config {
    uint32_t struct_size;      /* sizeof(sunstone_config) */
    const char *plugin_dir;    /* NULL: $SUNSTONE_PLUGIN_PATH, else the built-in default */
    bool no_plugins;           /* true: load no module at open (LOAD them later) */
} sunstone_config;

const char *sunstone_version(void);

/* Opens a database.  path NULL or ":memory:" is an in-memory database.  *db is set even on
 * failure (so the error can be read) and must be closed. */
int sunstone_open(const char *path, sunstone **db);
int sunstone_open_v2(const char *path, sunstone **db, const sunstone_config *config);
/* Finalize every statement of the handle before closing it. */
int sunstone_close(sunstone *db);

/* Runs every statement in sql; for each result row calls cb(arg, ncols, values, names)
 * with values in text format (NULL for SQL NULL).  cb returning non-zero stops with
 * SUNSTONE_ERROR.  cb may be NULL.  Nothing can be bound here: a parameter reference ($1)
 * fails with 42P02, as in PostgreSQL's simple query protocol (use sunstone_prepare). */
int sunstone_exec(sunstone *db, const char *sql,
                  int (*cb)(void *arg, int ncols, const char *const *values,
                            const char *const *names),
                  void *arg);

/* Compiles the first statement of sql (nbytes < 0: NUL-terminated).  *tail, if given, points
 * past it.  *stmt is NULL when sql holds only whitespace/comments. */
int sunstone_prepare(sunstone *db, const char *sql, int nbytes, sunstone_stmt **stmt,
                     const char **tail);
int sunstone_finalize(sunstone_stmt *stmt);
/* Back to before the first step; bindings are kept. */
int sunstone_reset(sunstone_stmt *stmt);

/* Parameters $1..$n (idx is 1-based). */
int sunstone_bind_parameter_count(sunstone_stmt *stmt);
int sunstone_bind_null(sunstone_stmt *stmt, int idx);
int sunstone_bind_int64(sunstone_stmt *stmt, int idx, int64_t value);
int sunstone_bind_double(sunstone_stmt *stmt, int idx, double value);
int sunstone_bind_bool(sunstone_stmt *stmt, int idx, bool value);
int sunstone_bind_text(sunstone_stmt *stmt, int idx, const char *value, int nbytes);
int sunstone_clear_bindings(sunstone_stmt *stmt);

/* SUNSTONE_ROW: a row is ready; SUNSTONE_DONE: finished; SUNSTONE_ERROR: see errmsg. */
int sunstone_step(sunstone_stmt *stmt);

/* Result columns (valid after prepare). */
int sunstone_column_count(sunstone_stmt *stmt);
/* True when the statement produces a result set (SELECT, SHOW, EXPLAIN), even one with
 * zero columns ("SELECT;"); false for commands, which only have a command tag. */
bool sunstone_stmt_returns_rows(sunstone_stmt *stmt);
const char *sunstone_column_name(sunstone_stmt *stmt, int col);
/* PostgreSQL type OID of the column (16 bool, 20 int8, 21 int2, 23 int4, 25 text,
 * 701 float8, 1043 varchar). */
uint32_t sunstone_column_type(sunstone_stmt *stmt, int col);
/* Current row values (after SUNSTONE_ROW); col is 0-based. */
bool sunstone_column_is_null(sunstone_stmt *stmt, int col);
int64_t sunstone_column_int64(sunstone_stmt *stmt, int col);
double sunstone_column_double(sunstone_stmt *stmt, int col);
/* Text format as PostgreSQL prints it; NULL for SQL NULL.  Valid until the next step. */
const char *sunstone_column_text(sunstone_stmt *stmt, int col);
int sunstone_column_bytes(sunstone_stmt *stmt, int col);

/* Command tag after SUNSTONE_DONE, as PostgreSQL sends it ("INSERT 0 3", "SELECT 2"). */
const char *sunstone_command_tag(sunstone_stmt *stmt);
/* Rows inserted/returned by the last completed statement. */
int64_t sunstone_changes(sunstone_stmt *stmt);
/* The SQL text of the statement. */
const char *sunstone_sql(sunstone_stmt *stmt);

/* Last error on the handle: message, 5-character SQLSTATE ("00000" when none), 1-based
 * cursor position in characters (not bytes, as PostgreSQL counts) into the text passed to
 * sunstone_prepare / sunstone_exec (0 when none), detail and hint (or NULL).  The error
 * stays until the next prepare, step, exec or load on the handle; finalize keeps it. */
const char *sunstone_errmsg(sunstone *db);
const char *sunstone_sqlstate(sunstone *db);
int sunstone_errpos(sunstone *db);
const char *sunstone_errdetail(sunstone *db);
const char *sunstone_errhint(sunstone *db);

/* Notices (NOTICE-level messages such as "table t does not exist, skipping"): cb is called
 * with severity "NOTICE" and the message. */
void sunstone_set_notice_handler(sunstone *db,
                                 void (*cb)(void *arg, const char *severity, const char *msg),
                                 void *arg);

/* Loads one module at run time (same as the SQL statement LOAD 'path'). */
int sunstone_load_plugin(sunstone *db, const char *path);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif
#endif
