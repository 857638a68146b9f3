/* agg_stats.c — the agg_stats module's entry points: registers the variance family, the
 * bitwise aggregates and the regression / covariance / correlation family. */
#include "agg_stats.h"

const ss_api *agg_stats_api;

SS_PLUGIN_MAGIC("agg_stats", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    if (!SS_API_HAS(api, register_aggregate) || !SS_API_HAS(api, numeric_scale))
        return api->error(api->plugin_ctx(plugin), SS_SQLSTATE_PLUGIN_ERROR,
                          "agg_stats needs a kernel with register_aggregate and numeric arithmetic");
    agg_stats_api = api;
    if (agg_variance_register(api, plugin) != SS_OK || agg_bitwise_register(api, plugin) != SS_OK ||
        agg_regr_register(api, plugin) != SS_OK)
        return SS_ERROR;
    return SS_OK;
}
