/* dt_encode.c — the byte encodings of interval (16 bytes: int64 time, int32 days, int32
 * months) and timetz (12 bytes: int64 time, int32 zone seconds west) in ss_text vector
 * elements, and their orders: interval by PostgreSQL's interval_cmp_value ('1 mon' = '30 days',
 * '1 day' = '24 hours'), timetz by UTC time, then zone. */
#include "types/datetime/datetime.h"

#include <string.h>

void dt_interval_decode(const ss_text *t, dt_interval *out)
{
    if (t->len < DT_INTERVAL_LEN) {
        memset(out, 0, sizeof *out);
        return;
    }
    memcpy(&out->time, t->ptr, 8);
    memcpy(&out->day, t->ptr + 8, 4);
    memcpy(&out->month, t->ptr + 12, 4);
}

void dt_interval_encode_buf(const dt_interval *iv, char *buf)
{
    memcpy(buf, &iv->time, 8);
    memcpy(buf + 8, &iv->day, 4);
    memcpy(buf + 12, &iv->month, 4);
}

/* the interval as a 128-bit count of microseconds, months and days at their nominal length */
static __int128 cmp_value(const dt_interval *iv)
{
    __int128 days = (__int128)iv->month * DAYS_PER_MONTH + iv->day;
    return days * USECS_PER_DAY + iv->time;
}

int dt_interval_cmp(const dt_interval *a, const dt_interval *b)
{
    __int128 x = cmp_value(a), y = cmp_value(b);
    return x < y ? -1 : x > y ? 1 : 0;
}

uint64_t dt_interval_hash(const dt_interval *iv)
{
    __int128 v = cmp_value(iv);
    uint64_t lo = (uint64_t)v, hi = (uint64_t)(v >> 64);
    uint64_t h = lo ^ (hi * UINT64_C(0x9E3779B97F4A7C15));
    h ^= h >> 33;
    h *= UINT64_C(0xff51afd7ed558ccd);
    h ^= h >> 33;
    return h;
}

void dt_timetz_decode(const ss_text *t, dt_timetz *out)
{
    if (t->len < DT_TIMETZ_LEN) {
        memset(out, 0, sizeof *out);
        return;
    }
    memcpy(&out->time, t->ptr, 8);
    memcpy(&out->zone, t->ptr + 8, 4);
}

void dt_timetz_encode_buf(const dt_timetz *tz, char *buf)
{
    memcpy(buf, &tz->time, 8);
    memcpy(buf + 8, &tz->zone, 4);
}

int dt_timetz_cmp(const dt_timetz *a, const dt_timetz *b)
{
    int64_t ua = a->time + (int64_t)a->zone * USECS_PER_SEC, ub = b->time + (int64_t)b->zone * USECS_PER_SEC;
    if (ua != ub)
        return ua < ub ? -1 : 1;
    /* the same instant: by zone (seconds west), as PostgreSQL */
    if (a->zone != b->zone)
        return a->zone > b->zone ? 1 : -1;
    return 0;
}
