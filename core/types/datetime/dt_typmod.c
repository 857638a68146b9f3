/* dt_typmod.c — the precision and field typmods of timestamp(p), time(p) and interval
 * (interval(p), INTERVAL DAY TO SECOND ...): rounding and truncation on assignment as
 * PostgreSQL's AdjustTimestampForTypmod / AdjustTimeForTypmod / AdjustIntervalForTypmod. */
#include "types/datetime/datetime.h"

static const int64_t scales[7] = {1000000, 100000, 10000, 1000, 100, 10, 1};
static const int64_t offsets[7] = {500000, 50000, 5000, 500, 50, 5, 0};

static int64_t round_to(int64_t v, int p)
{
    if (v >= 0)
        return ((v + offsets[p]) / scales[p]) * scales[p];
    return -((((-v) + offsets[p]) / scales[p]) * scales[p]);
}

bool dt_adjust_timestamp(int64_t *ts, int32_t typmod)
{
    if (*ts != DT_NOBEGIN && *ts != DT_NOEND && typmod >= 0 && typmod < MAX_TIMESTAMP_PRECISION)
        *ts = round_to(*ts, typmod);
    return true;
}

void dt_adjust_time(int64_t *t, int32_t typmod)
{
    if (typmod >= 0 && typmod <= MAX_TIMESTAMP_PRECISION)
        *t = round_to(*t, typmod);
}

bool dt_adjust_interval(dt_interval *iv, int32_t typmod)
{
    if (typmod < 0)
        return true;
    int range = INTERVAL_RANGE(typmod), precision = INTERVAL_PRECISION(typmod);
#define M(f) INTERVAL_MASK(DTF_##f)
    if (range == INTERVAL_FULL_RANGE) {
    } else if (range == M(YEAR)) {
        iv->month = (iv->month / MONTHS_PER_YEAR) * MONTHS_PER_YEAR;
        iv->day = 0;
        iv->time = 0;
    } else if (range == M(MONTH) || range == (M(YEAR) | M(MONTH))) {
        iv->day = 0;
        iv->time = 0;
    } else if (range == M(DAY)) {
        iv->time = 0;
    } else if (range == M(HOUR) || range == (M(DAY) | M(HOUR))) {
        iv->time = (iv->time / USECS_PER_HOUR) * USECS_PER_HOUR;
    } else if (range == M(MINUTE) || range == (M(DAY) | M(HOUR) | M(MINUTE)) || range == (M(HOUR) | M(MINUTE))) {
        iv->time = (iv->time / USECS_PER_MINUTE) * USECS_PER_MINUTE;
    }
#undef M
    if (precision != INTERVAL_FULL_PRECISION && precision >= 0 && precision <= MAX_INTERVAL_PRECISION)
        iv->time = round_to(iv->time, precision);
    return true;
}
