/* index_unique.c — the uniqueness decision of unique indexes: candidates with an equal key
 * come from the index, and one conflicts when the current snapshot sees its row version
 * (read through the backend's fetch_versions), so dead versions never conflict.  Also
 * PostgreSQL's "(cols)=(values)" text of a key for 23505's DETAIL. */
#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"
#include "index/index.h"
#include "types/typeio.h"
#include "util/arena.h"
#include "util/strbuf.h"

char *ss_index_key_text(ss_ctx *ctx, const ss_index *ix, const ss_value *key)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_strbuf_putc(&sb, '(');
    for (uint32_t i = 0; i < ix->nkeys; i++) {
        char *k = ss_index_key_sql(ix, i, true);
        ss_strbuf_printf(&sb, "%s%s", i ? ", " : "", k ? k : "?");
        free(k);
    }
    ss_strbuf_puts(&sb, ")=(");
    for (uint32_t i = 0; i < ix->nkeys; i++) {
        if (i)
            ss_strbuf_puts(&sb, ", ");
        if (key[i].is_null)
            ss_strbuf_puts(&sb, "null");
        else
            ss_value_format(ix->types[i], &key[i], &sb);
    }
    ss_strbuf_putc(&sb, ')');
    char *out = sb.oom ? NULL : ss_arena_strdup(ctx->arena, sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return out;
}

int ss_index_candidates(ss_ctx *ctx, const ss_index *ix, const ss_value *key, uint32_t nvalues, ss_rowid self,
                        ss_rowid **cand, uint32_t *n)
{
    uint32_t total;
    if (ix->vt->lookup(ctx, ix->handle, key, nvalues, *cand, SS_INDEX_CANDIDATES_SMALL, &total) != SS_OK)
        return SS_ERROR;
    if (total > SS_INDEX_CANDIDATES_SMALL) { /* dead versions' entries pile up until VACUUM: read them all */
        if (!(*cand = ss_arena_alloc(ctx->arena, (size_t)total * sizeof **cand)))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        uint32_t again;
        if (ix->vt->lookup(ctx, ix->handle, key, nvalues, *cand, total, &again) != SS_OK)
            return SS_ERROR;
        total = again < total ? again : total;
    }
    *n = 0;
    for (uint32_t k = 0; k < total; k++)
        if ((*cand)[k] != self)
            (*cand)[(*n)++] = (*cand)[k];
    return SS_OK;
}

int ss_index_key_present(ss_ctx *ctx, const ss_index *ix, const ss_value *key, uint32_t nvalues, ss_rowid self,
                         const ss_snapshot *snap, bool *present)
{
    *present = false;
    ss_rowid small[SS_INDEX_CANDIDATES_SMALL], *cand = small;
    uint32_t n;
    if (ss_index_candidates(ctx, ix, key, nvalues, self, &cand, &n) != SS_OK)
        return SS_ERROR;
    const ss_table *t = ix->table;
    ss_scan_spec spec = {0, 0, NULL};
    ss_batch out = {0, 0, NULL, 0, NULL};
    bool found[SS_BATCH_CAPACITY];
    for (uint32_t at = 0; at < n; at += SS_BATCH_CAPACITY) {
        uint32_t m = n - at < SS_BATCH_CAPACITY ? n - at : SS_BATCH_CAPACITY;
        if (t->storage->fetch_versions(ctx, t->handle, &spec, snap, cand + at, m, &out, found) != SS_OK)
            return SS_ERROR;
        for (uint32_t k = 0; k < m; k++)
            if (found[k]) {
                *present = true;
                return SS_OK;
            }
    }
    return SS_OK;
}

int ss_index_check_unique(ss_ctx *ctx, const ss_index *ix, const ss_value *key, ss_rowid self)
{
    for (uint32_t i = 0; i < ix->nkeys; i++)
        if (key[i].is_null)
            return SS_OK;
    ss_snapshot snap;
    ss_index_unique_snapshot(ctx, &snap);
    bool present;
    if (ss_index_key_present(ctx, ix, key, ix->nkeys, self, &snap, &present) != SS_OK)
        return SS_ERROR;
    if (present) {
        char *text = ss_index_key_text(ctx, ix, key);
        ss_ctx_error(ctx, "23505", "duplicate key value violates unique constraint \"%s\"", ix->name);
        if (text)
            ss_ctx_error_detail(ctx, "Key %s already exists.", text);
        return SS_ERROR;
    }
    return SS_OK;
}
