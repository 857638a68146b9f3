/* plugin_kinds.c — the one table of plugin-kind descriptors (plugin_kinds.h), the generic
 * vtable check that reads it, and the typed register_* entries of ss_api. */
#include "loader/plugin_kinds.h"

#include <stdio.h>
#include <string.h>

#include "exec/node_kinds.h"
#include "loader/plugin_ctx.h"

/* ---- kind-specific field checks ---- */

static int check_operator_fields(ss_ctx *ctx, const void *p)
{
    const ss_operator_vtable *vt = p;
    if (!ss_node_kind_find(vt->node_kind))
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR, "operator \"%s\" has unknown node kind %d",
                            vt->name, vt->node_kind);
    const uint32_t known = SS_OPCAP_PARKABLE | SS_OPCAP_BOUND | SS_OPCAP_PARAM_RESCAN;
    if (vt->caps & ~known)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR, "operator \"%s\" has unknown capability bits 0x%x",
                            vt->name, vt->caps & ~known);
    if ((vt->caps & SS_OPCAP_BOUND) && !vt->set_bound)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "operator \"%s\" declares SS_OPCAP_BOUND but is missing callback set_bound", vt->name);
    return SS_OK;
}

static int check_window_fields(ss_ctx *ctx, const void *p)
{
    const ss_window_vtable *vt = p;
    if (vt->min_args > vt->max_args)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "window function \"%s\" has min_args %u > max_args %u", vt->name,
                            vt->min_args, vt->max_args);
    return SS_OK;
}

/* version 2: an index module storing its indexes with a backend's tables sets the backend,
   the access method and the three callbacks together, or none of them */
static int check_index_fields(ss_ctx *ctx, const void *p)
{
    const ss_index_vtable *vt = p;
    if (!SS_INDEX_HAS(vt, stored_id))
        return SS_OK;
    int set = (vt->stored_backend != NULL) + (vt->stored_am != NULL) + (vt->create_stored != NULL) +
              (vt->open_stored != NULL) + (vt->stored_id != NULL);
    if (set != 0 && set != 5)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "index access method \"%s\" sets only some of stored_backend, stored_am, "
                            "create_stored, open_stored and stored_id (they come together)",
                            vt->name ? vt->name : "?");
    return SS_OK;
}

/* ---- the descriptors ---- */

#define CALLBACK(type, field) {offsetof(type, field), #field}
#define END_OF(type, field) (offsetof(type, field) + sizeof(((type *)0)->field))
#define COUNT(a) ((uint32_t)(sizeof(a) / sizeof((a)[0])))

static const ss_callback_field operator_required[] = {
    CALLBACK(ss_operator_vtable, open), CALLBACK(ss_operator_vtable, next_batch),
    CALLBACK(ss_operator_vtable, close), CALLBACK(ss_operator_vtable, rescan)};

static const ss_callback_field storage_required[] = {
    CALLBACK(ss_storage_vtable, backend_open),    CALLBACK(ss_storage_vtable, backend_close),
    CALLBACK(ss_storage_vtable, table_create),    CALLBACK(ss_storage_vtable, table_drop),
    CALLBACK(ss_storage_vtable, insert),          CALLBACK(ss_storage_vtable, scan_begin),
    CALLBACK(ss_storage_vtable, scan_next_batch), CALLBACK(ss_storage_vtable, scan_next_row),
    CALLBACK(ss_storage_vtable, scan_end)};
/* statement atomicity (version 2) */
static const ss_callback_field storage_statement[] = {
    CALLBACK(ss_storage_vtable, stmt_begin), CALLBACK(ss_storage_vtable, stmt_commit),
    CALLBACK(ss_storage_vtable, stmt_abort)};

/* (A) version 5: add_column and drop_column come together (ADD COLUMN in place and its undo);
   versions 6, 9 and (gch11) 11: their blocks come together too */
static int check_storage_fields(ss_ctx *ctx, const void *p)
{
    const ss_storage_vtable *vt = p;
    bool add = SS_STORAGE_HAS(vt, add_column) && vt->add_column;
    bool drop = SS_STORAGE_HAS(vt, drop_column) && vt->drop_column;
    if (add != drop)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "storage backend \"%s\" is missing callback %s (add_column, drop_column come together)",
                            vt->name ? vt->name : "?", add ? "drop_column" : "add_column");
    /* version 6: the durable-database callbacks come together */
    static const ss_callback_field durable[] = {
        CALLBACK(ss_storage_vtable, catalog_load), CALLBACK(ss_storage_vtable, table_storage_id),
        CALLBACK(ss_storage_vtable, table_open),   CALLBACK(ss_storage_vtable, table_close),
        CALLBACK(ss_storage_vtable, txn_commit),   CALLBACK(ss_storage_vtable, txn_abort)};
    uint32_t have = 0;
    for (uint32_t i = 0; i < COUNT(durable); i++)
        have += vt->struct_size >= durable[i].offset + sizeof(void (*)(void)) &&
                *(void (*const *)(void))((const char *)vt + durable[i].offset) != NULL;
    for (uint32_t i = 0; have != 0 && have != COUNT(durable) && i < COUNT(durable); i++)
        if (vt->struct_size < durable[i].offset + sizeof(void (*)(void)) ||
            !*(void (*const *)(void))((const char *)vt + durable[i].offset))
            return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                                "storage backend \"%s\" is missing callback %s (the durable-database callbacks of "
                                "version 6 come together)",
                                vt->name ? vt->name : "?", durable[i].name);
    /* (hist11) version 9: the commit history's two callbacks come together, on a durable backend */
    bool hcommit = SS_STORAGE_HAS(vt, txn_commit_history) && vt->txn_commit_history;
    bool hload = SS_STORAGE_HAS(vt, history_load) && vt->history_load;
    if (hcommit != hload || (hcommit && have != COUNT(durable)))
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "storage backend \"%s\" is missing callback %s (the commit-history callbacks of version 9 "
                            "come together, with those of version 6)",
                            vt->name ? vt->name : "?", !hcommit ? "txn_commit_history" : !hload ? "history_load" : "txn_commit");
    /* (gch11) version 11: the split history commit's two callbacks come together, with version 9's */
    bool happend = SS_STORAGE_HAS(vt, txn_commit_append) && vt->txn_commit_append;
    bool hwait = SS_STORAGE_HAS(vt, txn_commit_wait) && vt->txn_commit_wait;
    if (happend != hwait || (happend && !hcommit))
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "storage backend \"%s\" is missing callback %s (the split-commit callbacks of version 11 "
                            "come together, with those of version 9)",
                            vt->name ? vt->name : "?", !happend ? "txn_commit_append" : !hwait ? "txn_commit_wait" : "txn_commit_history");
    return SS_OK;
}

static const ss_callback_field auth_required[] = {
    CALLBACK(ss_auth_vtable, start), CALLBACK(ss_auth_vtable, step), CALLBACK(ss_auth_vtable, finish)};

static int check_aggregate_fields(ss_ctx *ctx, const void *p)
{
    const ss_aggregate_vtable *vt = p;
    if (vt->min_args < 1 || vt->min_args > vt->max_args)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "aggregate \"%s\" has min_args %u and max_args %u (1 <= min_args <= max_args)",
                            vt->name, vt->min_args, vt->max_args);
    if (vt->ordered_set && vt->direct_args > 4)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR, "aggregate \"%s\" has %u direct arguments (at most 4)",
                            vt->name, vt->direct_args);
    if (vt->state_size == 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR, "aggregate \"%s\" has state_size 0", vt->name);
    return SS_OK;
}

static const ss_callback_field aggregate_required[] = {
    CALLBACK(ss_aggregate_vtable, result_type), CALLBACK(ss_aggregate_vtable, init),
    CALLBACK(ss_aggregate_vtable, step), CALLBACK(ss_aggregate_vtable, final)};

static const ss_callback_field window_required[] = {
    CALLBACK(ss_window_vtable, result_type), CALLBACK(ss_window_vtable, evaluate)};

static const ss_callback_field snapshot_required[] = {
    CALLBACK(ss_snapshot_vtable, create),        CALLBACK(ss_snapshot_vtable, destroy),
    CALLBACK(ss_snapshot_vtable, record_commit), CALLBACK(ss_snapshot_vtable, at_time),
    CALLBACK(ss_snapshot_vtable, of_xid),        CALLBACK(ss_snapshot_vtable, count),
    CALLBACK(ss_snapshot_vtable, nth),           CALLBACK(ss_snapshot_vtable, forget_before)};

static const ss_callback_field index_required[] = {
    CALLBACK(ss_index_vtable, create),      CALLBACK(ss_index_vtable, destroy),
    CALLBACK(ss_index_vtable, build_add),   CALLBACK(ss_index_vtable, build_finish),
    CALLBACK(ss_index_vtable, insert),      CALLBACK(ss_index_vtable, remove),
    CALLBACK(ss_index_vtable, lookup),      CALLBACK(ss_index_vtable, scan_begin),
    CALLBACK(ss_index_vtable, scan_next),   CALLBACK(ss_index_vtable, scan_end),
    CALLBACK(ss_index_vtable, entries),     CALLBACK(ss_index_vtable, bytes)};

static const ss_plugin_kind_desc kinds[] = {
    {.kind = SS_KIND_OPERATOR, .name = "operator", .noun = "operator",
     .min_version = 2, .version = SS_OPERATOR_VTABLE_VERSION, .min_size = END_OF(ss_operator_vtable, set_bound),
     .check_fields = check_operator_fields,
     .required = operator_required, .nrequired = COUNT(operator_required)},
    {.kind = SS_KIND_STORAGE, .name = "storage", .noun = "storage backend",
     .min_version = 1, .version = SS_STORAGE_VTABLE_VERSION, .min_size = END_OF(ss_storage_vtable, scan_end),
     .check_fields = check_storage_fields,
     .required = storage_required, .nrequired = COUNT(storage_required),
     .together = storage_statement, .ntogether = COUNT(storage_statement)},
    {.kind = SS_KIND_AUTH, .name = "auth", .noun = "auth provider", .experimental = true,
     .min_version = 1, .version = SS_AUTH_VTABLE_VERSION, .min_size = END_OF(ss_auth_vtable, make_secret),
     .required = auth_required, .nrequired = COUNT(auth_required)},
    {.kind = SS_KIND_WINDOW, .name = "window", .noun = "window function",
     .min_version = 1, .version = SS_WINDOW_VTABLE_VERSION, .min_size = END_OF(ss_window_vtable, evaluate),
     .check_fields = check_window_fields,
     .required = window_required, .nrequired = COUNT(window_required)},
    {.kind = SS_KIND_SNAPSHOT, .name = "snapshot", .noun = "snapshot manager",
     .min_version = 1, .version = SS_SNAPSHOT_VTABLE_VERSION, .min_size = END_OF(ss_snapshot_vtable, forget_before),
     .required = snapshot_required, .nrequired = COUNT(snapshot_required)},
    {.kind = SS_KIND_AGGREGATE, .name = "aggregate", .noun = "aggregate", .experimental = true,
     .min_version = 1, .version = SS_AGGREGATE_VTABLE_VERSION, .min_size = END_OF(ss_aggregate_vtable, release),
     .check_fields = check_aggregate_fields,
     .required = aggregate_required, .nrequired = COUNT(aggregate_required)},
    {.kind = SS_KIND_INDEX, .name = "index", .noun = "index access method",
     .min_version = 1, .version = SS_INDEX_VTABLE_VERSION, .min_size = END_OF(ss_index_vtable, bytes),
     .check_fields = check_index_fields,
     .required = index_required, .nrequired = COUNT(index_required)},
};

/* The register_* entries: one line per kind.  Every vtable starts with the common header
 * {uint32_t struct_size; uint32_t version; const char *name;} that ss_check_vtable reads. */
#define REGISTER_ENTRY(fn, type, kind)                                                    \
    _Static_assert(offsetof(type, struct_size) == 0 && offsetof(type, version) == 4 &&    \
                       offsetof(type, name) == 8,                                         \
                   #type " does not start with the common vtable header");                \
    int fn(ss_plugin *p, const type *vt, bool replace)                                    \
    {                                                                                     \
        return ss_plugin_register(p, kind, vt, replace);                                  \
    }

REGISTER_ENTRY(ss_plugin_register_operator, ss_operator_vtable, SS_KIND_OPERATOR)
REGISTER_ENTRY(ss_plugin_register_storage, ss_storage_vtable, SS_KIND_STORAGE)
REGISTER_ENTRY(ss_plugin_register_auth, ss_auth_vtable, SS_KIND_AUTH)
REGISTER_ENTRY(ss_plugin_register_window, ss_window_vtable, SS_KIND_WINDOW)
REGISTER_ENTRY(ss_plugin_register_snapshot, ss_snapshot_vtable, SS_KIND_SNAPSHOT)
REGISTER_ENTRY(ss_plugin_register_aggregate, ss_aggregate_vtable, SS_KIND_AGGREGATE)
REGISTER_ENTRY(ss_plugin_register_index, ss_index_vtable, SS_KIND_INDEX)

const ss_plugin_kind_desc *ss_plugin_kind_find(int kind)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].kind == kind)
            return &kinds[i];
    return NULL;
}

const char *ss_kind_name(int kind)
{
    const ss_plugin_kind_desc *k = ss_plugin_kind_find(kind);
    return k ? k->name : "unknown";
}

/* ---- the check ---- */

typedef struct vtable_header {
    uint32_t struct_size;
    uint32_t version;
    const char *name;
} vtable_header;

const char *ss_vtable_name(const void *vt)
{
    vtable_header h;
    memcpy(&h, vt, sizeof h);
    return h.name;
}

/* Whether vt sets the callback at f: inside its struct_size and not NULL. */
static bool has_callback(const void *vt, uint32_t struct_size, const ss_callback_field *f)
{
    void (*fn)(void);
    if (struct_size < f->offset + sizeof fn)
        return false;
    memcpy(&fn, (const char *)vt + f->offset, sizeof fn);
    return fn != NULL;
}

/* "a, b and c" */
static void join_names(char *buf, size_t n, const ss_callback_field *f, uint32_t count)
{
    size_t used = 0;
    buf[0] = '\0';
    for (uint32_t i = 0; i < count && used < n; i++) {
        const char *sep = i == 0 ? "" : i + 1 == count ? " and " : ", ";
        int w = snprintf(buf + used, n - used, "%s%s", sep, f[i].name);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

/* A plugin built against a newer header may pass a bigger struct than the kernel knows (the
 * kernel reads only what it knows), never one smaller than version 1. */
int ss_check_vtable(ss_ctx *ctx, const ss_plugin_kind_desc *k, const void *vt)
{
    if (!vt)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR, "%s vtable is NULL", k->noun);
    vtable_header h;
    memcpy(&h, vt, sizeof h);
    /* the version first: a vtable of a retired version is named as such, whatever its size */
    if (h.version < k->min_version || h.version > k->version)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "%s vtable \"%s\" has version %u, kernel supports %u..%u", k->noun,
                            h.name ? h.name : "?", h.version, k->min_version, k->version);
    if (h.struct_size < k->min_size)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "%s vtable \"%s\" has struct_size %u, smaller than the %zu bytes of "
                            "version %u",
                            k->noun, h.name ? h.name : "?", h.struct_size, k->min_size, k->min_version);
    if (!h.name || !h.name[0])
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR, "%s vtable has no name", k->noun);
    if (k->check_fields && k->check_fields(ctx, vt))
        return SS_ERROR;
    for (uint32_t i = 0; i < k->nrequired; i++)
        if (!has_callback(vt, h.struct_size, &k->required[i]))
            return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                                "%s \"%s\" is missing required callback %s", k->noun, h.name,
                                k->required[i].name);
    const ss_callback_field *missing = NULL;
    bool any = false;
    for (uint32_t i = 0; i < k->ntogether; i++) {
        if (has_callback(vt, h.struct_size, &k->together[i]))
            any = true;
        else if (!missing)
            missing = &k->together[i];
    }
    if (any && missing) {
        char names[256];
        join_names(names, sizeof names, k->together, k->ntogether);
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "%s \"%s\" is missing callback %s (%s come together)", k->noun,
                            h.name, missing->name, names);
    }
    return SS_OK;
}
