/* regex_posix.h — POSIX basic regular expressions (flags b and e) rewritten as PostgreSQL's
 * advanced syntax (regex_posix.c). */
#ifndef SS_TYPES_REGEX_POSIX_H
#define SS_TYPES_REGEX_POSIX_H

#include <stdbool.h>
#include <stddef.h>

#include "util/strbuf.h"

typedef struct ss_ctx ss_ctx;

/* Appends to out the ARE meaning what pattern p means in BRE syntax; SS_OK, or an error
 * recorded in ctx (2201B as PostgreSQL for a bad pattern). */
int ss_regex_bre_to_are(ss_ctx *ctx, const char *p, size_t len, ss_strbuf *out);

/* The length of the [:class:], [.coll.] or [=equiv=] starting at p[i] inside a bracket
 * expression, 0 when there is none. */
size_t ss_regex_class_len(const char *p, size_t len, size_t i);

#endif
