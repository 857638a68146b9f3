/* dt_bin.c — date_bin(stride, source, origin) for timestamp and timestamptz (date reaches the
 * timestamptz form by the implicit cast): the start of the stride-wide bin of source counted
 * from origin, as PostgreSQL 15's timestamp_bin (an infinite source is itself; 22008 for an
 * infinite origin, a stride of no length and overflows; 0A000 for months in the stride). */
#include "types/datetime/dt_types.h"

#define USECS_PER_DAY INT64_C(86400000000)

static int bin_one(ss_ctx *ctx, const dt_interval *stride, int64_t ts, int64_t origin, int64_t *out)
{
    if (ts == DT_NOBEGIN || ts == DT_NOEND) {
        *out = ts;
        return SS_OK;
    }
    if (origin == DT_NOBEGIN || origin == DT_NOEND)
        return ss_ctx_error(ctx, "22008", "origin out of range");
    if (stride->month != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "timestamps cannot be binned into intervals containing months or years");
    int64_t usecs, diff, result;
    if (__builtin_mul_overflow((int64_t)stride->day, USECS_PER_DAY, &usecs) ||
        __builtin_add_overflow(usecs, stride->time, &usecs))
        return dt_err_interval_range(ctx);
    if (usecs <= 0)
        return ss_ctx_error(ctx, "22008", "stride must be greater than zero");
    if (__builtin_sub_overflow(ts, origin, &diff))
        return dt_err_interval_range(ctx);
    int64_t delta = diff - diff % usecs;
    /* the start of the bin even when the origin is later than the source */
    if (origin > ts && usecs > 1)
        delta -= usecs;
    if (__builtin_add_overflow(origin, delta, &result) || !IS_VALID_TIMESTAMP(result))
        return dt_err_timestamp_range(ctx);
    *out = result;
    return SS_OK;
}

int dt_fn_date_bin(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                   ss_vector *out)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        dt_interval stride;
        dt_iv_at(args[0], i, &stride);
        if (bin_one(ctx, &stride, ((const int64_t *)args[1]->data)[i], ((const int64_t *)args[2]->data)[i],
                    &((int64_t *)out->data)[i]))
            return SS_ERROR;
    });
    return SS_OK;
}
