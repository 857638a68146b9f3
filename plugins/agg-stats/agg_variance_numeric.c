/* agg_variance_numeric.c — the variance family over smallint, integer, bigint and numeric,
 * whose results are numeric in PostgreSQL (numeric_stddev_internal): exact running sums of
 * X and X*X kept in the kernel's numeric sum states (type_info(numeric)->sum), and at the end
 * (N * Sxx - Sx * Sx) / (N * (N - 1)) (or N * N for the population forms) divided at
 * PostgreSQL's select_div_scale, the square root at that same scale; a NaN or infinite
 * input gives NaN, a numerator <= 0 (all values equal) gives 0. */
#include <stdint.h>
#include <string.h>

#include "agg_stats.h"

static const ss_type_sum *numeric_sum(void)
{
    const ss_type_info *info = agg_stats_api->type_info(SS_TYPE_NUMERIC);
    return info ? info->sum : NULL;
}

bool agg_variance_numeric_arg(int32_t type)
{
    return type == SS_TYPE_INT2 || type == SS_TYPE_INT4 || type == SS_TYPE_INT8 || type == SS_TYPE_NUMERIC;
}

void agg_variance_numeric_init(void *state)
{
    variance_numeric_state *s = state;
    memset(s, 0, sizeof *s);
    const ss_type_sum *sum = numeric_sum();
    if (!sum)
        return;
    s->sum_x = agg_stats_api->alloc(sum->state_size);
    s->sum_x2 = agg_stats_api->alloc(sum->state_size);
    if (s->sum_x)
        memset(s->sum_x, 0, sum->state_size);
    if (s->sum_x2)
        memset(s->sum_x2, 0, sum->state_size);
}

void agg_variance_numeric_release(void *state)
{
    variance_numeric_state *s = state;
    const ss_type_sum *sum = numeric_sum();
    void *sums[2] = {s->sum_x, s->sum_x2};
    for (int i = 0; i < 2; i++) {
        if (!sums[i])
            continue;
        if (sum && sum->release)
            sum->release(sums[i]);
        agg_stats_api->free(sums[i]);
    }
    s->sum_x = s->sum_x2 = NULL;
}

static int out_of_memory(ss_ctx *ctx)
{
    return agg_stats_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

static int check_state(ss_ctx *ctx, const variance_numeric_state *s)
{
    return s->sum_x && s->sum_x2 && numeric_sum() ? SS_OK : out_of_memory(ctx);
}

/* The squares of arg at rows[0..n), at the same rows of a new vector: bigint (exact for
 * smallint and integer) or numeric. */
static ss_vector *squares_of(ss_ctx *ctx, const ss_vector *arg, const uint32_t *rows, uint32_t n)
{
    uint32_t cap = 0;
    for (uint32_t k = 0; k < n; k++)
        if (rows[k] + 1 > cap)
            cap = rows[k] + 1;
    int32_t t = arg->type.id;
    bool small = t == SS_TYPE_INT2 || t == SS_TYPE_INT4;
    ss_vector *sq = agg_stats_api->vector_create((ss_type){small ? SS_TYPE_INT8 : SS_TYPE_NUMERIC, -1}, cap);
    if (!sq) {
        out_of_memory(ctx);
        return NULL;
    }
    int rc = SS_OK;
    if (small) {
        int64_t *d = sq->data;
        for (uint32_t k = 0; k < n; k++) {
            int64_t x = t == SS_TYPE_INT2 ? ((const int16_t *)arg->data)[rows[k]] : ((const int32_t *)arg->data)[rows[k]];
            d[rows[k]] = x * x;
        }
    } else if (t == SS_TYPE_INT8) {
        ss_vector *x = agg_stats_api->vector_create((ss_type){SS_TYPE_NUMERIC, -1}, 1);
        if (!x)
            rc = out_of_memory(ctx);
        for (uint32_t k = 0; k < n && rc == SS_OK; k++) {
            rc = agg_stats_api->numeric_from_int64(ctx, ((const int64_t *)arg->data)[rows[k]], x, 0);
            const ss_text *xt = x ? x->data : NULL;
            if (rc == SS_OK)
                rc = agg_stats_api->numeric_arith(ctx, SS_NUMERIC_MUL, xt, xt, sq, rows[k]);
            if (k % 256 == 255)
                agg_stats_api->vector_reset(x);
        }
        if (x)
            agg_stats_api->vector_destroy(x);
    } else {
        const ss_text *x = arg->data;
        for (uint32_t k = 0; k < n && rc == SS_OK; k++)
            rc = agg_stats_api->numeric_arith(ctx, SS_NUMERIC_MUL, &x[rows[k]], &x[rows[k]], sq, rows[k]);
    }
    if (rc != SS_OK) {
        agg_stats_api->vector_destroy(sq);
        return NULL;
    }
    return sq;
}

int agg_variance_numeric_step(ss_ctx *ctx, void *const *states, const ss_vector *arg, const uint32_t *rows,
                              uint32_t n)
{
    if (n == 0)
        return SS_OK;
    const ss_type_sum *sum = numeric_sum();
    ss_vector *sq = squares_of(ctx, arg, rows, n);
    if (!sq)
        return SS_ERROR;
    int rc = SS_OK;
    /* runs of rows of one group go to its sums in one call */
    for (uint32_t k = 0; k < n && rc == SS_OK;) {
        uint32_t end = k + 1;
        while (end < n && states[end] == states[k])
            end++;
        variance_numeric_state *s = states[k];
        rc = check_state(ctx, s);
        if (rc == SS_OK)
            rc = sum->add(ctx, s->sum_x, arg, rows + k, NULL, end - k);
        if (rc == SS_OK)
            rc = sum->add(ctx, s->sum_x2, sq, rows + k, NULL, end - k);
        s->n += end - k;
        k = end;
    }
    agg_stats_api->vector_destroy(sq);
    return rc;
}

int agg_variance_numeric_combine(ss_ctx *ctx, void *state, const void *other)
{
    variance_numeric_state *a = state;
    const variance_numeric_state *b = other;
    if (b->n == 0)
        return SS_OK;
    if (check_state(ctx, a) != SS_OK || check_state(ctx, b) != SS_OK)
        return SS_ERROR;
    const ss_type_sum *sum = numeric_sum();
    ss_vector *tmp = agg_stats_api->vector_create((ss_type){SS_TYPE_NUMERIC, -1}, 2);
    if (!tmp)
        return out_of_memory(ctx);
    const uint32_t pos[2] = {0, 1};
    int rc = sum->result(ctx, b->sum_x, 0, tmp, 0);
    if (rc == SS_OK)
        rc = sum->result(ctx, b->sum_x2, 0, tmp, 1);
    if (rc == SS_OK)
        rc = sum->add(ctx, a->sum_x, tmp, &pos[0], NULL, 1);
    if (rc == SS_OK)
        rc = sum->add(ctx, a->sum_x2, tmp, &pos[1], NULL, 1);
    if (rc == SS_OK)
        a->n += b->n;
    agg_stats_api->vector_destroy(tmp);
    return rc;
}

/* Rows of the scratch vector of the final computation. */
enum { R_SX, R_SXX, R_N, R_SX2, R_NSXX, R_NUM, R_NM1, R_DEN, R_VAR, R_ROWS };

static int numeric_result(ss_ctx *ctx, bool sample, bool stddev, const variance_numeric_state *s,
                          ss_vector *t, ss_vector *out, uint32_t row)
{
    const ss_api *api = agg_stats_api;
    const ss_type_sum *sum = numeric_sum();
    const ss_text *v = t->data;
    if (sum->result(ctx, s->sum_x, 0, t, R_SX) != SS_OK || sum->result(ctx, s->sum_x2, 0, t, R_SXX) != SS_OK)
        return SS_ERROR;
    if (api->numeric_scale(&v[R_SXX]) < 0) /* a NaN or an infinity among the inputs: NaN */
        return api->numeric_arith(ctx, SS_NUMERIC_SUB, &v[R_SXX], &v[R_SXX], out, row);
    if (api->numeric_from_int64(ctx, s->n, t, R_N) != SS_OK ||
        api->numeric_arith(ctx, SS_NUMERIC_MUL, &v[R_SX], &v[R_SX], t, R_SX2) != SS_OK ||
        api->numeric_arith(ctx, SS_NUMERIC_MUL, &v[R_N], &v[R_SXX], t, R_NSXX) != SS_OK ||
        api->numeric_arith(ctx, SS_NUMERIC_SUB, &v[R_NSXX], &v[R_SX2], t, R_NUM) != SS_OK ||
        api->numeric_from_int64(ctx, 0, t, R_NM1) != SS_OK)
        return SS_ERROR;
    if (api->numeric_compare(&v[R_NUM], &v[R_NM1]) <= 0) /* roundoff can make it negative */
        return api->numeric_from_int64(ctx, 0, out, row);
    if (api->numeric_from_int64(ctx, sample ? s->n - 1 : s->n, t, R_NM1) != SS_OK ||
        api->numeric_arith(ctx, SS_NUMERIC_MUL, &v[R_N], &v[R_NM1], t, R_DEN) != SS_OK)
        return SS_ERROR;
    if (!stddev)
        return api->numeric_arith(ctx, SS_NUMERIC_DIV, &v[R_NUM], &v[R_DEN], out, row);
    if (api->numeric_arith(ctx, SS_NUMERIC_DIV, &v[R_NUM], &v[R_DEN], t, R_VAR) != SS_OK)
        return SS_ERROR;
    return api->numeric_sqrt(ctx, &v[R_VAR], api->numeric_scale(&v[R_VAR]), out, row);
}

int agg_variance_numeric_final(ss_ctx *ctx, bool sample, bool stddev, const void *state, ss_vector *out,
                               uint32_t row)
{
    const variance_numeric_state *s = state;
    if (s->n == 0 || (sample && s->n <= 1)) {
        ss_vector_set_null(out, row);
        return SS_OK;
    }
    if (check_state(ctx, s) != SS_OK)
        return SS_ERROR;
    ss_vector *t = agg_stats_api->vector_create((ss_type){SS_TYPE_NUMERIC, -1}, R_ROWS);
    if (!t)
        return out_of_memory(ctx);
    int rc = numeric_result(ctx, sample, stddev, s, t, out, row);
    agg_stats_api->vector_destroy(t);
    return rc;
}
