/* test_failinit.c — loader test plugin whose init reports an error (XX000) with DETAIL and
 * HINT (ss_api.error_detail / error_hint, ABI 1.3) and fails. */
#include "sunstone/plugin.h"

SS_PLUGIN_MAGIC("test_failinit", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ss_ctx *ctx = api->plugin_ctx(plugin);
    api->error(ctx, "XX000", "test_failinit refuses to start");
    api->error_detail(ctx, "test_failinit always fails.");
    api->error_hint(ctx, "Do not load test_failinit.");
    return SS_ERROR;
}
