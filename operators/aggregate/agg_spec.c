/* agg_spec.c — validation and classification of aggregate calls (see agg_spec.h). */
#include "agg_spec.h"

#include "agg_builtin.h"

#include <stddef.h>
#include <string.h>

static int unsupported(ss_ctx *ctx, const ss_api *api, const ss_agg_call *call,
                       const agg_spec *spec)
{
    const char *arg = call->arg ? api->type_name(spec->arg_type) : "*";
    return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                      "aggregate %s(%s%s) returning %s is not supported", call->name,
                      call->distinct ? "DISTINCT " : "", arg,
                      api->type_name(call->result_type));
}

int agg_spec_eval_direct(ss_ctx *ctx, const ss_api *api, agg_spec *spec)
{
    for (uint32_t i = 0; !spec->direct_per_group && i < spec->ndirect; i++)
        if (api->expr_eval_scalar(ctx, spec->extra->direct[i], &spec->direct[i]) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

int agg_spec_resolve(ss_ctx *ctx, const ss_api *api, const ss_agg_call *call,
                     const ss_agg_extra *extra, ss_type out_type, agg_spec *spec)
{
    memset(spec, 0, sizeof *spec);
    spec->call = call;
    if (extra && extra->struct_size < sizeof(ss_agg_extra))
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "aggregate %s: extra call data of %u bytes",
                          call->name ? call->name : "?", extra->struct_size);
    spec->extra = extra;
    spec->filter = extra ? extra->filter : NULL;
    uint32_t nmore = extra ? extra->nargs : 0;
    if (!call->name)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "aggregate call without a name");
    if (call->arg) {
        spec->arg_type = api->expr_type(call->arg);
        spec->arg_layout = ops_layout_of(spec->arg_type.id);
    }
    spec->result_layout = ops_layout_of(call->result_type.id);
    spec->distinct = call->distinct;

    const ss_aggregate_vtable *fn = extra && extra->struct_size >= offsetof(ss_agg_extra, function) +
                                                                   sizeof extra->function
                                        ? extra->function
                                        : NULL;
    if (fn) {
        if (!call->arg && strcmp(fn->name, "count") != 0) /* count(*) is the only f(*) */
            return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "aggregate %s without an argument", call->name);
        spec->kind = AGG_PLUGIN;
        spec->function = fn;
        uint32_t nd = extra->struct_size >= offsetof(ss_agg_extra, direct) + sizeof extra->direct ? extra->ndirect : 0;
        if (nd > SS_AGG_MAX_DIRECT)
            return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "aggregate %s with %u direct arguments is not supported", call->name, nd);
        spec->ndirect = nd;
        spec->direct_array = nd == 1 && ss_type_is_array(api->expr_type(extra->direct[0]).id);
        spec->direct_per_group = nd && extra->struct_size >= offsetof(ss_agg_extra, direct_per_group) +
                                                                 sizeof extra->direct_per_group &&
                                 extra->direct_per_group;
        if (agg_spec_eval_direct(ctx, api, spec) != SS_OK)
            return SS_ERROR;
        if (nmore == 1) {
            spec->two_args = true;
            spec->arg2_type = api->expr_type(extra->args[0]);
            nmore = 0;
        }
        /* string_agg / array_agg / json_agg sort for DISTINCT (agg_ordered.c compares any type) */
        if (call->distinct && spec->arg_layout == OPS_LAYOUT_NONE && !agg_builtin_sorts_distinct(fn))
            return unsupported(ctx, api, call, spec);
        if (agg_builtin_kernel_bound(fn)) {
            /* the binder typed these calls by its own rules: their vtable must agree */
            ss_type types[2] = {spec->arg_type, spec->arg2_type}, out = {0, -1};
            if (fn->result_type(ctx, types, spec->two_args ? 2 : 1, &out) != SS_OK ||
                out.id != call->result_type.id)
                return unsupported(ctx, api, call, spec);
        }
        if (agg_builtin_is_minmax(fn) || !call->arg)
            spec->distinct = false; /* min/max of the distinct values is the same value */
    } else if (strcmp(call->name, "json_agg") == 0 || strcmp(call->name, "jsonb_agg") == 0 ||
               strcmp(call->name, "json_object_agg") == 0 || strcmp(call->name, "jsonb_object_agg") == 0) {
        /* the kernel hands the values (and keys) as JSON text and reads the result back */
        bool object = strstr(call->name, "object") != NULL;
        if (!call->arg || spec->arg_layout != OPS_LAYOUT_TEXT || spec->result_layout != OPS_LAYOUT_TEXT ||
            nmore != (object ? 1u : 0u) ||
            (object && ops_layout_of(api->expr_type(extra->args[0]).id) != OPS_LAYOUT_TEXT))
            return unsupported(ctx, api, call, spec);
        spec->kind = object ? AGG_JSON_OBJECT : AGG_JSON_ARRAY;
        spec->distinct = false; /* the binder refuses DISTINCT */
        nmore = 0;
    } else {
        return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "aggregate function %s is not supported", call->name);
    }
    if (nmore)
        return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "aggregate %s with %u arguments is not supported", call->name, nmore + 1);
    /* ORDER BY changes only string_agg's, array_agg's and the json aggregates' results,
       float rounding in sum / avg and what other modules' aggregates do */
    bool order_matters = spec->kind == AGG_JSON_ARRAY || spec->kind == AGG_JSON_OBJECT ||
                         (spec->kind == AGG_PLUGIN &&
                          !agg_builtin_order_insensitive(spec->function, call->result_type));
    spec->ordered = (extra && extra->norder > 0 && order_matters) ||
                    (spec->distinct && spec->kind == AGG_PLUGIN &&
                     (spec->two_args || agg_builtin_sorts_distinct(spec->function)));
    if (agg_kind_two_args(spec->kind)) {
        spec->two_args = true;
        spec->arg2_type = api->expr_type(extra->args[0]);
    }
    spec->distinct_args = spec->two_args ? 2 : 1;
    if (spec->kind == AGG_PLUGIN && spec->two_args && agg_builtin_json_value_text(spec->function))
        spec->distinct_args = 1; /* json_agg(DISTINCT x): x, then its JSON text (objects: the
                                    record (k, v), then its item text) */

    if (ops_layout_of(out_type.id) != spec->result_layout)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                          "aggregate %s: output column is %s but the result type is %s",
                          call->name, api->type_name(out_type),
                          api->type_name(call->result_type));
    return SS_OK;
}
