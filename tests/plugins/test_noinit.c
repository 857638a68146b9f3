/* test_noinit.c — loader test plugin with a valid magic descriptor but no
 * sunstone_plugin_init; the loader must refuse it. */
#include "sunstone/plugin.h"

SS_PLUGIN_MAGIC("test_noinit", "1.0")
