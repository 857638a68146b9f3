/* window_functions.c — the window_functions module's entry points. */
#include "window_functions.h"

const ss_api *wf_api;

SS_PLUGIN_MAGIC("window_functions", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    wf_api = api;
    if (wf_ranking_register(api, plugin) != SS_OK || wf_value_register(api, plugin) != SS_OK)
        return SS_ERROR;
    return SS_OK;
}
