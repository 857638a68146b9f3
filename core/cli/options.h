/* options.h — command-line parsing for the sunstone shell, getopt_long-compatible (clustered
 * short options such as -At, attached or separate arguments, unambiguous long-option
 * prefixes, options after positional arguments, "--"), without global state. */
#ifndef SUNSTONE_CLI_OPTIONS_H
#define SUNSTONE_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

typedef enum cli_action_kind {
    ACTION_SQL,  /* -c text that is SQL */
    ACTION_META, /* -c text that starts with a backslash */
    ACTION_FILE, /* -f FILE */
} cli_action_kind;

typedef struct cli_action {
    cli_action_kind kind;
    char *value;
} cli_action;

typedef struct cli_options {
    cli_action *actions; /* -c and -f in command-line order */
    size_t nactions;
    char **assignments;  /* -v/--set NAME=VALUE (or NAME alone: unset), in order */
    size_t nassignments;
    char **extra_args;   /* positional arguments after DBPATH (warned about, ignored) */
    size_t nextra;
    char *dbpath;        /* NULL: in-memory database */
    char *plugin_dir;
    char *fieldsep;      /* NULL: default "|" */
    char *recordsep;     /* -R: NULL: default newline */
    char **psets;        /* -P/--pset NAME[=VALUE], in order */
    size_t npsets;
    bool unaligned;
    bool csv;            /* --csv */
    bool expanded;       /* -x */
    bool tuples_only;
    bool no_rc;
    bool quiet;
    bool help;
    bool version;
} cli_options;

/* Returns false with a getopt-style message in err (without the trailing hint). */
bool options_parse(int argc, char *const argv[], cli_options *out, buf *err);
void options_free(cli_options *opts);

#endif
