/* test_abi1.c — loader test plugin whose hand-written magic descriptor says it was built for
 * ABI 1.3, the last 1.x kernel: an ABI 2 kernel must refuse it, naming abi_major, before its
 * init runs.  Its init would succeed, so a loader that ran it anyway would load the module. */
#include "sunstone/plugin.h"

SS_EXPORT const ss_plugin_magic *sunstone_plugin_magic(void)
{
    static const ss_plugin_magic magic = {
        .struct_size = sizeof(ss_plugin_magic), /* the descriptor's layout did not change in 2.0 */
        .abi_major = 1,
        .abi_minor = 3,
        .name = "test_abi1",
        .version = "1.0",
    };
    return &magic;
}

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    (void)api;
    (void)plugin;
    return SS_OK;
}
