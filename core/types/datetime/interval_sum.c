/* interval_sum.c — the running sum behind sum(interval) and avg(interval) (ss_type_sum,
 * sunstone/typeinfo.h), PostgreSQL's interval_accum / interval_avg: months, days and
 * microseconds summed field by field (an overflow is 22008 "interval out of range"), the
 * average that sum divided by the count as interval / float8 does it. */
#include "types/datetime/dt_types.h"

#include "types/datetime/interval_sum.h"

static int sum_add(ss_ctx *ctx, void *states, const ss_vector *v, const uint32_t *pos, const uint32_t *gids,
                   uint32_t n)
{
    dt_interval *st = states;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t r = pos ? pos[k] : k;
        if (ss_vector_is_null(v, r))
            continue;
        dt_interval x, *s = &st[gids ? gids[k] : 0];
        dt_iv_at(v, r, &x);
        if (!dt_interval_pl(s, &x, s))
            return dt_err_interval_range(ctx);
    }
    return SS_OK;
}

static int sum_result(ss_ctx *ctx, const void *state, int64_t count, ss_vector *out, uint32_t row)
{
    dt_interval r = *(const dt_interval *)state;
    if (count > 0 && !dt_interval_div(&r, (double)count, &r))
        return dt_err_interval_range(ctx);
    return dt_set_interval(ctx, out, row, &r);
}

const ss_type_sum dt_interval_sum_support = {sizeof(ss_type_sum), sizeof(dt_interval), sum_add, sum_result, NULL};
