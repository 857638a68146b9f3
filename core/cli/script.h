/* script.h — runs a script file (-f, \i, ~/.sunstonerc) or piped standard input through the
 * main loop, with psql's "sunstone:FILE:LINE:" message prefixes. */
#ifndef SUNSTONE_CLI_SCRIPT_H
#define SUNSTONE_CLI_SCRIPT_H

#include <stdio.h>

#include "shell.h"

/* Runs the file at path ("-" is standard input, reported as "<stdin>").  Returns EXIT_OK,
 * EXIT_FAIL when it cannot be opened or read, or EXIT_USER when ON_ERROR_STOP ended it. */
int script_run_file(shell *sh, const char *path);

/* Runs an already open stream; name is used in message prefixes (NULL: no prefix, as for
 * piped standard input). */
int script_run_stream(shell *sh, FILE *in, const char *name);

#endif
