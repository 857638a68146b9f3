/* agg_builtin.c — PostgreSQL 15's signatures of count, sum, avg, min and max (the result_type
 * callbacks of their vtables; bool_and / bool_or / every's is in agg_builtin_bool.c) and their registration by the aggregate operator module.  The
 * typed loops live beside the operator that runs them, so the kernel's own aggregates are
 * registered aggregates like any module's, listed by sunstone_plugins. */
#include "agg_builtin.h"

#include <string.h>

#include "common/type_layout.h"

const ss_api *agg_builtin_api;

int agg_builtin_count_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)arg_types;
    (void)nargs;
    *out = (ss_type){SS_TYPE_INT8, -1};
    return SS_OK;
}

/* sum(int2 / int4) bigint, sum(int8 / numeric) numeric, sum(real) real, sum(float8) float8,
 * sum(interval) interval; anything else has no signature (42883). */
int agg_builtin_sum_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    int32_t t = arg_types[0].id;
    int32_t r;
    if (t == SS_TYPE_INT2 || t == SS_TYPE_INT4)
        r = SS_TYPE_INT8;
    else if (t == SS_TYPE_FLOAT4 || t == SS_TYPE_FLOAT8)
        r = t; /* float4_pl: sum(real) is real */
    else if (t == SS_TYPE_INT8 || t == SS_TYPE_NUMERIC)
        r = SS_TYPE_NUMERIC;
    else if (t == SS_TYPE_INTERVAL)
        r = SS_TYPE_INTERVAL;
    else
        return SS_ERROR;
    *out = (ss_type){r, -1};
    const ss_type_sum *sum = agg_typed_sum_of(*out);
    if (sum && sum->state_size % 16)
        return agg_builtin_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                      "feature not supported: sum(%s) over running sums of %u bytes",
                                      agg_builtin_api->type_name(arg_types[0]), sum->state_size);
    return SS_OK;
}

/* avg(real / float8) float8, avg(integers / numeric) numeric, avg(interval) interval. */
int agg_builtin_avg_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    int32_t t = arg_types[0].id;
    int32_t r;
    if (t == SS_TYPE_FLOAT4 || t == SS_TYPE_FLOAT8)
        r = SS_TYPE_FLOAT8; /* float4_accum: avg(real) is double precision */
    else if (t == SS_TYPE_INT2 || t == SS_TYPE_INT4 || t == SS_TYPE_INT8 || t == SS_TYPE_NUMERIC)
        r = SS_TYPE_NUMERIC;
    else if (t == SS_TYPE_INTERVAL)
        r = SS_TYPE_INTERVAL;
    else
        return SS_ERROR;
    *out = (ss_type){r, -1};
    const ss_type_sum *sum = agg_typed_sum_of(*out);
    if (sum && sum->state_size % 16)
        return agg_builtin_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                      "feature not supported: avg(%s) over running sums of %u bytes",
                                      agg_builtin_api->type_name(arg_types[0]), sum->state_size);
    return SS_OK;
}

/* min / max(x): x's type, varchar as text (PostgreSQL has text_smaller, no varchar one);
 * no boolean ones (bool_and / bool_or are), none of a type the operators cannot order.
 * Types PostgreSQL gives no min / max (bytea, uuid, json) the binder refuses first. */
int agg_builtin_minmax_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    int32_t t = arg_types[0].id;
    if (t == SS_TYPE_BOOL || ops_layout_of(t) == OPS_LAYOUT_NONE)
        return SS_ERROR;
    if (t == SS_TYPE_VARCHAR)
        arg_types[0] = (ss_type){SS_TYPE_TEXT, -1};
    *out = (ss_type){arg_types[0].id, -1}; /* no type modifier, as PostgreSQL's anyelement result */
    return SS_OK;
}

bool agg_builtin_is_minmax(const ss_aggregate_vtable *fn)
{
    return fn == &agg_builtin_min_vt || fn == &agg_builtin_max_vt;
}

bool agg_builtin_json_value_text(const ss_aggregate_vtable *fn)
{
    return fn == &agg_builtin_json_agg_vt || fn == &agg_builtin_jsonb_agg_vt || fn == &agg_builtin_json_object_agg_vt ||
           fn == &agg_builtin_jsonb_object_agg_vt;
}

bool agg_builtin_kernel_bound(const ss_aggregate_vtable *fn)
{
    return agg_builtin_sorts_distinct(fn) || fn == &agg_builtin_json_object_agg_vt ||
           fn == &agg_builtin_jsonb_object_agg_vt;
}

bool agg_builtin_sorts_distinct(const ss_aggregate_vtable *fn)
{
    return fn == &agg_builtin_string_agg_vt || fn == &agg_builtin_array_agg_vt || agg_builtin_json_value_text(fn);
}

bool agg_builtin_order_insensitive(const ss_aggregate_vtable *fn, ss_type result_type)
{
    if (fn == &agg_builtin_count_vt || agg_builtin_is_minmax(fn) || fn == &agg_builtin_bool_and_vt ||
        fn == &agg_builtin_bool_or_vt || fn == &agg_builtin_every_vt)
        return true;
    /* floating-point sums round differently in another order */
    return (fn == &agg_builtin_sum_vt || fn == &agg_builtin_avg_vt) && result_type.id != SS_TYPE_FLOAT8 &&
           result_type.id != SS_TYPE_FLOAT4;
}

int agg_builtin_register(const ss_api *api, ss_plugin *plugin)
{
    agg_builtin_api = api;
    if (!SS_API_HAS(api, register_aggregate))
        return SS_OK;
    const ss_aggregate_vtable *all[] = {&agg_builtin_count_vt, &agg_builtin_sum_vt, &agg_builtin_avg_vt,
                                        &agg_builtin_min_vt, &agg_builtin_max_vt, &agg_builtin_bool_and_vt,
                                        &agg_builtin_bool_or_vt, &agg_builtin_every_vt, &agg_builtin_string_agg_vt,
                                        &agg_builtin_array_agg_vt, &agg_builtin_json_agg_vt, &agg_builtin_jsonb_agg_vt,
                                        &agg_builtin_json_object_agg_vt, &agg_builtin_jsonb_object_agg_vt};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (api->register_aggregate(plugin, all[i], false) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}
