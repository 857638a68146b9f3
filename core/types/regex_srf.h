/* regex_srf.h — the set-returning regular expression functions (regex_srf.c):
 * regexp_matches (text[] rows) and regexp_split_to_table (text rows), for the binder (FROM and
 * the select list) and as the function scan's expansion (ss_function_scan_node.expand). */
#ifndef SS_TYPES_REGEX_SRF_H
#define SS_TYPES_REGEX_SRF_H

#include "sunstone/operator.h"

/* Whether name is one of them; then the function whose arguments (text, text [, text]) it
 * shares for resolution and the type of its one column. */
bool regex_srf_describe(const char *name, const char **scalar, ss_type *column);
/* An ss_srf_expand_fn: the rows of function(args) in order (a NULL argument gives none). */
int regex_srf_expand(ss_ctx *ctx, const char *function, const ss_value *args, uint32_t nargs,
                     ss_srf_emit_fn emit, void *arg);

#endif
