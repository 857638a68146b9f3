/* harness.c — helpers for the shell's engine tests: in-memory capture of a session's output
 * and a whole-program runner with redirected standard streams. */
#include "harness.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "exec.h"

void session_open(session *s)
{
    memset(s, 0, sizeof *s);
    shell_init(&s->sh);
    s->sh.out = open_memstream(&s->out_text, &s->out_len);
    s->sh.err = open_memstream(&s->err_text, &s->err_len);
    sunstone_open(NULL, &s->sh.db);
    sunstone_set_notice_handler(s->sh.db, exec_notice_handler, &s->sh);
}

void session_flush(session *s)
{
    fflush(s->sh.out);
    fflush(s->sh.err);
}

void session_close(session *s)
{
    fclose(s->sh.out);
    fclose(s->sh.err);
    free(s->out_text);
    free(s->err_text);
    sunstone_close(s->sh.db);
    shell_free(&s->sh);
}

char *write_temp_file(const char *text)
{
    char path[] = "/tmp/sunstone-cli-test-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return NULL;
    size_t len = strlen(text);
    if (write(fd, text, len) != (ssize_t)len) {
        close(fd);
        return NULL;
    }
    close(fd);
    return strdup(path);
}

static char *slurp(FILE *f)
{
    fflush(f);
    long size = ftell(f);
    if (size < 0)
        size = 0;
    char *text = malloc((size_t)size + 1);
    rewind(f);
    size_t n = fread(text, 1, (size_t)size, f);
    text[n] = '\0';
    return text;
}

void app_run_shell(app_run *r, const char *stdin_text, const char *const *argv)
{
    int argc = 1;
    while (argv[argc - 1])
        argc++;
    char **args = calloc((size_t)argc + 1, sizeof(char *));
    args[0] = strdup("sunstone");
    for (int i = 1; i < argc; i++)
        args[i] = strdup(argv[i - 1]);

    /* A fresh stdin stream each time, so nothing an earlier run buffered is read again. */
    char *input = write_temp_file(stdin_text ? stdin_text : "");
    ck_assert_ptr_nonnull(freopen(input, "r", stdin));
    FILE *out = tmpfile();
    FILE *err = tmpfile();

    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(1), saved_err = dup(2);
    dup2(fileno(out), 1);
    dup2(fileno(err), 2);

    r->rc = shell_main(argc, args);

    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);

    fseek(out, 0, SEEK_END);
    fseek(err, 0, SEEK_END);
    r->out = slurp(out);
    r->err = slurp(err);
    fclose(out);
    fclose(err);
    unlink(input);
    free(input);
    for (int i = 0; i < argc; i++)
        free(args[i]);
    free(args);
}

void app_run_free(app_run *r)
{
    free(r->out);
    free(r->err);
}
