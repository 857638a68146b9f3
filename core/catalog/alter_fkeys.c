/* alter_fkeys.c — ALTER TABLE and FOREIGN KEY constraints (alter_internal.h): DROP, RENAME
 * and VALIDATE CONSTRAINT of a foreign key; the foreign keys that DROP CONSTRAINT of a
 * PRIMARY KEY / UNIQUE or DROP COLUMN takes with it (2BP01 with PostgreSQL's DETAIL unless
 * CASCADE, then its NOTICE); the column positions foreign keys keep, moved by DROP COLUMN;
 * the type pairs and the rows checked again after ALTER COLUMN TYPE.  Every change is saved
 * in the statement's alter_saved, so that ROLLBACK puts it back; another table whose foreign
 * key changes is locked as the altered one is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/alter_internal.h"
#include "catalog/catalog_txn.h"
#include "catalog/namespace.h"
#include "fkey/fkey.h"
#include "util/strbuf.h"

ss_fkey *ss_alter_fkey_named(const ss_table *t, const char *name)
{
    for (uint32_t i = 0; t->fkeys && i < t->fkeys->n; i++)
        if (strcmp(t->fkeys->list[i]->name, name) == 0)
            return t->fkeys->list[i];
    return NULL;
}

static bool has_col(const uint32_t *cols, uint32_t n, uint32_t col)
{
    for (uint32_t i = 0; i < n; i++)
        if (cols[i] == col)
            return true;
    return false;
}

static const char *table_display(const ss_catalog *c, const ss_table *t, char *buf, size_t bufsz)
{
    return t->ns ? ss_ns_display(c, t->ns, t->name, buf, bufsz) : t->name;
}

/* The exclusive lock of every table of fks[0..n) other than r's own (held already). */
static int lock_tables(alter_run *r, ss_fkey *const *fks, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (fks[i]->table == r->t)
            continue;
        char ref[SS_NS_REF_MAX];
        const char *name = fks[i]->table->ns ? ss_ns_qualify(fks[i]->table->ns, fks[i]->table->name, ref, sizeof ref)
                                             : strcpy(ref, fks[i]->table->name);
        ss_table *t;
        if (ss_catalog_lock_table(r->ctx, r->c, name, &t))
            return SS_ERROR;
    }
    return SS_OK;
}

/* The foreign keys referencing r's table that need index ix (ix non-NULL) or referenced
   column col; a foreign key of the table itself whose own column col is goes with the
   column instead.  *out malloc'd (NULL when none). */
static int dependents(alter_run *r, const ss_index *ix, uint32_t col, ss_fkey ***out, uint32_t *n)
{
    uint32_t all = 0;
    ss_fkey **refs = ss_fkey_referencing(r->c, r->t, true, &all);
    if (all && !refs)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *n = 0;
    for (uint32_t i = 0; i < all; i++) {
        ss_fkey *fk = refs[i];
        bool dep = ix ? ss_fkey_needs_index(fk, ix)
                      : has_col(fk->ref_cols, fk->ncols, col) && !(fk->table == r->t && has_col(fk->cols, fk->ncols, col));
        if (dep)
            refs[(*n)++] = fk;
    }
    if (!*n) {
        free(refs);
        refs = NULL;
    }
    *out = refs;
    return SS_OK;
}

/* 2BP01 for dependents fks[0..n) and views[0..nv) of what ("constraint p_pkey on table p" /
   "column id of table p"), each constraint "depends on" on_what, each view on view_on; with
   CASCADE PostgreSQL's NOTICE and their drop (the constraints, then the views). */
static int drop_dependents(alter_run *r, ss_fkey **fks, uint32_t n, ss_view *const *views, uint32_t nv, bool cascade,
                           const char *what, const char *on_what, const char *view_on)
{
    if (!n && !nv)
        return SS_OK;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    char buf[SS_NS_REF_MAX];
    if (!cascade) {
        for (uint32_t i = 0; i < n; i++)
            ss_strbuf_printf(&sb, "%sconstraint %s on table %s depends on %s", i ? "\n" : "", fks[i]->name,
                             table_display(r->c, fks[i]->table, buf, sizeof buf), on_what);
        for (uint32_t i = 0; i < nv; i++)
            ss_strbuf_printf(&sb, "%sview %s depends on %s", n + i ? "\n" : "", views[i]->name, view_on);
        ss_ctx_error(r->ctx, "2BP01", "cannot drop %s because other objects depend on it", what);
        ss_ctx_error_detail(r->ctx, "%s", sb.data ? sb.data : "");
        ss_ctx_error_hint(r->ctx, "Use DROP ... CASCADE to drop the dependent objects too.");
        ss_strbuf_free(&sb);
        return SS_ERROR;
    }
    if (n + nv > 1) /* the DETAIL travels in the notice's text, as the shell prints it */
        ss_strbuf_printf(&sb, "drop cascades to %u other objects\nDETAIL:  ", n + nv);
    for (uint32_t i = 0; i < n; i++)
        ss_strbuf_printf(&sb, "%sdrop cascades to constraint %s on table %s", i ? "\n" : "", fks[i]->name,
                         table_display(r->c, fks[i]->table, buf, sizeof buf));
    for (uint32_t i = 0; i < nv; i++)
        ss_strbuf_printf(&sb, "%sdrop cascades to view %s", n + i ? "\n" : "", views[i]->name);
    const char **names = nv ? malloc(sizeof *names * nv) : NULL;
    if (sb.oom || (nv && !names)) {
        ss_strbuf_free(&sb);
        free(names);
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ss_ctx_message(r->ctx, SS_MSG_NOTICE, "%s", sb.data);
    ss_strbuf_free(&sb);
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && i < n; i++)
        rc = ss_alter_detach_fkey(r->ctx, r->saved, fks[i]);
    for (uint32_t i = 0; i < nv; i++)
        names[i] = views[i]->name;
    if (rc == SS_OK && nv)
        rc = ss_alter_drop_views(r, names, nv);
    free(names);
    return rc;
}

/* The dependents of ix / col, found again after their tables are locked (the wait may have
   changed them). */
static int locked_dependents(alter_run *r, const ss_index *ix, uint32_t col, bool cascade, ss_fkey ***out,
                             uint32_t *n)
{
    if (dependents(r, ix, col, out, n))
        return SS_ERROR;
    if (!*n || !cascade)
        return SS_OK;
    int rc = lock_tables(r, *out, *n);
    free(*out);
    *out = NULL;
    return rc == SS_OK ? dependents(r, ix, col, out, n) : SS_ERROR;
}

int ss_alter_drop_index_fkeys(alter_run *r, ss_index *ix, bool cascade)
{
    ss_fkey **fks;
    uint32_t n;
    if (locked_dependents(r, ix, 0, cascade, &fks, &n))
        return SS_ERROR;
    char what[3 * SS_NS_REF_MAX], on[SS_NS_REF_MAX + 8], buf[SS_NS_REF_MAX];
    snprintf(what, sizeof what, "constraint %s on table %s", ix->name, table_display(r->c, r->t, buf, sizeof buf));
    snprintf(on, sizeof on, "index %s", ix->name);
    ss_view **views = NULL;
    uint32_t nv = 0;
    int rc = ss_alter_pkey_views(r, ix, &views, &nv);
    if (rc == SS_OK)
        rc = drop_dependents(r, fks, n, views, nv, cascade, what, on, what);
    free(views);
    free(fks);
    return rc;
}

/* Column col's position gone from the foreign keys of r's table and of those referencing
   it: the positions after it move down. */
static int shift_positions(alter_run *r, uint32_t col)
{
    uint32_t n = 0;
    ss_fkey **refs = ss_fkey_referencing(r->c, r->t, true, &n);
    if (n && !refs)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = lock_tables(r, refs, n);
    free(refs);
    refs = rc == SS_OK ? ss_fkey_referencing(r->c, r->t, true, &n) : NULL; /* again, after any wait */
    if (rc == SS_OK && n && !refs)
        rc = ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; rc == SS_OK && i < n; i++) {
        ss_fkey *fk = refs[i];
        if ((rc = ss_alter_save_fkey(r->ctx, r->saved, fk)) != SS_OK)
            break;
        for (uint32_t k = 0; k < fk->ncols; k++)
            if (fk->ref_cols[k] > col)
                fk->ref_cols[k]--;
    }
    free(refs);
    for (uint32_t i = 0; rc == SS_OK && r->t->fkeys && i < r->t->fkeys->n; i++) {
        ss_fkey *fk = r->t->fkeys->list[i];
        if ((rc = ss_alter_save_fkey(r->ctx, r->saved, fk)) != SS_OK)
            break;
        for (uint32_t k = 0; k < fk->ncols; k++)
            if (fk->cols[k] > col)
                fk->cols[k]--;
        for (uint32_t k = 0; k < fk->ndel_set; k++)
            if (fk->del_set[k] > col)
                fk->del_set[k]--;
    }
    return rc;
}

int ss_alter_drop_column_fkeys(alter_run *r, uint32_t col, bool cascade)
{
    ss_fkey **fks;
    uint32_t n;
    if (locked_dependents(r, NULL, col, cascade, &fks, &n))
        return SS_ERROR;
    char what[3 * SS_NS_REF_MAX], buf[SS_NS_REF_MAX];
    snprintf(what, sizeof what, "column %s of table %s", r->t->cols[col].name,
             table_display(r->c, r->t, buf, sizeof buf));
    ss_view **views = NULL;
    uint32_t nv = 0;
    int rc = ss_alter_dependent_views(r, (int)col, &views, &nv);
    if (rc == SS_OK)
        rc = drop_dependents(r, fks, n, views, nv, cascade, what, what, what);
    free(views);
    free(fks);
    /* the table's own foreign keys on the column go with it, silently */
    for (uint32_t i = r->t->fkeys ? r->t->fkeys->n : 0; rc == SS_OK && i > 0; i--) {
        ss_fkey *fk = r->t->fkeys->list[i - 1];
        if (has_col(fk->cols, fk->ncols, col))
            rc = ss_alter_detach_fkey(r->ctx, r->saved, fk);
    }
    return rc == SS_OK ? shift_positions(r, col) : rc;
}

typedef struct fkey_rows {
    ss_ctx *ctx;
    const ss_fkey *fk;
} fkey_rows;

static int check_batch(void *arg, const ss_batch *b)
{
    fkey_rows *f = arg;
    return ss_fkey_check_rows_of(f->ctx, f->fk, b);
}

int ss_alter_validate_fkey_rows(alter_run *r, const ss_fkey *fk)
{
    fkey_rows f = {r->ctx, fk};
    return ss_alter_each_batch(r->ctx, fk->table, check_batch, &f);
}

int ss_alter_validate_fkey(alter_run *r, ss_fkey *fk)
{
    if (!fk->not_valid)
        return SS_OK;
    if (ss_alter_validate_fkey_rows(r, fk) || ss_alter_save_fkey(r->ctx, r->saved, fk))
        return SS_ERROR;
    fk->not_valid = false;
    return SS_OK;
}

int ss_alter_rename_fkey(alter_run *r, ss_fkey *fk, const char *new_name)
{
    char *n = strdup(new_name);
    if (!n || ss_alter_save_fkey(r->ctx, r->saved, fk)) {
        free(n);
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    free(fk->name);
    fk->name = n;
    return SS_OK;
}

int ss_alter_column_type_fkeys(alter_run *r, uint32_t col)
{
    uint32_t n = 0;
    ss_fkey **refs = ss_fkey_referencing(r->c, r->t, true, &n);
    if (n && !refs)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    /* those of the table on the column, then those referencing the column */
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && r->t->fkeys && i < r->t->fkeys->n; i++) {
        const ss_fkey *fk = r->t->fkeys->list[i];
        if (has_col(fk->cols, fk->ncols, col) && (rc = ss_fkey_check_types(r->ctx, fk)) == SS_OK && !fk->not_valid)
            rc = ss_alter_validate_fkey_rows(r, fk);
    }
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++)
        if (has_col(refs[i]->ref_cols, refs[i]->ncols, col) && !(refs[i]->table == r->t && has_col(refs[i]->cols, refs[i]->ncols, col)))
            refs[m++] = refs[i];
    if (rc == SS_OK)
        rc = lock_tables(r, refs, m);
    for (uint32_t i = 0; rc == SS_OK && i < m; i++)
        if ((rc = ss_fkey_check_types(r->ctx, refs[i])) == SS_OK && !refs[i]->not_valid)
            rc = ss_alter_validate_fkey_rows(r, refs[i]);
    free(refs);
    return rc;
}
