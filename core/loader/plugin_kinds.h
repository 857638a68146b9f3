/* plugin_kinds.h — the plugin kinds the kernel knows, declared once (plugin_kinds.c): for
 * each kind its name, the vtable versions it accepts and the oldest one's size, the callbacks it requires and
 * the ones that come together, whether it is experimental, and its register_* entry in ss_api.
 * A new kind adds one descriptor (and its entry line) there, a value to ss_plugin_kind, its
 * vtable header and its ss_api register slot. */
#ifndef SS_LOADER_PLUGIN_KINDS_H
#define SS_LOADER_PLUGIN_KINDS_H

#include <stddef.h>

#include "exec/context.h"

/* One callback field of a vtable: where it is and what the messages call it. */
typedef struct ss_callback_field {
    size_t offset;
    const char *name;
} ss_callback_field;

typedef struct ss_plugin_kind_desc {
    int kind;                /* ss_plugin_kind */
    const char *name;        /* the registry's name, the kind column of sunstone_plugins */
    const char *noun;        /* what check messages call one: "storage backend" */
    uint32_t min_version;    /* oldest vtable version the kernel accepts (the operator vtable's
                                version 1 ended with ABI 1.x) */
    uint32_t version;        /* newest vtable version the kernel reads (min_version..version) */
    size_t min_size;         /* bytes of the min_version layout: the smallest struct_size */
    bool experimental;       /* nothing in the kernel calls it yet: may change until its issue lands */
    /* kind-specific field checks, run after the header and before the callbacks; or NULL */
    int (*check_fields)(ss_ctx *ctx, const void *vt);
    const ss_callback_field *required; /* callbacks every vtable of the kind must set */
    uint32_t nrequired;
    /* optional callbacks that come together: all of them (within struct_size) or none */
    const ss_callback_field *together;
    uint32_t ntogether;
} ss_plugin_kind_desc;

/* The descriptor of a kind, or NULL when the kernel does not know it. */
const ss_plugin_kind_desc *ss_plugin_kind_find(int kind);
/* The registry name of a kind ("operator", "storage", ...), "unknown" for others. */
const char *ss_kind_name(int kind);
/* Checks a vtable of kind k before the kernel keeps it: {struct_size, version, name} header,
 * kind-specific fields, required callbacks, callbacks that come together.  SS_OK, or
 * SS_ERROR with the problem named on ctx (SS_SQLSTATE_PLUGIN_ERROR). */
int ss_check_vtable(ss_ctx *ctx, const ss_plugin_kind_desc *k, const void *vt);

/* The name field of a vtable of any kind (the common header). */
const char *ss_vtable_name(const void *vt);

/* The register_* slots of ss_api (valid only inside sunstone_plugin_init). */
int ss_plugin_register_operator(ss_plugin *p, const ss_operator_vtable *vt, bool replace);
int ss_plugin_register_storage(ss_plugin *p, const ss_storage_vtable *vt, bool replace);
int ss_plugin_register_auth(ss_plugin *p, const ss_auth_vtable *vt, bool replace);
int ss_plugin_register_window(ss_plugin *p, const ss_window_vtable *vt, bool replace);
int ss_plugin_register_aggregate(ss_plugin *p, const ss_aggregate_vtable *vt, bool replace);
int ss_plugin_register_snapshot(ss_plugin *p, const ss_snapshot_vtable *vt, bool replace);

#endif
