/* fake_kernel.c — a scripted stand-in for libsunstone used by the shell's tests.  It
 * implements the public API: sunstone_prepare skips leading blanks and comments (answering
 * with no statement when nothing else is left), takes the text up to the next semicolon
 * outside single quotes, looks it up among the canned results and sets the tail past the
 * semicolon; sunstone_step hands out the canned rows; errors and notices are reported the way
 * the kernel does.  It records what the shell prepared. */
#include "fake_kernel.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RESULTS 64
#define MAX_LOG 128

struct sunstone {
    char errmsg[512];
    char sqlstate[6];
    int errpos;
    const char *detail;
    const char *hint;
    void (*notice_cb)(void *arg, const char *severity, const char *msg);
    void *notice_arg;
};

struct sunstone_stmt {
    sunstone *db;
    const fake_result *r;
    char *sql;
    int row; /* rows handed out so far */
    bool done;
};

static fake_result results[MAX_RESULTS];
static size_t nresults;
static char *prepared_log[MAX_LOG];
static size_t nprepared;
static const char *open_failure;
static char *open_path;
static char *plugin_dir;
static int open_handles;
static int live_statements;

void fake_kernel_reset(void)
{
    nresults = 0;
    for (size_t i = 0; i < nprepared; i++)
        free(prepared_log[i]);
    nprepared = 0;
    open_failure = NULL;
    free(open_path);
    free(plugin_dir);
    open_path = plugin_dir = NULL;
    open_handles = 0;
    live_statements = 0;
}

void fake_kernel_add(const fake_result *r)
{
    if (nresults < MAX_RESULTS)
        results[nresults++] = *r;
}

void fake_kernel_add_value(const char *sql, const char *column, uint32_t type, const char *v)
{
    fake_result r = {0};
    r.sql = sql;
    r.ncols = 1;
    r.names[0] = column;
    r.types[0] = type;
    r.nrows = 1;
    r.rows[0][0] = v;
    r.tag = "SELECT 1";
    fake_kernel_add(&r);
}

void fake_kernel_add_command(const char *sql, const char *tag)
{
    fake_result r = {0};
    r.sql = sql;
    r.tag = tag;
    fake_kernel_add(&r);
}

void fake_kernel_fail_open(const char *message)
{
    open_failure = message;
}

size_t fake_kernel_prepared_count(void)
{
    return nprepared;
}

const char *fake_kernel_prepared(size_t i)
{
    return i < nprepared ? prepared_log[i] : NULL;
}

const char *fake_kernel_open_path(void)
{
    return open_path;
}

const char *fake_kernel_plugin_dir(void)
{
    return plugin_dir;
}

int fake_kernel_open_handles(void)
{
    return open_handles;
}

int fake_kernel_live_statements(void)
{
    return live_statements;
}

static void clear_error(sunstone *db)
{
    db->errmsg[0] = '\0';
    strcpy(db->sqlstate, "00000");
    db->errpos = 0;
    db->detail = NULL;
    db->hint = NULL;
}

static void set_error(sunstone *db, const char *msg, int pos, const char *detail, const char *hint)
{
    snprintf(db->errmsg, sizeof db->errmsg, "%s", msg);
    strcpy(db->sqlstate, "XX000");
    db->errpos = pos;
    db->detail = detail;
    db->hint = hint;
}

static void set_result_error(sunstone *db, const fake_result *r)
{
    set_error(db, r->error, r->errpos, r->detail, r->hint);
    if (r->sqlstate)
        snprintf(db->sqlstate, sizeof db->sqlstate, "%s", r->sqlstate);
}

const char *sunstone_version(void)
{
    return "0.0-fake";
}

int sunstone_open_v2(const char *path, sunstone **db, const sunstone_config *config)
{
    *db = calloc(1, sizeof(sunstone));
    clear_error(*db);
    open_handles++;
    free(open_path);
    open_path = path ? strdup(path) : NULL;
    if (config && config->plugin_dir) {
        free(plugin_dir);
        plugin_dir = strdup(config->plugin_dir);
    }
    if (open_failure) {
        set_error(*db, open_failure, 0, NULL, NULL);
        return SUNSTONE_ERROR;
    }
    return SUNSTONE_OK;
}

int sunstone_open(const char *path, sunstone **db)
{
    return sunstone_open_v2(path, db, NULL);
}

int sunstone_close(sunstone *db)
{
    free(db);
    open_handles--;
    return SUNSTONE_OK;
}

int sunstone_exec(sunstone *db, const char *sql,
                  int (*cb)(void *arg, int ncols, const char *const *values,
                            const char *const *names),
                  void *arg)
{
    (void)cb;
    (void)arg;
    (void)sql;
    set_error(db, "sunstone_exec is not used by the shell", 0, NULL, NULL);
    return SUNSTONE_ERROR;
}

int sunstone_prepare_v3(sunstone *db, const char *sql, int nbytes, unsigned flags, sunstone_stmt **stmt,
                        const char **tail)
{
    (void)flags; /* canned statements have no parameters */
    return sunstone_prepare(db, sql, nbytes, stmt, tail);
}

int sunstone_prepare(sunstone *db, const char *sql, int nbytes, sunstone_stmt **stmt,
                     const char **tail)
{
    clear_error(db);
    *stmt = NULL;
    size_t len = nbytes < 0 ? strlen(sql) : (size_t)nbytes;
    size_t start = 0;
    for (;;) {
        while (start < len && isspace((unsigned char)sql[start]))
            start++;
        if (start + 1 < len && sql[start] == '-' && sql[start + 1] == '-') {
            while (start < len && sql[start] != '\n')
                start++;
        } else if (start + 1 < len && sql[start] == '/' && sql[start + 1] == '*') {
            const char *close = strstr(sql + start + 2, "*/");
            start = close ? (size_t)(close - sql) + 2 : len;
        } else {
            break;
        }
    }
    size_t end = start;
    bool quoted = false;
    while (end < len && (quoted || sql[end] != ';')) {
        if (sql[end] == '\'')
            quoted = !quoted;
        end++;
    }
    if (tail)
        *tail = sql + (end < len ? end + 1 : end);
    size_t stop = end;
    while (stop > start && isspace((unsigned char)sql[stop - 1]))
        stop--;
    if (stop == start)
        return SUNSTONE_OK;
    char *text = strndup(sql + start, stop - start);
    if (nprepared < MAX_LOG)
        prepared_log[nprepared++] = strdup(text);
    const fake_result *r = NULL;
    for (size_t i = 0; i < nresults; i++)
        if (strcmp(results[i].sql, text) == 0)
            r = &results[i];
    if (!r) {
        char msg[400];
        snprintf(msg, sizeof msg, "fake kernel has no result for \"%s\"", text);
        set_error(db, msg, 0, NULL, NULL);
        free(text);
        return SUNSTONE_ERROR;
    }
    if (r->error && !r->fail_at_step) {
        set_result_error(db, r);
        free(text);
        return SUNSTONE_ERROR;
    }
    sunstone_stmt *st = calloc(1, sizeof *st);
    st->db = db;
    st->r = r;
    st->sql = text;
    live_statements++;
    *stmt = st;
    return SUNSTONE_OK;
}

int sunstone_finalize(sunstone_stmt *stmt)
{
    if (!stmt)
        return SUNSTONE_OK;
    free(stmt->sql);
    free(stmt);
    live_statements--;
    return SUNSTONE_OK;
}

int sunstone_reset(sunstone_stmt *stmt)
{
    stmt->row = 0;
    stmt->done = false;
    return SUNSTONE_OK;
}

int sunstone_bind_parameter_count(sunstone_stmt *stmt)
{
    (void)stmt;
    return 0;
}

int sunstone_bind_null(sunstone_stmt *stmt, int idx)
{
    (void)stmt;
    (void)idx;
    return SUNSTONE_RANGE;
}

int sunstone_bind_int64(sunstone_stmt *stmt, int idx, int64_t value)
{
    (void)stmt;
    (void)idx;
    (void)value;
    return SUNSTONE_RANGE;
}

int sunstone_bind_double(sunstone_stmt *stmt, int idx, double value)
{
    (void)stmt;
    (void)idx;
    (void)value;
    return SUNSTONE_RANGE;
}

int sunstone_bind_bool(sunstone_stmt *stmt, int idx, bool value)
{
    (void)stmt;
    (void)idx;
    (void)value;
    return SUNSTONE_RANGE;
}

int sunstone_bind_text(sunstone_stmt *stmt, int idx, const char *value, int nbytes)
{
    (void)stmt;
    (void)idx;
    (void)value;
    (void)nbytes;
    return SUNSTONE_RANGE;
}

int sunstone_clear_bindings(sunstone_stmt *stmt)
{
    (void)stmt;
    return SUNSTONE_OK;
}

int sunstone_step(sunstone_stmt *stmt)
{
    const fake_result *r = stmt->r;
    sunstone *db = stmt->db;
    clear_error(db);
    if (stmt->row == 0 && !stmt->done && r->notice && db->notice_cb)
        db->notice_cb(db->notice_arg, "NOTICE", r->notice);
    if (r->error) {
        set_result_error(db, r);
        return SUNSTONE_ERROR;
    }
    if (stmt->row < r->nrows) {
        stmt->row++;
        return SUNSTONE_ROW;
    }
    stmt->done = true;
    return SUNSTONE_DONE;
}

int sunstone_column_count(sunstone_stmt *stmt)
{
    return stmt->r->ncols;
}

bool sunstone_stmt_returns_rows(sunstone_stmt *stmt)
{
    return stmt->r->ncols > 0 || (stmt->r->tag && strncmp(stmt->r->tag, "SELECT", 6) == 0);
}

const char *sunstone_column_name(sunstone_stmt *stmt, int col)
{
    return col >= 0 && col < stmt->r->ncols ? stmt->r->names[col] : NULL;
}

uint32_t sunstone_column_type(sunstone_stmt *stmt, int col)
{
    return col >= 0 && col < stmt->r->ncols ? (stmt->r->types[col] ? stmt->r->types[col] : 25) : 0;
}

bool sunstone_column_is_null(sunstone_stmt *stmt, int col)
{
    return sunstone_column_text(stmt, col) == NULL;
}

int64_t sunstone_column_int64(sunstone_stmt *stmt, int col)
{
    const char *v = sunstone_column_text(stmt, col);
    return v ? strtoll(v, NULL, 10) : 0;
}

double sunstone_column_double(sunstone_stmt *stmt, int col)
{
    const char *v = sunstone_column_text(stmt, col);
    return v ? strtod(v, NULL) : 0.0;
}

const char *sunstone_column_text(sunstone_stmt *stmt, int col)
{
    if (stmt->row == 0 || col < 0 || col >= stmt->r->ncols)
        return NULL;
    return stmt->r->rows[stmt->row - 1][col];
}

int sunstone_column_bytes(sunstone_stmt *stmt, int col)
{
    const char *v = sunstone_column_text(stmt, col);
    return v ? (int)strlen(v) : 0;
}

const char *sunstone_command_tag(sunstone_stmt *stmt)
{
    return stmt->done ? stmt->r->tag : NULL;
}

int64_t sunstone_changes(sunstone_stmt *stmt)
{
    return stmt->r->nrows;
}

const char *sunstone_sql(sunstone_stmt *stmt)
{
    return stmt->sql;
}

const char *sunstone_errmsg(sunstone *db)
{
    return db->errmsg;
}

const char *sunstone_sqlstate(sunstone *db)
{
    return db->sqlstate;
}

int sunstone_errpos(sunstone *db)
{
    return db->errpos;
}

const char *sunstone_errdetail(sunstone *db)
{
    return db->detail;
}

const char *sunstone_errhint(sunstone *db)
{
    return db->hint;
}

const char *sunstone_errcontext(sunstone *db)
{
    (void)db;
    return NULL;
}

int sunstone_set_notice_handler(sunstone *db,
                                void (*cb)(void *arg, const char *severity, const char *msg),
                                void *arg)
{
    db->notice_cb = cb;
    db->notice_arg = arg;
    return SUNSTONE_OK;
}

/* The scripted kernel runs no COPY: the shell's copy handler is accepted and never called. */
int sunstone_set_copy_handler(sunstone *db, int (*read)(void *arg, char *buf, size_t size, size_t *n),
                              int (*write)(void *arg, const char *data, size_t len), void *arg)
{
    (void)db;
    (void)read;
    (void)write;
    (void)arg;
    return SUNSTONE_OK;
}

int sunstone_interrupt(sunstone *db)
{
    (void)db;
    return SUNSTONE_OK;
}

int sunstone_transaction_status(sunstone *db)
{
    (void)db;
    return SUNSTONE_TXN_IDLE;
}

int sunstone_load_plugin(sunstone *db, const char *path)
{
    (void)path;
    set_error(db, "plugins are not available in the fake kernel", 0, NULL, NULL);
    return SUNSTONE_ERROR;
}
