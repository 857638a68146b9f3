/* bind_setop.c — binds a set operation (UNION / INTERSECT / EXCEPT [ALL]) into its logical
 * plan, as PostgreSQL's transformSetOperationTree: each branch is bound as a query of its own,
 * the column counts must agree, every output column takes the common type of its two inputs
 * (select_common_type, pairwise up the tree), untyped literals of a branch take that type, and
 * the output names are the left branch's.  ORDER BY / LIMIT / OFFSET apply to the result. */
#include <string.h>

#include "bind/binder_internal.h"

/* A bound branch: its columns are (lop->rel, 0 .. lop->ncols-1). */
typedef struct setop_side {
    ss_lop *lop;
    int *locs; /* per column: where a type error about it points (-1: nowhere) */
} setop_side;

static const char *setop_word(ast_setop op)
{
    return op == AST_SETOP_UNION ? "UNION" : op == AST_SETOP_INTERSECT ? "INTERSECT" : "EXCEPT";
}

/* op, or the first operator below it that is not a pass-through one (sort, limit, distinct,
 * filter: they keep their input's columns). */
static ss_lop *below_pass_through(ss_lop *op)
{
    while (op->kind == LOP_SORT || op->kind == LOP_LIMIT || op->kind == LOP_DISTINCT || op->kind == LOP_FILTER ||
           op->kind == LOP_UNIQUE)
        op = op->children[0];
    return op;
}

/* Whether projection item e only renames column *c of op's input: then *c becomes that. */
static bool renames_input(const ss_lop *op, const ss_expr *e, uint32_t *c)
{
    if (e->kind != EXPR_COLUMN || !op->nchildren || e->u.column.rel != op->children[0]->rel)
        return false;
    *c = e->u.column.index;
    return true;
}

/* The operator that makes op's column *c (*c becomes its column there), following projections
 * that only rename an untyped column of their input. */
static ss_lop *column_source(ss_lop *op, uint32_t *c)
{
    for (;;) {
        op = below_pass_through(op);
        if (op->kind != LOP_PROJECT || op->u.project.exprs[*c]->type.id != SS_TYPE_UNKNOWN ||
            !renames_input(op, op->u.project.exprs[*c], c))
            return op;
        op = op->children[0];
    }
}

/* Gives the untyped literal (or parameter) behind column c of a branch the type t, as
 * PostgreSQL replaces an UNKNOWN-type Const of a leaf with its coercion. */
static int type_unknown_column(binder *b, ss_lop *top, uint32_t c, ss_type t, ss_expr *typed_item)
{
    for (ss_lop *op = below_pass_through(top);; op = below_pass_through(op->children[0])) {
        if (op->kind != LOP_PROJECT)
            return ss_ctx_error(b->ctx, SS_SQLSTATE_INTERNAL_ERROR, "untyped set-operation column %u has no source",
                                c + 1);
        ss_expr *e = op->u.project.exprs[c];
        ((ss_type *)op->types)[c] = t;
        uint32_t in = c;
        if (!renames_input(op, e, &in)) {
            op->u.project.exprs[c] = typed_item;
            return SS_OK;
        }
        if (!(op->u.project.exprs[c] = make_column(b, e->u.column.rel, in, t)))
            return SS_ERROR;
        c = in;
    }
}

static int bind_setop_tree(binder *b, const ast_select *s, setop_side *out);

/* A branch that is a plain SELECT or VALUES: bound as a query of its own (a FROM scope of its
 * own), untyped select items left untyped for the set operation to type. */
static int bind_branch(binder *b, const ast_select *s, setop_side *out)
{
    if (s->setop)
        return bind_setop_tree(b, s, out);
    b->agg = NULL;
    b->agg_mode = false;
    b->in_having = false;
    b->keep_unknown_targets = true;
    ss_bound_stmt sub;
    memset(&sub, 0, sizeof sub);
    int rc = bind_select(b, s, &sub);
    b->keep_unknown_targets = false;
    if (rc)
        return SS_ERROR;
    out->lop = sub.query;
    uint32_t n = sub.ncols;
    if (!(out->locs = bind_alloc(b, sizeof(int) * (n ? n : 1))))
        return SS_ERROR;
    if (s->values) {
        for (uint32_t c = 0; c < n; c++)
            out->locs[c] = -1; /* PostgreSQL points at no VALUES column */
        return SS_OK;
    }
    uint32_t c = 0;
    for (uint32_t i = 0; i < s->ntargets && c < n; i++) {
        const ast_target *t = &s->targets[i];
        uint32_t k = t->expr->kind == AE_STAR ? (b->table ? b->table->ncols : 0) : 1;
        for (uint32_t j = 0; j < k && c < n; j++)
            out->locs[c++] = t->expr->kind == AE_STAR ? t->location : expr_location(t->expr);
    }
    while (c < n)
        out->locs[c++] = -1;
    return SS_OK;
}

/* Converts side's columns to types (when one differs), implicitly: in its own projection when
 * it ends in one, else in a projection over it. */
static int cast_side(binder *b, setop_side *side, const ss_type *types, ss_expr **items, bool *cast)
{
    ss_lop *op = side->lop;
    bool same = true;
    for (uint32_t c = 0; c < op->ncols; c++)
        same &= op->types[c].id == types[c].id && op->types[c].typmod == types[c].typmod;
    if (same)
        return SS_OK;
    *cast = true;
    if (op->kind == LOP_PROJECT) {
        /* the branch's own projection converts its items (implicit casts, which never fail) */
        for (uint32_t c = 0; c < op->ncols; c++) {
            if (op->types[c].id == types[c].id && op->types[c].typmod == types[c].typmod)
                continue;
            if (!(op->u.project.exprs[c] = coerce_expr(b, op->u.project.exprs[c], types[c], CAST_IMPLICIT, -1)))
                return SS_ERROR;
            ((ss_type *)op->types)[c] = types[c];
        }
        return SS_OK;
    }
    ss_lop *p = lop_project(b->ctx, b->arena, new_rel(b), op, op->ncols, items, op->names);
    if (!p)
        return SS_ERROR;
    side->lop = p;
    return SS_OK;
}

static int bind_setop_tree(binder *b, const ast_select *s, setop_side *out)
{
    if (s->norder || s->limit || s->offset || s->nctes) {
        /* a parenthesised set operation with its own ORDER BY / LIMIT or WITH */
        ss_bound_stmt sub;
        memset(&sub, 0, sizeof sub);
        if (bind_select(b, s, &sub))
            return SS_ERROR;
        out->lop = sub.query;
        if (!(out->locs = bind_alloc(b, sizeof(int) * (sub.ncols ? sub.ncols : 1))))
            return SS_ERROR;
        for (uint32_t c = 0; c < sub.ncols; c++)
            out->locs[c] = -1;
        return SS_OK;
    }
    const char *word = setop_word(s->setop);
    setop_side l, r;
    if (bind_branch(b, s->larg, &l) || bind_branch(b, s->rarg, &r))
        return SS_ERROR;
    uint32_t n = l.lop->ncols;
    if (r.lop->ncols != n)
        return bind_error(b, r.lop->ncols ? r.locs[0] : -1, "42601", "each %s query must have the same number of columns",
                          word);
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (n ? n : 1));
    ss_expr **litems = bind_alloc(b, sizeof(ss_expr *) * (n ? n : 1));
    ss_expr **ritems = bind_alloc(b, sizeof(ss_expr *) * (n ? n : 1));
    int *locs = bind_alloc(b, sizeof(int) * (n ? n : 1));
    if (!types || !litems || !ritems || !locs)
        return SS_ERROR;
    for (uint32_t c = 0; c < n; c++) {
        setop_side *sides[2] = {&l, &r};
        ss_expr *items[2];
        int ilocs[2] = {l.locs[c], r.locs[c]};
        /* an untyped literal of a branch stands for itself in the type resolution */
        ss_expr *unknown_src[2] = {NULL, NULL};
        for (int k = 0; k < 2; k++) {
            ss_lop *op = sides[k]->lop;
            items[k] = NULL;
            if (op->types[c].id == SS_TYPE_UNKNOWN) {
                uint32_t src = c;
                ss_lop *p = column_source(op, &src);
                if (p->kind == LOP_PROJECT)
                    items[k] = unknown_src[k] = p->u.project.exprs[src];
            }
            if (!items[k] && !(items[k] = make_column(b, op->rel, c, op->types[c])))
                return SS_ERROR;
        }
        ss_type t;
        ss_expr *orig[2] = {items[0], items[1]};
        if (!unify(b, items, ilocs, 2, word, &t))
            return SS_ERROR;
        types[c] = t;
        locs[c] = orig[0]->type.id == t.id || orig[1]->type.id != t.id ? ilocs[0] : ilocs[1];
        if ((!s->setop_all || s->setop != AST_SETOP_UNION) && bind_check_equality(b, t, ilocs[0]))
            return SS_ERROR; /* all but UNION ALL compare rows: json has no equality */
        ss_expr **dst[2] = {&litems[c], &ritems[c]};
        for (int k = 0; k < 2; k++) {
            ss_lop *op = sides[k]->lop;
            if (unknown_src[k]) {
                if (type_unknown_column(b, op, c, t, items[k]))
                    return SS_ERROR;
                if (!(*dst[k] = make_column(b, op->rel, c, t)))
                    return SS_ERROR;
            } else {
                *dst[k] = items[k];
            }
        }
    }
    bool cast = false;
    if (cast_side(b, &l, types, litems, &cast) || cast_side(b, &r, types, ritems, &cast))
        return SS_ERROR;
    ss_lop_setop_kind kind = s->setop == AST_SETOP_UNION       ? LSETOP_UNION
                             : s->setop == AST_SETOP_INTERSECT ? LSETOP_INTERSECT
                                                               : LSETOP_EXCEPT;
    ss_lop *op = lop_setop(b->ctx, b->arena, new_rel(b), kind, s->setop_all, l.lop, r.lop, n, types, l.lop->names);
    if (!op)
        return SS_ERROR;
    op->u.setop.cast = cast;
    out->lop = op;
    out->locs = locs;
    return SS_OK;
}

int bind_setop_query(binder *b, const ast_select *s, ss_bound_stmt *out)
{
    bool saved_keep = b->keep_unknown_targets;
    ast_select bare = *s;
    bare.norder = 0;
    bare.order_by = NULL;
    bare.limit = bare.offset = NULL;
    bare.nctes = 0; /* bind_select has brought its WITH queries into scope */
    bare.ctes = NULL;
    setop_side side;
    int rc = bind_setop_tree(b, &bare, &side);
    b->keep_unknown_targets = saved_keep;
    b->table = NULL;
    b->table_ref = NULL;
    b->agg = NULL;
    b->agg_mode = false;
    if (rc)
        return SS_ERROR;
    ss_lop *op = side.lop;
    out->query = op;
    out->ncols = op->ncols;
    out->col_types = (ss_type *)op->types;
    out->col_names = (const char **)op->names;
    if (bind_output_order_limit(b, s, out, true) == SS_OK)
        return SS_OK;
    /* LIMIT / OFFSET see no columns; PostgreSQL hints at the first branch's (an ORDER BY name
       that is one of them has resolved) */
    const ss_error *err = b->ctx->err;
    if (err && err->message && !err->hint && strcmp(err->sqlstate, SS_SQLSTATE_UNDEFINED_COLUMN) == 0)
        for (uint32_t c = 0; c < out->ncols; c++) {
            char *msg = ss_arena_printf(b->arena, "column \"%s\" does not exist", out->col_names[c]);
            if (msg && strcmp(msg, err->message) == 0) {
                ss_ctx_error_hint(b->ctx,
                                  "There is a column named \"%s\" in table \"*SELECT* 1\", but it cannot be referenced "
                                  "from this part of the query.",
                                  out->col_names[c]);
                break;
            }
        }
    return SS_ERROR;
}
