/* copy.h — COPY's data in the shell, as psql handles it: COPY ... FROM STDIN reads the lines
 * after the statement from the current input up to a "\." line (the rest is skipped when the
 * COPY fails midway), COPY ... TO STDOUT writes to the query output, and \copy runs COPY ...
 * FROM STDIN / TO STDOUT with a file the shell opens (relative to the shell's directory). */
#ifndef SUNSTONE_CLI_COPY_H
#define SUNSTONE_CLI_COPY_H

#include <stdbool.h>
#include <stddef.h>

#include "shell.h"

/* Installs the shell's copy handler on its database handle. */
void copy_install(shell *sh);
/* Called after each statement: skips what is left of COPY FROM STDIN's data in the input. */
void copy_after_statement(shell *sh);
/* When text (from the backslash) is a \copy command: runs it, sets *consumed (the whole line)
 * and *ok, and returns true. */
bool copy_meta(shell *sh, const char *text, size_t *consumed, bool *ok);

#endif
