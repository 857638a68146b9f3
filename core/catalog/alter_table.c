/* alter_table.c — ALTER TABLE in the catalog, transactional (catalog_txn.h): the table's
 * exclusive lock for the rest of the transaction, its state saved (alter_state.h) so that
 * ROLLBACK, ROLLBACK TO SAVEPOINT or a failing subcommand puts it back, then each subcommand
 * in order with PostgreSQL's checks and messages.  Here: SET / DROP NOT NULL (SET first
 * verifies that no row holds a NULL, 23502; DROP refuses primary-key and identity columns,
 * 42P16), SET / DROP DEFAULT, RENAME COLUMN, RENAME TO and ALTER INDEX ... RENAME TO; ADD /
 * DROP COLUMN are alter_columns.c's, constraints alter_checks.c's. */
#include "catalog/alter_table.h"

#include <stdlib.h>
#include <string.h>

#include "bind/bind_alter.h"
#include "bind/binder.h"
#include "catalog/alter_internal.h"
#include "catalog/rowtype_deps.h"
#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "catalog/view_alter_options.h"
#include "catalog/sequences.h"
#include "catalog/view_rename.h"
#include "defer/defer.h"
#include "catalog/settings.h"
#include "exec/vector.h"
#include "types/func_impl.h"

int ss_alter_column(const ss_table *t, const char *name)
{
    for (uint32_t i = 0; i < t->ncols; i++)
        if (strcmp(t->cols[i].name, name) == 0)
            return (int)i;
    return -1;
}

int ss_alter_find_column(alter_run *r, const char *name, uint32_t *col)
{
    int c = ss_alter_column(r->t, name);
    *col = 0;
    if (c < 0)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" of relation \"%s\" does not exist",
                            name, r->t->name);
    *col = (uint32_t)c;
    return SS_OK;
}

int ss_alter_has_rows(ss_ctx *ctx, ss_table *t, bool *any)
{
    *any = false;
    if (!t->storage->scan_begin_snapshot)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: ALTER TABLE on tables of storage backend \"%s\"",
                            t->backend_name);
    ss_snapshot snap;
    ss_alter_snapshot(ctx, &snap);
    ss_scan_spec spec = {0, 0, NULL};
    void *scan;
    if (t->storage->scan_begin_snapshot(ctx, t->handle, &spec, &snap, false, &scan) != SS_OK)
        return SS_ERROR;
    ss_batch *b = ss_batch_create(0, NULL, SS_BATCH_CAPACITY);
    int rc = b ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    while (rc == SS_OK && !*any) {
        ss_batch_reset(b);
        if ((rc = t->storage->scan_next_batch(ctx, scan, b)) != SS_OK || b->count == 0)
            break;
        *any = ss_batch_rows(b) > 0;
    }
    t->storage->scan_end(scan);
    if (b)
        ss_batch_destroy(b);
    return rc;
}

/* 23502 when a row of t holds NULL in column col. */
static int check_no_nulls(ss_ctx *ctx, ss_table *t, uint32_t col)
{
    if (!t->storage->scan_begin_snapshot)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: SET NOT NULL on tables of storage backend \"%s\"", t->backend_name);
    ss_snapshot snap;
    ss_alter_snapshot(ctx, &snap);
    ss_scan_spec spec = {1, 0, &col};
    void *scan;
    if (t->storage->scan_begin_snapshot(ctx, t->handle, &spec, &snap, false, &scan) != SS_OK)
        return SS_ERROR;
    ss_batch *b = ss_batch_create(1, &t->types[col], SS_BATCH_CAPACITY);
    int rc = b ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    bool null_found = false;
    while (rc == SS_OK && !null_found) {
        ss_batch_reset(b);
        if ((rc = t->storage->scan_next_batch(ctx, scan, b)) != SS_OK || b->count == 0)
            break;
        for (uint32_t k = 0; !null_found && k < ss_batch_rows(b); k++) {
            ss_value v;
            ss_vector_get_value(b->cols[0], ss_batch_row(b, k), &v);
            null_found = v.is_null;
        }
    }
    t->storage->scan_end(scan);
    if (b)
        ss_batch_destroy(b);
    if (rc == SS_OK && null_found)
        return ss_ctx_error(ctx, SS_SQLSTATE_NOT_NULL_VIOLATION, "column \"%s\" of relation \"%s\" contains null values",
                            t->cols[col].name, t->name);
    return rc;
}

static bool in_primary_key(const ss_table *t, uint32_t col)
{
    const ss_table_indexes *l = t->indexes;
    for (uint32_t i = 0; l && i < l->n; i++) {
        const ss_index *ix = l->list[i];
        if (!ix->primary || !ss_ddl_visible(&ix->ddl))
            continue;
        for (uint32_t k = 0; k < ix->nkeys; k++)
            if (ix->cols[k] == col)
                return true;
    }
    return false;
}

int ss_alter_set_not_null(ss_ctx *ctx, ss_table *t, uint32_t col, bool on)
{
    if (t->cols[col].not_null == on)
        return SS_OK;
    if (on && check_no_nulls(ctx, t, col))
        return SS_ERROR;
    if (!on && in_primary_key(t, col))
        return ss_ctx_error(ctx, "42P16", "column \"%s\" is in a primary key", t->cols[col].name);
    if (!on && t->cons && t->cons->cols && t->cons->cols[col].identity)
        return ss_ctx_error(ctx, "42P16", "column \"%s\" of relation \"%s\" is an identity column",
                            t->cols[col].name, t->name);
    t->cols[col].not_null = on;
    return SS_OK;
}

/* t->cons, made when t had none. */
static int ensure_cons(ss_ctx *ctx, ss_table *t)
{
    if (t->cons)
        return SS_OK;
    if (!(t->cons = ss_table_cons_copy(NULL, t->ncols)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

/* SET DEFAULT (the statement's coldefs[a->coldef]) / DROP DEFAULT. */
static int set_default(alter_run *r, const ast_alter_cmd *a, uint32_t col)
{
    ss_ctx *ctx = r->ctx;
    ss_table *t = r->t;
    bool set = a->kind == AST_ALTER_SET_DEFAULT;
    if (t->cons && t->cons->cols[col].identity) {
        ss_ctx_error(ctx, SS_SQLSTATE_SYNTAX_ERROR, "column \"%s\" of relation \"%s\" is an identity column",
                     t->cols[col].name, t->name);
        ss_ctx_error_hint(ctx, set ? "Use ALTER TABLE ... ALTER COLUMN ... DROP IDENTITY instead."
                                   : "Use ALTER TABLE ... ALTER COLUMN ... DROP IDENTITY instead.");
        return SS_ERROR;
    }
    const char *text = NULL;
    if (set) {
        ss_expr *e;
        bool is_volatile;
        if (ss_bind_alter_default(ctx, r->st->coldefs[a->coldef].default_expr, t->cols[col].name, t->types[col], &e,
                                  &is_volatile, &text))
            return SS_ERROR;
    }
    if (ensure_cons(ctx, t))
        return SS_ERROR;
    ss_col_cons *cc = &t->cons->cols[col];
    bool ok = true;
    char *dtext = set ? ss_strdup_or_null(text, &ok) : NULL;
    ss_cons_src src = {0};
    if (set) {
        ss_cons_src from = {(char *)r->st->view_sql, (uint32_t)a->coldef, t->name, NULL};
        ok = ss_cons_src_copy(&src, &from, t->ncols) && ok;
    }
    if (!ok) {
        free(dtext);
        ss_cons_src_free(&src, t->ncols);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    free(cc->default_text);
    free(cc->seq);
    cc->seq = NULL;
    ss_cons_src_free(&cc->src, t->ncols);
    cc->default_text = dtext;
    cc->has_default = set;
    cc->src = src;
    return SS_OK;
}

/* Sequences owned by t (or, column non-NULL, by that column of it) get the new names. */
static int rename_owners(alter_run *r, const char *column, const char *new_table, const char *new_column)
{
    ss_seq_catalog *sc = r->c->sequences;
    int rc = SS_OK;
    /* owners are schema-qualified (bind_default.c, run_sequence.c) */
    char old_ref[SS_NS_REF_MAX], new_ref[SS_NS_REF_MAX];
    ss_ns_qualify(r->t->ns, r->t->name, old_ref, sizeof old_ref);
    if (new_table)
        new_table = ss_ns_qualify(r->t->ns, new_table, new_ref, sizeof new_ref);
    pthread_mutex_lock(&sc->mu);
    for (uint32_t i = 0; rc == SS_OK && i < sc->n; i++) {
        ss_sequence *q = sc->seqs[i];
        if (!q->owner_table || strcmp(q->owner_table, old_ref) != 0)
            continue;
        if (column && (!q->owner_column || strcmp(q->owner_column, column) != 0))
            continue;
        if (ss_alter_save_seq(r->ctx, r->saved, q))
            rc = SS_ERROR;
        bool ok = true;
        char *nt = ss_strdup_or_null(new_table ? new_table : q->owner_table, &ok);
        char *nc = ss_strdup_or_null(new_column ? new_column : q->owner_column, &ok);
        if (rc == SS_OK && ok) {
            free(q->owner_table);
            free(q->owner_column);
            q->owner_table = nt;
            q->owner_column = nc;
        } else {
            free(nt);
            free(nc);
            if (rc == SS_OK)
                rc = ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
    }
    pthread_mutex_unlock(&sc->mu);
    return rc;
}

/* The views that read what a rename changes follow it (view_rename.c): their queries are
   stored again with the new names (0A000 when one cannot be printed). */
static int follow_views(alter_run *r, int col, const char *what, const char *new_rel, const char *new_column)
{
    ss_view **v;
    uint32_t n;
    if (ss_alter_dependent_views(r, col, &v, &n))
        return SS_ERROR;
    char rel[SS_NS_REF_MAX];
    ss_ns_qualify(r->t->ns, r->t->name, rel, sizeof rel);
    ss_deparse_rename rn = {rel, new_rel, col >= 0 ? r->t->cols[col].name : NULL, new_column, NULL, NULL, NULL};
    int rc = n ? ss_views_follow_rename(r->ctx, r->c, v, n, what, &rn) : SS_OK;
    free(v);
    return rc ? rc : ss_matviews_follow_rename(r->ctx, r->c, what, &rn);
}

static int rename_column(alter_run *r, const ast_alter_cmd *a)
{
    ss_table *t = r->t;
    int col = ss_alter_column(t, a->column);
    if (col < 0)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" does not exist", a->column);
    if (ss_alter_column(t, a->new_name) >= 0)
        return ss_ctx_error(r->ctx, "42701", "column \"%s\" of relation \"%s\" already exists",
                            a->new_name, t->name);
    if (follow_views(r, col, "renaming a column", NULL, a->new_name))
        return SS_ERROR;
    char *n = strdup(a->new_name);
    if (!n)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rename_owners(r, t->cols[col].name, NULL, n)) {
        free(n);
        return SS_ERROR;
    }
    free((char *)t->cols[col].name);
    t->cols[col].name = n;
    return ss_alter_recheck(r, false);
}

/* A relation (table, view, index, sequence) of c named name. */
static bool relation_taken(ss_ctx *ctx, ss_catalog *c, const char *name)
{
    (void)ctx;
    if (ss_catalog_find(c, name) || ss_catalog_find_view(c, name) || ss_index_find(c, name))
        return true;
    ss_seq_catalog *sc = c->sequences;
    bool found = false;
    pthread_mutex_lock(&sc->mu);
    for (uint32_t i = 0; !found && i < sc->n; i++)
        found = strcmp(sc->seqs[i]->name, name) == 0 && ss_ddl_visible(&sc->seqs[i]->ddl);
    pthread_mutex_unlock(&sc->mu);
    return found;
}

static int rename_table(alter_run *r, const ast_alter_cmd *a)
{
    if (ss_catalog_name_wait(r->ctx, r->c, a->new_name))
        return SS_ERROR;
    if (relation_taken(r->ctx, r->c, a->new_name))
        return ss_ctx_error(r->ctx, SS_SQLSTATE_DUPLICATE_TABLE, "relation \"%s\" already exists", a->new_name);
    if (follow_views(r, -1, "renaming a table", a->new_name, NULL))
        return SS_ERROR;
    char *n = strdup(a->new_name);
    if (!n)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rename_owners(r, NULL, n, NULL)) {
        free(n);
        return SS_ERROR;
    }
    pthread_mutex_lock(&r->c->mu);
    free(r->t->name);
    r->t->name = n;
    pthread_mutex_unlock(&r->c->mu);
    return SS_OK;
}

static int rename_index(alter_run *r, ss_index *ix, const char *new_name)
{
    if (ss_catalog_name_wait(r->ctx, r->c, new_name))
        return SS_ERROR;
    if (relation_taken(r->ctx, r->c, new_name))
        return ss_ctx_error(r->ctx, SS_SQLSTATE_DUPLICATE_TABLE, "relation \"%s\" already exists", new_name);
    char *n = strdup(new_name);
    if (!n)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    pthread_mutex_lock(&r->c->mu);
    free(ix->name);
    ix->name = n;
    pthread_mutex_unlock(&r->c->mu);
    return SS_OK;
}

/* Whether view v no longer binds to the same columns and types (with what the caller has
   hidden from its table): it depends on that. */
static bool view_needs(alter_run *r, const ss_view *v)
{
    ast_stmt **stmts;
    uint32_t nst;
    ast_parse_error perr;
    ss_bound_stmt *bs = NULL;
    bool uses = true;
    if (ss_parse(r->ctx->arena, v->sql, &stmts, &nst, &perr) == 0 && nst == 1 && stmts[0]->select) {
        ast_stmt q;
        memset(&q, 0, sizeof q);
        q.kind = AST_SELECT;
        q.select = stmts[0]->select;
        /* under the search path the view was created with, as its uses bind it */
        const char *path = ss_ns_path_override(v->search_path);
        int brc = ss_bind(r->ctx, r->c, r->ctx->settings, &q, r->ctx->arena, NULL, 0, &bs);
        ss_ns_path_override(path);
        if (brc == SS_OK) {
            uses = bs->ncols < v->ncols;
            for (uint32_t k = 0; !uses && k < v->ncols; k++)
                uses = bs->col_types[k].id != v->types[k].id;
        }
    }
    ss_error_clear(r->ctx->err);
    return uses;
}

/* The visible views reading r's table: all of them (col < 0, ix NULL), those reading column
   col (bound again without it, PostgreSQL records the columns a view uses), or those whose
   grouping needs primary key ix (bound again without it: PostgreSQL's constraintDeps). */
static int views_needing(alter_run *r, int col, ss_index *ix, ss_view ***out, uint32_t *n)
{
    ss_catalog *c = r->c;
    ss_table *t = r->t;
    *out = NULL;
    *n = 0;
    ss_view **list = calloc(c->nuser_views ? c->nuser_views : 1, sizeof *list);
    if (!list)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    char ref[SS_NS_REF_MAX]; /* views record the relations they read schema-qualified */
    ss_ns_qualify(t->ns, t->name, ref, sizeof ref);
    for (uint32_t i = 0; i < c->nuser_views; i++) {
        ss_view *v = c->user_views[i];
        bool reads = false;
        for (uint32_t d = 0; !reads && d < v->ndeps; d++)
            reads = strcmp(v->deps[d], ref) == 0;
        if (!reads || !ss_ddl_visible(&v->ddl))
            continue;
        if (col < 0 && !ix) {
            list[(*n)++] = v;
            continue;
        }
        if (ix) {
            ix->primary = false;
            bool uses = view_needs(r, v);
            ix->primary = true;
            if (uses)
                list[(*n)++] = v;
            continue;
        }
        ss_column_def *cols = t->cols;
        ss_type *types = t->types;
        uint32_t ncols = t->ncols;
        ss_column_def *less = malloc(sizeof *less * ncols);
        ss_type *less_types = malloc(sizeof *less_types * ncols);
        if (!less || !less_types) {
            free(less);
            free(less_types);
            free(list);
            return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        for (uint32_t k = 0, j = 0; k < ncols; k++)
            if (k != (uint32_t)col) {
                less[j] = cols[k];
                less_types[j++] = types[k];
            }
        t->cols = less;
        t->types = less_types;
        t->ncols = ncols - 1;
        bool uses = view_needs(r, v);
        t->cols = cols;
        t->types = types;
        t->ncols = ncols;
        free(less);
        free(less_types);
        if (uses)
            list[(*n)++] = v;
    }
    *out = list;
    return SS_OK;
}

int ss_alter_dependent_views(alter_run *r, int col, ss_view ***out, uint32_t *n)
{
    return views_needing(r, col, NULL, out, n);
}

int ss_alter_pkey_views(alter_run *r, ss_index *ix, ss_view ***out, uint32_t *n)
{
    if (!ix->primary) {
        *out = NULL;
        *n = 0;
        return SS_OK;
    }
    return views_needing(r, -1, ix, out, n);
}

/* ALTER TABLE on a materialized view: PostgreSQL's 42809 for the actions it does not allow
   there; renames (which it allows) are 0A000: the view's stored query would not follow. */
static int matview_refused(ss_ctx *ctx, const ast_stmt *st, const ss_table *t)
{
    const ast_alter_cmd *a = &st->alter_cmds[0];
    const char *action = a->kind == AST_ALTER_ADD_COLUMN       ? "ADD COLUMN"
                         : a->kind == AST_ALTER_DROP_COLUMN    ? "DROP COLUMN"
                         : a->kind == AST_ALTER_SET_NOT_NULL   ? "ALTER COLUMN ... SET NOT NULL"
                         : a->kind == AST_ALTER_DROP_NOT_NULL  ? "ALTER COLUMN ... DROP NOT NULL"
                         : a->kind == AST_ALTER_SET_DEFAULT    ? "ALTER COLUMN ... SET DEFAULT"
                         : a->kind == AST_ALTER_DROP_DEFAULT   ? "ALTER COLUMN ... DROP DEFAULT"
                         : a->kind == AST_ALTER_COLUMN_TYPE    ? "ALTER COLUMN TYPE"
                         : a->kind == AST_ALTER_ADD_CHECK || a->kind == AST_ALTER_ADD_KEY ||
                                 a->kind == AST_ALTER_ADD_FKEY ? "ADD CONSTRAINT"
                         : a->kind == AST_ALTER_DROP_CONSTRAINT ? "DROP CONSTRAINT"
                         : a->kind == AST_ALTER_VALIDATE_CONSTRAINT ? "VALIDATE CONSTRAINT"
                                                               : NULL;
    if (a->kind == AST_ALTER_SET_SCHEMA)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: ALTER TABLE ... SET SCHEMA");
    if (!action)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: ALTER TABLE ... RENAME of materialized view \"%s\"", t->name);
    ss_ctx_error(ctx, "42809", "ALTER action %s cannot be performed on relation \"%s\"", action, t->name);
    ss_ctx_error_detail(ctx, "This operation is not supported for materialized views.");
    return SS_ERROR;
}

/* OWNER TO: Sunstone has one role, the session's (types/func_impl.h's ss_role_name), which
   owns everything; naming it (or CURRENT_USER / SESSION_USER / CURRENT_ROLE) changes nothing,
   any other name is PostgreSQL's 42704. */
static int owner_to(ss_ctx *ctx, const ast_alter_cmd *a)
{
    if (a->new_name && strcmp(a->new_name, ss_role_name()) != 0)
        return ss_ctx_error(ctx, "42704", "role \"%s\" does not exist", a->new_name);
    return SS_OK;
}

static int run_cmd(alter_run *r, const ast_alter_cmd *a)
{
    uint32_t col = 0;
    if (ss_rowtype_check_alter(r->ctx, r->c, r->t, (int)a->kind, r->st->nalter_cmds == 1,
                               a->coldef >= 0 ? &r->st->coldefs[a->coldef] : NULL)) /* a column uses its row type */
        return SS_ERROR;
    if (ss_alter_generated_guard(r, a))
        return SS_ERROR;
    switch (a->kind) {
    case AST_ALTER_OWNER:
        return owner_to(r->ctx, a);
    case AST_ALTER_SET_OPTIONS: /* a table's storage parameters */
        return ss_ctx_error(r->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: ALTER TABLE ... %s (storage parameters)",
                            a->reset_opts ? "RESET" : "SET");
    case AST_ALTER_SET_NOT_NULL:
    case AST_ALTER_DROP_NOT_NULL:
        if (ss_alter_find_column(r, a->column, &col))
            return SS_ERROR;
        return ss_alter_set_not_null(r->ctx, r->t, col, a->kind == AST_ALTER_SET_NOT_NULL);
    case AST_ALTER_SET_DEFAULT:
    case AST_ALTER_DROP_DEFAULT:
        if (ss_alter_find_column(r, a->column, &col))
            return SS_ERROR;
        return set_default(r, a, col);
    case AST_ALTER_ADD_COLUMN:
        return ss_alter_add_column(r, a);
    case AST_ALTER_DROP_COLUMN:
        return ss_alter_drop_column(r, a);
    case AST_ALTER_RENAME_COLUMN:
        return rename_column(r, a);
    case AST_ALTER_RENAME_TABLE:
        return rename_table(r, a);
    case AST_ALTER_RENAME_INDEX:
        break; /* ss_catalog_alter_table's */
    case AST_ALTER_RENAME_CONSTRAINT:
        return ss_alter_rename_constraint(r, a);
    case AST_ALTER_ADD_CHECK:
        return ss_alter_add_check(r, a->check_lo, a->not_valid);
    case AST_ALTER_DROP_CONSTRAINT:
        return ss_alter_drop_constraint(r, a);
    case AST_ALTER_COLUMN_TYPE:
        return ss_alter_column_type(r, a);
    case AST_ALTER_ADD_KEY:
        return ss_alter_add_key(r, a->check_lo);
    case AST_ALTER_ADD_FKEY:
        return ss_alter_add_fkey(r, a->check_lo, a->not_valid);
    case AST_ALTER_VALIDATE_CONSTRAINT:
        return ss_alter_validate_constraint(r, a);
    case AST_ALTER_CONSTRAINT:
        return ss_alter_constraint_deferrability(r, a);
    case AST_ALTER_ADD_IDENTITY:
        return ss_alter_add_identity(r, a);
    case AST_ALTER_SET_GENERATED:
        return ss_alter_set_generated(r, a);
    case AST_ALTER_DROP_IDENTITY:
        return ss_alter_drop_identity(r, a);
    case AST_ALTER_DROP_EXPRESSION:
        return ss_alter_drop_expression(r, a);
    case AST_ALTER_SET_SCHEMA:
        return ss_ctx_error(r->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: ALTER TABLE ... SET SCHEMA");
    }
    return SS_OK;
}

/* v's definition and column defaults created again as view new_ref (a rename or a move). */
static int create_copy(ss_ctx *ctx, ss_catalog *c, const ss_view *v, const char *new_ref)
{
    ss_view_def def = {new_ref, v->sql, v->ncols, (const char *const *)v->col_names, v->types,
                       v->ndeps, (const char *const *)v->deps, false, v->search_path};
    if (ss_catalog_create_view(ctx, c, &def))
        return SS_ERROR;
    ss_view *copy = ss_catalog_find_view(c, new_ref);
    if (!copy || !ss_view_copy_defaults(copy, v, v->ncols))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

/* ALTER VIEW v RENAME TO w (and ALTER TABLE on a view): PostgreSQL keeps views by oid, so
   renaming one changes no query; here a view is its text, so the renamed view is the same
   definition created under the new name, the views and materialized views reading it are
   stored again with the new name (view_rename.c, 0A000 when one cannot be printed), and the
   old name is dropped, all in the statement's transaction (a rollback undoes each step). */
static int rename_view(ss_ctx *ctx, ss_catalog *c, ss_view *v, const char *new_name)
{
    if (ss_catalog_name_wait(ctx, c, new_name))
        return SS_ERROR;
    char old_ref[SS_NS_REF_MAX], new_ref[SS_NS_REF_MAX];
    ss_ns_qualify(v->ns, v->name, old_ref, sizeof old_ref);
    ss_ns_qualify(v->ns, new_name, new_ref, sizeof new_ref);
    if (relation_taken(ctx, c, new_ref))
        return ss_ctx_error(ctx, SS_SQLSTATE_DUPLICATE_TABLE, "relation \"%s\" already exists", new_name);
    if (create_copy(ctx, c, v, new_ref))
        return SS_ERROR;
    ss_view **readers = calloc(c->nuser_views ? c->nuser_views : 1, sizeof *readers);
    if (!readers)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t n = 0;
    for (uint32_t i = 0; i < c->nuser_views; i++) {
        ss_view *w = c->user_views[i];
        bool reads = false;
        for (uint32_t d = 0; !reads && d < w->ndeps; d++)
            reads = strcmp(w->deps[d], old_ref) == 0;
        if (reads && w != v && ss_ddl_visible(&w->ddl))
            readers[n++] = w;
    }
    ss_deparse_rename rn = {old_ref, new_name, NULL, NULL, NULL, NULL, NULL};
    int rc = n ? ss_views_follow_rename(ctx, c, readers, n, "renaming a view", &rn) : SS_OK;
    free(readers);
    if (rc == SS_OK)
        rc = ss_matviews_follow_rename(ctx, c, "renaming a view", &rn);
    const char *names[1] = {old_ref};
    return rc ? rc : ss_catalog_drop_relations(ctx, c, SS_DROP_VIEW, names, 1, false, false, NULL, NULL);
}

/* The views of c (but skip) that read relation ref ("s.v"), visible ones; malloc'd. */
static ss_view **views_reading(ss_catalog *c, const char *ref, const ss_view *skip, uint32_t *n)
{
    ss_view **readers = calloc(c->nuser_views ? c->nuser_views : 1, sizeof *readers);
    *n = 0;
    for (uint32_t i = 0; readers && i < c->nuser_views; i++) {
        ss_view *w = c->user_views[i];
        bool reads = false;
        for (uint32_t d = 0; !reads && d < w->ndeps; d++)
            reads = strcmp(w->deps[d], ref) == 0;
        if (reads && w != skip && ss_ddl_visible(&w->ddl))
            readers[(*n)++] = w;
    }
    return readers;
}

/* ALTER VIEW v RENAME COLUMN a TO b (and ALTER TABLE on a view): the views and materialized
   views reading v.a are stored again reading v.b (view_rename.c), then v itself is its query
   printed with the column named b (pg_get_viewdef's "AS b"), replacing it in the statement's
   transaction. */
static int rename_view_column(ss_ctx *ctx, ss_catalog *c, ss_view *v, const char *from, const char *to)
{
    int col = -1;
    for (uint32_t i = 0; i < v->ncols; i++) {
        if (strcmp(v->col_names[i], from) == 0)
            col = (int)i;
    }
    if (col < 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" does not exist", from);
    for (uint32_t i = 0; i < v->ncols; i++)
        if (strcmp(v->col_names[i], to) == 0)
            return ss_ctx_error(ctx, "42701", "column \"%s\" of relation \"%s\" already exists", to, v->name);
    char ref[SS_NS_REF_MAX];
    ss_ns_qualify(v->ns, v->name, ref, sizeof ref);
    /* its own text first: nothing changes when the deparser cannot print it */
    const char **names = calloc(v->ncols, sizeof *names);
    if (!names)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < v->ncols; i++)
        names[i] = (int)i == col ? to : v->col_names[i];
    ss_view renamed = *v;
    renamed.col_names = (char **)names;
    char *sql = NULL;
    int rc = ss_deparse_view_for_rename(ctx, c, &renamed, NULL, &sql);
    free(names);
    if (rc) {
        if (strcmp(ctx->err->sqlstate, SS_SQLSTATE_FEATURE_NOT_SUPPORTED) == 0 && ctx->err->message) {
            char *why = strdup(ctx->err->message);
            ss_error_clear(ctx->err);
            ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                         "feature not supported: renaming a column of view \"%s\" (%s)", v->name,
                         why ? why : "its query cannot be printed");
            free(why);
        }
        return SS_ERROR;
    }
    uint32_t n;
    ss_view **readers = views_reading(c, ref, v, &n);
    if (!readers) {
        free(sql);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ss_deparse_rename rn = {ref, NULL, from, to, NULL, NULL, NULL};
    rc = n ? ss_views_follow_rename(ctx, c, readers, n, "renaming a column", &rn) : SS_OK;
    free(readers);
    if (rc == SS_OK)
        rc = ss_matviews_follow_rename(ctx, c, "renaming a column", &rn);
    if (rc == SS_OK) {
        /* the replacement is made with the old names (CREATE OR REPLACE refuses a rename),
           then its column renamed: the new view is this transaction's own */
        ss_view_def def = {ref, sql, v->ncols, (const char *const *)v->col_names, v->types,
                           v->ndeps, (const char *const *)v->deps, true, v->search_path};
        rc = ss_catalog_create_view(ctx, c, &def);
    }
    free(sql);
    if (rc)
        return rc;
    ss_view *now = ss_catalog_find_view(c, ref);
    char *nn = strdup(to);
    if (!now || !nn) {
        free(nn);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    free(now->col_names[col]);
    now->col_names[col] = nn;
    pthread_mutex_lock(&c->mu);
    c->version++;
    pthread_mutex_unlock(&c->mu);
    return SS_OK;
}

/* ALTER VIEW v SET SCHEMA s (and ALTER TABLE on a view): as a rename, the definition created
   under the new schema, the views and materialized views reading it stored again reading
   it there (view_rename.c), the old one dropped, in the statement's transaction. */
static int move_view(ss_ctx *ctx, ss_catalog *c, ss_view *v, const char *schema)
{
    const ss_schema *ns = ss_ns_find(c, schema);
    if (!ns)
        return ss_ctx_error(ctx, "3F000", "schema \"%s\" does not exist", schema);
    if (ns == v->ns)
        return SS_OK;
    char old_ref[SS_NS_REF_MAX], new_ref[SS_NS_REF_MAX];
    ss_ns_qualify(v->ns, v->name, old_ref, sizeof old_ref);
    ss_ns_qualify(ns, v->name, new_ref, sizeof new_ref);
    if (ss_catalog_name_wait(ctx, c, new_ref))
        return SS_ERROR;
    if (relation_taken(ctx, c, new_ref))
        return ss_ctx_error(ctx, SS_SQLSTATE_DUPLICATE_TABLE, "relation \"%s\" already exists in schema \"%s\"",
                            v->name, ns->name);
    if (create_copy(ctx, c, v, new_ref))
        return SS_ERROR;
    uint32_t n;
    ss_view **readers = views_reading(c, old_ref, v, &n);
    if (!readers)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ss_deparse_rename rn = {old_ref, NULL, NULL, NULL, NULL, NULL, ns->name};
    int rc = n ? ss_views_follow_rename(ctx, c, readers, n, "moving a view", &rn) : SS_OK;
    free(readers);
    if (rc == SS_OK)
        rc = ss_matviews_follow_rename(ctx, c, "moving a view", &rn);
    const char *names[1] = {old_ref};
    return rc ? rc : ss_catalog_drop_relations(ctx, c, SS_DROP_VIEW, names, 1, false, false, NULL, NULL);
}

int ss_catalog_alter_table(ss_ctx *ctx, ss_catalog *c, const ast_stmt *st)
{
    const char *name = st->table;
    ss_index *ix = NULL;
    bool index = st->nalter_cmds == 1 && st->alter_cmds[0].kind == AST_ALTER_RENAME_INDEX;
    if (index) {
        /* ALTER INDEX: the index's table is locked (ALTER INDEX on a table renames it) */
        if ((ix = ss_index_find(c, name)))
            name = ix->table->name;
    }
    ss_table *t;
    if (ss_catalog_lock_table(ctx, c, name, &t))
        return SS_ERROR;
    if (index && ix && (!t || ss_index_find(c, st->table) != ix))
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", st->table);
    bool rename_col = st->nalter_cmds == 1 && st->alter_cmds[0].kind == AST_ALTER_RENAME_COLUMN;
    if (t && st->alter_view && !index && !rename_col) /* ALTER VIEW RENAME COLUMN renames a table's too */
        return ss_ctx_error(ctx, "42809", "\"%s\" is not a view", ss_ns_rel(st->table));
    if (!t) {
        ss_view *v = index ? NULL : ss_catalog_find_view(c, name);
        if (v && st->nalter_cmds == 1 && st->alter_cmds[0].kind == AST_ALTER_RENAME_TABLE)
            return rename_view(ctx, c, v, st->alter_cmds[0].new_name);
        if (v && rename_col)
            return rename_view_column(ctx, c, v, st->alter_cmds[0].column, st->alter_cmds[0].new_name);
        if (v && st->nalter_cmds == 1 && st->alter_cmds[0].kind == AST_ALTER_SET_SCHEMA)
            return move_view(ctx, c, v, st->alter_cmds[0].new_name);
        if (v && st->nalter_cmds == 1 && st->alter_cmds[0].kind == AST_ALTER_OWNER)
            return owner_to(ctx, &st->alter_cmds[0]);
        bool defaults = st->nalter_cmds > 0;
        for (uint32_t i = 0; i < st->nalter_cmds; i++)
            defaults &= st->alter_cmds[i].kind == AST_ALTER_SET_DEFAULT ||
                        st->alter_cmds[i].kind == AST_ALTER_DROP_DEFAULT;
        if (v && defaults)
            return ss_view_alter_defaults(ctx, c, v, st);
        bool options = st->nalter_cmds > 0;
        for (uint32_t i = 0; i < st->nalter_cmds; i++)
            options &= st->alter_cmds[i].kind == AST_ALTER_SET_OPTIONS;
        if (v && options)
            return ss_view_alter_options(ctx, c, v, st);
        if (v)
            return ss_ctx_error(ctx, "42809", "\"%s\" is not a table", name);
        if (st->missing_ok) {
            ss_ctx_message(ctx, SS_MSG_NOTICE, "relation \"%s\" does not exist, skipping", ss_ns_rel(st->table));
            return SS_OK;
        }
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", st->table);
    }
    if (t->system)
        return ss_ctx_error(ctx, "42809", "\"%s\" is not a table", st->table);
    if (ss_is_matview(t) && matview_refused(ctx, st, t) != SS_OK)
        return SS_ERROR;
    if (atomic_load(&t->active_scans) > 0)
        return ss_ctx_error(ctx, "55006", "cannot ALTER TABLE \"%s\" because it is being used by active queries in "
                                          "this session",
                            t->name);
    if (ss_defer_check_table_free(ctx, t, "ALTER TABLE") != SS_OK) /* its checks name rows and constraints */
        return SS_ERROR;
    alter_run r = {ctx, c, st, t, ss_alter_save(ctx, t)};
    if (!r.saved)
        return SS_ERROR;
    bool logged;
    if (ss_ddl_log_callback(ctx, t, ss_alter_undo, ss_alter_commit, r.saved, &logged)) {
        ss_alter_undo(r.saved);
        return SS_ERROR;
    }
    int rc = SS_OK;
    if (index)
        rc = ix ? rename_index(&r, ix, st->alter_cmds[0].new_name) : rename_table(&r, &st->alter_cmds[0]);
    for (uint32_t i = 0; !index && rc == SS_OK && i < st->nalter_cmds; i++)
        rc = run_cmd(&r, &st->alter_cmds[i]);
    if (!index && rc == SS_OK && st->nalter_cmds == 1) /* columns of its row type follow it */
        rc = ss_rowtype_follow(ctx, c, t, (int)st->alter_cmds[0].kind, r.saved->ncols, r.saved->cols);
    if (!logged) /* no transaction: final now, or undone now */
        (rc == SS_OK ? ss_alter_commit : ss_alter_undo)(r.saved);
    pthread_mutex_lock(&c->mu);
    c->version++;
    pthread_mutex_unlock(&c->mu);
    return rc;
}
