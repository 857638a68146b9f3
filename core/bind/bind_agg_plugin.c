/* bind_agg_plugin.c — aggregates registered by modules (plugins of kind aggregate,
 * sunstone/aggregate.h): finding one by name in the registry of the database being bound,
 * and binding a call of one (argument count, argument types, result type from the
 * aggregate's own result_type callback). */
#include <stdio.h>
#include <string.h>

#include "bind/binder_internal.h"
#include "loader/registry.h"
#include "types/registry.h"

/* The registry of the statement being bound on this thread: is_aggregate_name is a plain
 * predicate over AST nodes (ast_any), so it reaches the registry here. */
static _Thread_local const ss_registry *bind_registry;

void bind_agg_registry_use(const struct ss_registry *r)
{
    bind_registry = r;
}

const ss_aggregate_vtable *bind_find_plugin_aggregate(const char *name)
{
    if (!bind_registry || !name)
        return NULL;
    const ss_registration *reg = ss_registry_find(bind_registry, SS_KIND_AGGREGATE, name);
    return reg ? reg->vtable : NULL;
}

int bind_plugin_aggregate_call(binder *b, const ast_expr *a, const ss_aggregate_vtable *vt, ss_expr **args,
                               ss_agg_call *call)
{
    uint32_t n = a->nargs;
    ss_type types[16];
    char sig[512] = "";
    size_t off = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!(args[i] = resolve_unknown(b, args[i], a->args[i]->location)))
            return SS_ERROR;
        char b1[96];
        if (i < sizeof types / sizeof types[0])
            types[i] = args[i]->type;
        if (off < sizeof sig)
            off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "",
                                    tname(args[i]->type, b1, sizeof b1));
    }
    if (n < vt->min_args || n > vt->max_args || n > sizeof types / sizeof types[0]) {
        no_such_function(b, a->location, a->names[0], sig);
        return SS_ERROR;
    }
    ss_type out;
    memset(&out, 0, sizeof out);
    if (vt->result_type(b->ctx, types, n, &out)) {
        /* an error the aggregate recorded (0A000 for a signature it does not implement)
           stands; none: no such signature, the kernel's 42883 with position and HINT */
        if (b->ctx->err && b->ctx->err->message)
            return SS_ERROR;
        no_such_function(b, a->location, a->names[0], sig);
        return SS_ERROR;
    }
    if (out.id == SS_TYPE_INVALID || out.id == SS_TYPE_UNKNOWN || !ss_type_registry_get(out.id))
        return bind_error(b, a->location, SS_SQLSTATE_PLUGIN_ERROR,
                          "aggregate \"%s\" returned no result type for %s(%s)", vt->name, a->names[0], sig);
    call->arg = args[0];
    call->result_type = out;
    return SS_OK;
}
