/* expr.h — the kernel's bound expression tree (struct ss_expr, opaque to plugins) and the
 * vectorised evaluator behind ss_api.expr_eval / expr_select.
 *
 * The binder produces these fully typed: operands of an arithmetic or comparison operator
 * always have the same type (the binder inserts EXPR_CAST nodes following PostgreSQL's
 * promotion rules), so the evaluator dispatches once per batch on (op, type) and runs a
 * tight typed loop over the selected rows. */
#ifndef SS_EXEC_EXPR_H
#define SS_EXEC_EXPR_H

#include "exec/context.h"

typedef enum ss_expr_kind {
    EXPR_CONST = 1,   /* u.cnst: value of type `type` (text bytes live in the plan arena) */
    EXPR_COLUMN,      /* u.column: in a logical plan (plan/logical.h) column index of relation
                         rel (>= 1); in a physical plan rel is 0 and index a column position
                         of the input batch */
    EXPR_PARAM,       /* u.param.index: 0-based into ctx->params */
    EXPR_OP,          /* u.op: arithmetic/comparison/concat; right NULL for unary minus */
    EXPR_AND,         /* u.list: SQL three-valued AND of all args */
    EXPR_OR,          /* u.list: three-valued OR */
    EXPR_NOT,         /* u.arg */
    EXPR_IS_NULL,     /* u.arg */
    EXPR_IS_NOT_NULL, /* u.arg */
    EXPR_CAST,        /* u.cast: arg converted to `type` */
    EXPR_FUNC,        /* u.func: built-in scalar function */
    EXPR_CASE,        /* u.kase: searched CASE (simple CASE is rewritten by the binder) */
    EXPR_IN,          /* u.in: arg [NOT] IN (constants and parameters), probed in a hash set */
    EXPR_SUBLINK,     /* u.sub: a subquery in an expression (EXISTS, scalar, ANY, ALL) */
    EXPR_SET_PARAM    /* u.set_param: arg's value, also assigned to exec parameter index (its
                         value at the last row evaluated): a nested_loop_param node's setters */
} ss_expr_kind;

/* What a subquery in an expression computes (u.sub.kind). */
typedef enum ss_sublink_kind {
    SS_SUBLINK_EXISTS = 1, /* whether it returns a row */
    SS_SUBLINK_EXPR,       /* its one value: NULL without rows, 21000 with more than one */
    SS_SUBLINK_ANY,        /* OR of test over its rows (false without rows) */
    SS_SUBLINK_ALL,        /* AND of test over its rows (true without rows) */
    SS_SUBLINK_ARRAY,      /* ARRAY (subquery): the array of its one column's values (the
                              empty array without rows; arrays of arrays one dimension up) */
    SS_SUBLINK_ROWCOMPARE  /* (a, b) op (subquery): test over its one row (NULL without rows,
                              21000 with more than one) */
} ss_sublink_kind;

/* Exec parameters: values a subquery's plan reads from the row of the expression that runs
 * it (its correlated columns and an ANY / ALL's left operands), PostgreSQL's PARAM_EXEC.
 * EXPR_PARAM index SS_EXEC_PARAM_BASE + k reads ctx->exec_params[k]; the user's $n stay
 * below. */
#define SS_EXEC_PARAM_BASE 0x40000000u

struct ss_lop;       /* plan/logical.h */
struct ss_plan_node; /* sunstone/operator.h */

typedef enum ss_expr_op {
    OP_ADD = 1, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_NEG,
    OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
    OP_CONCAT /* text || text */
} ss_expr_op;

typedef enum ss_cast_mode {
    CAST_IMPLICIT = 0,   /* inserted by the binder for operator/function resolution */
    CAST_ASSIGNMENT = 1, /* INSERT/UPDATE target: varchar(n) overflow is an error (22001) */
    CAST_EXPLICIT = 2    /* CAST(x AS t) / x::t: varchar(n) truncates silently */
} ss_cast_mode;

struct ss_func_def; /* types/functions.h */
/* The distinct values of an IN list of constants, ready for probing (expr_eval_in.c). */
typedef struct ss_in_set ss_in_set;

/* ss_expr.u.func.variadic: the items of the VARIADIC array are the trailing arguments; a
 * NULL array makes the result NULL (concat, json_build_object, ...) or passes none (format). */
enum { SS_FUNC_VARIADIC_NULL_IS_NULL = 1, SS_FUNC_VARIADIC_NULL_IS_EMPTY = 2 };

struct ss_expr {
    ss_expr_kind kind;
    ss_type type; /* result type */
    union {
        ss_value cnst;
        struct { uint32_t index; uint32_t rel; } column;
        struct { uint32_t index; } param;
        struct { ss_expr_op op; struct ss_expr *left, *right; } op;
        struct { uint32_t nargs; struct ss_expr **args; } list;
        struct ss_expr *arg;
        struct { struct ss_expr *arg; ss_cast_mode mode; } cast;
        /* variadic: a call written f(..., VARIADIC arr) of a function whose trailing
           arguments are variadic: args[nargs - 1] is the array, whose items are passed as
           those arguments one by one (SS_FUNC_VARIADIC_*; 0: an ordinary call) */
        struct { const struct ss_func_def *def; uint32_t nargs; struct ss_expr **args;
                 uint8_t variadic; } func;
        /* WHEN whens[i] THEN thens[i] ... ELSE els (els NULL = NULL) */
        struct { uint32_t nwhen; struct ss_expr **whens, **thens; struct ss_expr *els; } kase;
        /* arg = ANY (items) (negated: arg <> ALL (items)); items are constants (maybe NULL)
           and parameters of arg's type; set holds them for probing, built by the binder, or
           NULL when a parameter is among them (then the evaluator builds it per batch) */
        struct { struct ss_expr *arg; uint32_t nitems; struct ss_expr **items; bool negated;
                 const ss_in_set *set; } in;
        /* A subquery.  args are its inputs, over the expression's own input: the outer
           columns the subquery reads (the first ncorr), then an ANY / ALL's left operands.
           In a logical plan: lop is the subquery's plan, where arg i is read as column
           arg_col[i] of relation arg_rel[i] (the left operands as columns of the relation
           left_rel), test (ANY / ALL) reads the subquery's output as relation sub_rel.
           In a physical plan (the planner fills it): plan runs with arg i in exec parameter
           params[i]; test is over plan's output batch; changed lists the 1-based numbers of
           the correlated parameters (a rescan's changed set); id numbers the subquery's
           run-time state within the statement; hashed: an uncorrelated = ANY of one column
           probed in a hash set of the subquery's values (PostgreSQL's hashed SubPlan). */
        struct { ss_sublink_kind kind; uint32_t nargs, ncorr; struct ss_expr **args;
                 const uint32_t *arg_rel, *arg_col; uint32_t left_rel, sub_rel;
                 struct ss_lop *lop; struct ss_expr *test;
                 const struct ss_plan_node *plan; const uint32_t *params;
                 const uint32_t *changed; uint32_t id; bool hashed;
                 const char *key; /* the subquery's text form (ast_expr.sub_key): equal
                                     keys in one scope bind to equal subqueries */ } sub;
        struct { uint32_t index; struct ss_expr *arg; } set_param;
    } u;
};

/* ss_api.expr_eval: evaluate e at every live row of in into out (same positions). */
int ss_expr_eval(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, ss_vector *out);
/* ss_api.expr_select: narrow in's selection to rows where e is true. */
int ss_expr_select(ss_ctx *ctx, const ss_expr *e, ss_batch *in, uint32_t *sel_buf);
/* Builds the probe set of an IN list: items are n constants of type t (bool, integers,
 * float8, text, varchar), NULLs and duplicates allowed.  Lives in arena; NULL (with an error
 * in ctx) when out of memory. */
const ss_in_set *ss_in_set_build(ss_ctx *ctx, ss_arena *arena, ss_type t, ss_expr *const *items,
                                 uint32_t n);
/* Evaluates an expression that references no columns (constants, params, functions of
 * them) to one value; text bytes are allocated in ctx's arena. */
int ss_expr_eval_scalar(ss_ctx *ctx, const ss_expr *e, ss_value *out);

#endif
