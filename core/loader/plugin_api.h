/* plugin_api.h — kernel functions behind the registration slots of ss_api. */
#ifndef SS_LOADER_PLUGIN_API_H
#define SS_LOADER_PLUGIN_API_H

#include "exec/context.h"

ss_ctx *ss_plugin_api_ctx(ss_plugin *p);
int ss_plugin_register_operator(ss_plugin *p, const ss_operator_vtable *vt, bool replace);
int ss_plugin_register_storage(ss_plugin *p, const ss_storage_vtable *vt, bool replace);
int ss_plugin_register_auth(ss_plugin *p, const ss_auth_vtable *vt, bool replace);
int ss_plugin_register_window(ss_plugin *p, const ss_window_vtable *vt, bool replace);
int ss_plugin_register_snapshot(ss_plugin *p, const ss_snapshot_vtable *vt, bool replace);

#endif
