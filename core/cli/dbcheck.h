/* dbcheck.h — the shell's `sunstone check DBPATH` subcommand (dbcheck.c). */
#ifndef SS_CLI_DBCHECK_H
#define SS_CLI_DBCHECK_H

/* argv: the program's, argv[1] "check".  Returns the exit status: 0 no problem found, 1
 * problems, 2 the check did not run. */
int check_main(int argc, char **argv);

#endif
