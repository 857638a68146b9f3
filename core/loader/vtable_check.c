/* vtable_check.c — checks every vtable a plugin registers before the kernel keeps it:
 * {struct_size, version} header, a name, and every required callback present. */
#include "loader/vtable_check.h"

#include <stddef.h>

/* Common header check.  `v1_size` is the size of the version-1 layout: a plugin built
 * against a newer header may pass a bigger struct (the kernel reads only what it knows),
 * never a smaller one. */
static int check_header(ss_ctx *ctx, const char *kind, const void *vt, uint32_t struct_size,
                        uint32_t version, uint32_t kernel_version, const char *name,
                        size_t v1_size)
{
    if (!vt)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR, "%s vtable is NULL", kind);
    if (struct_size < v1_size)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "%s vtable \"%s\" has struct_size %u, smaller than the %zu bytes of "
                            "version 1",
                            kind, name ? name : "?", struct_size, v1_size);
    if (version == 0 || version > kernel_version)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "%s vtable \"%s\" has version %u, kernel supports 1..%u", kind,
                            name ? name : "?", version, kernel_version);
    if (!name || !name[0])
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR, "%s vtable has no name", kind);
    return SS_OK;
}

#define REQUIRE(kind, vt, field)                                                          \
    do {                                                                                  \
        if (!(vt)->field)                                                                 \
            return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,                            \
                                "%s \"%s\" is missing required callback %s", kind,       \
                                (vt)->name, #field);                                      \
    } while (0)

int ss_check_operator_vtable(ss_ctx *ctx, const ss_operator_vtable *vt)
{
    if (check_header(ctx, "operator", vt, vt ? vt->struct_size : 0, vt ? vt->version : 0,
                     SS_OPERATOR_VTABLE_VERSION, vt ? vt->name : NULL,
                     offsetof(ss_operator_vtable, explain) + sizeof(vt->explain)))
        return SS_ERROR;
    if (vt->role <= 0 || vt->role >= SS_ROLE__COUNT)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR, "operator \"%s\" has unknown role %d",
                            vt->name, vt->role);
    REQUIRE("operator", vt, open);
    REQUIRE("operator", vt, next_batch);
    REQUIRE("operator", vt, close);
    REQUIRE("operator", vt, rescan);
    return SS_OK;
}

int ss_check_storage_vtable(ss_ctx *ctx, const ss_storage_vtable *vt)
{
    if (check_header(ctx, "storage backend", vt, vt ? vt->struct_size : 0, vt ? vt->version : 0,
                     SS_STORAGE_VTABLE_VERSION, vt ? vt->name : NULL,
                     offsetof(ss_storage_vtable, scan_end) + sizeof(vt->scan_end)))
        return SS_ERROR;
    REQUIRE("storage backend", vt, backend_open);
    REQUIRE("storage backend", vt, backend_close);
    REQUIRE("storage backend", vt, table_create);
    REQUIRE("storage backend", vt, table_drop);
    REQUIRE("storage backend", vt, insert);
    REQUIRE("storage backend", vt, scan_begin);
    REQUIRE("storage backend", vt, scan_next_batch);
    REQUIRE("storage backend", vt, scan_next_row);
    REQUIRE("storage backend", vt, scan_end);
    /* statement atomicity (version 2): all three callbacks or none */
    bool begin = SS_STORAGE_HAS(vt, stmt_begin) && vt->stmt_begin;
    bool commit = SS_STORAGE_HAS(vt, stmt_commit) && vt->stmt_commit;
    bool abort_ = SS_STORAGE_HAS(vt, stmt_abort) && vt->stmt_abort;
    if (begin || commit || abort_) {
        const char *missing = !begin ? "stmt_begin" : !commit ? "stmt_commit" : !abort_ ? "stmt_abort" : NULL;
        if (missing)
            return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                                "storage backend \"%s\" is missing callback %s (stmt_begin, stmt_commit "
                                "and stmt_abort come together)",
                                vt->name, missing);
    }
    return SS_OK;
}

int ss_check_auth_vtable(ss_ctx *ctx, const ss_auth_vtable *vt)
{
    if (check_header(ctx, "auth provider", vt, vt ? vt->struct_size : 0, vt ? vt->version : 0,
                     SS_AUTH_VTABLE_VERSION, vt ? vt->name : NULL,
                     offsetof(ss_auth_vtable, make_secret) + sizeof(vt->make_secret)))
        return SS_ERROR;
    REQUIRE("auth provider", vt, start);
    REQUIRE("auth provider", vt, step);
    REQUIRE("auth provider", vt, finish);
    return SS_OK;
}

int ss_check_window_vtable(ss_ctx *ctx, const ss_window_vtable *vt)
{
    if (check_header(ctx, "window function", vt, vt ? vt->struct_size : 0, vt ? vt->version : 0,
                     SS_WINDOW_VTABLE_VERSION, vt ? vt->name : NULL,
                     offsetof(ss_window_vtable, evaluate) + sizeof(vt->evaluate)))
        return SS_ERROR;
    if (vt->min_args > vt->max_args)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "window function \"%s\" has min_args %u > max_args %u", vt->name,
                            vt->min_args, vt->max_args);
    REQUIRE("window function", vt, result_type);
    REQUIRE("window function", vt, evaluate);
    return SS_OK;
}

int ss_check_snapshot_vtable(ss_ctx *ctx, const ss_snapshot_vtable *vt)
{
    if (check_header(ctx, "snapshot manager", vt, vt ? vt->struct_size : 0, vt ? vt->version : 0,
                     SS_SNAPSHOT_VTABLE_VERSION, vt ? vt->name : NULL,
                     offsetof(ss_snapshot_vtable, forget_before) + sizeof(vt->forget_before)))
        return SS_ERROR;
    REQUIRE("snapshot manager", vt, create);
    REQUIRE("snapshot manager", vt, destroy);
    REQUIRE("snapshot manager", vt, record_commit);
    REQUIRE("snapshot manager", vt, xid_at_time);
    REQUIRE("snapshot manager", vt, time_of_xid);
    return SS_OK;
}
