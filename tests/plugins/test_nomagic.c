/* test_nomagic.c — loader test plugin with an init but no sunstone_plugin_magic; the loader
 * must refuse it.  Its init would succeed, so a loader that ran it would load the module. */
#include "sunstone/plugin.h"

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    (void)api;
    (void)plugin;
    return SS_OK;
}
