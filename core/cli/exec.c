/* exec.c — runs SQL text through the kernel (sunstone_prepare/step/finalize, following the
 * tail pointer through every statement) and prints, as psql does: a table for statements
 * that return columns (followed by the command tag for INSERT/UPDATE/DELETE ... RETURNING),
 * the command tag otherwise (unless quiet), errors with the cursor position translated to
 * the whole text, and the "Time:" line when \timing is on.  A transaction statement the
 * kernel refuses (0A000) stops non-interactive input unless ON_TRANSACTION_STOP is off, since
 * what follows would commit statement by statement; at the prompt it adds a warning. */
#include "exec.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cancel.h"
#include "copy.h"
#include "printer.h"
#include "report.h"
#include "timing.h"
#include "txncontrol.h"
#include "width.h"
#include "xalloc.h"

void exec_notice_handler(void *arg, const char *severity, const char *msg)
{
    report_notice(arg, severity, msg);
}

/* Reports the handle's current error; offset_chars is the number of characters of sql that
 * precede the text passed to the kernel, so that the position counts from the start of sql. */
static void report_db_error(shell *sh, const char *sql, size_t offset_chars)
{
    int pos = sunstone_errpos(sh->db);
    const char *msg = sunstone_errmsg(sh->db);
    report_sql_error_context(sh, sunstone_sqlstate(sh->db), msg, sunstone_errdetail(sh->db),
                             sunstone_errhint(sh->db), sunstone_errcontext(sh->db), sql,
                             pos > 0 ? pos + (int)offset_chars : 0);
}

/* Called after a statement failed; stmt_sql is its text. */
static void check_refused_transaction(shell *sh, const char *stmt_sql)
{
    const char *state = sunstone_sqlstate(sh->db);
    if (!state || strcmp(state, "0A000") != 0 || !is_transaction_control(stmt_sql))
        return;
    if (sh->interactive) {
        report_warning(sh, "this transaction statement is not supported: the following "
                           "statements do not run in the transaction it meant");
    } else if (sh->on_txn_stop && !sh->on_error_stop) {
        report_error(sh, "stopping: this transaction statement is not supported, so the "
                         "statements after it would not run in the transaction it meant "
                         "(\\set ON_TRANSACTION_STOP off to go on)");
        sh->txn_stopped = true;
    }
}

static bool tag_follows_rows(const char *tag)
{
    return strncmp(tag, "INSERT", 6) == 0 || strncmp(tag, "UPDATE", 6) == 0 ||
           strncmp(tag, "DELETE", 6) == 0;
}

/* Steps a prepared statement to the end, storing its columns and rows in *t (initialised
 * here).  Returns the final step code. */
static int fetch_all(sunstone_stmt *st, int ncols, result_table *t)
{
    table_init(t, (size_t)ncols);
    for (int i = 0; i < ncols; i++) {
        const char *name = sunstone_column_name(st, i);
        table_set_column(t, (size_t)i, name ? name : "?column?",
                         align_for_type(sunstone_column_type(st, i)));
    }
    const char **values = xcalloc((size_t)(ncols > 0 ? ncols : 1), sizeof(char *));
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        for (int i = 0; i < ncols; i++)
            values[i] = sunstone_column_text(st, i);
        table_add_row(t, values);
    }
    free(values);
    return rc;
}

/* \gset: the only row's values into variables named prefix + column name (a NULL unsets
   the variable), as psql's StoreQueryTuple. */
static bool store_gset(shell *sh, const result_table *t)
{
    if (t->nrows == 0) {
        report_error(sh, "no rows returned for \\gset");
        return false;
    }
    if (t->nrows > 1) {
        report_error(sh, "more than one row returned for \\gset");
        return false;
    }
    for (size_t j = 0; j < t->ncols; j++) {
        buf name;
        buf_init(&name);
        buf_printf(&name, "%s%s", sh->gset_prefix, t->headers[j]);
        bool ok = true;
        if (shell_var_is_special(name.data)) {
            report_warning(sh, "attempt to \\gset into specially treated variable \"%s\" ignored", name.data);
        } else {
            ok = shell_set_var(sh, name.data, table_cell(t, 0, j));
        }
        buf_free(&name);
        if (!ok)
            return false;
    }
    return true;
}

bool exec_sql(shell *sh, const char *sql);

/* \gexec: each non-NULL cell of the result, row by row and left to right, run as a statement
   with its outcome printed, as psql's ExecQueryTuples (a failed one stops the rest only under
   ON_ERROR_STOP; the result itself is not printed). */
static bool run_gexec(shell *sh, const result_table *t)
{
    bool ok = true;
    sh->gexec = false;
    for (size_t i = 0; i < t->nrows; i++)
        for (size_t j = 0; j < t->ncols; j++) {
            const char *cell = table_cell(t, i, j);
            if (!cell)
                continue;
            if (!exec_sql(sh, cell)) {
                ok = false;
                if (sh->on_error_stop)
                    goto out;
            }
        }
out:
    sh->gexec = true;
    return ok;
}

/* Runs one prepared statement and prints its outcome. */
static bool run_statement(shell *sh, sunstone_stmt *st, const char *sql, size_t offset_chars)
{
    int ncols = sunstone_column_count(st);
    result_table t;
    int rc = fetch_all(st, ncols, &t);
    if (rc != SUNSTONE_DONE) {
        table_free(&t);
        report_db_error(sh, sql, offset_chars);
        return false;
    }
    const char *tag = sunstone_command_tag(st);
    if (sunstone_stmt_returns_rows(st) && sh->gset_prefix) {
        bool ok = store_gset(sh, &t);
        table_free(&t);
        return ok;
    }
    if (sunstone_stmt_returns_rows(st) && sh->gexec) {
        bool ok = run_gexec(sh, &t);
        table_free(&t);
        return ok;
    }
    if (sunstone_stmt_returns_rows(st)) {
        print_table(sh->out, &t, &sh->popt);
        if (tag && !sh->quiet && tag_follows_rows(tag))
            fprintf(sh->out, "%s\n", tag);
    } else if (tag && *tag && !sh->quiet && !sh->copy_to_output) {
        fprintf(sh->out, "%s\n", tag);
    }
    table_free(&t);
    return true;
}

bool exec_sql(shell *sh, const char *sql)
{
    double start = sh->timing ? timing_now_ms() : 0.0;
    bool ok = true;
    const char *p = sql, *counted = sql;
    size_t offset = 0; /* characters of sql before counted: each byte is counted once */
    cancel_begin(sh->db); /* Ctrl-C now cancels the statement (57014) */
    for (;;) {
        while (*p && (isspace((unsigned char)*p) || *p == ';'))
            p++;
        if (!*p)
            break;
        offset += utf8_char_count(counted, (size_t)(p - counted));
        counted = p;
        sunstone_stmt *st = NULL;
        const char *tail = NULL;
        /* as psql's simple query: a $1 in typed SQL is an error, not an unbound NULL */
        if (sunstone_prepare_v3(sh->db, p, -1, SUNSTONE_PREPARE_NO_PARAMS, &st, &tail) != SUNSTONE_OK) {
            report_db_error(sh, sql, offset);
            check_refused_transaction(sh, p);
            if (st)
                sunstone_finalize(st);
            ok = false;
            break;
        }
        if (!st)
            break;
        ok = run_statement(sh, st, sql, offset);
        sunstone_finalize(st);
        copy_after_statement(sh);
        if (!ok)
            check_refused_transaction(sh, p);
        if (!ok || !tail || tail <= p)
            break;
        p = tail;
    }
    cancel_end();
    fflush(sh->out);
    if (sh->timing) {
        buf line;
        buf_init(&line);
        format_timing(&line, timing_now_ms() - start);
        fprintf(shell_console(sh), "%s\n", line.data);
        buf_free(&line);
        fflush(shell_console(sh));
    }
    return ok;
}

bool exec_collect(shell *sh, const char *sql, result_table *out)
{
    sunstone_stmt *st = NULL;
    if (sunstone_prepare(sh->db, sql, -1, &st, NULL) != SUNSTONE_OK) {
        report_db_error(sh, sql, 0);
        if (st)
            sunstone_finalize(st);
        return false;
    }
    if (!st) {
        table_init(out, 0);
        return true;
    }
    int rc = fetch_all(st, sunstone_column_count(st), out);
    if (rc != SUNSTONE_DONE) {
        table_free(out);
        report_db_error(sh, sql, 0);
        sunstone_finalize(st);
        return false;
    }
    sunstone_finalize(st);
    return true;
}
