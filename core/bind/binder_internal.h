/* binder_internal.h — state and functions shared by the binder's files: expressions
 * (bind_expr.c and its siblings bind_literal.c, bind_coerce.c, bind_oper.c, bind_func.c,
 * bind_agg.c, bind_fold.c, bind_names.c), bind_select.c, bind_stmt.c, plan_build.c.
 * Private to core/bind/. */
#ifndef SS_PLAN_BINDER_INTERNAL_H
#define SS_PLAN_BINDER_INTERNAL_H

#include "bind/binder.h"
#include "catalog/matview.h"
#include "catalog/catalog.h"
#include "catalog/settings.h"
#include "plan/logical.h"
#include "types/typeio.h"
#include "util/ptrmap.h"

#include <string.h>

/* The columns found functionally dependent on the GROUP BY items so far, kept across the
   passes over a query's outputs (bind_functional_grouping.c). */
typedef struct fd_groups {
    ss_expr **cols;
    uint32_t n, cap;
} fd_groups;

typedef struct agg_state {
    uint32_t rel;             /* the aggregate's relation: groups, then aggregate results */
    ss_expr **groups;         /* bound group expressions (over the input) */
    const ast_expr **group_asts; /* and as written (after position/alias resolution) */
    uint32_t ngroups;
    /* the first nuser_groups are GROUP BY's, the rest fd's columns (NULL: none looked for) */
    uint32_t nuser_groups;
    fd_groups *fd;
    ss_agg_call *aggs;
    ss_agg_extra **extras;    /* parallel to aggs: FILTER, ORDER BY, extra arguments (or NULL) */
    uint32_t naggs, cap_aggs;
    bool any_extra;
    bool scratch;             /* the first pass of analyse_before_group_by: no groups known */
    /* GROUPING SETS / ROLLUP / CUBE (bind_grouping_sets.c): nsets sets of group indexes;
       has_sets false for a plain GROUP BY */
    bool has_sets;
    uint32_t nsets;
    uint32_t **sets;
    uint32_t *set_sizes;
    /* the GROUPING(...) calls of a grouping-sets query: pseudo aggregate calls (name
       "grouping") whose value each set's branch computes from the group indexes */
    struct grouping_call *groupings;
    uint32_t ngroupings, cap_groupings;
} agg_state;

/* One item of the FROM clause (a table, a subquery or a VALUES list): the name it is
 * referenced by, its columns (after column aliases) and its relation. */
typedef struct range_entry {
    const char *ref;          /* alias or table name */
    const char *table_name;   /* the table's own name; NULL for a subquery */
    uint32_t ncols;
    const char *const *col_names;
    const ss_type *col_types;
    uint32_t rel;             /* its relation binding id in the logical plan: column i is
                                 (rel, i) */
    /* the sides of a JOIN ... USING: their columns are not visible by unqualified name or
       in *, the join's own entry shows them */
    bool cols_hidden;
    /* a JOIN ... USING's entry (ref NULL, no relation of its own): column i is column
       src_col[i] of scope entry src_entry[i]; a FULL JOIN's merged column i is
       COALESCE(that, column src_col2[i] of entry src_entry2[i]) (src_entry2 NULL: none;
       UINT32_MAX for the other columns) */
    const uint32_t *src_entry, *src_col, *src_entry2, *src_col2;
    /* with src_entry: when non-NULL and casts[i].id != 0, column i is converted to that type
       (a JOIN ... USING column of two types: their common type) */
    const ss_type *casts;
    /* inside an aliased join ((a JOIN b) AS j): its name cannot be referenced any more, and
       does not clash with later ones */
    bool ref_hidden;
    /* (N) a table's schema (catalog/namespace.h): schema.table.column names it; NULL for
       other entries */
    const struct ss_schema *ns;
    bool from_cte;            /* (LK) a WITH query's reference (a locking clause skips it) */
    bool null_extended;       /* on the NULL-extended side of an outer join (its whole-row
                                 value would be a NULL record there: refused, bind_whole_row.c) */
    struct ss_bound_locking *through; /* (LK) a subquery / view locked through: its row ids */
    const ss_table *base_table; /* a table of FROM (not a view, subquery or WITH query) */
    /* a bind_srf_split.c subquery: same_col[i] is the first of its columns computing the
       same expression as column i (NULL: each column its own) */
    const uint32_t *same_col;
    ss_type row_type;         /* id non-zero: the type of its whole row (a function scan of a
                                 row type's items, unnest of t[]: t) */
} range_entry;

/* A query around the subquery being bound (PostgreSQL's outer ParseState): the scope
 * entries its columns resolve in and its aggregation state. */
typedef struct outer_level {
    uint32_t lo, hi;
    agg_state *agg;
    bool agg_mode, in_having;
    /* the FROM items left of a LATERAL subquery on the right of a RIGHT or FULL JOIN: a
       reference to them is PostgreSQL's 42P01 */
    bool lateral_refused;
    /* its grouping errors noted so far (binder.grouping_loc / grouping_msg) */
    int grouping_loc[2];
    const char *grouping_msg[2];
    /* where its aggregates are refused (binder.no_agg_context) and, while its outputs are
       bound, the flag an outer-level aggregate sets to make it an aggregate query
       (bind_outer_agg.c) */
    const char *no_agg_context;
    bool *want_agg;
} outer_level;
/* A WITH query in scope (bind_cte.c). */
typedef struct cte_entry {
    const ast_cte *ast;
    struct cte_entry *parent;   /* the WITH query in scope before it (NULL: none) */
    uint32_t ncols;             /* its columns, after the column list */
    const char *const *names;
    const ss_type *types;
    bool materialize;           /* computed once: references are CTE scans of plan */
    ss_lop *plan;
    uint32_t id;                /* CTE id of its scans */
    /* WITH RECURSIVE: while its recursive term is bound, references are scans of worktable
       worktable_id (nrefs of them so far) */
    bool in_recursive_term;
    uint32_t worktable_id, nrefs;
    uint32_t rec_sublink_depth; /* binder.sublink_depth when its recursive term began */
    uint32_t worktable_rel;     /* the binding of its worktable scan in the recursive term */
    /* a data-modifying one (bind_modifying_cte.c): the statement bound once; references
       are worktable scans of its RETURNING rows.  NULL for a SELECT */
    struct ss_bound_modifying_cte *dml;
} cte_entry;

/* Where the WITH scope stood before a WITH clause was bound (bind_with / unbind_with). */
typedef struct cte_mark {
    cte_entry *top;
} cte_mark;

typedef struct binder {
    ss_ctx *ctx;
    ss_catalog *catalog;      /* where table names resolve */
    const ss_settings *settings; /* the session's (SHOW checks names against them) */
    ss_arena *arena;
    /* FROM scope: the tables in FROM order; table is the first (NULL: no FROM) */
    const ss_table *table;
    uint32_t table_rel;       /* its relation binding id in the logical plan */
    uint32_t nrels;           /* relation binding ids handed out (logical.h) */
    const char *table_ref;    /* the name the column of a grouping error is qualified with */
    range_entry *scope;
    uint32_t nscope, cap_scope;
    /* the first entry of the query being bound: the ones below it are the FROM items of the
       queries around it, which only a subquery of an expression or a LATERAL one may
       reference (as outer levels, bind_sublink.c) but which PostgreSQL's hints name */
    uint32_t scope_base;
    /* the entries a column may reference: [scope_lo, scope_hi) while binding a JOIN's ON
       condition (its own two sides), all of them otherwise */
    uint32_t scope_lo, scope_hi;
    /* parameters */
    ss_type *param_types;
    uint32_t nparams, cap_params;
    ss_expr **param_nodes;    /* every EXPR_PARAM built, patched with final types */
    uint32_t nparam_nodes, cap_param_nodes;
    /* the nodes of one parameter as a chain: param_last[index] and param_prev[node] are
       1 + a position in param_nodes, 0 ends the chain */
    uint32_t *param_last, *param_prev;
    uint32_t cap_param_last;
    uint32_t nfixed;
    bool no_params;           /* nothing can be bound: any $n is 42P02 */
    /* aggregation */
    agg_state *agg;           /* non-NULL while binding an aggregate query's outputs */
    bool agg_mode;            /* expressions are over the aggregate's output */
    const char *no_agg_context; /* "WHERE", "GROUP BY", ... when aggregates are refused */
    /* the first ungrouped column of the select list / ORDER BY [0] and of HAVING [1]:
       PostgreSQL checks grouping after the whole query is analysed, so type and name errors
       come first (parseCheckAggregates) */
    int grouping_loc[2];
    const char *grouping_msg[2]; /* a DETAIL line follows a '\x01' (note_grouping_error) */
    bool in_having;
    /* binding an ordered-set aggregate's direct arguments over the groups: an ungrouped
       column's error gets PostgreSQL's DETAIL */
    bool in_direct_args;
    uint32_t in_outer_level_agg; /* binding an outer-level aggregate (bind_outer_aggregate) */
    /* INSERT ... SELECT: untyped literals in the select list keep type unknown so the
       INSERT coerces them to the target columns (PostgreSQL does the same) */
    bool keep_unknown_targets;
    /* (IS) while an INSERT's field / subscript target is bound (bind_insert_store.c): the
       value its SS_INSERT_VALUE_FUNC() stands for, and its base (NULL: a NULL of type) */
    bool insert_store_active;
    ss_expr *insert_store_base, *insert_store_value;
    ss_type insert_store_type;
    int insert_store_location;
    /* (LK) the statement's own SELECT may have a locking clause (bind_locking.c):
       locking_ok until bind_select takes it, locking_here for that query's body */
    bool locking_ok, locking_here;
    /* (LK) a subquery or view of FROM a locking clause locks through: the strength and
       wait policy it locks its own FROM's tables with (lock_through_next: for the next
       bind_select; lock_through_here: that query's body); locking_from: the locking
       clauses of the query whose FROM is being bound */
    struct ast_locking *lock_through_next, *lock_through_here;
    const struct ast_select *locking_from;
    /* (LK) the first nested query's locking clause bound as a row-lock filter
       (bind_locking_filter): "SELECT FOR UPDATE" ..., NULL: none */
    const char *nested_locking;
    /* > 0 while binding a CASE branch PostgreSQL's planner drops (its WHEN is a constant
       FALSE/NULL, or an earlier WHEN is constant TRUE): constant folding there must not
       raise errors, since PostgreSQL never evaluates that branch */
    int dead_code;
    /* constant expressions whose folding failed: PostgreSQL folds after parse analysis, so
       their errors are raised only once the whole statement is bound (and only if the
       expression is still part of the plan) */
    const ss_expr **deferred;
    uint32_t ndeferred, capdeferred;
    ss_ptrmap deferred_set;   /* the same nodes, for lookups */
    bool **fold_need;         /* while raising them: the columns each relation must produce (prune.h) */
    uint32_t expr_depth;      /* bind_expr calls in progress (its stack charge) */
    /* the select list's set-returning function call run as a join (attach_target_srf) and
       the column that stands for it; NULL when none */
    /* the query of an EXISTS being bound whose select list PostgreSQL drops (bind_sublink.c):
       bind_select_body computes its outputs as NULLs (drop_exists_targets) */
    const struct ast_select *exists_query;
    const ast_expr *srf_ast;
    ss_expr *srf_col;
    /* subqueries in expressions (bind_sublink.c): the queries around the one being bound,
       innermost last; columns bound so far at the query's own level and at outer levels */
    outer_level *outer;
    uint32_t nouter, cap_outer;
    uint32_t own_col_refs, outer_col_refs;
    bool lateral_refused;     /* the next LATERAL subquery is a RIGHT / FULL JOIN's right side */
    /* a function in FROM bound next is directly a join's right side (it may read the
       columns of the items left of it: a LATERAL join), and whether the last one did */
    bool lateral_slot, function_lateral;
    /* an AST node that binds to a given expression (an ANY / ALL comparison's operands) */
    const ast_expr *preset_ast[2];
    ss_expr *preset_expr[2];
    /* WITH queries: the innermost one in scope (its parents are the others); the WITH
       clause's queries after the one being bound (not in scope: a forward reference) */
    cte_entry *cte_top;
    const ast_select *cte_pending;
    uint32_t cte_pending_from;
    uint32_t ncte_ids;        /* CTE and worktable ids handed out */
    /* the statement's data-modifying WITH queries, in the order they were bound
       (bind_modifying_cte.c) */
    struct ss_bound_modifying_cte **modifying_ctes;
    uint32_t nmodifying_ctes, cap_modifying_ctes;
    struct ss_bound_modifying_cte *modifying_binding; /* the one being bound, NULL: none */
    uint32_t outer_join_depth; /* > 0 while binding the NULL-extended side of an outer join */
    cte_entry *cte_recursive; /* the WITH query whose recursive term is being bound */
    uint32_t sublink_depth;   /* subqueries of expressions being bound (bind_sublink.c) */
    /* views: the relations the statement's own query reads (what a new view depends on),
       and the views being expanded (a view reached again is infinite recursion) */
    const char **deps;
    uint32_t ndeps, cap_deps;
    bool reads_temp;          /* a dependency is in a temporary schema (CREATE VIEW / MATERIALIZED VIEW) */
    const struct view_frame *views;
    /* a DEFAULT or CHECK being bound: subqueries are PostgreSQL's 0A000 "cannot use subquery
       in <sublink_refused>" (bind_default.c) */
    const char *sublink_refused;
    bool params_extend;       /* ss_bind_extending: $n past the fixed ones are inferred */
    struct window_state *win; /* the query's window clauses while its outputs are bound
                                 (bind_window.c); NULL where window functions are refused */
    /* INSERT into a view: its WITH CHECK OPTION conditions so far (bind_view_check.c) */
    struct ss_bound_checks *view_checks;
    /* UPDATE / DELETE through a view (bind_view_modify.c): the finding query's FROM item
       naming it, and the binding id its query got there (0: not bound yet) */
    const ast_from_item *modify_view_item;
    uint32_t modify_view_rel;
    /* ON CONFLICT DO UPDATE through a view: the EXCLUDED item's the same way */
    const ast_from_item *excluded_view_item;
    uint32_t excluded_view_rel;
    /* (M) an unpopulated materialized view may be named (CREATE VIEW, WITH NO DATA) */
    bool matview_unpopulated_ok;
    /* while a query that is not an aggregate query binds its outputs: set when an aggregate
       of a subquery turns out to be its own (bind_outer_agg.c); NULL elsewhere */
    bool *want_agg;
    /* the select list's other set-returning function calls run in lockstep with srf_ast
       (bind_srf_lockstep.c) and the columns standing for them */
    const ast_expr *const *srf_more;
    ss_expr **srf_more_cols;
    uint32_t nsrf_more;
} binder;

/* Window functions (bind_window.c).  One window clause: its bound partition, order and
 * frame (over the query's input or, in an aggregate query, the aggregate's output) and the
 * calls over it, whose results are its relation's columns. */
typedef struct window_clause {
    uint32_t rel;
    uint32_t npartition, norder;
    ss_expr **partition;
    ss_lsort_key *order;
    uint32_t frame;
    ss_expr *start_offset, *end_offset, *start_neg, *end_neg;
    ss_window_call **calls;
    const char **names;
    uint32_t ncalls, cap;
} window_clause;

typedef struct window_state {
    const struct ast_select *select; /* its WINDOW clause names windows */
    window_clause *v;
    uint32_t n, cap;
    agg_state *outer_agg;     /* the query's aggregation around a window aggregate's call */
    bool outer_mode;
    bool in_window_agg;       /* bind_aggregate runs for a window aggregate */
    bool in_call;             /* a window function's arguments are being bound */
    bool in_definition;       /* PARTITION BY / ORDER BY / frame offsets are being bound */
    uint32_t agg_arg_depth;   /* > 0 inside an aggregate's arguments */
} window_state;

/* A call with OVER: a reference to its result column. */
ss_expr *bind_window_call(binder *b, const ast_expr *a);
/* A window aggregate's argument (or FILTER with is_filter) bound as its query's outputs are. */
ss_expr *bind_window_agg_arg(binder *b, const ast_expr *a, bool is_filter);
/* Whether e has a call with OVER. */
bool ast_has_window(const ast_expr *e);
/* Whether a window of s (its WINDOW clause, an OVER in its select list or ORDER BY) names an
 * aggregate in PARTITION BY / ORDER BY: that makes s an
 * aggregate query, as an aggregate in the select list does. */
bool select_windows_have_aggregate(const struct ast_select *s);
/* The entries of s's WINDOW clause checked in order as PostgreSQL's
 * transformWindowDefinitions does, referenced or not: 42P20 for a name defined twice, the
 * window each copies must exist and be copyable. */
int check_window_names(binder *b, const struct ast_select *s);
/* visit over every expression of ws's window clauses (keys, frame offsets, the calls'
 * arguments and FILTERs): the aggregation below computes the aggregates they reference. */
int walk_window_exprs(const window_state *ws, int (*visit)(const ss_expr *, void *), void *arg, ss_ptrmap *seen);
/* The window operators over top, one per window clause with calls. */
ss_lop *stack_windows(binder *b, window_state *ws, ss_lop *top);
/* The registered window function of this name, or NULL (bind_agg_plugin.c). */
const struct ss_window_vtable *bind_find_plugin_window(const char *name);

/* Errors with a position (location is the 0-based AST location or -1). */
int bind_error(binder *b, int location, const char *sqlstate, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void *bind_alloc(binder *b, size_t n);
/* COPY (bind_copy.c). */
int bind_copy(binder *b, const ast_stmt *st, ss_bound_stmt *out);
/* (M) Materialized views (bind_matview.c): CREATE's text and dependencies into out->view_def,
 * REFRESH, the 55000 of scanning an unpopulated one, the 42809 of changing one. */
int bind_matview_def(binder *b, const ast_stmt *st, ss_bound_stmt *out);
int bind_refresh_matview(binder *b, const ast_stmt *st, ss_bound_stmt *out);
int bind_matview_scan(binder *b, const ss_table *t);
int bind_matview_refuse_change(binder *b, const ss_table *t);
/* (M) DECLARE and FETCH / MOVE (bind_cursor.c). */
int bind_declare_cursor(binder *b, const ast_stmt *st, ss_bound_stmt *out);
int bind_fetch(binder *b, const ast_stmt *st, ss_bound_stmt *out);
/* PREPARE and EXECUTE (bind_prepare.c). */
int bind_prepare(binder *b, const ast_stmt *st, ss_bound_stmt *out);
int bind_execute(binder *b, const ast_stmt *st, ss_bound_stmt *out);

/* The FROM entry a qualified reference a (x.col, x.*) names, or NULL with PostgreSQL's
 * 42P01 raised (bind_literal.c). */
/* The entry schema.table.* or schema.table.column names (a->names[0], a->names[1]): an
   unaliased table of that schema; 42P01 otherwise, with PostgreSQL's message. */
const range_entry *find_schema_qualified_entry(binder *b, const ast_expr *a);
const range_entry *find_qualified_entry(binder *b, const ast_expr *a);
/* Adds PostgreSQL's HINT to the "column ... does not exist" just raised for col (qualified
 * by alias, or NULL): the closest column names in scope (bind_column_hint.c). */
void hint_missing_column(binder *b, const char *alias, const char *col);
/* The columns of the FROM entries [lo, hi) visible by unqualified name, in order: column
 * cols[i] of entry ents[i] (bind_select.c). */
typedef struct side_cols {
    uint32_t *ents, *cols;
    uint32_t n;
} side_cols;
int visible_columns(binder *b, uint32_t lo, uint32_t hi, side_cols *out);
static inline const char *side_name(const binder *b, const side_cols *s, uint32_t i)
{
    return b->scope[s->ents[i]].col_names[s->cols[i]];
}
static inline ss_type side_type(const binder *b, const side_cols *s, uint32_t i)
{
    ss_type t = b->scope[s->ents[i]].col_types[s->cols[i]];
    return t;
}
/* JOIN ... USING (...) AS u and (join) AS j (cols) (bind_join_alias.c): scope entries over a
 * join whose own entries are [lo, b->nscope); j hides them. */
int bind_join_aliases(binder *b, const ast_from_item *f, uint32_t lo);
/* Appends e to the FROM scope (bind_select.c). */
int push_entry(binder *b, const range_entry *e);
/* 42712 when ref names an entry of the query already. */
int check_ref_unique(binder *b, const char *ref);
/* The same for an unaliased table of schema ns (NULL: any other entry): an unaliased table of
   another schema with the same name does not clash. */
int check_ref_unique_ns(binder *b, const char *ref, const struct ss_schema *ns);

/* A FROM item as a new scope entry referenced as ref, its columns (rel, 0 .. ncols-1) named
 * names (the first ones renamed by f's column aliases) and typed types (bind_select.c). */
int add_scope_entry(binder *b, const ast_from_item *f, const char *ref, const char *table_name, uint32_t rel,
                    uint32_t ncols, const char *const *names, const ss_type *types);
/* The same for an unaliased table of schema ns (range_entry.ns), NULL for others. */
int add_scope_entry_ns(binder *b, const ast_from_item *f, const char *ref, const char *table_name, uint32_t rel,
                       uint32_t ncols, const char *const *names, const ss_type *types, const struct ss_schema *ns);
/* A function call in FROM (bind_function_scan.c): generate_series as a function scan. */
int bind_from_function(binder *b, const ast_from_item *f, ss_lop **out);
/* Whether name is one of PostgreSQL's set-returning functions that Sunstone runs only in
 * FROM, or not at all (bind_function_scan.c). */
bool is_set_returning(const char *name);
/* unnest(a1, a2, ...) outside FROM: PostgreSQL's 42883 (bind_function_scan.c); NULL. */
/* PostgreSQL's 0A000 for a set-returning call inside CASE or COALESCE in e, with its HINT
 * (bind_function_scan.c). */
int check_srf_placement(binder *b, const ast_expr *e);
ss_expr *unnest_outside_from(binder *b, const ast_expr *a);
/* Whether a select list's set-returning call a can run as a join (bind_function_scan.c). */
bool srf_joinable(const ast_expr *a);
/* bind_srf_split.c: the query *out (NULL: s as written) running s's set-returning functions
   of an aggregate or windowed select list, nested ones, or one in GROUP BY, over a subquery */
int srf_split_select(binder *b, const ast_select *s, ast_select **out);
/* bind_sublink.c: the projections at the top of an EXISTS query's plan computing NULLs */
int drop_exists_targets(binder *b, ss_lop *top);
/* bind_json_agg.c: json_agg, jsonb_agg, json_object_agg, jsonb_object_agg over their bound
 * arguments (1 or 2): the call's argument (and *more) wrapped as JSON text, *result_def the
 * function json_agg_result puts around the call's column. */
bool is_json_aggregate(const char *name);
/* bind_type_rules.c: PostgreSQL's 42883 for GROUP BY / DISTINCT (equality) and ORDER BY
 * (ordering) over a type without those operators (ss_type_def.no_ordering: json); whether
 * the type has comparison operators at all; whether min / max take the type. */
bool bind_type_unordered(ss_type t);
int bind_check_equality(binder *b, ss_type t, int location);
int bind_check_ordering(binder *b, ss_type t, int location);
bool bind_type_has_minmax(ss_type t);
/* row_json: with DISTINCT over a whole row (args[0] its record), the row's JSON; dargs gets
 * the expressions DISTINCT compares, which an ORDER BY inside the call must be among */
int bind_json_agg(binder *b, const ast_expr *a, ss_expr **args, ss_expr *row_json, ss_agg_call *call,
                  ss_expr ***more, uint32_t *nmore, const struct ss_func_def **result_def, ss_expr ***dargs,
                  uint32_t *ndargs);
ss_expr *json_agg_result(binder *b, const struct ss_func_def *result_def, ss_expr *col);
/* bind_range_agg.c: range_agg / range_intersect_agg of the bound argument as the array_agg
 * call, *result_def the final function json_agg_result puts around its column. */
bool is_range_aggregate(const char *name);
int bind_range_agg(binder *b, const ast_expr *a, ss_expr *arg, ss_agg_call *call,
                   const struct ss_func_def **result_def);
/* The location of the first column reference in a (PostgreSQL's locate_var_of_level walk
 * order), or -1 (bind_select.c). */
int first_column_location(const ast_expr *a);
/* A set-returning function in s's select list (PostgreSQL's ProjectSet) for a query without
 * aggregates: one generate_series or unnest(array) joined to *top (LATERAL when its arguments
 * read the FROM items), its calls then bound as b->srf_col; PostgreSQL's 0A000 for one inside
 * CASE or COALESCE. */
int attach_target_srf(binder *b, const ast_select *s, bool is_agg, ss_lop **top);
/* function_lop of the FROM item from's function, with its column definition list. */
ss_lop *function_lop_from(binder *b, const ast_from_item *from, bool ordinality, const char *colname, uint32_t rel,
                          bool lateral, bool *reads_column);
/* ROWS FROM (f1(...), f2(...), ...) of the FROM item f (bind_rows_from.c): the functions' columns
 * side by side, row k pairing row k of each, the shorter ones padded with NULLs, then
 * WITH ORDINALITY's position; relation rel, lateral and *reads_column as function_lop's. */
ss_lop *rows_from_lop(binder *b, const ast_from_item *f, uint32_t rel, bool lateral, bool *reads_column);
/* The most distinct set-returning functions of a select list run in lockstep. */
#define SRF_LOCKSTEP_MAX 8
/* The function call a of FROM or (select_list) of the select list as a function scan of
 * relation rel, with an ordinality column when asked; lateral: its arguments may read the
 * FROM items bound so far (*reads_column tells whether they do; NULL without an error when
 * they do and lateral is false). */
ss_lop *function_lop(binder *b, const ast_expr *a, bool ordinality, const char *colname, uint32_t rel, bool lateral,
                     bool *reads_column, bool select_list);
/* Several distinct set-returning functions calls[0..n) of the select list, PostgreSQL's
 * ProjectSet in lockstep (bind_srf_lockstep.c): their rows paired by position, the shorter
 * ones padded with NULLs, joined with each input row; the calls then bound as b->srf_col and
 * b->srf_more_cols. */
int attach_srf_lockstep(binder *b, const ast_select *s, const ast_expr *const *calls, uint32_t n, ss_lop **top);
/* COALESCE(first, second) of two bound expressions of one type, as a CASE. */
ss_expr *make_coalesce2(binder *b, ss_expr *first, ss_expr *second);
/* The lockstep of function scans (bind_srf_lockstep.c): op (whose ordinality is ord) FULL
 * JOINed to *acc on *position, the first non-NULL ordinality (*acc NULL: op starts it). */
int lockstep_add(binder *b, ss_lop **acc, ss_expr **position, ss_lop *op, ss_expr *ord);
/* acc projected to values[0..n) (the last one the position) under a new relation *prel,
 * sorted by the position. */
ss_lop *lockstep_sorted(binder *b, ss_lop *acc, uint32_t n, ss_expr **values, const char **names, uint32_t *prel);
/* PostgreSQL's error for the set-returning function call a where it is bound (WHERE, HAVING,
 * FILTER, VALUES, a function's arguments in FROM, an aggregate's arguments), else SS_OK. */
int bind_srf_misplaced(binder *b, const ast_expr *a);

/* DISTINCT ON (bind_distinct_on.c): over proj (the targets), a sort by the DISTINCT ON items
 * matched with the leading ORDER BY items (42P10 when they do not match), then the rest of
 * ORDER BY, and a unique on the DISTINCT ON items.  order_pos / don_pos: the target positions
 * of s's ORDER BY and DISTINCT ON items. */
int stack_distinct_on(binder *b, const ast_select *s, const ss_lop *proj, const uint32_t *order_pos,
                      const uint32_t *don_pos, ss_lop **top);

/* Appends an aggregate call (and its extra, or NULL) to st: *index is its position. */
int add_agg_call(binder *b, agg_state *st, const ss_agg_call *call, ss_agg_extra *extra, uint32_t *index);
/* A GROUP BY item resolved as PostgreSQL's findTargetlistEntrySQL92 (output position or
 * name, else the expression itself) (bind_select.c). */
const ast_expr *resolve_group_item(binder *b, const ast_select *s, const ast_expr *g);
/* GROUP BY (bind_grouping_sets.c): binds the group expressions into st and, when there are
 * grouping sets, expands them (PostgreSQL's expand_grouping_sets; 54001 beyond 4096). */
int bind_group_clause(binder *b, const ast_select *s, agg_state *st);
/* GROUPING(args) in an aggregate query's output (42803 when an argument is no group). */
/* Leaf expressions of GROUP BY item e (an upper bound of its group expressions). */
uint32_t count_leaves(const ast_expr *e);
ss_expr *bind_grouping_func(binder *b, const ast_expr *a);
/* The aggregate of a grouping-sets query over input: one aggregate per set, projected to
 * st's relation (NULL for the groups a set leaves out, GROUPING values as constants), the
 * branches appended (UNION ALL).  Without grouping sets: the one aggregate. */
ss_lop *stack_grouping_sets(binder *b, agg_state *st, ss_lop *input);

/* Grouping errors (bind_agg.c): noted while binding an aggregate query's outputs, raised
 * once they are all bound (the select list's first, then HAVING's). */
int note_grouping_error(binder *b, int location, const char *column);
/* (bind_functional_grouping.c) Whether column e (bound over the input, in agg_mode) is
   functionally dependent on the written groups of b->agg (*dependent; then remembered in
   its fd_groups for the next pass); SS_ERROR when out of memory. */
int fd_grouped_column(binder *b, ss_expr *e, bool *dependent);
/* The aggregate's column of the group equal to e, or NULL. */
ss_expr *match_group_expr(binder *b, const ss_expr *e);
/* After bind_group_clause: st's written groups counted, fd's columns appended as groups of
   every set. */
int fd_groups_add(binder *b, agg_state *st, fd_groups *fd);
/* Whether the outputs found dependent columns that are not groups yet (bind them again). */
bool fd_groups_retry(const agg_state *st);
int raise_grouping_error(binder *b);

/* Expressions (bind_expr.c). */
ss_expr *bind_expr(binder *b, const ast_expr *e);
/* A node of the given kind and result type (the rest zeroed by the arena); NULL when out of
 * memory (the error is set). */
ss_expr *new_expr(binder *b, ss_expr_kind kind, ss_type type);
/* The first AST node at or below a where pred holds (PostgreSQL's walk order: operands,
 * arguments, CASE arms), or NULL. */
const ast_expr *ast_find(const ast_expr *a, bool (*pred)(const ast_expr *));
/* Whether pred holds for e or any AST node below it. */
bool ast_any(const ast_expr *e, bool (*pred)(const ast_expr *));
/* Whether an AST node reads the query's input (a column, a parameter, a subquery). */
bool ast_reads_input(const ast_expr *e);
bool is_null_const(const ss_expr *e);
static inline const char *tname(ss_type t, char *buf, size_t n)
{
    return ss_type_display_name(t, buf, n);
}
/* t without its type modifier (format_type_be's type), except a row type's typmod, which
 * names the type (types/record/record.h) rather than modifying it. */
static inline ss_type type_sans_modifier(ss_type t)
{
    if (t.id == SS_TYPE_RECORD || t.id == SS_TYPE_RECORD_ARRAY)
        return t;
    return (ss_type){t.id, -1};
}
static inline bool is_unknown_const(const ss_expr *e)
{
    return e->kind == EXPR_CONST && e->type.id == SS_TYPE_UNKNOWN;
}
/* A computed value of type unknown (a ROW field of an untyped literal, (row(1,'a')).f2), which
   PostgreSQL cannot convert to any type; not the binder's own column references to an untyped
   select item (INSERT ... SELECT NULL), which stand for the literal. */
static inline bool is_unknown_value(const ss_expr *e)
{
    return e->kind == EXPR_FUNC && e->type.id == SS_TYPE_UNKNOWN;
}
static inline bool is_unknown_param(binder *b, const ss_expr *e)
{
    return e->kind == EXPR_PARAM && b->param_types[e->u.param.index].id == SS_TYPE_UNKNOWN;
}
/* Binds e and requires a boolean (WHERE, HAVING ...): "argument of WHERE must be type
 * boolean". */
ss_expr *bind_bool_expr(binder *b, const ast_expr *e, const char *clause);
bool expr_equal(const ss_expr *a, const ss_expr *b);
/* PostgreSQL's equal() over two analysed expressions, approximated on their syntax
 * (bind_select.c). */
bool ast_equal(const ast_expr *x, const ast_expr *y);
/* Whether two expressions whose bound (folded) trees are equal were also written alike where
 * the binder folds (COALESCE after a non-null constant, CASE, AND / OR over constants):
 * PostgreSQL matches ORDER BY / GROUP BY expressions before it folds (bind_select.c). */
bool unfolded_agree(const ast_expr *x, const ast_expr *y);
/* Where PostgreSQL reports an error about the whole expression a (exprLocation). */
int expr_location(const ast_expr *a);
/* A reference to column index of relation rel (a logical plan's binding, plan/logical.h). */
ss_expr *make_column(binder *b, uint32_t rel, uint32_t index, ss_type type);
/* A new relation binding id for a logical operator that makes columns. */
static inline uint32_t new_rel(binder *b)
{
    return ++b->nrels;
}
ss_expr *make_null(binder *b, ss_type type);
/* An EXPR_FUNC calling def over args[0..n) (cast to its parameters already) returning result;
 * a strict one of a NULL constant is that NULL (bind_oper.c). */
ss_expr *make_func(binder *b, const struct ss_func_def *def, ss_type result, ss_expr **args, uint32_t n);
ss_type type_of(int32_t id);

/* Literals, columns, parameters (bind_literal.c). */
ss_expr *bind_const(binder *b, const ast_expr *a);
ss_expr *bind_column(binder *b, const ast_expr *a);
/* Column c of FROM item re as a column reference; *ref (may be NULL) is set to the name of
 * the table or subquery it comes from. */
ss_expr *entry_column(binder *b, const range_entry *re, uint32_t c, const char **ref);
/* Whether a table of the FROM clause has a column of this name. */
bool scope_has_column(const binder *b, const char *name);
ss_expr *bind_param(binder *b, const ast_expr *a);
/* The 0A000 refusal of a built-in function PostgreSQL would call with a numeric argument
 * (its numeric overload) where Sunstone has only other ones. */
ss_expr *numeric_unsupported(binder *b, const char *func, int location);

/* COLLATE (bind_collate.c): the operand bound and checked (42804, 42704, 0A000 for ICU);
 * whether a collation name orders as Sunstone's bytewise text comparison does; the 42P21
 * conflict of two explicit collations meeting in one operator. */
ss_expr *bind_collate(binder *b, const ast_expr *a);
bool ss_collation_orders_bytewise(const char *name);
int ss_collation_check(binder *b, const char *name, int location);
/* A column definition's COLLATE name (NULL: none) for a column of type: 42704 / 42804 /
 * 0A000 as bind_collate.c says; 0 when accepted. */
int bind_column_collation(binder *b, const char *name, int location, ss_type type);
int bind_collate_conflict(binder *b, const ast_expr *left, const ast_expr *right);

/* Coercion and common types (bind_coerce.c). */
/* Converts e to target (unknown literals are parsed now, unknown params take the type). */
ss_expr *coerce_expr(binder *b, ss_expr *e, ss_type target, ss_cast_mode mode, int location);
/* Unknown literal/param → text: used for output columns. */
ss_expr *resolve_unknown(binder *b, ss_expr *e, int location);
/* Resolves a type name with its modifier (varchar(n)). */
int bind_type_name(binder *b, const ast_type_name *tn, ss_type *out);
/* Position of a numeric type in PostgreSQL's promotion order (int2 < int4 < int8 < numeric <
 * float8),
 * 0 for the others. */
int numeric_rank(int32_t id);
/* select_common_type's step for two different types one of which is a catalog type
 * (type_def.h): false when their categories differ; else *t moves to e when t converts to e
 * implicitly but not back and t is not a preferred type. */
bool catalog_common_type(ss_type *t, ss_type e);
/* Converts *l and *r to their common type for the operator a; false (with the error set or
 * not) when there is none. */
bool common_type(binder *b, ss_expr **l, ss_expr **r, const ast_expr *a, ss_type *out);
/* The common type of n items (CASE results, COALESCE arguments: what names the construct),
 * converting them to it. */
bool unify(binder *b, ss_expr **items, const int *locs, uint32_t n, const char *what, ss_type *out);
/* The common type of x IN (...)'s operand and items. */
bool in_common_type(binder *b, ss_expr *const *exprs, uint32_t n, ss_type *out);
/* False for a table's row type (or an array of one) and a record (PostgreSQL's categories C
 * and P, which select_common_type does not match). */
bool row_types_match(ss_type a, ss_type e);
ss_expr *bind_cast(binder *b, const ast_expr *a);

/* Operators (bind_oper.c). */
ss_expr *bind_op(binder *b, const ast_expr *a);
ss_expr *bind_between(binder *b, const ast_expr *a);
/* bind_conditional.c: IS [NOT] DISTINCT FROM, NULLIF, GREATEST / LEAST (AE_DISTINCT,
   AE_NULLIF, AE_MINMAX) */
ss_expr *bind_conditional(binder *b, const ast_expr *a);
ss_expr *bind_in_list(binder *b, const ast_expr *a);
/* Whether a strict operator or function over args folds to NULL now. */
bool strict_folds_to_null(const binder *b, ss_expr *const *args, uint32_t n);

/* Functions (bind_func.c). */
ss_expr *bind_func(binder *b, const ast_expr *a);
/* A call in named or mixed notation rewritten into positional notation (a itself when it
 * has no named argument), or NULL with 42883 set when no function takes those names
 * (bind_named_args.c). */
const ast_expr *bind_named_call(binder *b, const ast_expr *a);
/* regexp_matches / regexp_split_to_table (bind_regex_srf.c): whether name is one, and the
 * function scan of a call over its bound arguments args[0..n) as relation rel. */
bool is_regex_srf(const char *name);
ss_lop *regex_function_lop(binder *b, const ast_expr *a, ss_expr **args, uint32_t n, bool ordinality,
                           const char *colname, uint32_t rel);
/* The function scan of name(args[0..n)) as relation rel with one column of type column named
 * colname, then WITH ORDINALITY's bigint (bind_function_scan.c). */
ss_lop *one_column_function_lop(binder *b, const char *name, ss_expr **args, uint32_t n, bool ordinality,
                                const char *colname, uint32_t rel, ss_type column);
/* generate_subscripts' function scan over its bound arguments (bind_array_srf.c). */
ss_lop *subscripts_function_lop(binder *b, const ast_expr *a, ss_expr **args, uint32_t n, bool ordinality,
                                const char *colname, uint32_t rel);
/* Whether two calls name their arguments alike (bind_named_args.c). */
bool ast_arg_names_equal(const ast_expr *x, const ast_expr *y);
/* PostgreSQL's 42883 "function name(signature) does not exist" with its HINT; NULL. */
ss_expr *no_such_function(binder *b, int location, const char *name, const char *signature);
/* The same for call a over its bound arguments args[0..n) (their types without typmods). */
ss_expr *no_such_function_of(binder *b, const ast_expr *a, ss_expr *const *args, uint32_t n);
/* f(..., VARIADIC arr) of a function variadic in PostgreSQL (bind_variadic.c): args[0..n)
 * bound, types[] theirs (unknown for an untyped parameter); 42804 / 42883 as PostgreSQL. */
bool bind_is_variadic_function(const char *name);
ss_expr *bind_variadic_call(binder *b, const ast_expr *a, const char *name, ss_expr **args, const ss_type *types,
                            uint32_t n);
/* PostgreSQL's 42883 "operator does not exist: left op right" ("op right" when left is NULL,
 * a prefix operator) with its HINT; returns NULL. */
ss_expr *operator_does_not_exist(binder *b, int location, const ss_type *left, const char *op, ss_type right);

/* Aggregates (bind_agg.c). */
bool ast_has_aggregate(const ast_expr *e);
/* The same, counting only the aggregates of b's own query level (not outer-level ones,
 * bind_aggregate_level), once its FROM is bound. */
bool ast_has_own_aggregate(const binder *b, const ast_expr *e);
bool is_aggregate_name(const ast_expr *e);
/* bind_agg_plugin.c: aggregates registered by modules */
struct ss_registry;
void bind_agg_registry_use(const struct ss_registry *r);
const ss_aggregate_vtable *bind_find_plugin_aggregate(const char *name);
/* the call's first argument and result type from vt (args: a->nargs bound arguments,
   resolved from unknown here); 42883 as PostgreSQL when vt has no such signature */
int bind_plugin_aggregate_call(binder *b, const ast_expr *a, const ss_aggregate_vtable *vt, ss_expr **args,
                               ss_agg_call *call);
/* an ordered-set aggregate's call: the WITHIN GROUP expression as the argument, the result
   type, the direct arguments (of vt->direct_type; *per_group when some of them read the
   groups, outer columns, subqueries or volatile functions: all are then over the input) */
int bind_ordered_set_call(binder *b, const ast_expr *a, const ss_aggregate_vtable *vt, ss_agg_call *call,
                          ss_expr ***direct, uint32_t *ndirect, bool *per_group);
/* a per-group direct argument e (over the aggregate's groups) rewritten over its input: the
   group columns in set[0..nset) (set NULL: all) become their GROUP BY expressions, the others
   NULL (GROUPING SETS); e is not changed */
ss_expr *bind_direct_over_input(binder *b, const agg_state *st, const ss_expr *e, const uint32_t *set,
                                uint32_t nset);
/* a hypothetical-set aggregate's call (vt->hypothetical): *n keys (the call's arguments, in
   *keys, coerced with their direct arguments to common types) and *n direct arguments */
#define SS_AGG_MAX_HYPOTHETICAL 4
int bind_hypothetical_call(binder *b, const ast_expr *a, const ss_aggregate_vtable *vt, ss_agg_call *call,
                           ss_expr ***direct, ss_expr ***keys, uint32_t *n, bool *per_group);
/* whether vt is a hypothetical-set aggregate (a vtable long enough to say so) */
bool bind_agg_is_hypothetical(const ss_aggregate_vtable *vt);
/* PostgreSQL's 42883 for a WITHIN GROUP call no ordered-set aggregate matches */
ss_expr *bind_no_such_within_group(binder *b, const ast_expr *a);
/* WITHIN GROUP of a name no module registered as an aggregate: 0A000 for PostgreSQL's
   ordered-set and hypothetical-set aggregates, else bind_no_such_within_group */
ss_expr *bind_within_group_unregistered(binder *b, const ast_expr *a);
ss_expr *bind_aggregate(binder *b, const ast_expr *a);
/* The aggregate output column of a GROUP BY item equal to a, or NULL. */
ss_expr *match_group(binder *b, const ast_expr *a);

/* Constant folding (bind_fold.c). */
/* rc = CALL, a constant fold at bind time whose error is not raised here: the caller keeps
 * the expression unfolded and defers the error (see raise_deferred_folds). */
#define FOLD_GUARDED(b, rc, CALL)                                                          \
    do {                                                                                   \
        ss_error *saved_ = (b)->ctx->err, scratch_;                                        \
        memset(&scratch_, 0, sizeof scratch_);                                             \
        ss_error_clear(&scratch_);                                                         \
        (b)->ctx->err = &scratch_;                                                         \
        (rc) = (CALL);                                                                     \
        (b)->ctx->err = saved_;                                                            \
        ss_error_clear(&scratch_);                                                         \
    } while (0)
/* Evaluates e now when its operands are constants (PostgreSQL's eval_const_expressions);
 * a failing fold is deferred (or ignored in dead code) and e returned unfolded. */
ss_expr *fold_constants(binder *b, ss_expr *e);
/* Records e as an expression whose folding failed. */
int defer_fold(binder *b, const ss_expr *e);
/* The first deferred node inside e (depth first, left to right), or NULL. */
const ss_expr *find_deferred(const binder *b, const ss_expr *e);
/* Raises the first deferred folding error inside e; has_deferred tells whether there is one. */
int raise_deferred_in(binder *b, const ss_expr *e);
bool has_deferred(const binder *b, const ss_expr *e);
/* Raises the first deferred folding error among the expressions the plan still uses
 * (LIMIT and OFFSET apart: they are evaluated when the query runs). */
int raise_deferred_folds(binder *b, ss_lop *plan);
/* Aggregate calls of FROM subqueries whose results nothing reads get NULL arguments
 * (bind_unused_aggs.c, PostgreSQL's remove_unused_subquery_outputs). */
int drop_unused_subquery_aggregates(binder *b, ss_lop *plan);

/* Subqueries in expressions (bind_sublink.c). */
/* Makes the scope entries [lo, hi) (with the current aggregation state) the innermost outer
 * level of the query about to be bound (a subquery of an expression, a LATERAL subquery). */
int bind_push_outer(binder *b, uint32_t lo, uint32_t hi);
ss_expr *bind_sublink(binder *b, const ast_expr *a);
/* A column of a query around the current one, when the current query has none of that name
 * (or no table of that qualifier): *found tells whether one was; NULL with *found set is an
 * error. */
ss_expr *bind_outer_column(binder *b, const ast_expr *a, bool *found);
/* The binder's state while something is bound at outer level k (1 + an index of b->outer):
 * bind_enter_outer_level saves the current query's and takes the level's scope, aggregation
 * and context; bind_leave_outer_level puts the saved state back, the binding counted as an
 * outer reference. */
typedef struct level_switch {
    uint32_t lo, hi, nouter, own, outer;
    agg_state *agg;
    bool agg_mode, in_having;
    const char *table_ref, *context;
    struct window_state *win;
} level_switch;
void bind_enter_outer_level(binder *b, uint32_t k, level_switch *saved);
void bind_leave_outer_level(binder *b, const level_switch *saved);
/* Whether the query whose scope entries are [lo, hi) has what the column reference a names. */
bool bind_level_has(const binder *b, const ast_expr *a, uint32_t lo, uint32_t hi);
/* Outer-level aggregates (bind_outer_agg.c): the outer level (1 + an index of b->outer) an
 * aggregate call a belongs to, 0 for the current query; the call bound at level k. */
uint32_t bind_aggregate_level(const binder *b, const ast_expr *a);
ss_expr *bind_outer_aggregate(binder *b, const ast_expr *a, uint32_t k);
/* Whether the bound aggregate argument e reads columns of outer queries and none of the
 * current query's (through a subquery inside it: PostgreSQL's outer-level aggregate). */
bool bind_agg_arg_outer_only(const binder *b, const ss_expr *e);
/* Column index of name in the FROM item re, -1 when it has none, -2 when several. */
int64_t range_column_of(const range_entry *re, const char *name);

/* Row constructors (bind_row.c): ROW(...) as a record value; comparisons, IS [NOT] DISTINCT
 * FROM, IN lists and IS [NOT] NULL of rows expanded over their fields. */
ss_expr *bind_row_ctor(binder *b, const ast_expr *a);
ss_expr *bind_row_compare(binder *b, const ast_expr *a);
/* e, the binding of operator a, or for two record values the record comparison function that
 * raises PostgreSQL's errors (bind_row.c); NULL when e is NULL. */
ss_expr *bind_record_values_compare(binder *b, const ast_expr *a, ss_expr *e);
ss_expr *bind_row_distinct(binder *b, const ast_expr *a);
ss_expr *bind_row_in_list(binder *b, const ast_expr *a);
ss_expr *bind_row_null_test(binder *b, const ast_expr *a);

/* Arrays (bind_array.c). */
/* ARRAY[...]; target: the array type a cast gives it (ARRAY[]::int[]), or NULL. */
ss_expr *bind_array_ctor(binder *b, const ast_expr *a, const ss_type *target);
/* a[i], a[i][j], a[lo:hi] */
ss_expr *bind_subscript(binder *b, const ast_expr *a);
/* Row types of tables and views (bind_row_type.c): the type named name when a table or view
 * has that name (*found), a column definition list's, a whole-row reference's (the table's
 * row type when the entry is a table's own columns, else the anonymous record), a cast of a
 * row constructor to a row type, (x).a. */
int bind_row_type_name(binder *b, const char *name, int location, ss_type *out, bool *found);
int bind_coldef_type(binder *b, uint32_t n, const char *const *names, const ss_type *types, int location,
                     ss_type *out);
int bind_entry_row_type(binder *b, const range_entry *re, ss_type *out);
/* The row type of from's column definition list (AS x(a int, ...)): its types bound, 42701
 * for a name given twice (bind_json_record.c). */
int bind_coldef_list(binder *b, const ast_from_item *from, ss_type *row);
int bind_anonymous_row_type(binder *b, ss_expr *const *fields, uint32_t n, ss_type *out);
ss_expr *bind_coerce_to_row_type(binder *b, ss_expr *arg, ss_type target, ss_cast_mode mode, int location);
ss_expr *bind_field_select(binder *b, const ast_expr *a);
/* json(b)_populate_record(set) / json(b)_to_record(set) (bind_json_record.c): a call in an
 * expression over its bound arguments, and a function scan of one in FROM (from: its FROM
 * item, for the column definition list; NULL: none), or of a ..._recordset in the select list
 * (record_col: its one column of the row type, so named). */
ss_expr *bind_json_record_call(binder *b, const ast_expr *a, const char *name, ss_expr **args, uint32_t n);
ss_lop *json_record_lop(binder *b, const ast_expr *a, const struct ast_from_item *from, ss_expr **args, uint32_t n,
                        bool ordinality, uint32_t rel, const char *record_col);
/* x op ANY / ALL (array) */
ss_expr *bind_array_cmp(binder *b, const ast_expr *a);
/* @> <@ && || and comparisons with an array operand; *handled false (NULL returned) when
 * the operator is not one of them or no operand is an array. */
ss_expr *bind_array_op(binder *b, const ast_expr *a, ss_expr *l, ss_expr *r, bool *handled);
/* array_length, array_cat, ... over bound arguments; *handled false when name is none. */
ss_expr *bind_array_func(binder *b, const ast_expr *a, const char *name, ss_expr **args, uint32_t n, bool *handled);

/* Output names (bind_names.c). */
/* PostgreSQL's output column name for an expression (FigureColname). */
const char *figure_colname(const ast_expr *e);

/* SELECT (bind_select.c): plan plus result columns. */
int bind_select(binder *b, const ast_select *s, ss_bound_stmt *out);
/* A subquery (of FROM or of an expression), WITH query or view bound as a query of its own after the scope
 * entries of the queries around it; the binder's scope and aggregation state are as before
 * afterwards. */
int bind_nested_query(binder *b, const ast_select *s, ss_bound_stmt *sub);
/* ORDER BY, LIMIT and OFFSET over a query's output columns (VALUES lists, set operations):
 * sort keys name an output column by position or by name; other sort expressions are refused
 * (setop: PostgreSQL's own refusal for a set operation; else a VALUES list's 0A000). */
int bind_output_order_limit(binder *b, const ast_select *s, ss_bound_stmt *out, bool setop);

/* WITH queries (bind_cte.c). */
/* Binds the WITH clause of s (PostgreSQL's transformWithClause) and brings its queries into
 * scope; *mark tells unbind_with what to restore once s is bound. */
int bind_with(binder *b, const ast_select *s, cte_mark *mark);
void unbind_with(binder *b, const cte_mark *mark);
/* 42P19 when the FROM clause of s, just bound, reached the recursive reference of the
 * recursive term being bound (its count was refs_before) and s calls an aggregate. */
int check_recursive_aggregates(binder *b, const ast_select *s, uint32_t refs_before);
/* A FROM table name that is a WITH query in scope: *found, and *out its plan (a subquery
 * for a query inlined, a CTE scan, a worktable scan) with its scope entry added. */
/* SEARCH / CYCLE of a recursive WITH query (bind_cte_search.c), PostgreSQL's
 * rewriteSearchAndCycle: the columns they add computed in both terms, the recursive term
 * filtered on the cycle mark.  cte_search_not_recursive: 42601 for them on a query that is
 * not recursive.  The others are called by bind_recursive in turn, each a no-op without the
 * clauses: before the terms (the mark values), after the non-recursive term (its new
 * columns, e's columns widened), after the recursive term (the checks of the clauses, the
 * worktable's added columns carried through it), and for the recursive term's output
 * (items[0..e's original columns) over rtop, cast) with the new columns computed. */
typedef struct cte_search {
    bool active;
    uint32_t ncols;             /* the query's own columns */
    ss_expr *mark_value, *mark_default;
    ss_type mark_type;
    int32_t *search_idx, *cycle_idx;
} cte_search;
int cte_search_not_recursive(binder *b, const ast_cte *c);
int cte_search_prepare(binder *b, const ast_cte *c, cte_search *s);
int cte_search_nonrec(binder *b, const ast_cte *c, cte_search *s, cte_entry *e, ss_lop **nonrec);
int cte_search_rec_inner(binder *b, const ast_cte *c, cte_search *s, const cte_entry *e, ss_lop **rtop);
int cte_search_rec_outer(binder *b, const ast_cte *c, const cte_search *s, ss_lop **rtop, ss_expr **items);

/* Whether the join f of left and right must be a lateral join because its right side, a
 * join, reads columns of left (bind_lateral_join.c); 42P01 for a RIGHT or FULL one. */
int bind_join_reads_left(binder *b, const ast_from_item *f, ss_lop *left, ss_lop *right, bool *lateral);

int bind_from_cte(binder *b, const ast_from_item *f, ss_lop **out, bool *found);
/* bind_modifying_cte.c: WITH query index of with that is INSERT / UPDATE / DELETE, bound
 * once per statement into e (its columns: the RETURNING list's); a reference f to it (ref:
 * the name it is known by) as a worktable scan of its RETURNING rows; the INSERT / UPDATE /
 * DELETE itself (bind_stmt.c). */
int bind_modifying_cte(binder *b, cte_entry *e, const ast_select *with, uint32_t index);
/* bind_modifying_cte.c: WITH query index of with, a SELECT of an INSERT's shared WITH
 * (ast_select.stmt_with) that calls a volatile function: bound once per statement as a record
 * of modifying_ctes of kind AST_SELECT, computed once before the statement, its references
 * worktable scans of its rows (e's names stay the caller's). */
int bind_stmt_select_cte(binder *b, cte_entry *e, const ast_select *with, uint32_t index);
int bind_from_modifying_cte(binder *b, const ast_from_item *f, cte_entry *e, const char *ref, ss_lop **out);
int bind_modifying_stmt(binder *b, const ast_stmt *st, ss_bound_stmt *out);

/* Views (bind_view.c). */
/* CREATE [OR REPLACE] VIEW: its query bound, its columns and dependencies for the catalog. */
int bind_create_view(binder *b, const ast_stmt *st, ss_bound_stmt *out);
/* A FROM table name that is a view: *found, and *out its query bound again (as a subquery
 * of FROM, over the columns fixed when it was created) with its scope entry added. */
int bind_from_view(binder *b, const ast_from_item *f, ss_lop **out, bool *found);
/* INSERT into view v (bind_view_insert.c): PostgreSQL's 55000 when v is not automatically
 * updatable, its 0A000 when a column assigned (assigned[0..v->ncols)) is not a base column;
 * else the table at the bottom of its views and map[c], the table column view column c is
 * (-1 for a column that is not one). */
/* The reason a view's query is not automatically updatable (PostgreSQL's DETAIL), or NULL
 * (bind_view_insert.c). */
const char *view_not_updatable_reason(const ast_select *s);
/* WITH CHECK OPTION (bind_view_check.c): view v's WHERE (its query s, whose FROM item has
 * columns names / types, column k being the base table's column map[k], -1: none) appended
 * to binder.view_checks; CREATE VIEW's refusal of the option on a view that is not
 * automatically updatable (0A000). */
int bind_view_check(binder *b, const ss_view *v, const ast_select *s, uint32_t ncols, const char *const *names,
                    const ss_type *types, const int32_t *map);
int bind_view_check_option_allowed(binder *b, const ast_stmt *st);
/* 42P16 for a table or view column of type record or record[] (bind_pseudo_type.c). */
int bind_check_column_type(binder *b, const char *name, ss_type t);
/* SET x.a = v (SS_FIELD_STORE_FUNC (x, 'a', v)): the row of x's fields with a replaced by v
 * assignment-cast to its type (bind_row_type.c; a NULL x gives NULL other fields). */
ss_expr *bind_field_store(binder *b, const ast_expr *a);
/* "row type remap"(x, NULL::t, m1, ...) (types/record/record.h's REC_REMAP_FUNC, written by
 * ALTER TABLE t): x laid out as t's fields, of type t or t[] as x is a record or an array;
 * NULL when name is not that function (nothing bound). */
ss_expr *bind_row_remap(binder *b, const ast_expr *a, const char *name);
/* SET a[i] = v (SS_SUBSCRIPT_STORE_FUNC (a, v, i, ...)): the array a with the item replaced,
 * PostgreSQL's subscripted assignment (bind_array_store.c). */
ss_expr *bind_subscript_store(binder *b, const ast_expr *a);
/* INSERT's field / subscript targets (bind_insert_store.c): the placeholder calls, the chain
 * of a target bound over a base (NULL: NULL of column_type) and a bound value, and the 0A000
 * of DEFAULT given to one. */
ss_expr *bind_insert_placeholder(binder *b, const ast_expr *a);
ss_expr *bind_insert_store(binder *b, const ast_expr *chain, ss_type column_type, ss_expr *base, ss_expr *value,
                           int value_location);
int insert_store_default_error(binder *b, const ast_expr *chain, int location);
/* SS_SLICE_STORE_FUNC(base, v, shape, lo, hi, ...) (bind_array_store.c). */
ss_expr *bind_slice_store(binder *b, const ast_expr *a);
/* Subscripts of a jsonb base (bind_jsonb_subscript.c): a read (the AE subscript a), and an
 * assignment (the store call a of bind_subscript_store). */
ss_expr *bind_jsonb_subscript(binder *b, const ast_expr *a, ss_expr *base);
ss_expr *bind_jsonb_subscript_store(binder *b, const ast_expr *a, ss_expr *base);
/* The name of what a field or subscripted assignment's target expression assigns into, for
 * messages: the innermost field, else the column ("?": none). */
const char *store_target_name(const ast_expr *base);
/* Where the default of a base table column comes from in an INSERT through views: the first
 * view of the chain (from the one named down) with a default on a column that is it, or none
 * (view NULL: the table's own). */
typedef struct view_default_src {
    const ss_view *view;
    uint32_t col;
} view_default_src;
/* INSERT into view v assigning its columns assigned[]: the base table, the table column of
 * each view column (map, -1: none), and each table column's default source (*defaults, the
 * table's ncols of them).  Columns with a view default count as assigned (PostgreSQL adds
 * them to the target list), so they must be updatable. */
int bind_view_insert_target(binder *b, const ss_view *v, const bool *assigned, ss_table **base, int32_t *map,
                            view_default_src **defaults);
/* The same for UPDATE (cmd AST_UPDATE, assigned: the view columns SET assigns) or DELETE
 * (AST_DELETE, assigned all false): PostgreSQL's "cannot update view" / "cannot delete from
 * view" and "cannot update column" errors; UPDATE's WITH CHECK OPTION conditions appended to
 * binder.view_checks (DELETE checks none). */
int bind_view_modify_target(binder *b, const ss_view *v, int cmd, const bool *assigned, ss_table **base,
                            int32_t *map, view_default_src **defaults);
/* Notes that the statement's query reads relation name (outside any view). */
struct ss_schema;
/* (N) 3F000 at the name when CREATE's schema does not exist (bind_schema.c). */
int bind_creation_schema(binder *b, const ast_stmt *st);
int note_dependency(binder *b, const struct ss_schema *ns, const char *rel);

/* A set operation (bind_setop.c): plan plus result columns. */
int bind_setop_query(binder *b, const ast_select *s, ss_bound_stmt *out);

/* bind_whole_row.c: whether a names a FROM item rather than a column (a whole-row
 * reference); a whole-row reference as a json object (jsonb: jsonb_build_object of its
 * columns, json: row_to_json's text), its columns bound by bind_col; NULL when a is not one
 * (no error) or on error. */
bool bind_is_whole_row(const binder *b, const ast_expr *a);
ss_expr *bind_whole_row_json(binder *b, const ast_expr *a, bool jsonb, ss_expr *(*bind_col)(binder *, const ast_expr *));
ss_expr *bind_whole_row_record(binder *b, const ast_expr *a);       /* t as a value: its record */
ss_expr *bind_whole_row_null_test(binder *b, const ast_expr *a);    /* t IS [NOT] NULL: every field */
ss_expr *bind_whole_row_distinct(binder *b, const ast_expr *a);     /* t IS [NOT] DISTINCT FROM a row */
ast_expr *bind_whole_row_ast(binder *b, const ast_expr *a);        /* t as ROW(t.c1, ...) */

#endif
