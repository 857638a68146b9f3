/* agg_stats.h — what the files of the agg_stats module share: the kernel's function table
 * and each family's registration. */
#ifndef AGG_STATS_H
#define AGG_STATS_H

#include "sunstone/plugin.h"

extern const ss_api *agg_stats_api;

/* stddev, stddev_samp, stddev_pop, variance, var_samp, var_pop (agg_variance.c) */
int agg_variance_register(const ss_api *api, ss_plugin *plugin);
/* bit_and, bit_or, bit_xor (agg_bitwise.c) */
int agg_bitwise_register(const ss_api *api, ss_plugin *plugin);
/* regr_*, covar_pop, covar_samp, corr (agg_regr.c) */
int agg_regr_register(const ss_api *api, ss_plugin *plugin);

#endif
