/* sunstone/operator.h — physical operators (plugins of kind operator, "operators" for short):
 * the typed plan nodes they execute and their vtable (version 2, ABI 2.0).
 *
 * The kernel plans a query into a tree of plan nodes.  Every node is one struct per node kind
 * (ss_scan_node, ss_filter_node, ...) that embeds the common header ss_plan_node first; a
 * module reaches the kind's fields through the checked accessor SS_PLAN_NODE_AS (kind and
 * struct_size), never by a cast of its own.  The node kinds are declared here, in ss_node_kind
 * (the one list of the SDK); the kernel's table of them (name, the setting that selects the
 * implementation, the default operator) is core/exec/node_kinds.c.  For each node the kernel
 * picks the registered operator named by the setting sunstone.operator_<kind> (default: the
 * operator named like the kind, e.g. "scan"; `SET sunstone.operator_scan = 'scan_row'` picks
 * another), opens one operator instance per node (ss_op, with the state its open returns) and
 * drives that operator tree by pulling batches from the root.
 *
 * Plans are read-only once built: the kernel never writes into a node after the binder has
 * built it, also not between executions of a prepared statement.  Values that change from one
 * execution to the next (parameters, LIMIT / OFFSET) live in execution state: operators
 * evaluate the node's expressions at open and rescan (ss_api.expr_eval, expr_eval_scalar).
 *
 * Lifecycle of an operator instance, per query execution:
 *   open      called once per node, children before parents, with SS_OPEN_* flags.
 *             Allocates the instance's state (returned through *state).  Must not pull from
 *             children yet.  If open fails, the kernel still calls close with whatever *state
 *             holds (maybe NULL).  With SS_OPEN_EXPLAIN_ONLY only explain and close follow:
 *             start no storage scan and pull nothing.
 *   set_bound optional (SS_OPCAP_BOUND), between open (or rescan) and the first next_batch:
 *             only the first `bound` rows of the stream will be consumed (-1: all).  A sort
 *             may then emit only those (top-N).  Reached through ss_api.op_set_bound, which
 *             does nothing for an instance without the capability (PostgreSQL's
 *             ExecSetTupleBound).
 *   next_batch  returns the next batch through *out, or *out = NULL at end of stream.  The
 *             batch belongs to the instance and stays valid until its next next_batch,
 *             rescan or close.  count never exceeds SS_BATCH_CAPACITY.  The consumer may
 *             narrow the batch's selection by pointing sel at a buffer of its own (never by
 *             writing into the producer's sel array) but must not write its vectors.  A batch
 *             may have zero live rows or zero columns; only *out == NULL ends the stream.
 *   rescan    restarts the stream from the beginning (children are rescanned by the
 *             instance itself through ss_api.op_rescan when it needs that).  `changed` names
 *             the parameters whose values changed since the stream last started (PostgreSQL's
 *             chgParam); NULL means any may have changed.  The kernel passes a set only to
 *             instances that declare SS_OPCAP_PARAM_RESCAN, NULL to every other.
 *   close     called once per opened node, parents before children, also after errors;
 *             frees the state.  Must tolerate a partially initialised state.
 *   explain   optional, called on an opened instance: writes a one-line description
 *             (without the operator name) into buf, which starts as an empty string.
 * Errors: return SS_ERROR after ss_api.error(ctx, sqlstate, ...).
 *
 * Memory.  A prepared statement may keep its operator tree open after a run and start the
 * next execution with rescan instead of a new open (the kernel's "parked" trees, only when
 * every instance of the tree declares SS_OPCAP_PARKABLE), so an operator instance can serve
 * many executions between open and close.  Two arenas:
 *   ss_api.arena_alloc       the operator-tree arena: lives from open until after the close
 *                            of the whole tree, whatever callback took it (open, next_batch,
 *                            rescan).  Operator state may live here.
 *   ss_api.exec_arena_alloc  the execution arena: freed when the next execution starts
 *                            (before the rescan of a kept tree) and when the tree closes.
 *                            Scratch of one execution; never state.
 * Arena memory is freed without callbacks: whatever it holds that owns other resources
 * (vectors, batches, api->alloc memory, storage scans) must still be released in close.
 * Ownership across the boundary: the state handed to the kernel through *state is destroyed
 * by close; a batch returned by next_batch stays the operator's; plan nodes are lent until
 * close. */
#ifndef SUNSTONE_OPERATOR_H
#define SUNSTONE_OPERATOR_H

#include <stddef.h>

#include "sunstone/batch.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_OPERATOR_VTABLE_VERSION 2

typedef struct ss_ctx ss_ctx;     /* kernel context: errors, statement arena, settings */
typedef struct ss_op ss_op;       /* one operator instance in a running operator tree */
typedef struct ss_expr ss_expr;   /* bound, typed expression; evaluate with ss_api.expr_* */
typedef struct ss_table ss_table; /* catalog table; reach its storage with ss_api.table_storage */

/* What a plan node does: the one list of node kinds.  Built-in kinds are below
 * SS_NODE_BUILTIN_END; SS_NODE_PLUGIN_FIRST..SS_NODE_PLUGIN_LAST is reserved for kinds a
 * plugin registers (with the planner hook of a later ABI minor); the kernel refuses an
 * operator for a kind it does not know. */
typedef enum ss_node_kind {
    SS_NODE_SCAN = 1,      /* rows of a table: ss_scan_node */
    SS_NODE_FILTER = 2,    /* rows of child 0 where predicate is true: ss_filter_node */
    SS_NODE_PROJECT = 3,   /* one output column per expression over child 0: ss_project_node */
    SS_NODE_LIMIT = 4,     /* skip OFFSET rows, then pass at most LIMIT: ss_limit_node */
    SS_NODE_SORT = 5,      /* child 0 ordered by keys (column positions): ss_sort_node */
    SS_NODE_AGGREGATE = 6, /* groups and aggregate calls over child 0: ss_aggregate_node */
    SS_NODE_VALUES = 7,    /* constant rows (no children): ss_values_node */
    SS_NODE_HASH_JOIN = 8, /* child 0 joined with child 1 on key equality: ss_hash_join_node */
    SS_NODE_NESTED_LOOP = 9, /* child 0 joined with child 1 on a condition: ss_nested_loop_node */
    SS_NODE_APPEND = 10,   /* the rows of every child, child after child (UNION ALL): ss_append_node */
    SS_NODE_SETOP = 11,    /* INTERSECT / EXCEPT [ALL] of child 0 and child 1: ss_setop_node */
    SS_NODE_CTE_SCAN = 12, /* the rows of a WITH query computed once per execution: ss_cte_scan_node */
    SS_NODE_RECURSIVE_UNION = 13, /* WITH RECURSIVE: ss_recursive_union_node */
    SS_NODE_WORKTABLE_SCAN = 14,  /* the worktable of a recursive union: ss_worktable_scan_node */
    SS_NODE_FUNCTION_SCAN = 15, /* rows of a set-returning function (generate_series): ss_function_scan_node */
    SS_NODE_UNIQUE = 16,   /* the first row of each run of equal keys of child 0: ss_unique_node */
    SS_NODE_NESTED_LOOP_PARAM = 17, /* child 1 run again for each row of child 0, with
                                       parameters from that row (LATERAL):
                                       ss_nested_loop_param_node */
    SS_NODE_INDEX_SCAN = 18, /* rows of a table found through one of its indexes:
                                ss_index_scan_node */
    SS_NODE_WINDOW = 19,   /* window function results over child 0's sorted rows: ss_window_node */
    SS_NODE_BUILTIN_END = 20,
    SS_NODE_PLUGIN_FIRST = 1024,
    SS_NODE_PLUGIN_LAST = 32767
} ss_node_kind;

/* A set of query parameters: ascending $n numbers (1-based), no duplicates. */
typedef struct ss_param_set {
    uint32_t n;
    uint32_t reserved;
    const uint32_t *index;
} ss_param_set;

/* The common header every plan node starts with. */
typedef struct ss_plan_node ss_plan_node;
struct ss_plan_node {
    uint32_t struct_size;                 /* sizeof the kind's whole struct, as the kernel built it */
    int32_t kind;                         /* ss_node_kind */
    uint32_t nchildren;
    uint32_t ncols;                       /* output schema */
    const ss_plan_node *const *children;
    const ss_type *col_types;
    const char *const *col_names;
    double estimated_rows;                /* planner's guess, < 0 when unknown */
    ss_param_set params;                  /* parameters this node and its subtree read */
};

/* kind's struct when node is one of kind `kind` at least `size` bytes long, else NULL. */
static inline const void *ss_plan_node_as(const ss_plan_node *node, int32_t kind, size_t size)
{
    return node && node->kind == kind && node->struct_size >= size ? (const void *)node : NULL;
}
/* SS_PLAN_NODE_AS(node, SS_NODE_SORT, ss_sort_node): the checked accessor for modules.  The
 * loader runs a module only on a kernel at least as new as its header (abi_minor), so the
 * kernel's node is never smaller than the module's struct. */
#define SS_PLAN_NODE_AS(node, kind, type) ((const type *)ss_plan_node_as((node), (kind), sizeof(type)))

/* Whether p (a parameter set, NULL = unknown: any) has a member in common with node's. */
static inline bool ss_params_overlap(const ss_param_set *p, const ss_plan_node *node)
{
    if (!p)
        return node->params.n > 0;
    for (uint32_t i = 0, k = 0; i < p->n && k < node->params.n;) {
        if (p->index[i] == node->params.index[k])
            return true;
        if (p->index[i] < node->params.index[k])
            i++;
        else
            k++;
    }
    return false;
}

typedef struct ss_sort_key {
    uint32_t column;     /* position in the child's output */
    bool descending;
    bool nulls_first;    /* PostgreSQL default: NULLS LAST for ASC, NULLS FIRST for DESC */
    uint8_t reserved[2];
} ss_sort_key;

typedef struct ss_agg_call {
    const char *name;       /* lower-case function name: count, sum, min, max, avg,
                               string_agg, bool_and, bool_or (every is bool_and), array_agg,
                               the json aggregates, or a registered aggregate's
                               (ss_agg_extra.function) */
    const ss_expr *arg;     /* NULL for count(*) */
    bool distinct;
    uint8_t reserved[3];
    ss_type result_type;    /* decided by the kernel, following PostgreSQL */
} ss_agg_call;

/* What an aggregate call has beyond ss_agg_call (whose array cannot grow): the parallel
 * array ss_aggregate_node.extras holds one pointer per call, NULL for a plain call.  Each
 * struct grows append-only; read only the fields within struct_size. */
typedef struct ss_agg_extra {
    uint32_t struct_size;           /* sizeof(ss_agg_extra) as the kernel built it */
    uint32_t nargs;                 /* arguments after ss_agg_call.arg (string_agg's delimiter) */
    const ss_expr *const *args;
    const ss_expr *filter;          /* FILTER (WHERE ...): boolean over the input; only rows
                                       where it is true reach the aggregate; NULL = all rows */
    uint32_t norder;                /* ORDER BY inside the call: the input of each group is fed
                                       to the aggregate in this order (after DISTINCT, if any) */
    uint32_t reserved;
    const ss_expr *const *order;    /* norder expressions over the input */
    const ss_sort_key *order_keys;  /* their direction; column = the index in order[] */
    /* a call of an aggregate a module registered (sunstone/aggregate.h): its vtable; the
       arguments are ss_agg_call.arg then args[0..nargs).  NULL for the kernel's own list */
    const struct ss_aggregate_vtable *function;
    /* an ordered-set aggregate's direct arguments (of the vtable's direct_type);
       arg is then the WITHIN GROUP expression and order its sort */
    uint32_t ndirect;
    uint32_t reserved2;
    const ss_expr *const *direct;
    /* (appended) 0: the direct arguments read no column (constants, $n parameters and
       functions of them), evaluated once per scan; 1: they are expressions over the input
       whose value is the same for every row of a group (its grouped columns, outer-query
       columns, subqueries, volatile functions), evaluated per group at its first row */
    uint32_t direct_per_group;
    uint32_t reserved3;
} ss_agg_extra;

typedef struct ss_scan_node {     /* SS_NODE_SCAN, no children */
    ss_plan_node hdr;
    const ss_table *table;
    uint32_t ncols;               /* columns to produce, in this order (= hdr.ncols) */
    uint32_t reserved;
    const uint32_t *columns;      /* positions in the table; SS_SCAN_COLUMN_ROWID: the row
                                     id (bigint) of each row (UPDATE / DELETE read it; only
                                     on backends with row versions, storage.h version 3) */
    /* (appended within ABI 2.4: read it only when hdr.struct_size covers it) true: the row
       ids are those of rows a READ COMMITTED re-check keeps as first read (PostgreSQL's
       EvalPlanQual fixes the rows the changed row was joined with: the other tables of
       UPDATE ... FROM, DELETE ... USING, a locking SELECT's tables not locked), so the scan
       asks txn_scan_snapshot(ctx, false) for its snapshot, as a scan without row ids does */
    bool rowids_fixed;
    uint8_t reserved2[7];
    /* (appended with storage vtable version 8: read them only when hdr.struct_size covers
       them) conjuncts of the filter right above this scan of the form `column op value`
       that a backend may use to skip stored data (storage.h, scan_hint): hints only, the
       filter above still tests every row the scan returns */
    uint32_t nhints;
    uint32_t reserved3;
    const struct ss_scan_node_hint *hints;
} ss_scan_node;

#define SS_SCAN_COLUMN_ROWID UINT32_MAX

/* The SQL operator of a scan hint (storage.h): `column op value`, or the column IS [NOT]
 * NULL (no value).  BETWEEN is two hints (>= and <=). */
typedef enum ss_scan_hint_op {
    SS_HINT_EQ = 1,
    SS_HINT_LT = 2,
    SS_HINT_LE = 3,
    SS_HINT_GT = 4,
    SS_HINT_GE = 5,
    SS_HINT_IS_NULL = 6,
    SS_HINT_IS_NOT_NULL = 7
} ss_scan_hint_op;

/* One hint as the planner leaves it on a scan node: the scan operator evaluates `value`
 * (a constant or a parameter: ss_api.expr_eval_scalar) when its scan starts, after the
 * parameters are bound, and passes the result to the backend (storage.h scan_hint). */
typedef struct ss_scan_node_hint {
    uint32_t column;              /* table column position (never SS_SCAN_COLUMN_ROWID) */
    int32_t op;                   /* ss_scan_hint_op */
    const ss_expr *value;         /* NULL for IS [NOT] NULL */
} ss_scan_node_hint;

typedef struct ss_filter_node {   /* SS_NODE_FILTER, one child; its schema */
    ss_plan_node hdr;
    const ss_expr *predicate;     /* boolean; NULL and false both drop the row */
    /* (appended within ABI 2.4: read it only when struct_size covers it) NULL, or a boolean
       without column references (constants, parameters, uncorrelated subqueries) evaluated
       once, before child 0 is
       first read and again after each rescan: when it is false or NULL the filter yields
       no rows and never reads its child (PostgreSQL's gating Result, "One-Time Filter") */
    const ss_expr *one_time;
} ss_filter_node;

typedef struct ss_project_node {  /* SS_NODE_PROJECT, one child */
    ss_plan_node hdr;
    uint32_t nexprs;              /* = hdr.ncols */
    uint32_t reserved;
    const ss_expr *const *exprs;
} ss_project_node;

typedef struct ss_limit_node {    /* SS_NODE_LIMIT, one child; its schema */
    ss_plan_node hdr;
    /* bigint expressions, NULL = none (no limit / offset 0).  They may read parameters:
       evaluate them at open and rescan (ss_api.expr_eval_scalar) into the instance's state;
       NULL value = none; a negative value is PostgreSQL's 2201W "LIMIT must not be negative"
       / 2201X "OFFSET must not be negative", raised before any row is read. */
    const ss_expr *limit;
    const ss_expr *offset;
    /* FETCH FIRST ... WITH TIES when nties > 0: child 0 comes sorted on these columns
       (positions in its output); after the LIMIT-th row, the rows equal to it in them (NULLs
       equal) pass too.  The child must then not be bounded to LIMIT + OFFSET rows. */
    uint32_t nties;
    uint32_t reserved;
    const uint32_t *ties;
} ss_limit_node;

typedef struct ss_sort_node {     /* SS_NODE_SORT, one child; its schema; a stable ordering */
    ss_plan_node hdr;
    uint32_t nkeys;
    uint32_t reserved;
    const ss_sort_key *keys;
} ss_sort_node;

typedef struct ss_aggregate_node { /* SS_NODE_AGGREGATE, one child; output = groups then aggregates */
    ss_plan_node hdr;
    uint32_t ngroups;
    uint32_t naggs;
    const ss_expr *const *groups;
    const ss_agg_call *aggs;
    /* NULL when no call has FILTER, ORDER BY or more than one argument; else naggs
       pointers, NULL for a plain call (ss_agg_extra) */
    const ss_agg_extra *const *extras;
} ss_aggregate_node;

typedef struct ss_values_node {   /* SS_NODE_VALUES, no children */
    ss_plan_node hdr;
    /* nrows x hdr.ncols expressions, row-major, evaluated against a batch with one row and
       no columns */
    uint32_t nrows;
    uint32_t reserved;
    const ss_expr *const *exprs;
} ss_values_node;

/* A set-returning function the kernel expands (ss_function_scan_node.expand): emit receives
 * each row's column values in order (hdr.ncols of them without the ordinality; the bytes are
 * valid only during the call) and returns SS_OK, or SS_ERROR to stop. */
typedef int (*ss_srf_emit_fn)(void *arg, const ss_value *cols);
typedef int (*ss_srf_expand_fn)(ss_ctx *ctx, const char *function, const ss_value *args,
                                uint32_t nargs, ss_srf_emit_fn emit, void *arg);

typedef struct ss_function_scan_node { /* SS_NODE_FUNCTION_SCAN, no children */
    ss_plan_node hdr;
    /* the rows of a set-returning function: "generate_series" (start, stop [, step]) of
       hdr.col_types[0], int4, int8 or numeric: start, start + step, ... while not past stop;
       a NULL argument gives no rows; step 0 is PostgreSQL's 22023 "step size cannot equal
       zero" (numeric: NaN and infinite arguments are 22023 too) */
    const char *function;
    uint32_t nargs;
    bool with_ordinality;         /* then a last bigint column numbers the rows from 1 */
    uint8_t reserved[3];
    const ss_expr *const *args;   /* no column references: evaluated when the scan starts
                                     (ss_api.expr_eval_scalar), again at rescan */
    /* (appended) a function other than generate_series, such as jsonb_each or
       jsonb_array_elements: the kernel's expansion of one call, which the operator runs with
       the arguments' values; NULL for generate_series.  Read it only when hdr.struct_size
       covers it. */
    ss_srf_expand_fn expand;
} ss_function_scan_node;

typedef struct ss_unique_node {   /* SS_NODE_UNIQUE, one child; its schema */
    ss_plan_node hdr;
    /* child 0 comes sorted so that equal keys are adjacent (DISTINCT ON's sort); of each run
       of rows whose key columns are equal (NULLs equal to each other) only the first
       passes, as PostgreSQL's Unique node */
    uint32_t nkeys;
    uint32_t reserved;
    const uint32_t *keys;         /* column positions in the child's output */
} ss_unique_node;

typedef struct ss_append_node {   /* SS_NODE_APPEND, one or more children of its schema */
    ss_plan_node hdr;
} ss_append_node;

typedef enum ss_setop_kind {
    SS_SETOP_INTERSECT = 1,
    SS_SETOP_EXCEPT = 2
} ss_setop_kind;

typedef struct ss_setop_node {    /* SS_NODE_SETOP, two children of its schema */
    ss_plan_node hdr;
    /* each distinct row (NULLs equal) of either child, counted l times in child 0 and r
       times in child 1, comes out (PostgreSQL's HashSetOp): INTERSECT once when l > 0 and
       r > 0, INTERSECT ALL min(l, r) times, EXCEPT once when l > 0 and r = 0, EXCEPT ALL
       max(l - r, 0) times */
    int32_t op;                   /* ss_setop_kind */
    bool all;
    uint8_t reserved[3];
} ss_setop_node;

/* How a join treats left rows without a matching right row. */
typedef enum ss_join_type {
    SS_JOIN_INNER = 1,   /* dropped (also CROSS JOIN and FROM a, b) */
    SS_JOIN_LEFT = 2,    /* emitted once, with NULL in every right column */
    SS_JOIN_FULL = 3,    /* as LEFT; and after the left input, each right row without a
                            matching left row, with NULL in every left column */
    SS_JOIN_SEMI = 4,    /* each left row with at least one matching right row, once; output:
                            child 0's columns only (EXISTS, IN (SELECT ...)) */
    SS_JOIN_ANTI = 5     /* each left row without a matching right row; output: child 0's
                            columns only (NOT EXISTS) */
} ss_join_type;

/* Joins: two children, output = child 0's columns then child 1's (SEMI and ANTI: child 0's
 * only).  Child 1 (the right, inner side) is the one an implementation may materialise (the
 * hash join's build side). */
typedef struct ss_hash_join_node { /* SS_NODE_HASH_JOIN, two children */
    ss_plan_node hdr;
    int32_t join_type;            /* ss_join_type */
    uint32_t nkeys;               /* >= 1 */
    /* a pair matches when left_keys[i] = right_keys[i] for every i (same types; a NULL key
       never matches): left_keys over child 0's output, right_keys over child 1's */
    const ss_expr *const *left_keys;
    const ss_expr *const *right_keys;
    /* over the joined row (child 0's columns then child 1's), NULL = none: a pair with equal
       keys matches only when it is true */
    const ss_expr *residual;
} ss_hash_join_node;

typedef struct ss_nested_loop_node { /* SS_NODE_NESTED_LOOP, two children */
    ss_plan_node hdr;
    int32_t join_type;            /* ss_join_type */
    uint32_t reserved;
    const ss_expr *condition;     /* over the joined row; NULL = every pair (CROSS JOIN) */
} ss_nested_loop_node;

typedef struct ss_nested_loop_param_node { /* SS_NODE_NESTED_LOOP_PARAM, two children */
    ss_plan_node hdr;
    int32_t join_type;            /* SS_JOIN_INNER or SS_JOIN_LEFT; output: child 0's columns
                                     then child 1's */
    uint32_t nsetters;
    const ss_expr *condition;     /* over the joined row; NULL = every pair */
    /* For each row of child 0, before child 1 is rescanned for it: evaluate every setter
       over child 0's batch narrowed to that one row (ss_api.expr_eval); evaluating a setter
       assigns one of the parameters child 1 reads (PostgreSQL's nestloop params).  Then
       rescan child 1 with `assigned` as the changed set and pair the row with its rows. */
    const ss_expr *const *setters;
    ss_param_set assigned;
} ss_nested_loop_param_node;
/* SS_NODE_INDEX_SCAN, no children: the rows of a table whose index keys satisfy the index
 * condition, read as row ids from the index (sunstone/index.h) in index order (backward:
 * reversed) and fetched through the backend's fetch_versions under the statement's snapshot
 * (which drops the dead and invisible versions an index still names), then narrowed by the
 * residual filter.  The condition, on the index's leading key columns:
 *   key[i] = eq[i] for i < neq (eq[i] NULL: key[i] IS NULL; an eq value that is NULL
 *   matches nothing), then on key column neq either nothing, or key = ANY (in[0..nin)) (each
 *   value once, in index order), or lower <= key <= upper (lower / upper NULL: open;
 *   *_inclusive false: strict; NULL keys never satisfy a range).  The bound expressions
 *   hold no column of the table (constants, parameters: evaluated at open and at every
 *   rescan, ss_api.expr_eval_scalar); their types may be wider integers than the key's
 *   (an int8 bound on an int4 key), which the operator narrows (a value out of the key's
 *   range matches nothing, or clamps a range end). */
typedef struct ss_index_scan_node {
    ss_plan_node hdr;
    const ss_table *table;
    uint32_t ncols;               /* columns to produce, in this order (= hdr.ncols) */
    uint32_t nkeys;               /* the index's key columns */
    const uint32_t *columns;      /* positions in the table */
    const struct ss_index_vtable *index; /* the index module and its index */
    void *index_handle;
    const char *index_name;
    const ss_type *key_types;     /* nkeys */
    const uint32_t *key_flags;    /* nkeys SS_INDEX_* words */
    bool backward;                /* from the upper end down (ORDER BY ... DESC) */
    bool lower_inclusive, upper_inclusive;
    uint8_t reserved;
    uint32_t neq;
    const ss_expr *const *eq;
    uint32_t nin;                 /* 0: no IN list */
    uint32_t reserved2;
    const ss_expr *const *in;
    const ss_expr *lower, *upper;
    const ss_expr *filter;        /* residual, over this node's output; NULL = none */
    const char *index_cond;       /* EXPLAIN's "Index Cond" text, NULL = none */
    const char *filter_text;      /* EXPLAIN's "Filter" text, NULL = none or not printable */
    const ss_type *eq_types;      /* neq: the types eq[i] evaluate to */
    ss_type bound_type;           /* the type in[], lower and upper evaluate to */
    /* (appended within ABI 2.4: read it only when hdr.struct_size covers it) as
       ss_scan_node's rowids_fixed */
    bool rowids_fixed;
    uint8_t reserved3[7];
} ss_index_scan_node;

/* WITH queries computed once.  Every reference to such a query is a CTE scan node with the
 * query's cte_id; exactly one of them (the first the planner built) has the query's plan as
 * its child 0, the others have no child.  The instances of one statement's CTE scans of one
 * cte_id share the rows: the first to need a row pulls it from that child and keeps it; each
 * reads the rows at its own pace, from the first again after a rescan (the query is not run
 * again: rescans never change a WITH query's rows in one execution).  They find each other
 * through ss_api.shared_slot(self, SS_NODE_CTE_SCAN, cte_id), a pointer every instance of
 * the operator tree sees for that key: its layout is the CTE scan operator's own (all CTE
 * scans of a tree run the operator named by sunstone.operator_cte_scan). */
typedef struct ss_cte_scan_node { /* SS_NODE_CTE_SCAN, zero or one child of its schema */
    ss_plan_node hdr;
    uint32_t cte_id;              /* unique per statement */
    uint32_t reserved;
    const char *cte_name;         /* the WITH query's name, for EXPLAIN */
} ss_cte_scan_node;

/* WITH RECURSIVE: child 0 (the non-recursive term) then, as long as the previous round
 * produced rows, child 1 (the recursive term) rescanned over them; every row is emitted as
 * soon as it is produced (a LIMIT above stops the recursion).  With all false (UNION), a row
 * equal to one produced before (NULLs equal) is neither emitted nor read by the next round.
 * Child 1 reads the previous round's rows through worktable scan nodes of the same
 * worktable_id, which reach them through the ss_worktable the recursive union publishes in
 * ss_api.shared_slot(self, SS_NODE_RECURSIVE_UNION, worktable_id) before its first round
 * runs (a worktable scan looks it up at its first next_batch, not at open: the union opens
 * after its children). */
typedef struct ss_recursive_union_node { /* SS_NODE_RECURSIVE_UNION, two children of its schema */
    ss_plan_node hdr;
    uint32_t worktable_id;        /* unique per statement */
    bool all;                     /* UNION ALL */
    uint8_t reserved[3];
    const char *cte_name;
} ss_recursive_union_node;

typedef struct ss_worktable_scan_node { /* SS_NODE_WORKTABLE_SCAN, no children */
    ss_plan_node hdr;
    uint32_t worktable_id;
    uint32_t reserved;
    const char *cte_name;
} ss_worktable_scan_node;

/* The rows of a recursive union's previous round, published for its worktable scans. */
typedef struct ss_worktable {
    uint32_t struct_size;         /* sizeof(ss_worktable) as the union's module built it */
    uint32_t reserved;
    void *impl;                   /* the union's */
    /* writes the rows from position *pos onward (at most out's capacity, of the node's
       types) into out, which the scan owns and read resets first, and advances *pos past
       them; out->count 0: no more rows this round.  Text in out stays valid until the round
       ends (the recursive term's stream ends). */
    int (*read)(ss_ctx *ctx, void *impl, uint64_t *pos, ss_batch *out);
} ss_worktable;

/* Window frames: PostgreSQL's FRAMEOPTION_* bits, the same values (ss_window_node.frame). */
enum {
    SS_WINDOW_FRAME_NONDEFAULT = 0x1,          /* a frame clause was written */
    SS_WINDOW_FRAME_RANGE = 0x2,
    SS_WINDOW_FRAME_ROWS = 0x4,
    SS_WINDOW_FRAME_GROUPS = 0x8,
    SS_WINDOW_FRAME_BETWEEN = 0x10,
    SS_WINDOW_FRAME_START_UNBOUNDED_PRECEDING = 0x20,
    SS_WINDOW_FRAME_END_UNBOUNDED_PRECEDING = 0x40,
    SS_WINDOW_FRAME_START_UNBOUNDED_FOLLOWING = 0x80,
    SS_WINDOW_FRAME_END_UNBOUNDED_FOLLOWING = 0x100,
    SS_WINDOW_FRAME_START_CURRENT_ROW = 0x200,
    SS_WINDOW_FRAME_END_CURRENT_ROW = 0x400,
    SS_WINDOW_FRAME_START_OFFSET_PRECEDING = 0x800,
    SS_WINDOW_FRAME_END_OFFSET_PRECEDING = 0x1000,
    SS_WINDOW_FRAME_START_OFFSET_FOLLOWING = 0x2000,
    SS_WINDOW_FRAME_END_OFFSET_FOLLOWING = 0x4000,
    SS_WINDOW_FRAME_EXCLUDE_CURRENT_ROW = 0x8000,
    SS_WINDOW_FRAME_EXCLUDE_GROUP = 0x10000,
    SS_WINDOW_FRAME_EXCLUDE_TIES = 0x20000
};
/* PostgreSQL's default frame: RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW. */
#define SS_WINDOW_FRAME_DEFAULT \
    (SS_WINDOW_FRAME_RANGE | SS_WINDOW_FRAME_START_UNBOUNDED_PRECEDING | SS_WINDOW_FRAME_END_CURRENT_ROW)

struct ss_window_vtable;    /* sunstone/window.h */
struct ss_aggregate_vtable; /* sunstone/aggregate.h */

/* One window function call of a window node; grows append-only (struct_size). */
typedef struct ss_window_call {
    uint32_t struct_size;         /* sizeof(ss_window_call) as the kernel built it */
    uint32_t nargs;
    const char *name;             /* lower-case function name */
    const ss_expr *const *args;   /* nargs expressions over child 0's output */
    ss_type result_type;
    /* exactly one of: a window function (window.h), or an aggregate used with OVER, always
       through its registered vtable (aggregate), the kernel's count / sum / ... too (both
       NULL only when no loaded module registers the name: the window operator refuses it
       with 0A000; count(*) has no argument; a json aggregate's arguments are the kernel's
       JSON text of the values and its result JSON text) */
    const struct ss_window_vtable *window;
    const struct ss_aggregate_vtable *aggregate;
    const ss_expr *filter;        /* aggregates: FILTER (WHERE ...) over the input, NULL = none */
    bool star;                    /* count(*) */
    uint8_t reserved[7];
} ss_window_call;

typedef struct ss_window_node {   /* SS_NODE_WINDOW, one child; output: its columns then one per call */
    ss_plan_node hdr;
    /* child 0 comes sorted by the partition columns then the order keys: a partition is a
       run of rows with equal partition columns (NULLs equal), peers are rows of one
       partition with equal order columns */
    uint32_t npartition;
    uint32_t norder;
    const uint32_t *partition;    /* column positions in child 0's output */
    const ss_sort_key *order;     /* their columns and directions (RANGE offsets use them) */
    uint32_t frame;               /* SS_WINDOW_FRAME_* */
    uint32_t ncalls;
    /* offset PRECEDING / FOLLOWING of the frame's start and end (NULL: none): without column
       references, evaluated at open and rescan.  ROWS / GROUPS: bigint.  RANGE: of the order
       column's type (or interval over date / timestamp), with start_neg / end_neg the
       negated values used for PRECEDING (key + negated offset) */
    const ss_expr *start_offset, *end_offset;
    const ss_expr *start_neg, *end_neg;
    const ss_window_call *const *calls;
    /* the name of the frame algorithm chosen for moving aggregates ("naive", "incremental",
       "segment_tree", "auto"), from sunstone.window_frame_algorithm at plan time */
    const char *frame_algorithm;
} ss_window_node;

/* Flags an instance receives at open. */
enum {
    SS_OPEN_REWIND = 1u << 0,       /* rescans are expected: the statement may run again and
                                       the kernel may keep the tree (PostgreSQL's EXEC_FLAG_REWIND) */
    SS_OPEN_EXPLAIN_ONLY = 1u << 1  /* built for EXPLAIN: only explain and close follow; start
                                       no storage scan, pull no batch (EXEC_FLAG_EXPLAIN_ONLY) */
};

/* Capabilities an implementation declares in its vtable (ss_operator_vtable.caps). */
enum {
    SS_OPCAP_PARKABLE = 1u << 0,     /* rescan is cheap and keeps the instance's state valid: the
                                        kernel may keep ("park") a tree made only of such instances
                                        between executions (sorts and aggregates, which hold their
                                        whole input, do not declare it) */
    SS_OPCAP_BOUND = 1u << 1,        /* accepts a row bound (set_bound): may emit top-N */
    SS_OPCAP_PARAM_RESCAN = 1u << 2  /* rescan uses the set of changed parameters */
};

typedef struct ss_operator_vtable {
    uint32_t struct_size;         /* sizeof(ss_operator_vtable) as compiled by the plugin */
    uint32_t version;             /* SS_OPERATOR_VTABLE_VERSION (2); version 1 is refused */
    const char *name;             /* registry name, unique per kind, e.g. "scan", "scan_row" */
    int32_t node_kind;            /* ss_node_kind this operator implements */
    uint32_t caps;                /* SS_OPCAP_* */
    const char *description;      /* one line for sunstone_plugins and EXPLAIN */

    /* required */
    int (*open)(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state);
    int (*next_batch)(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out);
    void (*close)(ss_ctx *ctx, ss_op *self, void *state);
    int (*rescan)(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed);
    /* optional */
    int (*explain)(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen);
    /* required with SS_OPCAP_BOUND, else unused: bound >= 0 rows will be consumed, -1 all */
    int (*set_bound)(ss_ctx *ctx, ss_op *self, void *state, int64_t bound);
} ss_operator_vtable;

#ifdef __cplusplus
}
#endif
#endif
