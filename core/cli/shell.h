/* shell.h — the state of one sunstone shell session: database handle, output settings,
 * variables with their side effects (ON_ERROR_STOP, ON_TRANSACTION_STOP, QUIET, VERBOSITY,
 * SHOW_CONTEXT), and where input currently comes from (used to prefix messages as psql does). */
#ifndef SUNSTONE_CLI_SHELL_H
#define SUNSTONE_CLI_SHELL_H

#include <stdbool.h>
#include <stdio.h>

#include "printer.h"
#include "sunstone.h"
#include "vars.h"

/* Exit codes, as psql's. */
#define EXIT_OK 0
#define EXIT_FAIL 1
#define EXIT_BADCONN 2
#define EXIT_USER 3

/* How many \i / \ir files may run inside one another (a file that includes itself would
 * otherwise exhaust the stack). */
#define SHELL_MAX_INCLUDE_DEPTH 64

/* VERBOSITY: how much of an error is shown, as psql's. */
typedef enum verbosity {
    VERBOSITY_DEFAULT,
    VERBOSITY_VERBOSE,
    VERBOSITY_TERSE,
    VERBOSITY_SQLSTATE,
} verbosity;

/* SHOW_CONTEXT: when CONTEXT lines of errors are shown (the kernel sends them for JSON input). */
typedef enum show_context {
    SHOW_CONTEXT_NEVER,
    SHOW_CONTEXT_ERRORS,
    SHOW_CONTEXT_ALWAYS,
} show_context;

typedef struct shell {
    sunstone *db;
    FILE *out;             /* query results, command tags, \qecho (\o redirects it) */
    FILE *console;         /* while \o redirects out: the output before (\echo, messages,
                              timing go there, as psql's stdout); NULL otherwise */
    bool out_is_pipe;      /* \o |command: out is a pipe (pclose) */
    FILE *err;             /* errors, warnings and notices */
    print_opts popt;
    char fieldsep[64];     /* storage for popt.fieldsep */
    char recordsep[64];    /* storage for popt.recordsep */
    char *null_display;    /* storage for popt.null_display (\pset null) */
    char *title;           /* storage for popt.title (\pset title, \C) */
    bool wrapped;          /* \pset format wrapped (drawn aligned) */
    int pager;             /* \pset pager: 0 off, 1 on, 2 always (the shell never pages) */
    int pager_min_lines;   /* \pset pager_min_lines */
    struct cond_stack *cond; /* the \if blocks of the input being read (conditional.h) */
    const char *gset_prefix; /* \gset [prefix] running: the next result goes to variables */
    bool gexec;            /* \gexec running: each cell of the next result is run as a statement */
    bool quiet;            /* QUIET: no command tags or status messages */
    bool on_error_stop;    /* ON_ERROR_STOP */
    bool on_txn_stop;      /* ON_TRANSACTION_STOP (on by default) */
    bool txn_stopped;      /* a refused transaction statement stopped non-interactive input */
    bool timing;           /* \timing */
    verbosity verbosity;   /* VERBOSITY */
    show_context context;  /* SHOW_CONTEXT */
    var_table vars;
    const char *inputfile; /* script being read (NULL: -c, interactive or plain stdin) */
    unsigned long lineno;  /* its current line */
    int include_depth;     /* \i / \ir files being run inside one another */
    bool terse;            /* set once commands run: errors lose the "sunstone: error:" prefix */
    bool interactive;      /* reading from a terminal */
    char *last_query;      /* last statement sent, for \g and \p */
    /* COPY's data (copy.c): the input the main loop reads (a line_source), \copy's files,
       the part of a line not yet handed over, whether a FROM STDIN is reading and ended */
    void *copy_src;
    FILE *copy_in, *copy_out;
    char *copy_pending;
    size_t copy_pending_len, copy_pending_pos;
    bool copy_reading, copy_ended;
    bool copy_to_output;   /* a COPY TO STDOUT wrote to the query output: psql shows no tag */
} shell;

void shell_init(shell *sh);
/* Where \echo, status messages and timing go: the output \o did not redirect. */
FILE *shell_console(const shell *sh);
/* Ends an \o redirection (closing its file or pipe): output goes back to the console. */
void shell_close_output(shell *sh);
void shell_free(shell *sh);
void shell_set_fieldsep(shell *sh, const char *sep);

/* Sets a variable, applying psql's checks for special ones; reports and returns false when
 * the name or value is not acceptable.  value NULL unsets it. */
bool shell_set_var(shell *sh, const char *name, const char *value);
/* Lookup function for the splitter and meta-command parser (arg is the shell). */
const char *shell_lookup_var(void *arg, const char *name);
/* Whether setting name has a side effect in the shell (ON_ERROR_STOP, QUIET, VERBOSITY, ...):
 * \gset leaves those alone, as psql. */
bool shell_var_is_special(const char *name);

#endif
