/* bind_alter.c — ALTER TABLE's DEFAULT and CHECK expressions bound while the statement runs
 * (bind_alter.h), with a binder of their own over ctx's catalog and settings. */
#include "bind/bind_alter.h"
#include "bind/bind_index.h"

#include <string.h>

#include "bind/bind_constraints.h"
#include "catalog/constraints.h"
#include "exec/expr_volatility.h"
#include "exec/expr_walk.h"
#include "types/functions.h"
#include "types/typeio.h"

static int binder_for(ss_ctx *ctx, binder *b)
{
    memset(b, 0, sizeof *b);
    b->ctx = ctx;
    b->catalog = ctx->catalog;
    b->settings = ctx->settings;
    b->arena = ctx->arena;
    b->no_params = true;
    if (!b->arena)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "ALTER TABLE has no execution arena");
    bind_agg_registry_use(ctx->registry);
    return SS_OK;
}

/* PostgreSQL reports the errors of ALTER TABLE's expressions without a position. */
static int no_position(ss_ctx *ctx)
{
    if (ctx->err)
        ctx->err->position = 0;
    return SS_ERROR;
}

bool ss_expr_has_volatile(const ss_expr *e)
{
    return ss_expr_volatility(e) == SS_VOLATILE;
}

int ss_bind_alter_default(ss_ctx *ctx, const ast_expr *a, const char *col, ss_type type, ss_expr **out,
                          bool *is_volatile, const char **text)
{
    binder b;
    if (binder_for(ctx, &b))
        return SS_ERROR;
    ss_expr *e = bind_alter_default(&b, a, col, type);
    if (!e)
        return no_position(ctx);
    *out = e;
    *is_volatile = ss_expr_has_volatile(e);
    *text = bind_deparse_default(&b, a, type);
    return SS_OK;
}

/* Column references of relation rel made batch positions; the distinct columns counted. */
typedef struct positions {
    uint32_t rel;
    int first;
    uint32_t count;
} positions;

static int to_positions(ss_expr **slot, void *arg)
{
    positions *p = arg;
    ss_expr *e = *slot;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == p->rel) {
        int col = (int)e->u.column.index;
        if (p->count == 0 || col != p->first) {
            if (p->count == 0)
                p->first = col;
            p->count++;
        }
        e->u.column.rel = 0;
    }
    return SS_WALK_CONTINUE;
}

int ss_bind_alter_check(ss_ctx *ctx, const ss_table *t, const ss_cons_src *src, ss_expr **out, int *one_col,
                        const char **text)
{
    binder b;
    if (binder_for(ctx, &b))
        return SS_ERROR;
    uint32_t rel = new_rel(&b);
    ss_expr *e = bind_table_check(&b, t, src, rel);
    if (!e)
        return no_position(ctx);
    positions p = {rel, -1, 0};
    ss_expr_walker w = {to_positions, NULL, &p, NULL};
    ss_expr_walk(&e, &w);
    *out = e;
    *one_col = p.count == 1 ? p.first : -1;
    const ast_expr *a = bind_source_check(&b, t, src);
    const char **names = bind_alloc(&b, sizeof(char *) * (t->ncols ? t->ncols : 1));
    const char **now = bind_alloc(&b, sizeof(char *) * (t->ncols ? t->ncols : 1));
    if (!a || !names || !now)
        return SS_ERROR;
    for (uint32_t c = 0; c < t->ncols; c++) {
        names[c] = src->names && src->names[c] ? src->names[c] : "";
        now[c] = t->cols[c].name;
    }
    *text = bind_deparse_check_as(&b, a, names, now, t->types, t->ncols);
    return SS_OK;
}

int ss_bind_alter_type(ss_ctx *ctx, const ast_column_def *d, ss_type *out, bool *serial)
{
    binder b;
    if (binder_for(ctx, &b))
        return SS_ERROR;
    if ((*serial = bind_serial_type(&d->type, out) == 1))
        return bind_column_collation(&b, d->collation, d->collation_location, *out) ? SS_ERROR : SS_OK;
    return bind_type_name(&b, &d->type, out) || bind_check_column_type(&b, d->name, *out) ||
                   bind_column_collation(&b, d->collation, d->collation_location, *out)
               ? SS_ERROR
               : SS_OK;
}

int ss_bind_alter_collation(ss_ctx *ctx, const ast_column_def *d, ss_type type)
{
    binder b;
    if (binder_for(ctx, &b))
        return SS_ERROR;
    return bind_column_collation(&b, d->collation, d->collation_location, type) ? SS_ERROR : SS_OK;
}

int ss_bind_alter_sequence(ss_ctx *ctx, const char *table, const ast_column_def *d, ss_type type,
                           struct ss_seq_new_def *sc, char **default_text)
{
    binder b;
    if (binder_for(ctx, &b))
        return SS_ERROR;
    return bind_column_sequence(&b, table, d, type.id, NULL, 0, sc, default_text) ? no_position(ctx) : SS_OK;
}

ss_expr *ss_bind_alter_nextval(ss_ctx *ctx, const char *seq, ss_type type)
{
    binder b;
    if (binder_for(ctx, &b))
        return NULL;
    return bind_nextval(&b, seq, type);
}

ss_expr *ss_bind_alter_assign(ss_ctx *ctx, ss_expr *e, ss_type type)
{
    binder b;
    if (binder_for(ctx, &b))
        return NULL;
    return coerce_expr(&b, e, type, CAST_ASSIGNMENT, -1);
}

ss_expr *ss_bind_alter_null(ss_ctx *ctx, ss_type type)
{
    binder b;
    if (binder_for(ctx, &b))
        return NULL;
    return make_null(&b, type);
}

int ss_bind_alter_using(ss_ctx *ctx, const ss_table *t, uint32_t col, const ast_type_name *tn, const ast_expr *a,
                        ss_type *type, ss_expr **out)
{
    binder b;
    if (binder_for(ctx, &b))
        return SS_ERROR;
    if (bind_type_name(&b, tn, type) || bind_check_column_type(&b, t->cols[col].name, *type))
        return no_position(ctx);
    uint32_t rel;
    ss_expr *e;
    if (bind_table_scope(&b, t, &rel))
        return SS_ERROR;
    if (a) {
        b.no_agg_context = "transform expressions";
        b.sublink_refused = "transform expression";
        e = bind_expr(&b, a);
    } else {
        e = make_column(&b, rel, col, t->types[col]);
    }
    if (!e)
        return no_position(ctx);
    ss_expr *ce = coerce_expr(&b, e, *type, CAST_ASSIGNMENT, -1);
    if (!ce) {
        if (!ss_ctx_error_pending(ctx) || strcmp(ctx->err->sqlstate, SS_SQLSTATE_DATATYPE_MISMATCH) != 0)
            return no_position(ctx);
        char tb[96];
        ss_error_clear(ctx->err);
        ss_type_display_name((ss_type){type->id, -1}, tb, sizeof tb);
        if (a) {
            ss_ctx_error(ctx, SS_SQLSTATE_DATATYPE_MISMATCH,
                         "result of USING clause for column \"%s\" cannot be cast automatically to type %s",
                         t->cols[col].name, tb);
            ss_ctx_error_hint(ctx, "You might need to add an explicit cast.");
        } else {
            ss_ctx_error(ctx, SS_SQLSTATE_DATATYPE_MISMATCH, "column \"%s\" cannot be cast automatically to type %s",
                         t->cols[col].name, tb);
            ss_ctx_error_hint(ctx, "You might need to specify \"USING %s::%s\".", t->cols[col].name, tb);
        }
        return SS_ERROR;
    }
    positions p = {rel, -1, 0};
    ss_expr_walker w = {to_positions, NULL, &p, NULL};
    ss_expr_walk(&ce, &w);
    *out = ce;
    return SS_OK;
}

int ss_bind_alter_redefault(ss_ctx *ctx, const ss_table *t, uint32_t col, const char **text)
{
    binder b;
    if (binder_for(ctx, &b))
        return SS_ERROR;
    const ast_expr *a = bind_source_default(&b, t, &t->cons->cols[col].src);
    if (!a)
        return SS_ERROR;
    ss_expr *e = bind_alter_default(&b, a, t->cols[col].name, t->types[col]);
    if (!e) {
        if (ss_ctx_error_pending(ctx) && strcmp(ctx->err->sqlstate, SS_SQLSTATE_DATATYPE_MISMATCH) == 0) {
            char tb[96];
            ss_error_clear(ctx->err);
            ss_ctx_error(ctx, SS_SQLSTATE_DATATYPE_MISMATCH,
                         "default for column \"%s\" cannot be cast automatically to type %s", t->cols[col].name,
                         ss_type_display_name((ss_type){t->types[col].id, -1}, tb, sizeof tb));
        }
        return no_position(ctx);
    }
    *text = bind_deparse_default(&b, a, t->types[col]);
    return SS_OK;
}

/* Whether the column e reads is col (of relation rel). */
typedef struct col_use {
    uint32_t rel, col;
    bool found;
} col_use;

static int note_use(const ss_expr *e, void *arg)
{
    col_use *u = arg;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == u->rel && e->u.column.index == u->col) {
        u->found = true;
        return SS_WALK_STOP;
    }
    return SS_WALK_CONTINUE;
}

int ss_bind_generated_users(ss_ctx *ctx, const ss_table *t, uint32_t col, bool *users)
{
    memset(users, 0, sizeof *users * t->ncols);
    if (!bind_has_generated(t))
        return SS_OK;
    binder b;
    if (binder_for(ctx, &b))
        return SS_ERROR;
    ss_bound_checks bc;
    memset(&bc, 0, sizeof bc);
    if (bind_generated_exprs(&b, t, &bc))
        return no_position(ctx);
    for (uint32_t g = 0; g < bc.ngen; g++) {
        col_use u = {0, col, false}; /* bound over the row: relation 0 */
        ss_expr_walk_const(bc.gen_exprs[g], note_use, &u, NULL);
        if (u.found && bc.gen_cols[g] != col)
            users[bc.gen_cols[g]] = true;
    }
    return SS_OK;
}

int ss_bind_generated_user(ss_ctx *ctx, const ss_table *t, uint32_t col, int *user)
{
    *user = -1;
    bool *users = ctx->arena ? ss_arena_alloc(ctx->arena, sizeof *users * (t->ncols ? t->ncols : 1)) : NULL;
    if (!users)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (ss_bind_generated_users(ctx, t, col, users))
        return SS_ERROR;
    for (uint32_t c = 0; c < t->ncols && *user < 0; c++)
        if (users[c])
            *user = (int)c;
    return SS_OK;
}

int ss_bind_alter_generation(ss_ctx *ctx, const ss_table *t, uint32_t col, const ast_expr *a, ss_expr **out,
                             const char **text)
{
    binder b;
    if (binder_for(ctx, &b))
        return SS_ERROR;
    const char **names = bind_alloc(&b, sizeof(char *) * (t->ncols ? t->ncols : 1));
    bool *gen = bind_alloc(&b, sizeof(bool) * (t->ncols ? t->ncols : 1));
    if (!names || !gen)
        return SS_ERROR;
    for (uint32_t c = 0; c < t->ncols; c++) {
        names[c] = t->cols[c].name;
        gen[c] = c == col || (t->cons && t->cons->cols[c].generated);
    }
    char *dt;
    if (bind_generation_checked(&b, a, t->name, t->ncols, names, t->types, gen, col, out, &dt))
        return no_position(ctx);
    *text = dt;
    return SS_OK;
}

int ss_bind_generated_texts(ss_ctx *ctx, const ss_table *t, char **texts)
{
    binder b;
    if (binder_for(ctx, &b))
        return SS_ERROR;
    const char **names = bind_alloc(&b, sizeof(char *) * (t->ncols ? t->ncols : 1));
    const char **now = bind_alloc(&b, sizeof(char *) * (t->ncols ? t->ncols : 1));
    if (!names || !now)
        return SS_ERROR;
    for (uint32_t c = 0; c < t->ncols; c++) {
        texts[c] = NULL;
        const ss_col_cons *cc = t->cons ? &t->cons->cols[c] : NULL;
        if (!cc || !cc->generated)
            continue;
        const ast_expr *a = bind_source_default(&b, t, &cc->src);
        if (!a)
            return SS_ERROR;
        for (uint32_t k = 0; k < t->ncols; k++) {
            names[k] = cc->src.names && cc->src.names[k] ? cc->src.names[k] : "";
            now[k] = t->cols[k].name;
        }
        const char *text = bind_deparse_check_as(&b, a, names, now, t->types, t->ncols);
        if (!text || !(texts[c] = bind_generated_text(&b, text)))
            return SS_ERROR;
    }
    return SS_OK;
}
