/* sunstone/operator.h — physical operators (plugins of kind operator, "operators" for short):
 * the plan node they execute and their vtable.
 *
 * The kernel plans a query into a tree of ss_plan_node, picks a registered operator for each
 * node by role (the default implementation of role R is the operator named like the role,
 * e.g. "scan"; `SET sunstone.operator_scan = 'scan_row'` picks another), opens one operator
 * instance per node (ss_op, with the state its open returns) and drives that operator tree
 * by pulling batches from the root.
 *
 * Lifecycle of an operator instance, per query execution:
 *   open      called once per node, children before parents.  Allocates the instance's
 *             state (returned through *state).  Must not pull from children yet.  If open
 *             fails, the kernel still calls close with whatever *state holds (maybe NULL).
 *   next_batch  returns the next batch through *out, or *out = NULL at end of stream.  The
 *             batch belongs to the instance and stays valid until its next next_batch,
 *             rescan or close.  count never exceeds SS_BATCH_CAPACITY.  The consumer may
 *             narrow the batch's selection by pointing sel at a buffer of its own (never by
 *             writing into the producer's sel array) but must not write its vectors.  A batch
 *             may have zero live rows or zero columns; only *out == NULL ends the stream.
 *   rescan    restarts the stream from the beginning (children are rescanned by the
 *             instance itself through ss_api.op_rescan when it needs that).
 *   close     called once per opened node, parents before children, also after errors;
 *             frees the state.  Must tolerate a partially initialised state.
 *   explain   optional, called on an opened instance: writes a one-line description
 *             (without the operator name) into buf, which starts as an empty string.
 * Errors: return SS_ERROR after ss_api.error(ctx, sqlstate, ...).
 *
 * Memory.  A prepared statement may keep its operator tree open after a run and start the
 * next execution with rescan instead of a new open (the kernel's "parked" trees), so an
 * operator instance can serve many executions between open and close.  Two arenas:
 *   ss_api.arena_alloc       the operator-tree arena: lives from open until after the close
 *                            of the whole tree, whatever callback took it (open, next_batch,
 *                            rescan).  Operator state may live here.
 *   ss_api.exec_arena_alloc  the execution arena (ABI 1.2): freed when the next execution
 *                            starts (before the rescan of a kept tree) and when the tree
 *                            closes.  Scratch of one execution; never state.
 * Arena memory is freed without callbacks: whatever it holds that owns other resources
 * (vectors, batches, api->alloc memory, storage scans) must still be released in close.
 * Ownership across the boundary: the state handed to the kernel through *state is destroyed
 * by close; a batch returned by next_batch stays the operator's. */
#ifndef SUNSTONE_OPERATOR_H
#define SUNSTONE_OPERATOR_H

#include "sunstone/batch.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_OPERATOR_VTABLE_VERSION 1

typedef struct ss_ctx ss_ctx;     /* kernel context: errors, statement arena, settings */
typedef struct ss_op ss_op;       /* one operator instance in a running operator tree */
typedef struct ss_expr ss_expr;   /* bound, typed expression; evaluate with ss_api.expr_* */
typedef struct ss_table ss_table; /* catalog table; reach its storage with ss_api.table_storage */

typedef enum ss_op_role {
    SS_ROLE_SCAN = 1,      /* rows of a table:            node->scan */
    SS_ROLE_FILTER = 2,    /* rows of child 0 where predicate is true: node->filter */
    SS_ROLE_PROJECT = 3,   /* one output column per expression over child 0: node->project */
    SS_ROLE_LIMIT = 4,     /* skip offset rows, then pass at most limit: node->limit */
    SS_ROLE_SORT = 5,      /* child 0 ordered by keys (column positions): node->sort */
    SS_ROLE_AGGREGATE = 6, /* groups and aggregate calls over child 0: node->aggregate */
    SS_ROLE_VALUES = 7,    /* constant rows (no children): node->values */
    SS_ROLE__COUNT = 8
} ss_op_role;

typedef struct ss_sort_key {
    uint32_t column;     /* position in the child's output */
    bool descending;
    bool nulls_first;    /* PostgreSQL default: NULLS LAST for ASC, NULLS FIRST for DESC */
    uint8_t reserved[2];
} ss_sort_key;

typedef struct ss_agg_call {
    const char *name;       /* lower-case function name: count, sum, min, max, avg */
    const ss_expr *arg;     /* NULL for count(*) */
    bool distinct;
    uint8_t reserved[3];
    ss_type result_type;    /* decided by the kernel, following PostgreSQL */
} ss_agg_call;

typedef struct ss_plan_node {
    uint32_t struct_size;
    int32_t role;                 /* ss_op_role */
    uint32_t nchildren;
    uint32_t ncols;               /* output schema */
    const ss_type *col_types;
    const char *const *col_names;
    double estimated_rows;        /* planner's guess, < 0 when unknown */

    struct {                      /* SS_ROLE_SCAN */
        const ss_table *table;
        uint32_t ncols;           /* columns to produce, in this order */
        const uint32_t *columns;  /* positions in the table */
    } scan;
    struct {                      /* SS_ROLE_FILTER */
        const ss_expr *predicate; /* boolean; NULL and false both drop the row */
    } filter;
    struct {                      /* SS_ROLE_PROJECT */
        uint32_t nexprs;
        const ss_expr *const *exprs;
    } project;
    struct {                      /* SS_ROLE_LIMIT; both already validated >= 0 */
        int64_t limit;            /* -1 = no limit */
        int64_t offset;
    } limit;
    struct {                      /* SS_ROLE_SORT: stable ordering by keys */
        uint32_t nkeys;
        const ss_sort_key *keys;
    } sort;
    struct {                      /* SS_ROLE_AGGREGATE: output = groups then aggregates */
        uint32_t ngroups;
        const ss_expr *const *groups;
        uint32_t naggs;
        const ss_agg_call *aggs;
    } aggregate;
    struct {                      /* SS_ROLE_VALUES: nrows x ncols expressions, row-major,
                                     evaluated against a batch with one row and no columns */
        uint32_t nrows;
        const ss_expr *const *exprs;
    } values;

    /* ---- appended after 1.0: read only when struct_size covers them ---- */
    /* SS_ROLE_SORT: only the first sort_limit rows of the order are consumed (LIMIT +
       OFFSET above the sort), -1 when all are.  A sort may emit just those (top-N). */
    int64_t sort_limit;
} ss_plan_node;

/* Whether node carries the field `member` (it was appended after the module's header). */
#define SS_PLAN_NODE_HAS(node, member)                                                        ((node)->struct_size >= offsetof(ss_plan_node, member) + sizeof((node)->member))

typedef struct ss_operator_vtable {
    uint32_t struct_size;         /* sizeof(ss_operator_vtable) as compiled by the plugin */
    uint32_t version;             /* SS_OPERATOR_VTABLE_VERSION */
    const char *name;             /* registry name, unique per kind, e.g. "scan", "scan_row" */
    int32_t role;                 /* ss_op_role this operator implements */
    uint32_t reserved;
    const char *description;      /* one line for sunstone_plugins and EXPLAIN */

    /* required */
    int (*open)(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, void **state);
    int (*next_batch)(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out);
    void (*close)(ss_ctx *ctx, ss_op *self, void *state);
    /* required */
    int (*rescan)(ss_ctx *ctx, ss_op *self, void *state);
    /* optional */
    int (*explain)(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen);
} ss_operator_vtable;

#ifdef __cplusplus
}
#endif
#endif
