/* numeric_api.h — the numeric arithmetic of ss_api (sunstone/plugin.h): the kernel's numeric
 * operations for modules, each writing its result into a row of a numeric vector. */
#ifndef SS_TYPES_NUMERIC_API_H
#define SS_TYPES_NUMERIC_API_H

#include "sunstone/plugin.h"

int num_api_from_int64(ss_ctx *ctx, int64_t v, ss_vector *out, uint32_t row);
int num_api_arith(ss_ctx *ctx, int op, const ss_text *a, const ss_text *b, ss_vector *out, uint32_t row);
int num_api_sqrt(ss_ctx *ctx, const ss_text *a, int32_t rscale, ss_vector *out, uint32_t row);
int32_t num_api_scale(const ss_text *a);

#endif
