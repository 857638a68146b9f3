/* plugin_ctx.c — the ss_plugin of a module being initialised, and the one registration path
 * behind every register_* slot of ss_api: check the vtable against its kind's descriptor,
 * then add it to the database's registry under the module. */
#include "loader/plugin_ctx.h"

#include <string.h>

#include "loader/plugin_kinds.h"

void ss_plugin_ctx_init(ss_plugin *p, const ss_ctx *from, ss_module *module, ss_error *err)
{
    memset(p, 0, sizeof *p);
    p->module = module;
    p->ctx.catalog = from->catalog;
    p->ctx.registry = from->registry;
    p->ctx.settings = from->settings;
    p->ctx.notices = from->notices;
    p->ctx.interrupt = from->interrupt;
    p->ctx.err = err;
    p->in_init = true;
}

ss_ctx *ss_plugin_api_ctx(ss_plugin *p)
{
    return &p->ctx;
}

int ss_plugin_register(ss_plugin *p, int kind, const void *vt, bool replace)
{
    const ss_plugin_kind_desc *k = ss_plugin_kind_find(kind);
    if (!p || !k)
        return SS_ERROR;
    /* the vtable is checked first: a bad one is reported even outside init */
    int check = ss_check_vtable(&p->ctx, k, vt);
    if (!p->in_init)
        return ss_ctx_error(&p->ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "plugin \"%s\" registered a %s outside sunstone_plugin_init",
                            p->module->name, k->name);
    if (check != SS_OK)
        return SS_ERROR;
    return ss_registry_add(&p->ctx, p->ctx.registry, kind, ss_vtable_name(vt), vt, p->module,
                           replace);
}
