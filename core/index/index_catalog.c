/* index_catalog.c — the per-table lists of index instances: lookup by name across the
 * catalog, attaching a new index, removing and freeing them. */
#include <stdlib.h>
#include <string.h>

#include "catalog/namespace.h"
#include "index/index.h"
#include "util/grow.h"

/* The visible index rel of schema ns (its table's schema; c->mu held). */
static ss_index *index_in(const ss_catalog *c, const ss_schema *ns, const char *rel)
{
    for (uint32_t i = 0; i < c->ntables; i++) {
        if (c->tables[i]->ns != ns || !ss_ddl_visible(&c->tables[i]->ddl))
            continue;
        const ss_table_indexes *l = c->tables[i]->indexes;
        for (uint32_t j = 0; l && j < l->n; j++)
            if (strcmp(l->list[j]->name, rel) == 0 && ss_ddl_visible(&l->list[j]->ddl))
                return l->list[j];
    }
    return NULL;
}

static bool has_index(const ss_catalog *c, const ss_schema *ns, const char *rel)
{
    return index_in(c, ns, rel) != NULL;
}

ss_index *ss_index_find(ss_catalog *c, const char *name)
{
    pthread_mutex_lock(&c->mu);
    const char *rel;
    const ss_schema *ns = ss_ns_lookup(c, name, has_index, &rel);
    ss_index *ix = ns ? index_in(c, ns, rel) : NULL;
    pthread_mutex_unlock(&c->mu);
    return ix;
}

bool ss_index_table_has(const ss_table *t)
{
    return t->indexes && t->indexes->n > 0;
}

void ss_index_free(ss_index *ix)
{
    if (ix->handle)
        ix->vt->destroy(ix->handle);
    free(ix->name);
    free(ix->cols);
    free(ix->flags);
    free(ix->types);
    if (ix->arena)
        ss_arena_destroy(ix->arena);
    free(ix);
}

void ss_index_free_table(ss_table *t)
{
    ss_table_indexes *l = t->indexes;
    if (!l)
        return;
    for (uint32_t i = 0; i < l->n; i++)
        ss_index_free(l->list[i]);
    free(l->list);
    free(l->log);
    pthread_mutex_destroy(&l->lock);
    free(l);
    t->indexes = NULL;
}

void ss_index_remove(ss_index *ix)
{
    /* a committed DROP INDEX or an undone CREATE INDEX: an index stored with its table frees
       its storage (sunstone/index.h version 2) */
    if (ix->handle && SS_INDEX_HAS(ix->vt, drop_stored) && ix->vt->drop_stored) {
        ix->vt->drop_stored(ix->handle);
        ix->handle = NULL;
    }
    ss_table_indexes *l = ix->table->indexes;
    for (uint32_t i = 0; l && i < l->n; i++)
        if (l->list[i] == ix) {
            memmove(&l->list[i], &l->list[i + 1], (l->n - i - 1) * sizeof *l->list);
            l->n--;
            break;
        }
    ss_index_free(ix);
}

int ss_index_attach(ss_ctx *ctx, ss_index *ix)
{
    ss_table *t = ix->table;
    if (!t->indexes) {
        ss_table_indexes *l = calloc(1, sizeof *l);
        if (!l || pthread_mutex_init(&l->lock, NULL) != 0) {
            free(l);
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        t->indexes = l;
    }
    ss_table_indexes *l = t->indexes;
    if (!ss_grow((void **)&l->list, &l->cap, l->n + 1, sizeof *l->list, 4))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    l->list[l->n++] = ix;
    return SS_OK;
}

void ss_index_lock(ss_table *t)
{
    if (t->indexes)
        pthread_mutex_lock(&t->indexes->lock);
}

void ss_index_unlock(ss_table *t)
{
    if (t->indexes)
        pthread_mutex_unlock(&t->indexes->lock);
}
