/* vars.h — the shell's variables (\set, -v NAME=VALUE): a sorted name/value table, psql's
 * variable-name rule and its boolean value syntax. */
#ifndef SUNSTONE_CLI_VARS_H
#define SUNSTONE_CLI_VARS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct var_entry {
    char *name;
    char *value;
} var_entry;

typedef struct var_table {
    var_entry *items; /* sorted by name (byte order) */
    size_t n;
} var_table;

void vars_init(var_table *v);
void vars_free(var_table *v);
const char *vars_get(const var_table *v, const char *name);
void vars_set(var_table *v, const char *name, const char *value);
void vars_unset(var_table *v, const char *name);

/* Names are non-empty runs of ASCII letters, digits, underscores and non-ASCII bytes. */
bool var_name_valid(const char *name);

/* psql's boolean syntax: case-insensitive prefixes of true/false/yes/no, "on", "off" (at least
 * "of"), 1 and 0.  Returns false when value is none of them. */
bool parse_bool(const char *value, bool *result);

#endif
