/* logical.h — the logical plan: what the binder produces and the planner consumes.
 *
 * A tree of logical operators (ss_lop) saying WHAT a query computes: relations read,
 * filters, projections, aggregates, DISTINCT, sorts and limits, with no choice of how.
 * Each operator that makes new columns (GET, VALUES, PROJECT, AGGREGATE, SETOP) is a relation with
 * its own binding id (`rel`, from 1); the others pass their child's columns through and
 * carry the child's id.  Column references in its expressions are EXPR_COLUMN nodes with
 * u.column.rel = the relation and u.column.index = the column within it (a table's column
 * position, a projection's item, an aggregate's group then aggregate result), never a
 * position in a batch: the planner (planner.h) resolves those at the end, PostgreSQL's
 * setrefs and DuckDB's ColumnBinding.  A JOIN has two children and passes both children's
 * columns through (rel 0: it makes none of its own). */
#ifndef SS_PLAN_LOGICAL_H
#define SS_PLAN_LOGICAL_H

#include "exec/expr.h"

typedef enum ss_lop_kind {
    LOP_GET = 1,   /* the rows of a table: columns rel.0 .. rel.ncols-1 are its columns */
    LOP_VALUES,    /* constant rows (nrows x ncols expressions without column references) */
    LOP_FILTER,    /* the child's rows where pred is true (NULL counts as false) */
    LOP_PROJECT,   /* one column per expression over the child */
    LOP_AGGREGATE, /* one row per group: the group expressions, then the aggregate calls */
    LOP_DISTINCT,  /* the child's distinct rows (every column) */
    LOP_SORT,      /* the child's rows ordered by keys (expressions over the child) */
    LOP_LIMIT,     /* OFFSET then LIMIT of the child's rows (bigint expressions, NULL = none) */
    LOP_SETOP,     /* UNION / INTERSECT / EXCEPT [ALL] of two children whose columns have the
                      output's types: a relation of its own (rel.0 .. rel.ncols-1) */
    LOP_UNIQUE,    /* of each run of adjacent child rows with equal keys (column references
                      over the child; NULLs equal) the first: DISTINCT ON over its sort */
    LOP_FUNCTION,  /* the rows of a set-returning function in FROM (generate_series; args
                      without column references): a relation of its own */
    LOP_JOIN,      /* pairs of children[0] x children[1] rows where cond is true (cond NULL:
                      every pair); LEFT also keeps each unmatched left row, with NULLs on the
                      right; FULL also each unmatched right row, NULLs on the left.  Output: the left child's columns, then the right child's;
                      SEMI: each left row with a pair, once, ANTI: each left row without one,
                      both with the left child's columns only (pull_sublinks.h makes them) */
    LOP_CTE_SCAN,  /* the rows of a WITH query computed once per execution (children[0], the
                      same operator for every reference of u.cte.id): a relation of its own */
    LOP_RECURSIVE_UNION, /* WITH RECURSIVE: children[0] (the non-recursive term), then
                      children[1] (the recursive term) run again over the rows its previous
                      run produced (its worktable, u.cte.id) until it produces none; with
                      UNION (u.cte.all false) rows already produced are dropped */
    LOP_WORKTABLE_SCAN, /* inside a recursive term: the worktable u.cte.id of its recursive union */
    LOP_WINDOW     /* the child's rows and columns, then one column per window function call
                      (relation rel: rel.0 .. rel.ncalls-1), over one window (u.window) */
} ss_lop_kind;

typedef enum ss_lop_setop_kind {
    LSETOP_UNION = 1,
    LSETOP_INTERSECT,
    LSETOP_EXCEPT
} ss_lop_setop_kind;

typedef struct ss_lsort_key {
    ss_expr *expr;
    bool descending;
    bool nulls_first;
} ss_lsort_key;

typedef struct ss_lop {
    ss_lop_kind kind;
    uint32_t rel;                 /* binding id of the columns it produces */
    uint32_t nchildren;
    struct ss_lop **children;
    uint32_t ncols;               /* output columns */
    const ss_type *types;
    const char *const *names;
    union {
        /* rowid: column table->ncols (bigint) is each row's row id (UPDATE / DELETE);
           rowid_fixed: (EPQ) of a row a re-check keeps as first read (ss_scan_node's
           rowids_fixed) */
        struct { const ss_table *table; bool rowid; bool rowid_fixed; } get;
        struct { uint32_t nrows; ss_expr **exprs; } values;
        struct { ss_expr *pred; } filter;
        /* barrier: the top of a security_barrier view's query; no condition from outside
           is pushed below it (planner.c), so the view's own run first */
        struct { uint32_t n; ss_expr **exprs; bool barrier; } project;
        /* extras: NULL, or naggs entries parallel to aggs (sunstone/operator.h) */
        struct { uint32_t ngroups; ss_expr **groups; uint32_t naggs; ss_agg_call *aggs; ss_agg_extra **extras; } aggregate;
        struct { uint32_t nkeys; ss_lsort_key *keys; } sort;  /* also unique's (direction unused) */
        /* ties: WITH TIES compares rows on these columns of the child (nties 0: ONLY) */
        struct { ss_expr *limit, *offset; uint32_t nties; ss_lsort_key *ties; } limit;
        /* cast: an input's columns were converted to the output's types (PostgreSQL then plans
           the set operation as a subquery of its own, not an append of pulled-up inputs) */
        struct { ss_lop_setop_kind op; bool all; bool cast; } setop;
        struct { const char *name; uint32_t nargs; ss_expr **args; bool ordinality; } function;
        /* lateral: children[1] reads columns of children[0] (LATERAL): it runs again for
           each left row, with those columns as exec parameters */
        struct { ss_join_type type; ss_expr *cond; bool lateral; } join;
        struct ss_lop_cte { uint32_t id; bool all; const char *name; } cte; /* CTE_SCAN, RECURSIVE_UNION,
                                                                     WORKTABLE_SCAN */
        /* partition expressions, order keys and the frame over the child; calls' args and
           filter over the child (ss_window_call with the logical expressions) */
        struct { uint32_t npartition; ss_expr **partition; uint32_t norder; ss_lsort_key *order;
                 uint32_t frame; ss_expr *start_offset, *end_offset, *start_neg, *end_neg;
                 uint32_t ncalls; ss_window_call **calls; } window;
    } u;
} ss_lop;

/* Constructors, in arena (NULL with 53200 recorded on ctx when out of memory).  Arrays are
 * referenced, not copied.  rel: a new binding id for the kinds that make columns. */
ss_lop *lop_get(ss_ctx *ctx, ss_arena *arena, uint32_t rel, const ss_table *t);
ss_lop *lop_values(ss_ctx *ctx, ss_arena *arena, uint32_t rel, uint32_t ncols, const ss_type *types,
                   const char *const *names, uint32_t nrows, ss_expr **exprs);
ss_lop *lop_filter(ss_ctx *ctx, ss_arena *arena, ss_lop *child, ss_expr *pred);
/* names may be NULL ("?column?") */
ss_lop *lop_project(ss_ctx *ctx, ss_arena *arena, uint32_t rel, ss_lop *child, uint32_t n, ss_expr **exprs,
                    const char *const *names);
ss_lop *lop_aggregate(ss_ctx *ctx, ss_arena *arena, uint32_t rel, ss_lop *child, uint32_t ngroups,
                      ss_expr **groups, uint32_t naggs, ss_agg_call *aggs);
ss_lop *lop_distinct(ss_ctx *ctx, ss_arena *arena, ss_lop *child);
ss_lop *lop_sort(ss_ctx *ctx, ss_arena *arena, ss_lop *child, uint32_t nkeys, ss_lsort_key *keys);
/* keys: column references over child (their directions are not used) */
ss_lop *lop_unique(ss_ctx *ctx, ss_arena *arena, ss_lop *child, uint32_t nkeys, ss_lsort_key *keys);
ss_lop *lop_limit(ss_ctx *ctx, ss_arena *arena, ss_lop *child, ss_expr *limit, ss_expr *offset);
/* left op right (ALL: duplicates kept); both children have ncols columns of these types. */
ss_lop *lop_setop(ss_ctx *ctx, ss_arena *arena, uint32_t rel, ss_lop_setop_kind op, bool all, ss_lop *left,
                  ss_lop *right, uint32_t ncols, const ss_type *types, const char *const *names);
/* name(args) in FROM: columns of these types (WITH ORDINALITY: the last, bigint) */
ss_lop *lop_function(ss_ctx *ctx, ss_arena *arena, uint32_t rel, const char *name, uint32_t nargs, ss_expr **args,
                     bool ordinality, uint32_t ncols, const ss_type *types, const char *const *names);
/* cond may be NULL (a cross join) */
ss_lop *lop_join(ss_ctx *ctx, ss_arena *arena, ss_join_type type, ss_lop *left, ss_lop *right, ss_expr *cond);

/* A reference to WITH query `name` (CTE id) whose logical plan is cte; its own relation. */
ss_lop *lop_cte_scan(ss_ctx *ctx, ss_arena *arena, uint32_t rel, uint32_t id, const char *name, ss_lop *cte,
                     uint32_t ncols, const ss_type *types, const char *const *names);
/* nonrec UNION [ALL] rec, rec reading worktable id (both of these types). */
ss_lop *lop_recursive_union(ss_ctx *ctx, ss_arena *arena, uint32_t rel, uint32_t id, const char *name, bool all,
                            ss_lop *nonrec, ss_lop *rec, uint32_t ncols, const ss_type *types,
                            const char *const *names);
ss_lop *lop_worktable_scan(ss_ctx *ctx, ss_arena *arena, uint32_t rel, uint32_t id, const char *name,
                           uint32_t ncols, const ss_type *types, const char *const *names);

/* calls[0..ncalls) over one window above child: a relation of its own for their results
 * (rel, columns of the calls' result types), the child's columns passed through. */
ss_lop *lop_window(ss_ctx *ctx, ss_arena *arena, uint32_t rel, ss_lop *child, uint32_t ncalls,
                   ss_window_call **calls, const char *const *names);

/* The one enumeration of a logical operator's expression slots (not its children's), in
 * evaluation order: VALUES' row-major items, FILTER's predicate, PROJECT's items,
 * AGGREGATE's groups then per call its argument (count(*) has none), extra arguments,
 * ORDER BY expressions, FILTER and an ordered-set aggregate's direct arguments, SORT's and UNIQUE's keys, LIMIT's limit then
 * offset then WITH TIES columns, JOIN's condition, FUNCTION's arguments (NULL ones skipped), WINDOW's partition, order keys, frame offsets, then per call its arguments and filter; GET, DISTINCT, SETOP and the CTE kinds have none.  fn may replace *slot; a non-zero return stops the walk and
 * is returned. */
typedef int (*ss_lop_expr_fn)(ss_lop *op, ss_expr **slot, void *arg);
int lop_each_expr(ss_lop *op, ss_lop_expr_fn fn, void *arg);

/* The largest relation binding id made at or below op. */
uint32_t lop_max_rel(const ss_lop *op);
/* Marks in rels[] (lop_max_rel(op) + 1 entries at least) the binding ids made at or below op. */
void lop_mark_rels(const ss_lop *op, bool *rels);

/* The same over op and every operator below it, each operator before its children. */
int lop_each_expr_deep(ss_lop *op, ss_lop_expr_fn fn, void *arg);

#endif
