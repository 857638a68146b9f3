/* estimate.c — row estimates of logical operators and selectivities of predicates
 * (estimate.h), after PostgreSQL's cost, clause-selectivity and selectivity functions without
 * statistics:
 * a column's distinct values are its relation's rows up to DEFAULT_NUM_DISTINCT (two for a
 * boolean), col = const keeps 1/distinct of the rows, col = col of two relations
 * 1/max(distinct), inequalities a third (a lower and an upper bound of one column together
 * DEFAULT_RANGE_INEQ_SEL), LIKE DEFAULT_MATCH_SEL, IS [NOT] NULL DEFAULT_[NOT_]UNK_SEL; AND
 * multiplies, OR adds less the overlap, NOT complements. */
#include "plan/estimate.h"

#include <math.h>
#include <string.h>

#include "catalog/catalog.h"
#include "exec/expr_walk.h"
#include "types/functions.h"

double ss_est_clamp(double rows)
{
    if (rows <= 0)
        return 0;
    return rows <= 1 ? 1 : rint(rows);
}

/* The operators that make relations (the others carry their child's id). */
static void note_rels(ss_estimator *e, const ss_lop *op)
{
    bool makes = op->kind == LOP_GET || op->kind == LOP_VALUES || op->kind == LOP_PROJECT ||
                 op->kind == LOP_AGGREGATE || op->kind == LOP_SETOP;
    if (makes && op->rel && op->rel <= e->nrels && !e->rel_op[op->rel])
        e->rel_op[op->rel] = op;
    for (uint32_t i = 0; i < op->nchildren; i++)
        note_rels(e, op->children[i]);
}

int ss_est_init(ss_estimator *e, ss_ctx *ctx, ss_arena *arena, const ss_lop *root, uint32_t nrels)
{
    memset(e, 0, sizeof *e);
    e->ctx = ctx;
    e->arena = arena;
    e->nrels = nrels;
    e->rel_op = ss_arena_alloc(arena, sizeof *e->rel_op * (e->nrels + 1));
    if (!e->rel_op)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memset(e->rel_op, 0, sizeof *e->rel_op * (e->nrels + 1));
    ss_ptrmap_init(&e->memo, arena);
    note_rels(e, root);
    return SS_OK;
}

/* ---- distinct values -------------------------------------------------------------------- */

/* The rows of a table as its backend counts them (< 0: no count). */
static double table_rows(const ss_table *t)
{
    if (!t->storage || !t->storage->table_row_estimate || !t->handle)
        return -1;
    return (double)t->storage->table_row_estimate(t->handle);
}

/* get_variable_numdistinct without statistics, over a relation of `rows` rows. */
static double nd_of_rows(double rows, ss_type type)
{
    if (type.id == SS_TYPE_BOOL)
        return 2;
    if (rows <= 0)
        return SS_DEFAULT_NUM_DISTINCT;
    return rows < SS_DEFAULT_NUM_DISTINCT ? ss_est_clamp(rows) : SS_DEFAULT_NUM_DISTINCT;
}

static const ss_expr *strip_casts(const ss_expr *x)
{
    while (x->kind == EXPR_CAST)
        x = x->u.cast.arg;
    return x;
}

static double nd_of_expr(ss_estimator *e, const ss_expr *x, int depth);

/* Distinct values of column col of relation rel. */
static double nd_of_binding(ss_estimator *e, uint32_t rel, uint32_t col, ss_type type, int depth)
{
    const ss_lop *op = rel <= e->nrels ? e->rel_op[rel] : NULL;
    if (!op)
        return nd_of_rows(-1, type);
    if (op->kind == LOP_GET)
        return nd_of_rows(table_rows(op->u.get.table), type);
    double rows = ss_est_rows(e, op);
    double nd = nd_of_rows(rows, type);
    if (op->kind == LOP_VALUES && rows > 0)
        nd = rows; /* PostgreSQL takes a VALUES column as unique */
    else if (op->kind == LOP_PROJECT && col < op->u.project.n && depth < 32)
        nd = nd_of_expr(e, op->u.project.exprs[col], depth + 1);
    else if (op->kind == LOP_AGGREGATE && col < op->u.aggregate.ngroups)
        nd = op->u.aggregate.ngroups == 1 && rows > 0 ? rows
                                                       : nd_of_expr(e, op->u.aggregate.groups[col], depth + 1);
    return rows > 0 && nd > rows ? rows : nd;
}

/* Distinct values of an expression: a column's (through casts), else the default. */
static double nd_of_expr(ss_estimator *e, const ss_expr *x, int depth)
{
    const ss_expr *v = strip_casts(x);
    if (v->kind == EXPR_COLUMN && depth < 32)
        return nd_of_binding(e, v->u.column.rel, v->u.column.index, v->type, depth);
    return x->type.id == SS_TYPE_BOOL ? 2 : SS_DEFAULT_NUM_DISTINCT;
}

/* ---- selectivity ------------------------------------------------------------------------ */

typedef struct col_walk {
    uint32_t budget;
    bool found;
} col_walk;

static int find_column(const ss_expr *x, void *arg)
{
    col_walk *w = arg;
    if (x->kind == EXPR_COLUMN || --w->budget == 0) {
        w->found = true;
        return SS_WALK_STOP;
    }
    return SS_WALK_CONTINUE;
}

/* Whether x reads no column (a pseudo-constant: constants, parameters, functions of them);
 * a very large expression counts as reading one. */
static bool pseudo_constant(const ss_expr *x)
{
    col_walk w = {4096, false};
    ss_expr_walk_const(x, find_column, &w, NULL);
    return !w.found;
}

static bool is_var(const ss_expr *x)
{
    return strip_casts(x)->kind == EXPR_COLUMN;
}

/* eqsel: x = y. */
static double eq_sel(ss_estimator *e, const ss_expr *x, const ss_expr *y)
{
    bool vx = is_var(x), vy = is_var(y);
    if (vx && pseudo_constant(y))
        return 1.0 / nd_of_expr(e, x, 0);
    if (vy && pseudo_constant(x))
        return 1.0 / nd_of_expr(e, y, 0);
    if (pseudo_constant(x) || pseudo_constant(y))
        return SS_DEFAULT_EQ_SEL;
    /* a join clause, or two expressions of one relation: eqjoinsel without statistics */
    double a = nd_of_expr(e, x, 0), b = nd_of_expr(e, y, 0);
    return 1.0 / (a > b ? a : b);
}

static double clamp_sel(double s)
{
    return s < 0 ? 0 : s > 1 ? 1 : s;
}

static double clause_sel(ss_estimator *e, const ss_expr *x, int depth);

/* For the range pairs of clauselist_selectivity: x is `column < const` or the like (either
 * way round); *col the column, *lower whether the constant is a lower bound. */
static bool range_clause(const ss_expr *x, const ss_expr **col, bool *lower)
{
    if (x->kind != EXPR_OP || !x->u.op.right)
        return false;
    ss_expr_op o = x->u.op.op;
    if (o != OP_LT && o != OP_LE && o != OP_GT && o != OP_GE)
        return false;
    bool var_left = is_var(x->u.op.left) && pseudo_constant(x->u.op.right);
    bool var_right = is_var(x->u.op.right) && pseudo_constant(x->u.op.left);
    if (!var_left && !var_right)
        return false;
    *col = strip_casts(var_left ? x->u.op.left : x->u.op.right);
    bool greater = o == OP_GT || o == OP_GE;
    *lower = var_left ? greater : !greater;
    return true;
}

/* clauselist_selectivity: the product of the clauses' selectivities, except that a column's
 * lower and upper bounds count once together, as DEFAULT_RANGE_INEQ_SEL. */
static double and_sel(ss_estimator *e, ss_expr *const *args, uint32_t n, int depth)
{
    double s = 1;
    for (uint32_t i = 0; i < n; i++) {
        const ss_expr *col;
        bool lower;
        if (!range_clause(args[i], &col, &lower)) {
            s *= clause_sel(e, args[i], depth + 1);
            continue;
        }
        /* the first range clause of its column decides for all of them */
        bool first = true, has_lower = lower, has_upper = !lower;
        for (uint32_t j = 0; j < n; j++) {
            const ss_expr *c2;
            bool l2;
            if (j == i || !range_clause(args[j], &c2, &l2) || c2->u.column.rel != col->u.column.rel ||
                c2->u.column.index != col->u.column.index)
                continue;
            if (j < i)
                first = false;
            has_lower |= l2;
            has_upper |= !l2;
        }
        if (first)
            s *= has_lower && has_upper ? SS_DEFAULT_RANGE_INEQ_SEL : SS_DEFAULT_INEQ_SEL;
    }
    return clamp_sel(s);
}

static double func_sel(const ss_expr *x)
{
    const char *name = x->u.func.def ? x->u.func.def->name : "";
    if (!strcmp(name, "like") || !strcmp(name, "textlike") || !strcmp(name, "ilike") || !strcmp(name, "texticlike"))
        return SS_DEFAULT_MATCH_SEL;
    if (!strcmp(name, "notlike") || !strcmp(name, "textnlike") || !strcmp(name, "notilike") ||
        !strcmp(name, "texticnlike"))
        return 1 - SS_DEFAULT_MATCH_SEL;
    return 1.0 / 3.0; /* function_selectivity's default */
}

static double clause_sel(ss_estimator *e, const ss_expr *x, int depth)
{
    if (depth > 64)
        return 0.5;
    switch (x->kind) {
    case EXPR_CONST:
        return x->u.cnst.is_null || !x->u.cnst.v.b ? 0 : 1;
    case EXPR_AND:
        return and_sel(e, x->u.list.args, x->u.list.nargs, depth);
    case EXPR_OR: {
        double s = 0;
        for (uint32_t i = 0; i < x->u.list.nargs; i++) {
            double s2 = clause_sel(e, x->u.list.args[i], depth + 1);
            s = s + s2 - s * s2;
        }
        return clamp_sel(s);
    }
    case EXPR_NOT:
        return clamp_sel(1 - clause_sel(e, x->u.arg, depth + 1));
    case EXPR_IS_NULL:
        return SS_DEFAULT_UNK_SEL;
    case EXPR_IS_NOT_NULL:
        return SS_DEFAULT_NOT_UNK_SEL;
    case EXPR_COLUMN:
        return 0.5; /* boolvarsel without statistics */
    case EXPR_FUNC:
        return func_sel(x);
    case EXPR_IN: {
        /* scalararraysel: the elements' equality selectivities added (they are distinct
           constants), <> ALL their complements' */
        double s = clamp_sel(x->u.in.nitems * (is_var(x->u.in.arg) ? 1.0 / nd_of_expr(e, x->u.in.arg, 0)
                                                                   : SS_DEFAULT_EQ_SEL));
        return x->u.in.negated ? 1 - s : s;
    }
    case EXPR_OP:
        if (!x->u.op.right)
            break;
        switch (x->u.op.op) {
        case OP_EQ:
            return clamp_sel(eq_sel(e, x->u.op.left, x->u.op.right));
        case OP_NE:
            return clamp_sel(1 - eq_sel(e, x->u.op.left, x->u.op.right));
        case OP_LT:
        case OP_LE:
        case OP_GT:
        case OP_GE:
            return SS_DEFAULT_INEQ_SEL;
        default:
            break;
        }
        break;
    default:
        break;
    }
    return 0.5; /* clause_selectivity's default for any other clause */
}

double ss_est_selectivity(ss_estimator *e, const ss_expr *pred)
{
    return pred ? clause_sel(e, pred, 0) : 1;
}

/* ---- rows ------------------------------------------------------------------------------- */

/* estimate_num_groups without statistics: the product of the groups' distinct values, at
 * most the input's rows. */
static double group_rows(ss_estimator *e, ss_expr *const *groups, uint32_t n, double in)
{
    double g = 1;
    for (uint32_t i = 0; i < n; i++)
        g *= nd_of_expr(e, groups[i], 0);
    return g > in ? in : g;
}

static double const_int(const ss_expr *x, bool *ok)
{
    *ok = x && x->kind == EXPR_CONST && !x->u.cnst.is_null;
    return *ok ? (double)x->u.cnst.v.i : 0;
}

static double rows_of(ss_estimator *e, const ss_lop *op)
{
    double in = op->nchildren ? ss_est_rows(e, op->children[0]) : 0;
    if (op->nchildren && in < 0)
        return -1;
    switch (op->kind) {
    case LOP_GET:
        return table_rows(op->u.get.table);
    case LOP_VALUES:
        return op->u.values.nrows;
    case LOP_FILTER:
        return in * ss_est_selectivity(e, op->u.filter.pred);
    case LOP_PROJECT:
    case LOP_SORT:
    case LOP_WINDOW:
    case LOP_UNIQUE: /* at most its input (DISTINCT ON's groups are not estimated) */
        return in;
    case LOP_CTE_SCAN: /* the WITH query's rows (children[0]) */
        return op->nchildren ? in : -1;
    case LOP_FUNCTION:        /* a set-returning function's rows are not estimated */
    case LOP_RECURSIVE_UNION: /* nor a recursion's rounds */
    case LOP_WORKTABLE_SCAN:
        return -1;
    case LOP_AGGREGATE:
        if (op->u.aggregate.ngroups == 0)
            return 1;
        return group_rows(e, op->u.aggregate.groups, op->u.aggregate.ngroups, in);
    case LOP_DISTINCT: {
        const ss_lop *c = op->children[0];
        double g = 1;
        for (uint32_t i = 0; i < c->ncols; i++)
            g *= c->rel ? nd_of_binding(e, c->rel, i, c->types[i], 0) : nd_of_rows(in, c->types[i]);
        return g > in ? in : g;
    }
    case LOP_LIMIT: {
        bool has_limit, has_offset;
        double limit = const_int(op->u.limit.limit, &has_limit), offset = const_int(op->u.limit.offset, &has_offset);
        double rows = has_offset && offset > 0 ? in - offset : in;
        if (rows < 0)
            rows = 0;
        return has_limit && limit >= 0 && limit < rows ? limit : rows;
    }
    case LOP_SETOP: {
        double r = ss_est_rows(e, op->children[1]);
        if (r < 0)
            return -1;
        if (op->u.setop.op == LSETOP_UNION)
            return in + r;
        return op->u.setop.op == LSETOP_INTERSECT ? (in < r ? in : r) : in;
    }
    case LOP_JOIN: {
        double r = ss_est_rows(e, op->children[1]);
        if (r < 0)
            return -1;
        double rows = in * r * ss_est_selectivity(e, op->u.join.cond);
        switch (op->u.join.type) {
        case SS_JOIN_INNER:
            return rows;
        case SS_JOIN_LEFT:
            return rows < in ? in : rows;
        case SS_JOIN_FULL:
            return rows < in ? (in < r ? r : in) : rows < r ? r : rows;
        default:
            return rows < in ? rows : in; /* a join that returns left rows at most once */
        }
    }
    }
    return -1;
}

double ss_est_rows(ss_estimator *e, const ss_lop *op)
{
    void *known;
    if (ss_ptrmap_get(&e->memo, op, &known))
        return *(double *)known;
    double rows = rows_of(e, op);
    if (rows >= 0)
        rows = ss_est_clamp(rows);
    else
        rows = -1;
    double *slot = ss_arena_alloc(e->arena, sizeof *slot);
    if (slot) { /* without memory the estimate is only not remembered */
        *slot = rows;
        ss_ptrmap_put(&e->memo, op, slot);
    }
    return rows;
}
