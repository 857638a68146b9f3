/* script.c — runs a script file (-f, \i, ~/.sunstonerc) or piped standard input through the
 * main loop, reading it line by line and keeping the file name and line number that prefix
 * its messages; nested scripts restore the outer location when they end. */
#include "script.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "mainloop.h"
#include "report.h"

typedef struct stream_input {
    FILE *in;
    int read_errno; /* set when reading failed rather than reaching the end */
} stream_input;

static read_result read_stream_line(line_source *src, const char *prompt, char **line)
{
    (void)prompt;
    stream_input *input = src->ctx;
    char *text = NULL;
    size_t cap = 0;
    errno = 0;
    ssize_t n = getline(&text, &cap, input->in);
    if (n < 0) {
        free(text);
        if (ferror(input->in))
            input->read_errno = errno ? errno : EIO;
        return READ_EOF;
    }
    if (n > 0 && text[n - 1] == '\n')
        text[n - 1] = '\0';
    *line = text;
    return READ_LINE;
}

int script_run_stream(shell *sh, FILE *in, const char *name)
{
    const char *saved_file = sh->inputfile;
    unsigned long saved_line = sh->lineno;
    sh->inputfile = name;
    sh->lineno = 0;
    stream_input input = {in, 0};
    line_source src = {read_stream_line, NULL, false, &input};
    int rc = mainloop_run(sh, &src);
    if (input.read_errno) {
        sh->lineno = 0;
        report_error(sh, "could not read from input file: %s", strerror(input.read_errno));
        if (rc == EXIT_OK)
            rc = EXIT_FAIL;
    }
    sh->inputfile = saved_file;
    sh->lineno = saved_line;
    return rc;
}

int script_run_file(shell *sh, const char *path)
{
    if (strcmp(path, "-") == 0)
        return script_run_stream(sh, stdin, "<stdin>");
    FILE *in = fopen(path, "r");
    if (!in) {
        report_error(sh, "%s: %s", path, strerror(errno));
        return EXIT_FAIL;
    }
    int rc = script_run_stream(sh, in, path);
    fclose(in);
    return rc;
}
