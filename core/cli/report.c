/* report.c — writes errors, warnings and notices to the shell's error stream with psql's
 * prefixes: "sunstone:FILE:LINE: " while a script is read, "sunstone: " plus the level before
 * the first command runs, nothing in -c and interactive use.  Errors follow VERBOSITY as
 * libpq lays them out (there is no LOCATION line: the kernel reports no source location).
 * Standard output is flushed first so that both streams interleave in order. */
#include "report.h"

#include <stdarg.h>

#include "buf.h"
#include "errcontext.h"

static void put_location(const shell *sh)
{
    fflush(sh->out);
    if (sh->inputfile && sh->lineno > 0)
        fprintf(sh->err, "sunstone:%s:%lu: ", sh->inputfile, sh->lineno);
    else if (sh->inputfile)
        fprintf(sh->err, "sunstone:%s: ", sh->inputfile);
}

void report_sql_error(const shell *sh, const char *sqlstate, const char *msg, const char *detail,
                      const char *hint, const char *query, int pos)
{
    report_sql_error_context(sh, sqlstate, msg, detail, hint, NULL, query, pos);
}

void report_sql_error_context(const shell *sh, const char *sqlstate, const char *msg,
                              const char *detail, const char *hint, const char *context,
                              const char *query, int pos)
{
    put_location(sh);
    bool has_state = sqlstate && *sqlstate;
    if (sh->verbosity == VERBOSITY_SQLSTATE && has_state) {
        fprintf(sh->err, "ERROR:  %s\n", sqlstate);
        fflush(sh->err);
        return;
    }
    bool terse = sh->verbosity == VERBOSITY_TERSE || sh->verbosity == VERBOSITY_SQLSTATE;
    fputs("ERROR:  ", sh->err);
    if (sh->verbosity == VERBOSITY_VERBOSE && has_state)
        fprintf(sh->err, "%s: ", sqlstate);
    fputs(msg ? msg : "unknown error", sh->err);
    if (terse) {
        if (pos > 0)
            fprintf(sh->err, " at character %d", pos);
        fputc('\n', sh->err);
        fflush(sh->err);
        return;
    }
    fputc('\n', sh->err);
    if (pos > 0 && query) {
        buf ctx;
        buf_init(&ctx);
        if (format_error_context(&ctx, query, pos))
            fputs(ctx.data, sh->err);
        buf_free(&ctx);
    }
    if (detail && *detail)
        fprintf(sh->err, "DETAIL:  %s\n", detail);
    if (hint && *hint)
        fprintf(sh->err, "HINT:  %s\n", hint);
    if (context && *context && sh->context != SHOW_CONTEXT_NEVER)
        fprintf(sh->err, "CONTEXT:  %s\n", context);
    fflush(sh->err);
}

void report_notice(const shell *sh, const char *severity, const char *msg)
{
    put_location(sh);
    fprintf(sh->err, "%s:  %s\n", severity && *severity ? severity : "NOTICE", msg ? msg : "");
    fflush(sh->err);
}

static void report_level(const shell *sh, const char *level, const char *fmt, va_list ap)
{
    put_location(sh);
    if (!sh->inputfile && !sh->terse)
        fputs("sunstone: ", sh->err);
    if (sh->inputfile || !sh->terse)
        fprintf(sh->err, "%s: ", level);
    vfprintf(sh->err, fmt, ap);
    fputc('\n', sh->err);
    fflush(sh->err);
}

void report_error(const shell *sh, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report_level(sh, "error", fmt, ap);
    va_end(ap);
}

void report_warning(const shell *sh, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report_level(sh, "warning", fmt, ap);
    va_end(ap);
}

void report_hint_line(const shell *sh, const char *text)
{
    fprintf(sh->err, "%s\n", text);
    fflush(sh->err);
}
