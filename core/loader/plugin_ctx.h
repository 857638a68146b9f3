/* plugin_ctx.h — the ss_plugin handed to sunstone_plugin_init: which module is being
 * initialised, for which database, and where its errors go; and the registration of one
 * vtable under that module. */
#ifndef SS_LOADER_PLUGIN_CTX_H
#define SS_LOADER_PLUGIN_CTX_H

#include "loader/registry.h"

struct sunstone;

struct ss_plugin {
    struct sunstone *db;
    ss_module *module;
    ss_ctx ctx;         /* errors reported during init land in *ctx.err */
    bool in_init;       /* registration is refused outside sunstone_plugin_init */
};

void ss_plugin_ctx_init(ss_plugin *p, struct sunstone *db, ss_module *module, ss_error *err);
/* ss_api.plugin_ctx */
ss_ctx *ss_plugin_api_ctx(ss_plugin *p);
/* Checks vt as a vtable of kind (plugin_kinds.h), then adds it to the database's registry
 * under the module being initialised; refused outside sunstone_plugin_init. */
int ss_plugin_register(ss_plugin *p, int kind, const void *vt, bool replace);

#endif
