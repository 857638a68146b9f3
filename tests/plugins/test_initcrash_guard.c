/* test_initcrash_guard.c — loader test plugin whose magic descriptor has a NULL name; the
 * loader must refuse it before calling init (and without dereferencing the name).  Its init
 * would succeed, so a loader that ran it would load the module. */
#include "sunstone/plugin.h"

SS_EXPORT const ss_plugin_magic *sunstone_plugin_magic(void)
{
    static const ss_plugin_magic magic = {
        .struct_size = sizeof(ss_plugin_magic),
        .abi_major = SS_ABI_MAJOR,
        .abi_minor = SS_ABI_MINOR,
        .name = NULL,
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
