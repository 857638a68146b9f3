/* bind_default.c — column defaults, identity columns and CHECK constraints in the binder:
 * validated and named at CREATE TABLE as PostgreSQL's cookDefault / AddRelationNewConstraints
 * do, and bound again from the table's CREATE TABLE text for each INSERT (omitted columns,
 * DEFAULT, DEFAULT VALUES) and for the CHECKs over the new rows. */
#include <stdio.h>
#include <stdlib.h>

#include "bind/bind_constraints.h"
#include "catalog/constraints.h"
#include "catalog/namespace.h"
#include "catalog/sequences.h"
#include "exec/expr_walk.h"

int bind_serial_type(const ast_type_name *tn, ss_type *out)
{
    if (tn->is_array || !tn->name)
        return 0;
    int32_t id = !strcmp(tn->name, "serial") || !strcmp(tn->name, "serial4")        ? SS_TYPE_INT4
                 : !strcmp(tn->name, "bigserial") || !strcmp(tn->name, "serial8")   ? SS_TYPE_INT8
                 : !strcmp(tn->name, "smallserial") || !strcmp(tn->name, "serial2") ? SS_TYPE_INT2
                                                                                     : 0;
    if (!id)
        return 0;
    out->id = id;
    out->typmod = -1;
    return 1;
}

/* An expression of a DEFAULT or CHECK: no subquery, no aggregate (PostgreSQL's messages). */
static ss_expr *bind_constraint_expr(binder *b, const ast_expr *a, const char *agg_context, const char *what)
{
    const char *saved = b->no_agg_context;
    const char *saved_sub = b->sublink_refused;
    b->no_agg_context = agg_context;
    b->sublink_refused = what;
    ss_expr *e = bind_expr(b, a);
    b->no_agg_context = saved;
    b->sublink_refused = saved_sub;
    return e;
}

/* A DEFAULT bound and coerced to its column (42804 in PostgreSQL's words). */
static ss_expr *bind_default_expr(binder *b, const ast_expr *a, const char *col, ss_type type)
{
    uint32_t nscope = b->nscope, lo = b->scope_lo, hi = b->scope_hi;
    b->scope_lo = b->scope_hi = b->nscope; /* a default sees no columns */
    ss_expr *e = bind_constraint_expr(b, a, "DEFAULT expressions", "DEFAULT expression");
    b->nscope = nscope;
    b->scope_lo = lo;
    b->scope_hi = hi;
    return e ? bind_coerce_to_column(b, e, col, type, "default", a->location) : NULL;
}

ss_expr *bind_coerce_to_column(binder *b, ss_expr *e, const char *col, ss_type type, const char *what, int location)
{
    ss_expr *ce = coerce_expr(b, e, type, CAST_ASSIGNMENT, location);
    if (!ce && ss_ctx_error_pending(b->ctx) && !strcmp(b->ctx->err->sqlstate, SS_SQLSTATE_DATATYPE_MISMATCH)) {
        char b1[96], b2[96];
        ss_error_clear(b->ctx->err);
        bind_error(b, -1, SS_SQLSTATE_DATATYPE_MISMATCH, "column \"%s\" is of type %s but %s expression is of type %s",
                   col, ss_type_display_name(type, b1, sizeof b1), what, ss_type_display_name(e->type, b2, sizeof b2));
        ss_ctx_error_hint(b->ctx, "You will need to rewrite or cast the expression.");
    }
    return ce;
}

/* nextval('seq') as the parser would give it. */
ss_expr *bind_nextval(binder *b, const char *seq, ss_type type)
{
    ast_expr *f = bind_alloc(b, sizeof *f), *arg = bind_alloc(b, sizeof *arg);
    const char **names = bind_alloc(b, sizeof *names);
    ast_expr **args = bind_alloc(b, sizeof *args);
    if (!f || !arg || !names || !args)
        return NULL;
    memset(f, 0, sizeof *f);
    memset(arg, 0, sizeof *arg);
    names[0] = "nextval";
    arg->kind = AE_STRING;
    arg->location = -1;
    /* quoted: the name is kept as it is */
    size_t n = strlen(seq);
    char *q = bind_alloc(b, 2 * n + 3);
    if (!q)
        return NULL;
    size_t o = 0;
    q[o++] = '"';
    for (size_t i = 0; i < n; i++) {
        if (seq[i] == '"')
            q[o++] = '"';
        q[o++] = seq[i];
    }
    q[o++] = '"';
    q[o] = 0;
    arg->str = q;
    args[0] = arg;
    f->kind = AE_FUNC;
    f->location = -1;
    f->names = names;
    f->nnames = 1;
    f->args = args;
    f->nargs = 1;
    ss_expr *e = bind_expr(b, f);
    return e ? coerce_expr(b, e, type, CAST_ASSIGNMENT, -1) : NULL;
}

ss_expr *bind_row_expr(binder *b, const ast_expr *a, const char *table, uint32_t ncols, const char *const *names,
                      const ss_type *types, uint32_t rel, bool generation)
{
    uint32_t nscope = b->nscope, lo = b->scope_lo, hi = b->scope_hi;
    range_entry re;
    memset(&re, 0, sizeof re);
    re.ref = table;
    re.table_name = table;
    re.ncols = ncols;
    re.col_names = names;
    re.col_types = types;
    re.rel = rel;
    b->scope_lo = b->nscope;
    if (push_entry(b, &re))
        return NULL;
    const char *saved = b->no_agg_context;
    const char *saved_sub = b->sublink_refused;
    b->no_agg_context = generation ? "column generation expressions" : "check constraints";
    b->sublink_refused = generation ? "column generation expression" : "check constraint";
    ss_expr *e = generation ? bind_expr(b, a) : bind_bool_expr(b, a, "CHECK");
    b->no_agg_context = saved;
    b->sublink_refused = saved_sub;
    b->nscope = nscope;
    b->scope_lo = lo;
    b->scope_hi = hi;
    return e;
}

/* Binds the CHECKs over a scope entry for the table's columns (relation rel). */
static ss_expr *bind_check(binder *b, const ast_check *k, const char *table, uint32_t ncols,
                           const char *const *names, const ss_type *types, uint32_t rel)
{
    return bind_row_expr(b, k->expr, table, ncols, names, types, rel, false);
}

/* The columns of rel a CHECK reads: one distinct column gives PostgreSQL's t_col_check. */
typedef struct col_seen {
    uint32_t rel, first, count;
} col_seen;

static int note_column(const ss_expr *e, void *arg)
{
    col_seen *s = arg;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == s->rel) {
        if (s->count == 0 || e->u.column.index != s->first) {
            if (s->count == 0)
                s->first = e->u.column.index;
            s->count++;
        }
    }
    return SS_WALK_CONTINUE;
}

int bind_column_sequence(binder *b, const char *table, const ast_column_def *d, int32_t type,
                         const char *const *taken, uint32_t ntaken, ss_seq_new_def *sc, char **default_text)
{
    if (d->identity && type != SS_TYPE_INT2 && type != SS_TYPE_INT4 && type != SS_TYPE_INT8)
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                          "identity column type must be smallint, integer, or bigint");
    memset(sc, 0, sizeof *sc);
    ast_seq_options none;
    memset(&none, 0, sizeof none);
    const ast_seq_options *o = d->identity ? &d->ident_opts : &none;
    if (bind_seq_params(b, o, type, &sc->p))
        return SS_ERROR;
    if (o->seq_name) {
        if (bind_relation_name_taken(b, o->seq_name))
            return bind_error(b, -1, SS_SQLSTATE_DUPLICATE_TABLE, "relation \"%s\" already exists", o->seq_name);
        sc->name = o->seq_name;
    } else if (!(sc->name = bind_choose_name(b, table, d->name, "seq", taken, ntaken, true))) {
        return SS_ERROR;
    }
    /* the owner schema-qualified: the search path may differ when it is dropped */
    char *owner = bind_alloc(b, SS_NS_REF_MAX);
    if (!owner || !ss_ns_creation_ref(b->ctx, b->catalog, table, owner, SS_NS_REF_MAX))
        return SS_ERROR;
    sc->owner_table = owner;
    sc->owner_column = d->name;
    sc->owner_kind = d->identity ? 'i' : 's';
    char buf[300];
    if (d->identity)
        snprintf(buf, sizeof buf, "generated %s as identity", d->identity == 'a' ? "always" : "by default");
    else
        snprintf(buf, sizeof buf, "nextval('%s'::regclass)", /* pg_temp comes first: bare, as regclass shows it */
                 strncmp(sc->name, "pg_temp.", 8) == 0 ? ss_ns_rel(sc->name) : sc->name);
    if (!(*default_text = bind_alloc(b, strlen(buf) + 1)))
        return SS_ERROR;
    memcpy(*default_text, buf, strlen(buf) + 1);
    return SS_OK;
}

int bind_create_constraints(binder *b, const ast_stmt *st, const ss_column_def *cols, ss_bound_stmt *out)
{
    uint32_t nc = st->ncoldefs;
    ss_table_cons *tc = bind_alloc(b, sizeof *tc);
    const char **names = bind_alloc(b, sizeof(char *) * (nc ? nc : 1));
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (nc ? nc : 1));
    ss_seq_new_def *seqs = bind_alloc(b, sizeof *seqs * (nc ? nc : 1));
    const char **seq_names = bind_alloc(b, sizeof(char *) * (nc ? nc : 1));
    if (!tc || !names || !types || !seqs || !seq_names)
        return SS_ERROR;
    memset(tc, 0, sizeof *tc);
    if (!(tc->cols = bind_alloc(b, sizeof *tc->cols * (nc ? nc : 1))))
        return SS_ERROR;
    memset(tc->cols, 0, sizeof *tc->cols * (nc ? nc : 1));
    tc->create_sql = (char *)st->view_sql;
    uint32_t nseqs = 0;
    bool any = st->nchecks > 0;
    for (uint32_t i = 0; i < nc; i++) {
        names[i] = cols[i].name;
        types[i] = cols[i].type;
    }
    for (uint32_t i = 0; i < nc; i++) {
        const ast_column_def *d = &st->coldefs[i];
        ss_type serial;
        bool is_serial = bind_serial_type(&d->type, &serial) == 1;
        if (is_serial && d->default_expr)
            return bind_error(b, -1, "42601", "multiple default values specified for column \"%s\" of table \"%s\"",
                              d->name, ss_ns_rel(st->table));
        if (is_serial && d->identity)
            return bind_error(b, -1, "42601", "both default and identity specified for column \"%s\" of table \"%s\"",
                              d->name, ss_ns_rel(st->table));
        if (d->generated) {
            any = true;
            if (bind_generated_column(b, st, names, types, i, &tc->cols[i]))
                return SS_ERROR;
            continue;
        }
        if (d->default_expr) {
            any = true;
            tc->cols[i].has_default = true;
            /* coerced without the typmod: a value too long for it fails when it is inserted */
            ss_type untyped_mod = {cols[i].type.id, -1};
            if (!bind_default_expr(b, d->default_expr, d->name, untyped_mod))
                return SS_ERROR;
            tc->cols[i].default_text = (char *)bind_deparse_default(b, d->default_expr, cols[i].type);
        }
        if (!is_serial && !d->identity)
            continue;
        any = true;
        ss_seq_new_def *sc = &seqs[nseqs];
        if (bind_column_sequence(b, st->table, d, cols[i].type.id, seq_names, nseqs, sc, &tc->cols[i].default_text))
            return SS_ERROR;
        seq_names[nseqs++] = sc->name;
        tc->cols[i].identity = d->identity;
        tc->cols[i].seq = (char *)sc->name;
    }
    /* CHECKs: bound over the new columns; names as PostgreSQL chooses them, written ones
       first taken (42710 for a duplicate) */
    tc->nchecks = st->nchecks;
    if (st->nchecks) {
        tc->check_names = bind_alloc(b, sizeof(char *) * st->nchecks);
        tc->check_texts = bind_alloc(b, sizeof(char *) * st->nchecks);
        if (!tc->check_names || !tc->check_texts)
            return SS_ERROR;
        memset(tc->check_texts, 0, sizeof(char *) * st->nchecks);
    }
    uint32_t rel = new_rel(b);
    col_seen *seen = bind_alloc(b, sizeof *seen * (st->nchecks ? st->nchecks : 1));
    if (!seen)
        return SS_ERROR;
    for (uint32_t k = 0; k < st->nchecks; k++) {
        ss_expr *e = bind_check(b, &st->checks[k], ss_ns_rel(st->table), nc, names, types, rel);
        if (!e)
            return SS_ERROR;
        tc->check_texts[k] = (char *)bind_deparse_check(b, st->checks[k].expr, names, types, nc);
        seen[k].rel = rel;
        seen[k].count = 0;
        ss_expr_walk_const(e, note_column, &seen[k], NULL);
    }
    /* in written order, as AddRelationNewConstraints: a written name must not be one chosen
       or written before it; a chosen one avoids those */
    for (uint32_t k = 0; k < st->nchecks; k++) {
        tc->check_names[k] = (char *)st->checks[k].name;
        for (uint32_t j = 0; st->checks[k].name && j < k; j++)
            if (!strcmp(tc->check_names[j], st->checks[k].name))
                return bind_error(b, -1, SS_SQLSTATE_DUPLICATE_OBJECT, "check constraint \"%s\" already exists",
                                  st->checks[k].name);
        if (tc->check_names[k])
            continue;
        const char *col = seen[k].count == 1 ? names[seen[k].first] : NULL;
        if (!(tc->check_names[k] =
                  (char *)bind_choose_name(b, ss_ns_rel(st->table), col, "check", (const char *const *)tc->check_names, k, false)))
            return SS_ERROR;
    }
    out->create_cons = any ? tc : NULL;
    out->seqs = seqs;
    out->nseqs = nseqs;
    return SS_OK;
}

/* The statement a DEFAULT or CHECK is read from, parsed again (CREATE TABLE, or ALTER TABLE
 * ... ADD COLUMN / SET DEFAULT / ADD CHECK). */
static const ast_stmt *source_stmt(binder *b, const ss_table *t, const ss_cons_src *src, bool check)
{
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error perr;
    if (!src->sql || ss_parse(b->arena, src->sql, &stmts, &n, &perr) || n != 1 ||
        (stmts[0]->kind != AST_CREATE_TABLE && stmts[0]->kind != AST_ALTER_TABLE) ||
        (check ? src->index >= stmts[0]->nchecks
               : src->index >= stmts[0]->ncoldefs || !stmts[0]->coldefs[src->index].default_expr)) {
        bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR, "the definition of table \"%s\" cannot be read", t->name);
        return NULL;
    }
    return stmts[0];
}

ss_expr *bind_column_default(binder *b, const ss_table *t, uint32_t col)
{
    const ss_col_cons *cc = t->cons ? &t->cons->cols[col] : NULL;
    if (cc && cc->seq)
        return bind_nextval(b, cc->seq, t->types[col]);
    if (!cc || !cc->has_default || cc->generated) /* a generated column is filled later */
        return make_null(b, t->types[col]);
    const ast_stmt *st = source_stmt(b, t, &cc->src, false);
    if (!st)
        return NULL;
    return bind_default_expr(b, st->coldefs[cc->src.index].default_expr, t->cols[col].name, t->types[col]);
}

ss_expr *bind_view_default(binder *b, const ss_view *v, uint32_t col)
{
    const ss_view_default *d = &v->defaults[col];
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error perr;
    if (ss_parse(b->arena, d->sql, &stmts, &n, &perr) || n != 1 || stmts[0]->kind != AST_ALTER_TABLE ||
        d->index >= stmts[0]->ncoldefs || !stmts[0]->coldefs[d->index].default_expr) {
        bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR, "the default of column \"%s\" of view \"%s\" cannot be read",
                   v->col_names[col], v->name);
        return NULL;
    }
    return bind_default_expr(b, stmts[0]->coldefs[d->index].default_expr, v->col_names[col], v->types[col]);
}

ss_expr *bind_alter_default(binder *b, const ast_expr *a, const char *col, ss_type type)
{
    ss_type untyped_mod = {type.id, -1};
    return bind_default_expr(b, a, col, untyped_mod);
}

const ast_expr *bind_source_default(binder *b, const ss_table *t, const ss_cons_src *src)
{
    const ast_stmt *st = source_stmt(b, t, src, false);
    return st ? st->coldefs[src->index].default_expr : NULL;
}

const ast_expr *bind_source_check(binder *b, const ss_table *t, const ss_cons_src *src)
{
    const ast_stmt *st = source_stmt(b, t, src, true);
    return st ? st->checks[src->index].expr : NULL;
}

ss_expr *bind_table_check(binder *b, const ss_table *t, const ss_cons_src *src, uint32_t rel)
{
    const ast_stmt *st = source_stmt(b, t, src, true);
    const char **names = bind_alloc(b, sizeof(char *) * (t->ncols ? t->ncols : 1));
    if (!st || !names)
        return NULL;
    for (uint32_t c = 0; c < t->ncols; c++)
        names[c] = src->names && src->names[c] ? src->names[c] : ""; /* "": no name matches */
    return bind_check(b, &st->checks[src->index], src->table ? src->table : t->name, t->ncols, names, t->types,
                      rel);
}

/* Column references of relation rel made batch positions (the row the INSERT makes). */
static int to_positions(ss_expr **slot, void *arg)
{
    const uint32_t *rel = arg;
    ss_expr *e = *slot;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == *rel)
        e->u.column.rel = 0;
    return SS_WALK_CONTINUE;
}

int bind_insert_checks(binder *b, const ss_table *t, ss_bound_stmt *out)
{
    if (!t->cons || (!t->cons->nchecks && !bind_has_generated(t)))
        return SS_OK;
    const ss_table_cons *tc = t->cons;
    ss_bound_checks *bc = bind_alloc(b, sizeof *bc);
    uint32_t *order = bind_alloc(b, sizeof(uint32_t) * tc->nchecks);
    if (!bc || !order)
        return SS_ERROR;
    bc->n = tc->nchecks;
    bc->exprs = bind_alloc(b, sizeof(ss_expr *) * bc->n);
    bc->names = bind_alloc(b, sizeof(char *) * bc->n);
    if (!bc->exprs || !bc->names)
        return SS_ERROR;
    for (uint32_t k = 0; k < bc->n; k++)
        order[k] = k;
    for (uint32_t k = 1; k < bc->n; k++) /* by name: PostgreSQL's CheckConstraintFetch order */
        for (uint32_t j = k; j > 0 && strcmp(tc->check_names[order[j - 1]], tc->check_names[order[j]]) > 0; j--) {
            uint32_t x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    uint32_t rel = new_rel(b);
    for (uint32_t k = 0; k < bc->n; k++) {
        uint32_t i = order[k];
        ss_expr *e = bind_table_check(b, t, &tc->check_srcs[i], rel);
        if (!e)
            return SS_ERROR;
        ss_expr_walker w = {to_positions, NULL, &rel, NULL};
        ss_expr_walk(&e, &w);
        bc->exprs[k] = e;
        bc->names[k] = tc->check_names[i];
    }
    out->checks = bc;
    return bind_generated_exprs(b, t, bc);
}

int bind_identity_target(binder *b, const ss_table *t, uint32_t col, char overriding)
{
    if (t->cons && t->cons->cols[col].generated)
        return bind_generated_target(b, t, col, "insert a non-DEFAULT value into");
    if (!t->cons || !t->cons->cols[col].identity)
        return 0;
    if (overriding == 'u')
        return 1;
    if (t->cons->cols[col].identity == 'a' && overriding != 's') {
        bind_error(b, -1, "428C9", "cannot insert a non-DEFAULT value into column \"%s\"", t->cols[col].name);
        ss_ctx_error_detail(b->ctx, "Column \"%s\" is an identity column defined as GENERATED ALWAYS.",
                            t->cols[col].name);
        ss_ctx_error_hint(b->ctx, "Use OVERRIDING SYSTEM VALUE to override.");
        return SS_ERROR;
    }
    return 0;
}
