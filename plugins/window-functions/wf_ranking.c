/* wf_ranking.c — row_number, rank, dense_rank, percent_rank, cume_dist and ntile over a
 * partition's peer groups, with PostgreSQL's semantics. */
#include "window_functions.h"

/* The one result type of a function without arguments. */
static int result_of(ss_type *out, int32_t id)
{
    *out = (ss_type){.id = id, .typmod = -1};
    return SS_OK;
}

static int bigint_result(ss_ctx *ctx, const ss_type *t, uint32_t n, ss_type *out)
{
    (void)ctx, (void)t, (void)n;
    return result_of(out, SS_TYPE_INT8);
}

static int float_result(ss_ctx *ctx, const ss_type *t, uint32_t n, ss_type *out)
{
    (void)ctx, (void)t, (void)n;
    return result_of(out, SS_TYPE_FLOAT8);
}

static int ntile_result(ss_ctx *ctx, const ss_type *t, uint32_t n, ss_type *out)
{
    (void)ctx;
    if (n != 1 || t[0].id != SS_TYPE_INT4)
        return SS_ERROR;
    *out = (ss_type){.id = SS_TYPE_INT4, .typmod = -1};
    return SS_OK;
}

static int row_number_eval(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out)
{
    (void)ctx;
    for (uint32_t i = 0; i < p->nrows; i++)
        ((int64_t *)out->data)[i] = (int64_t)i + 1;
    return SS_OK;
}

static int rank_eval(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out)
{
    (void)ctx;
    int64_t r = 1;
    for (uint32_t i = 0; i < p->nrows; i++) {
        if (p->peer_start[i])
            r = (int64_t)i + 1;
        ((int64_t *)out->data)[i] = r;
    }
    return SS_OK;
}

static int dense_rank_eval(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out)
{
    (void)ctx;
    int64_t r = 0;
    for (uint32_t i = 0; i < p->nrows; i++) {
        r += p->peer_start[i] != 0;
        ((int64_t *)out->data)[i] = r;
    }
    return SS_OK;
}

static int percent_rank_eval(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out)
{
    (void)ctx;
    uint32_t r = 1;
    for (uint32_t i = 0; i < p->nrows; i++) {
        if (p->peer_start[i])
            r = i + 1;
        ((double *)out->data)[i] = p->nrows > 1 ? (double)(r - 1) / (double)(p->nrows - 1) : 0.0;
    }
    return SS_OK;
}

static int cume_dist_eval(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out)
{
    (void)ctx;
    for (uint32_t i = 0; i < p->nrows;) {
        uint32_t e = i + 1;
        while (e < p->nrows && !p->peer_start[e])
            e++;
        for (uint32_t k = i; k < e; k++)
            ((double *)out->data)[k] = (double)e / (double)p->nrows;
        i = e;
    }
    return SS_OK;
}

/* ntile(buckets): PostgreSQL reads the argument at the partition's first row. */
static int ntile_eval(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out)
{
    if (!p->nrows)
        return SS_OK;
    const ss_vector *a = p->args[0];
    if (ss_vector_is_null(a, 0)) {
        for (uint32_t i = 0; i < p->nrows; i++)
            ss_vector_set_null(out, i);
        return SS_OK;
    }
    int64_t buckets = ((const int32_t *)a->data)[0];
    if (buckets <= 0)
        return wf_api->error(ctx, "22014", "argument of ntile must be greater than zero");
    int64_t n = p->nrows, per = n / buckets, extra = n % buckets, row = 0;
    for (int64_t b = 1; row < n; b++) {
        int64_t size = per + (b <= extra ? 1 : 0);
        for (int64_t k = 0; k < size && row < n; k++)
            ((int32_t *)out->data)[row++] = (int32_t)b;
    }
    return SS_OK;
}

#define WF(fname, desc, lo, hi, res, ev, ints)                                                               \
    {.struct_size = sizeof(ss_window_vtable), .version = SS_WINDOW_VTABLE_VERSION, .name = fname,            \
     .description = desc, .min_args = lo, .max_args = hi, .result_type = res, .evaluate = ev,                \
     .integer_args = ints}

static const ss_window_vtable ranking[] = {
    WF("row_number", "number of the current row within its partition, counting from 1", 0, 0, bigint_result,
       row_number_eval, 0),
    WF("rank", "rank of the current row with gaps", 0, 0, bigint_result, rank_eval, 0),
    WF("dense_rank", "rank of the current row without gaps", 0, 0, bigint_result, dense_rank_eval, 0),
    WF("percent_rank", "relative rank of the current row: (rank - 1) / (partition rows - 1)", 0, 0, float_result,
       percent_rank_eval, 0),
    WF("cume_dist", "cumulative distribution: rows up to the current row's last peer / partition rows", 0, 0,
       float_result, cume_dist_eval, 0),
    WF("ntile", "bucket number from 1 to the argument, dividing the partition as equally as possible", 1, 1,
       ntile_result, ntile_eval, 1),
};

int wf_ranking_register(const ss_api *api, ss_plugin *plugin)
{
    for (size_t i = 0; i < sizeof ranking / sizeof ranking[0]; i++)
        if (api->register_window(plugin, &ranking[i], false) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}
