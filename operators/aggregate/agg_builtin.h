/* agg_builtin.h — count, sum, avg, min, max, bool_and, bool_or, every, string_agg and array_agg
 * as registered aggregates (sunstone/aggregate.h) of the aggregate operator module: their
 * vtables (agg_builtin_sum.c, agg_builtin_typed.c, agg_builtin_minmax.c, agg_builtin_bool.c,
 * agg_builtin_collect.c), PostgreSQL's signatures as result_type callbacks and the
 * registration (agg_builtin.c).  Their loops are typed per argument layout and read the
 * kernel's dense group array (step_dense) or one state (no GROUP BY). */
#ifndef AGG_BUILTIN_H
#define AGG_BUILTIN_H

#include "sunstone/aggregate.h"
#include "sunstone/plugin.h"

extern const ss_api *agg_builtin_api;

extern const ss_aggregate_vtable agg_builtin_count_vt; /* agg_builtin_sum.c */
extern const ss_aggregate_vtable agg_builtin_sum_vt;
extern const ss_aggregate_vtable agg_builtin_avg_vt;
extern const ss_aggregate_vtable agg_builtin_min_vt;   /* agg_builtin_minmax.c */
extern const ss_aggregate_vtable agg_builtin_max_vt;
extern const ss_aggregate_vtable agg_builtin_bool_and_vt; /* agg_builtin_bool.c */
extern const ss_aggregate_vtable agg_builtin_bool_or_vt;
extern const ss_aggregate_vtable agg_builtin_every_vt;
extern const ss_aggregate_vtable agg_builtin_string_agg_vt; /* agg_builtin_collect.c */
extern const ss_aggregate_vtable agg_builtin_array_agg_vt;
extern const ss_aggregate_vtable agg_builtin_json_agg_vt; /* agg_builtin_json.c */
extern const ss_aggregate_vtable agg_builtin_jsonb_agg_vt;
extern const ss_aggregate_vtable agg_builtin_json_object_agg_vt;
extern const ss_aggregate_vtable agg_builtin_jsonb_object_agg_vt;

/* The state of string_agg, array_agg and the json aggregates (agg_builtin_collect.c): a byte
 * buffer of ss_api.alloc memory and the count of what it holds. */
typedef struct agg_collect_state {
    char *ptr;    /* NULL while empty */
    uint32_t len;
    uint32_t cap;
    int64_t n;    /* values (array_agg: items, NULLs too) folded */
} agg_collect_state;
void agg_collect_init(const ss_aggregate_call_info *call, void *state);
void agg_collect_release(const ss_aggregate_call_info *call, void *state);
/* Appends len bytes to s, growing its buffer geometrically (54000 past 4 GB). */
int agg_collect_append(ss_ctx *ctx, agg_collect_state *s, const void *p, uint32_t len);

/* result_type callbacks (agg_builtin.c) */
int agg_builtin_count_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out);
int agg_builtin_sum_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out);
int agg_builtin_avg_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out);
int agg_builtin_minmax_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out);

/* Registers the fourteen (ss_api.register_aggregate); SS_OK when the kernel has no aggregates. */
int agg_builtin_register(const ss_api *api, ss_plugin *plugin);
/* Whether the order the rows of call reach fn cannot change its result (count, min, max,
 * exact sums): the operator then skips sorting for ORDER BY inside the call. */
bool agg_builtin_order_insensitive(const ss_aggregate_vtable *fn, ss_type result_type);
/* Whether DISTINCT of fn sorts its input (string_agg, array_agg: PostgreSQL feeds the distinct
 * values in sorted order, which their results show). */
bool agg_builtin_sorts_distinct(const ss_aggregate_vtable *fn);
/* Whether fn is a json aggregate whose DISTINCT calls pass what DISTINCT compares first and
 * its JSON text second (json_agg / jsonb_agg(x, text of x); json_object_agg / jsonb_object_agg
 * (record (k, v), "key : value" text)): DISTINCT compares only the first. */
bool agg_builtin_json_value_text(const ss_aggregate_vtable *fn);
/* Whether fn is string_agg, array_agg or a json aggregate, whose calls the binder types by
 * PostgreSQL's rules without their result_type. */
bool agg_builtin_kernel_bound(const ss_aggregate_vtable *fn);
/* Whether fn is min or max, for which DISTINCT changes nothing. */
bool agg_builtin_is_minmax(const ss_aggregate_vtable *fn);

/* sum / avg whose result type has kernel running sums (ss_type_info.sum: numeric, interval):
 * agg_builtin_typed.c.  A state is three of the type's sum states in a row: the rows
 * added, the rows removed (moving mode), bookkeeping. */
const ss_type_sum *agg_typed_sum_of(ss_type result_type);
uint32_t agg_typed_state_size(const ss_type_sum *sum);
int agg_typed_step_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                         const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n);
int agg_typed_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                   const ss_vector *const *args, const uint32_t *rows, uint32_t n);
int agg_typed_inverse(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                      const ss_vector *const *args, const uint32_t *rows, uint32_t n);
int agg_typed_combine(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other);
int agg_typed_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                    uint32_t row, bool avg);
void agg_typed_release(const ss_aggregate_call_info *call, void *state);

#endif
