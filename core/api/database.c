/* database.c — opening and closing databases and their sessions (the handle is a session;
 * the database goes with its last one), errors and notices on a session, and sunstone_exec
 * (run every statement of a string). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/namespace.h"
#include "catalog/sequences.h"
#include "api/durable.h"
#include "api/statement.h"
#include "exec/temp_files.h"
#include "loader/loader.h"
#include "types/utf8.h"
#include "util/stack_depth.h"

#ifndef SUNSTONE_VERSION
#define SUNSTONE_VERSION "0.0.0"
#endif

const char *sunstone_version(void)
{
    return SUNSTONE_VERSION;
}

void ss_session_ctx(sunstone *db, ss_ctx *ctx)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->catalog = &db->database->catalog;
    ctx->registry = &db->database->registry;
    ctx->settings = &db->settings;
    ctx->session_settings = &db->settings;
    ctx->notices = &db->notices;
    ctx->interrupt = &db->interrupted;
    ctx->err = &db->err;
    ctx->txn = &db->txn;
    ctx->seq_session = db->seq_session;
    ctx->prepared = &db->prepared_stmts;
    ctx->cursors = &db->cursors;
}

void ss_db_notice(struct sunstone *db, const char *fmt, ...)
{
    ss_ctx ctx;
    ss_session_ctx(db, &ctx);
    va_list ap;
    va_start(ap, fmt);
    ss_ctx_vmessage(&ctx, SS_MSG_NOTICE, fmt, ap);
    va_end(ap);
}

void ss_db_message(struct sunstone *db, ss_message_level level, const char *fmt, ...)
{
    ss_ctx ctx;
    ss_session_ctx(db, &ctx);
    va_list ap;
    va_start(ap, fmt);
    ss_ctx_vmessage(&ctx, (int)level, fmt, ap);
    va_end(ap);
}

int sunstone_set_notice_handler(sunstone *db, void (*cb)(void *, const char *, const char *), void *arg)
{
    if (!db)
        return SUNSTONE_MISUSE;
    db->notices.cb = cb;
    db->notices.arg = arg;
    return SUNSTONE_OK;
}

int ss_api_misuse(sunstone *db, const char *function, const char *what)
{
    if (db) {
        ss_error_clear(&db->err);
        ss_ctx ctx = {.err = &db->err};
        ss_ctx_error(&ctx, "22004", "%s: %s", function, what);
    }
    return SUNSTONE_MISUSE;
}

int ss_api_fail(sunstone *db)
{
    if (!db->err.message) {
        snprintf(db->err.sqlstate, sizeof db->err.sqlstate, "%s", SS_SQLSTATE_INTERNAL_ERROR);
        db->err.message = strdup("unknown error");
    }
    /* any error inside BEGIN ... COMMIT fails the block, as in PostgreSQL (25P02 until
       ROLLBACK); the 25P02 refusal itself leaves it as it is */
    if (db->txn.in_block)
        db->txn.failed = true;
    return SUNSTONE_ERROR;
}

static void database_free(ss_database *d);

static ss_database *database_create(void)
{
    ss_database *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    ss_registry_init(&d->registry);
    if (ss_catalog_init(&d->catalog)) {
        ss_registry_free(&d->registry);
        free(d);
        return NULL;
    }
    ss_settings_init(&d->defaults);
    if (ss_db_lock_init(d)) {
        ss_catalog_free(&d->catalog);
        ss_settings_free(&d->defaults);
        ss_registry_free(&d->registry);
        free(d);
        return NULL;
    }
    if (!(d->txns = ss_txn_manager_create())) {
        database_free(d);
        return NULL;
    }
    return d;
}

static void database_free(ss_database *d)
{
    ss_catalog_free(&d->catalog);
    ss_durable_free(d); /* after the catalog closed its backend */
    ss_settings_free(&d->defaults);
    ss_registry_free(&d->registry);
    ss_txn_manager_destroy(d->txns);
    ss_db_lock_destroy(d);
    free(d->plugin_dir);
    free(d);
}

int ss_session_open(ss_database *database, sunstone **out)
{
    *out = NULL;
    sunstone *db = calloc(1, sizeof *db);
    if (!db)
        return SUNSTONE_ERROR;
    if (!(db->seq_session = calloc(1, sizeof *db->seq_session)) ||
        ss_settings_copy(&db->settings, &database->defaults)) {
        free(db->seq_session);
        free(db);
        return SUNSTONE_ERROR;
    }
    ss_error_clear(&db->err);
    db->database = database;
    ss_txn_state_init(&db->txn, database->txns);
    if (ss_catalog_txn_attach(&db->txn, &database->catalog)) {
        ss_settings_free(&db->settings);
        free(db->seq_session);
        free(db);
        return SUNSTONE_ERROR;
    }
    db->next_session = database->sessions;
    if (database->sessions)
        database->sessions->prev_session = db;
    database->sessions = db;
    database->nsessions++;
    *out = db;
    return SUNSTONE_OK;
}

/* Unlinks a session without statements from its database and frees it; frees the database
 * with its last session (the other sessions' calls are over: it is the last). */
static void session_close(sunstone *db)
{
    ss_database *d = db->database;
    ss_db_lock_exclusive(d);
    if (db->prev_session)
        db->prev_session->next_session = db->next_session;
    else
        d->sessions = db->next_session;
    if (db->next_session)
        db->next_session->prev_session = db->prev_session;
    ss_db_release_parked(db);
    ss_cursor_close(&db->cursors, NULL); /* their queries stop before the tables they read may go */
    if (db->txn.active)
        ss_txn_state_abort(&db->txn); /* its DDL undone */
    ss_catalog_txn_detach(&db->txn);
    if (ss_catalog_reader() == &db->txn)
        ss_catalog_reader_set(NULL); /* this thread's reader must not outlive the session */
    ss_txn_history_sync(db, true); /* its history retention ends */
    ss_txn_state_free(&db->txn);
    ss_prepared_free_all(db);
    ss_settings_free(&db->settings);
    ss_error_clear(&db->err);
    ss_seq_session_free(db->seq_session);
    free(db);
    bool last = --d->nsessions == 0;
    ss_db_unlock(d);
    if (last)
        database_free(d);
}

int sunstone_open_session(sunstone *db, sunstone **session)
{
    if (session)
        *session = NULL;
    if (!db)
        return SUNSTONE_MISUSE;
    if (!session)
        return ss_api_misuse(db, "sunstone_open_session", "the session pointer is NULL");
    ss_error_clear(&db->err);
    ss_database *d = db->database;
    ss_db_lock_exclusive(d);
    int rc = ss_session_open(d, session);
    ss_db_unlock(d);
    if (rc) {
        ss_ctx ctx;
        ss_session_ctx(db, &ctx);
        ss_ctx_error(&ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return SUNSTONE_ERROR;
    }
    return SUNSTONE_OK;
}

int sunstone_open(const char *path, sunstone **out)
{
    return sunstone_open_v2(path, out, NULL);
}

int sunstone_open_v2(const char *path, sunstone **out, const sunstone_config *config)
{
    if (!out)
        return SUNSTONE_MISUSE;
    *out = NULL;
    ss_database *d = database_create();
    if (!d)
        return SUNSTONE_ERROR;
    sunstone *db;
    if (ss_session_open(d, &db)) {
        database_free(d);
        return SUNSTONE_ERROR;
    }
    *out = db;
    ss_catalog_reader_set(&db->txn); /* the new catalog is read as this session sees it */
    /* temporary files a crashed process left behind (exec/temp_files.h) */
    ss_temp_sweep();
    ss_ctx ctx;
    ss_session_ctx(db, &ctx);
    bool file = path && path[0] && strcmp(path, ":memory:") != 0;
    const char *dir = config && config->struct_size >= offsetof(sunstone_config, no_plugins) ? config->plugin_dir : NULL;
    if (!dir)
        dir = getenv("SUNSTONE_PLUGIN_PATH");
    if (!dir || !dir[0])
        dir = ss_loader_default_dir();
    d->plugin_dir = strdup(dir);
    if (!d->plugin_dir || ss_system_views_init(&d->catalog, &d->registry)) {
        ss_ctx_error(&ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return SUNSTONE_ERROR;
    }
    /* settings fixed at open (PostgreSQL's postmaster context): shared_buffers */
    const char *shared_buffers =
        config && config->struct_size >= offsetof(sunstone_config, shared_buffers) + sizeof(const char *)
            ? config->shared_buffers
            : NULL;
    if (!shared_buffers)
        shared_buffers = getenv("SUNSTONE_SHARED_BUFFERS");
    if (shared_buffers && shared_buffers[0] &&
        (ss_settings_set_startup(&ctx, &d->defaults, "shared_buffers", shared_buffers) != SS_OK ||
         ss_settings_set_startup(&ctx, &db->settings, "shared_buffers", shared_buffers) != SS_OK))
        return SUNSTONE_ERROR;
    bool no_plugins = config && config->struct_size > offsetof(sunstone_config, no_plugins) && config->no_plugins;
    if (!no_plugins && ss_loader_load_dir(&ctx, d->plugin_dir))
        return SUNSTONE_ERROR;
    ss_txn_history_open(d); /* the snapshot manager, for time travel (txn_as_of.c) */
    /* a database file: its backend and its catalog (durable.h) */
    if (file && ss_durable_open(&ctx, db, path) != SS_OK)
        return SUNSTONE_ERROR;
    return SUNSTONE_OK;
}

/* The session's temporary relations go with it, as PostgreSQL's at backend exit: its open
 * transaction is rolled back, then its pg_temp_N schema is dropped with all it holds in a
 * transaction of its own, without the cascade's notices.  A schema that could not be dropped
 * is orphaned (no session can reach it again). */
static void drop_temp_schema(sunstone *db)
{
    ss_catalog *c = &db->database->catalog;
    ss_db_lock_shared(db->database);
    ss_schema *temp = ss_ns_temp_of(c, &db->settings);
    char name[SS_NS_REF_MAX];
    if (temp)
        snprintf(name, sizeof name, "%s", temp->name);
    ss_db_unlock(db->database);
    if (!temp)
        return;
    ss_notice_sink saved = db->notices;
    db->notices.cb = NULL;
    if (db->txn.in_block)
        (void)sunstone_exec(db, "ROLLBACK", NULL, NULL);
    char sql[SS_NS_REF_MAX + 40];
    snprintf(sql, sizeof sql, "DROP SCHEMA \"%s\" CASCADE", name);
    (void)sunstone_exec(db, sql, NULL, NULL);
    db->notices = saved;
    ss_db_lock_exclusive(db->database);
    if ((temp = ss_ns_temp_of(c, &db->settings)))
        temp->temp_owner = c; /* not a session's settings: nobody's */
    ss_db_unlock(db->database);
}

int sunstone_close(sunstone *db)
{
    if (!db)
        return SUNSTONE_OK;
    if (db->nstmts) {
        /* as sqlite3_close: refuse, and leave the handle fully usable */
        ss_error_clear(&db->err);
        ss_ctx ctx;
        ss_session_ctx(db, &ctx);
        ss_ctx_error(&ctx, "55006", "unable to close: %u statement%s not finalized", db->nstmts,
                     db->nstmts == 1 ? " is" : "s are");
        ss_ctx_error_hint(&ctx, "Call sunstone_finalize on every statement of the handle first.");
        return SUNSTONE_BUSY;
    }
    drop_temp_schema(db);
    session_close(db);
    return SUNSTONE_OK;
}

int sunstone_interrupt(sunstone *db)
{
    if (!db)
        return SUNSTONE_MISUSE;
    /* async-signal-safe: one lock-free atomic store, nothing else */
    atomic_store_explicit(&db->interrupted, 1, memory_order_relaxed);
    return SUNSTONE_OK;
}

const char *sunstone_errmsg(sunstone *db)
{
    return db && db->err.message ? db->err.message : "not an error";
}

const char *sunstone_sqlstate(sunstone *db)
{
    return db ? db->err.sqlstate : "00000";
}

int sunstone_errpos(sunstone *db)
{
    return db ? db->err.position : 0;
}

const char *sunstone_errdetail(sunstone *db)
{
    return db ? db->err.detail : NULL;
}

const char *sunstone_errhint(sunstone *db)
{
    return db ? db->err.hint : NULL;
}

const char *sunstone_errcontext(sunstone *db)
{
    return db ? db->err.context : NULL;
}

int sunstone_load_plugin(sunstone *db, const char *path)
{
    if (!db)
        return SUNSTONE_MISUSE;
    if (!path)
        return ss_api_misuse(db, "sunstone_load_plugin", "path is NULL");
    ss_error_clear(&db->err);
    ss_ctx ctx;
    ss_session_ctx(db, &ctx);
    ss_db_lock_exclusive(db->database);
    int rc = ss_loader_load_file(&ctx, db->database->plugin_dir, path);
    ss_db_unlock(db->database);
    return rc == SS_OK ? SUNSTONE_OK : ss_api_fail(db);
}

/* Runs one statement to the end, feeding rows to cb. */
static int exec_one(sunstone *db, sunstone_stmt *st,
                    int (*cb)(void *, int, const char *const *, const char *const *), void *arg)
{
    int ncols = sunstone_column_count(st);
    const char **vals = calloc((size_t)(ncols ? ncols : 1), sizeof *vals);
    const char **names = calloc((size_t)(ncols ? ncols : 1), sizeof *names);
    if (!vals || !names) {
        free(vals);
        free(names);
        ss_ctx ctx;
        ss_session_ctx(db, &ctx);
        ss_ctx_error(&ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return SUNSTONE_ERROR;
    }
    for (int i = 0; i < ncols; i++)
        names[i] = sunstone_column_name(st, i);
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        for (int i = 0; i < ncols; i++)
            vals[i] = sunstone_column_text(st, i);
        if (cb && cb(arg, ncols, vals, names)) {
            rc = SUNSTONE_ERROR;
            ss_error_clear(&db->err);
            snprintf(db->err.sqlstate, sizeof db->err.sqlstate, "57014");
            db->err.message = strdup("query aborted by the callback");
            break;
        }
    }
    free(vals);
    free(names);
    return rc == SUNSTONE_DONE ? SUNSTONE_OK : SUNSTONE_ERROR;
}

int sunstone_exec(sunstone *db, const char *sql,
                  int (*cb)(void *, int, const char *const *, const char *const *), void *arg)
{
    if (!db)
        return SUNSTONE_MISUSE;
    if (!sql)
        return ss_api_misuse(db, "sunstone_exec", "sql is NULL");
    /* the whole string is parsed once, as PostgreSQL parses a simple query: a syntax error
       anywhere runs nothing */
    ss_error_clear(&db->err);
    size_t len = strlen(sql);
    if (ss_utf8_verify(&(ss_ctx){.err = &db->err}, sql, len))
        return ss_api_fail(db);
    ss_arena *arena = ss_arena_create();
    if (!arena)
        return ss_api_fail(db);
    ss_stack_mark mark;
    ss_stack_enter(&mark);
    ast_stmt **stmts;
    uint32_t n;
    if (ss_api_parse(db, arena, sql, len, &stmts, &n)) {
        ss_arena_destroy(arena);
        ss_stack_leave(&mark);
        return SUNSTONE_ERROR;
    }
    int rc = SUNSTONE_OK;
    size_t counted = 0, chars = 0; /* characters of sql[0..counted) */
    for (uint32_t i = 0; rc == SUNSTONE_OK && i < n; i++) {
        /* each statement keeps only its own text; AST locations and error positions stay
           relative to the whole string */
        size_t start = (size_t)stmts[i]->location;
        size_t slen = stmts[i]->length ? (size_t)stmts[i]->length : len - start;
        chars += ss_utf8_count(sql + counted, (uint32_t)(start - counted));
        counted = start;
        sunstone_stmt *st;
        /* PostgreSQL's simple query: no parameters */
        db->simple_query = true;
        ss_db_lock_shared(db->database);
        int created = ss_stmt_create(db, sql + start, slen, start, chars, NULL, stmts[i], &st);
        ss_db_unlock(db->database);
        db->simple_query = false;
        if (created) {
            rc = ss_api_fail(db);
            break;
        }
        rc = exec_one(db, st, cb, arg);
        sunstone_finalize(st);
    }
    ss_arena_destroy(arena);
    ss_stack_leave(&mark);
    return rc;
}
