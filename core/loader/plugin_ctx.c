/* plugin_ctx.c — registration entry points of the function table (register_*): check the
 * vtable, then add it to the database's registry under the module being initialised. */
#include "loader/plugin_ctx.h"

#include <string.h>

#include "api/database.h"
#include "loader/plugin_api.h"
#include "loader/vtable_check.h"

void ss_plugin_ctx_init(ss_plugin *p, struct sunstone *db, ss_module *module, ss_error *err)
{
    memset(p, 0, sizeof *p);
    p->db = db;
    p->module = module;
    p->ctx.db = db;
    p->ctx.err = err;
    p->in_init = true;
}

ss_ctx *ss_plugin_api_ctx(ss_plugin *p)
{
    return &p->ctx;
}

static int do_register(ss_plugin *p, int kind, const char *name, const void *vt, bool replace,
                       int check)
{
    if (!p)
        return SS_ERROR;
    if (!p->in_init)
        return ss_ctx_error(&p->ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "plugin \"%s\" registered a %s outside sunstone_plugin_init",
                            p->module->name, ss_kind_name(kind));
    if (check != SS_OK)
        return SS_ERROR;
    return ss_registry_add(&p->ctx, &p->db->registry, kind, name, vt, p->module, replace);
}

int ss_plugin_register_operator(ss_plugin *p, const ss_operator_vtable *vt, bool replace)
{
    int check = p ? ss_check_operator_vtable(&p->ctx, vt) : SS_ERROR;
    return do_register(p, SS_KIND_OPERATOR, vt ? vt->name : NULL, vt, replace, check);
}

int ss_plugin_register_storage(ss_plugin *p, const ss_storage_vtable *vt, bool replace)
{
    int check = p ? ss_check_storage_vtable(&p->ctx, vt) : SS_ERROR;
    return do_register(p, SS_KIND_STORAGE, vt ? vt->name : NULL, vt, replace, check);
}

int ss_plugin_register_auth(ss_plugin *p, const ss_auth_vtable *vt, bool replace)
{
    int check = p ? ss_check_auth_vtable(&p->ctx, vt) : SS_ERROR;
    return do_register(p, SS_KIND_AUTH, vt ? vt->name : NULL, vt, replace, check);
}

int ss_plugin_register_window(ss_plugin *p, const ss_window_vtable *vt, bool replace)
{
    int check = p ? ss_check_window_vtable(&p->ctx, vt) : SS_ERROR;
    return do_register(p, SS_KIND_WINDOW, vt ? vt->name : NULL, vt, replace, check);
}

int ss_plugin_register_snapshot(ss_plugin *p, const ss_snapshot_vtable *vt, bool replace)
{
    int check = p ? ss_check_snapshot_vtable(&p->ctx, vt) : SS_ERROR;
    return do_register(p, SS_KIND_SNAPSHOT, vt ? vt->name : NULL, vt, replace, check);
}
