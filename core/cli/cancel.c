/* cancel.c — the shell's SIGINT handling while SQL runs: the handler only calls
 * sunstone_interrupt (an atomic store) and write(2), both async-signal-safe, and records that
 * Ctrl-C was pressed so a script can stop as psql's does. */
#include "cancel.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static sunstone *volatile running_db;
static volatile sig_atomic_t pressed;
static struct sigaction saved;
static int depth; /* cancel_begin calls not yet ended: only the outermost installs */

static void on_sigint(int sig)
{
    (void)sig;
    sunstone *db = running_db;
    if (db)
        sunstone_interrupt(db);
    static const char msg[] = "Cancel request sent\n";
    ssize_t n = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)n;
    pressed = 1;
}

void cancel_begin(sunstone *db)
{
    if (depth++ > 0)
        return;
    running_db = db;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, &saved);
}

void cancel_end(void)
{
    if (depth == 0 || --depth > 0)
        return;
    sigaction(SIGINT, &saved, NULL);
    running_db = NULL;
}

bool cancel_take_pressed(void)
{
    bool was = pressed;
    pressed = 0;
    return was;
}
