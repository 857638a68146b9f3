/* pset.h — \pset (psql's do_pset and printPsetInfo): the output options of the shell. */
#ifndef SUNSTONE_CLI_PSET_H
#define SUNSTONE_CLI_PSET_H

#include <stdbool.h>

#include "shell.h"

/* \pset param [value]: sets (or, without a value, toggles or shows) one option and reports
 * its new state as psql does (not under QUIET; boolean options given a value report nothing,
 * as in psql).  False after reporting an error: unknown option, bad value, or an output form
 * Sunstone does not draw (html, latex, asciidoc, troff-ms, unicode lines, zero bytes). */
bool pset_apply(shell *sh, const char *param, const char *value);
/* \pset alone: every option and its value, in psql's layout. */
void pset_show_all(shell *sh);

#endif
