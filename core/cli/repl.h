/* repl.h — interactive mode: readline line editing with prompts "sunstone=> " and
 * "sunstone-> ", history kept in ~/.sunstone_history, Ctrl-C clears the input, Ctrl-D quits. */
#ifndef SUNSTONE_CLI_REPL_H
#define SUNSTONE_CLI_REPL_H

#include "shell.h"

/* Runs the interactive session; returns the exit code. */
int repl_run(shell *sh);

#endif
