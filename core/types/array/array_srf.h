/* array_srf.h — generate_subscripts(array, dim [, reverse]) as a set-returning function the
 * function scan expands (array_srf.c). */
#ifndef SS_TYPES_ARRAY_SRF_H
#define SS_TYPES_ARRAY_SRF_H

#include "sunstone/operator.h"

/* An ss_srf_expand_fn: the subscripts of dimension dim, ascending (descending when reverse);
 * none for a NULL argument or a dimension the array does not have. */
int arr_srf_generate_subscripts(ss_ctx *ctx, const char *function, const ss_value *args, uint32_t nargs,
                                ss_srf_emit_fn emit, void *arg);

#endif
