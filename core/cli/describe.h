/* describe.h — the catalog meta-commands \dt, \dv (and \d without argument), \d TABLE and \dx,
 * built on the kernel's system views sunstone_tables, sunstone_columns and sunstone_plugins
 * and printed the way psql prints \dt, \d and \dx. */
#ifndef SUNSTONE_CLI_DESCRIBE_H
#define SUNSTONE_CLI_DESCRIBE_H

#include <stdbool.h>

#include "shell.h"

/* "List of relations".  pattern may be NULL.  verbose (+) adds the storage backend.  kind:
 * "table" (\dt) or "view" (\dv) lists only those, NULL (\d) both. */
bool describe_list_tables(shell *sh, const char *pattern, bool verbose, const char *kind);
/* \di [PATTERN]: the indexes as psql's "List of relations" with their tables (verbose:
   refused, the sizes are not there yet). */
bool describe_list_indexes(shell *sh, const char *pattern, bool verbose);
/* 'Table "public.NAME"' (or 'View ...') for every relation matching pattern. */
bool describe_tables(shell *sh, const char *pattern, bool verbose);
/* \dn[S] [PATTERN]: "List of schemas" (system: with pg_catalog). */
bool describe_schemas(shell *sh, const char *pattern, bool system);
/* "List of installed plugins". */
bool describe_plugins(shell *sh, const char *pattern);

/* The owner shown in listings: $USER, else "sunstone". */
const char *describe_owner(void);

/* \\df[+] / \\dT[+]: the (empty) lists of user-defined functions and types. */
bool describe_empty_listing(shell *sh, char kind, bool verbose);
/* \dT[+] [pattern]: the user-defined types (sunstone_types), as psql lists them; a pattern
   must name a schema other than pg_catalog (built-in types are not listed). */
bool describe_types(shell *sh, const char *pattern, bool verbose);

#endif
