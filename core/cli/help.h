/* help.h — the shell's help texts: --help usage, \? meta-command list, the interactive
 * "help" greeting text, and the banner. */
#ifndef SUNSTONE_CLI_HELP_H
#define SUNSTONE_CLI_HELP_H

#include <stdio.h>

void help_usage(FILE *out);
void help_meta_commands(FILE *out);
void help_interactive(FILE *out);

#endif
