/* bind_select.c — binds a SELECT (or a VALUES query) into its logical plan (plan/logical.h):
 * get (FROM) → filter (WHERE) → aggregate (GROUP BY, aggregates) → filter (HAVING) →
 * project (targets + hidden sort keys) → distinct → sort → limit → project (drop hidden
 * keys); DISTINCT ON is a sort then a unique (bind_distinct_on.c).  How it runs (which columns the scan reads, where each column sits in a batch) is
 * the planner's business (plan/planner.c). */
#include <stdint.h>
#include <string.h>

#include "bind/bind_constraints.h"
#include "bind/bind_epq_fixed.h"
#include "bind/bind_locking.h"
#include "catalog/sequences.h"
#include "exec/expr_walk.h"
#include "bind/binder_internal.h"
#include "types/record/record.h"
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

/* * (every FROM table in order) or t.* (that table) as targets. */
static int expand_star(binder *b, const ast_target *t, target_list *tl)
{
    if (b->nscope == b->scope_base)
        return bind_error(b, t->location, "42601", "SELECT * with no tables specified is not valid");
    uint32_t lo = b->scope_base, hi = b->nscope;
    if (t->expr->nnames == 1 || t->expr->nnames == 2) {
        const range_entry *re =
            t->expr->nnames == 1 ? find_qualified_entry(b, t->expr) : find_schema_qualified_entry(b, t->expr);
        if (!re)
            return SS_ERROR;
        lo = (uint32_t)(re - b->scope);
        hi = lo + 1;
    }
    for (uint32_t r = lo; r < hi; r++) {
        const range_entry *re = &b->scope[r];
        if (t->expr->nnames == 0 && re->cols_hidden)
            continue; /* a side of a JOIN ... USING: the join's entry shows its columns */
        /* ival: leading columns skipped (bind_srf_split.c's * over its subquery) */
        uint32_t first = t->expr->nnames && t->expr->ival > 0 ? (uint32_t)t->expr->ival : 0;
        for (uint32_t c = first; c < re->ncols; c++) {
            const char *ref;
            ss_expr *e = entry_column(b, re, c, &ref);
            if (!e)
                return SS_ERROR;
            b->table_ref = ref;
            ss_expr *g = b->agg_mode ? match_group_expr(b, e) : NULL;
            bool dependent = false;
            if (g)
                e = g;
            else if (b->agg_mode && fd_grouped_column(b, e, &dependent))
                return SS_ERROR;
            if (b->agg_mode && !g && !dependent && note_grouping_error(b, t->location, re->col_names[c]))
                return SS_ERROR;
            if (tl_add(b, tl, NULL, re->col_names[c], e, t->location))
                return SS_ERROR;
        }
    }
    return SS_OK;
}

/* (x).* as targets: t.* when x names a FROM item's whole row, else the fields of the
 * composite value x, each its own (x).field (PostgreSQL's ExpandRowReference). */
static int expand_field_star(binder *b, const ast_target *t, target_list *tl)
{
    const ast_expr *left = t->expr->left;
    if (left->kind == AE_COLUMN && left->nnames == 1 && bind_is_whole_row(b, left)) {
        ast_expr *star = bind_alloc(b, sizeof *star);
        if (!star)
            return SS_ERROR;
        *star = (ast_expr){.kind = AE_STAR, .location = left->location, .names = left->names, .nnames = 1};
        ast_target st = *t;
        st.expr = star;
        return expand_star(b, &st, tl);
    }
    ss_expr *rec = bind_expr(b, left);
    if (!rec)
        return SS_ERROR;
    const rec_desc *d = rec->type.id == SS_TYPE_RECORD ? rec_desc_get(rec->type.typmod) : NULL;
    if (!d) {
        char b1[96];
        if (rec->type.id == SS_TYPE_RECORD)
            return bind_error(b, t->expr->location, "42809", "record type has not been registered");
        return bind_error(b, -1, "42809", "type %s is not composite", tname(rec->type, b1, sizeof b1));
    }
    for (uint32_t k = 0; k < d->nfields; k++) {
        ast_expr *f = bind_alloc(b, sizeof *f);
        if (!f)
            return SS_ERROR;
        *f = *t->expr;
        f->star = false, f->str = d->names[k];
        ss_expr *e = bind_expr(b, f);
        if (!e || tl_add(b, tl, f, d->names[k], e, t->location))
            return SS_ERROR;
    }
    return SS_OK;
}

/* Expands * and binds every target. */
static int bind_targets(binder *b, const ast_select *s, target_list *tl)
{
    for (uint32_t i = 0; i < s->ntargets; i++) {
        const ast_target *t = &s->targets[i];
        if (t->expr->kind == AE_STAR) {
            if (expand_star(b, t, tl))
                return SS_ERROR;
            continue;
        }
        if (t->expr->kind == AE_FIELD && t->expr->star) {
            if (expand_field_star(b, t, tl))
                return SS_ERROR;
            continue;
        }
        ss_expr *e = bind_expr(b, t->expr);
        if (e && !b->keep_unknown_targets)
            e = resolve_unknown(b, e, t->expr->location);
        if (!e)
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
        if (strcmp(x->names[x->nnames - 1], y->names[y->nnames - 1]) != 0 || x->star != y->star || x->over != y->over ||
            x->distinct != y->distinct || x->variadic != y->variadic || x->nagg_order != y->nagg_order || !ast_eq(x->filter, y->filter, loose) ||
            !ast_arg_names_equal(x, y))
            return false;
        for (uint32_t i = 0; i < x->nagg_order; i++)
            if (x->agg_order[i].descending != y->agg_order[i].descending || x->agg_order[i].nulls != y->agg_order[i].nulls ||
                !ast_eq(x->agg_order[i].expr, y->agg_order[i].expr, loose))
                return false;
        break;
    case AE_CAST:
        if (strcmp(x->type.name, y->type.name) != 0 || x->type.typmod != y->type.typmod ||
            x->type.is_array != y->type.is_array)
            return false;
        break;
    case AE_SUBSCRIPT:
    case AE_FIELD:
    case AE_ARRAY_CMP:
        if (x->ival != y->ival || x->bval != y->bval || (x->str && (!y->str || strcmp(x->str, y->str) != 0)) ||
            !ast_eq(x->left, y->left, loose) || !ast_eq(x->right, y->right, loose))
            return false;
        break;
    case AE_SUBLINK:
        if (x->sublink != y->sublink || !x->sub_key || !y->sub_key || strcmp(x->sub_key, y->sub_key) != 0)
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

/* nodes under which binding may fold the tree: also a NULL literal, since a strict call or
   operator over it folds to a NULL constant (substr(NULL::text, c) binds as NULL::text), and
   an operator, cast or call over constants only ('Infinity'::float8 < 1 and 'n'::boolean both
   bind as the constant false, but PostgreSQL compares them unfolded) */
static bool folding_kind(const ast_expr *e)
{
    if ((e->kind == AE_OP || e->kind == AE_CAST || e->kind == AE_FUNC) && !ast_any(e, ast_reads_input))
        return true;
    return e->kind == AE_COALESCE || e->kind == AE_CASE || e->kind == AE_AND || e->kind == AE_OR ||
           e->kind == AE_NULL;
}

bool unfolded_agree(const ast_expr *x, const ast_expr *y)
{
    if (!x || !y || (!ast_any(x, folding_kind) && !ast_any(y, folding_kind)))
        return true;
    return ast_equal_loose(x, y);
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
const ast_expr *resolve_group_item(binder *b, const ast_select *s, const ast_expr *g)
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
        bool is_input = scope_has_column(b, g->names[0]);
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

/* ORDER BY (or DISTINCT ON: clause) item → output column position, adding a hidden target
 * when needed (PostgreSQL's findTargetlistEntrySQL92). */
static int order_item_at(binder *b, const ast_select *s, const ast_expr *a, const char *clause, target_list *tl,
                         uint32_t *pos);
static bool same_split_column(const binder *b, const ss_expr *x, const ss_expr *y);

static int order_item(binder *b, const ast_select *s, const ast_expr *a, const char *clause, target_list *tl,
                      uint32_t *pos)
{
    if (order_item_at(b, s, a, clause, tl, pos))
        return SS_ERROR;
    return strcmp(clause, "ORDER BY") == 0 ? bind_check_ordering(b, tl->exprs[*pos]->type, expr_location(a))
                                           : bind_check_equality(b, tl->exprs[*pos]->type, expr_location(a));
}

static int order_item_at(binder *b, const ast_select *s, const ast_expr *a, const char *clause, target_list *tl,
                         uint32_t *pos)
{
    if (check_position_constant(b, a, clause))
        return SS_ERROR;
    if (a->kind == AE_INT) {
        if (a->ival < 1 || a->ival > tl->nvisible)
            return bind_error(b, a->location, "42P10", "%s position %lld is not in select list", clause,
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
                                           ast_equal_loose(tl->asts[found], tl->asts[i]))) ||
                            same_split_column(b, tl->exprs[found], tl->exprs[i]);
                if (!same)
                    return bind_error(b, a->location, "42702", "%s \"%s\" is ambiguous", clause, a->names[0]);
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
        if (expr_equal(tl->exprs[i], e) && unfolded_agree(tl->asts[i], a)) {
            *pos = i;
            return SS_OK;
        }
    if (s->distinct)
        return bind_error(b, expr_location(a), "42P10", "for SELECT DISTINCT, ORDER BY expressions must appear in select list");
    *pos = tl->n;
    return tl_add(b, tl, a, "?column?", e, a->location);
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
            else if (t.id != e->type.id || !row_types_match(t, e->type)) {
                int tr = numeric_rank(t.id), er = numeric_rank(e->type.id);
                if (tr && er)
                    t = tr >= er ? type_of(t.id) : type_of(e->type.id);
                else if (ss_type_is_text(t.id) && ss_type_is_text(e->type.id))
                    t = type_of(SS_TYPE_TEXT);
                else if (t.id == e->type.id || !catalog_common_type(&t, e->type)) {
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
        for (uint32_t r = 0; r < nr; r++) /* select_common_typmod: kept when every row has it */
            if (exprs[r * nc + c]->type.id != t.id || exprs[r * nc + c]->type.typmod != t.typmod)
                t.typmod = -1;
        for (uint32_t r = 0; r < nr; r++)
            if (!(exprs[r * nc + c] = coerce_expr(b, exprs[r * nc + c], t, CAST_IMPLICIT,
                                                  s->values[r][c]->location)))
                return SS_ERROR;
        types[c] = t;
        names[c] = ss_arena_printf(b->arena, "column%u", c + 1);
    }
    ss_lop *v = lop_values(b->ctx, b->arena, new_rel(b), nc, types, names, nr, exprs);
    if (!v)
        return SS_ERROR;
    out->query = v;
    out->ncols = nc;
    out->col_types = types;
    out->col_names = names;
    return SS_OK;
}

/* ---- LIMIT / OFFSET ---------------------------------------------------------------- */

/* (binder_internal.h) */
const ast_expr *ast_find(const ast_expr *a, bool (*pred)(const ast_expr *))
{
    if (!a)
        return NULL;
    if (pred(a))
        return a;
    const ast_expr *found = ast_find(a->left, pred);
    if (!found)
        found = ast_find(a->right, pred);
    for (uint32_t i = 0; !found && i < a->nargs; i++)
        found = ast_find(a->args[i], pred);
    if (!found)
        found = ast_find(a->arg, pred);
    for (uint32_t i = 0; !found && i < a->nwhens; i++)
        if (!(found = ast_find(a->whens[i], pred)))
            found = ast_find(a->thens[i], pred);
    return found ? found : ast_find(a->els, pred);
}

static bool is_column_ref(const ast_expr *a)
{
    return a->kind == AE_COLUMN;
}

/* The location of the first column reference in a (PostgreSQL's locate_var_of_level walk
 * order), or -1. */
int first_column_location(const ast_expr *a)
{
    const ast_expr *c = ast_find(a, is_column_ref);
    return c ? c->location : -1;
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
 * at each execution (they may hold parameters).  WITH TIES compares rows on the ORDER BY
 * items: columns key_pos[0..norder) of cols, which *top passes through. */
static int stack_limit(binder *b, const ast_select *s, const ss_lop *cols, const uint32_t *key_pos, ss_lop **top)
{
    if (!s->limit && !s->offset)
        return SS_OK;
    ss_expr *limit = NULL, *offset = NULL;
    if (s->limit && (s->limit->kind != AE_NULL || s->with_ties) && !(limit = bind_limit_expr(b, s->limit, "LIMIT")))
        return SS_ERROR;
    if (s->with_ties && limit && limit->kind == EXPR_CONST && limit->u.cnst.is_null)
        return bind_error(b, -1, SS_SQLSTATE_INVALID_ROW_COUNT_IN_LIMIT,
                          "row count cannot be null in FETCH FIRST ... WITH TIES clause");
    if (s->offset && !(offset = bind_limit_expr(b, s->offset, "OFFSET")))
        return SS_ERROR;
    ss_lop *l = lop_limit(b->ctx, b->arena, *top, limit, offset);
    if (!l)
        return SS_ERROR;
    if (s->with_ties && s->limit) {
        ss_lsort_key *ties = bind_alloc(b, sizeof(ss_lsort_key) * s->norder);
        if (!ties)
            return SS_ERROR;
        for (uint32_t i = 0; i < s->norder; i++)
            if (!(ties[i].expr = make_column(b, cols->rel, key_pos[i], cols->types[key_pos[i]])))
                return SS_ERROR;
        l->u.limit.nties = s->norder;
        l->u.limit.ties = ties;
    }
    *top = l;
    return SS_OK;
}

/* (EPQ) A top-level locking clause's FETCH FIRST ... WITH TIES: the ORDER BY keys'
 * columns (cols' positions key_pos) and types, which run_locking.c compares. */
static int bind_locking_ties(binder *b, const ast_select *s, const ss_lop *cols, const uint32_t *key_pos,
                             ss_bound_locking *lk)
{
    if (lk->limit && lk->limit->kind == EXPR_CONST && lk->limit->u.cnst.is_null)
        return bind_error(b, -1, SS_SQLSTATE_INVALID_ROW_COUNT_IN_LIMIT,
                          "row count cannot be null in FETCH FIRST ... WITH TIES clause");
    uint32_t *pos = bind_alloc(b, sizeof(uint32_t) * (s->norder ? s->norder : 1));
    int32_t *types = bind_alloc(b, sizeof(int32_t) * (s->norder ? s->norder : 1));
    if (!pos || !types)
        return SS_ERROR;
    for (uint32_t i = 0; i < s->norder; i++) {
        pos[i] = key_pos[i];
        types[i] = cols->types[key_pos[i]].id;
    }
    lk->nties = s->norder;
    lk->ties = pos;
    lk->tie_types = types;
    return SS_OK;
}

/* ---- the query ---------------------------------------------------------------------- */

/* A WHERE/HAVING qualification treats NULL as FALSE: PostgreSQL folds a NULL constant, or a
 * top-level AND with one, to FALSE before running anything (so nothing else is evaluated). */
static ss_expr *fold_qual(binder *b, ss_expr *pred)
{
    bool never = pred->kind == EXPR_CONST && pred->u.cnst.is_null;
    for (uint32_t i = 0; pred->kind == EXPR_AND && i < pred->u.list.nargs; i++) {
        const ss_expr *a = pred->u.list.args[i];
        never |= a->kind == EXPR_CONST && (a->u.cnst.is_null || !a->u.cnst.v.b);
    }
    if (!never)
        return pred; /* the planner orders the conjuncts (plan/qual_order.h) */
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

/* Marks the columns of an aggregate's output that e reads. */
typedef struct agg_refs {
    bool *used;
    uint32_t rel, n;
} agg_refs;

static int mark_agg_refs(const ss_expr *e, void *arg)
{
    agg_refs *r = arg;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == r->rel && e->u.column.index < r->n)
        r->used[e->u.column.index] = true;
    return SS_WALK_CONTINUE;
}

/* An aggregate that folding left unreferenced (NULL + sum(x), a dead CASE branch) is not
 * computed by PostgreSQL, so its argument never raises an error: it aggregates a NULL
 * constant instead (column numbers stay as they are).  Folding errors inside its argument
 * are raised first, as PostgreSQL folds the argument before the expression around it. */
static int drop_unused_aggregates(binder *b, agg_state *st, const target_list *tl, const ss_expr *having,
                                  const window_state *win)
{
    uint32_t n = st->ngroups + st->naggs;
    bool *used = bind_alloc(b, n ? n : 1);
    if (!used)
        return SS_ERROR;
    memset(used, 0, n ? n : 1);
    agg_refs refs = {used, st->rel, n};
    ss_ptrmap seen; /* shared subtrees (COALESCE's arguments) are walked once */
    ss_ptrmap_init(&seen, b->arena);
    for (uint32_t i = 0; i < tl->n; i++)
        if (ss_expr_walk_const(tl->exprs[i], mark_agg_refs, &refs, &seen) == SS_WALK_NOMEM)
            return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (ss_expr_walk_const(having, mark_agg_refs, &refs, &seen) == SS_WALK_NOMEM ||
        walk_window_exprs(win, mark_agg_refs, &refs, &seen) == SS_WALK_NOMEM)
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
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
    scratch.scratch = true;
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
    window_state win_scratch = {.select = s};
    b->win = &win_scratch;
    rc = bind_targets(b, s, &tl);
    if (rc == SS_OK && s->where) {
        b->agg = NULL;
        b->agg_mode = false;
        b->win = NULL;
        b->no_agg_context = "WHERE";
        if (!bind_bool_expr(b, s->where, "WHERE"))
            rc = SS_ERROR;
        b->agg = &scratch;
        b->agg_mode = true;
        b->win = &win_scratch;
    }
    if (rc == SS_OK && s->having) {
        b->in_having = true;
        if (!bind_bool_expr(b, s->having, "HAVING"))
            rc = SS_ERROR;
        b->in_having = false;
    }
    for (uint32_t i = 0; rc == SS_OK && i < s->norder; i++) {
        uint32_t pos;
        rc = order_item(b, s, s->order_by[i].expr, "ORDER BY", &tl, &pos);
    }
    b->win = NULL;
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

/* Puts a sort by s's ORDER BY items on *top: item i is column pos[i] of relation cols
 * (*top's input columns, which *top passes through). */
static int stack_sort(binder *b, const ast_select *s, const ss_lop *cols, const uint32_t *pos, ss_lop **top)
{
    ss_lsort_key *keys = bind_alloc(b, sizeof(ss_lsort_key) * s->norder);
    if (!keys)
        return SS_ERROR;
    for (uint32_t i = 0; i < s->norder; i++) {
        const ast_sort_item *it = &s->order_by[i];
        if (!(keys[i].expr = make_column(b, cols->rel, pos[i], cols->types[pos[i]])))
            return SS_ERROR;
        keys[i].descending = it->descending;
        keys[i].nulls_first = it->nulls ? it->nulls == 1 : it->descending;
    }
    return (*top = lop_sort(b->ctx, b->arena, *top, s->norder, keys)) ? SS_OK : SS_ERROR;
}

int bind_output_order_limit(binder *b, const ast_select *s, ss_bound_stmt *out, bool setop)
{
    ss_lop *top = out->query;
    uint32_t *key_pos = NULL;
    if (s->norder) {
        key_pos = bind_alloc(b, sizeof(uint32_t) * s->norder);
        if (!key_pos)
            return SS_ERROR;
        for (uint32_t i = 0; i < s->norder; i++) {
            const ast_sort_item *it = &s->order_by[i];
            const ast_expr *a = it->expr;
            int64_t pos = -1;
            if (check_position_constant(b, a, "ORDER BY"))
                return SS_ERROR;
            if (a->kind == AE_INT) {
                if (a->ival < 1 || a->ival > out->ncols)
                    return bind_error(b, a->location, "42P10", "ORDER BY position %lld is not in select list",
                                      (long long)a->ival);
                pos = a->ival - 1;
            } else if (a->kind == AE_COLUMN && a->nnames == 1) {
                for (uint32_t c = 0; c < out->ncols; c++)
                    if (!strcmp(out->col_names[c], a->names[0])) {
                        if (pos >= 0) /* a set operation's columns may share a name */
                            return bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_COLUMN, "ORDER BY \"%s\" is ambiguous",
                                              a->names[0]);
                        pos = c;
                    }
                if (pos < 0)
                    return bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" does not exist",
                                      a->names[0]);
            } else if (setop) {
                /* PostgreSQL's own refusal (a qualified name included) */
                if (a->kind == AE_COLUMN)
                    return bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_TABLE,
                                      "missing FROM-clause entry for table \"%s\"", a->names[0]);
                bind_error(b, expr_location(a), SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                           "invalid UNION/INTERSECT/EXCEPT ORDER BY clause");
                ss_ctx_error_detail(b->ctx, "Only result column names can be used, not expressions or functions.");
                ss_ctx_error_hint(b->ctx, "Add the expression/function to every SELECT, or move the UNION into a FROM clause.");
                return SS_ERROR;
            } else {
                return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                  "feature not supported: ORDER BY expressions on VALUES (only output columns)");
            }
            if (bind_check_ordering(b, out->col_types[pos], expr_location(a)))
                return SS_ERROR;
            key_pos[i] = (uint32_t)pos;
        }
        if (stack_sort(b, s, top, key_pos, &top))
            return SS_ERROR;
    }
    if (stack_limit(b, s, out->query, key_pos, &top))
        return SS_ERROR;
    out->query = top;
    return SS_OK;
}

/* ---- FROM ---------------------------------------------------------------------------- */

/* Appends e to the FROM scope. */
int push_entry(binder *b, const range_entry *e)
{
    if (b->nscope == b->cap_scope) {
        uint32_t cap = b->cap_scope ? b->cap_scope * 2 : 4;
        range_entry *v = bind_alloc(b, sizeof *v * cap);
        if (!v)
            return SS_ERROR;
        if (b->nscope)
            memcpy(v, b->scope, sizeof *v * b->nscope);
        b->scope = v;
        b->cap_scope = cap;
    }
    b->scope[b->nscope] = *e;
    b->scope[b->nscope++].null_extended |= b->outer_join_depth > 0;
    b->scope_hi = b->nscope;
    return SS_OK;
}

int check_ref_unique_ns(binder *b, const char *ref, const struct ss_schema *ns)
{
    for (uint32_t r = b->scope_base; r < b->nscope; r++) {
        const range_entry *e = &b->scope[r];
        /* two tables of different schemas, both without an alias, may share the name (as
           PostgreSQL's checkNameSpaceConflicts allows): schema.table.column tells them apart */
        if (ns && e->ns && e->ns != ns)
            continue;
        if (e->ref && !e->ref_hidden && strcmp(e->ref, ref) == 0)
            return bind_error(b, -1, "42712", "table name \"%s\" specified more than once", ref);
    }
    return SS_OK;
}

int check_ref_unique(binder *b, const char *ref)
{
    return check_ref_unique_ns(b, ref, NULL);
}

/* A FROM item as a new scope entry referenced as ref, its columns (rel, 0 .. ncols-1) named
 * names (the first ones renamed by f's column aliases) and typed types. */
int add_scope_entry(binder *b, const ast_from_item *f, const char *ref, const char *table_name, uint32_t rel,
                    uint32_t ncols, const char *const *names, const ss_type *types)
{
    return add_scope_entry_ns(b, f, ref, table_name, rel, ncols, names, types, NULL);
}

int add_scope_entry_ns(binder *b, const ast_from_item *f, const char *ref, const char *table_name, uint32_t rel,
                       uint32_t ncols, const char *const *names, const ss_type *types, const struct ss_schema *ns)
{
    if (f->ncolnames > ncols)
        return bind_error(b, -1, "42P10", "table \"%s\" has %u columns available but %u columns specified", ref, ncols,
                          f->ncolnames);
    if (f->ncolnames) {
        const char **renamed = bind_alloc(b, sizeof(char *) * ncols);
        if (!renamed)
            return SS_ERROR;
        for (uint32_t c = 0; c < ncols; c++)
            renamed[c] = c < f->ncolnames ? f->colnames[c] : names[c];
        names = renamed;
    }
    if (check_ref_unique_ns(b, ref, ns))
        return SS_ERROR;
    if (push_entry(b, &(range_entry){.ref = ref, .table_name = table_name, .ncols = ncols, .col_names = names,
                                     .col_types = types, .rel = rel, .ns = ns}))
        return SS_ERROR;
    if (b->nscope == b->scope_base + 1) {
        b->table_ref = ref;
        b->table_rel = rel;
    }
    return SS_OK;
}

/* A name in FROM as a new scope entry: a WITH query in scope (bind_cte.c), else a view
 * (bind_view.c), else a table and its GET. */
static int bind_from_table(binder *b, const ast_from_item *f, ss_lop **out)
{
    bool found = false;
    if (bind_from_cte(b, f, out, &found))
        return SS_ERROR;
    if (!found && bind_from_view(b, f, out, &found))
        return SS_ERROR;
    if (found)
        return SS_OK;
    ss_table *t;
    if (ss_catalog_find_waiting(b->ctx, b->catalog, f->table, &t)) /* an exclusive lock */
        return SS_ERROR;
    if (!t && ss_seq_exists(b->catalog->sequences, f->table))
        return bind_from_sequence(b, f, out);
    if (!t)
        return bind_error(b, f->location, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", f->table);
    if ((!t->system && note_dependency(b, t->ns, t->name)) || bind_matview_scan(b, t))
        return SS_ERROR;
    const char **names = bind_alloc(b, sizeof(char *) * (t->ncols ? t->ncols : 1));
    if (!names)
        return SS_ERROR;
    for (uint32_t c = 0; c < t->ncols; c++)
        names[c] = t->cols[c].name;
    uint32_t rel = new_rel(b);
    /* without an alias, schema.table.column can name it */
    if (add_scope_entry_ns(b, f, f->alias ? f->alias : t->name, t->name, rel, t->ncols, names, t->types,
                           f->alias ? NULL : t->ns))
        return SS_ERROR;
    b->scope[b->nscope - 1].base_table = t;
    if (b->nscope == b->scope_base + 1)
        b->table = t;
    return (*out = lop_get(b->ctx, b->arena, rel, t)) ? SS_OK : SS_ERROR;
}

int bind_nested_query(binder *b, const ast_select *s, ss_bound_stmt *sub)
{
    uint32_t nscope = b->nscope, base = b->scope_base, lo = b->scope_lo, hi = b->scope_hi;
    const ss_table *table = b->table;
    const char *table_ref = b->table_ref;
    uint32_t table_rel = b->table_rel;
    agg_state *agg = b->agg;
    bool agg_mode = b->agg_mode, in_having = b->in_having, keep = b->keep_unknown_targets;
    const char *context = b->no_agg_context;
    b->scope_base = nscope;
    b->agg = NULL;
    b->agg_mode = b->in_having = b->keep_unknown_targets = false;
    memset(sub, 0, sizeof *sub);
    int rc = bind_select(b, s, sub);
    b->nscope = nscope;
    b->scope_base = base;
    b->scope_lo = lo;
    b->scope_hi = hi;
    b->table = table;
    b->table_ref = table_ref;
    b->table_rel = table_rel;
    b->agg = agg;
    b->agg_mode = agg_mode;
    b->in_having = in_having;
    b->keep_unknown_targets = keep;
    b->no_agg_context = context;
    return rc;
}

/* The expression computing output column i of a query's plan (through the projection that
 * drops hidden columns), or NULL. */
static const ss_expr *output_expr(const ss_lop *q, uint32_t i)
{
    if (q->kind != LOP_PROJECT || i >= q->u.project.n)
        return NULL;
    const ss_expr *e = q->u.project.exprs[i];
    const ss_lop *in = q->nchildren ? q->children[0] : NULL;
    if (e->kind == EXPR_COLUMN && in && in->kind == LOP_PROJECT && e->u.column.rel == in->rel)
        return output_expr(in, e->u.column.index);
    return e;
}

/* For each output column of q, the first one computing the same expression. */
static const uint32_t *same_columns(binder *b, const ss_lop *q, uint32_t ncols)
{
    uint32_t *same = bind_alloc(b, sizeof *same * (ncols ? ncols : 1));
    for (uint32_t i = 0; same && i < ncols; i++) {
        const ss_expr *e = output_expr(q, i);
        same[i] = i;
        for (uint32_t j = 0; e && j < i && same[i] == i; j++)
            if (expr_equal(e, output_expr(q, j)))
                same[i] = j;
    }
    return same;
}

/* Whether outputs x and y read the same column of a bind_srf_split.c subquery (two of its
 * columns computing the same expression: one output of the query as written). */
static bool same_split_column(const binder *b, const ss_expr *x, const ss_expr *y)
{
    if (x->kind != EXPR_COLUMN || y->kind != EXPR_COLUMN || x->u.column.rel != y->u.column.rel)
        return false;
    for (uint32_t r = b->scope_base; r < b->nscope; r++)
        if (b->scope[r].rel == x->u.column.rel && b->scope[r].same_col)
            return b->scope[r].same_col[x->u.column.index] == b->scope[r].same_col[y->u.column.index];
    return false;
}

/* A subquery or VALUES list of FROM: bound as a query of its own over the scope entries
 * after the outer ones (a LATERAL one sees those of its query's FROM items left of it as an
 * outer level), then a scope entry over its output columns. */
static int bind_from_subquery(binder *b, const ast_from_item *f, ss_lop **out)
{
    /* LATERAL: the FROM items to its left are an outer level it may reference */
    if (f->lateral && bind_push_outer(b, b->scope_base, b->nscope))
        return SS_ERROR;
    if (f->lateral) {
        outer_level *lv = &b->outer[b->nouter - 1];
        lv->lateral_refused = b->lateral_refused;
        lv->no_agg_context = "FROM clause of their own query level"; /* an outer-level aggregate */
        lv->want_agg = NULL;
    }
    b->lateral_refused = false;
    ss_bound_stmt sub;
    if (!(b->lock_through_next = bind_locking_through(b, f->alias)) && ss_ctx_error_pending(b->ctx))
        return SS_ERROR;
    int rc = bind_nested_query(b, f->subquery, &sub);
    b->lock_through_next = NULL;
    if (f->lateral)
        b->nouter--;
    if (rc)
        return SS_ERROR;
    *out = sub.query;
    if (add_scope_entry(b, f, f->alias, NULL, sub.query->rel, sub.ncols, sub.col_names, sub.col_types))
        return SS_ERROR;
    b->scope[b->nscope - 1].through = sub.locking;
    if (f->srf_split && !(b->scope[b->nscope - 1].same_col = same_columns(b, sub.query, sub.ncols)))
        return SS_ERROR;
    return SS_OK;
}

static ss_expr *fold_qual(binder *b, ss_expr *pred);

int visible_columns(binder *b, uint32_t lo, uint32_t hi, side_cols *out)
{
    uint32_t n = 0;
    for (uint32_t r = lo; r < hi; r++)
        n += b->scope[r].cols_hidden ? 0 : b->scope[r].ncols;
    out->ents = bind_alloc(b, sizeof(uint32_t) * (n ? n : 1));
    out->cols = bind_alloc(b, sizeof(uint32_t) * (n ? n : 1));
    if (!out->ents || !out->cols)
        return SS_ERROR;
    out->n = 0;
    for (uint32_t r = lo; r < hi; r++)
        for (uint32_t c = 0; !b->scope[r].cols_hidden && c < b->scope[r].ncols; c++) {
            out->ents[out->n] = r;
            out->cols[out->n++] = c;
        }
    return SS_OK;
}

/* The position of name among a side's columns (PostgreSQL's errors when it has none or
 * several), or -1 with the error raised. */
static int64_t using_column(binder *b, const side_cols *s, const char *name, const char *side)
{
    int64_t found = -1;
    for (uint32_t i = 0; i < s->n; i++)
        if (strcmp(side_name(b, s, i), name) == 0) {
            if (found >= 0) {
                bind_error(b, -1, "42702", "common column name \"%s\" appears more than once in %s table", name, side);
                return -1;
            }
            found = i;
        }
    if (found < 0)
        bind_error(b, -1, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" specified in USING clause does not exist in %s table",
                   name, side);
    return found;
}

/* JOIN ... USING / NATURAL JOIN of the entries [lo, mid) and [mid, nscope): *cond becomes
 * the equality of the merged columns (NULL: a NATURAL JOIN without common columns), the
 * sides' columns are hidden behind a new entry: the merged columns (the left side's, the
 * right side's for a RIGHT JOIN, COALESCE of both for a FULL JOIN), then the other columns of the left, then the right's
 * (PostgreSQL's transformFromClauseItem). */
static int bind_using(binder *b, const ast_from_item *f, uint32_t lo, uint32_t mid, ss_expr **cond)
{
    side_cols l, r;
    if (visible_columns(b, lo, mid, &l) || visible_columns(b, mid, b->nscope, &r))
        return SS_ERROR;
    const char **names = f->using_cols;
    uint32_t nusing = f->nusing;
    if (f->natural) {
        names = bind_alloc(b, sizeof(char *) * (l.n ? l.n : 1));
        if (!names)
            return SS_ERROR;
        nusing = 0;
        for (uint32_t i = 0; i < l.n; i++) {
            const char *n = side_name(b, &l, i);
            bool in_right = false, seen = false;
            for (uint32_t j = 0; j < r.n; j++)
                in_right |= strcmp(side_name(b, &r, j), n) == 0;
            for (uint32_t k = 0; k < nusing; k++)
                seen |= strcmp(names[k], n) == 0;
            if (in_right && !seen)
                names[nusing++] = n;
        }
    }
    uint32_t ncols = l.n + r.n - nusing;
    uint32_t *ents = bind_alloc(b, sizeof(uint32_t) * (ncols ? ncols : 1));
    uint32_t *cols = bind_alloc(b, sizeof(uint32_t) * (ncols ? ncols : 1));
    bool full = f->join_type == AST_JOIN_FULL;
    uint32_t *ents2 = full ? bind_alloc(b, sizeof(uint32_t) * (ncols ? ncols : 1)) : NULL;
    uint32_t *cols2 = full ? bind_alloc(b, sizeof(uint32_t) * (ncols ? ncols : 1)) : NULL;
    const char **col_names = bind_alloc(b, sizeof(char *) * (ncols ? ncols : 1));
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (ncols ? ncols : 1));
    ss_type *casts = bind_alloc(b, sizeof(ss_type) * (ncols ? ncols : 1));
    bool *lused = bind_alloc(b, l.n + 1), *rused = bind_alloc(b, r.n + 1);
    ss_expr **eqs = bind_alloc(b, sizeof(ss_expr *) * (nusing ? nusing : 1));
    if (!ents || !cols || !col_names || !types || !casts || !lused || !rused || !eqs || (full && (!ents2 || !cols2)))
        return SS_ERROR;
    memset(casts, 0, sizeof(ss_type) * (ncols ? ncols : 1));
    for (uint32_t c = 0; full && c < ncols; c++)
        ents2[c] = cols2[c] = UINT32_MAX;
    memset(lused, 0, l.n + 1);
    memset(rused, 0, r.n + 1);
    uint32_t n = 0;
    for (uint32_t u = 0; u < nusing; u++) {
        for (uint32_t k = 0; k < u; k++)
            if (strcmp(names[k], names[u]) == 0)
                return bind_error(b, -1, "42701", "column name \"%s\" appears more than once in USING clause", names[u]);
        int64_t li = using_column(b, &l, names[u], "left"), ri = li < 0 ? -1 : using_column(b, &r, names[u], "right");
        if (li < 0 || ri < 0)
            return SS_ERROR;
        ss_type lt = side_type(b, &l, (uint32_t)li), rt = side_type(b, &r, (uint32_t)ri);
        lused[li] = rused[ri] = true;
        ss_expr *items[2] = {entry_column(b, &b->scope[l.ents[li]], l.cols[li], NULL),
                             entry_column(b, &b->scope[r.ents[ri]], r.cols[ri], NULL)};
        /* columns of two types are compared and merged in their common type
           (PostgreSQL's select_common_type, "JOIN/USING") */
        const int locs[2] = {-1, -1};
        ss_type common = lt;
        if (!items[0] || !items[1] || !unify(b, items, locs, 2, "JOIN/USING", &common))
            return SS_ERROR;
        ss_expr *le = items[0], *re = items[1];
        if (!(eqs[u] = new_expr(b, EXPR_OP, type_of(SS_TYPE_BOOL))))
            return SS_ERROR;
        if (common.id != lt.id || common.typmod != lt.typmod || common.id != rt.id || common.typmod != rt.typmod)
            casts[n] = common;
        eqs[u]->u.op.op = OP_EQ;
        eqs[u]->u.op.left = le;
        eqs[u]->u.op.right = re;
        const side_cols *from = f->join_type == AST_JOIN_RIGHT ? &r : &l;
        uint32_t at = (uint32_t)(f->join_type == AST_JOIN_RIGHT ? ri : li);
        ents[n] = from->ents[at];
        cols[n] = from->cols[at];
        if (full) { /* COALESCE(left, right) */
            ents2[n] = r.ents[ri];
            cols2[n] = r.cols[ri];
        }
        col_names[n] = names[u];
        types[n++] = common;
    }
    const side_cols *sides[2] = {&l, &r};
    const bool *used[2] = {lused, rused};
    for (int k = 0; k < 2; k++)
        for (uint32_t i = 0; i < sides[k]->n; i++)
            if (!used[k][i]) {
                ents[n] = sides[k]->ents[i];
                cols[n] = sides[k]->cols[i];
                col_names[n] = side_name(b, sides[k], i);
                types[n++] = side_type(b, sides[k], i);
            }
    *cond = NULL;
    if (nusing == 1)
        *cond = eqs[0];
    else if (nusing > 1) {
        if (!(*cond = new_expr(b, EXPR_AND, type_of(SS_TYPE_BOOL))))
            return SS_ERROR;
        (*cond)->u.list.nargs = nusing;
        (*cond)->u.list.args = eqs;
    }
    for (uint32_t e = lo; e < b->nscope; e++)
        b->scope[e].cols_hidden = true;
    return push_entry(b, &(range_entry){.ncols = n, .col_names = col_names, .col_types = types, .src_entry = ents,
                                        .src_col = cols, .src_entry2 = ents2, .src_col2 = cols2, .casts = casts});
}

/* A FROM item: tables left to right into the scope, each JOIN's ON condition bound over its
 * own two sides (PostgreSQL's transformFromClauseItem). */
static int bind_from_item(binder *b, const ast_from_item *f, ss_lop **out)
{
    if (ss_ctx_check_stack(b->ctx))
        return SS_ERROR;
    if (!f->is_join)
        return f->subquery ? bind_from_subquery(b, f, out)
               : f->func   ? bind_from_function(b, f, out)
                           : bind_from_table(b, f, out);
    uint32_t lo = b->nscope;
    ss_lop *left, *right;
    /* the NULL-extended sides of an outer join (a recursive reference may not be there) */
    bool lnull = f->join_type == AST_JOIN_RIGHT || f->join_type == AST_JOIN_FULL;
    bool rnull = f->join_type == AST_JOIN_LEFT || f->join_type == AST_JOIN_FULL;
    b->outer_join_depth += lnull;
    int rc = bind_from_item(b, f->left, &left);
    b->outer_join_depth -= lnull;
    if (rc)
        return SS_ERROR;
    uint32_t mid = b->nscope;
    b->lateral_refused = f->join_type == AST_JOIN_RIGHT || f->join_type == AST_JOIN_FULL;
    b->lateral_slot = !f->right->is_join && f->right->func;
    b->function_lateral = false;
    b->outer_join_depth += rnull;
    rc = bind_from_item(b, f->right, &right);
    b->outer_join_depth -= rnull;
    b->lateral_refused = false;
    b->lateral_slot = false;
    bool function_lateral = b->function_lateral; /* before ON binds functions of its own */
    if (rc)
        return SS_ERROR;
    ss_expr *cond = NULL;
    if ((f->nusing || f->natural) && bind_using(b, f, lo, mid, &cond))
        return SS_ERROR;
    if (f->on) {
        uint32_t saved_lo = b->scope_lo, saved_hi = b->scope_hi;
        const char *saved_context = b->no_agg_context;
        b->scope_lo = lo;
        b->scope_hi = b->nscope;
        b->no_agg_context = "JOIN conditions";
        cond = bind_bool_expr(b, f->on, "JOIN/ON");
        if (cond)
            cond = fold_qual(b, cond);
        b->scope_lo = saved_lo;
        b->scope_hi = saved_hi;
        b->no_agg_context = saved_context;
        if (!cond)
            return SS_ERROR;
    }
    if ((f->using_alias || f->alias) && bind_join_aliases(b, f, lo))
        return SS_ERROR;
    /* a RIGHT JOIN is the LEFT JOIN of its sides swapped: parents reference columns by
       binding, and * expands the scope, which keeps the FROM order */
    bool lateral = !f->right->is_join && (f->right->lateral || (f->right->func && function_lateral));
    bool nested_lateral;
    if (bind_join_reads_left(b, f, left, right, &nested_lateral))
        return SS_ERROR;
    lateral |= nested_lateral;
    if (f->join_type == AST_JOIN_RIGHT)
        return (*out = lop_join(b->ctx, b->arena, SS_JOIN_LEFT, right, left, cond)) ? SS_OK : SS_ERROR;
    ss_join_type type = f->join_type == AST_JOIN_LEFT   ? SS_JOIN_LEFT
                        : f->join_type == AST_JOIN_FULL ? SS_JOIN_FULL
                                                        : SS_JOIN_INNER;
    if (!(*out = lop_join(b->ctx, b->arena, type, left, right, cond)))
        return SS_ERROR;
    (*out)->u.join.lateral = lateral;
    return SS_OK;
}

static int bind_select_body(binder *b, const ast_select *s, ss_bound_stmt *out);

/* The binder's state as before a query's outputs were bound, to bind them again. */
static void reset_outputs(binder *b, uint32_t ndeferred, const int loc[2], const char *const msg[2])
{
    ss_error_clear(b->ctx->err);
    b->ndeferred = ndeferred;
    for (int k = 0; k < 2; k++) {
        b->grouping_loc[k] = loc[k];
        b->grouping_msg[k] = msg[k];
    }
    b->agg = NULL;
    b->agg_mode = false;
    b->in_having = false;
    b->win = NULL;
}

/* After the outputs of a query that is not an aggregate query failed to bind: true when an
 * outer-level aggregate of a subquery made it one (bind_outer_agg.c), the error it raised
 * cleared and the binder's error notes put back, for the outputs to be bound again. */
static bool retry_as_aggregate(binder *b, bool *want_agg, bool *is_agg, uint32_t ndeferred, const int loc[2],
                               const char *const msg[2])
{
    b->want_agg = NULL;
    if (!*want_agg || *is_agg)
        return false;
    *want_agg = false;
    *is_agg = true;
    reset_outputs(b, ndeferred, loc, msg);
    return true;
}

int bind_select(binder *b, const ast_select *s, ss_bound_stmt *out)
{
    window_state *outer_win = b->win; /* a query of its own has its own window clauses */
    b->win = NULL;
    bool *outer_want_agg = b->want_agg; /* and its own aggregation (bind_outer_agg.c) */
    b->want_agg = NULL;
    /* and its own set-returning functions of the select list: a subquery bound among the
       outputs leaves the enclosing query's in place */
    const ast_expr *srf_ast = b->srf_ast, *const *srf_more = b->srf_more;
    ss_expr *srf_col = b->srf_col, **srf_more_cols = b->srf_more_cols;
    uint32_t nsrf_more = b->nsrf_more;
    bool may_lock = b->locking_ok; /* (LK) the statement's own query, not a nested one */
    b->locking_ok = false;
    struct ast_locking *through = b->lock_through_next;
    b->lock_through_next = NULL;
    int rc;
    cte_mark outer_mark; /* INSERT's WITH around its query's own (ast_select.outer_with) */
    if (s->outer_with && bind_with(b, s->outer_with, &outer_mark)) {
        b->win = outer_win;
        b->want_agg = outer_want_agg;
        return SS_ERROR;
    }
    if (!s->nctes) {
        b->locking_here = may_lock;
        b->lock_through_here = through;
        rc = bind_select_body(b, s, out);
    } else {
        cte_mark mark;
        if (bind_with(b, s, &mark)) {
            b->win = outer_win;
            b->want_agg = outer_want_agg;
            return SS_ERROR;
        }
        b->locking_here = may_lock;
        b->lock_through_here = through;
        rc = bind_select_body(b, s, out);
        unbind_with(b, &mark);
    }
    if (s->outer_with)
        unbind_with(b, &outer_mark);
    b->win = outer_win;
    b->want_agg = outer_want_agg;
    b->srf_ast = srf_ast;
    b->srf_col = srf_col;
    b->srf_more = srf_more;
    b->srf_more_cols = srf_more_cols;
    b->nsrf_more = nsrf_more;
    return rc;
}

static int bind_select_body(binder *b, const ast_select *s, ss_bound_stmt *out)
{
    bool lock_here = b->locking_here;
    b->locking_here = false;
    struct ast_locking *through = b->lock_through_here;
    b->lock_through_here = NULL;
    if (through && s->values)
        through = NULL; /* VALUES has no rows to lock */
    if (through && bind_locking_through_refused(b, s, through))
        return SS_ERROR;
    /* (LK) a nested query's own locking clause (not the statement's SELECT, not one its
       enclosing query locks through): a row-lock filter of its own (bind_locking_filter) */
    bool nested = s->nlocking && !lock_here && !through;
    if (s->values)
        return bind_values_query(b, s, out) ? SS_ERROR : bind_output_order_limit(b, s, out, false);
    if (s->setop)
        return bind_setop_query(b, s, out);
    if (!through) {
        /* set-returning functions above an aggregation or window functions, nested ones, one
           in GROUP BY: a query over a subquery (bind_srf_split.c) */
        ast_select *split;
        if (srf_split_select(b, s, &split))
            return SS_ERROR;
        if (split)
            return bind_select_body(b, split, out);
    }

    /* a query of its own: its FROM scope starts empty (the branches of a set operation are
       bound one after the other by the same binder) */
    b->nscope = b->scope_lo = b->scope_hi = b->scope_base;
    b->table = NULL;
    b->table_ref = NULL;
    b->table_rel = 0;
    ss_lop *top;
    /* (LK) the locking clauses this query's FROM subqueries and views are locked through
       with: its own, or the one its enclosing query locks it through with */
    ast_select through_s;
    const ast_select *locking = s->nlocking ? s : NULL;
    if (through) {
        memset(&through_s, 0, sizeof through_s);
        through_s.locking = through;
        through_s.nlocking = 1;
        locking = &through_s;
    }
    if (s->from) {
        uint32_t refs = b->cte_recursive ? b->cte_recursive->nrefs : 0;
        const ast_select *outer_locking = b->locking_from;
        b->locking_from = locking;
        int frc = bind_from_item(b, s->from, &top);
        b->locking_from = outer_locking;
        if (frc || check_recursive_aggregates(b, s, refs))
            return SS_ERROR;
    } else {
        /* no FROM: one row with no columns */
        if (!(top = lop_values(b->ctx, b->arena, new_rel(b), 0, NULL, NULL, 1, NULL)))
            return SS_ERROR;
    }

    bool is_agg = s->ngroup || s->having;
    /* only this query's own aggregates make it an aggregate query: an outer-level one is a
       value of the outer query's (PostgreSQL's agglevelsup) */
    for (uint32_t i = 0; !is_agg && i < s->ntargets; i++)
        is_agg = ast_has_own_aggregate(b, s->targets[i].expr);
    for (uint32_t i = 0; !is_agg && i < s->norder; i++)
        is_agg = ast_has_own_aggregate(b, s->order_by[i].expr);
    for (uint32_t i = 0; !is_agg && i < s->ndistinct_on; i++)
        is_agg = ast_has_own_aggregate(b, s->distinct_on[i]);
    is_agg = is_agg || select_windows_have_aggregate(s);

    if (attach_target_srf(b, s, is_agg, &top))
        return SS_ERROR;
    /* an aggregate of a subquery in the outputs may turn out to be this query's (an
       outer-level aggregate): the outputs are then bound again as an aggregate query's */
    bool want_agg = false;
    uint32_t retry_deferred = b->ndeferred;
    int retry_loc[2] = {b->grouping_loc[0], b->grouping_loc[1]};
    const char *retry_msg[2] = {b->grouping_msg[0], b->grouping_msg[1]};
    fd_groups fd = {0};
bind_outputs:;
    target_list tl;
    memset(&tl, 0, sizeof tl);
    agg_state *st = NULL;
    if (is_agg) {
        st = bind_alloc(b, sizeof *st);
        if (!st)
            return SS_ERROR;
        if (s->ngroup && analyse_before_group_by(b, s))
            return SS_ERROR;
        b->no_agg_context = "GROUP BY";
        if (bind_group_clause(b, s, st) || fd_groups_add(b, st, &fd))
            return SS_ERROR;
        st->rel = new_rel(b);
        b->agg = st;
        b->agg_mode = true;
    } else {
        b->no_agg_context = "this context";
    }
    window_state *win = bind_alloc(b, sizeof *win);
    if (!win)
        return SS_ERROR;
    win->select = s;
    b->win = win;
    b->want_agg = is_agg || b->srf_ast ? NULL : &want_agg;
    if (bind_targets(b, s, &tl)) {
        if (retry_as_aggregate(b, &want_agg, &is_agg, retry_deferred, retry_loc, retry_msg))
            goto bind_outputs;
        return SS_ERROR;
    }
    b->want_agg = NULL;
    ss_expr *having = NULL;
    b->in_having = true;
    if (s->having && (!(having = bind_bool_expr(b, s->having, "HAVING")) || !(having = fold_qual(b, having))))
        return SS_ERROR;
    b->in_having = false;
    /* ORDER BY items are output columns, hidden ones added to the targets when needed */
    uint32_t *key_pos = bind_alloc(b, sizeof(uint32_t) * (s->norder ? s->norder : 1));
    if (!key_pos)
        return SS_ERROR;
    b->want_agg = is_agg || b->srf_ast ? NULL : &want_agg;
    for (uint32_t i = 0; i < s->norder; i++)
        if (order_item(b, s, s->order_by[i].expr, "ORDER BY", &tl, &key_pos[i])) {
            if (retry_as_aggregate(b, &want_agg, &is_agg, retry_deferred, retry_loc, retry_msg))
                goto bind_outputs;
            return SS_ERROR;
        }
    b->want_agg = NULL;
    uint32_t *don_pos = bind_alloc(b, sizeof(uint32_t) * (s->ndistinct_on ? s->ndistinct_on : 1));
    if (!don_pos)
        return SS_ERROR;
    for (uint32_t i = 0; i < s->ndistinct_on; i++)
        if (order_item(b, s, s->distinct_on[i], "DISTINCT ON", &tl, &don_pos[i]))
            return SS_ERROR;
    /* columns dependent on the primary key of a grouped table: bound again as groups */
    if (fd_groups_retry(st) && b->grouping_msg[0] == retry_msg[0] && b->grouping_msg[1] == retry_msg[1]) {
        reset_outputs(b, retry_deferred, retry_loc, retry_msg);
        goto bind_outputs;
    }
    b->agg_mode = false;
    b->win = NULL;

    /* WHERE is bound after the select list, in PostgreSQL's order (which error is reported
       first depends on it), without aggregates */
    if (s->where) {
        agg_state *saved = b->agg;
        b->agg = NULL;
        b->no_agg_context = "WHERE";
        ss_expr *pred = bind_bool_expr(b, s->where, "WHERE");
        b->agg = saved;
        if (!pred || !(pred = fold_qual(b, pred)) || !(top = lop_filter(b->ctx, b->arena, top, pred)))
            return SS_ERROR;
    }
    if (check_window_names(b, s) || raise_grouping_error(b))
        return SS_ERROR;
    if (is_agg) {
        if (drop_unused_aggregates(b, st, &tl, having, win) ||
            !(top = stack_grouping_sets(b, st, top)))
            return SS_ERROR;
        if (having && !(top = lop_filter(b->ctx, b->arena, top, having)))
            return SS_ERROR;
    }
    if (win->n && !(top = stack_windows(b, win, top)))
        return SS_ERROR;

    /* (LK) FOR UPDATE ...: the locked relations' row ids as hidden targets after the rest */
    ss_bound_locking *lk = NULL;
    if (locking) {
        if (bind_locking_targets(b, locking, top, &lk))
            return SS_ERROR;
        for (uint32_t i = 0; i < lk->ntargets; i++) {
            lk->targets[i].col = tl.n;
            if (tl_add(b, &tl, NULL, "ctid", lk->targets[i].rowid, -1))
                return SS_ERROR;
        }
        lk->nvisible = tl.nvisible;
        /* (EPQ) the tables not locked: their row ids too, which a re-check keeps */
        uint32_t *skip = bind_alloc(b, sizeof *skip * (lk->ntargets + 1));
        ss_expr **fixed = NULL;
        if (!skip)
            return SS_ERROR;
        for (uint32_t i = 0; i < lk->ntargets; i++)
            skip[i] = lk->targets[i].rowid->u.column.rel;
        if (!nested && !through &&
            bind_epq_fixed_rows(b, top, skip, lk->ntargets, &fixed, &lk->nfixed))
            return SS_ERROR;
        lk->fixed_col = tl.n;
        for (uint32_t i = 0; i < lk->nfixed; i++)
            if (tl_add(b, &tl, NULL, "ctid", fixed[i], -1))
                return SS_ERROR;
    }
    /* the targets (plus hidden sort keys) */
    ss_lop *proj = lop_project(b->ctx, b->arena, new_rel(b), top, tl.n, tl.exprs, tl.names);
    if (!proj)
        return SS_ERROR;
    top = proj;
    for (uint32_t i = 0; s->distinct && i < tl.nvisible; i++)
        if (bind_check_equality(b, tl.exprs[i]->type, tl.asts[i] ? expr_location(tl.asts[i]) : -1))
            return SS_ERROR;
    if (s->distinct && !(top = lop_distinct(b->ctx, b->arena, top)))
        return SS_ERROR;
    if (s->ndistinct_on) {
        if (stack_distinct_on(b, s, proj, key_pos, don_pos, &top))
            return SS_ERROR;
    } else if (s->norder && stack_sort(b, s, proj, key_pos, &top)) {
        return SS_ERROR;
    }
    if (lk && nested) {
        /* locked above the sort, below the LIMIT (WITH TIES too), as PostgreSQL's LockRows */
        if (bind_locking_filter(b, lk, proj, &top) || stack_limit(b, s, proj, key_pos, &top))
            return SS_ERROR;
    } else if (lk && through) {
        if (stack_limit(b, s, proj, key_pos, &top)) /* the enclosing query locks */
            return SS_ERROR;
    } else if (lk) {
        /* LIMIT / OFFSET (WITH TIES: and the ORDER BY keys) count the rows locked:
           run_locking.c applies them */
        if (s->limit && (s->limit->kind != AE_NULL || s->with_ties) &&
            !(lk->limit = bind_limit_expr(b, s->limit, "LIMIT")))
            return SS_ERROR;
        if (s->with_ties && bind_locking_ties(b, s, proj, key_pos, lk))
            return SS_ERROR;
        if (s->offset && !(lk->offset = bind_limit_expr(b, s->offset, "OFFSET")))
            return SS_ERROR;
        out->locking = lk;
    } else if (stack_limit(b, s, proj, key_pos, &top)) {
        return SS_ERROR;
    }
    if (tl.n > tl.nvisible && (!lk || through || nested)) {
        /* the hidden columns dropped; a query locked through keeps its row ids after the
           visible ones, for the enclosing query (its scope entry shows nvisible columns) */
        uint32_t nkeep = tl.nvisible + (through ? lk->ntargets : 0);
        ss_expr **cols = bind_alloc(b, sizeof(ss_expr *) * (nkeep ? nkeep : 1));
        const char **names = bind_alloc(b, sizeof(char *) * (nkeep ? nkeep : 1));
        if (!cols || !names)
            return SS_ERROR;
        for (uint32_t i = 0; i < nkeep; i++) {
            uint32_t from = i < tl.nvisible ? i : lk->targets[i - tl.nvisible].col;
            names[i] = tl.names[from];
            if (!(cols[i] = make_column(b, proj->rel, from, proj->types[from])))
                return SS_ERROR;
        }
        for (uint32_t i = 0; through && i < lk->ntargets; i++)
            lk->targets[i].col = tl.nvisible + i;
        if (!(top = lop_project(b->ctx, b->arena, new_rel(b), top, nkeep, cols, names)))
            return SS_ERROR;
        if (through)
            out->locking = lk;
    }
    /* deferred folding errors are raised once the statement is bound (raise_deferred_folds),
       when it is known which items of a subquery in FROM anything reads */
    if (s == b->exists_query && drop_exists_targets(b, top)) /* never computed */
        return SS_ERROR;
    out->query = top;
    out->ncols = tl.nvisible;
    out->col_types = (ss_type *)proj->types;
    out->col_names = tl.names;
    return SS_OK;
}
