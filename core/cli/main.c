/* main.c — entry point of the sunstone shell program (and of its `check` subcommand). */
#include <string.h>

#include "app.h"
#include "dbcheck.h"

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "check") == 0)
        return check_main(argc, argv);
    return shell_main(argc, argv);
}
