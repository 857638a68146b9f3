/* regex_like.h — one regular-expression match for the kernel's other users (jsonpath's
 * like_regex), with func_regex.c's translation and PostgreSQL's flags. */
#ifndef SS_TYPES_REGEX_LIKE_H
#define SS_TYPES_REGEX_LIKE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ss_ctx ss_ctx;

/* Whether s matches the ARE pattern with PostgreSQL's regex flags (a NUL-terminated string such
 * as "pi"); SS_OK with *matched, or an error recorded in ctx (2201B for a bad pattern). */
int ss_regex_like(ss_ctx *ctx, const char *s, size_t slen, const char *pattern, size_t plen, const char *flags,
                  bool *matched);

#endif
