/* fkey_ddl.c — the FOREIGN KEY constraints of CREATE TABLE, checked in PostgreSQL's order
 * (ATAddForeignKeyConstraint): the referenced relation, the referencing columns, the
 * referenced columns (the primary key when none are named) and the unique constraint whose
 * columns they are, the column counts, then each pair of types. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/dml_versions.h"
#include "catalog/namespace.h"
#include "fkey/fkey.h"
#include "fkey/fkey_types.h"
#include "index/index.h"
#include "types/typeio.h"

static int column_of(ss_ctx *ctx, const ss_table *t, const char *name, uint32_t *pos)
{
    for (uint32_t i = 0; i < t->ncols; i++)
        if (strcmp(t->cols[i].name, name) == 0) {
            *pos = i;
            return SS_OK;
        }
    return ss_ctx_error(ctx, "42703", "column \"%s\" referenced in foreign key constraint does not exist", name);
}

/* Whether the unique index ix has exactly the columns cols[0..n) (in any order). */
static bool index_covers(const ss_index *ix, const uint32_t *cols, uint32_t n)
{
    if (ix->nkeys != n || ix->pred) /* a partial index does not make the columns unique */
        return false;
    for (uint32_t i = 0; i < n; i++) {
        bool found = false;
        for (uint32_t j = 0; j < n && !found; j++)
            found = ix->cols[j] == cols[i];
        if (!found)
            return false;
    }
    return true;
}

const ss_index *ss_fkey_find_index(const ss_table *ref, const uint32_t *ref_cols, uint32_t n)
{
    const ss_table_indexes *l = ref->indexes;
    for (uint32_t i = 0; l && i < l->n; i++)
        if (l->list[i]->unique && !l->list[i]->deferrable && index_covers(l->list[i], ref_cols, n))
            return l->list[i];
    return NULL;
}

int ss_fkey_check_types(ss_ctx *ctx, const ss_fkey *fk)
{
    const ss_table *t = fk->table, *ref = fk->ref;
    for (uint32_t i = 0; i < fk->ncols; i++) {
        ss_type ft = t->types[fk->cols[i]], pt = ref->types[fk->ref_cols[i]];
        if (ss_fkey_types_compatible(ft.id, pt.id))
            continue;
        char fn[64], pn[64];
        ft.typmod = pt.typmod = -1;
        ss_ctx_error(ctx, "42804", "foreign key constraint \"%s\" cannot be implemented", fk->name);
        ss_ctx_error_detail(ctx, "Key columns \"%s\" and \"%s\" are of incompatible types: %s and %s.",
                            t->cols[fk->cols[i]].name, ref->cols[fk->ref_cols[i]].name,
                            ss_type_display_name(ft, fn, sizeof fn), ss_type_display_name(pt, pn, sizeof pn));
        return SS_ERROR;
    }
    return SS_OK;
}

bool ss_fkey_needs_index(const ss_fkey *fk, const ss_index *ix)
{
    if (!ix->unique || !index_covers(ix, fk->ref_cols, fk->ncols))
        return false;
    const ss_table_indexes *l = fk->ref->indexes;
    for (uint32_t i = 0; l && i < l->n; i++)
        if (l->list[i] != ix && l->list[i]->unique && index_covers(l->list[i], fk->ref_cols, fk->ncols))
            return false;
    return true;
}

/* PostgreSQL's ChooseConstraintName: a generated name is unique among the constraints of the
   table's schema (arg), not of the whole database. */
static bool fkey_name_taken(const ss_catalog *c, const char *name, void *arg)
{
    const ss_schema *ns = arg;
    for (uint32_t t = 0; t < c->ntables; t++) {
        if (c->tables[t]->ns != ns)
            continue;
        const ss_table_fkeys *l = c->tables[t]->fkeys;
        for (uint32_t i = 0; l && i < l->n; i++)
            if (strcmp(l->list[i]->name, name) == 0)
                return true;
    }
    return false;
}

static int attach(ss_ctx *ctx, ss_table *t, ss_fkey *fk)
{
    if (!t->fkeys && !(t->fkeys = calloc(1, sizeof *t->fkeys)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ss_table_fkeys *l = t->fkeys;
    if (l->n == l->cap) {
        uint32_t cap = l->cap ? l->cap * 2 : 4;
        ss_fkey **grown = realloc(l->list, sizeof *grown * cap);
        if (!grown)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        l->list = grown;
        l->cap = cap;
    }
    l->list[l->n++] = fk;
    return SS_OK;
}

/* The referenced columns: those named, or the primary key's; then their unique index. */
static int resolve_referenced(ss_ctx *ctx, const ast_foreign_key *a, const ss_table *ref, uint32_t **ref_cols,
                              uint32_t *nref)
{
    if (a->nref_columns == 0) {
        const ss_table_indexes *l = ref->indexes;
        const ss_index *pk = NULL;
        for (uint32_t i = 0; l && i < l->n && !pk; i++)
            if (l->list[i]->primary)
                pk = l->list[i];
        if (!pk)
            return ss_ctx_error(ctx, "42830", "there is no primary key for referenced table \"%s\"", ref->name);
        if (pk->deferrable) /* PostgreSQL's transformFkeyGetPrimaryKey */
            return ss_ctx_error(ctx, "55000", "cannot use a deferrable primary key for referenced table \"%s\"",
                                ref->name);
        if (!(*ref_cols = malloc(sizeof **ref_cols * pk->nkeys)))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memcpy(*ref_cols, pk->cols, sizeof **ref_cols * pk->nkeys);
        *nref = pk->nkeys;
        return SS_OK;
    }
    if (!(*ref_cols = malloc(sizeof **ref_cols * a->nref_columns)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *nref = a->nref_columns;
    for (uint32_t i = 0; i < a->nref_columns; i++)
        if (column_of(ctx, ref, a->ref_columns[i], &(*ref_cols)[i]) != SS_OK)
            return SS_ERROR;
    if (!ss_fkey_find_index(ref, *ref_cols, *nref)) {
        const ss_table_indexes *l = ref->indexes; /* transformFkeyCheckAttrs' better message */
        for (uint32_t i = 0; l && i < l->n; i++)
            if (l->list[i]->unique && l->list[i]->deferrable && index_covers(l->list[i], *ref_cols, *nref))
                return ss_ctx_error(ctx, "55000", "cannot use a deferrable unique constraint for referenced table \"%s\"",
                                    ref->name);
        return ss_ctx_error(ctx, "42830", "there is no unique constraint matching given keys for referenced table \"%s\"",
                            ref->name);
    }
    return SS_OK;
}

/* ON DELETE SET NULL / SET DEFAULT (cols): each column exists (42703) and is one of the
   foreign key's (42P10), as PostgreSQL's validateFkOnDeleteSetColumns. */
static int resolve_del_set(ss_ctx *ctx, const ast_foreign_key *a, const ss_table *t, ss_fkey *fk)
{
    if (!(fk->del_set = malloc(sizeof *fk->del_set * a->ndel_set_columns)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    fk->ndel_set = a->ndel_set_columns;
    for (uint32_t i = 0; i < a->ndel_set_columns; i++)
        if (column_of(ctx, t, a->del_set_columns[i], &fk->del_set[i]) != SS_OK)
            return SS_ERROR;
    for (uint32_t i = 0; i < fk->ndel_set; i++) {
        bool in = false;
        for (uint32_t j = 0; j < fk->ncols && !in; j++)
            in = fk->cols[j] == fk->del_set[i];
        if (!in)
            return ss_ctx_error(ctx, "42P10", "column \"%s\" referenced in ON DELETE SET action must be part of foreign key",
                                a->del_set_columns[i]);
    }
    return SS_OK;
}

static int create_one(ss_ctx *ctx, ss_catalog *c, ss_table *t, const ast_foreign_key *a)
{
    ss_table *ref = ss_catalog_find(c, a->ref_table);
    if (!ref || ref->system || ref->matview) { /* (M) a materialized view is not a table */
        if (ss_catalog_find_view(c, a->ref_table) || ref)
            return ss_ctx_error(ctx, "42809", "referenced relation \"%s\" is not a table", a->ref_table);
        ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", a->ref_table);
        return SS_ERROR;
    }
    if (ss_ns_is_temp(t->ns) != ss_ns_is_temp(ref->ns)) /* PostgreSQL's ATAddForeignKeyConstraint */
        return ss_ctx_error(ctx, "42P16", "constraints on %s tables may reference only %s tables",
                            ss_ns_is_temp(t->ns) ? "temporary" : "permanent",
                            ss_ns_is_temp(t->ns) ? "temporary" : "permanent");
    ss_fkey *fk = calloc(1, sizeof *fk);
    if (!fk)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    fk->table = t;
    fk->ref = ref;
    fk->match = a->match;
    fk->on_delete = a->on_delete;
    fk->on_update = a->on_update;
    fk->deferrable = a->deferrable;
    fk->initdeferred = a->initdeferred;
    fk->ncols = a->ncolumns;
    fk->created = c->version;
    int rc = SS_OK;
    if (!(fk->cols = malloc(sizeof *fk->cols * (a->ncolumns ? a->ncolumns : 1))))
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; rc == SS_OK && i < a->ncolumns; i++)
        rc = column_of(ctx, t, a->columns[i], &fk->cols[i]);
    if (rc == SS_OK && a->ndel_set_columns)
        rc = resolve_del_set(ctx, a, t, fk);
    uint32_t nref = 0;
    if (rc == SS_OK)
        rc = resolve_referenced(ctx, a, ref, &fk->ref_cols, &nref);
    if (rc == SS_OK && nref != fk->ncols)
        rc = ss_ctx_error(ctx, "42830", "number of referencing and referenced columns for foreign key disagree");
    if (rc == SS_OK) {
        char qualified[2 * SS_NS_REF_MAX];
        snprintf(qualified, sizeof qualified, "%s.%s", t->ns ? ss_ns_name(t->ns) : "public", t->name);
        fk->name = a->name ? strdup(a->name)
                           : ss_index_choose_name_also(c, t->ns ? qualified : t->name, a->columns, a->ncolumns,
                                                       "fkey", fkey_name_taken, (void *)t->ns);
        if (!fk->name)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    if (rc == SS_OK)
        rc = ss_fkey_check_types(ctx, fk);
    if (rc == SS_OK && a->name) { /* a name given is checked among the table's constraints */
        bool dup = false;
        for (uint32_t i = 0; !dup && t->fkeys && i < t->fkeys->n; i++)
            dup = strcmp(t->fkeys->list[i]->name, a->name) == 0;
        for (uint32_t i = 0; !dup && t->indexes && i < t->indexes->n; i++)
            dup = t->indexes->list[i]->constraint && strcmp(t->indexes->list[i]->name, a->name) == 0;
        if (dup)
            rc = ss_ctx_error(ctx, "42710", "constraint \"%s\" for relation \"%s\" already exists", a->name, t->name);
    }
    if (rc == SS_OK)
        rc = attach(ctx, t, fk);
    if (rc != SS_OK) {
        free(fk->name);
        free(fk->cols);
        free(fk->ref_cols);
        free(fk->del_set);
        free(fk);
        return SS_ERROR;
    }
    return SS_OK;
}

int ss_fkey_create_all(ss_ctx *ctx, ss_catalog *c, const ast_stmt *st)
{
    ss_table *t = ss_catalog_find(c, st->table);
    if (!t)
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", st->table);
    return ss_fkey_create_on(ctx, c, t, st);
}

int ss_fkey_create_on(ss_ctx *ctx, ss_catalog *c, ss_table *t, const ast_stmt *st)
{
    if (st->nfkeys && !ss_table_has_versions(t))
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: FOREIGN KEY constraints on a table of storage backend \"%s\", "
                            "which has no row versions (storage.h version 3)",
                            t->storage->name);
    for (uint32_t i = 0; i < st->nfkeys; i++)
        if (create_one(ctx, c, t, &st->fkeys[i]) != SS_OK)
            return SS_ERROR;
    if (st->nfkeys)
        c->version++;
    return SS_OK;
}
