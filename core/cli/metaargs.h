/* metaargs.h — parses one backslash meta-command (name and arguments) the way psql does:
 * arguments are separated by whitespace; '...' is unquoted with C-like escapes; "..." is
 * kept with its quotes; :name, :'name' and :"name" are substituted; the command ends at the
 * end of the line, at the next backslash, or at "\\" (after which SQL continues). */
#ifndef SUNSTONE_CLI_METAARGS_H
#define SUNSTONE_CLI_METAARGS_H

#include <stddef.h>

#include "splitter.h"

typedef struct meta_command {
    char *name;      /* without the backslash, e.g. "dt+" */
    char **args;
    size_t nargs;
    size_t consumed; /* bytes of the input this command used, from its backslash */
} meta_command;

/* text starts at the backslash.  lookup may be NULL (no variable substitution). */
void meta_parse(const char *text, split_var_lookup lookup, void *lookup_arg, meta_command *out);
void meta_command_free(meta_command *cmd);

#endif
