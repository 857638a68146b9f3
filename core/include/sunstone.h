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
 * next call on it.  A handle is a session: see "Sessions and threads" below for what may run
 * on several threads at once.
 *
 * Misuse: every function that needs a handle, statement or pointer argument returns
 * SUNSTONE_MISUSE when it is NULL (and does nothing else); when the database handle is known
 * the error "<function>: <argument> is NULL" (SQLSTATE 22004) is readable on it.  Getters
 * return the neutral value their comment names (0, NULL, false, "") for a NULL statement or
 * a column index out of range; sunstone_finalize(NULL) and sunstone_close(NULL) are harmless
 * no-ops returning SUNSTONE_OK, as in sqlite3. */
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
#define SUNSTONE_BUSY 5
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
    /* appended (check struct_size): PostgreSQL's shared_buffers as SET would take it ("1GB",
       "16384" 8 kB blocks): the buffer cache of the database's native storage (each database
       file, and each in-memory database's native tables); fixed while the database is open
       (SET refuses it, 55P02), SHOW prints it.  NULL: $SUNSTONE_SHARED_BUFFERS, else 128MB. */
    const char *shared_buffers;
} sunstone_config;

const char *sunstone_version(void);

/* Opens a database.  path NULL or ":memory:" is an in-memory database; any other path is a
 * database file, created when missing (on the lmdb storage module, which must be loadable;
 * with a "<path>-lock" file beside it): every COMMIT is durable once acknowledged, one
 * process opens a file at a time (another gets 55006), a file that is not a database is
 * XX001 and left unchanged.  A database file may have several sessions (sunstone_open_session)
 * and stores schemas, tables with their columns, constraints and indexes, and views, whatever
 * DDL made them; what it cannot store yet (sequences, materialized views ...) is 0A000 on it.
 * *db is set even on failure (so the error can be read) and must be closed.  db NULL:
 * SUNSTONE_MISUSE.  config may be NULL (defaults). */
int sunstone_open(const char *path, sunstone **db);
int sunstone_open_v2(const char *path, sunstone **db, const sunstone_config *config);
/* Sessions and threads.  A handle (sunstone *) is one session of a database: its own
 * settings (SET), prepared statements (sunstone_prepare and SQL PREPARE), transaction, last
 * error, notice and copy handlers.  sunstone_open creates a database with its first session;
 * sunstone_open_session opens another session on the same database: it sees the
 * same tables, views, sequences and loaded modules, starts from the
 * database's default settings (not from the other session's SET values), and is closed with
 * sunstone_close; the database lives until its last session is closed.
 *
 * The rules (the library needs no initialisation call and no global lock of the host's):
 *   - One session is used by one thread at a time: every call on a session and on the
 *     statements prepared on it (prepare, bind, step, column getters, reset, finalize, exec,
 *     the error getters, set_*_handler, close) must not overlap another such call on the
 *     same session.  A session may move between threads between calls.
 *   - Different sessions may be used concurrently from different threads, on the same
 *     database or on different ones: reads, INSERT, COPY, transactions, SET, PREPARE, DDL and
 *     LOAD.  Each statement sees the snapshot its transaction gives it (MVCC); a reader
 *     never waits for a writer.  DDL (CREATE / DROP of tables, views, indexes, sequences)
 *     and LOAD run alone: such a step waits until the other sessions' calls in progress
 *     return, and they wait for it; DROP of a table that another session's unfinished
 *     statement is scanning fails (55006) instead of waiting.
 *   - sunstone_interrupt(session) may be called from any thread, or from a signal
 *     handler, at any time, including while another thread runs a statement on that session.
 *   - sunstone_version is thread-safe; callbacks (notices, copy handler) run on the thread
 *     that made the call on their session.
 *   - sunstone_open_session(db, ...) is a call on db (the rule above); the new session may
 *     then be handed to any thread.  It and sunstone_close may run while other sessions of
 *     the same database are in use on other threads; closing a session never affects the
 *     others.
 *   - Storage backends and index modules are called concurrently by different sessions: the
 *     bundled ones are safe for that; the kernel serialises the calls into one table's
 *     indexes (a third-party index module need not be thread-safe). */

/* Opens a new session on db's database (db itself is unchanged): the new handle has its own
 * settings (the database's defaults), prepared statements and transaction and may be used from
 * another thread at once (see above).  *session is NULL on failure (the error is on db).
 * db NULL: SUNSTONE_MISUSE; session NULL: SUNSTONE_MISUSE (22004 on db). */
int sunstone_open_session(sunstone *db, sunstone **session);

/* Closes the handle (the session; the database with its last session) and frees everything
 * it owns.  As sqlite3_close: while a statement
 * prepared on the handle is not finalized, returns SUNSTONE_BUSY (error 55006 "unable to
 * close: ..." on the handle) and closes nothing; the handle stays fully usable.  NULL: a
 * no-op returning SUNSTONE_OK. */
int sunstone_close(sunstone *db);

/* Runs every statement in sql; for each result row calls cb(arg, ncols, values, names)
 * with values in text format (NULL for SQL NULL).  cb returning non-zero stops with
 * SUNSTONE_ERROR.  cb may be NULL; db or sql NULL: SUNSTONE_MISUSE.  As in PostgreSQL's
 * simple query protocol, the whole text is verified (UTF-8) and parsed first: an invalid byte
 * or a syntax error anywhere in it runs nothing; and nothing can be bound: a parameter
 * reference ($1) fails with 42P02 (use sunstone_prepare). */
int sunstone_exec(sunstone *db, const char *sql,
                  int (*cb)(void *arg, int ncols, const char *const *values,
                            const char *const *names),
                  void *arg);

/* Compiles the first statement of sql (nbytes < 0: NUL-terminated), reading the text no
 * further than the ';' that ends it: errors later in the text are left to the next call.
 * *tail, if given, points past it and past the whitespace, comments and semicolons that
 * follow (at the next statement, or the end).  *stmt is NULL when sql holds only
 * whitespace/comments.  db, sql or stmt NULL: SUNSTONE_MISUSE (*stmt, if stmt is given, set
 * to NULL).  tail may be NULL.  The text compiled must be valid UTF-8 (no NUL byte within
 * nbytes either), else 22021 "invalid byte sequence for encoding "UTF8"" as PostgreSQL
 * reports it. */
int sunstone_prepare(sunstone *db, const char *sql, int nbytes, sunstone_stmt **stmt,
                     const char **tail);
/* sunstone_prepare with flags: SUNSTONE_PREPARE_NO_PARAMS compiles the statement as
 * PostgreSQL's simple query protocol does (what psql sends for typed SQL): a parameter
 * reference ($1) fails with 42P02 "there is no parameter $1" instead of reading an unbound
 * (NULL) value.  flags 0 is sunstone_prepare. */
#define SUNSTONE_PREPARE_NO_PARAMS 0x01u
int sunstone_prepare_v3(sunstone *db, const char *sql, int nbytes, unsigned flags, sunstone_stmt **stmt,
                        const char **tail);
/* Frees the statement (a running one is stopped).  NULL: a no-op returning SUNSTONE_OK. */
int sunstone_finalize(sunstone_stmt *stmt);
/* Back to before the first step; bindings are kept.  NULL: SUNSTONE_MISUSE. */
int sunstone_reset(sunstone_stmt *stmt);

/* Parameters $1..$n (idx is 1-based).  The bind functions return SUNSTONE_MISUSE for a NULL
 * statement and SUNSTONE_RANGE for idx outside 1..n, with error 42P02 "there is no
 * parameter $idx" readable on the handle.  bind_text with value NULL binds NULL; nbytes < 0
 * means NUL-terminated.  Binding on a statement that has stepped resets it first.
 * bind_parameter_count(NULL) is 0; clear_bindings(NULL) is SUNSTONE_MISUSE. */
int sunstone_bind_parameter_count(sunstone_stmt *stmt);
int sunstone_bind_null(sunstone_stmt *stmt, int idx);
int sunstone_bind_int64(sunstone_stmt *stmt, int idx, int64_t value);
int sunstone_bind_double(sunstone_stmt *stmt, int idx, double value);
int sunstone_bind_bool(sunstone_stmt *stmt, int idx, bool value);
/* value must be valid UTF-8 (nbytes < 0: NUL-terminated; no NUL within nbytes), else
 * SUNSTONE_ERROR with 22021 on the handle and the parameter keeps its previous value. */
int sunstone_bind_text(sunstone_stmt *stmt, int idx, const char *value, int nbytes);
int sunstone_clear_bindings(sunstone_stmt *stmt);

/* SUNSTONE_ROW: a row is ready; SUNSTONE_DONE: finished; SUNSTONE_ERROR: see errmsg.
 * NULL: SUNSTONE_MISUSE.  A cancelled statement (sunstone_interrupt, statement_timeout)
 * fails with SQLSTATE 57014 and changes nothing; reset it to run it again. */
int sunstone_step(sunstone_stmt *stmt);

/* Result columns (valid after prepare).  For a NULL statement or a column outside
 * 0..count-1: column_count 0, returns_rows false, column_name NULL, column_type 0. */
int sunstone_column_count(sunstone_stmt *stmt);
/* True when the statement produces a result set (SELECT, SHOW, EXPLAIN), even one with
 * zero columns ("SELECT;"); false for commands, which only have a command tag. */
bool sunstone_stmt_returns_rows(sunstone_stmt *stmt);
const char *sunstone_column_name(sunstone_stmt *stmt, int col);
/* PostgreSQL type OID of the column (16 bool, 20 int8, 21 int2, 23 int4, 25 text,
 * 701 float8, 1043 varchar). */
uint32_t sunstone_column_type(sunstone_stmt *stmt, int col);
/* Current row values (after SUNSTONE_ROW); col is 0-based.  Without a current row, for a
 * NULL statement or a column out of range: is_null true, int64 0, double 0, text NULL,
 * bytes 0. */
bool sunstone_column_is_null(sunstone_stmt *stmt, int col);
int64_t sunstone_column_int64(sunstone_stmt *stmt, int col);
double sunstone_column_double(sunstone_stmt *stmt, int col);
/* Text format as PostgreSQL prints it; NULL for SQL NULL.  Valid until the next step. */
const char *sunstone_column_text(sunstone_stmt *stmt, int col);
int sunstone_column_bytes(sunstone_stmt *stmt, int col);

/* Command tag after SUNSTONE_DONE, as PostgreSQL sends it ("INSERT 0 3", "SELECT 2");
 * "" for NULL. */
const char *sunstone_command_tag(sunstone_stmt *stmt);
/* Rows inserted/returned by the last completed statement; 0 for NULL. */
int64_t sunstone_changes(sunstone_stmt *stmt);
/* The SQL text of the statement; NULL for NULL. */
const char *sunstone_sql(sunstone_stmt *stmt);

/* Last error on the handle: message, 5-character SQLSTATE ("00000" when none), 1-based
 * cursor position in characters (not bytes, as PostgreSQL counts) into the text passed to
 * sunstone_prepare / sunstone_exec (0 when none), detail and hint (or NULL).  The error
 * stays until the next prepare, step, exec or load on the handle; finalize keeps it.  For a
 * NULL handle: "not an error", "00000", 0, NULL, NULL. */
const char *sunstone_errmsg(sunstone *db);
const char *sunstone_sqlstate(sunstone *db);
int sunstone_errpos(sunstone *db);
const char *sunstone_errdetail(sunstone *db);
const char *sunstone_errhint(sunstone *db);
/* The error's CONTEXT line (PostgreSQL's errcontext: "JSON data, line 1: ..."), or NULL. */
const char *sunstone_errcontext(sunstone *db);

/* Notices (messages such as NOTICE "table t does not exist, skipping" or WARNING "SET LOCAL
 * can only be used in transaction blocks"): cb is called with the severity ("NOTICE",
 * "WARNING") and the message, for those at or above client_min_messages.  cb NULL drops
 * them.  db NULL: SUNSTONE_MISUSE. */
int sunstone_set_notice_handler(sunstone *db,
                                void (*cb)(void *arg, const char *severity, const char *msg),
                                void *arg);

/* Loads one module at run time (same as the SQL statement LOAD 'path').  db or path NULL:
 * SUNSTONE_MISUSE. */
int sunstone_load_plugin(sunstone *db, const char *path);

/* Cancels the statement running on db, as PostgreSQL's cancel request: it fails with
 * SQLSTATE 57014 "canceling statement due to user request" at its next check point (between
 * batches and inside long loops: sorting, aggregation, LIKE, INSERT ... SELECT), within
 * milliseconds, and changes nothing (a cancelled INSERT writes no row).  Only sets an atomic
 * flag: safe to call from another thread or from a signal handler.  The flag is cleared when
 * a statement starts executing (the first sunstone_step after prepare or reset, each
 * statement of sunstone_exec), so an interrupt while nothing runs is ignored, as PostgreSQL
 * ignores a cancel request for an idle session.  The statement_timeout setting (milliseconds,
 * or with a unit) fails a statement that runs longer with 57014 "canceling statement due to
 * statement timeout", counted from its first step.  db NULL: SUNSTONE_MISUSE. */
int sunstone_interrupt(sunstone *db);

/* The session's transaction state, as libpq's PQtransactionStatus: idle (no block open),
 * inside a BEGIN ... COMMIT block, or inside a block that a failed statement aborted
 * (25P02 until ROLLBACK).  db NULL: SUNSTONE_TXN_IDLE. */
#define SUNSTONE_TXN_IDLE 0
#define SUNSTONE_TXN_INBLOCK 1
#define SUNSTONE_TXN_FAILED 2
int sunstone_transaction_status(sunstone *db);
/* The data of COPY ... FROM STDIN and COPY ... TO STDOUT (what psql exchanges with the server
 * in its copy sub-protocol) goes through the session's copy handler.  read fills buf[0..size)
 * and sets *n to the bytes given, 0 at the end of the data (the text format's end marker, a
 * line "\." alone, ends it too); write receives the output of COPY TO STDOUT, whole lines,
 * len bytes per call, after a first call with len 0 when the COPY starts.  Each returns 0,
 * or non-zero to fail the COPY: a failed read is 57014
 * "COPY from stdin failed", a failed write 58030.  They are called only from inside the
 * sunstone_step (or sunstone_exec) running the COPY, on its thread.  A COPY with STDIN / STDOUT
 * and no such callback fails with 0A000.  read or write may be NULL; both NULL removes the
 * handler.  db NULL: SUNSTONE_MISUSE. */
int sunstone_set_copy_handler(sunstone *db,
                              int (*read)(void *arg, char *buf, size_t size, size_t *n),
                              int (*write)(void *arg, const char *data, size_t len),
                              void *arg);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif
#endif
