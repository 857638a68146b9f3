/* window_functions.h — the window_functions module's families: ranking (wf_ranking.c) and
 * values taken from other rows (wf_value.c). */
#ifndef WINDOW_FUNCTIONS_H
#define WINDOW_FUNCTIONS_H

#include "sunstone/plugin.h"
#include "sunstone/window.h"

extern const ss_api *wf_api;

int wf_ranking_register(const ss_api *api, ss_plugin *plugin);
int wf_value_register(const ss_api *api, ss_plugin *plugin);

#endif
