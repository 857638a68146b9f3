/* alter_state.c — ALTER TABLE's saved state (alter_state.h): the originals kept aside while
 * the statement changes fresh copies, put back by ROLLBACK or freed by COMMIT. */
#include "catalog/alter_state.h"

#include <stdlib.h>
#include <string.h>

#include "catalog/sequences.h"
#include "fkey/fkey.h"
#include "util/grow.h"

static void free_cols(ss_column_def *cols, uint32_t n)
{
    for (uint32_t i = 0; cols && i < n; i++)
        free((char *)cols[i].name);
    free(cols);
}

static ss_column_def *copy_cols(const ss_column_def *cols, uint32_t n, bool *ok)
{
    ss_column_def *c = calloc(n ? n : 1, sizeof *c);
    if (!c) {
        *ok = false;
        return NULL;
    }
    for (uint32_t i = 0; i < n; i++) {
        c[i] = cols[i];
        c[i].name = ss_strdup_or_null(cols[i].name, ok);
    }
    return c;
}

static void *copy_array(const void *src, size_t bytes, bool *ok)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        *ok = false;
    else if (bytes)
        memcpy(p, src, bytes);
    return p;
}

alter_saved *ss_alter_save(ss_ctx *ctx, ss_table *t)
{
    alter_saved *s = calloc(1, sizeof *s);
    uint32_t nix = t->indexes ? t->indexes->n : 0;
    if (!s || !(s->indexes = calloc(nix ? nix : 1, sizeof *s->indexes))) {
        free(s);
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    bool ok = true;
    char *name = ss_strdup_or_null(t->name, &ok);
    ss_column_def *cols = copy_cols(t->cols, t->ncols, &ok);
    ss_type *types = copy_array(t->types, sizeof *t->types * t->ncols, &ok);
    ss_table_cons *cons = t->cons ? ss_table_cons_copy(t->cons, t->ncols) : NULL;
    ok = ok && (cons || !t->cons);
    alter_index_saved *ixs = s->indexes;
    for (uint32_t i = 0; ok && i < nix; i++) {
        ss_index *ix = t->indexes->list[i];
        ixs[i].ix = ix;
        ixs[i].handle = ix->handle;
        ixs[i].name = ss_strdup_or_null(ix->name, &ok);
        ixs[i].cols = copy_array(ix->cols, sizeof *ix->cols * ss_index_cols_len(ix), &ok);
        ixs[i].types = copy_array(ix->types, sizeof *ix->types * ix->nkeys, &ok);
    }
    if (!ok) {
        free(name);
        free_cols(cols, t->ncols);
        free(types);
        ss_table_cons_free(cons);
        for (uint32_t i = 0; i < nix; i++) {
            free(ixs[i].name);
            free(ixs[i].cols);
            free(ixs[i].types);
        }
        free(ixs);
        free(s);
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    /* the originals go aside, the copies to the table (the index ones: swapped below) */
    s->t = t;
    s->name = t->name;
    s->ncols = t->ncols;
    s->cols = t->cols;
    s->types = t->types;
    s->cons = t->cons;
    s->handle = t->handle;
    s->nindexes = nix;
    s->nfkeys = t->fkeys ? t->fkeys->n : 0;
    t->name = name;
    t->cols = cols;
    t->types = types;
    t->cons = cons;
    for (uint32_t i = 0; i < nix; i++) {
        ss_index *ix = ixs[i].ix;
        char *n = ixs[i].name;
        uint32_t *c = ixs[i].cols;
        ss_type *ty = ixs[i].types;
        ixs[i].name = ix->name;
        ixs[i].cols = ix->cols;
        ixs[i].types = ix->types;
        ix->name = n;
        ix->cols = c;
        ix->types = ty;
    }
    return s;
}

alter_index_saved *ss_alter_saved_index(alter_saved *s, const ss_index *ix)
{
    for (uint32_t i = 0; i < s->nindexes; i++)
        if (s->indexes[i].ix == ix)
            return &s->indexes[i];
    return NULL;
}

void ss_alter_remove_index(alter_saved *s, ss_index *ix)
{
    ss_table_indexes *l = ix->table->indexes;
    for (uint32_t i = 0; l && i < l->n; i++)
        if (l->list[i] == ix) {
            memmove(&l->list[i], &l->list[i + 1], sizeof *l->list * (l->n - i - 1));
            l->n--;
            break;
        }
    alter_index_saved *e = ss_alter_saved_index(s, ix);
    if (e)
        e->removed = true;
}

int ss_alter_save_seq(ss_ctx *ctx, alter_saved *s, ss_sequence *q)
{
    for (uint32_t i = 0; i < s->nseqs; i++)
        if (s->seqs[i].seq == q)
            return SS_OK;
    alter_seq_saved *n = realloc(s->seqs, sizeof *n * (s->nseqs + 1));
    if (!n)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    s->seqs = n;
    bool ok = true;
    n[s->nseqs].seq = q;
    n[s->nseqs].owner_table = ss_strdup_or_null(q->owner_table, &ok);
    n[s->nseqs].owner_column = ss_strdup_or_null(q->owner_column, &ok);
    s->nseqs++;
    return ok ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

static alter_fkey_saved *saved_fkey(alter_saved *s, const ss_fkey *fk)
{
    for (uint32_t i = 0; i < s->nfkeys_saved; i++)
        if (s->fkeys[i].fk == fk)
            return &s->fkeys[i];
    return NULL;
}

int ss_alter_save_fkey(ss_ctx *ctx, alter_saved *s, ss_fkey *fk)
{
    if (saved_fkey(s, fk))
        return SS_OK;
    alter_fkey_saved *n = realloc(s->fkeys, sizeof *n * (s->nfkeys_saved + 1));
    if (!n)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    s->fkeys = n;
    bool ok = true;
    alter_fkey_saved *e = &n[s->nfkeys_saved];
    memset(e, 0, sizeof *e);
    e->fk = fk;
    e->table = fk->table;
    e->name = ss_strdup_or_null(fk->name, &ok);
    e->cols = copy_array(fk->cols, sizeof *fk->cols * fk->ncols, &ok);
    e->ref_cols = copy_array(fk->ref_cols, sizeof *fk->ref_cols * fk->ncols, &ok);
    e->del_set = copy_array(fk->del_set, sizeof *fk->del_set * fk->ndel_set, &ok);
    e->not_valid = fk->not_valid;
    e->deferrable = fk->deferrable;
    e->initdeferred = fk->initdeferred;
    if (!ok) {
        free(e->name);
        free(e->cols);
        free(e->ref_cols);
        free(e->del_set);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    s->nfkeys_saved++;
    return SS_OK;
}

int ss_alter_detach_fkey(ss_ctx *ctx, alter_saved *s, ss_fkey *fk)
{
    if (ss_alter_save_fkey(ctx, s, fk))
        return SS_ERROR;
    alter_fkey_saved *e = saved_fkey(s, fk);
    ss_table_fkeys *l = fk->table->fkeys;
    for (uint32_t i = 0; l && i < l->n; i++)
        if (l->list[i] == fk) {
            memmove(&l->list[i], &l->list[i + 1], sizeof *l->list * (l->n - i - 1));
            l->n--;
            e->pos = i;
            e->detached = true;
            break;
        }
    return SS_OK;
}

/* ROLLBACK of the statement's foreign-key changes, the last first: each as it was, the
   detached ones back on their lists. */
static void undo_fkeys(alter_saved *s)
{
    for (uint32_t i = s->nfkeys_saved; i-- > 0;) {
        alter_fkey_saved *e = &s->fkeys[i];
        ss_fkey *fk = e->fk;
        free(fk->name);
        memcpy(fk->cols, e->cols, sizeof *fk->cols * fk->ncols);
        memcpy(fk->ref_cols, e->ref_cols, sizeof *fk->ref_cols * fk->ncols);
        if (fk->ndel_set)
            memcpy(fk->del_set, e->del_set, sizeof *fk->del_set * fk->ndel_set);
        fk->name = e->name;
        fk->not_valid = e->not_valid;
        fk->deferrable = e->deferrable;
        fk->initdeferred = e->initdeferred;
        e->name = NULL;
        ss_table_fkeys *l = e->table->fkeys;
        if (e->detached && l && l->n == l->cap) {
            ss_fkey **grown = realloc(l->list, sizeof *grown * (l->cap + 4));
            if (grown) {
                l->list = grown;
                l->cap += 4;
            }
        }
        if (e->detached && l && l->n < l->cap) {
            uint32_t at = e->pos <= l->n ? e->pos : l->n;
            memmove(&l->list[at + 1], &l->list[at], sizeof *l->list * (l->n - at));
            l->list[at] = fk;
            l->n++;
            e->detached = false;
        }
    }
}

/* Frees the saved copies; commit: the detached foreign keys too. */
static void free_fkeys(alter_saved *s, bool commit)
{
    for (uint32_t i = 0; i < s->nfkeys_saved; i++) {
        alter_fkey_saved *e = &s->fkeys[i];
        if (commit && e->detached)
            ss_fkey_free(e->fk);
        free(e->name);
        free(e->cols);
        free(e->ref_cols);
        free(e->del_set);
    }
    free(s->fkeys);
}

/* Frees what the saved state holds besides the originals it gives back or frees. */
static void free_saved(alter_saved *s)
{
    for (uint32_t i = 0; i < s->nseqs; i++) {
        free(s->seqs[i].owner_table);
        free(s->seqs[i].owner_column);
    }
    free(s->seqs);
    free(s->indexes);
    ss_error_clear(&s->end_err);
    free(s);
}

/* The context of the end of a transaction: nothing recorded on it is reported. */
static ss_ctx *end_ctx(alter_saved *s)
{
    memset(&s->end_ctx, 0, sizeof s->end_ctx);
    memset(&s->end_err, 0, sizeof s->end_err);
    s->end_ctx.err = &s->end_err;
    return &s->end_ctx;
}

void ss_alter_undo(void *arg)
{
    alter_saved *s = arg;
    ss_table *t = s->t;
    ss_ctx *ctx = end_ctx(s);
    /* storage: a handle the statement made is dropped, columns it added to the old one are
       taken away again (last first) */
    if (t->handle != s->handle)
        t->storage->table_drop(ctx, t->backend, t->handle);
    for (uint32_t k = s->added_in_place; k > 0; k--)
        t->storage->drop_column(ctx, s->handle, s->ncols + k - 1);
    undo_fkeys(s);
    free_fkeys(s, false);
    while (t->fkeys && t->fkeys->n > s->nfkeys)
        ss_fkey_remove(t->fkeys->list[t->fkeys->n - 1]);
    free(t->name);
    free_cols(t->cols, t->ncols);
    free(t->types);
    ss_table_cons_free(t->cons);
    t->name = s->name;
    t->ncols = s->ncols;
    t->cols = s->cols;
    t->types = s->types;
    t->cons = s->cons;
    t->handle = s->handle;
    /* indexes: the list as it was, each with its own name, keys and module handle */
    ss_table_indexes *l = t->indexes;
    if (l && s->nindexes) {
        if (!ss_grow((void **)&l->list, &l->cap, s->nindexes, sizeof *l->list, 4))
            s->nindexes = l->n; /* cannot grow: the list keeps what it has (never smaller) */
        /* indexes made after the save were undone before this (the log runs last first) */
        for (uint32_t i = 0; i < s->nindexes; i++)
            l->list[i] = s->indexes[i].ix;
        l->n = s->nindexes;
    }
    for (uint32_t i = 0; i < s->nindexes; i++) {
        alter_index_saved *e = &s->indexes[i];
        ss_index *ix = e->ix;
        if (ix->handle != e->handle)
            ix->vt->destroy(ix->handle);
        free(ix->name);
        free(ix->cols);
        free(ix->types);
        ix->handle = e->handle;
        ix->name = e->name;
        ix->cols = e->cols;
        ix->types = e->types;
    }
    for (uint32_t i = 0; i < s->nseqs; i++) {
        ss_sequence *q = s->seqs[i].seq;
        free(q->owner_table);
        free(q->owner_column);
        q->owner_table = s->seqs[i].owner_table;
        q->owner_column = s->seqs[i].owner_column;
        s->seqs[i].owner_table = s->seqs[i].owner_column = NULL;
    }
    free_saved(s);
}

void ss_alter_commit(void *arg)
{
    alter_saved *s = arg;
    ss_table *t = s->t;
    ss_ctx *ctx = end_ctx(s);
    if (t->handle != s->handle)
        t->storage->table_drop(ctx, t->backend, s->handle);
    free(s->name);
    free_cols(s->cols, s->ncols);
    free(s->types);
    ss_table_cons_free(s->cons);
    free_fkeys(s, true);
    for (uint32_t i = 0; i < s->nindexes; i++) {
        alter_index_saved *e = &s->indexes[i];
        if (e->ix->handle != e->handle)
            e->ix->vt->destroy(e->handle);
        free(e->name);
        free(e->cols);
        free(e->types);
        if (e->removed)
            ss_index_free(e->ix);
    }
    free_saved(s);
}
