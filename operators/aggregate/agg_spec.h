/* agg_spec.h — classification of the kernel's aggregate calls (name, argument type, result
 * type, DISTINCT, FILTER and ORDER BY) into the aggregate kinds this module implements:
 * registered aggregates (AGG_PLUGIN, count / sum / avg / min / max / string_agg / array_agg
 * among them) and the kernel's own loops for the json aggregates. */
#ifndef AGG_SPEC_H
#define AGG_SPEC_H

#include "sunstone/plugin.h"

#include "common/type_layout.h"

typedef enum agg_kind {
    AGG_JSON_ARRAY = 1, /* json_agg / jsonb_agg(JSON text of each value) -> "[v, v]" text */
    AGG_JSON_OBJECT,    /* json_object_agg / jsonb_object_agg(key JSON string, value JSON text)
                           -> "{ k : v, k : v }" text; a NULL key is 22023 */
    AGG_PLUGIN          /* a registered aggregate (ss_agg_extra.function): count, sum, avg,
                           min, max, bool_and, bool_or, every, string_agg and array_agg
                           (agg_builtin.h) and those of other modules */
} agg_kind;

/* The kinds with a second argument column (extra->args[0]): the object aggregates' value
 * (a registered aggregate's second argument, string_agg's delimiter among them, is
 * agg_spec.two_args). */
static inline bool agg_kind_two_args(agg_kind k)
{
    return k == AGG_JSON_OBJECT;
}

#define SS_AGG_MAX_DIRECT 4 /* direct arguments of an ordered-set aggregate, at most */

typedef struct agg_spec {
    const ss_agg_call *call;
    agg_kind kind;
    ss_type arg_type;         /* meaningful when call->arg != NULL */
    ops_layout arg_layout;
    ops_layout result_layout;
    bool distinct;            /* DISTINCT that affects the result (ignored for min/max) */
    const ss_agg_extra *extra; /* FILTER, ORDER BY, extra arguments; NULL = none */
    const ss_expr *filter;    /* extra's FILTER, or NULL */
    /* the input is collected and fed in order at the end (agg_ordered.h): ORDER BY in the
       call, or DISTINCT over more than one argument (PostgreSQL sorts its input) */
    bool ordered;
    const ss_aggregate_vtable *function; /* AGG_PLUGIN: the registered aggregate */
    /* a second argument column (extra->args[0]): agg_kind_two_args, or a registered
       aggregate of two arguments */
    bool two_args;
    ss_type arg2_type;
    uint32_t distinct_args;              /* the leading arguments DISTINCT compares (agg_ordered.h) */
    uint32_t ndirect;                    /* AGG_PLUGIN: its direct arguments' values */
    bool direct_array;                   /* the one direct argument is an array (vtable direct_array) */
    /* the direct arguments are expressions over the input with a value per group
       (ss_agg_extra.direct_per_group): agg_accum keeps each group's (agg_direct.c) */
    bool direct_per_group;
    ss_value direct[SS_AGG_MAX_DIRECT];
} agg_spec;

/* (Re)evaluates the direct arguments of an ordered-set aggregate (constants, parameters and
 * functions of them: once per scan of the operator, as a new execution's $n may differ);
 * nothing for direct arguments per group. */
int agg_spec_eval_direct(ss_ctx *ctx, const ss_api *api, agg_spec *spec);

/* Fills spec for call, whose output column has type out_type; 0A000 for a function / type
 * combination this module does not implement, XX000 for an inconsistent call. */
int agg_spec_resolve(ss_ctx *ctx, const ss_api *api, const ss_agg_call *call,
                     const ss_agg_extra *extra, ss_type out_type, agg_spec *spec);

#endif
