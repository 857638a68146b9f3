/* system_pg_stats.c — pg_stats's rows (system_pg_stats.h) from each user table's ANALYZE
 * statistics (stats/table_stats.h), in catalog order, then column order.  real columns carry
 * float4 values; inherited is always false (Sunstone has no table inheritance). */
#include "catalog/system_pg_stats.h"

#include "catalog/namespace.h"
#include "stats/table_stats.h"
#include "types/array/array.h"

#define T_TEXT {SS_TYPE_TEXT, -1}
#define T_BOOL {SS_TYPE_BOOL, -1}
#define T_INT4 {SS_TYPE_INT4, -1}
#define T_REAL {SS_TYPE_FLOAT4, -1}
#define T_REALS {SS_TYPE_FLOAT4_ARRAY, -1}

const ss_column_def ss_pg_stats_cols[SS_PG_STATS_NCOLS] = {
    {"schemaname", T_TEXT, false, {0}},        {"tablename", T_TEXT, false, {0}},
    {"attname", T_TEXT, false, {0}},           {"inherited", T_BOOL, false, {0}},
    {"null_frac", T_REAL, false, {0}},         {"avg_width", T_INT4, false, {0}},
    {"n_distinct", T_REAL, false, {0}},        {"most_common_vals", T_TEXT, false, {0}},
    {"most_common_freqs", T_REALS, false, {0}}, {"histogram_bounds", T_TEXT, false, {0}},
    {"correlation", T_REAL, false, {0}},       {"most_common_elems", T_TEXT, false, {0}},
    {"most_common_elem_freqs", T_REALS, false, {0}}, {"elem_count_histogram", T_REALS, false, {0}}};

typedef struct fill_arg {
    ss_view_row_fn add;
    void *arg;
} fill_arg;

static ss_value real_value(double x)
{
    ss_value v = {0};
    v.v.f = (double)(float)x;
    return v;
}

static int stats_row(ss_ctx *ctx, void *arg, const ss_table *t, const ss_column_stats *s)
{
    const fill_arg *f = arg;
    ss_value null = {.is_null = true};
    ss_value freqs = null;
    if (s->has_mcv) {
        ss_value items[SS_STATS_TARGET];
        for (uint32_t i = 0; i < s->nmcv && i < SS_STATS_TARGET; i++)
            items[i] = real_value(s->mcv_freqs[i]);
        freqs.is_null = false;
        if (arr_encode_1d(ctx, SS_TYPE_FLOAT4, items, s->nmcv, &freqs.v.s) != SS_OK)
            return SS_ERROR;
    }
    ss_value width = {0};
    width.v.i = s->avg_width;
    ss_value row[SS_PG_STATS_NCOLS] = {ss_row_text(t->ns ? ss_ns_name(t->ns) : "public"),
                                       ss_row_text(t->name),
                                       ss_row_text(s->attname),
                                       ss_row_bool(false),
                                       real_value(s->null_frac),
                                       width,
                                       real_value(s->n_distinct),
                                       s->has_mcv ? ss_row_text(s->mcv_text) : null,
                                       freqs,
                                       s->has_hist ? ss_row_text(s->hist_text) : null,
                                       s->has_corr ? real_value(s->correlation) : null,
                                       null,
                                       null,
                                       null};
    return f->add(ctx, f->arg, row);
}

int ss_system_pg_stats_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    fill_arg f = {add, arg};
    for (uint32_t i = 0; i < c->ntables; i++) {
        const ss_table *t = c->tables[i];
        if (t->system || !ss_ddl_visible(&t->ddl))
            continue;
        if (ss_table_stats_each(ctx, t, stats_row, &f) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}
