/* index_ddl.c — CREATE [UNIQUE] INDEX and DROP INDEX as PostgreSQL runs them: name checks
 * and generated names (ChooseRelationName: table_col1_col2_idx, then ...idx1, idx2), the
 * access method from the index registry, the bulk build from the table's rows with their
 * row ids, and for a unique index the check that no two visible rows share a key. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/lock_table.h"
#include "catalog/namespace.h"
#include "catalog/object_oids.h"
#include "exec/vector.h"
#include "bind/bind_index.h"
#include "index/index.h"
#include "index/index_stored.h"
#include "txn/txn_session.h"
#include "catalog/settings.h"
#include "types/type_def.h"
#include "types/typeio.h"
#include "util/strbuf.h"

#define NAME_MAX_BYTES 63 /* PostgreSQL's NAMEDATALEN - 1 */

static bool relation_name_taken(ss_catalog *c, const char *name)
{
    return ss_catalog_find(c, name) || ss_catalog_find_view(c, name) || ss_index_find(c, name);
}

char *ss_index_choose_name(ss_catalog *c, const char *table, const char *const *cols, uint32_t ncols,
                           const char *label)
{
    return ss_index_choose_name_also(c, table, cols, ncols, label, NULL, NULL);
}

char *ss_index_choose_name_also(ss_catalog *c, const char *table, const char *const *cols, uint32_t ncols,
                                const char *label, bool (*taken)(const ss_catalog *c, const char *name, void *arg),
                                void *arg)
{
    /* table "s.t": names t_..., looked for in schema s */
    char schema[SS_NS_REF_MAX];
    bool qualified = ss_ns_schema_part(table, schema, sizeof schema);
    table = ss_ns_rel(table);
    ss_strbuf base;
    ss_strbuf_init(&base);
    ss_strbuf_puts(&base, table);
    for (uint32_t i = 0; i < ncols; i++)
        ss_strbuf_printf(&base, "_%s", cols[i]);
    if (base.oom) {
        ss_strbuf_free(&base);
        return NULL;
    }
    char *name = NULL;
    for (int pass = 0; pass < 100000; pass++) {
        char suffix[32];
        if (pass)
            snprintf(suffix, sizeof suffix, "_%s%d", label, pass);
        else
            snprintf(suffix, sizeof suffix, "_%s", label);
        size_t room = NAME_MAX_BYTES - strlen(suffix);
        size_t len = base.len < room ? base.len : room;
        name = malloc(len + strlen(suffix) + 1);
        if (!name)
            break;
        memcpy(name, base.data, len);
        strcpy(name + len, suffix);
        char ref[2 * SS_NS_REF_MAX];
        if (qualified)
            snprintf(ref, sizeof ref, "%s.%s", schema, name);
        if (!relation_name_taken(c, qualified ? ref : name) && !(taken && taken(c, name, arg)))
            break;
        free(name);
        name = NULL;
    }
    ss_strbuf_free(&base);
    return name;
}

/* The keys of ix for one batch of its table's rows (read_cols: the table's columns when
 * ix has expressions or a predicate, else its key columns). */
static int build_keys(ss_ctx *ctx, const ss_index *ix, const ss_batch *b, const ss_rowid *ids, bool all_cols,
                      ss_index_keys *keys, ss_batch *out, const ss_rowid **out_ids)
{
    if (!all_cols) {
        memset(keys, 0, sizeof *keys);
        *out = *b;
        *out_ids = ids;
        return SS_OK;
    }
    if (ss_index_keys_of_rows(ctx, ix, b, ids, keys) != SS_OK)
        return SS_ERROR;
    *out = keys->batch;
    *out_ids = keys->rowids;
    return SS_OK;
}

/* The rows of the table into the new index (build_add per batch, then build_finish). */
static int build_from_table(ss_ctx *ctx, ss_index *ix)
{
    ss_table *t = ix->table;
    bool all_cols = !ss_index_is_plain(ix);
    uint32_t *every = all_cols ? malloc(sizeof(uint32_t) * (t->ncols ? t->ncols : 1)) : NULL;
    if (all_cols && !every)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t c = 0; all_cols && c < t->ncols; c++)
        every[c] = c;
    ss_scan_spec spec = all_cols ? (ss_scan_spec){t->ncols, 0, every} : (ss_scan_spec){ix->nkeys, 0, ix->cols};
    void *scan;
    /* every committed version and the building transaction's own (xmin lowered to its xid,
       so that its versions are judged by the reader's rule rather than as finished) */
    ss_snapshot snap = *ss_index_snapshot(ctx);
    if (ctx->txn && ctx->txn->top != SS_XID_INVALID) {
        snap.self = ctx->txn->top;
        snap.xmin = ctx->txn->top;
    }
    if (t->storage->scan_begin_snapshot(ctx, t->handle, &spec, &snap, true, &scan) != SS_OK) {
        free(every);
        return SS_ERROR;
    }
    ss_batch *b = ss_batch_create(spec.ncols, all_cols ? t->types : ix->types, SS_BATCH_CAPACITY);
    int rc = b ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    while (rc == SS_OK) {
        ss_batch_reset(b);
        if ((rc = t->storage->scan_next_batch(ctx, scan, b)) != SS_OK || b->count == 0)
            break;
        ss_index_keys keys;
        ss_batch kb;
        const ss_rowid *ids;
        if ((rc = build_keys(ctx, ix, b, t->storage->scan_rowids(scan), all_cols, &keys, &kb, &ids)) != SS_OK)
            break;
        if (ss_batch_rows(&kb))
            rc = ix->vt->build_add(ctx, ix->handle, &kb, ids);
        ss_index_keys_free(&keys);
    }
    t->storage->scan_end(scan);
    if (rc == SS_OK)
        rc = ix->vt->build_finish(ctx, ix->handle);
    /* a unique index: every visible row's key must be its own */
    if (rc == SS_OK && ix->unique) {
        rc = t->storage->scan_begin_snapshot(ctx, t->handle, &spec, &snap, true, &scan);
        while (rc == SS_OK) {
            ss_batch_reset(b);
            if ((rc = t->storage->scan_next_batch(ctx, scan, b)) != SS_OK || b->count == 0)
                break;
            ss_index_keys keys;
            ss_batch kb;
            const ss_rowid *ids;
            if ((rc = build_keys(ctx, ix, b, t->storage->scan_rowids(scan), all_cols, &keys, &kb, &ids)) != SS_OK)
                break;
            ss_value key[ix->nkeys];
            for (uint32_t k = 0; rc == SS_OK && k < ss_batch_rows(&kb); k++) {
                uint32_t row = ss_batch_row(&kb, k);
                for (uint32_t i = 0; i < ix->nkeys; i++)
                    ss_vector_get_value(kb.cols[i], row, &key[i]);
                if (ss_index_check_unique(ctx, ix, key, ids[k]) != SS_OK) {
                    char *text = ss_index_key_text(ctx, ix, key);
                    ss_error_clear(ctx->err);
                    ss_ctx_error(ctx, "23505", "could not create unique index \"%s\"", ix->name);
                    if (text)
                        ss_ctx_error_detail(ctx, "Key %s is duplicated.", text);
                    rc = SS_ERROR;
                }
            }
            ss_index_keys_free(&keys);
        }
        if (scan)
            t->storage->scan_end(scan);
    }
    if (b)
        ss_batch_destroy(b);
    free(every);
    return rc;
}

/* PostgreSQL's ChooseIndexColumnNames: a column's name, an expression's FigureIndexColname,
 * each made distinct within the index by a number (expr, expr1, ...); in arena. */
static const char **index_column_names(ss_ctx *ctx, const ss_table *t, const ss_index *ix, const ast_stmt *st)
{
    uint32_t n = ix->nkeys;
    const char **names = ss_ctx_alloc(ctx, sizeof(char *) * (n ? n : 1));
    if (!names)
        return NULL;
    for (uint32_t i = 0; i < n; i++) {
        const char *orig = ix->cols[i] == SS_INDEX_EXPR_KEY ? st->index_keys[i].expr_name : t->cols[ix->cols[i]].name;
        const char *name = orig;
        for (uint32_t pass = 1;; pass++) {
            bool taken = false;
            for (uint32_t j = 0; j < i && !taken; j++)
                taken = strcmp(names[j], name) == 0;
            if (!taken)
                break;
            char *next = ss_ctx_alloc(ctx, strlen(orig) + 16);
            if (!next)
                return NULL;
            snprintf(next, strlen(orig) + 16, "%s%u", orig, pass);
            name = next;
        }
        names[i] = name;
    }
    return names;
}

/* The expression keys and predicate of st bound into ix (its arena made for them). */
static int bind_exprs(ss_ctx *ctx, ss_index *ix, const ast_stmt *st)
{
    bool any = st->index_where != NULL;
    for (uint32_t i = 0; i < st->nindex_keys; i++)
        any |= st->index_keys[i].expr != NULL;
    if (!any)
        return SS_OK;
    ix->arena = ss_arena_create();
    ix->exprs = ix->arena ? ss_arena_alloc(ix->arena, sizeof(ss_expr *) * (st->nindex_keys ? st->nindex_keys : 1))
                          : NULL;
    if (!ix->exprs)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ix->expr_ncols = ix->table->ncols;
    for (uint32_t c = 0; c < ix->expr_ncols; c++)
        ix->cols[st->nindex_keys + c] = c;
    return ss_bind_index_exprs(ctx, ix->table, st, ix->arena, ix->exprs, &ix->pred);
}

int ss_index_run_create(ss_ctx *ctx, ss_catalog *c, const ss_registry *reg, const ast_stmt *st)
{
    if (st->str && st->str[0] && ss_catalog_name_wait(ctx, c, st->str))
        return SS_ERROR;
    /* an index is made in its table's schema: its name is looked for there */
    ss_table *t = ss_catalog_find(c, st->table);
    char ref[SS_NS_REF_MAX];
    const char *iname = st->str && t ? ss_ns_qualify(t->ns, st->str, ref, sizeof ref) : st->str;
    if (st->str && strlen(st->str) > 0 && relation_name_taken(c, iname)) {
        if (st->if_not_exists) {
            ss_ctx_message(ctx, SS_MSG_NOTICE, "relation \"%s\" already exists, skipping", st->str);
            return SS_OK;
        }
        return ss_ctx_error(ctx, SS_SQLSTATE_DUPLICATE_TABLE, "relation \"%s\" already exists", st->str);
    }
    if (ss_catalog_find_waiting(ctx, c, st->table, &t))
        return SS_ERROR;
    if (!t || t->system) {
        if (!t && ss_catalog_find_view(c, st->table))
            return ss_ctx_error(ctx, "42809", "cannot create index on relation \"%s\"", st->table);
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", st->table);
    }
    if (ss_table_lock_take(ctx, t, 5)) /* (LK) PostgreSQL's SHARE: waits for writers, keeps them out */
        return SS_ERROR;
    const char *am = st->access_method ? st->access_method : "btree";
    const ss_registration *r = ss_registry_find(reg, SS_KIND_INDEX, am);
    if (!r)
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "access method \"%s\" does not exist", am);
    const ss_storage_vtable *sv = t->storage;
    /* row ids are version 3's; statement undo is needed only by a backend without row
       versions (a failed statement's versions are hidden by its xid's abort instead) */
    if (!SS_STORAGE_HAS(sv, fetch_versions) || !sv->insert_versions || !sv->scan_begin_snapshot ||
        !sv->scan_rowids || !sv->fetch_versions)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: indexes on tables of storage backend \"%s\", which "
                            "has no row ids (vtable version 3) or no statement undo",
                            sv->name);
    ss_index *ix = calloc(1, sizeof *ix);
    uint32_t n = st->nindex_keys;
    if (ix) {
        ix->oid = ss_catalog_new_oid(c);
        ix->cols = calloc(n + t->ncols, sizeof *ix->cols); /* keys, then the expressions' map */
        ix->flags = calloc(n, sizeof *ix->flags);
        ix->types = calloc(n, sizeof *ix->types);
    }
    if (!ix || !ix->cols || !ix->flags || !ix->types) {
        if (ix)
            ss_index_free(ix);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ix->table = t;
    ix->am = ((const ss_index_vtable *)r->vtable)->name;
    ix->vt = ss_index_module_for(reg, r->vtable, t); /* maybe one storing it with the table */
    ix->nkeys = n;
    ix->unique = st->index_unique;
    if (bind_exprs(ctx, ix, st) != SS_OK) {
        ss_index_free(ix);
        return SS_ERROR;
    }
    for (uint32_t i = 0; i < n; i++) {
        const ast_index_key *k = &st->index_keys[i];
        uint32_t col = 0;
        const ss_expr *e = ix->exprs ? ix->exprs[i] : NULL;
        while (!e && col < t->ncols && strcmp(t->cols[col].name, k->column) != 0)
            col++;
        if (!e && col == t->ncols) {
            ss_index_free(ix);
            return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" does not exist", k->column);
        }
        ss_type type = e ? e->type : t->types[col];
        const ss_type_def *td = ss_type_def_get(type.id);
        if (td && td->no_ordering) {
            ss_index_free(ix);
            ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT,
                         "data type %s has no default operator class for access method \"%s\"",
                         ss_type_internal_name(type.id), am);
            ss_ctx_error_hint(ctx, "You must specify an operator class for the index or define a default "
                                   "operator class for the data type.");
            return SS_ERROR;
        }
        ix->cols[i] = e ? SS_INDEX_EXPR_KEY : col;
        ix->types[i] = type;
        ix->flags[i] = (k->desc ? SS_INDEX_DESC : 0) | (k->nulls_first ? SS_INDEX_NULLS_FIRST : 0);
    }
    const char **names = index_column_names(ctx, t, ix, st);
    if (!names) {
        ss_index_free(ix);
        return SS_ERROR;
    }
    if (ix->exprs) { /* the index's column names, kept for \d */
        if (!(ix->key_names = ss_arena_alloc(ix->arena, sizeof(char *) * (n ? n : 1)))) {
            ss_index_free(ix);
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        for (uint32_t i = 0; i < n; i++)
            if (!(ix->key_names[i] = ss_arena_strdup(ix->arena, names[i]))) {
                ss_index_free(ix);
                return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            }
    }
    if (st->str && st->str[0]) {
        ix->name = strdup(st->str);
    } else {
        char tref[SS_NS_REF_MAX];
        ix->name = ss_index_choose_name(c, ss_ns_qualify(t->ns, t->name, tref, sizeof tref), names, n, "idx");
    }
    if (!ix->name) {
        ss_index_free(ix);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ss_index_def def = {ix->name, n, 0, ix->types, ix->flags};
    if (ss_index_module_new(ctx, c, ix, &def, true, &ix->handle, &ix->opened) != SS_OK ||
        (!ix->opened && build_from_table(ctx, ix) != SS_OK)) {
        ss_index_free(ix);
        return SS_ERROR;
    }
    pthread_mutex_lock(&c->mu);
    if (ss_ddl_log(ctx, SS_DDL_INDEX_CREATE, ix, t, &ix->ddl.created) != SS_OK) {
        pthread_mutex_unlock(&c->mu);
        ss_index_free(ix);
        return SS_ERROR;
    }
    if (ss_index_attach(ctx, ix) != SS_OK) {
        /* the log names it: freed when the transaction this error fails is undone */
        pthread_mutex_unlock(&c->mu);
        return SS_ERROR;
    }
    c->version++;
    pthread_mutex_unlock(&c->mu);
    return SS_OK;
}

int ss_index_run_drop(ss_ctx *ctx, ss_catalog *c, const ast_stmt *st,
                      void (*notice)(void *arg, const char *text), void *arg)
{
    /* every name is checked before anything is dropped, as PostgreSQL; each index's table
       is locked exclusively (PostgreSQL's AccessExclusiveLock) */
    for (uint32_t i = 0; i < st->ndrop; i++) {
        const ss_index *ix = ss_index_find(c, st->drop_names[i]);
        for (uint32_t tries = 0; ix && tries < 8; tries++) {
            char table[256];
            ss_table *t;
            ss_ns_qualify(ix->table->ns, ix->table->name, table, sizeof table);
            if (ss_catalog_lock_table(ctx, c, table, &t))
                return SS_ERROR;
            ix = ss_index_find(c, st->drop_names[i]);
            if (!ix || ix->table == t)
                break;
        }
        if (!ix && !st->missing_ok)
            return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "index \"%s\" does not exist",
                                ss_ns_rel(st->drop_names[i]));
        if (ix && atomic_load(&ix->active_scans) > 0) /* an open cursor's query may read it */
            return ss_ctx_error(ctx, "55006",
                                "cannot DROP INDEX \"%s\" because it is being used by active queries in this session",
                                ix->name);
        if (ix && ix->constraint) {
            ss_ctx_error(ctx, "2BP01", "cannot drop index %s because constraint %s on table %s requires it",
                         ix->name, ix->name, ix->table->name);
            ss_ctx_error_hint(ctx, "You can drop constraint %s on table %s instead.", ix->name, ix->table->name);
            return SS_ERROR;
        }
    }
    for (uint32_t i = 0; i < st->ndrop; i++) {
        ss_index *ix = ss_index_find(c, st->drop_names[i]);
        if (!ix) {
            char text[256];
            snprintf(text, sizeof text, "index \"%s\" does not exist, skipping", ss_ns_rel(st->drop_names[i]));
            notice(arg, text);
            continue;
        }
        ss_xid xid;
        if (ss_ddl_log(ctx, SS_DDL_INDEX_DROP, ix, ix->table, &xid))
            return SS_ERROR;
        ss_ddl_drop_or_mark(c, SS_DDL_INDEX_DROP, ix, xid); /* entries maintained until it commits */
    }
    c->version++;
    return SS_OK;
}
