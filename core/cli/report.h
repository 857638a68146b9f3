/* report.h — how the shell writes errors, warnings and notices to stderr, with psql's
 * prefixes ("sunstone:FILE:LINE: " while reading a script, "sunstone: error: " at startup). */
#ifndef SUNSTONE_CLI_REPORT_H
#define SUNSTONE_CLI_REPORT_H

#include "shell.h"

/* A server-style error: "ERROR:  msg", the LINE/caret context when pos > 0 (1-based character
 * position in query), then "DETAIL:  " and "HINT:  " lines; VERBOSITY verbose puts the
 * SQLSTATE before the message, terse keeps only the message (and " at character N"),
 * sqlstate only the SQLSTATE, as psql does. */
void report_sql_error(const shell *sh, const char *sqlstate, const char *msg, const char *detail,
                      const char *hint, const char *query, int pos);
/* The same with the error's CONTEXT line after DETAIL and HINT (unless SHOW_CONTEXT is never). */
void report_sql_error_context(const shell *sh, const char *sqlstate, const char *msg,
                              const char *detail, const char *hint, const char *context,
                              const char *query, int pos);
/* "NOTICE:  msg" (or whatever severity the kernel passes). */
void report_notice(const shell *sh, const char *severity, const char *msg);
/* A shell-level error or warning (bad meta-command, missing file, ...). */
void report_error(const shell *sh, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void report_warning(const shell *sh, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A continuation line of a shell-level message, such as psql's "Try \? for help." */
void report_hint_line(const shell *sh, const char *text);

#endif
