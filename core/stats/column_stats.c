/* column_stats.c — one column's ANALYZE statistics from a sample (column_stats.h), following
 * PostgreSQL 15's compute_scalar_stats / compute_trivial_stats and analyze_mcv_list step by
 * step, so that a table small enough to be read whole (at most 30000 rows) gets PostgreSQL's
 * exact values. */
#include "stats/column_stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "types/array/array.h"
#include "types/functions.h"
#include "types/registry.h"
#include "types/typeio.h"
#include "util/strbuf.h"

#define WIDTH_THRESHOLD 1024 /* PostgreSQL's: wider values are left out of the sort */

typedef struct item {
    const ss_value *value;
    uint32_t tupno;
} item;

typedef struct mcv_item {
    uint32_t count;
    uint32_t first; /* its first position in the sorted items */
} mcv_item;

/* the type being sorted (qsort has no argument) */
static _Thread_local const ss_type_info *tl_info;
static _Thread_local int32_t tl_storage;

static int value_cmp(const ss_value *a, const ss_value *b)
{
    if (tl_info && tl_info->compare) {
        int d = tl_info->compare(&a->v.s, &b->v.s);
        return (d > 0) - (d < 0);
    }
    switch (tl_storage) {
    case SS_TYPE_BOOL: return (a->v.b > b->v.b) - (a->v.b < b->v.b);
    case SS_TYPE_FLOAT8: {
        double x = a->v.f, y = b->v.f;
        if (isnan(x) || isnan(y))
            return isnan(x) && isnan(y) ? 0 : isnan(x) ? 1 : -1;
        return (x > y) - (x < y);
    }
    case SS_TYPE_TEXT: {
        uint32_t n = a->v.s.len < b->v.s.len ? a->v.s.len : b->v.s.len;
        int c = n ? memcmp(a->v.s.ptr, b->v.s.ptr, n) : 0;
        if (c)
            return c < 0 ? -1 : 1;
        return (a->v.s.len > b->v.s.len) - (a->v.s.len < b->v.s.len);
    }
    default: return (a->v.i > b->v.i) - (a->v.i < b->v.i);
    }
}

/* PostgreSQL's compare_scalars: by value, then by position (equal values keep their order) */
static int item_cmp(const void *pa, const void *pb)
{
    const item *a = pa, *b = pb;
    int d = value_cmp(a->value, b->value);
    return d ? d : (a->tupno > b->tupno) - (a->tupno < b->tupno);
}

static int mcv_first_cmp(const void *pa, const void *pb)
{
    const mcv_item *a = pa, *b = pb;
    return (a->first > b->first) - (a->first < b->first);
}

/* analyze_mcv_list: how many of the most common values are worth keeping */
static uint32_t mcv_keep(const mcv_item *track, uint32_t num_mcv, double stadistinct, double stanullfrac,
                         uint32_t samplerows, double totalrows)
{
    if ((double)samplerows == totalrows || totalrows <= 1.0)
        return num_mcv;
    double ndistinct_table = stadistinct < 0 ? -stadistinct * totalrows : stadistinct;
    double sumcount = 0.0;
    for (uint32_t i = 0; i + 1 < num_mcv; i++)
        sumcount += track[i].count;
    while (num_mcv > 0) {
        double selec = 1.0 - sumcount / samplerows - stanullfrac;
        if (selec < 0.0)
            selec = 0.0;
        if (selec > 1.0)
            selec = 1.0;
        double otherdistinct = ndistinct_table - (num_mcv - 1);
        if (otherdistinct > 1)
            selec /= otherdistinct;
        double N = totalrows, n = samplerows;
        double K = N * track[num_mcv - 1].count / n;
        double variance = n * K * (N - K) * (N - n) / (N * N * (N - 1));
        double stddev = sqrt(variance);
        if (track[num_mcv - 1].count > selec * samplerows + 2 * stddev + 0.5)
            break;
        num_mcv--;
        if (num_mcv == 0)
            break;
        sumcount -= track[num_mcv - 1].count;
    }
    return num_mcv;
}

/* '{v1,v2,...}': array_out's text of the values, each quoted as an array item */
static char *array_text(ss_type t, const item *items, const uint32_t *pick, uint32_t n)
{
    ss_strbuf sb, one;
    ss_strbuf_init(&sb);
    ss_strbuf_init(&one);
    ss_strbuf_putc(&sb, '{');
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            ss_strbuf_putc(&sb, ',');
        ss_strbuf_clear(&one);
        ss_value_format(t, items[pick[i]].value, &one);
        arr_format_item(one.data ? one.data : "", one.len, &sb);
    }
    ss_strbuf_putc(&sb, '}');
    ss_strbuf_free(&one);
    return ss_strbuf_steal(&sb);
}

static int oom(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

int ss_column_stats_compute(ss_ctx *ctx, ss_type t, const ss_value *values, uint32_t nrows, double totalrows,
                            ss_column_stats *s)
{
    const ss_type_info *info = ss_type_registry_get(t.id);
    /* PostgreSQL's typlen < 0 (Sunstone keeps uuid, interval, timetz and name out of line too) */
    bool varwidth = ss_type_is_varlen(t.id) && t.id != SS_TYPE_UUID && t.id != SS_TYPE_INTERVAL &&
                    t.id != SS_TYPE_TIMETZ && t.id != SS_TYPE_NAME;
    bool ordered = t.id != SS_TYPE_JSON && info && (info->compare || ss_type_storage(t.id) != 0);
    uint32_t null_cnt = 0, nonnull_cnt = 0, toowide_cnt = 0;
    double total_width = 0;
    item *items = malloc(sizeof *items * (nrows ? nrows : 1));
    if (!items)
        return oom(ctx);
    uint32_t values_cnt = 0;
    for (uint32_t r = 0; r < nrows; r++) {
        const ss_value *v = &values[r];
        if (v->is_null) {
            null_cnt++;
            continue;
        }
        nonnull_cnt++;
        int32_t w = ss_value_stored_size(ctx, t, v);
        if (w < 0)
            w = varwidth ? (int32_t)v->v.s.len + 1 : (int32_t)ss_type_width(t.id);
        total_width += w;
        if (varwidth && w > WIDTH_THRESHOLD) {
            toowide_cnt++;
            continue;
        }
        items[values_cnt].value = v;
        items[values_cnt].tupno = values_cnt; /* PostgreSQL numbers the non-NULL values */
        values_cnt++;
    }
    s->type = t;
    s->has_mcv = s->has_hist = s->has_corr = false;
    if (nonnull_cnt == 0) { /* only NULLs (or no rows): the column is taken to be all NULL */
        s->null_frac = nrows ? 1.0 : 0.0;
        s->avg_width = varwidth ? 0 : ss_value_stored_size(ctx, t, &(ss_value){0});
        if (s->avg_width < 0)
            s->avg_width = 0;
        s->n_distinct = 0.0;
        free(items);
        return SS_OK;
    }
    s->null_frac = (double)null_cnt / nrows;
    s->avg_width = (int32_t)(total_width / nonnull_cnt);
    if (!ordered) { /* compute_trivial_stats */
        s->n_distinct = 0.0;
        free(items);
        return SS_OK;
    }
    tl_info = info;
    tl_storage = ss_type_storage(t.id);
    qsort(items, values_cnt, sizeof *items, item_cmp);

    /* runs of equal values: the distinct count, the repeated ones, the most common ones */
    mcv_item *track = malloc(sizeof *track * (SS_STATS_TARGET + 1));
    if (!track) {
        free(items);
        return oom(ctx);
    }
    uint32_t ndistinct = 0, nmultiple = 0, track_cnt = 0, dups_cnt = 0, num_mcv = SS_STATS_TARGET;
    double corr_xysum = 0;
    for (uint32_t i = 0; i < values_cnt; i++) {
        corr_xysum += (double)i * (double)items[i].tupno;
        dups_cnt++;
        if (i + 1 == values_cnt || value_cmp(items[i].value, items[i + 1].value) != 0) {
            ndistinct++;
            if (dups_cnt > 1) {
                nmultiple++;
                if (track_cnt < num_mcv || dups_cnt > track[track_cnt - 1].count) {
                    uint32_t j = track_cnt < num_mcv ? track_cnt++ : track_cnt - 1;
                    while (j > 0 && dups_cnt > track[j - 1].count) {
                        track[j] = track[j - 1];
                        j--;
                    }
                    track[j].count = dups_cnt;
                    track[j].first = i + 1 - dups_cnt;
                }
            }
            dups_cnt = 0;
        }
    }

    /* the number of distinct values (Haas and Stokes's estimator when the sample is partial) */
    if (nmultiple == 0) {
        s->n_distinct = -1.0 * (1.0 - s->null_frac);
    } else if (toowide_cnt == 0 && nmultiple == ndistinct) {
        s->n_distinct = ndistinct;
    } else {
        double f1 = (double)ndistinct - nmultiple + toowide_cnt, d = f1 + nmultiple;
        double n = (double)nrows - null_cnt, N = totalrows * (1.0 - s->null_frac);
        double est = N > 0 ? (n * d) / ((n - f1) + f1 * n / N) : 0;
        if (est < d)
            est = d;
        if (est > N)
            est = N;
        s->n_distinct = floor(est + 0.5);
    }
    if (s->n_distinct > 0.1 * totalrows)
        s->n_distinct = -(s->n_distinct / totalrows);

    /* the most common values */
    if (track_cnt == ndistinct && toowide_cnt == 0 && s->n_distinct > 0 && track_cnt <= num_mcv)
        num_mcv = track_cnt;
    else {
        if (num_mcv > track_cnt)
            num_mcv = track_cnt;
        if (num_mcv > 0)
            num_mcv = mcv_keep(track, num_mcv, s->n_distinct, s->null_frac, nrows, totalrows);
    }
    int rc = SS_OK;
    if (num_mcv > 0) {
        uint32_t pick[SS_STATS_TARGET];
        s->mcv_freqs = malloc(sizeof(double) * num_mcv);
        for (uint32_t i = 0; i < num_mcv; i++)
            pick[i] = track[i].first;
        s->mcv_text = s->mcv_freqs ? array_text(t, items, pick, num_mcv) : NULL;
        if (!s->mcv_text)
            rc = oom(ctx);
        for (uint32_t i = 0; rc == SS_OK && i < num_mcv; i++)
            s->mcv_freqs[i] = (double)track[i].count / nrows;
        s->nmcv = num_mcv;
        s->has_mcv = rc == SS_OK;
    }

    /* the histogram over the values that are not most common */
    uint32_t num_hist = ndistinct - num_mcv;
    if (num_hist > SS_STATS_TARGET)
        num_hist = SS_STATS_TARGET + 1;
    if (rc == SS_OK && num_hist >= 2 && ndistinct > num_mcv) {
        uint32_t nvals = values_cnt;
        item *rest = items;
        if (num_mcv > 0) {
            qsort(track, num_mcv, sizeof *track, mcv_first_cmp);
            rest = malloc(sizeof *rest * values_cnt);
            if (!rest)
                rc = oom(ctx);
            uint32_t dest = 0, src = 0, j = 0;
            while (rest && src < values_cnt) {
                uint32_t ncopy;
                if (j < num_mcv) {
                    if (src >= track[j].first) {
                        src = track[j].first + track[j].count;
                        j++;
                        continue;
                    }
                    ncopy = track[j].first - src;
                } else
                    ncopy = values_cnt - src;
                memcpy(&rest[dest], &items[src], ncopy * sizeof *rest);
                src += ncopy;
                dest += ncopy;
            }
            nvals = dest;
        }
        uint32_t *pick = rest ? malloc(sizeof *pick * num_hist) : NULL;
        if (rest && !pick)
            rc = oom(ctx);
        if (pick) {
            uint32_t delta = (nvals - 1) / (num_hist - 1), deltafrac = (nvals - 1) % (num_hist - 1);
            uint32_t pos = 0, posfrac = 0;
            for (uint32_t i = 0; i < num_hist; i++) {
                pick[i] = pos;
                pos += delta;
                posfrac += deltafrac;
                if (posfrac >= num_hist - 1) {
                    pos++;
                    posfrac -= num_hist - 1;
                }
            }
            s->hist_text = array_text(t, rest, pick, num_hist);
            s->has_hist = s->hist_text != NULL;
            if (!s->hist_text)
                rc = oom(ctx);
            free(pick);
        }
        if (rest != items)
            free(rest);
    }

    /* the correlation of the values' order with the rows' order */
    if (rc == SS_OK && values_cnt > 1) {
        double n = values_cnt;
        double corr_xsum = (n - 1) * n / 2.0;
        double corr_x2sum = (n - 1) * n * (2 * n - 1) / 6.0;
        s->correlation = (n * corr_xysum - corr_xsum * corr_xsum) / (n * corr_x2sum - corr_xsum * corr_xsum);
        s->has_corr = true;
    }
    free(track);
    free(items);
    return rc;
}

void ss_column_stats_free(ss_column_stats *s)
{
    free(s->attname);
    free(s->mcv_text);
    free(s->mcv_freqs);
    free(s->hist_text);
    memset(s, 0, sizeof *s);
}
