/* database.c — opening and closing a database handle, errors and notices on it, and
 * sunstone_exec (run every statement of a string). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/statement.h"
#include "loader/loader.h"

#ifndef SUNSTONE_VERSION
#define SUNSTONE_VERSION "0.0.0"
#endif

const char *sunstone_version(void)
{
    return SUNSTONE_VERSION;
}

void ss_db_notice(struct sunstone *db, const char *fmt, ...)
{
    if (!db->notice_cb)
        return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    db->notice_cb(db->notice_arg, "NOTICE", msg);
}

void sunstone_set_notice_handler(sunstone *db, void (*cb)(void *, const char *, const char *), void *arg)
{
    db->notice_cb = cb;
    db->notice_arg = arg;
}

int ss_api_fail(sunstone *db)
{
    if (!db->err.message) {
        snprintf(db->err.sqlstate, sizeof db->err.sqlstate, "%s", SS_SQLSTATE_INTERNAL_ERROR);
        db->err.message = strdup("unknown error");
    }
    return SUNSTONE_ERROR;
}

static void db_ctx(sunstone *db, ss_ctx *ctx)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->db = db;
    ctx->err = &db->err;
}

int sunstone_open(const char *path, sunstone **out)
{
    return sunstone_open_v2(path, out, NULL);
}

int sunstone_open_v2(const char *path, sunstone **out, const sunstone_config *config)
{
    *out = NULL;
    sunstone *db = calloc(1, sizeof *db);
    if (!db)
        return SUNSTONE_ERROR;
    *out = db;
    ss_error_clear(&db->err);
    ss_registry_init(&db->registry);
    ss_catalog_init(&db->catalog);
    ss_settings_init(&db->settings);
    ss_ctx ctx;
    db_ctx(db, &ctx);
    if (path && path[0] && strcmp(path, ":memory:") != 0) {
        ss_ctx_error(&ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                     "feature not supported: database files (\"%s\"); only in-memory databases exist so far",
                     path);
        ss_ctx_error_hint(&ctx, "Start without a database path for an in-memory database.");
        return SUNSTONE_ERROR;
    }
    const char *dir = config && config->struct_size >= sizeof(sunstone_config) ? config->plugin_dir : NULL;
    if (!dir)
        dir = getenv("SUNSTONE_PLUGIN_PATH");
    if (!dir || !dir[0])
        dir = ss_loader_default_dir();
    db->plugin_dir = strdup(dir);
    if (!db->plugin_dir || ss_system_views_init(&db->catalog, db)) {
        ss_ctx_error(&ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return SUNSTONE_ERROR;
    }
    bool no_plugins = config && config->struct_size >= sizeof(sunstone_config) && config->no_plugins;
    if (!no_plugins && ss_loader_load_dir(&ctx, db, db->plugin_dir))
        return SUNSTONE_ERROR;
    return SUNSTONE_OK;
}

int sunstone_close(sunstone *db)
{
    if (!db)
        return SUNSTONE_OK;
    ss_db_release_parked(db);
    ss_catalog_free(&db->catalog);
    ss_settings_free(&db->settings);
    ss_registry_free(&db->registry);
    ss_error_clear(&db->err);
    free(db->plugin_dir);
    free(db);
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

int sunstone_load_plugin(sunstone *db, const char *path)
{
    ss_error_clear(&db->err);
    ss_ctx ctx;
    db_ctx(db, &ctx);
    return ss_loader_load_file(&ctx, db, path) == SS_OK ? SUNSTONE_OK : ss_api_fail(db);
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
        db_ctx(db, &ctx);
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
    /* the whole string is parsed once, as PostgreSQL parses a simple query: a syntax error
       anywhere runs nothing */
    ss_error_clear(&db->err);
    size_t len = strlen(sql);
    ss_arena *arena = ss_arena_create();
    if (!arena)
        return ss_api_fail(db);
    ast_stmt **stmts;
    uint32_t n;
    if (ss_api_parse(db, arena, sql, len, &stmts, &n)) {
        ss_arena_destroy(arena);
        return SUNSTONE_ERROR;
    }
    int rc = SUNSTONE_OK;
    for (uint32_t i = 0; rc == SUNSTONE_OK && i < n; i++) {
        sunstone_stmt *st;
        /* the full text: AST locations and error positions are relative to it */
        db->simple_query = true; /* PostgreSQL's simple query: no parameters */
        int created = ss_stmt_create(db, sql, len, NULL, stmts[i], &st);
        db->simple_query = false;
        if (created) {
            rc = ss_api_fail(db);
            break;
        }
        rc = exec_one(db, st, cb, arg);
        sunstone_finalize(st);
    }
    ss_arena_destroy(arena);
    return rc;
}
