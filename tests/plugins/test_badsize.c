/* test_badsize.c — loader test plugin whose hand-written magic descriptor has a struct_size
 * 8 bytes larger than sizeof(ss_plugin_magic); the loader must refuse it before trusting the
 * other fields.  Its init would succeed, so a loader that ran it anyway would load it. */
#include "sunstone/plugin.h"

SS_EXPORT const ss_plugin_magic *sunstone_plugin_magic(void)
{
    static const ss_plugin_magic magic = {
        .struct_size = sizeof(ss_plugin_magic) + 8,
        .abi_major = SS_ABI_MAJOR,
        .abi_minor = SS_ABI_MINOR,
        .name = "test_badsize",
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
