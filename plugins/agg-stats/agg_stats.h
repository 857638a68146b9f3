/* agg_stats.h — what the files of the agg_stats module share: the kernel's function table
 * and each family's registration. */
#ifndef AGG_STATS_H
#define AGG_STATS_H

#include "sunstone/plugin.h"

extern const ss_api *agg_stats_api;

/* stddev, stddev_samp, stddev_pop, variance, var_samp, var_pop (agg_variance.c) */
int agg_variance_register(const ss_api *api, ss_plugin *plugin);
/* The variance family's state over smallint / integer / bigint / numeric (numeric results,
 * agg_variance_numeric.c): the count and the kernel's numeric sum states of X and X*X
 * (taken with ss_api.alloc by init, NULL when that failed: step and final report 53200). */
typedef struct variance_numeric_state {
    int64_t n;
    void *sum_x;
    void *sum_x2;
} variance_numeric_state;

bool agg_variance_numeric_arg(int32_t type);
void agg_variance_numeric_init(void *state);
int agg_variance_numeric_step(ss_ctx *ctx, void *const *states, const ss_vector *arg, const uint32_t *rows,
                              uint32_t n);
int agg_variance_numeric_combine(ss_ctx *ctx, void *state, const void *other);
/* sample: var_samp / stddev_samp (NULL for one row); stddev: the square root */
int agg_variance_numeric_final(ss_ctx *ctx, bool sample, bool stddev, const void *state, ss_vector *out,
                               uint32_t row);
void agg_variance_numeric_release(void *state);

/* bit_and, bit_or, bit_xor (agg_bitwise.c) */
int agg_bitwise_register(const ss_api *api, ss_plugin *plugin);
/* regr_*, covar_pop, covar_samp, corr (agg_regr.c) */
int agg_regr_register(const ss_api *api, ss_plugin *plugin);

#endif
