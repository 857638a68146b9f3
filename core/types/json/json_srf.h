/* json_srf.h — the set-returning functions of json and jsonb (json_srf.c): what the binder
 * needs to type a call in FROM and the expansion the function scan runs (ss_function_scan_node's
 * expand). */
#ifndef SS_TYPES_JSON_SRF_H
#define SS_TYPES_JSON_SRF_H

#include "sunstone/operator.h"
#include "types/json/json.h"

typedef ss_srf_emit_fn json_srf_emit;

/* Whether name is one of them. */
bool json_srf_exists(const char *name);
/* Whether name is one of them; then its argument type, its columns' count, types and names
 * (NULL name: the column is named after the function or the alias, a scalar result). */
bool json_srf_describe(const char *name, int32_t *arg_type, uint32_t *ncols, ss_type *types,
                       const char **colnames);
/* An ss_srf_expand_fn: the rows of function(args) passed to emit in order (a NULL argument
 * gives none); PostgreSQL's 22023 for a value of the wrong kind. */
int json_srf_expand(ss_ctx *ctx, const char *function, const ss_value *args, uint32_t nargs,
                    json_srf_emit emit, void *arg);

#endif
