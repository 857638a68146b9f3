/* test_failinit.c — loader test plugin whose init reports an error (XX000) and fails. */
#include "sunstone/plugin.h"

SS_PLUGIN_MAGIC("test_failinit", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    api->error(api->plugin_ctx(plugin), "XX000", "test_failinit refuses to start");
    return SS_ERROR;
}
