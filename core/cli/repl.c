/* repl.c — interactive mode on a terminal: readline line editing and history (saved to
 * ~/.sunstone_history, at most 500 entries, one entry per complete command), the banner,
 * psql-style prompts, Ctrl-C discarding the command being typed and Ctrl-D quitting. */
#include "repl.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "buf.h"
#include "mainloop.h"

#define HISTORY_SIZE 500

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* readline's alternate interface delivers the finished line here (NULL at end of input). */
static char *finished_line;
static bool line_done;

static void on_line(char *line)
{
    finished_line = line;
    line_done = true;
    rl_callback_handler_remove();
}

/* Reads one line with the callback interface, so that Ctrl-C (which interrupts select) can
 * abandon the line cleanly: "^C" is echoed, the line is dropped and a new prompt follows. */
static read_result read_terminal_line(line_source *src, const char *prompt, char **line)
{
    (void)src;
    interrupted = 0;
    line_done = false;
    finished_line = NULL;
    rl_callback_handler_install(prompt, on_line);
    while (!line_done) {
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(fileno(rl_instream), &fds);
        int r = select(fileno(rl_instream) + 1, &fds, NULL, NULL, NULL);
        if (interrupted) {
            interrupted = 0;
            rl_echo_signal_char(SIGINT);
            rl_crlf();
            rl_replace_line("", 0);
            rl_callback_sigcleanup();
            rl_callback_handler_remove();
            return READ_INTERRUPTED;
        }
        if (r < 0) {
            if (errno == EINTR)
                continue;
            rl_callback_handler_remove();
            return READ_EOF;
        }
        if (FD_ISSET(fileno(rl_instream), &fds))
            rl_callback_read_char();
    }
    if (!finished_line)
        return READ_EOF;
    *line = finished_line;
    return READ_LINE;
}

static void remember(line_source *src, const char *text)
{
    (void)src;
    add_history(text);
}

static char *history_path(void)
{
    const char *home = getenv("HOME");
    if (!home || !*home)
        return NULL;
    buf path;
    buf_init(&path);
    buf_printf(&path, "%s/.sunstone_history", home);
    return buf_detach(&path);
}

int repl_run(shell *sh)
{
    rl_readline_name = "sunstone";
    rl_catch_signals = 0;
    using_history();
    stifle_history(HISTORY_SIZE);
    char *hist = history_path();
    if (hist)
        read_history(hist);

    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    /* select() is never restarted, so Ctrl-C still ends the wait for input; everything else
     * (the kernel's I/O, writing results) carries on undisturbed.  While a statement runs,
     * cancel.c's handler takes over and cancels it. */
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, &old);

    if (!sh->quiet) {
        fprintf(sh->out, "sunstone (%s)\nType \"help\" for help.\n\n", sunstone_version());
        fflush(sh->out);
    }
    line_source src = {read_terminal_line, remember, true, NULL};
    int rc = mainloop_run(sh, &src);

    sigaction(SIGINT, &old, NULL);
    if (hist) {
        write_history(hist);
        free(hist);
    }
    return rc;
}
