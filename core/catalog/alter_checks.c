/* alter_checks.c — the constraints of ALTER TABLE (alter_internal.h): ADD [CONSTRAINT name]
 * CHECK, validated over the rows unless NOT VALID (23514), named as PostgreSQL's
 * ChooseConstraintName; DROP CONSTRAINT of a CHECK, of a PRIMARY KEY / UNIQUE constraint
 * (its index goes with it) or of a foreign key (alter_fkeys.c); RENAME and VALIDATE
 * CONSTRAINT; \d's CHECK texts after a rename; the views a
 * DROP COLUMN ... CASCADE drops. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind/bind_alter.h"
#include "catalog/alter_internal.h"
#include "catalog/namespace.h"
#include "catalog/sequences.h"
#include "exec/vector.h"
#include "fkey/fkey.h"

bool ss_alter_constraint_taken(const ss_table *t, const char *name)
{
    for (uint32_t k = 0; t->cons && k < t->cons->nchecks; k++)
        if (strcmp(t->cons->check_names[k], name) == 0)
            return true;
    const ss_table_indexes *l = t->indexes;
    for (uint32_t i = 0; l && i < l->n; i++)
        if (l->list[i]->constraint && ss_ddl_visible(&l->list[i]->ddl) && strcmp(l->list[i]->name, name) == 0)
            return true;
    for (uint32_t i = 0; t->fkeys && i < t->fkeys->n; i++)
        if (strcmp(t->fkeys->list[i]->name, name) == 0)
            return true;
    return false;
}

/* 42710 when a constraint of the table is named name (NULL: a name to be chosen). */
static int name_taken(alter_run *r, const char *name)
{
    if (name && ss_alter_constraint_taken(r->t, name))
        return ss_ctx_error(r->ctx, SS_SQLSTATE_DUPLICATE_OBJECT, "constraint \"%s\" for relation \"%s\" already exists",
                            name, r->t->name);
    return SS_OK;
}

static bool taken_on_table(const ss_catalog *c, const char *name, void *arg)
{
    (void)c;
    return ss_alter_constraint_taken(arg, name);
}

int ss_alter_each_batch(ss_ctx *ctx, ss_table *t, int (*each)(void *arg, const ss_batch *b), void *arg)
{
    uint32_t *all = malloc(sizeof *all * (t->ncols ? t->ncols : 1));
    ss_batch *b = ss_batch_create(t->ncols, t->types, SS_BATCH_CAPACITY);
    int rc = all && b ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; all && i < t->ncols; i++)
        all[i] = i;
    ss_snapshot snap;
    ss_alter_snapshot(ctx, &snap);
    ss_scan_spec spec = {t->ncols, 0, all};
    void *scan = NULL;
    if (rc == SS_OK)
        rc = t->storage->scan_begin_snapshot(ctx, t->handle, &spec, &snap, false, &scan);
    while (rc == SS_OK) {
        ss_batch_reset(b);
        if ((rc = t->storage->scan_next_batch(ctx, scan, b)) != SS_OK || b->count == 0)
            break;
        rc = each(arg, b);
    }
    if (scan)
        t->storage->scan_end(scan);
    if (b)
        ss_batch_destroy(b);
    free(all);
    return rc;
}

typedef struct check_scan {
    ss_ctx *ctx;
    ss_table *t;
    const ss_expr *e;
    const char *name;
    ss_vector *res;
} check_scan;

static int check_batch(void *arg, const ss_batch *b)
{
    check_scan *c = arg;
    ss_vector_reset(c->res);
    if (ss_expr_eval(c->ctx, c->e, b, c->res) != SS_OK)
        return SS_ERROR;
    for (uint32_t k = 0; k < ss_batch_rows(b); k++) {
        ss_value v;
        ss_vector_get_value(c->res, ss_batch_row(b, k), &v);
        if (!v.is_null && !v.v.b)
            return ss_ctx_error(c->ctx, "23514", "check constraint \"%s\" of relation \"%s\" is violated by some row",
                                c->name, c->t->name);
    }
    return SS_OK;
}

/* 23514 when a row of t fails check e (false; NULL passes). */
static int validate(ss_ctx *ctx, ss_table *t, const ss_expr *e, const char *name)
{
    ss_type bt = {SS_TYPE_BOOL, -1};
    check_scan c = {ctx, t, e, name, ss_vector_create(bt, SS_BATCH_CAPACITY)};
    if (!c.res)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = ss_alter_each_batch(ctx, t, check_batch, &c);
    ss_vector_destroy(c.res);
    return rc;
}

int ss_alter_add_check(alter_run *r, uint32_t k, bool not_valid)
{
    ss_ctx *ctx = r->ctx;
    ss_table *t = r->t;
    const ast_check *ck = &r->st->checks[k];
    if (name_taken(r, ck->name))
        return SS_ERROR;
    if (!t->cons && !(t->cons = ss_table_cons_copy(NULL, t->ncols)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ss_table_cons *c = t->cons;
    /* the source: this statement's text, which knows the columns by their names now */
    ss_cons_src src;
    memset(&src, 0, sizeof src);
    bool ok = true;
    src.index = k;
    src.sql = ss_strdup_or_null(r->st->view_sql, &ok);
    src.table = ss_strdup_or_null(t->name, &ok);
    src.names = calloc(t->ncols ? t->ncols : 1, sizeof(char *));
    for (uint32_t i = 0; ok && src.names && i < t->ncols; i++)
        src.names[i] = ss_strdup_or_null(t->cols[i].name, &ok);
    if (!ok || !src.names) {
        ss_cons_src_free(&src, t->ncols);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ss_expr *e;
    int one;
    const char *text;
    if (ss_bind_alter_check(ctx, t, &src, &e, &one, &text))
        goto fail;
    char *name = ck->name ? strdup(ck->name) : NULL;
    if (!ck->name) {
        const char *col = one >= 0 ? t->cols[one].name : NULL;
        name = ss_index_choose_name_also(r->c, t->name, col ? &col : NULL, col ? 1 : 0, "check", taken_on_table, t);
    }
    if (name && !not_valid && validate(ctx, t, e, name)) {
        free(name);
        goto fail;
    }
    char *shown = NULL;
    if (text) {
        size_t n = strlen(text) + sizeof " NOT VALID";
        if ((shown = malloc(n)))
            snprintf(shown, n, "%s%s", text, not_valid ? " NOT VALID" : "");
    }
    char **names = realloc(c->check_names, sizeof *names * (c->nchecks + 1));
    if (names)
        c->check_names = names;
    char **texts = names ? realloc(c->check_texts, sizeof *texts * (c->nchecks + 1)) : NULL;
    if (texts)
        c->check_texts = texts;
    ss_cons_src *srcs = texts ? realloc(c->check_srcs, sizeof *srcs * (c->nchecks + 1)) : NULL;
    if (srcs)
        c->check_srcs = srcs;
    if (!name || (text && !shown) || !srcs) {
        free(name);
        free(shown);
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        goto fail;
    }
    c->check_names[c->nchecks] = name;
    c->check_texts[c->nchecks] = shown;
    c->check_srcs[c->nchecks] = src;
    c->nchecks++;
    return SS_OK;
fail:
    ss_cons_src_free(&src, t->ncols);
    return SS_ERROR;
}

int ss_alter_add_key(alter_run *r, uint32_t k)
{
    ss_ctx *ctx = r->ctx;
    ss_table *t = r->t;
    const ast_key_constraint *kc = &r->st->key_constraints[k];
    uint32_t *cols = malloc(sizeof *cols * (kc->ncolumns ? kc->ncolumns : 1));
    ast_index_key *keys = calloc(kc->ncolumns ? kc->ncolumns : 1, sizeof *keys);
    if (!cols || !keys) {
        free(cols);
        free(keys);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    int rc = SS_OK;
    for (uint32_t j = 0; rc == SS_OK && j < kc->ncolumns; j++) {
        int c = ss_alter_column(t, kc->columns[j]);
        if (c < 0)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" named in key does not exist",
                              kc->columns[j]);
        else
            cols[j] = (uint32_t)c;
        keys[j] = (ast_index_key){.column = kc->columns[j], .location = -1};
    }
    const ss_table_indexes *l = t->indexes;
    for (uint32_t i = 0; rc == SS_OK && kc->primary && l && i < l->n; i++)
        if (l->list[i]->primary && ss_ddl_visible(&l->list[i]->ddl))
            rc = ss_ctx_error(ctx, "42P16", "multiple primary keys for table \"%s\" are not allowed", t->name);
    for (uint32_t j = 0; rc == SS_OK && kc->primary && j < kc->ncolumns; j++)
        rc = ss_alter_set_not_null(ctx, t, cols[j], true);
    char *name = NULL;
    /* schema-qualified, as CREATE TABLE's keys (index_keys.c): its index is in its schema */
    char tref[SS_NS_REF_MAX], iref[SS_NS_REF_MAX];
    const char *table = ss_ns_qualify(t->ns, t->name, tref, sizeof tref);
    if (rc == SS_OK) {
        name = kc->name ? strdup(kc->name)
               : kc->primary ? ss_index_choose_name(r->c, table, NULL, 0, "pkey")
                             : ss_index_choose_name(r->c, table, kc->columns, kc->ncolumns, "key");
        if (!name)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    if (rc == SS_OK) {
        ast_stmt one = {.kind = AST_CREATE_INDEX, .str = name, .table = table, .index_keys = keys,
                        .nindex_keys = kc->ncolumns, .index_unique = true};
        rc = ss_index_run_create(ctx, r->c, ctx->registry, &one);
        ss_index *ix = rc == SS_OK ? ss_index_find(r->c, ss_ns_qualify(t->ns, name, iref, sizeof iref)) : NULL;
        if (ix) {
            ix->constraint = true;
            ix->primary = kc->primary;
            ix->deferrable = kc->deferrable;
            ix->initdeferred = kc->initdeferred;
        }
    }
    free(name);
    free(cols);
    free(keys);
    return rc;
}

int ss_alter_add_fkey(alter_run *r, uint32_t k, bool not_valid)
{
    ss_ctx *ctx = r->ctx;
    ss_table *t = r->t;
    const ast_foreign_key *fk = &r->st->fkeys[k];
    if (name_taken(r, fk->name))
        return SS_ERROR;
    ast_stmt one = {.kind = AST_ALTER_TABLE, .table = t->name, .fkeys = (ast_foreign_key *)fk, .nfkeys = 1};
    uint32_t before = t->fkeys ? t->fkeys->n : 0;
    if (ss_fkey_create_on(ctx, r->c, t, &one))
        return SS_ERROR;
    if (!t->fkeys || t->fkeys->n == before)
        return SS_OK;
    ss_fkey *made = t->fkeys->list[t->fkeys->n - 1];
    made->not_valid = not_valid;
    /* every row must find its referenced row */
    return not_valid ? SS_OK : ss_alter_validate_fkey_rows(r, made);
}

/* The index of t backing the constraint named name (PRIMARY KEY / UNIQUE), or NULL. */
static ss_index *constraint_index(const ss_table *t, const char *name)
{
    const ss_table_indexes *l = t->indexes;
    for (uint32_t i = 0; l && i < l->n; i++)
        if (l->list[i]->constraint && ss_ddl_visible(&l->list[i]->ddl) && strcmp(l->list[i]->name, name) == 0)
            return l->list[i];
    return NULL;
}

static int check_named(const ss_table *t, const char *name)
{
    for (uint32_t k = 0; t->cons && k < t->cons->nchecks; k++)
        if (strcmp(t->cons->check_names[k], name) == 0)
            return (int)k;
    return -1;
}

int ss_alter_drop_constraint(alter_run *r, const ast_alter_cmd *a)
{
    ss_table *t = r->t;
    int k = check_named(t, a->column);
    if (k >= 0) {
        ss_alter_remove_check(t, (uint32_t)k);
        return SS_OK;
    }
    ss_index *ix = constraint_index(t, a->column);
    if (ix) {
        if (ss_alter_drop_index_fkeys(r, ix, a->cascade))
            return SS_ERROR;
        if (!ss_alter_saved_index(r->saved, ix))
            return ss_ctx_error(r->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: dropping a constraint created by the same ALTER TABLE");
        ss_alter_remove_index(r->saved, ix);
        return SS_OK;
    }
    ss_fkey *fk = ss_alter_fkey_named(t, a->column);
    if (fk)
        return ss_alter_detach_fkey(r->ctx, r->saved, fk);
    if (a->missing_ok) {
        ss_ctx_message(r->ctx, SS_MSG_NOTICE, "constraint \"%s\" of relation \"%s\" does not exist, skipping",
                       a->column, t->name);
        return SS_OK;
    }
    return ss_ctx_error(r->ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "constraint \"%s\" of relation \"%s\" does not exist",
                        a->column, t->name);
}

int ss_alter_rename_constraint(alter_run *r, const ast_alter_cmd *a)
{
    ss_table *t = r->t;
    int k = check_named(t, a->column);
    ss_index *ix = k < 0 ? constraint_index(t, a->column) : NULL;
    ss_fkey *fk = k < 0 && !ix ? ss_alter_fkey_named(t, a->column) : NULL;
    if (k < 0 && !ix && !fk)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "constraint \"%s\" for table \"%s\" does not exist",
                            a->column, t->name);
    if (name_taken(r, a->new_name))
        return SS_ERROR;
    if (fk)
        return ss_alter_rename_fkey(r, fk, a->new_name);
    if (ix && (ss_catalog_find(r->c, a->new_name) || ss_catalog_find_view(r->c, a->new_name) ||
               ss_index_find(r->c, a->new_name)))
        return ss_ctx_error(r->ctx, SS_SQLSTATE_DUPLICATE_TABLE, "relation \"%s\" already exists", a->new_name);
    char *n = strdup(a->new_name);
    if (!n)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (k >= 0) {
        free(t->cons->check_names[k]);
        t->cons->check_names[k] = n;
        return SS_OK;
    }
    pthread_mutex_lock(&r->c->mu);
    free(ix->name);
    ix->name = n;
    pthread_mutex_unlock(&r->c->mu);
    return SS_OK;
}

static bool ends_not_valid(const char *text)
{
    return text && strlen(text) > 10 && strcmp(text + strlen(text) - 10, " NOT VALID") == 0;
}

int ss_alter_validate_constraint(alter_run *r, const ast_alter_cmd *a)
{
    ss_table *t = r->t;
    int k = check_named(t, a->column);
    if (k < 0) {
        ss_fkey *fk = ss_alter_fkey_named(t, a->column);
        if (fk)
            return ss_alter_validate_fkey(r, fk);
        if (constraint_index(t, a->column))
            return ss_ctx_error(r->ctx, "42809", "constraint \"%s\" of relation \"%s\" is not a foreign key or check "
                                                 "constraint", a->column, t->name);
        return ss_ctx_error(r->ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "constraint \"%s\" of relation \"%s\" does not exist",
                            a->column, t->name);
    }
    char *text = t->cons->check_texts[k];
    if (!ends_not_valid(text))
        return SS_OK;
    ss_expr *e;
    int one;
    const char *bound;
    if (ss_bind_alter_check(r->ctx, t, &t->cons->check_srcs[k], &e, &one, &bound) ||
        validate(r->ctx, t, e, t->cons->check_names[k]))
        return SS_ERROR;
    text[strlen(text) - 10] = '\0';
    return SS_OK;
}

int ss_alter_constraint_deferrability(alter_run *r, const ast_alter_cmd *a)
{
    ss_table *t = r->t;
    ss_fkey *fk = ss_alter_fkey_named(t, a->column);
    if (!fk) {
        if (check_named(t, a->column) >= 0 || constraint_index(t, a->column))
            return ss_ctx_error(r->ctx, "42809", "constraint \"%s\" of relation \"%s\" is not a foreign key constraint",
                                a->column, t->name);
        return ss_ctx_error(r->ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "constraint \"%s\" of relation \"%s\" does not exist",
                            a->column, t->name);
    }
    if (ss_alter_save_fkey(r->ctx, r->saved, fk))
        return SS_ERROR;
    fk->deferrable = a->deferrable;
    fk->initdeferred = a->initdeferred;
    return SS_OK;
}

int ss_alter_recheck(alter_run *r, bool validate_rows)
{
    ss_table *t = r->t;
    if (ss_alter_generated_retext(r))
        return SS_ERROR;
    for (uint32_t k = 0; t->cons && k < t->cons->nchecks; k++) {
        ss_expr *e;
        int one;
        const char *text;
        if (ss_bind_alter_check(r->ctx, t, &t->cons->check_srcs[k], &e, &one, &text))
            return SS_ERROR;
        if (validate_rows && validate(r->ctx, t, e, t->cons->check_names[k]))
            return SS_ERROR;
        const char *old = t->cons->check_texts[k];
        bool not_valid = ends_not_valid(old);
        char *shown = NULL;
        if (text) {
            size_t n = strlen(text) + sizeof " NOT VALID";
            if (!(shown = malloc(n)))
                return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            snprintf(shown, n, "%s%s", text, not_valid ? " NOT VALID" : "");
        }
        free(t->cons->check_texts[k]);
        t->cons->check_texts[k] = shown;
    }
    return SS_OK;
}

static void notice_to(void *arg, const char *text)
{
    ss_ctx_message(arg, SS_MSG_NOTICE, "%s", text);
}

int ss_alter_drop_views(alter_run *r, const char *const *names, uint32_t n)
{
    return ss_catalog_drop_relations(r->ctx, r->c, true, names, n, false, true, notice_to, r->ctx);
}
