/* sunstone/aggregate.h — aggregate functions, plugins of kind aggregate (PostgreSQL's CREATE
 * AGGREGATE: a per-group transition state, a step over the rows, a final function).
 *
 * EXPERIMENTAL: the aggregate operator calls result_type, init, step (or step_dense), final
 * and release of a registered aggregate for every call the kernel's own list does not cover
 * (the json aggregates keep their loops inside the aggregate operator; count, sum, avg, min,
 * max, bool_and, bool_or, every, string_agg and array_agg are registered aggregates of the
 * aggregate operator module, operators/aggregate/agg_builtin*.c).  The window operator (operators/window)
 * runs every aggregate with OVER (the kernel's own too) through the same callbacks, over
 * each row's frame, and calls inverse to slide a frame (sunstone.window_frame_algorithm
 * incremental / auto), select_row or else combine to build a segment tree over the partition
 * (segment_tree, and auto without inverse; combine not for a floating-point result, whose
 * rounding would change).  The vtable may still change
 * without an ABI bump, and sunstone_plugins shows experimental = true for plugins of this
 * kind.
 *
 * How the kernel uses an aggregate, per call in a query:
 *   1. bind: result_type(argument types) decides the call's type, or refuses it (42883);
 *      min_args / max_args are checked first.  An ordered-set aggregate is called only with
 *      WITHIN GROUP (and any other only without it: 42809, as PostgreSQL); its direct
 *      arguments are coerced to direct_type: constants, $n parameters and functions of
 *      them are evaluated once per scan of the aggregate node (again on every rescan, so a
 *      prepared statement's new parameters are seen) into call_info.direct; direct
 *      arguments over grouped or outer-query columns, subqueries or volatile functions are
 *      evaluated once per group, and final of each group sees that group's values there
 *      (step sees none: read call_info.direct only in final).
 *   2. run (calls of one or two arguments; more are 0A000 there): each group gets state_size bytes (aligned to 16; to 8 for a state of at most 8 bytes), set up by init; rows reach step
 *      in input order (after FILTER, after DISTINCT); with strict, rows where any argument
 *      is NULL never reach step (PostgreSQL's strict transition function).
 *   3. output: final writes one row of the result vector per group; release then frees what
 *      a state owns (optional when states own nothing).
 *   Beyond work_mem, when every call of the node has combine and flat states (flat_state) and
 *   a result that is not floating-point (whose rounding another grouping of the rows would
 *   change), without DISTINCT, ORDER BY or direct arguments, the hash aggregate writes the
 *   groups' partial states to partition files and joins them with combine; otherwise it
 *   writes the rows and aggregates each group again from them.
 * The module registers the vtable with ss_api.register_aggregate (check SS_API_HAS first). */
#ifndef SUNSTONE_AGGREGATE_H
#define SUNSTONE_AGGREGATE_H

#include <stddef.h>

#include "sunstone/operator.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_AGGREGATE_VTABLE_VERSION 1

/* One call of the aggregate as the kernel bound it; handed to every run-time callback. */
typedef struct ss_aggregate_call_info {
    uint32_t struct_size;     /* sizeof(ss_aggregate_call_info) as the kernel built it */
    uint32_t nargs;
    const ss_type *arg_types; /* nargs types, as result_type saw them */
    ss_type result_type;      /* what result_type returned */
    uint32_t ndirect;         /* ordered-set aggregates: the direct arguments' values, of */
    /* the vtable's direct_type (not in arg_types); direct_array 1 when the one direct
       argument is an array of direct_type instead (vtable direct_array) */
    uint32_t direct_array;
    const ss_value *direct;
    /* (appended: read it only when struct_size covers it) 1 when the kernel may call inverse
       on the states of this call (the window operator's incremental frames, PostgreSQL's
       moving-aggregate mode): an aggregate may then keep what its inverse needs (counts of
       special values, ...); 0 in grouped aggregation, which never removes rows */
    uint32_t moving;
    /* (appended: read them only when struct_size covers them) the call's WITHIN GROUP /
       ORDER BY sort, one key per argument in argument order (key.column: the argument's
       position), as the rows reaching step are ordered; NULL / 0 without one.  A
       hypothetical-set aggregate compares its direct arguments with the rows under it. */
    const ss_sort_key *order_keys;
    uint32_t norder;
} ss_aggregate_call_info;

/* What inverse may return besides SS_OK / SS_ERROR: the rows cannot be removed from this
 * state (PostgreSQL's inverse transition function returning NULL: the removed values held
 * the largest scale, a NaN, ...); the kernel starts a new state and steps the frame's rows
 * into it again.  The state may have been changed; it is released and set up afresh. */
#define SS_AGGREGATE_INVERSE_RESTART 1

typedef struct ss_aggregate_vtable {
    uint32_t struct_size;
    uint32_t version;        /* SS_AGGREGATE_VTABLE_VERSION */
    const char *name;        /* SQL function name, lower case */
    const char *description;
    /* 1 <= min_args <= max_args; f(*) is count(*) only: the binder calls the aggregate
       registered as "count" with no argument for it (nargs 0, no argument vectors) */
    uint32_t min_args;
    uint32_t max_args;
    bool strict;             /* rows with a NULL argument are skipped by the kernel */
    /* an ordered-set aggregate (PostgreSQL's percentile_cont, mode): called as
       f(direct arguments) WITHIN GROUP (ORDER BY aggregated arguments); min_args /
       max_args count the aggregated ones, which reach step sorted as WITHIN GROUP says */
    bool ordered_set;
    uint8_t direct_args;     /* ordered_set: how many direct arguments (constants), <= 4 */
    /* ordered_set with one direct argument: it may also be an array of direct_type
       (PostgreSQL's percentile_cont(float8[])); the call's result is then the array type of
       what result_type returned, call_info.direct_array is 1, direct[0] the array value,
       and final writes an array of the result type (ss_type_array.build_shaped) */
    uint8_t direct_array;
    uint32_t state_size;     /* bytes of one group's state, > 0 */
    ss_type direct_type;     /* ordered_set: the type every direct argument is coerced to */

    /* required: the result type of a call with these argument types (never unknown: the
       kernel resolves untyped literals to text first).  SS_ERROR without recording an
       error: no such signature, the kernel reports PostgreSQL's 42883 "function f(types)
       does not exist" with its position and HINT; SS_ERROR after ss_api.error (0A000 for a
       signature PostgreSQL has and the module does not implement): that error.  It may
       replace arg_types[i] by the type the argument is to be coerced to (an implicit cast
       must exist: percentile_cont takes an integer as double precision); step then sees
       the coerced values. */
    int (*result_type)(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out);
    /* required: sets up a new group's state (state_size bytes, zeroed by the kernel). */
    void (*init)(const ss_aggregate_call_info *call, void *state);
    /* required: folds rows[0..n) of the argument vectors (call->nargs of them, indexed by
       position; validity as in batch.h) into the states states[0..n): states[k] is the
       group of rows[k]; several k may share one state and must be folded in order.
       SS_ERROR with an error recorded (22003 for an overflow, ...) stops the statement. */
    int (*step)(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                const ss_vector *const *args, const uint32_t *rows, uint32_t n);
    /* required: writes the result of state to row `row` of out (result type, capacity >
       row, a validity bitmap present and the row valid): the value in out->data (or with
       ss_api.vector_set_value), or NULL with ss_vector_set_null.  Must not change the
       state.  A group that received no rows still gets final (count-like results). */
    int (*final)(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state,
                 ss_vector *out, uint32_t row);

    /* optional: removes rows folded earlier by step (same arguments), PostgreSQL's moving
       aggregate inverse transition; the window operator calls it for sliding frames (rows
       leaving the frame, in order; strict skips NULLs as step does). */
    int (*inverse)(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                   const ss_vector *const *args, const uint32_t *rows, uint32_t n);
    /* optional: folds state `other` into `state` (PostgreSQL's combinefunc; `other` holds
       rows that come after state's, and may be a state that received no rows); the window
       operator's segment tree joins partial states with it. */
    int (*combine)(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other);
    /* optional: frees what state owns (memory taken with ss_api.alloc); called once per
       group when the kernel drops the groups: after the last result, on rescan, on an
       error and at close. */
    void (*release)(const ss_aggregate_call_info *call, void *state);

    /* ---- appended (read them only when struct_size covers them) ---- */
    /* optional: the bytes of one state of this call, when they depend on the argument types
       (sum(int4) needs 16, sum(numeric) the numeric running sums): > 0; absent, state_size.
       Every callback above then sees states of that size (aligned to 16). */
    uint32_t (*call_state_size)(const ss_aggregate_call_info *call);
    /* optional: step over states laid out by the kernel, state g at states + g * stride;
       rows[k] goes to group groups[k], or, groups NULL, every row to the one state at states
       (an aggregate without GROUP BY: no per-row group is read).  The same folding as step,
       which the kernel still calls where states are not laid out densely (window frames,
       segment trees).  The hash aggregate operator prefers it: the aggregate's typed loop
       reads the groups array itself, and nothing is gathered per row. */
    int (*step_dense)(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                      const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n);
    /* optional: true when the states of this call own nothing (no pointers): their bytes
       are all of them, so the hash aggregate may write a group's partial state to a spill
       file, read the bytes back into another place and join them with combine (spilling
       beyond work_mem).  Absent: states are flat exactly when the vtable has no release. */
    bool (*flat_state)(const ss_aggregate_call_info *call);
    /* optional: for an aggregate whose result is always one of its rows' first argument
       (min, max: a choice under an order), whether of two rows a and b (a before b in the
       input, both reaching the aggregate) the aggregate of the two keeps row b's value
       (nonzero) or row a's (0).  It must choose as step does and be associative; the window
       operator's segment tree (sunstone.window_frame_algorithm segment_tree / auto) then
       holds row positions instead of states and a frame's result is the chosen row's first
       argument (whose type, after result_type's coercion, is the result type). */
    int (*select_row)(const ss_aggregate_call_info *call, const ss_vector *const *args, uint32_t a, uint32_t b);
    /* ordered_set: a hypothetical-set aggregate (PostgreSQL's rank / dense_rank /
       percent_rank / cume_dist WITHIN GROUP): as many direct arguments as aggregated ones
       (direct_args and direct_type unused), each pair resolved to a common type
       (PostgreSQL's "WITHIN GROUP types ... cannot be matched"), which result_type sees as
       arg_types; call_info.direct then holds the hypothetical row, in those types */
    uint32_t hypothetical;
} ss_aggregate_vtable;

/* The bytes of one state of call (call_state_size when the vtable has it, else state_size),
 * rounded up to 16 (to 8 when they are at most 8: no C type of 8 bytes needs more), the
 * stride of the kernel's state arrays and the alignment of each state. */
static inline size_t ss_aggregate_state_bytes(const ss_aggregate_vtable *vt, const ss_aggregate_call_info *call)
{
    uint32_t size = vt->state_size;
    if (vt->struct_size >= offsetof(ss_aggregate_vtable, call_state_size) + sizeof vt->call_state_size &&
        vt->call_state_size)
        size = vt->call_state_size(call);
    if (size <= 8)
        return 8;
    return ((size_t)size + 15u) & ~(size_t)15u;
}

#ifdef __cplusplus
}
#endif
#endif
