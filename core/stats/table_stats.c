/* table_stats.c — ANALYZE of one table (table_stats.h): reads the rows the statement's snapshot
 * sees, keeps all of them when there are at most 30000 (PostgreSQL's sample size at
 * default_statistics_target 100) and otherwise a uniform sample of 30000 chosen in one pass in
 * physical order (Knuth's selection sampling, fixed seed: the same table gives the same
 * statistics), computes each column's statistics (column_stats.c), and publishes them at the
 * end of the transaction through the DDL log (catalog_txn.h). */
#include "stats/table_stats.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"
#include "index/index.h"
#include "txn/txn_api.h"
#include "util/arena.h"

static pthread_mutex_t stats_mu = PTHREAD_MUTEX_INITIALIZER;

void ss_table_stats_free(ss_table_stats *s)
{
    if (!s)
        return;
    for (uint32_t i = 0; i < s->ncols; i++)
        ss_column_stats_free(&s->cols[i]);
    free(s->cols);
    free(s);
}

double ss_table_stats_reltuples(const ss_table *t)
{
    pthread_mutex_lock(&stats_mu);
    double n = t->stats ? t->stats->totalrows : -1;
    pthread_mutex_unlock(&stats_mu);
    return n;
}

static bool still_names_column(const ss_table *t, const ss_column_stats *s)
{
    for (uint32_t c = 0; c < t->ncols; c++)
        if (strcmp(t->cols[c].name, s->attname) == 0)
            return t->types[c].id == s->type.id;
    return false;
}

int ss_table_stats_each(ss_ctx *ctx, const ss_table *t,
                        int (*fn)(ss_ctx *ctx, void *arg, const ss_table *t, const ss_column_stats *s), void *arg)
{
    int rc = SS_OK;
    pthread_mutex_lock(&stats_mu);
    /* in the table's column order, as pg_stats lists pg_statistic's rows */
    for (uint32_t c = 0; t->stats && rc == SS_OK && c < t->ncols; c++)
        for (uint32_t i = 0; rc == SS_OK && i < t->stats->ncols; i++)
            if (strcmp(t->stats->cols[i].attname, t->cols[c].name) == 0 && still_names_column(t, &t->stats->cols[i]))
                rc = fn(ctx, arg, t, &t->stats->cols[i]);
    pthread_mutex_unlock(&stats_mu);
    return rc;
}

/* ---- publishing: at once, undone if the transaction rolls back ---- */

typedef struct swap {
    ss_table *t;
    ss_table_stats *mine, *old; /* what this ANALYZE published, what it replaced */
} swap;

static void on_commit(void *arg)
{
    swap *w = arg;
    ss_table_stats_free(w->old);
    free(w);
}

/* Puts the replaced statistics back unless a later ANALYZE replaced these already (its own
   record then owns them). */
static void on_undo(void *arg)
{
    swap *w = arg;
    pthread_mutex_lock(&stats_mu);
    bool current = w->t->stats == w->mine;
    if (current)
        w->t->stats = w->old;
    pthread_mutex_unlock(&stats_mu);
    ss_table_stats_free(current ? w->mine : w->old);
    free(w);
}

/* The new statistics with the previous ones of the columns this ANALYZE left out. */
static int merge_previous(ss_table_stats *s, const ss_table *t)
{
    pthread_mutex_lock(&stats_mu);
    int rc = SS_OK;
    for (uint32_t i = 0; t->stats && rc == SS_OK && i < t->stats->ncols; i++) {
        const ss_column_stats *o = &t->stats->cols[i];
        bool redone = false;
        for (uint32_t k = 0; k < s->ncols && !redone; k++)
            redone = strcmp(s->cols[k].attname, o->attname) == 0;
        if (redone || !still_names_column(t, o))
            continue;
        ss_column_stats *grown = realloc(s->cols, sizeof *grown * (s->ncols + 1));
        if (!grown) {
            rc = SS_ERROR;
            break;
        }
        s->cols = grown;
        ss_column_stats *n = &s->cols[s->ncols];
        *n = *o;
        n->attname = strdup(o->attname);
        n->mcv_text = o->mcv_text ? strdup(o->mcv_text) : NULL;
        n->hist_text = o->hist_text ? strdup(o->hist_text) : NULL;
        n->mcv_freqs = o->nmcv ? malloc(sizeof(double) * o->nmcv) : NULL;
        if (n->mcv_freqs)
            memcpy(n->mcv_freqs, o->mcv_freqs, sizeof(double) * o->nmcv);
        s->ncols++;
        if (!n->attname || (o->mcv_text && !n->mcv_text) || (o->hist_text && !n->hist_text) ||
            (o->nmcv && !n->mcv_freqs))
            rc = SS_ERROR;
    }
    pthread_mutex_unlock(&stats_mu);
    return rc;
}

/* ---- reading the sample ---- */

typedef struct sampler {
    uint64_t state;
    double seen, wanted, total; /* selection sampling: rows passed, still to pick, in all */
} sampler;

static double next_unit(sampler *s)
{
    s->state ^= s->state << 13;
    s->state ^= s->state >> 7;
    s->state ^= s->state << 17;
    return (double)(s->state >> 11) / 9007199254740992.0;
}

static bool pick(sampler *s)
{
    if (s->wanted <= 0)
        return false;
    bool take = (s->total - s->seen) * next_unit(s) < s->wanted;
    s->seen++;
    if (take)
        s->wanted--;
    return take;
}

static int scan_table(ss_ctx *ctx, ss_table *t, const ss_scan_spec *spec, const ss_type *types, sampler *smp,
                      ss_value **values, uint32_t *nrows, ss_arena *arena, double *count)
{
    const ss_snapshot *cur = ss_api_txn_snapshot(ctx);
    void *scan;
    if (t->storage->scan_begin_snapshot(ctx, t->handle, spec, cur ? cur : ss_index_snapshot(ctx), false, &scan) !=
        SS_OK)
        return SS_ERROR;
    ss_batch *b = ss_batch_create(spec->ncols, types, SS_BATCH_CAPACITY);
    int rc = b ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    while (rc == SS_OK) {
        ss_batch_reset(b);
        if ((rc = t->storage->scan_next_batch(ctx, scan, b)) != SS_OK || b->count == 0)
            break;
        uint32_t n = ss_batch_rows(b);
        if (!values) {
            *count += n;
            continue;
        }
        for (uint32_t k = 0; k < n && rc == SS_OK; k++) {
            if (!pick(smp))
                continue;
            uint32_t row = ss_batch_row(b, k);
            for (uint32_t c = 0; c < spec->ncols; c++) {
                ss_value v;
                ss_vector_get_value(b->cols[c], row, &v);
                if (!v.is_null && ss_type_is_varlen(types[c].id) && v.v.s.len) {
                    char *copy = ss_arena_alloc(arena, v.v.s.len);
                    if (!copy) {
                        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                        break;
                    }
                    memcpy(copy, v.v.s.ptr, v.v.s.len);
                    v.v.s.ptr = copy;
                }
                values[c][*nrows] = v;
            }
            (*nrows)++;
        }
    }
    if (b)
        ss_batch_destroy(b);
    t->storage->scan_end(scan);
    return rc;
}

int ss_table_stats_analyze(ss_ctx *ctx, ss_table *t, const uint32_t *cols, uint32_t ncols, double *live)
{
    uint32_t every[t->ncols ? t->ncols : 1];
    if (ncols == 0) {
        for (uint32_t c = 0; c < t->ncols; c++)
            every[c] = c;
        cols = every;
        ncols = t->ncols;
    }
    ss_type types[ncols ? ncols : 1];
    for (uint32_t c = 0; c < ncols; c++)
        types[c] = t->types[cols[c]];
    ss_scan_spec spec = {ncols, 0, cols};
    double total = 0;
    *live = 0;
    if (ncols == 0)
        return SS_OK;
    if (scan_table(ctx, t, &spec, types, NULL, NULL, NULL, NULL, &total) != SS_OK)
        return SS_ERROR;
    *live = total;
    if (total == 0)
        return SS_OK; /* as PostgreSQL: an empty table gets no statistics */
    uint32_t want = total < SS_STATS_SAMPLE_ROWS ? (uint32_t)total : SS_STATS_SAMPLE_ROWS;
    ss_arena *arena = ss_arena_create();
    ss_value **values = calloc(ncols, sizeof *values);
    ss_table_stats *s = calloc(1, sizeof *s);
    int rc = arena && values && s ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t c = 0; rc == SS_OK && c < ncols; c++)
        if (!(values[c] = malloc(sizeof(ss_value) * want)))
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    sampler smp = {0x9E3779B97F4A7C15ull, 0, want, total};
    uint32_t nrows = 0;
    if (rc == SS_OK)
        rc = scan_table(ctx, t, &spec, types, &smp, values, &nrows, arena, &total);
    if (rc == SS_OK && !(s->cols = calloc(ncols, sizeof *s->cols)))
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc == SS_OK) {
        s->totalrows = *live;
        for (uint32_t c = 0; rc == SS_OK && c < ncols; c++) {
            ss_column_stats *cs = &s->cols[s->ncols];
            rc = ss_column_stats_compute(ctx, types[c], values[c], nrows, *live, cs);
            s->ncols++;
            if (rc == SS_OK && !(cs->attname = strdup(t->cols[cols[c]].name)))
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
    }
    for (uint32_t c = 0; values && c < ncols; c++)
        free(values[c]);
    free(values);
    if (arena)
        ss_arena_destroy(arena);
    if (rc == SS_OK && merge_previous(s, t) != SS_OK)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    swap *w = rc == SS_OK ? malloc(sizeof *w) : NULL;
    if (rc == SS_OK && !w)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc != SS_OK) {
        ss_table_stats_free(s);
        return SS_ERROR;
    }
    pthread_mutex_lock(&stats_mu);
    *w = (swap){t, s, t->stats};
    t->stats = s;
    pthread_mutex_unlock(&stats_mu);
    bool logged;
    if (ss_ddl_log_callback(ctx, t, on_undo, on_commit, w, &logged) != SS_OK) {
        on_undo(w);
        return SS_ERROR;
    }
    if (!logged)
        on_commit(w);
    return SS_OK;
}
