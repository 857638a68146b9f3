/* bind_stmt.c — ss_bind: statement-level binding (INSERT targets and assignment casts,
 * CREATE/DROP TABLE definitions, SET/SHOW/RESET/LOAD, EXPLAIN) and parameter typing. */
#include <string.h>

#include "bind/bind_constraints.h"
#include "bind/bind_locking.h"
#include "bind/bind_on_conflict.h"
#include "bind/bind_returning.h"
#include "bind/binder_internal.h"
#include "bind/bind_update.h"
#include "exec/expr_walk.h"
#include "types/cast.h"
#include "types/typeio.h"

/* An INSERT into a view binds against the view's columns; the rows are then mapped onto the
 * base table's columns (bind_view_insert_target), the others, and the view columns given
 * DEFAULT (their slot still holds defs[c], column_default's marker), get the default of the
 * first view down the chain that has one for the column (ALTER VIEW ... SET DEFAULT), else
 * the base column's, as PostgreSQL's rewriter gives them. */
static int map_view_rows(binder *b, const ss_view *v, const uint32_t *target, uint32_t ntarget, uint32_t nrows,
                         ss_expr **rows, ss_expr *const *defs, ss_table **base, ss_expr ***out_rows)
{
    bool *assigned = bind_alloc(b, sizeof(bool) * (v->ncols ? v->ncols : 1));
    int32_t *map = bind_alloc(b, sizeof(int32_t) * (v->ncols ? v->ncols : 1));
    if (!assigned || !map)
        return SS_ERROR;
    memset(assigned, 0, sizeof(bool) * v->ncols);
    for (uint32_t i = 0; i < ntarget; i++)
        assigned[target[i]] = true;
    view_default_src *srcs;
    if (bind_view_insert_target(b, v, assigned, base, map, &srcs))
        return SS_ERROR;
    ss_table *t = *base;
    ss_expr **mapped = bind_alloc(b, sizeof(ss_expr *) * nrows * (t->ncols ? t->ncols : 1));
    ss_expr **base_defs = bind_alloc(b, sizeof(ss_expr *) * (t->ncols ? t->ncols : 1));
    if (!mapped || !base_defs)
        return SS_ERROR;
    memset(base_defs, 0, sizeof(ss_expr *) * (t->ncols ? t->ncols : 1));
    for (uint32_t r = 0; r < nrows; r++) {
        for (uint32_t k = 0; k < t->ncols; k++) {
            if (!base_defs[k] && !(base_defs[k] = srcs[k].view ? bind_view_default(b, srcs[k].view, srcs[k].col)
                                                               : bind_column_default(b, t, k)))
                return SS_ERROR;
            mapped[r * t->ncols + k] = base_defs[k];
        }
        for (uint32_t c = 0; c < v->ncols; c++)
            if (assigned[c] && rows[r * v->ncols + c] != defs[c])
                mapped[r * t->ncols + (uint32_t)map[c]] = rows[r * v->ncols + c];
    }
    *out_rows = mapped;
    return SS_OK;
}

/* The default of column c of t (a table; for a view's columns, t NULL, a NULL that
 * map_view_rows tells by its address and replaces with the base column's default), bound
 * once per statement into defs[c]. */
static ss_expr *column_default(binder *b, const ss_table *t, ss_type type, ss_expr **defs, uint32_t c)
{
    if (!t)
        return defs[c] ? defs[c] : (defs[c] = make_null(b, type));
    if (!defs[c])
        defs[c] = bind_column_default(b, t, c);
    return defs[c];
}

/* INSERT ... SELECT over a select PostgreSQL pulls up (is_simple_subquery: no aggregate,
 * window, DISTINCT, ORDER BY or LIMIT): its items and the assignment casts are one projection,
 * computed column by column, so the first column's cast error comes before a later item's. */
static bool insert_source_pulls_up(const ss_lop *source)
{
    if (source->kind != LOP_PROJECT || source->nchildren != 1)
        return false;
    const ss_lop *c = source->children[0];
    while (c->kind == LOP_FILTER)
        c = c->children[0];
    return c->kind == LOP_GET || c->kind == LOP_JOIN || c->kind == LOP_VALUES;
}

typedef struct pull_up_items {
    const ss_lop *source;
} pull_up_items;

static int pull_up_item(ss_expr **slot, void *arg)
{
    const ss_lop *src = ((pull_up_items *)arg)->source;
    ss_expr *e = *slot;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == src->rel && e->u.column.index < src->u.project.n) {
        *slot = src->u.project.exprs[e->u.column.index];
        return SS_WALK_SKIP;
    }
    return SS_WALK_CONTINUE;
}

static int bind_insert(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    ss_table *t;
    if (ss_catalog_find_waiting(b->ctx, b->catalog, st->table, &t)) /* an exclusive lock */
        return SS_ERROR;
    const ss_view *view = t ? NULL : ss_catalog_find_view(b->catalog, st->table);
    if (!t && !view)
        return bind_error(b, st->table_location, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist",
                          st->table);
    if (t && t->system)
        return bind_error(b, st->table_location, "42809", "cannot insert into system view \"%s\"", t->name);
    if (bind_matview_refuse_change(b, t))
        return SS_ERROR;
    out->table = t;
    /* the relation named: the table, or the view (its columns as fixed at creation) */
    const char *rel_name = t ? t->name : view->name;
    uint32_t rel_ncols = t ? t->ncols : view->ncols;
    const ss_type *rel_types = t ? t->types : view->types;
    const char **rel_cols = bind_alloc(b, sizeof(char *) * (rel_ncols ? rel_ncols : 1));
    if (!rel_cols)
        return SS_ERROR;
    for (uint32_t c = 0; c < rel_ncols; c++)
        rel_cols[c] = t ? t->cols[c].name : view->col_names[c];

    /* target columns: explicit list or all, in table order */
    uint32_t ntarget = st->ncolumns ? st->ncolumns : rel_ncols;
    uint32_t *target = bind_alloc(b, sizeof(uint32_t) * (ntarget ? ntarget : 1));
    if (!target)
        return SS_ERROR;
    for (uint32_t i = 0; i < ntarget; i++) {
        if (!st->ncolumns) {
            target[i] = i;
            continue;
        }
        uint32_t c = 0;
        while (c < rel_ncols && strcmp(rel_cols[c], st->columns[i]) != 0)
            c++;
        if (c == rel_ncols)
            return bind_error(b, st->column_locations[i], SS_SQLSTATE_UNDEFINED_COLUMN,
                              "column \"%s\" of relation \"%s\" does not exist", st->columns[i], rel_name);
        for (uint32_t k = 0; k < i; k++)
            if (target[k] == c && !(st->column_stores && st->column_stores[k] && st->column_stores[i]))
                return bind_error(b, st->column_locations[i], "42701", "column \"%s\" specified more than once",
                                  st->columns[i]);
        target[i] = c;
    }
    ss_expr **defs = bind_alloc(b, sizeof(ss_expr *) * (rel_ncols ? rel_ncols : 1));
    if (!defs)
        return SS_ERROR;
    memset(defs, 0, sizeof(ss_expr *) * (rel_ncols ? rel_ncols : 1));
    if (t && bind_insert_checks(b, t, out))
        return SS_ERROR;
    if (st->default_values) {
        ss_expr **row = bind_alloc(b, sizeof(ss_expr *) * (rel_ncols ? rel_ncols : 1));
        if (!row)
            return SS_ERROR;
        for (uint32_t c = 0; c < rel_ncols; c++)
            if (!(row[c] = column_default(b, t, rel_types[c], defs, c)))
                return SS_ERROR;
        if (view) {
            if (map_view_rows(b, view, target, 0, 1, row, defs, &t, &row))
                return SS_ERROR;
            out->table = t;
        }
        out->query = lop_values(b->ctx, b->arena, new_rel(b), t->ncols, t->types, NULL, 1, row);
        return out->query ? SS_OK : SS_ERROR;
    }
    /* identity columns given a value: 428C9 for GENERATED ALWAYS; OVERRIDING USER VALUE
       takes their default instead */
    bool *use_default = bind_alloc(b, sizeof(bool) * (ntarget ? ntarget : 1));
    if (!use_default)
        return SS_ERROR;
    for (uint32_t i = 0; i < ntarget; i++) {
        use_default[i] = false;
        /* no column list: VALUES fills the first columns only, as PostgreSQL's target list */
        if (!t || (!st->ncolumns && st->select->values && !st->select->setop && i >= st->select->nvalues_cols))
            continue;
        bool all_default = st->select->values && !st->select->setop;
        for (uint32_t r = 0; all_default && r < st->select->nvalues_rows; r++)
            all_default = i < st->select->nvalues_cols && st->select->values[r][i]->kind == AE_DEFAULT;
        if (all_default)
            continue;
        int rc = bind_identity_target(b, t, target[i], st->overriding);
        if (rc < 0)
            return SS_ERROR;
        use_default[i] = rc == 1;
    }

    const ast_select *src = st->select;
    const ast_select *first = src; /* a set operation's errors point into its first branch */
    while (first->setop)
        first = first->larg;
    ss_expr **row_exprs = NULL;
    uint32_t nsrc;
    ss_lop *source = NULL;
    /* VALUES with ORDER BY, LIMIT or OFFSET is a query like any SELECT, as in PostgreSQL */
    bool plain_values = src->values && !src->norder && !src->limit && !src->offset;
    if (plain_values) {
        nsrc = src->nvalues_cols;
    } else {
        ss_bound_stmt sub;
        memset(&sub, 0, sizeof sub);
        b->keep_unknown_targets = !src->distinct && src->norder == 0;
        int rc = bind_select(b, src, &sub);
        b->keep_unknown_targets = false;
        if (rc)
            return SS_ERROR;
        source = sub.query;
        nsrc = sub.ncols;
    }
    if (nsrc > ntarget) {
        int loc = first->values ? (first == src ? first->values[0][ntarget]->location : -1)
                  : ntarget < first->ntargets ? first->targets[ntarget].location : -1;
        return bind_error(b, loc, "42601", "INSERT has more expressions than target columns");
    }
    if (nsrc < ntarget && st->ncolumns)
        return bind_error(b, st->column_locations[nsrc], "42601", "INSERT has more target columns than expressions");

    uint32_t nassigned = nsrc < ntarget ? nsrc : ntarget;

    /* one expression per table column, assignment-cast to the column type */
    if (plain_values) {
        uint32_t nr = src->nvalues_rows, nc = rel_ncols;
        row_exprs = bind_alloc(b, sizeof(ss_expr *) * nr * (nc ? nc : 1));
        if (!row_exprs)
            return SS_ERROR;
        b->no_agg_context = "VALUES";
        /* PostgreSQL types every value first (a type mismatch anywhere is reported before any
           value is checked against a length: varchar(n)'s length coercion is folded while
           planning), so the values are coerced to their columns' types without typmods here,
           and to the typmods in a second pass */
        bool *stored = bind_alloc(b, sizeof(bool) * (nc ? nc : 1));
        if (!stored)
            return SS_ERROR;
        for (uint32_t r = 0; r < nr; r++) {
            memset(stored, 0, sizeof(bool) * nc);
            for (uint32_t c = 0; c < nc; c++)
                if (!(row_exprs[r * nc + c] = column_default(b, t, rel_types[c], defs, c)))
                    return SS_ERROR;
            for (uint32_t i = 0; i < nsrc; i++) {
                const ast_expr *a = src->values[r][i];
                uint32_t c = target[i];
                const ast_expr *chain = st->column_stores ? st->column_stores[i] : NULL;
                if (chain && a->kind == AE_DEFAULT)
                    return insert_store_default_error(b, chain, st->column_locations[i]);
                if (a->kind == AE_DEFAULT || (i < ntarget && use_default[i]))
                    continue; /* the column's default, set above */
                ss_expr *e = bind_expr(b, a);
                if (!e)
                    return SS_ERROR;
                if (chain) {
                    ss_expr *v = bind_insert_store(b, chain, rel_types[c], stored[c] ? row_exprs[r * nc + c] : NULL, e,
                                                   a->location);
                    if (!v)
                        return SS_ERROR;
                    row_exprs[r * nc + c] = v;
                    stored[c] = true;
                    continue;
                }
                ss_type untyped_mod = type_sans_modifier(rel_types[c]);
                ss_expr *ce = coerce_expr(b, e, untyped_mod, CAST_ASSIGNMENT, a->location);
                if (!ce) {
                    if (!ss_ctx_error_pending(b->ctx) || strcmp(b->ctx->err->sqlstate, SS_SQLSTATE_DATATYPE_MISMATCH))
                        return SS_ERROR;
                    /* PostgreSQL's wording for assignments */
                    char b1[96], b2[96];
                    ss_error_clear(b->ctx->err);
                    bind_error(b, a->location, SS_SQLSTATE_DATATYPE_MISMATCH,
                               "column \"%s\" is of type %s but expression is of type %s", rel_cols[c],
                               ss_type_display_name(type_sans_modifier(rel_types[c]), b1, sizeof b1),
                               ss_type_display_name(e->type, b2, sizeof b2));
                    ss_ctx_error_hint(b->ctx, "You will need to rewrite or cast the expression.");
                    return SS_ERROR;
                }
                row_exprs[r * nc + c] = ce;
            }
        }
        for (uint32_t r = 0; r < nr; r++)
            for (uint32_t i = 0; i < nsrc; i++) {
                uint32_t c = target[i];
                ss_expr **slot = &row_exprs[r * nc + c];
                if (src->values[r][i]->kind == AE_DEFAULT || use_default[i])
                    continue;
                if (rel_types[c].typmod >= 0 &&
                    !(*slot = coerce_expr(b, *slot, rel_types[c], CAST_ASSIGNMENT, src->values[r][i]->location)))
                    return SS_ERROR;
            }
        if (view) {
            if (map_view_rows(b, view, target, nassigned, nr, row_exprs, defs, &t, &row_exprs))
                return SS_ERROR;
            out->table = t;
            nc = t->ncols;
        }
        ss_lop *v = lop_values(b->ctx, b->arena, new_rel(b), nc, t->types, NULL, nr, row_exprs);
        if (!v)
            return SS_ERROR;
        out->query = v;
        return SS_OK;
    }
    ss_expr **proj = bind_alloc(b, sizeof(ss_expr *) * (rel_ncols ? rel_ncols : 1));
    if (!proj)
        return SS_ERROR;
    for (uint32_t c = 0; c < rel_ncols; c++)
        if (!(proj[c] = column_default(b, t, rel_types[c], defs, c)))
            return SS_ERROR;
    bool *stored = bind_alloc(b, sizeof(bool) * (rel_ncols ? rel_ncols : 1));
    if (!stored)
        return SS_ERROR;
    for (uint32_t i = 0; i < nsrc; i++) {
        uint32_t c = target[i];
        if (use_default[i])
            continue;
        ss_expr *col = make_column(b, source->rel, i, source->types[i]);
        const ast_expr *chain = st->column_stores ? st->column_stores[i] : NULL;
        if (chain) {
            if (!col || !(proj[c] = bind_insert_store(b, chain, rel_types[c], stored[c] ? proj[c] : NULL, col, -1)))
                return SS_ERROR;
            stored[c] = true;
            continue;
        }
        ss_expr *ce = col ? coerce_expr(b, col, rel_types[c], CAST_ASSIGNMENT, -1) : NULL;
        if (!ce) {
            char b1[96], b2[96];
            if (ss_ctx_error_pending(b->ctx))
                ss_error_clear(b->ctx->err);
            bind_error(b, first->targets && i < first->ntargets ? first->targets[i].location : -1,
                       SS_SQLSTATE_DATATYPE_MISMATCH, "column \"%s\" is of type %s but expression is of type %s",
                       rel_cols[c], ss_type_display_name(type_sans_modifier(rel_types[c]), b1, sizeof b1),
                       ss_type_display_name(source->types[i], b2, sizeof b2));
            ss_ctx_error_hint(b->ctx, "You will need to rewrite or cast the expression.");
            return SS_ERROR;
        }
        proj[c] = ce;
        /* PostgreSQL folds the assignment cast of a constant select item while planning: its
           error is raised even when no row is read */
        if (source->kind == LOP_PROJECT && i < source->u.project.n) {
            const ss_expr *item = source->u.project.exprs[i];
            ss_value folded;
            if (item->kind == EXPR_CONST && item->type.id != SS_TYPE_UNKNOWN && ce->kind == EXPR_CAST &&
                ss_cast_value(b->ctx, &item->u.cnst, item->type, rel_types[c], CAST_ASSIGNMENT, &folded, b->arena))
                return SS_ERROR;
        }
    }
    if (view) {
        if (map_view_rows(b, view, target, nassigned, 1, proj, defs, &t, &proj))
            return SS_ERROR;
        out->table = t;
        rel_ncols = t->ncols;
    }
    if (insert_source_pulls_up(source)) {
        pull_up_items pu = {source};
        ss_expr_walker w = {.pre = pull_up_item, .arg = &pu};
        for (uint32_t c = 0; c < rel_ncols; c++)
            if (proj[c] && ss_expr_walk(&proj[c], &w) == SS_WALK_NOMEM)
                return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        source = source->children[0];
    }
    ss_lop *p = lop_project(b->ctx, b->arena, new_rel(b), source, rel_ncols, proj, NULL);
    if (!p)
        return SS_ERROR;
    out->query = p;
    return SS_OK;
}

/* INSERT ... VALUES: plain VALUES rows are bound as expressions, outside any query, so the
 * WITH given to them (the INSERT's, or the VALUES' own) is brought into scope around them. */
static int bind_insert_in_with(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    const ast_select *src = st->select;
    if (!src || !src->values || !src->nctes || src->norder || src->limit || src->offset)
        return bind_insert(b, st, out);
    cte_mark outer, mark;
    if ((src->outer_with && bind_with(b, src->outer_with, &outer)) || bind_with(b, src, &mark))
        return SS_ERROR;
    int rc = bind_insert(b, st, out);
    unbind_with(b, &mark);
    if (src->outer_with)
        unbind_with(b, &outer);
    return rc;
}

int bind_create(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    ss_column_def *cols = bind_alloc(b, sizeof(ss_column_def) * (st->ncoldefs ? st->ncoldefs : 1));
    if (!cols)
        return SS_ERROR;
    if (st->ncoldefs > 1600)
        return bind_error(b, st->table_location, "54011", "tables can have at most 1600 columns");
    for (uint32_t i = 0; i < st->ncoldefs; i++) {
        const ast_column_def *d = &st->coldefs[i];
        cols[i].name = d->name;
        cols[i].not_null = d->not_null;
        if (bind_serial_type(&d->type, &cols[i].type))
            cols[i].not_null = true; /* SERIAL: integer NOT NULL DEFAULT nextval(...) */
        else if (bind_type_name(b, &d->type, &cols[i].type) || bind_check_column_type(b, d->name, cols[i].type))
            return SS_ERROR;
        if (bind_column_collation(b, d->collation, d->collation_location, cols[i].type))
            return SS_ERROR;
    }
    if (bind_create_constraints(b, st, cols, out))
        return SS_ERROR;
    out->create_def.name = st->table;
    out->create_def.ncols = st->ncoldefs;
    out->create_def.cols = cols;
    out->access_method = st->access_method;
    out->if_not_exists = st->if_not_exists;
    return SS_OK;
}

/* CREATE TABLE name [(columns)] AS query / SELECT ... INTO name: the table's columns are the
 * query's (renamed by the column list), none NOT NULL; the query fills it. */
static int bind_create_table_as(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    ss_bound_stmt sub;
    memset(&sub, 0, sizeof sub);
    b->matview_unpopulated_ok = st->with_no_data; /* the query does not run */
    if (bind_select(b, st->select, &sub) || (st->is_matview && bind_matview_def(b, st, out)))
        return SS_ERROR;
    if (st->ncolumns > sub.ncols)
        return bind_error(b, -1, "42601", "too many column names were specified");
    if (sub.ncols > 1600)
        return bind_error(b, st->table_location, "54011", "tables can have at most 1600 columns");
    ss_column_def *cols = bind_alloc(b, sizeof(ss_column_def) * (sub.ncols ? sub.ncols : 1));
    if (!cols)
        return SS_ERROR;
    for (uint32_t i = 0; i < sub.ncols; i++) {
        cols[i].name = i < st->ncolumns ? st->columns[i] : sub.col_names[i];
        cols[i].type = sub.col_types[i];
        if (bind_check_column_type(b, cols[i].name, cols[i].type))
            return SS_ERROR;
    }
    out->create_def.name = st->table;
    out->create_def.ncols = sub.ncols;
    out->create_def.cols = cols;
    out->access_method = st->access_method;
    out->if_not_exists = st->if_not_exists;
    out->with_no_data = st->with_no_data;
    out->query = sub.query;
    return SS_OK;
}

/* The result of SHOW and EXPLAIN: one text column. */
static int one_text_column(binder *b, ss_bound_stmt *out, const char *name)
{
    out->ncols = 1;
    out->col_types = bind_alloc(b, sizeof(ss_type));
    out->col_names = bind_alloc(b, sizeof(char *));
    if (!out->col_types || !out->col_names)
        return SS_ERROR;
    out->col_types[0] = type_of(SS_TYPE_TEXT);
    out->col_names[0] = name;
    return SS_OK;
}

/* SHOW ALL: every setting with its value as SHOW prints it and its description, ordered as
 * PostgreSQL orders its GUC table (names compared without case), read from pg_settings. */
static int bind_show_all(binder *b, ss_bound_stmt *out)
{
    static const char sql[] = "SELECT name, pg_catalog.current_setting(name) AS setting, short_desc AS description "
                              "FROM pg_catalog.pg_settings ORDER BY lower(name), name";
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error perr;
    if (ss_parse(b->arena, sql, &stmts, &n, &perr) || n != 1 || stmts[0]->kind != AST_SELECT)
        return bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR, "SHOW ALL's query cannot be read");
    if (bind_select(b, stmts[0]->select, out))
        return SS_ERROR;
    out->kind = AST_SELECT;
    return SS_OK;
}

static int bind_show(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    if (!strcmp(st->str, "all"))
        return bind_show_all(b, out);
    if (!ss_settings_get(b->settings, st->str))
        return ss_settings_unknown(b->ctx, st->str);
    out->name = st->str;
    return one_text_column(b, out, ss_settings_display_name(st->str));
}

static int bind_stmt(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    out->kind = st->kind;
    if ((st->kind == AST_CREATE_TABLE || st->kind == AST_CREATE_TABLE_AS || st->kind == AST_CREATE_VIEW ||
         st->kind == AST_CREATE_SEQUENCE) &&
        bind_creation_schema(b, st))
        return SS_ERROR;
    switch (st->kind) {
    case AST_SELECT:
        b->locking_ok = true; /* (LK) its own locking clause (bind_locking.c) */
        if (bind_select(b, st->select, out))
            return SS_ERROR;
        return bind_locking_nested_top(b, out);
    case AST_INSERT: {
        int rc = bind_insert_in_with(b, st, out);
        /* through a view: the base table's CHECKs too (bound above only for a table named) */
        if (rc == SS_OK && !out->checks && out->table && bind_insert_checks(b, out->table, out))
            rc = SS_ERROR;
        out->view_checks = b->view_checks;
        if (rc == SS_OK && st->on_conflict)
            rc = bind_on_conflict(b, st, out);
        if (rc == SS_OK)
            rc = bind_returning_insert(b, st, out);
        return rc;
    }
    case AST_CREATE_TABLE:
        return st->nlikes ? bind_create_like(b, st, out) : bind_create(b, st, out);
    case AST_CREATE_SEQUENCE:
        return bind_create_sequence(b, st, out);
    case AST_ALTER_SEQUENCE:
        return SS_OK; /* run_sequence.c reads the options */
    case AST_DROP_TABLE:
    case AST_DROP_VIEW:
    case AST_DROP_SEQUENCE:
    case AST_DROP_MATVIEW:
        out->drop_names = st->drop_names;
        out->ndrop = st->ndrop;
        out->missing_ok = st->missing_ok;
        out->cascade = st->cascade;
        return SS_OK;
    case AST_CREATE_VIEW:
        b->matview_unpopulated_ok = true; /* (M) a view may read an unpopulated one */
        return bind_create_view(b, st, out);
    case AST_REFRESH_MATVIEW:
        return bind_refresh_matview(b, st, out);
    case AST_TRANSACTION: /* nothing to resolve: api/txn_control.c reads the AST */
        return SS_OK;
    case AST_LOAD:
    case AST_SET:
    case AST_RESET:
        out->name = st->str;
        out->value = st->value;
        return SS_OK;
    case AST_SHOW:
        return bind_show(b, st, out);
    case AST_UPDATE:
    case AST_DELETE:
        return bind_modify(b, st, out);
    case AST_TRUNCATE:
        return bind_truncate(b, st, out);
    case AST_EXPLAIN: {
        const ast_stmt *target = st->explain_target;
        /* (M) a query that does not run may name an unpopulated materialized view */
        b->matview_unpopulated_ok = !(st->explain_flags & AST_EXPLAIN_ANALYZE);
        if (target->kind == AST_UPDATE || target->kind == AST_DELETE) {
            if (bind_modify(b, target, out))
                return SS_ERROR;
            out->kind = AST_EXPLAIN;
            return one_text_column(b, out, "QUERY PLAN");
        }
        /* (LK) EXPLAIN (not ANALYZE) of SELECT ... FOR UPDATE shows its LockRows */
        b->locking_ok = target->kind == AST_SELECT && !(st->explain_flags & AST_EXPLAIN_ANALYZE);
        if (bind_select(b, st->explain_target->select, out))
            return SS_ERROR;
        out->kind = AST_EXPLAIN;
        return one_text_column(b, out, "QUERY PLAN");
    }
    case AST_CREATE_TABLE_AS:
        return bind_create_table_as(b, st, out);
    case AST_CREATE_INDEX:
    case AST_DROP_INDEX:
        return SS_OK; /* run from the AST by core/index (index_ddl.c) */
    case AST_ALTER_TABLE:
        return SS_OK; /* run from the AST by core/catalog (alter_table.c) */
    case AST_CREATE_SCHEMA:
    case AST_DROP_SCHEMA:
    case AST_ALTER_SCHEMA:
        return SS_OK; /* run from the AST by core/catalog (schema_ddl.c) */
    case AST_LOCK_TABLE:
        return SS_OK; /* run from the AST by core/catalog (lock_table.c) */
    case AST_CREATE_TYPE:
    case AST_DROP_TYPE:
    case AST_ALTER_TYPE:
        return SS_OK; /* run from the AST by core/catalog (type_ddl.c) */
    case AST_SET_CONSTRAINTS:
        return SS_OK; /* run from the AST (api/run_set_constraints.c) */
    case AST_COPY:
        return bind_copy(b, st, out);
    case AST_PREPARE:
        return bind_prepare(b, st, out);
    case AST_EXECUTE:
        return bind_execute(b, st, out);
    case AST_DEALLOCATE:
        out->name = st->str;
        return SS_OK;
    case AST_DECLARE_CURSOR:
        return bind_declare_cursor(b, st, out);
    case AST_FETCH:
        return bind_fetch(b, st, out);
    case AST_CLOSE_CURSOR:
        return SS_OK; /* the name is looked up when it runs (api/run_cursor.c) */
    case AST_DISCARD:
        return SS_OK; /* api/run_discard.c reads the AST */
    case AST_VACUUM:
    case AST_CHECKPOINT:
        return SS_OK; /* api/run_vacuum.c reads the AST */
    }
    const char *name = ss_stmt_kind_name(st->kind);
    if (name)
        return bind_error(b, st->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: %s", name);
    return bind_error(b, st->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                      "feature not supported: statement kind %d", (int)st->kind);
}

const char *ss_stmt_kind_name(ast_stmt_kind kind)
{
    switch (kind) {
    case AST_SELECT: return "SELECT";
    case AST_INSERT: return "INSERT";
    case AST_CREATE_TABLE: return "CREATE TABLE";
    case AST_DROP_TABLE: return "DROP TABLE";
    case AST_LOAD: return "LOAD";
    case AST_SET: return "SET";
    case AST_RESET: return "RESET";
    case AST_SHOW: return "SHOW";
    case AST_EXPLAIN: return "EXPLAIN";
    case AST_CREATE_VIEW: return "CREATE VIEW";
    case AST_DROP_VIEW: return "DROP VIEW";
    case AST_CREATE_TABLE_AS: return "CREATE TABLE AS";
    case AST_CREATE_INDEX: return "CREATE INDEX";
    case AST_DROP_INDEX: return "DROP INDEX";
    case AST_TRANSACTION: return "transaction control";
    case AST_CREATE_SEQUENCE: return "CREATE SEQUENCE";
    case AST_ALTER_SEQUENCE: return "ALTER SEQUENCE";
    case AST_DROP_SEQUENCE: return "DROP SEQUENCE";
    case AST_COPY: return "COPY";
    case AST_PREPARE: return "PREPARE";
    case AST_EXECUTE: return "EXECUTE";
    case AST_DEALLOCATE: return "DEALLOCATE";
    case AST_ALTER_TABLE: return "ALTER TABLE";
    case AST_UPDATE: return "UPDATE";
    case AST_DELETE: return "DELETE";
    case AST_TRUNCATE: return "TRUNCATE TABLE";
    case AST_REFRESH_MATVIEW: return "REFRESH MATERIALIZED VIEW";
    case AST_DROP_MATVIEW: return "DROP MATERIALIZED VIEW";
    case AST_DECLARE_CURSOR: return "DECLARE CURSOR";
    case AST_FETCH: return "FETCH";
    case AST_CLOSE_CURSOR: return "CLOSE CURSOR";
    case AST_DISCARD: return "DISCARD";
    case AST_CREATE_SCHEMA: return "CREATE SCHEMA";
    case AST_DROP_SCHEMA: return "DROP SCHEMA";
    case AST_ALTER_SCHEMA: return "ALTER SCHEMA";
    case AST_LOCK_TABLE: return "LOCK TABLE";
    case AST_VACUUM: return "VACUUM";
    case AST_CHECKPOINT: return "CHECKPOINT";
    case AST_CREATE_TYPE: return "CREATE TYPE";
    case AST_DROP_TYPE: return "DROP TYPE";
    case AST_ALTER_TYPE: return "ALTER TYPE";
    case AST_SET_CONSTRAINTS: return "SET CONSTRAINTS";
    }
    return NULL;
}

static int bind_entry(ss_ctx *ctx, ss_catalog *catalog, const ss_settings *settings, const ast_stmt *stmt,
                      ss_arena *arena, const ss_type *fixed_params, uint32_t nfixed, bool extend, ss_bound_stmt **out);

int ss_bind(ss_ctx *ctx, ss_catalog *catalog, const ss_settings *settings, const ast_stmt *stmt,
            ss_arena *arena, const ss_type *fixed_params, uint32_t nfixed, ss_bound_stmt **out)
{
    return bind_entry(ctx, catalog, settings, stmt, arena, fixed_params, nfixed, false, out);
}

int ss_bind_extending(ss_ctx *ctx, ss_catalog *catalog, const ss_settings *settings, const ast_stmt *stmt,
                      ss_arena *arena, const ss_type *fixed_params, uint32_t nfixed, ss_bound_stmt **out)
{
    return bind_entry(ctx, catalog, settings, stmt, arena, fixed_params, nfixed, true, out);
}

int bind_modifying_stmt(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    return bind_stmt(b, st, out);
}

static int bind_entry(ss_ctx *ctx, ss_catalog *catalog, const ss_settings *settings, const ast_stmt *stmt,
                      ss_arena *arena, const ss_type *fixed_params, uint32_t nfixed, bool extend, ss_bound_stmt **out)
{
    binder b;
    memset(&b, 0, sizeof b);
    b.params_extend = extend;
    b.ctx = ctx;
    b.catalog = catalog;
    b.settings = settings;
    b.arena = arena;
    b.no_params = fixed_params && !nfixed;
    bind_agg_registry_use(ctx->registry);
    ss_bound_stmt *bs = bind_alloc(&b, sizeof *bs);
    if (!bs)
        return SS_ERROR;
    if (nfixed) {
        b.param_types = bind_alloc(&b, sizeof(ss_type) * nfixed);
        if (!b.param_types)
            return SS_ERROR;
        memcpy(b.param_types, fixed_params, sizeof(ss_type) * nfixed);
        b.nparams = b.cap_params = b.nfixed = nfixed;
    }
    if (bind_stmt(&b, stmt, bs) || drop_unused_subquery_aggregates(&b, bs->query) ||
        raise_deferred_folds(&b, bs->query))
        return SS_ERROR;
    /* parameters nobody constrained are text, as PostgreSQL resolves unknown */
    for (uint32_t i = 0; i < b.nparams; i++)
        if (b.param_types[i].id == SS_TYPE_UNKNOWN)
            b.param_types[i] = type_of(SS_TYPE_TEXT);
    for (uint32_t k = 0; k < b.nparam_nodes; k++)
        b.param_nodes[k]->type = b.param_types[b.param_nodes[k]->u.param.index];
    bs->nparams = b.nparams;
    bs->param_types = b.param_types;
    if (b.nmodifying_ctes) { /* (EXECUTE's come with the prepared statement's binding) */
        bs->modifying_ctes = b.modifying_ctes;
        bs->nmodifying_ctes = b.nmodifying_ctes;
    }
    *out = bs;
    return SS_OK;
}
