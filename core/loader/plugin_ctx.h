/* plugin_ctx.h — the ss_plugin handed to sunstone_plugin_init: which module is being
 * initialised, for which database, and where its errors go. */
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

#endif
