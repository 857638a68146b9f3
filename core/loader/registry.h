/* registry.h — per-database registries of loaded modules and of the vtables they registered,
 * one namespace per kind (the kinds are declared in plugin_kinds.c). */
#ifndef SS_LOADER_REGISTRY_H
#define SS_LOADER_REGISTRY_H

#include "exec/context.h"
#include "loader/plugin_kinds.h"

typedef struct ss_module {
    char *name;
    char *version;
    char *path;          /* as resolved (realpath when possible) */
    uint16_t abi_major, abi_minor;
    void *handle;        /* dlopen handle; modules are never unloaded */
} ss_module;

typedef struct ss_registration {
    int kind;            /* ss_plugin_kind */
    const char *name;    /* points into the vtable */
    const void *vtable;
    ss_module *module;
} ss_registration;

typedef struct ss_registry {
    ss_module **modules;
    uint32_t nmodules, cap_modules;
    ss_registration *regs;
    uint32_t nregs, cap_regs;
} ss_registry;

void ss_registry_init(ss_registry *r);
void ss_registry_free(ss_registry *r);
/* The registration of (kind, name), or NULL. */
const ss_registration *ss_registry_find(const ss_registry *r, int kind, const char *name);
/* Adds or (replace) swaps a registration; errors on ctx: duplicate name (42710). */
int ss_registry_add(ss_ctx *ctx, ss_registry *r, int kind, const char *name, const void *vtable,
                    ss_module *module, bool replace);
ss_module *ss_registry_find_module_by_path(const ss_registry *r, const char *path);
int ss_registry_add_module(ss_registry *r, ss_module *m);

#endif
