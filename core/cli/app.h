/* app.h — the sunstone shell's program flow, callable from main() and from tests. */
#ifndef SUNSTONE_CLI_APP_H
#define SUNSTONE_CLI_APP_H

/* Runs the shell with the given command line; returns the process exit code. */
int shell_main(int argc, char **argv);

#endif
