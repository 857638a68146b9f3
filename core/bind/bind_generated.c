/* bind_generated.c — generated columns (GENERATED ALWAYS AS (expr) STORED) in the binder:
 * the expression checked at CREATE TABLE as PostgreSQL's cookDefault and
 * check_nested_generated do, bound again over the new row for each INSERT / UPDATE / COPY
 * (catalog/generated_columns.c computes it), and the 428C9 of a value given to one. */
#include <stdio.h>
#include <stdlib.h>

#include "bind/bind_alter.h"
#include "bind/bind_constraints.h"
#include "catalog/constraints.h"
#include "catalog/namespace.h"
#include "exec/expr_volatility.h"
#include "exec/expr_walk.h"

/* The first column of rel the expression reads that is generated (gen[i]); -1: none. */
typedef struct gen_ref {
    uint32_t rel;
    const bool *gen;
    int64_t found;
} gen_ref;

static int note_generated(const ss_expr *e, void *arg)
{
    gen_ref *r = arg;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == r->rel && r->gen[e->u.column.index] && r->found < 0) {
        r->found = e->u.column.index;
        return SS_WALK_STOP;
    }
    return SS_WALK_CONTINUE;
}

/* A generation expression over the columns names / types, coerced to column col_name's type
 * (CREATE TABLE passes it without typmod: as cookDefault, a value too long fails when it is
 * written). */
static ss_expr *bind_generation(binder *b, const ast_expr *a, const char *table, uint32_t ncols,
                                const char *const *names, const ss_type *types, uint32_t rel,
                                const char *col_name, ss_type type)
{
    ss_expr *e = bind_row_expr(b, a, table, ncols, names, types, rel, true);
    if (!e)
        return NULL;
    return bind_coerce_to_column(b, e, col_name, type, "generation", a->location);
}

char *bind_generated_text(binder *b, const char *check_text)
{
    /* check_text is "CHECK (expr)": shown as "generated always as (expr) stored" */
    size_t n = strlen(check_text);
    if (n < 8 || strncmp(check_text, "CHECK (", 7) || check_text[n - 1] != ')') {
        bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR, "unexpected generation expression text");
        return NULL;
    }
    char *dt = bind_alloc(b, n + 40);
    if (dt)
        snprintf(dt, n + 40, "generated always as (%.*s) stored", (int)(n - 8), check_text + 7);
    return dt;
}

/* Column references of relation rel made batch positions (the new row). */
static int to_row(ss_expr **slot, void *arg)
{
    const uint32_t *rel = arg;
    if ((*slot)->kind == EXPR_COLUMN && (*slot)->u.column.rel == *rel)
        (*slot)->u.column.rel = 0;
    return SS_WALK_CONTINUE;
}

int bind_generation_checked(binder *b, const ast_expr *a, const char *table, uint32_t ncols,
                            const char *const *names, const ss_type *types, const bool *gen, uint32_t col,
                            ss_expr **out, char **text)
{
    uint32_t rel = new_rel(b);
    ss_type untyped_mod = {types[col].id, -1};
    ss_expr *e = bind_generation(b, a, table, ncols, names, types, rel, names[col], untyped_mod);
    if (!e)
        return SS_ERROR;
    gen_ref r = {rel, gen, -1};
    ss_expr_walk_const(e, note_generated, &r, NULL);
    if (r.found >= 0) {
        bind_error(b, -1, "42P17", "cannot use generated column \"%s\" in column generation expression",
                   names[r.found]);
        ss_ctx_error_detail(b->ctx, "A generated column cannot reference another generated column.");
        return SS_ERROR;
    }
    if (!ss_expr_is_immutable(e))
        return bind_error(b, -1, "42P17", "generation expression is not immutable");
    const char *ct = bind_deparse_check(b, a, names, types, ncols);
    if (!ct)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "generated columns: this generation expression cannot be shown (not supported)");
    if (!(*text = bind_generated_text(b, ct)))
        return SS_ERROR;
    ss_expr_walker w = {to_row, NULL, &rel, NULL};
    ss_expr_walk(&e, &w);
    *out = e;
    return SS_OK;
}

int bind_generated_column(binder *b, const ast_stmt *st, const char *const *names, const ss_type *types, uint32_t i,
                          ss_col_cons *cc)
{
    uint32_t nc = st->ncoldefs;
    bool *gen = bind_alloc(b, sizeof(bool) * nc);
    if (!gen)
        return SS_ERROR;
    for (uint32_t c = 0; c < nc; c++)
        gen[c] = st->coldefs[c].generated;
    ss_expr *e;
    char *dt;
    if (bind_generation_checked(b, st->coldefs[i].default_expr, ss_ns_rel(st->table), nc, names, types, gen, i, &e,
                                &dt))
        return SS_ERROR;
    cc->has_default = true;
    cc->generated = true;
    cc->default_text = dt;
    return SS_OK;
}

bool bind_has_generated(const ss_table *t)
{
    for (uint32_t c = 0; t->cons && c < t->ncols; c++)
        if (t->cons->cols[c].generated)
            return true;
    return false;
}

int bind_generated_exprs(binder *b, const ss_table *t, ss_bound_checks *bc)
{
    uint32_t n = 0;
    for (uint32_t c = 0; c < t->ncols; c++)
        n += t->cons->cols[c].generated;
    if (!n)
        return SS_OK;
    bc->gen_cols = bind_alloc(b, sizeof(uint32_t) * n);
    bc->gen_exprs = bind_alloc(b, sizeof(ss_expr *) * n);
    const char **names = bind_alloc(b, sizeof(char *) * t->ncols);
    if (!bc->gen_cols || !bc->gen_exprs || !names)
        return SS_ERROR;
    bc->ngen = 0;
    for (uint32_t c = 0; c < t->ncols; c++) {
        const ss_col_cons *cc = &t->cons->cols[c];
        if (!cc->generated)
            continue;
        const ast_expr *a = bind_source_default(b, t, &cc->src);
        if (!a)
            return SS_ERROR;
        for (uint32_t k = 0; k < t->ncols; k++)
            names[k] = cc->src.names && cc->src.names[k] ? cc->src.names[k] : ""; /* "": no name matches */
        uint32_t rel = new_rel(b);
        ss_expr *e = bind_generation(b, a, cc->src.table ? cc->src.table : t->name, t->ncols, names, t->types, rel,
                                     t->cols[c].name, t->types[c]);
        if (!e)
            return SS_ERROR;
        ss_expr_walker w = {to_row, NULL, &rel, NULL};
        ss_expr_walk(&e, &w);
        bc->gen_cols[bc->ngen] = c;
        bc->gen_exprs[bc->ngen++] = e;
    }
    return SS_OK;
}

int bind_generated_target(binder *b, const ss_table *t, uint32_t col, const char *doing)
{
    if (!strcmp(doing, "update"))
        bind_error(b, -1, "428C9", "column \"%s\" can only be updated to DEFAULT", t->cols[col].name);
    else
        bind_error(b, -1, "428C9", "cannot %s column \"%s\"", doing, t->cols[col].name);
    ss_ctx_error_detail(b->ctx, "Column \"%s\" is a generated column.", t->cols[col].name);
    return SS_ERROR;
}
