/* cancel.c — the shell's SIGINT handling while SQL runs: the handler only calls
 * sunstone_interrupt (an atomic store) and write(2), both async-signal-safe, and records that
 * Ctrl-C was pressed so a script can stop as psql's does. */
#include "cancel.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#define MAX_DEPTH 64

static sunstone *volatile running_db;
static volatile sig_atomic_t pressed;
static struct sigaction saved;
static int depth;                     /* cancel_begin calls not yet ended */
static sunstone *outer_db[MAX_DEPTH]; /* running_db to restore at each cancel_end */

static void on_sigint(int sig)
{
    (void)sig;
    pressed = 1;
    sunstone *db = running_db;
    if (!db)
        return; /* between statements: the script stops before the next one */
    sunstone_interrupt(db);
    static const char msg[] = "Cancel request sent\n";
    ssize_t n = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)n;
}

void cancel_begin(sunstone *db)
{
    if (depth < MAX_DEPTH)
        outer_db[depth] = running_db;
    if (depth++ == 0) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_sigint;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;
        sigaction(SIGINT, &sa, &saved);
    }
    running_db = db;
}

void cancel_end(void)
{
    if (depth == 0)
        return;
    --depth;
    running_db = depth < MAX_DEPTH ? outer_db[depth] : NULL;
    if (depth == 0)
        sigaction(SIGINT, &saved, NULL);
}

bool cancel_was_pressed(void)
{
    return pressed != 0;
}

void cancel_clear(void)
{
    pressed = 0;
}
