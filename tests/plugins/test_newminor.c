/* test_newminor.c — loader test plugin whose hand-written magic descriptor has an abi_minor
 * newer than the kernel's (it needs a later kernel); the loader must refuse it.  Its init
 * would succeed, so a loader that ran it anyway would load the module. */
#include "sunstone/plugin.h"

SS_EXPORT const ss_plugin_magic *sunstone_plugin_magic(void)
{
    static const ss_plugin_magic magic = {
        .struct_size = sizeof(ss_plugin_magic),
        .abi_major = SS_ABI_MAJOR,
        .abi_minor = SS_ABI_MINOR + 5,
        .name = "test_newminor",
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
