/* catalog.c — tables and backend instances of one database: create, find, drop. */
#include "catalog/object_oids.h"
#include "catalog/type_ddl.h"
#include "types/enum/enum.h"
#include "catalog/catalog.h"
#include "stats/table_stats.h"
#include "catalog/matview.h"
#include "catalog/constraints.h"
#include "catalog/namespace.h"
#include "catalog/sequences.h"

#include "fkey/fkey.h"
#include "index/index.h"
#include "index/index_stored.h"
#include "txn/txn_session.h"

#include <stdlib.h>
#include <string.h>

int ss_catalog_init(ss_catalog *c)
{
    memset(c, 0, sizeof *c);
    if (pthread_mutex_init(&c->mu, NULL))
        return SS_ERROR;
    c->sequences = ss_seq_catalog_new();
    atomic_store(&c->next_oid, SS_FIRST_NORMAL_OID);
    if (!c->sequences || ss_ns_init(c)) {
        ss_seq_catalog_free(c->sequences);
        ss_ns_free(c);
        pthread_mutex_destroy(&c->mu);
        return SS_ERROR;
    }
    c->sequences->catalog = c;
    return SS_OK;
}

static void free_table(ss_table *t)
{
    if (!t)
        return;
    ss_index_free_table(t);
    ss_fkey_free_table(t);
    ss_fkey_writers_free(t);
    for (uint32_t i = 0; i < t->ncols; i++)
        free((char *)t->cols[i].name);
    free(t->cols);
    free(t->types);
    free(t->name);
    ss_table_cons_free(t->cons);
    ss_matview_free(t->matview);
    ss_table_stats_free(t->stats);
    free(t);
}

static void *backend_of(const ss_catalog *c, const ss_storage_vtable *vt)
{
    for (uint32_t b = 0; b < c->nbackends; b++)
        if (c->backends[b].vt == vt)
            return c->backends[b].backend;
    return NULL;
}

void ss_catalog_free(ss_catalog *c)
{
    enum_types_forget_owner(c); /* its CREATE TYPEs (types/enum/) */
    ss_ctx ctx = {0};
    ss_error err;
    memset(&err, 0, sizeof err);
    ctx.err = &err;
    for (uint32_t i = 0; i < c->ntables; i++) {
        ss_table *t = c->tables[i];
        /* a durable backend keeps its tables (storage.h version 6) */
        if (SS_STORAGE_HAS(t->storage, table_close) && t->storage->table_close)
            t->storage->table_close(backend_of(c, t->storage), t->handle);
        else
            t->storage->table_drop(&ctx, backend_of(c, t->storage), t->handle);
        free_table(t);
    }
    for (uint32_t i = 0; i < c->nviews; i++) {
        c->views[i]->storage->table_drop(&ctx, NULL, c->views[i]->handle);
        free_table(c->views[i]);
    }
    for (uint32_t i = 0; i < c->nbackends; i++)
        c->backends[i].vt->backend_close(c->backends[i].backend);
    ss_error_clear(&err);
    ss_index_stored_refs_clear(c);
    ss_catalog_free_views(c);
    free(c->tables);
    free(c->views);
    free(c->backends);
    ss_seq_catalog_free(c->sequences);
    ss_ns_free(c);
    pthread_mutex_destroy(&c->mu);
    memset(c, 0, sizeof *c);
}

/* The visible table or system view rel of schema s (c->mu held). */
ss_table *ss_catalog_table_in(const ss_catalog *c, const ss_schema *s, const char *rel)
{
    for (uint32_t i = 0; i < c->ntables; i++)
        if (c->tables[i]->ns == s && strcmp(c->tables[i]->name, rel) == 0 && ss_ddl_visible(&c->tables[i]->ddl))
            return c->tables[i];
    for (uint32_t i = 0; i < c->nviews; i++)
        if (c->views[i]->ns == s && strcmp(c->views[i]->name, rel) == 0)
            return c->views[i];
    return NULL;
}

ss_table *ss_catalog_find_unlocked(ss_catalog *c, const char *name)
{
    const char *rel;
    /* the first schema of the path with a table or a view of that name: a view hides a
       table of a later schema, as in PostgreSQL's one namespace of relations */
    const ss_schema *s = ss_ns_lookup(c, name, ss_catalog_has_table_or_view, &rel);
    return s ? ss_catalog_table_in(c, s, rel) : NULL;
}

ss_table *ss_catalog_find(ss_catalog *c, const char *name)
{
    pthread_mutex_lock(&c->mu);
    ss_table *t = ss_catalog_find_unlocked(c, name);
    pthread_mutex_unlock(&c->mu);
    return t;
}

/* Room for one more backend instance in c. */
static int backends_reserve(ss_ctx *ctx, ss_catalog *c)
{
    if (c->nbackends < c->cap_backends)
        return SS_OK;
    uint32_t cap = c->cap_backends ? c->cap_backends * 2 : 4;
    ss_backend_instance *p = realloc(c->backends, cap * sizeof *p);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    c->backends = p;
    c->cap_backends = cap;
    return SS_OK;
}

int ss_catalog_add_backend(ss_ctx *ctx, ss_catalog *c, const ss_storage_vtable *vt, void *backend)
{
    if (backends_reserve(ctx, c) != SS_OK)
        return SS_ERROR;
    c->backends[c->nbackends++] = (ss_backend_instance){vt, backend};
    return SS_OK;
}

/* c's instance of backend `name` (registered in registry), opened on first use. */
static ss_backend_instance *backend_instance(ss_ctx *ctx, ss_catalog *c, const ss_registry *registry,
                                             const char *name)
{
    const ss_registration *reg = ss_registry_find(registry, SS_KIND_STORAGE, name);
    if (!reg) {
        ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "access method \"%s\" does not exist", name);
        ss_ctx_error_hint(ctx, "Storage backends come from modules: check \\dx, or LOAD the module.");
        return NULL;
    }
    const ss_storage_vtable *vt = reg->vtable;
    for (uint32_t i = 0; i < c->nbackends; i++)
        if (c->backends[i].vt == vt)
            return &c->backends[i];
    if (backends_reserve(ctx, c) != SS_OK)
        return NULL;
    void *backend = NULL;
    if (vt->backend_open(ctx, NULL, &backend) != SS_OK) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "storage backend \"%s\" failed to open", name);
        return NULL;
    }
    c->backends[c->nbackends] = (ss_backend_instance){vt, backend};
    return &c->backends[c->nbackends++];
}

int ss_catalog_create_table(ss_ctx *ctx, ss_catalog *c, const ss_registry *reg, const ss_table_def *def,
                            const char *backend_name)
{
    if (ss_catalog_name_wait(ctx, c, def->name))
        return SS_ERROR;
    const char *rel;
    char ref[SS_NS_REF_MAX];
    const ss_schema *ns = ss_ns_creation_qualified(ctx, c, def->name, &rel, ref, sizeof ref);
    if (!ns)
        return SS_ERROR;
    if (ss_catalog_find(c, ref) || ss_catalog_find_view(c, ref) || ss_seq_exists(c->sequences, ref))
        return ss_ctx_error(ctx, SS_SQLSTATE_DUPLICATE_TABLE, "relation \"%s\" already exists", rel);
    if (ss_type_relation_conflict(ctx, c, ns, rel))
        return SS_ERROR;
    for (uint32_t i = 0; i < def->ncols; i++)
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(def->cols[i].name, def->cols[j].name) == 0)
                return ss_ctx_error(ctx, "42701", "column \"%s\" specified more than once",
                                    def->cols[i].name);
    ss_backend_instance *bi = backend_instance(ctx, c, reg, backend_name);
    if (!bi)
        return SS_ERROR;
    ss_table *t = calloc(1, sizeof *t);
    if (!t)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    t->name = strdup(rel);
    t->ns = ns;
    t->created = c->version;
    t->oid = ss_catalog_new_oid(c);
    t->ncols = def->ncols;
    t->cols = calloc(def->ncols ? def->ncols : 1, sizeof *t->cols);
    t->types = calloc(def->ncols ? def->ncols : 1, sizeof *t->types);
    bool ok = t->name && t->cols && t->types;
    for (uint32_t i = 0; ok && i < def->ncols; i++) {
        t->cols[i] = def->cols[i];
        t->cols[i].name = strdup(def->cols[i].name);
        t->types[i] = def->cols[i].type;
        ok = t->cols[i].name != NULL;
    }
    if (!ok) {
        free_table(t);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ss_table_def own = {t->name, t->ncols, 0, t->cols};
    uint64_t reattach = c->reattach_id;
    c->reattach_id = 0;
    int made = reattach && SS_STORAGE_HAS(bi->vt, table_open) && bi->vt->table_open
                   ? bi->vt->table_open(ctx, bi->backend, reattach, &own, &t->handle)
                   : bi->vt->table_create(ctx, bi->backend, &own, &t->handle);
    if (made != SS_OK) {
        free_table(t);
        return SS_ERROR;
    }
    t->storage = bi->vt;
    t->backend = bi->backend;
    t->backend_name = bi->vt->name;
    /* (hist11) a reattached table's storage was made by an earlier opening's commit */
    t->storage_xid = reattach ? c->reattach_xid : ss_txn_state_storage_xid(ctx->txn);
    c->reattach_xid = SS_XID_INVALID;
    pthread_mutex_lock(&c->mu);
    bool grown = c->ntables < c->cap_tables;
    if (!grown) {
        uint32_t cap = c->cap_tables ? c->cap_tables * 2 : 16;
        ss_table **p = realloc(c->tables, cap * sizeof *p);
        if (p) {
            c->tables = p;
            c->cap_tables = cap;
            grown = true;
        }
    }
    /* invisible to other sessions until the transaction commits; gone if it aborts */
    if (!grown || ss_ddl_log(ctx, SS_DDL_TABLE_CREATE, t, t, &t->ddl.created)) {
        pthread_mutex_unlock(&c->mu);
        t->storage->table_drop(ctx, t->backend, t->handle);
        free_table(t);
        return grown ? SS_ERROR : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    c->tables[c->ntables++] = t;
    c->version++;
    pthread_mutex_unlock(&c->mu);
    return SS_OK;
}

void ss_catalog_destroy_table(ss_catalog *c, ss_table *t)
{
    uint32_t i = 0;
    while (i < c->ntables && c->tables[i] != t)
        i++;
    if (i == c->ntables)
        return;
    ss_ctx ctx = {0};
    ss_error err;
    memset(&err, 0, sizeof err);
    ctx.err = &err;
    t->storage->table_drop(&ctx, backend_of(c, t->storage), t->handle);
    ss_error_clear(&err);
    memmove(&c->tables[i], &c->tables[i + 1], (c->ntables - i - 1) * sizeof *c->tables);
    c->ntables--;
    free_table(t);
    c->version++;
}

int ss_catalog_drop_table(ss_ctx *ctx, ss_catalog *c, ss_table *t)
{
    if (t->system)
        return ss_ctx_error(ctx, "42809", "\"%s\" is a system view and cannot be dropped", t->name);
    uint32_t i = 0;
    while (i < c->ntables && c->tables[i] != t)
        i++;
    if (i == c->ntables)
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "table \"%s\" does not exist", t->name);
    /* SERIAL, identity and OWNED BY sequences */
    char ref[SS_NS_REF_MAX];
    if (ss_seq_drop_owned(ctx, c->sequences, ss_ns_qualify(t->ns, t->name, ref, sizeof ref), NULL))
        return SS_ERROR;
    ss_xid xid;
    if (ss_ddl_log(ctx, SS_DDL_TABLE_DROP, t, t, &xid))
        return SS_ERROR;
    ss_ddl_drop_or_mark(c, SS_DDL_TABLE_DROP, t, xid); /* storage freed when it commits */
    return SS_OK;
}
