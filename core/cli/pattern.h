/* pattern.h — psql's object-name patterns for \d, \dt and \dx: "schema.name" where unquoted
 * letters fold to lower case, * and ? are wildcards, other regular-expression syntax is
 * honoured, and double quotes make text literal and case-sensitive. */
#ifndef SUNSTONE_CLI_PATTERN_H
#define SUNSTONE_CLI_PATTERN_H

#include <regex.h>
#include <stdbool.h>

#include "buf.h"

typedef struct name_pattern {
    bool has_schema;
    regex_t schema_re;
    regex_t name_re;
} name_pattern;

/* Translates a pattern into anchored POSIX extended regular expressions; without a dot any
 * schema matches, and an empty part matches only the empty name (as in psql).  Returns false
 * with a message when the pattern has more than one dot. */
bool pattern_translate(const char *pattern, buf *schema_re, buf *name_re, bool *has_schema,
                       buf *err);
bool pattern_compile(const char *pattern, name_pattern *out, buf *err);
bool pattern_matches(const name_pattern *p, const char *schema, const char *name);
void pattern_free(name_pattern *p);

#endif
