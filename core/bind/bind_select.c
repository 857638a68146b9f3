/* bind_select.c — plans a SELECT: scan → filter (WHERE) → aggregate (GROUP BY, aggregates)
 * → filter (HAVING) → project (targets + hidden sort keys) → aggregate (DISTINCT) → sort →
 * limit → project (drop hidden keys); then prunes the scan to the columns used. */
#include <stdint.h>
#include <string.h>

#include "exec/expr_walk.h"
#include "bind/binder_internal.h"
#include "types/cast.h"
#include "types/typeio.h"
#include "util/ptrmap.h"

typedef struct target_list {
    const ast_expr **asts;
    const char **names;
    ss_expr **exprs;
    int *locations;
    uint32_t n, cap, nvisible;
} target_list;

static int tl_add(binder *b, target_list *tl, const ast_expr *a, const char *name, ss_expr *e, int loc)
{
    if (tl->n == tl->cap) {
        uint32_t cap = tl->cap ? tl->cap * 2 : 16;
        const ast_expr **na = bind_alloc(b, cap * sizeof *na);
        const char **nn = bind_alloc(b, cap * sizeof *nn);
        ss_expr **ne = bind_alloc(b, cap * sizeof *ne);
        int *nl = bind_alloc(b, cap * sizeof *nl);
        if (!na || !nn || !ne || !nl)
            return SS_ERROR;
        if (tl->n) {
            memcpy(na, tl->asts, tl->n * sizeof *na);
            memcpy(nn, tl->names, tl->n * sizeof *nn);
            memcpy(ne, tl->exprs, tl->n * sizeof *ne);
            memcpy(nl, tl->locations, tl->n * sizeof *nl);
        }
        tl->asts = na, tl->names = nn, tl->exprs = ne, tl->locations = nl;
        tl->cap = cap;
    }
    tl->asts[tl->n] = a;
    tl->names[tl->n] = name;
    tl->exprs[tl->n] = e;
    tl->locations[tl->n] = loc;
    tl->n++;
    return SS_OK;
}

/* Expands * and binds every target. */
static int bind_targets(binder *b, const ast_select *s, target_list *tl)
{
    for (uint32_t i = 0; i < s->ntargets; i++) {
        const ast_target *t = &s->targets[i];
        if (t->expr->kind == AE_STAR) {
            if (!b->table)
                return bind_error(b, t->location, "42601", "SELECT * with no tables specified is not valid");
            if (t->expr->nnames == 1 && strcmp(t->expr->names[0], b->table_ref) != 0)
                return bind_error(b, t->expr->location, SS_SQLSTATE_UNDEFINED_TABLE,
                                  "missing FROM-clause entry for table \"%s\"", t->expr->names[0]);
            if (b->agg_mode && b->table->ncols && note_grouping_error(b, t->location, b->table->cols[0].name))
                return SS_ERROR;
            for (uint32_t c = 0; c < b->table->ncols; c++) {
                ss_expr *e = make_column(b, c, b->table->types[c]);
                if (!e || tl_add(b, tl, NULL, b->table->cols[c].name, e, t->location))
                    return SS_ERROR;
            }
            continue;
        }
        ss_expr *e = bind_expr(b, t->expr);
        if (e && !b->keep_unknown_targets)
            e = resolve_unknown(b, e, t->expr->location);
        if (!e || (!b->keep_unknown_targets && check_decimal_output(b, e, t->expr->location)))
            return SS_ERROR;
        if (tl_add(b, tl, t->expr, t->alias ? t->alias : figure_colname(t->expr), e, t->location))
            return SS_ERROR;
    }
    tl->nvisible = tl->n;
    return SS_OK;
}

/* PostgreSQL's equal() over two analysed select-list expressions, approximated on their
 * syntax (a column is the same whatever its qualifier: one table is in scope). */
static bool ast_eq(const ast_expr *x, const ast_expr *y, bool loose);

bool ast_equal(const ast_expr *x, const ast_expr *y)
{
    return ast_eq(x, y, false);
}

/* The same, looking through casts: one to the type a value already has disappears from
 * PostgreSQL's analysed tree (the bound trees tell a real cast apart). */
static bool ast_equal_loose(const ast_expr *x, const ast_expr *y)
{
    return ast_eq(x, y, true);
}

static bool ast_eq(const ast_expr *x, const ast_expr *y, bool loose)
{
    while (loose && x && x->kind == AE_CAST)
        x = x->args[0];
    while (loose && y && y->kind == AE_CAST)
        y = y->args[0];
    if (!x || !y)
        return x == y;
    if (x->kind != y->kind || x->negated != y->negated || x->nargs != y->nargs)
        return false;
    switch (x->kind) {
    case AE_COLUMN:
        return strcmp(x->names[x->nnames - 1], y->names[y->nnames - 1]) == 0;
    case AE_INT:
    case AE_PARAM:
        return x->ival == y->ival;
    case AE_NUMERIC:
    case AE_STRING:
        return strcmp(x->str, y->str) == 0;
    case AE_BOOL:
        return x->bval == y->bval;
    case AE_NULL:
        return true;
    case AE_OP:
        return strcmp(x->str, y->str) == 0 && ast_eq(x->left, y->left, loose) && ast_eq(x->right, y->right, loose);
    case AE_FUNC:
        if (strcmp(x->names[x->nnames - 1], y->names[y->nnames - 1]) != 0 || x->star != y->star ||
            x->distinct != y->distinct)
            return false;
        break;
    case AE_CAST:
        if (strcmp(x->type.name, y->type.name) != 0 || x->type.typmod != y->type.typmod)
            return false;
        break;
    case AE_CASE:
        if (x->nwhens != y->nwhens || !ast_eq(x->arg, y->arg, loose) || !ast_eq(x->els, y->els, loose))
            return false;
        for (uint32_t i = 0; i < x->nwhens; i++)
            if (!ast_eq(x->whens[i], y->whens[i], loose) || !ast_eq(x->thens[i], y->thens[i], loose))
                return false;
        break;
    default:
        break;
    }
    for (uint32_t i = 0; i < x->nargs; i++)
        if (!ast_eq(x->args[i], y->args[i], loose))
            return false;
    return true;
}

/* ORDER BY / GROUP BY items that are constants other than an integer (a position) are
 * refused, as PostgreSQL's findTargetlistEntrySQL92 does. */
static int check_position_constant(binder *b, const ast_expr *a, const char *clause)
{
    bool refused = a->kind == AE_NUMERIC || a->kind == AE_STRING || a->kind == AE_NULL || a->kind == AE_BOOL ||
                   (a->kind == AE_INT && (a->ival > INT32_MAX || a->ival < INT32_MIN));
    return refused ? bind_error(b, a->location, "42601", "non-integer constant in %s", clause) : SS_OK;
}

/* GROUP BY items may name output columns by position or alias, as in PostgreSQL. */
static const ast_expr *group_item(binder *b, const ast_select *s, const ast_expr *g)
{
    if (check_position_constant(b, g, "GROUP BY"))
        return NULL;
    if (g->kind == AE_INT) {
        if (g->ival < 1 || g->ival > s->ntargets) {
            bind_error(b, g->location, "42P10", "GROUP BY position %lld is not in select list", (long long)g->ival);
            return NULL;
        }
        return s->targets[g->ival - 1].expr;
    }
    if (g->kind == AE_COLUMN && g->nnames == 1) {
        bool is_input = false;
        if (b->table)
            for (uint32_t c = 0; c < b->table->ncols; c++)
                if (!strcmp(b->table->cols[c].name, g->names[0]))
                    is_input = true;
        /* else a select-list name (alias or FigureColname): two different expressions
           under it are ambiguous */
        const ast_expr *found = NULL;
        for (uint32_t i = 0; !is_input && i < s->ntargets; i++) {
            const ast_target *t = &s->targets[i];
            if (t->expr->kind == AE_STAR || strcmp(t->alias ? t->alias : figure_colname(t->expr), g->names[0]) != 0)
                continue;
            if (found && !ast_equal_loose(found, t->expr)) {
                bind_error(b, g->location, "42702", "GROUP BY \"%s\" is ambiguous", g->names[0]);
                return NULL;
            }
            if (!found)
                found = t->expr;
        }
        if (found)
            return found;
    }
    return g;
}

/* ORDER BY item → output column position, adding a hidden target when needed. */
static int order_item(binder *b, const ast_select *s, const ast_sort_item *it, target_list *tl, uint32_t *pos)
{
    const ast_expr *a = it->expr;
    if (check_position_constant(b, a, "ORDER BY"))
        return SS_ERROR;
    if (a->kind == AE_INT) {
        if (a->ival < 1 || a->ival > tl->nvisible)
            return bind_error(b, a->location, "42P10", "ORDER BY position %lld is not in select list",
                              (long long)a->ival);
        *pos = (uint32_t)a->ival - 1;
        return SS_OK;
    }
    if (a->kind == AE_COLUMN && a->nnames == 1) {
        int found = -1;
        for (uint32_t i = 0; i < tl->nvisible; i++)
            if (!strcmp(tl->names[i], a->names[0])) {
                /* PostgreSQL compares the analysed, unfolded expressions */
                bool same = found < 0 || (expr_equal(tl->exprs[found], tl->exprs[i]) &&
                                          (!tl->asts[found] || !tl->asts[i] ||
                                           ast_equal_loose(tl->asts[found], tl->asts[i])));
                if (!same)
                    return bind_error(b, a->location, "42702", "ORDER BY \"%s\" is ambiguous", a->names[0]);
                if (found < 0)
                    found = (int)i;
            }
        if (found >= 0) {
            *pos = (uint32_t)found;
            return SS_OK;
        }
    }
    ss_expr *e = bind_expr(b, a);
    if (!e || !(e = resolve_unknown(b, e, a->location)))
        return SS_ERROR;
    for (uint32_t i = 0; i < tl->n; i++)
        if (expr_equal(tl->exprs[i], e)) {
            *pos = i;
            return SS_OK;
        }
    if (s->distinct)
        return bind_error(b, a->location, "42P10", "for SELECT DISTINCT, ORDER BY expressions must appear in select list");
    *pos = tl->n;
    return tl_add(b, tl, a, "?column?", e, a->location);
}

/* ---- scan column pruning ------------------------------------------------------------ */

typedef struct remap_state {
    bool used[1600];
    uint32_t map[1600];
    ss_ptrmap seen;
} remap_state;

/* Marks the table columns e reads (each shared subtree once, as remap). */
static int mark_used(const ss_expr *e, void *arg)
{
    remap_state *r = arg;
    if (e->kind == EXPR_COLUMN)
        r->used[e->u.column.index] = true;
    return SS_WALK_CONTINUE;
}

/* Rewrites column indexes from table positions to scan output positions (each node once:
 * the binder shares subtrees, e.g. COALESCE's arguments). */
static int remap(ss_expr **slot, void *arg)
{
    remap_state *r = arg;
    ss_expr *e = *slot;
    if (e->kind == EXPR_COLUMN)
        e->u.column.index = r->map[e->u.column.index];
    return SS_WALK_CONTINUE;
}

static int walk_nomem(binder *b, int rc)
{
    if (rc == SS_WALK_NOMEM)
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

static int prune_scan(binder *b, ss_plan *scan, ss_expr **exprs, uint32_t n)
{
    remap_state *r = bind_alloc(b, sizeof *r);
    if (!r)
        return SS_ERROR;
    ss_ptrmap_init(&r->seen, b->arena);
    for (uint32_t i = 0; i < n; i++)
        if (walk_nomem(b, ss_expr_walk_const(exprs[i], mark_used, r, &r->seen)))
            return SS_ERROR;
    const ss_table *t = SS_PLAN_NODE_AS(scan, SS_NODE_SCAN, ss_scan_node)->table;
    uint32_t *cols = bind_alloc(b, sizeof(uint32_t) * (t->ncols ? t->ncols : 1));
    if (!cols)
        return SS_ERROR;
    uint32_t k = 0;
    for (uint32_t c = 0; c < t->ncols; c++)
        if (r->used[c]) {
            r->map[c] = k;
            cols[k++] = c;
        }
    ss_ptrmap_init(&r->seen, b->arena); /* remap visits every node once more */
    ss_expr_walker w = {.pre = remap, .arg = r, .seen = &r->seen};
    for (uint32_t i = 0; i < n; i++)
        if (walk_nomem(b, ss_expr_walk(&exprs[i], &w)))
            return SS_ERROR;
    return plan_scan_set_columns(&b->pb, scan, k, cols);
}

/* ---- VALUES as a query ------------------------------------------------------------- */

static int bind_values_query(binder *b, const ast_select *s, ss_bound_stmt *out)
{
    uint32_t nr = s->nvalues_rows, nc = s->nvalues_cols;
    ss_expr **exprs = bind_alloc(b, sizeof(ss_expr *) * nr * (nc ? nc : 1));
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (nc ? nc : 1));
    const char **names = bind_alloc(b, sizeof(char *) * (nc ? nc : 1));
    if (!exprs || !types || !names)
        return SS_ERROR;
    b->no_agg_context = "VALUES";
    for (uint32_t r = 0; r < nr; r++)
        for (uint32_t c = 0; c < nc; c++)
            if (!(exprs[r * nc + c] = bind_expr(b, s->values[r][c])))
                return SS_ERROR;
    for (uint32_t c = 0; c < nc; c++) {
        /* column type: the common type of the column's rows, unknown → text */
        ss_type t = type_of(SS_TYPE_UNKNOWN);
        for (uint32_t r = 0; r < nr; r++) {
            ss_expr *e = exprs[r * nc + c];
            if (e->type.id == SS_TYPE_UNKNOWN)
                continue;
            if (t.id == SS_TYPE_UNKNOWN)
                t = e->type;
            else if (t.id != e->type.id) {
                bool ti = ss_type_is_integer(t.id) || t.id == SS_TYPE_FLOAT8;
                bool ei = ss_type_is_integer(e->type.id) || e->type.id == SS_TYPE_FLOAT8;
                if (ti && ei)
                    t = type_of(t.id == SS_TYPE_FLOAT8 || e->type.id == SS_TYPE_FLOAT8 ? SS_TYPE_FLOAT8
                                : t.id == SS_TYPE_INT8 || e->type.id == SS_TYPE_INT8 ? SS_TYPE_INT8 : SS_TYPE_INT4);
                else if (ss_type_is_text(t.id) && ss_type_is_text(e->type.id))
                    t = type_of(SS_TYPE_TEXT);
                else {
                    char b1[96], b2[96];
                    return bind_error(b, s->values[r][c]->location, SS_SQLSTATE_DATATYPE_MISMATCH,
                                      "VALUES types %s and %s cannot be matched",
                                      ss_type_display_name(t, b1, sizeof b1),
                                      ss_type_display_name(e->type, b2, sizeof b2));
                }
            }
        }
        if (t.id == SS_TYPE_UNKNOWN)
            t = type_of(SS_TYPE_TEXT);
        bool genuine_float = false;
        for (uint32_t r = 0; r < nr; r++)
            genuine_float |= exprs[r * nc + c]->type.id == SS_TYPE_FLOAT8 && !decimal_text(b, exprs[r * nc + c]);
        for (uint32_t r = 0; r < nr; r++)
            if ((!genuine_float && check_decimal_output(b, exprs[r * nc + c], s->values[r][c]->location)) ||
                !(exprs[r * nc + c] = coerce_expr(b, exprs[r * nc + c], t, CAST_IMPLICIT,
                                                  s->values[r][c]->location)))
                return SS_ERROR;
        types[c] = t;
        names[c] = ss_arena_printf(b->arena, "column%u", c + 1);
    }
    ss_plan *v = plan_values(&b->pb, nc, types, names, nr, (const ss_expr *const *)exprs);
    if (!v)
        return SS_ERROR;
    out->plan = v;
    out->ncols = nc;
    out->col_types = types;
    out->col_names = names;
    return SS_OK;
}

/* ---- LIMIT / OFFSET ---------------------------------------------------------------- */

/* The location of the first column reference in a (PostgreSQL's locate_var_of_level walk
 * order), or -1. */
static int first_column_location(const ast_expr *a)
{
    if (!a)
        return -1;
    if (a->kind == AE_COLUMN)
        return a->location;
    int loc = first_column_location(a->left);
    if (loc < 0)
        loc = first_column_location(a->right);
    for (uint32_t i = 0; loc < 0 && i < a->nargs; i++)
        loc = first_column_location(a->args[i]);
    if (loc < 0)
        loc = first_column_location(a->arg);
    for (uint32_t i = 0; loc < 0 && i < a->nwhens; i++)
        if ((loc = first_column_location(a->whens[i])) < 0)
            loc = first_column_location(a->thens[i]);
    if (loc < 0)
        loc = first_column_location(a->els);
    return loc;
}

static ss_expr *bind_limit_expr(binder *b, const ast_expr *a, const char *clause)
{
    b->no_agg_context = clause;
    agg_state *saved_agg = b->agg;
    bool saved_mode = b->agg_mode;
    b->agg = NULL;
    b->agg_mode = false;
    /* columns resolve (unknown ones are 42703), then PostgreSQL's checkExprIsVarFree */
    ss_expr *e = bind_expr(b, a);
    b->agg = saved_agg;
    b->agg_mode = saved_mode;
    if (!e)
        return NULL;
    int var = first_column_location(a);
    if (var >= 0) {
        bind_error(b, var, "42P10", "argument of %s must not contain variables", clause);
        return NULL;
    }
    if (e->type.id != SS_TYPE_UNKNOWN && !ss_cast_exists(e->type, type_of(SS_TYPE_INT8), CAST_ASSIGNMENT)) {
        char tn[96];
        bind_error(b, expr_location(a), SS_SQLSTATE_DATATYPE_MISMATCH, "argument of %s must be type bigint, not type %s",
                   clause, ss_type_display_name(type_of(e->type.id), tn, sizeof tn));
        return NULL;
    }
    return coerce_expr(b, e, type_of(SS_TYPE_INT8), CAST_ASSIGNMENT, a->location);
}

/* Puts a limit node for s's LIMIT / OFFSET (if any) on *top; their expressions are evaluated
 * at each execution (they may hold parameters). */
static int stack_limit(binder *b, const ast_select *s, ss_bound_stmt *out, ss_plan **top)
{
    if (!s->limit && !s->offset)
        return SS_OK;
    ss_expr *limit = NULL, *offset = NULL;
    if (s->limit && s->limit->kind != AE_NULL && !(limit = bind_limit_expr(b, s->limit, "LIMIT")))
        return SS_ERROR;
    if (s->offset && !(offset = bind_limit_expr(b, s->offset, "OFFSET")))
        return SS_ERROR;
    ss_plan *l = plan_limit(&b->pb, *top, limit, offset);
    if (!l)
        return SS_ERROR;
    *top = l;
    return SS_OK;
}

/* ---- the query ---------------------------------------------------------------------- */

/* A WHERE/HAVING qualification treats NULL as FALSE: PostgreSQL folds a NULL constant, or a
 * top-level AND with one, to FALSE before running anything (so nothing else is evaluated). */
/* PostgreSQL's estimate of evaluating e per row (cost_qual_eval, in cpu_operator_cost
 * units): one per operator or function; a conversion through text (CoerceViaIO) two, a
 * binary-compatible one or an integer widening (PostgreSQL has cross-type integer operators)
 * none; columns, constants and parameters none.  x IN (n items) is a ScalarArrayOpExpr:
 * n * 0.5, or, for a constant list of at least 9 items that PostgreSQL probes in a hash table
 * (MIN_ARRAY_SIZE_FOR_HASHED_SAOP, decided before quals are ordered), one hash function and
 * one operator.  Counted in half units. */
static uint32_t qual_cost(const ss_expr *e)
{
    if (!e)
        return 0;
    uint32_t c = 0; /* e's own cost */
    switch (e->kind) {
    case EXPR_CONST:
    case EXPR_COLUMN:
    case EXPR_PARAM:
    case EXPR_AND:
    case EXPR_OR:
    case EXPR_NOT:
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
    case EXPR_CASE:
        break;
    case EXPR_OP:
    case EXPR_FUNC:
        c = 2;
        break;
    case EXPR_CAST: {
        int32_t from = e->u.cast.arg->type.id, to = e->type.id;
        if (ss_type_is_text(from) && ss_type_is_text(to))
            c = e->type.typmod >= 0 ? 2 : 0; /* varchar(n) length coercion is a function */
        else if (ss_type_is_text(from) || ss_type_is_text(to) || from == SS_TYPE_UNKNOWN)
            c = 4;
        else if (ss_type_is_integer(from) && ss_type_is_integer(to) && e->u.cast.mode == CAST_IMPLICIT)
            c = 0;
        else
            c = 2;
        break;
    }
    case EXPR_IN: /* its items (constants, parameters) cost nothing themselves */
        c = e->u.in.set && e->u.in.nitems >= 9 ? 4 : e->u.in.nitems;
        break;
    }
    uint32_t n = ss_expr_nchildren(e);
    for (uint32_t i = 0; i < n; i++)
        c += qual_cost(ss_expr_child_const(e, i));
    return c;
}

static uint32_t count_conjuncts(const ss_expr *e)
{
    if (e->kind != EXPR_AND)
        return 1;
    uint32_t n = 0;
    for (uint32_t i = 0; i < e->u.list.nargs; i++)
        n += count_conjuncts(e->u.list.args[i]);
    return n;
}

static void flatten_conjuncts(ss_expr *e, ss_expr **out, uint32_t *n)
{
    if (e->kind != EXPR_AND) {
        out[(*n)++] = e;
        return;
    }
    for (uint32_t i = 0; i < e->u.list.nargs; i++)
        flatten_conjuncts(e->u.list.args[i], out, n);
}

/* A WHERE or HAVING is a list of conjuncts (nested ANDs flattened, BETWEEN's too) that
 * PostgreSQL evaluates cheapest first (order_qual_clauses, a stable sort), each only on the
 * rows the earlier ones passed: which rows reach an expression that can fail depends on it.
 * A predicate with a pending folding error fails anyway and is left as it is. */
/* Whether evaluating e can raise an error at some row (conservatively: true unless e is built
 * only from columns, constants, parameters, comparisons, boolean logic, integer widening and
 * integer % or / by a constant that cannot fail). */
static bool can_fail(const ss_expr *e)
{
    if (!e)
        return false;
    switch (e->kind) {
    case EXPR_CONST:
    case EXPR_COLUMN:
    case EXPR_PARAM:
        return false;
    case EXPR_OP: {
        const ss_expr *r = e->u.op.right;
        switch (e->u.op.op) {
        case OP_EQ:
        case OP_NE:
        case OP_LT:
        case OP_LE:
        case OP_GT:
        case OP_GE:
            return can_fail(e->u.op.left) || can_fail(r);
        case OP_MOD:
        case OP_DIV: {
            /* integer x % c never fails for c <> 0 (PostgreSQL special-cases -1); x / c only
               overflows for c = -1 */
            bool safe = ss_type_is_integer(e->type.id) && r && r->kind == EXPR_CONST && !r->u.cnst.is_null &&
                        r->u.cnst.v.i != 0 && (e->u.op.op == OP_MOD || r->u.cnst.v.i != -1);
            return !safe || can_fail(e->u.op.left);
        }
        default:
            return true;
        }
    }
    case EXPR_AND:
    case EXPR_OR:
        for (uint32_t i = 0; i < e->u.list.nargs; i++)
            if (can_fail(e->u.list.args[i]))
                return true;
        return false;
    case EXPR_NOT:
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
        return can_fail(e->u.arg);
    case EXPR_CAST: {
        int32_t from = e->u.cast.arg->type.id, to = e->type.id;
        bool widening = ss_type_is_integer(from) &&
                        ((ss_type_is_integer(to) && ss_type_width(to) >= ss_type_width(from)) || to == SS_TYPE_FLOAT8);
        return !widening || can_fail(e->u.cast.arg);
    }
    case EXPR_IN:
        return can_fail(e->u.in.arg);
    case EXPR_FUNC:
    case EXPR_CASE:
        return true;
    }
    return true;
}

static ss_expr *order_quals(binder *b, ss_expr *pred)
{
    if (pred->kind != EXPR_AND || has_deferred(b, pred))
        return pred;
    /* the order is observable only through which error is raised: when no conjunct can fail,
       the written order stays (the user's, often the more selective test first) */
    bool observable = false;
    for (uint32_t i = 0; !observable && i < pred->u.list.nargs; i++)
        observable = can_fail(pred->u.list.args[i]);
    if (!observable)
        return pred;
    uint32_t n = count_conjuncts(pred), k = 0;
    ss_expr **args = bind_alloc(b, n * sizeof *args);
    uint32_t *cost = bind_alloc(b, n * sizeof *cost);
    ss_expr *e = bind_alloc(b, sizeof *e);
    if (!args || !cost || !e)
        return NULL;
    memset(e, 0, sizeof *e);
    e->kind = EXPR_AND;
    e->type = type_of(SS_TYPE_BOOL);
    flatten_conjuncts(pred, args, &k);
    for (uint32_t i = 0; i < n; i++) {
        ss_expr *x = args[i];
        uint32_t c = qual_cost(x), j = i;
        for (; j > 0 && cost[j - 1] > c; j--) {
            args[j] = args[j - 1];
            cost[j] = cost[j - 1];
        }
        args[j] = x;
        cost[j] = c;
    }
    e->u.list.nargs = n;
    e->u.list.args = args;
    return e;
}

static ss_expr *fold_qual(binder *b, ss_expr *pred)
{
    bool never = pred->kind == EXPR_CONST && pred->u.cnst.is_null;
    for (uint32_t i = 0; pred->kind == EXPR_AND && i < pred->u.list.nargs; i++) {
        const ss_expr *a = pred->u.list.args[i];
        never |= a->kind == EXPR_CONST && (a->u.cnst.is_null || !a->u.cnst.v.b);
    }
    if (!never)
        return order_quals(b, pred);
    /* PostgreSQL has folded the conjuncts before the constant: their errors come first */
    if (raise_deferred_in(b, pred))
        return NULL;
    ss_expr *f = make_null(b, type_of(SS_TYPE_BOOL));
    if (f) {
        f->u.cnst.is_null = false;
        f->u.cnst.v.b = false;
    }
    return f;
}

/* Replaces the input of a filter whose predicate is constant FALSE by an empty VALUES of the
 * same schema, so nothing below it runs (or raises errors). */
static int cut_false_filter(binder *b, ss_plan *filter)
{
    const ss_expr *p = SS_PLAN_NODE_AS(filter, SS_NODE_FILTER, ss_filter_node)->predicate;
    if (p->kind != EXPR_CONST || p->u.cnst.is_null || p->u.cnst.v.b)
        return SS_OK;
    const ss_plan *child = filter->children[0];
    ss_plan *empty = plan_values(&b->pb, child->ncols, child->col_types, child->col_names, 0, NULL);
    if (!empty)
        return SS_ERROR;
    plan_set_child(filter, 0, empty);
    return SS_OK;
}

/* Marks the columns of an aggregate's output that e reads. */
typedef struct agg_refs {
    bool *used;
    uint32_t n;
} agg_refs;

static int mark_agg_refs(const ss_expr *e, void *arg)
{
    agg_refs *r = arg;
    if (e->kind == EXPR_COLUMN && e->u.column.index < r->n)
        r->used[e->u.column.index] = true;
    return SS_WALK_CONTINUE;
}

/* An aggregate that folding left unreferenced (NULL + sum(x), a dead CASE branch) is not
 * computed by PostgreSQL, so its argument never raises an error: it aggregates a NULL
 * constant instead (column numbers stay as they are).  Folding errors inside its argument
 * are raised first, as PostgreSQL folds the argument before the expression around it. */
static int drop_unused_aggregates(binder *b, agg_state *st, const target_list *tl, const ss_expr *having)
{
    uint32_t n = st->ngroups + st->naggs;
    bool *used = bind_alloc(b, n ? n : 1);
    if (!used)
        return SS_ERROR;
    memset(used, 0, n ? n : 1);
    agg_refs refs = {used, n};
    for (uint32_t i = 0; i < tl->n; i++)
        ss_expr_walk_const(tl->exprs[i], mark_agg_refs, &refs, NULL);
    ss_expr_walk_const(having, mark_agg_refs, &refs, NULL);
    for (uint32_t i = 0; i < st->naggs; i++) {
        ss_agg_call *agg = &st->aggs[i];
        if (used[st->ngroups + i] || !agg->arg)
            continue;
        if (raise_deferred_in(b, agg->arg))
            return SS_ERROR;
        ss_expr *null_arg = make_null(b, agg->arg->type);
        if (!null_arg)
            return SS_ERROR;
        agg->arg = null_arg;
    }
    return SS_OK;
}

/* PostgreSQL analyses the select list, WHERE, HAVING and ORDER BY before GROUP BY: a first
 * pass over them (grouping not checked, nothing folded, nothing kept) reports their errors
 * first. */
static int analyse_before_group_by(binder *b, const ast_select *s)
{
    agg_state scratch;
    memset(&scratch, 0, sizeof scratch);
    int saved_loc[2] = {b->grouping_loc[0], b->grouping_loc[1]};
    const char *saved_msg[2] = {b->grouping_msg[0], b->grouping_msg[1]};
    uint32_t saved_deferred = b->ndeferred;
    const char *saved_context = b->no_agg_context;
    b->dead_code++;
    int rc = SS_OK;
    b->agg = &scratch;
    b->agg_mode = true;
    target_list tl;
    memset(&tl, 0, sizeof tl);
    rc = bind_targets(b, s, &tl);
    if (rc == SS_OK && s->where) {
        b->agg = NULL;
        b->agg_mode = false;
        b->no_agg_context = "WHERE";
        if (!bind_bool_expr(b, s->where, "WHERE"))
            rc = SS_ERROR;
        b->agg = &scratch;
        b->agg_mode = true;
    }
    if (rc == SS_OK && s->having) {
        b->in_having = true;
        if (!bind_bool_expr(b, s->having, "HAVING"))
            rc = SS_ERROR;
        b->in_having = false;
    }
    for (uint32_t i = 0; rc == SS_OK && i < s->norder; i++) {
        uint32_t pos;
        rc = order_item(b, s, &s->order_by[i], &tl, &pos);
    }
    b->agg = NULL;
    b->agg_mode = false;
    b->no_agg_context = saved_context;
    b->dead_code--;
    b->ndeferred = saved_deferred;
    for (int k = 0; k < 2; k++) {
        b->grouping_loc[k] = saved_loc[k];
        b->grouping_msg[k] = saved_msg[k];
    }
    return rc;
}

/* ORDER BY, LIMIT and OFFSET of a VALUES list: sort keys name an output column by position
 * or by name (column1, ...); other sort expressions are refused. */
static int bind_values_order_limit(binder *b, const ast_select *s, ss_bound_stmt *out)
{
    ss_plan *top = out->plan;
    if (s->norder) {
        ss_sort_key *keys = bind_alloc(b, sizeof(ss_sort_key) * s->norder);
        if (!keys)
            return SS_ERROR;
        for (uint32_t i = 0; i < s->norder; i++) {
            const ast_sort_item *it = &s->order_by[i];
            const ast_expr *a = it->expr;
            int64_t pos = -1;
            if (a->kind == AE_INT) {
                if (a->ival < 1 || a->ival > out->ncols)
                    return bind_error(b, a->location, "42P10", "ORDER BY position %lld is not in select list",
                                      (long long)a->ival);
                pos = a->ival - 1;
            } else if (a->kind == AE_COLUMN && a->nnames == 1) {
                for (uint32_t c = 0; pos < 0 && c < out->ncols; c++)
                    if (!strcmp(out->col_names[c], a->names[0]))
                        pos = c;
                if (pos < 0)
                    return bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" does not exist",
                                      a->names[0]);
            } else {
                return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                  "feature not supported: ORDER BY expressions on VALUES (only output columns)");
            }
            keys[i].column = (uint32_t)pos;
            keys[i].descending = it->descending;
            keys[i].nulls_first = it->nulls ? it->nulls == 1 : it->descending;
        }
        if (!(top = plan_sort(&b->pb, top, s->norder, keys)))
            return SS_ERROR;
    }
    if (stack_limit(b, s, out, &top))
        return SS_ERROR;
    out->plan = top;
    return SS_OK;
}

int bind_select(binder *b, const ast_select *s, ss_bound_stmt *out)
{
    if (s->values)
        return bind_values_query(b, s, out) ? SS_ERROR : bind_values_order_limit(b, s, out);

    ss_plan *scan = NULL, *top;
    if (s->from_table) {
        ss_table *t = ss_catalog_find(&b->db->catalog, s->from_table);
        if (!t)
            return bind_error(b, s->from_location, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist",
                              s->from_table);
        b->table = t;
        b->table_ref = s->from_alias ? s->from_alias : t->name;
        if (!(scan = plan_scan(&b->pb, t, 0, NULL)))
            return SS_ERROR;
        top = scan;
    } else {
        /* no FROM: one row with no columns */
        if (!(top = plan_values(&b->pb, 0, NULL, NULL, 1, NULL)))
            return SS_ERROR;
    }

    /* every expression evaluated over the scan's output, for pruning */
    ss_expr **input_exprs = NULL;
    uint32_t ninput = 0;
    ss_plan *where_filter = NULL, *having_filter = NULL;

    bool is_agg = s->ngroup || s->having;
    for (uint32_t i = 0; !is_agg && i < s->ntargets; i++)
        is_agg = ast_has_aggregate(s->targets[i].expr);
    for (uint32_t i = 0; !is_agg && i < s->norder; i++)
        is_agg = ast_has_aggregate(s->order_by[i].expr);

    target_list tl;
    memset(&tl, 0, sizeof tl);
    agg_state *st = NULL;
    ss_plan *agg_node = NULL;
    if (is_agg) {
        st = bind_alloc(b, sizeof *st);
        if (!st)
            return SS_ERROR;
        st->groups = bind_alloc(b, sizeof(ss_expr *) * (s->ngroup ? s->ngroup : 1));
        st->group_asts = bind_alloc(b, sizeof(ast_expr *) * (s->ngroup ? s->ngroup : 1));
        if (!st->groups || !st->group_asts)
            return SS_ERROR;
        if (s->ngroup && analyse_before_group_by(b, s))
            return SS_ERROR;
        b->no_agg_context = "GROUP BY";
        for (uint32_t i = 0; i < s->ngroup; i++) {
            const ast_expr *g = group_item(b, s, s->group_by[i]);
            ss_expr *e = g ? bind_expr(b, g) : NULL;
            if (!e || !(e = resolve_unknown(b, e, g->location)))
                return SS_ERROR;
            st->group_asts[st->ngroups] = g;
            st->groups[st->ngroups++] = e;
        }
        b->agg = st;
        b->agg_mode = true;
    } else {
        b->no_agg_context = "this context";
    }
    if (bind_targets(b, s, &tl))
        return SS_ERROR;
    ss_expr *having = NULL;
    b->in_having = true;
    if (s->having && (!(having = bind_bool_expr(b, s->having, "HAVING")) || !(having = fold_qual(b, having))))
        return SS_ERROR;
    b->in_having = false;
    ss_sort_key *keys = bind_alloc(b, sizeof(ss_sort_key) * (s->norder ? s->norder : 1));
    if (!keys)
        return SS_ERROR;
    for (uint32_t i = 0; i < s->norder; i++) {
        uint32_t pos = 0;
        if (order_item(b, s, &s->order_by[i], &tl, &pos))
            return SS_ERROR;
        keys[i].column = pos;
        keys[i].descending = s->order_by[i].descending;
        keys[i].nulls_first = s->order_by[i].nulls ? s->order_by[i].nulls == 1 : s->order_by[i].descending;
    }
    b->agg_mode = false;

    /* WHERE is bound after the select list, in PostgreSQL's order (which error is reported
       first depends on it), without aggregates */
    if (s->where) {
        agg_state *saved = b->agg;
        b->agg = NULL;
        b->no_agg_context = "WHERE";
        ss_expr *pred = bind_bool_expr(b, s->where, "WHERE");
        b->agg = saved;
        if (!pred || !(pred = fold_qual(b, pred)) || !(where_filter = plan_filter(&b->pb, top, pred)))
            return SS_ERROR;
        top = where_filter;
    }
    if (raise_grouping_error(b))
        return SS_ERROR;
    if (is_agg && drop_unused_aggregates(b, st, &tl, having))
        return SS_ERROR;

    if (is_agg) {
        agg_node = plan_aggregate(&b->pb, top, st->ngroups, (const ss_expr *const *)st->groups, st->naggs, st->aggs,
                                  NULL);
        if (!agg_node)
            return SS_ERROR;
        uint32_t n = st->ngroups + st->naggs;
        top = agg_node;
        if (having) {
            if (!(having_filter = plan_filter(&b->pb, top, having)))
                return SS_ERROR;
            top = having_filter;
        }
        input_exprs = bind_alloc(b, sizeof(ss_expr *) * (n + 1));
        if (!input_exprs)
            return SS_ERROR;
        for (uint32_t i = 0; i < st->ngroups; i++)
            input_exprs[ninput++] = st->groups[i];
        for (uint32_t i = 0; i < st->naggs; i++)
            if (st->aggs[i].arg)
                input_exprs[ninput++] = (ss_expr *)st->aggs[i].arg;
    } else {
        input_exprs = bind_alloc(b, sizeof(ss_expr *) * (tl.n + 1));
        if (!input_exprs)
            return SS_ERROR;
        for (uint32_t i = 0; i < tl.n; i++)
            input_exprs[ninput++] = tl.exprs[i];
    }
    if (where_filter)
        input_exprs[ninput++] = (ss_expr *)SS_PLAN_NODE_AS(where_filter, SS_NODE_FILTER, ss_filter_node)->predicate;

    /* project the targets (plus hidden sort keys) */
    ss_plan *proj = plan_project(&b->pb, top, tl.n, (const ss_expr *const *)tl.exprs, tl.names);
    if (!proj)
        return SS_ERROR;
    const ss_type *ptypes = proj->col_types;
    top = proj;

    if (s->distinct) {
        ss_expr **cols = bind_alloc(b, sizeof(ss_expr *) * (tl.n ? tl.n : 1));
        if (!cols)
            return SS_ERROR;
        for (uint32_t i = 0; i < tl.n; i++)
            if (!(cols[i] = make_column(b, i, ptypes[i])))
                return SS_ERROR;
        if (!(top = plan_aggregate(&b->pb, top, tl.n, (const ss_expr *const *)cols, 0, NULL, tl.names)))
            return SS_ERROR;
    }
    if (s->norder && !(top = plan_sort(&b->pb, top, s->norder, keys)))
        return SS_ERROR;
    if (stack_limit(b, s, out, &top))
        return SS_ERROR;
    if (tl.n > tl.nvisible) {
        ss_expr **cols = bind_alloc(b, sizeof(ss_expr *) * (tl.nvisible ? tl.nvisible : 1));
        if (!cols)
            return SS_ERROR;
        for (uint32_t i = 0; i < tl.nvisible; i++)
            if (!(cols[i] = make_column(b, i, ptypes[i])))
                return SS_ERROR;
        if (!(top = plan_project(&b->pb, top, tl.nvisible, (const ss_expr *const *)cols, tl.names)))
            return SS_ERROR;
    }
    if (scan && prune_scan(b, scan, input_exprs, ninput))
        return SS_ERROR;
    /* a WHERE or HAVING folded to FALSE reads nothing, as PostgreSQL's one-time filter;
       PostgreSQL has folded every expression before that, so their errors come first */
    if ((where_filter || having_filter) && raise_deferred_folds(b, top))
        return SS_ERROR;
    if (where_filter && cut_false_filter(b, where_filter))
        return SS_ERROR;
    if (having_filter && cut_false_filter(b, having_filter))
        return SS_ERROR;
    /* filters pass their child's schema through: refresh after pruning */
    if (where_filter)
        plan_refresh_output(where_filter);
    out->plan = top;
    out->ncols = tl.nvisible;
    out->col_types = (ss_type *)ptypes;
    out->col_names = tl.names;
    return SS_OK;
}
