/* exec.h — runs SQL text through the kernel and prints what psql prints for each statement:
 * the result table, the command tag, errors with their context, and the \timing line. */
#ifndef SUNSTONE_CLI_EXEC_H
#define SUNSTONE_CLI_EXEC_H

#include <stdbool.h>

#include "shell.h"
#include "table.h"

/* Executes every statement in sql in turn; stops at the first error.  Returns true when all
 * statements succeeded. */
bool exec_sql(shell *sh, const char *sql);

/* Runs one query and collects its rows (all values as text) into out, printing nothing but
 * errors.  On success out must be freed with table_free. */
bool exec_collect(shell *sh, const char *sql, result_table *out);

/* Kernel notice callback; arg is the shell. */
void exec_notice_handler(void *arg, const char *severity, const char *msg);

#endif
