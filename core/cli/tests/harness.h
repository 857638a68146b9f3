/* harness.h — helpers for the shell's engine tests: a shell session over the fake kernel whose
 * output and errors are captured in memory, and a runner for the whole program (shell_main)
 * with standard input, output and error redirected to temporary files. */
#ifndef SUNSTONE_CLI_TEST_HARNESS_H
#define SUNSTONE_CLI_TEST_HARNESS_H

#include <stdio.h>

#include "shell.h"

typedef struct session {
    shell sh;
    char *out_text;
    size_t out_len;
    char *err_text;
    size_t err_len;
} session;

/* Opens an in-memory fake database and captures sh.out/sh.err. */
void session_open(session *s);
/* Flushes the captured streams; the texts are then in out_text and err_text. */
void session_flush(session *s);
void session_close(session *s);

typedef struct app_run {
    int rc;
    char *out;
    char *err;
} app_run;

/* Runs shell_main with argv (NULL-terminated, without the program name) and stdin_text as
 * standard input (NULL: empty). */
void app_run_shell(app_run *r, const char *stdin_text, const char *const *argv);
void app_run_free(app_run *r);

/* Writes text to a new temporary file and returns its path (to free and unlink). */
char *write_temp_file(const char *text);

#endif
