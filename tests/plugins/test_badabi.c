/* test_badabi.c — loader test plugin whose hand-written magic descriptor has an abi_major
 * other than the kernel's; the loader must refuse it.  Built twice (CMakeLists.txt): as
 * test_badabi, one major above the kernel's, and as test_abi1 with TEST_ABI_MAJOR 1 and
 * TEST_ABI_MINOR 3, a module built for the last 1.x kernel, which an ABI 2 kernel refuses
 * naming abi_major.  Its init would succeed, so a loader that ran it anyway would load the
 * module. */
#include "sunstone/plugin.h"

#ifndef TEST_ABI_MAJOR
#define TEST_ABI_MAJOR (SS_ABI_MAJOR + 1)
#define TEST_ABI_MINOR SS_ABI_MINOR
#define TEST_MODULE_NAME "test_badabi"
#endif

SS_EXPORT const ss_plugin_magic *sunstone_plugin_magic(void)
{
    static const ss_plugin_magic magic = {
        .struct_size = sizeof(ss_plugin_magic), /* the descriptor's layout is the same in 1.x */
        .abi_major = TEST_ABI_MAJOR,
        .abi_minor = TEST_ABI_MINOR,
        .name = TEST_MODULE_NAME,
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
