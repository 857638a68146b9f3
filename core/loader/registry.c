/* registry.c — per-database registries of modules and registered vtables. */
#include "loader/registry.h"

#include <stdlib.h>
#include <string.h>

void ss_registry_init(ss_registry *r)
{
    memset(r, 0, sizeof *r);
}

void ss_registry_free(ss_registry *r)
{
    for (uint32_t i = 0; i < r->nmodules; i++) {
        ss_module *m = r->modules[i];
        /* never dlclose: registered vtables and strings may still be referenced (see
           plugin.h); dlopen reference counts are per process anyway */
        free(m->name);
        free(m->version);
        free(m->path);
        free(m);
    }
    free(r->modules);
    free(r->regs);
    ss_registry_init(r);
}

const ss_registration *ss_registry_find(const ss_registry *r, int kind, const char *name)
{
    for (uint32_t i = 0; i < r->nregs; i++)
        if (r->regs[i].kind == kind && strcmp(r->regs[i].name, name) == 0)
            return &r->regs[i];
    return NULL;
}

int ss_registry_add(ss_ctx *ctx, ss_registry *r, int kind, const char *name, const void *vtable,
                    ss_module *module, bool replace)
{
    for (uint32_t i = 0; i < r->nregs; i++) {
        ss_registration *g = &r->regs[i];
        if (g->kind != kind || strcmp(g->name, name) != 0)
            continue;
        if (!replace) {
            ss_ctx_error(ctx, SS_SQLSTATE_DUPLICATE_OBJECT,
                         "%s \"%s\" is already registered by module \"%s\"", ss_kind_name(kind),
                         name, g->module ? g->module->name : "kernel");
            ss_ctx_error_hint(ctx, "Register with replace = true to swap implementations.");
            return SS_ERROR;
        }
        g->vtable = vtable;
        g->name = name;
        g->module = module;
        return SS_OK;
    }
    if (r->nregs == r->cap_regs) {
        uint32_t cap = r->cap_regs ? r->cap_regs * 2 : 32;
        ss_registration *p = realloc(r->regs, cap * sizeof *p);
        if (!p)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        r->regs = p;
        r->cap_regs = cap;
    }
    r->regs[r->nregs++] = (ss_registration){kind, name, vtable, module};
    return SS_OK;
}

ss_module *ss_registry_find_module_by_path(const ss_registry *r, const char *path)
{
    for (uint32_t i = 0; i < r->nmodules; i++)
        if (strcmp(r->modules[i]->path, path) == 0)
            return r->modules[i];
    return NULL;
}

int ss_registry_add_module(ss_registry *r, ss_module *m)
{
    if (r->nmodules == r->cap_modules) {
        uint32_t cap = r->cap_modules ? r->cap_modules * 2 : 16;
        ss_module **p = realloc(r->modules, cap * sizeof *p);
        if (!p)
            return SS_ERROR;
        r->modules = p;
        r->cap_modules = cap;
    }
    r->modules[r->nmodules++] = m;
    return SS_OK;
}
