/* plugin_ctx.h — the ss_plugin handed to sunstone_plugin_init: which module is being
 * initialised, into which registry, and where its errors go; and the registration of one
 * vtable under that module. */
#ifndef SS_LOADER_PLUGIN_CTX_H
#define SS_LOADER_PLUGIN_CTX_H

#include "loader/registry.h"

struct ss_plugin {
    ss_module *module;
    ss_ctx ctx;         /* errors reported during init land in *ctx.err; registrations go to
                           *ctx.registry */
    bool in_init;       /* registration is refused outside sunstone_plugin_init */
};

/* The plugin context of module, initialised on behalf of from (the loader's caller): the same
 * registry, catalog, settings, notices and interrupt flag; its own error slot err. */
void ss_plugin_ctx_init(ss_plugin *p, const ss_ctx *from, ss_module *module, ss_error *err);
/* ss_api.plugin_ctx */
ss_ctx *ss_plugin_api_ctx(ss_plugin *p);
/* Checks vt as a vtable of kind (plugin_kinds.h), then adds it to p's registry
 * under the module being initialised; refused outside sunstone_plugin_init. */
int ss_plugin_register(ss_plugin *p, int kind, const void *vt, bool replace);

#endif
