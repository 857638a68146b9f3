/* main.c — entry point of the sunstone shell program. */
#include "app.h"

int main(int argc, char **argv)
{
    return shell_main(argc, argv);
}
