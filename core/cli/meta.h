/* meta.h — executes backslash meta-commands (\q, \timing, \i, \echo, \d, \dt, \dx, \set, ...)
 * as psql does, including its messages for unknown commands and ignored arguments. */
#ifndef SUNSTONE_CLI_META_H
#define SUNSTONE_CLI_META_H

#include "metaargs.h"
#include "shell.h"
#include "splitter.h"

typedef enum meta_status {
    META_OK,
    META_ERROR,
    META_QUIT, /* \q: stop reading the current input */
} meta_status;

/* sp is the query buffer being accumulated (for \g, \p, \r); NULL when there is none (-c). */
meta_status meta_execute(shell *sh, const meta_command *cmd, splitter *sp);

/* Runs a -c string that starts with a backslash: its first meta-command only, as psql. */
meta_status meta_execute_string(shell *sh, const char *text);

#endif
