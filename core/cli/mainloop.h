/* mainloop.h — the read-lex-execute loop shared by scripts, piped input and the interactive
 * prompt: lines come from a line_source, statements go to the kernel, meta-commands to meta.c. */
#ifndef SUNSTONE_CLI_MAINLOOP_H
#define SUNSTONE_CLI_MAINLOOP_H

#include <stdbool.h>

#include "shell.h"

typedef enum read_result {
    READ_LINE,        /* *line holds a malloc'd line without its newline */
    READ_EOF,
    READ_INTERRUPTED, /* Ctrl-C at the prompt: discard the query being typed */
} read_result;

typedef struct line_source {
    /* prompt is NULL for non-interactive sources. */
    read_result (*read)(struct line_source *src, const char *prompt, char **line);
    /* Called with the complete text of each command entered (interactive history); may be NULL. */
    void (*remember)(struct line_source *src, const char *text);
    bool interactive;
    void *ctx;
} line_source;

/* Runs until end of input or \q.  Returns EXIT_OK, or EXIT_USER when ON_ERROR_STOP ended a
 * non-interactive run. */
int mainloop_run(shell *sh, line_source *src);

#endif
