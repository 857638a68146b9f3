/* system_relation_views.c — rows of sunstone_index_columns and sunstone_sequences
 * (system_relation_views.h), read from the catalog the session sees. */
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "catalog/namespace.h"
#include "catalog/sequences.h"
#include "catalog/system_relation_views.h"
#include "index/index.h"
#include "types/typeio.h"

static ss_value text_of(const char *s)
{
    ss_value v = {0};
    if (!s) {
        v.is_null = true;
        return v;
    }
    v.v.s.ptr = s;
    v.v.s.len = (uint32_t)strlen(s);
    return v;
}

static ss_value int_of(int64_t i)
{
    ss_value v = {0};
    v.v.i = i;
    return v;
}

static ss_value bool_of(bool b)
{
    ss_value v = {0};
    v.v.b = b;
    return v;
}

int ss_system_index_columns_fill(ss_ctx *ctx, ss_view_row_fn add, void *arg)
{
    const ss_catalog *c = ctx->catalog;
    for (uint32_t t = 0; c && t < c->ntables; t++) {
        ss_table *tab = c->tables[t];
        if (!ss_ddl_visible(&tab->ddl) || !tab->indexes)
            continue;
        ss_index_lock(tab);
        int rc = SS_OK;
        for (uint32_t i = 0; rc == SS_OK && i < tab->indexes->n; i++) {
            const ss_index *ix = tab->indexes->list[i];
            if (!ss_ddl_visible(&ix->ddl))
                continue;
            char *pred = ss_index_pred_sql(ix, true);
            for (uint32_t k = 0; rc == SS_OK && k < ix->nkeys; k++) {
                char tname[128];
                /* an expression key: the index column's name (expr, lower, ...) and psql's
                   Definition, pg_get_indexdef(index, k, true) */
                bool expr = ix->cols[k] == SS_INDEX_EXPR_KEY;
                char *def = expr ? ss_index_key_sql(ix, k, true) : NULL;
                const char *name = expr ? ix->key_names[k] : tab->cols[ix->cols[k]].name;
                /* module: the index module holding it (a stored one on a native table),
                   reopened: opened from the table's storage at the database's open, not built */
                ss_value row[14] = {text_of(ix->name), text_of(tab->name), int_of(k + 1), text_of(name),
                                    text_of(ss_type_column_name(ix->types[k], tname, sizeof tname)),
                                    bool_of(ix->unique), bool_of(ix->primary), text_of(ix->am),
                                    text_of(def ? def : name), text_of(pred), bool_of(ix->deferrable),
                                    bool_of(ix->initdeferred), text_of(ix->vt->name), bool_of(ix->opened)};
                rc = add(ctx, arg, row);
                free(def);
            }
            free(pred);
        }
        ss_index_unlock(tab);
        if (rc != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

static const char *seq_type_name(int32_t type)
{
    return type == SS_TYPE_INT2 ? "smallint" : type == SS_TYPE_INT4 ? "integer" : "bigint";
}

static const char *owner_kind_text(char kind)
{
    return kind == 's' ? "serial" : kind == 'i' ? "identity" : kind == 'o' ? "owned by" : NULL;
}

int ss_system_sequences_fill(ss_ctx *ctx, ss_view_row_fn add, void *arg)
{
    ss_seq_catalog *sc = ctx->catalog ? ctx->catalog->sequences : NULL;
    if (!sc)
        return SS_OK;
    int rc = SS_OK;
    pthread_mutex_lock(&sc->mu);
    for (uint32_t i = 0; rc == SS_OK && i < sc->n; i++) {
        const ss_sequence *s = sc->seqs[i];
        if (!ss_ddl_visible(&s->ddl))
            continue;
        bool owned = s->owner_table && s->owner_column && s->owner_kind != 'd';
        ss_value row[11] = {text_of(s->name), text_of(seq_type_name(s->p.type)), int_of(s->p.start),
                            int_of(s->p.min), int_of(s->p.max), int_of(s->p.increment), bool_of(s->p.cycle),
                            int_of(s->p.cache), text_of(owned ? ss_ns_rel(s->owner_table) : NULL),
                            text_of(owned ? s->owner_column : NULL),
                            text_of(owned ? owner_kind_text(s->owner_kind) : NULL)};
        rc = add(ctx, arg, row);
    }
    pthread_mutex_unlock(&sc->mu);
    return rc;
}
