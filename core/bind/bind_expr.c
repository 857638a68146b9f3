/* bind_expr.c — binds AST expressions to typed ss_expr trees: the entry (bind_expr, which
 * dispatches one AST node to the file that binds its kind) and what is shared by all of them:
 * errors, node constructors, expression equality and error locations, boolean lists,
 * CASE and COALESCE.  The rest, in PostgreSQL's parse_coerce / parse_oper / parse_func /
 * clauses manner: bind_literal.c (literals, columns, parameters), bind_coerce.c (coercion,
 * casts, common types), bind_oper.c (operators, LIKE, BETWEEN, IN), bind_func.c (functions),
 * bind_agg.c (aggregates, grouping), bind_fold.c (constant folding, deferred errors),
 * bind_names.c (output column names). */
#include <stdarg.h>
#include <string.h>

#include "exec/expr_walk.h"
#include "bind/binder_internal.h"
#include "types/record/record.h"

int bind_error(binder *b, int location, const char *sqlstate, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ss_ctx_verror(b->ctx, sqlstate, fmt, ap);
    va_end(ap);
    if (location >= 0)
        ss_ctx_error_position(b->ctx, location + 1);
    return SS_ERROR;
}

void *bind_alloc(binder *b, size_t n)
{
    void *p = ss_arena_alloc(b->arena, n);
    if (!p)
        ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return p;
}

ss_type type_of(int32_t id)
{
    ss_type t = {id, -1};
    return t;
}

ss_expr *new_expr(binder *b, ss_expr_kind kind, ss_type type)
{
    ss_expr *e = bind_alloc(b, sizeof *e);
    if (e) {
        e->kind = kind;
        e->type = type;
    }
    return e;
}

ss_expr *make_column(binder *b, uint32_t rel, uint32_t index, ss_type type)
{
    ss_expr *e = new_expr(b, EXPR_COLUMN, type);
    if (e) {
        e->u.column.rel = rel;
        e->u.column.index = index;
    }
    return e;
}

ss_expr *make_null(binder *b, ss_type type)
{
    ss_expr *e = new_expr(b, EXPR_CONST, type);
    if (e)
        e->u.cnst.is_null = true;
    return e;
}

/* Whether pred holds for e or any node below it (every AST child: operands, arguments,
 * CASE arms). */
bool ast_any(const ast_expr *e, bool (*pred)(const ast_expr *))
{
    if (!e)
        return false;
    if (pred(e))
        return true;
    if (ast_any(e->left, pred) || ast_any(e->right, pred) || ast_any(e->arg, pred) || ast_any(e->els, pred))
        return true;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (ast_any(e->args[i], pred))
            return true;
    for (uint32_t i = 0; i < e->nwhens; i++)
        if (ast_any(e->whens[i], pred) || ast_any(e->thens[i], pred))
            return true;
    return false;
}

/* An AST node that reads the query's input: a column, a parameter or a subquery. */
bool ast_reads_input(const ast_expr *e)
{
    return e->kind == AE_COLUMN || e->kind == AE_PARAM || e->kind == AE_SUBLINK;
}

bool expr_equal(const ss_expr *a, const ss_expr *b)
{
    if (a == b)
        return true;
    if (!a || !b || a->kind != b->kind || a->type.id != b->type.id || a->type.typmod != b->type.typmod)
        return false;
    /* what a node holds besides its children */
    switch (a->kind) {
    case EXPR_CONST:
        if (a->u.cnst.is_null || b->u.cnst.is_null)
            return a->u.cnst.is_null == b->u.cnst.is_null;
        /* by the member the type's value lives in: the bytes of a variable-length value
           (text, numeric's encoding, an array, ...), the bits of a float */
        if (ss_type_is_array(a->type.id) || ss_type_storage(a->type.id) == SS_TYPE_TEXT)
            return a->u.cnst.v.s.len == b->u.cnst.v.s.len &&
                   memcmp(a->u.cnst.v.s.ptr, b->u.cnst.v.s.ptr, a->u.cnst.v.s.len) == 0;
        switch (ss_type_storage(a->type.id)) {
        case SS_TYPE_FLOAT8: return memcmp(&a->u.cnst.v.f, &b->u.cnst.v.f, sizeof(double)) == 0;
        case SS_TYPE_BOOL: return a->u.cnst.v.b == b->u.cnst.v.b;
        default: return a->u.cnst.v.i == b->u.cnst.v.i;
        }
    case EXPR_COLUMN:
        return a->u.column.rel == b->u.column.rel && a->u.column.index == b->u.column.index;
    case EXPR_PARAM:
        return a->u.param.index == b->u.param.index;
    case EXPR_OP:
        if (a->u.op.op != b->u.op.op)
            return false;
        break;
    case EXPR_AND:
    case EXPR_OR:
    case EXPR_NOT:
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
    case EXPR_CASE:
        break;
    case EXPR_CAST:
        if (a->u.cast.mode != b->u.cast.mode)
            return false;
        break;
    case EXPR_FUNC:
        if (a->u.func.def != b->u.func.def || a->u.func.variadic != b->u.func.variadic)
            return false;
        break;
    case EXPR_IN:
        if (a->u.in.negated != b->u.in.negated)
            return false;
        break;
    case EXPR_SUBLINK:
        /* one spelling of a subquery binds alike wherever it is in one query (select list,
           ORDER BY, GROUP BY); its inputs (outer columns, ANY's left operands) follow */
        if (a->u.sub.kind != b->u.sub.kind || a->u.sub.ncorr != b->u.sub.ncorr || !a->u.sub.key ||
            !b->u.sub.key || strcmp(a->u.sub.key, b->u.sub.key) != 0)
            return false;
        break;
    case EXPR_SET_PARAM:
        return false; /* the same subquery is the same node (a == b above) */
    }
    uint32_t n = ss_expr_nchildren(a);
    if (n != ss_expr_nchildren(b))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        /* COALESCE's WHEN x IS NOT NULL THEN x shares x: equal WHENs mean equal THENs, and
           comparing x again would make nested COALESCEs exponential (the WHEN, child i - 1,
           has been compared) */
        if (a->kind == EXPR_CASE && i % 2 == 1 && i < 2 * a->u.kase.nwhen) {
            const ss_expr *wa = a->u.kase.whens[i / 2], *wb = b->u.kase.whens[i / 2];
            if (wa->kind == EXPR_IS_NOT_NULL && wa->u.arg == a->u.kase.thens[i / 2] &&
                wb->u.arg == b->u.kase.thens[i / 2])
                continue;
        }
        if (!expr_equal(ss_expr_child_const(a, i), ss_expr_child_const(b, i)))
            return false;
    }
    return true;
}

bool is_null_const(const ss_expr *e)
{
    return e && e->kind == EXPR_CONST && e->u.cnst.is_null;
}

static int leftmost(int a, int b)
{
    return a < 0 ? b : b < 0 ? a : a < b ? a : b;
}

/* Where PostgreSQL reports an error about a whole expression (exprLocation of the analysed
 * tree): an operator, cast, test or boolean combination starts at its leftmost operand. */
int expr_location(const ast_expr *a)
{
    switch (a->kind) {
    case AE_OP:
    case AE_ARRAY_CMP:
    case AE_SUBSCRIPT:
    case AE_FIELD:
        return a->left ? leftmost(a->location, expr_location(a->left)) : a->location;
    case AE_AND:
    case AE_OR:
    case AE_NOT:
    case AE_IS_NULL:
    case AE_IS_NOT_NULL:
    case AE_BOOLTEST:
    case AE_CAST:
    case AE_BETWEEN:
    case AE_IN_LIST:
    case AE_SUBLINK: /* ANY / ALL: from the left operand */
    case AE_DISTINCT:
        return a->nargs ? leftmost(a->location, expr_location(a->args[0])) : a->location;
    default:
        return a->location;
    }
}

/* x IS [NOT] TRUE / FALSE / UNKNOWN, never NULL: the UNKNOWN ones are x IS [NOT] NULL, the
 * others CASE WHEN x (or NOT x) THEN the answer for a match ELSE the other END, which sends
 * NULL to the ELSE as PostgreSQL's BooleanTest does. */
static ss_expr *bind_booltest(binder *b, const ast_expr *a)
{
    static const char *const names[] = {"IS TRUE", "IS NOT TRUE", "IS FALSE", "IS NOT FALSE", "IS UNKNOWN",
                                        "IS NOT UNKNOWN"};
    ast_booltest test = (ast_booltest)a->ival;
    ss_expr *arg = bind_bool_expr(b, a->args[0], names[test]);
    if (!arg)
        return NULL;
    if (test == AST_IS_UNKNOWN || test == AST_IS_NOT_UNKNOWN) {
        ss_expr *e = new_expr(b, test == AST_IS_UNKNOWN ? EXPR_IS_NULL : EXPR_IS_NOT_NULL, type_of(SS_TYPE_BOOL));
        if (e)
            e->u.arg = arg;
        return e;
    }
    if (test == AST_IS_FALSE || test == AST_IS_NOT_FALSE) {
        ss_expr *not = new_expr(b, EXPR_NOT, type_of(SS_TYPE_BOOL));
        if (!not)
            return NULL;
        not->u.arg = arg;
        arg = not;
    }
    bool positive = test == AST_IS_TRUE || test == AST_IS_FALSE;
    ss_expr *e = new_expr(b, EXPR_CASE, type_of(SS_TYPE_BOOL));
    ss_expr *yes = new_expr(b, EXPR_CONST, type_of(SS_TYPE_BOOL)), *no = new_expr(b, EXPR_CONST, type_of(SS_TYPE_BOOL));
    ss_expr **whens = bind_alloc(b, sizeof *whens), **thens = bind_alloc(b, sizeof *thens);
    if (!e || !yes || !no || !whens || !thens)
        return NULL;
    yes->u.cnst = (ss_value){.v.b = positive};
    no->u.cnst = (ss_value){.v.b = !positive};
    whens[0] = arg;
    thens[0] = yes;
    e->u.kase.nwhen = 1;
    e->u.kase.whens = whens;
    e->u.kase.thens = thens;
    e->u.kase.els = no;
    return e;
}

ss_expr *bind_bool_expr(binder *b, const ast_expr *a, const char *clause)
{
    ss_expr *e = bind_expr(b, a);
    if (!e)
        return NULL;
    if (e->type.id == SS_TYPE_BOOL)
        return e;
    if (is_unknown_const(e) || is_unknown_param(b, e))
        return coerce_expr(b, e, type_of(SS_TYPE_BOOL), CAST_IMPLICIT, a->location);
    char b1[96];
    bind_error(b, expr_location(a), SS_SQLSTATE_DATATYPE_MISMATCH, "argument of %s must be type boolean, not type %s",
               clause, tname(type_of(e->type.id), b1, sizeof b1)); /* no typmod, as PostgreSQL */
    return NULL;
}

static ss_expr *bind_bool_list(binder *b, const ast_expr *a, ss_expr_kind kind, const char *clause)
{
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * a->nargs);
    if (!args)
        return NULL;
    for (uint32_t i = 0; i < a->nargs; i++)
        if (!(args[i] = bind_bool_expr(b, a->args[i], clause)))
            return NULL;
    if (kind == EXPR_NOT) {
        ss_expr *e = new_expr(b, EXPR_NOT, type_of(SS_TYPE_BOOL));
        if (e)
            e->u.arg = args[0];
        return e;
    }
    /* PostgreSQL folds AND with a FALSE constant to FALSE and OR with TRUE to TRUE before
       running anything, so the other arguments never raise errors */
    for (uint32_t i = 0; i < a->nargs; i++)
        if (args[i]->kind == EXPR_CONST && !args[i]->u.cnst.is_null && args[i]->u.cnst.v.b == (kind == EXPR_OR)) {
            /* it folds the arguments before that constant first: a failed fold there is
               still raised (the whole expression is kept so that it is found) */
            bool earlier_error = false;
            for (uint32_t j = 0; j < i; j++)
                earlier_error |= find_deferred(b, args[j]) != NULL;
            if (!earlier_error)
                return args[i];
            break;
        }
    /* all constants (TRUE/NULL left): PostgreSQL folds to NULL or to the identity */
    bool all_const = true, any_null = false;
    for (uint32_t i = 0; i < a->nargs; i++) {
        all_const &= args[i]->kind == EXPR_CONST;
        any_null |= args[i]->kind == EXPR_CONST && args[i]->u.cnst.is_null;
    }
    if (all_const) {
        ss_expr *c = make_null(b, type_of(SS_TYPE_BOOL));
        if (c && !any_null) {
            c->u.cnst.is_null = false;
            c->u.cnst.v.b = kind == EXPR_AND;
        }
        return c;
    }
    ss_expr *e = new_expr(b, kind, type_of(SS_TYPE_BOOL));
    if (e) {
        e->u.list.nargs = a->nargs;
        e->u.list.args = args;
    }
    return e;
}

static ss_expr *build_case(binder *b, ss_expr **whens, ss_expr **thens, uint32_t n, ss_expr *els,
                           const int *locs, int els_loc, const char *what)
{
    ss_expr **items = bind_alloc(b, sizeof(ss_expr *) * (n + 1));
    int *ilocs = bind_alloc(b, sizeof(int) * (n + 1));
    if (!items || !ilocs)
        return NULL;
    /* PostgreSQL resolves the ELSE first, then the THENs (transformCaseExpr): that order
       decides which pair a type mismatch names */
    uint32_t first = els ? 1 : 0;
    if (els) {
        items[0] = els;
        ilocs[0] = els_loc;
    }
    for (uint32_t i = 0; i < n; i++) {
        items[first + i] = thens[i];
        ilocs[first + i] = locs[i];
    }
    ss_type t;
    if (!unify(b, items, ilocs, n + first, what, &t))
        return NULL;
    if (els) { /* back to THENs, then ELSE */
        ss_expr *coerced_els = items[0];
        memmove(items, items + 1, n * sizeof *items);
        items[n] = coerced_els;
    }
    ss_expr *e = new_expr(b, EXPR_CASE, t);
    if (!e)
        return NULL;
    e->u.kase.nwhen = n;
    e->u.kase.whens = whens;
    e->u.kase.thens = items;
    e->u.kase.els = els ? items[n] : NULL;
    return e;
}

/* PostgreSQL's planner drops WHENs that are constant FALSE/NULL and everything after a
 * constant TRUE one; a CASE left with no WHEN is its ELSE. */
static ss_expr *prune_case(binder *b, ss_expr *e)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < e->u.kase.nwhen; i++) {
        const ss_expr *w = e->u.kase.whens[i];
        if (w->kind == EXPR_CONST && (w->u.cnst.is_null || !w->u.cnst.v.b))
            continue;
        if (w->kind == EXPR_CONST) { /* constant TRUE: this THEN is the answer when reached */
            e->u.kase.els = e->u.kase.thens[i];
            break;
        }
        e->u.kase.whens[k] = e->u.kase.whens[i];
        e->u.kase.thens[k++] = e->u.kase.thens[i];
    }
    e->u.kase.nwhen = k;
    if (k > 0)
        return e;
    return e->u.kase.els ? e->u.kase.els : make_null(b, e->type);
}

/* An expression PostgreSQL types as unknown: a NULL or string literal, or a parameter
 * whose type nothing has fixed yet. */
static bool untyped_ast(binder *b, const ast_expr *a)
{
    if (a->kind == AE_NULL || a->kind == AE_STRING)
        return true;
    if (a->kind != AE_PARAM || a->ival < 1)
        return false;
    uint32_t idx = (uint32_t)a->ival - 1;
    return idx >= b->nparams || b->param_types[idx].id == SS_TYPE_UNKNOWN;
}

static ss_expr *bind_case(binder *b, const ast_expr *a)
{
    uint32_t n = a->nwhens;
    ss_expr **whens = bind_alloc(b, sizeof(ss_expr *) * n);
    ss_expr **thens = bind_alloc(b, sizeof(ss_expr *) * n);
    int *locs = bind_alloc(b, sizeof(int) * n);
    if (!whens || !thens || !locs)
        return NULL;
    /* an untyped operand (NULL, 'literal', a parameter of unknown type) is text, as in
       PostgreSQL's transformCaseExpr */
    ast_expr *argv[1] = {a->arg};
    ast_expr text_arg = {0};
    if (a->arg && untyped_ast(b, a->arg)) {
        text_arg.kind = AE_CAST;
        text_arg.location = a->arg->location;
        text_arg.args = argv;
        text_arg.nargs = 1;
        text_arg.type = (ast_type_name){.name = "text", .typmod = -1, .typmod2 = INT32_MIN, .location = a->arg->location};
    }
    int dead_from = b->dead_code; /* restore point */
    bool taken = false;           /* an earlier WHEN is constant TRUE: the rest is dead */
    uint32_t naggs_kept = 0;      /* aggregates registered before the rest went dead */
    for (uint32_t i = 0; i < n; i++) {
        if (a->arg) {
            /* simple CASE x WHEN v: x = v, reported at the WHEN */
            ast_expr eq = {0};
            eq.kind = AE_OP;
            eq.location = a->when_locations ? a->when_locations[i] : a->whens[i]->location;
            eq.str = "=";
            eq.left = text_arg.kind ? &text_arg : a->arg;
            eq.right = a->whens[i];
            whens[i] = bind_bool_expr(b, &eq, "CASE/WHEN");
        } else {
            whens[i] = bind_bool_expr(b, a->whens[i], "CASE/WHEN");
        }
        if (!whens[i])
            return NULL;
        bool never = whens[i]->kind == EXPR_CONST && (whens[i]->u.cnst.is_null || !whens[i]->u.cnst.v.b);
        if (never && !taken)
            b->dead_code++;
        thens[i] = bind_expr(b, a->thens[i]);
        if (never && !taken)
            b->dead_code--;
        if (!thens[i])
            return NULL;
        if (!taken && whens[i]->kind == EXPR_CONST && !whens[i]->u.cnst.is_null && whens[i]->u.cnst.v.b) {
            taken = true;
            b->dead_code++;
            naggs_kept = b->agg ? b->agg->naggs : 0;
        }
        locs[i] = expr_location(a->thens[i]);
    }
    ss_expr *els = NULL;
    if (a->els && !(els = bind_expr(b, a->els))) {
        b->dead_code = dead_from;
        return NULL;
    }
    b->dead_code = dead_from;
    if (taken && b->agg)
        b->agg->naggs = naggs_kept; /* PostgreSQL's planner drops them with their branches */
    ss_expr *e = build_case(b, whens, thens, n, els, locs, a->els ? expr_location(a->els) : -1, "CASE");
    return e ? prune_case(b, e) : NULL;
}

static ss_expr *bind_coalesce(binder *b, const ast_expr *a)
{
    /* COALESCE(a, b, c) = CASE WHEN a IS NOT NULL THEN a WHEN b IS NOT NULL THEN b ELSE c */
    uint32_t n = a->nargs;
    ss_expr **vals = bind_alloc(b, sizeof(ss_expr *) * n);
    int *locs = bind_alloc(b, sizeof(int) * n);
    if (!vals || !locs)
        return NULL;
    /* PostgreSQL's planner drops every argument after a non-NULL constant: they are still
       type-checked but never evaluated, and aggregates inside them are not computed */
    uint32_t live = n;
    uint32_t naggs_kept = b->agg ? b->agg->naggs : 0;
    int dead_from = b->dead_code;
    for (uint32_t i = 0; i < n; i++) {
        vals[i] = bind_expr(b, a->args[i]);
        if (!vals[i]) {
            b->dead_code = dead_from;
            return NULL;
        }
        locs[i] = expr_location(a->args[i]);
        if (live == n && vals[i]->kind == EXPR_CONST && !vals[i]->u.cnst.is_null) {
            live = i + 1;
            b->dead_code++;
            naggs_kept = b->agg ? b->agg->naggs : 0;
        }
    }
    b->dead_code = dead_from;
    if (b->agg && live < n)
        b->agg->naggs = naggs_kept; /* aggregates only the dropped arguments used */
    ss_type t;
    if (!unify(b, vals, locs, n, "COALESCE", &t))
        return NULL;
    n = live;
    /* NULL constants are dropped; a non-NULL constant that comes first is the result */
    uint32_t first = 0;
    while (first < n && is_null_const(vals[first]))
        first++;
    if (first == n)
        return make_null(b, t);
    if (vals[first]->kind == EXPR_CONST)
        return vals[first];
    ss_expr **whens = bind_alloc(b, sizeof(ss_expr *) * n);
    if (!whens)
        return NULL;
    for (uint32_t i = 0; i + 1 < n; i++) {
        if (!(whens[i] = new_expr(b, EXPR_IS_NOT_NULL, type_of(SS_TYPE_BOOL))))
            return NULL;
        whens[i]->u.arg = vals[i];
    }
    ss_expr *e = new_expr(b, EXPR_CASE, t);
    if (!e)
        return NULL;
    e->u.kase.nwhen = n - 1;
    e->u.kase.whens = whens;
    e->u.kase.thens = vals;
    e->u.kase.els = vals[n - 1];
    return e;
}

static ss_expr *bind_expr_node(binder *b, const ast_expr *a);

/* What one level of expression nesting is charged against the stack budget, at least: about
 * what a level cost when the binder was one file whose dispatch inlined every kind's binding
 * (PostgreSQL, whose parse analysis spends more per level, refuses a little earlier), so that
 * the depth where 54001 is raised does not move with the binder's frames. */
#define BIND_LEVEL_STACK 400

ss_expr *bind_expr(binder *b, const ast_expr *a)
{
    if (ss_ctx_check_stack_charged(b->ctx, (size_t)(b->expr_depth + 1) * BIND_LEVEL_STACK))
        return NULL;
    b->expr_depth++;
    ss_expr *e = bind_expr_node(b, a);
    b->expr_depth--;
    return e ? fold_constants(b, e) : NULL;
}

static ss_expr *bind_expr_node(binder *b, const ast_expr *a)
{
    for (int i = 0; i < 2; i++)
        if (a == b->preset_ast[i])
            return b->preset_expr[i];
    if (b->agg_mode) {
        ss_expr *g = match_group(b, a);
        if (g)
            return g;
    }
    switch (a->kind) {
    case AE_COLUMN:
        if (a->bval && a->nnames == 2 && scope_has_column(b, a->names[0])) {
            /* (x).a of a column x: its field a */
            ast_expr *f = bind_alloc(b, sizeof *f), *col = bind_alloc(b, sizeof *col);
            if (!f || !col)
                return NULL;
            *col = *a;
            col->nnames = 1, col->bval = false;
            *f = (ast_expr){.kind = AE_FIELD, .location = a->location, .left = col, .str = a->names[1]};
            return bind_field_select(b, f);
        }
        if (bind_is_whole_row(b, a))
            return bind_whole_row_record(b, a);
        return bind_column(b, a);
    case AE_STAR:
        if (a->nnames == 1) { /* t.* inside an expression: the whole row of t */
            ast_expr *col = bind_alloc(b, sizeof *col);
            if (!col)
                return NULL;
            *col = *a;
            col->kind = AE_COLUMN;
            if (bind_is_whole_row(b, col))
                return bind_whole_row_record(b, col);
        }
        bind_error(b, a->location, "42601", "syntax error at or near \"*\"");
        return NULL;
    case AE_INT:
    case AE_NUMERIC:
    case AE_STRING:
    case AE_NULL:
    case AE_BOOL:
        return bind_const(b, a);
    case AE_PARAM:
        return bind_param(b, a);
    case AE_OP:
        if (a->left && bind_collate_conflict(b, a->left, a->right) < 0)
            return NULL;
        if (a->left && a->left->kind == AE_ROW && (a->right->kind == AE_ROW || a->right->kind == AE_SUBLINK))
            return bind_row_compare(b, a);
        return bind_record_values_compare(b, a, bind_op(b, a));
    case AE_AND:
        return bind_bool_list(b, a, EXPR_AND, "AND");
    case AE_OR:
        return bind_bool_list(b, a, EXPR_OR, "OR");
    case AE_NOT:
        return bind_bool_list(b, a, EXPR_NOT, "NOT");
    case AE_IS_NULL:
    case AE_IS_NOT_NULL: {
        if (a->args[0]->kind == AE_ROW)
            return bind_row_null_test(b, a);
        if (bind_is_whole_row(b, a->args[0]))
            return bind_whole_row_null_test(b, a);
        ss_expr *arg = bind_expr(b, a->args[0]);
        if (!arg)
            return NULL;
        if (arg->type.id == SS_TYPE_RECORD) { /* a composite value: its fields are tested */
            ss_expr **args = bind_alloc(b, sizeof *args);
            if (!args)
                return NULL;
            args[0] = arg;
            return make_func(b, &rec_null_test_defs[a->kind == AE_IS_NULL ? 0 : 1], type_of(SS_TYPE_BOOL), args, 1);
        }
        ss_expr *e = new_expr(b, a->kind == AE_IS_NULL ? EXPR_IS_NULL : EXPR_IS_NOT_NULL, type_of(SS_TYPE_BOOL));
        if (e)
            e->u.arg = arg;
        return e;
    }
    case AE_BOOLTEST:
        return bind_booltest(b, a);
    case AE_COLLATE:
        return bind_collate(b, a);
    case AE_FUNC:
        return bind_func(b, a);
    case AE_CAST:
        return bind_cast(b, a);
    case AE_CASE:
        return bind_case(b, a);
    case AE_COALESCE:
        return bind_coalesce(b, a);
    case AE_BETWEEN:
        return bind_between(b, a);
    case AE_IN_LIST:
        return a->args[0]->kind == AE_ROW ? bind_row_in_list(b, a) : bind_in_list(b, a);
    case AE_GROUPING_FUNC:
        return bind_grouping_func(b, a);
    case AE_GROUPING_SET:
        break; /* only GROUP BY has them (bind_grouping_sets.c) */
    case AE_SUBLINK:
        if (b->sublink_refused) {
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "cannot use subquery in %s", b->sublink_refused);
            return NULL;
        }
        return bind_sublink(b, a);
    case AE_DEFAULT:
        bind_error(b, a->location, SS_SQLSTATE_SYNTAX_ERROR, "DEFAULT is not allowed in this context");
        return NULL;
    case AE_ARRAY:
        return bind_array_ctor(b, a, NULL);
    case AE_SUBSCRIPT:
        return bind_subscript(b, a);
    case AE_FIELD:
        if (a->star) { /* (x).* outside a select list */
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                       "feature not supported: (x).* outside a select list");
            return NULL;
        }
        return bind_field_select(b, a);
    case AE_ARRAY_CMP:
        return bind_array_cmp(b, a);
    case AE_DISTINCT:
        if (bind_is_whole_row(b, a->args[0]) || bind_is_whole_row(b, a->args[1]))
            return bind_whole_row_distinct(b, a);
        if (a->args[0]->kind == AE_ROW || a->args[1]->kind == AE_ROW)
            return bind_row_distinct(b, a);
        return bind_conditional(b, a);
    case AE_NULLIF:
    case AE_MINMAX:
        return bind_conditional(b, a);
    case AE_ROW:
        return bind_row_ctor(b, a);
    }
    bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: expression kind %d",
               (int)a->kind); /* every kind the parser produces is handled above */
    return NULL;
}
