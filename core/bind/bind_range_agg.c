/* bind_range_agg.c — range_agg(range | multirange) and range_intersect_agg(range |
 * multirange) as array_agg of the argument under a final function that makes the result
 * (types/multirange/multirange.h's mr_range_agg_defs ...): array_agg keeps NULLs, DISTINCT,
 * FILTER and ORDER BY as the aggregates have them, and its NULL for no rows is theirs. */
#include <string.h>

#include "bind/binder_internal.h"
#include "types/multirange/multirange.h"

bool is_range_aggregate(const char *name)
{
    return !strcmp(name, "range_agg") || !strcmp(name, "range_intersect_agg");
}

int bind_range_agg(binder *b, const ast_expr *a, ss_expr *arg, ss_agg_call *call, const ss_func_def **result_def)
{
    const char *name = a->names[0];
    if (is_unknown_const(arg)) {
        bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "function %s(unknown) is not unique", name);
        ss_ctx_error_hint(b->ctx, "Could not choose a best candidate function. You might need to add explicit "
                                  "type casts.");
        return SS_ERROR;
    }
    int32_t t = arg->type.id;
    int k = mr_agg_index(t);
    if (k < 0) {
        char b1[96];
        no_such_function(b, a->location, name, tname(arg->type, b1, sizeof b1));
        return SS_ERROR;
    }
    bool multi = mr_range_type(t) != 0;
    call->name = "array_agg";
    call->arg = arg;
    call->result_type = type_of(ss_type_array_of(t));
    *result_def = !strcmp(name, "range_agg") ? &mr_range_agg_defs[k]
                  : multi                    ? &mr_intersect_mr_defs[k]
                                             : &mr_intersect_range_defs[k];
    return SS_OK;
}
