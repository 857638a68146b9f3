/* dt_arith.c — date/time arithmetic as PostgreSQL 15: timestamp(tz) + interval (months with
 * end-of-month clamping, days in local time across DST for timestamptz), timestamp -
 * timestamp, interval + - * / and unary minus, justify_*, age, the conversions between date,
 * timestamp and timestamptz, and the cross-type comparisons.  Each returns false on overflow;
 * the caller reports PostgreSQL's error. */
#include "types/datetime/datetime.h"

#include <math.h>

#define FITS_INT32(x) ((x) >= (double)INT32_MIN && (x) < -(double)INT32_MIN)
#define FITS_INT64(x) ((x) >= (double)INT64_MIN && (x) < -(double)INT64_MIN)
#define TSROUND(j) (rint((double)(j) * 1000000.0) / 1000000.0)

static bool is_finite_ts(int64_t t)
{
    return t != DT_NOBEGIN && t != DT_NOEND;
}

/* tm's month moved by months, the day clamped to the new month's length */
static void add_months(dt_tm *tm, int32_t months)
{
    int64_t mon = (int64_t)tm->mon + months;
    int64_t year = tm->year;
    if (mon > 12) {
        year += (mon - 1) / 12;
        mon = (mon - 1) % 12 + 1;
    } else if (mon < 1) {
        year += mon / 12 - 1;
        mon = mon % 12 + 12;
    }
    tm->year = year > INT32_MAX ? INT32_MAX : year < INT32_MIN ? INT32_MIN : (int)year;
    tm->mon = (int)mon;
    if (IS_VALID_JULIAN(tm->year, tm->mon, 1) && tm->mday > dt_days_in_month(tm->year, tm->mon))
        tm->mday = dt_days_in_month(tm->year, tm->mon);
}

/* ts + iv: months with end-of-month clamping, then days, both in the calendar of z's local
 * time (z NULL: the timestamp's own), then the time part */
static bool pl_interval(int64_t ts, const dt_interval *iv, const dt_zone *z, int64_t *out)
{
    if (!is_finite_ts(ts)) {
        *out = ts;
        return true;
    }
    for (int part = 0; part < 2; part++) {
        if (part == 0 ? iv->month == 0 : iv->day == 0)
            continue;
        dt_tm tm;
        int64_t fsec;
        if (!(z ? dt_timestamptz2tm(ts, z, &tm, &fsec) : dt_timestamp2tm(ts, &tm, &fsec)))
            return false;
        if (part == 0)
            add_months(&tm, iv->month);
        else
            dt_j2date(dt_date2j(tm.year, tm.mon, tm.mday) + iv->day, &tm.year, &tm.mon, &tm.mday);
        if (!dt_tm2timestamp(&tm, fsec, z ? dt_zone_offset_of_local(&tm, z) : 0, &ts))
            return false;
    }
    if (__builtin_add_overflow(ts, iv->time, &ts) || !IS_VALID_TIMESTAMP(ts))
        return false;
    *out = ts;
    return true;
}

bool dt_timestamp_pl_interval(int64_t ts, const dt_interval *iv, int64_t *out)
{
    return pl_interval(ts, iv, NULL, out);
}

bool dt_timestamptz_pl_interval(int64_t ts, const dt_interval *iv, const dt_zone *z, int64_t *out)
{
    return pl_interval(ts, iv, z, out);
}

/* whole days of the time part moved into days */
static bool time_to_days(dt_interval *r)
{
    int64_t whole = r->time / USECS_PER_DAY;
    r->time -= whole * USECS_PER_DAY;
    int64_t d = (int64_t)r->day + whole;
    if (d > INT32_MAX || d < INT32_MIN)
        return false;
    r->day = (int32_t)d;
    return true;
}

/* whole 30-day months of the days moved into months */
static bool days_to_months(dt_interval *r)
{
    int32_t whole = r->day / DAYS_PER_MONTH;
    r->day -= whole * DAYS_PER_MONTH;
    return !__builtin_add_overflow(r->month, whole, &r->month);
}

/* days and time made the same sign */
static void borrow_day(dt_interval *r)
{
    if (r->day > 0 && r->time < 0) {
        r->time += USECS_PER_DAY;
        r->day--;
    } else if (r->day < 0 && r->time > 0) {
        r->time -= USECS_PER_DAY;
        r->day++;
    }
}

/* months and days (with time, when the days are 0 and with_time) made the same sign */
static void borrow_month(dt_interval *r, bool with_time)
{
    if (r->month > 0 && (r->day < 0 || (with_time && r->day == 0 && r->time < 0))) {
        r->day += DAYS_PER_MONTH;
        r->month--;
    } else if (r->month < 0 && (r->day > 0 || (with_time && r->day == 0 && r->time > 0))) {
        r->day -= DAYS_PER_MONTH;
        r->month++;
    }
}

bool dt_interval_justify_hours(const dt_interval *a, dt_interval *out)
{
    dt_interval r = *a;
    if (!time_to_days(&r))
        return false;
    borrow_day(&r);
    *out = r;
    return true;
}

bool dt_interval_justify_days(const dt_interval *a, dt_interval *out)
{
    dt_interval r = *a;
    if (!days_to_months(&r))
        return false;
    borrow_month(&r, false);
    *out = r;
    return true;
}

bool dt_interval_justify_interval(const dt_interval *a, dt_interval *out)
{
    dt_interval r = *a;
    /* days first when time and days agree in sign: the whole days of time cannot overflow */
    if (((r.day > 0 && r.time > 0) || (r.day < 0 && r.time < 0)) && !days_to_months(&r))
        return false;
    if (!time_to_days(&r) || !days_to_months(&r))
        return false;
    borrow_month(&r, true);
    borrow_day(&r);
    *out = r;
    return true;
}

bool dt_timestamp_mi(int64_t a, int64_t b, dt_interval *out)
{
    /* PostgreSQL 15's timestamp_mi subtracts without an overflow check (a difference beyond
       int64 wraps around); its answer is the oracle, so the subtraction wraps the same way */
    dt_interval r = {0, 0, 0};
    r.time = (int64_t)((uint64_t)a - (uint64_t)b);
    return dt_interval_justify_hours(&r, out);
}

bool dt_interval_pl(const dt_interval *a, const dt_interval *b, dt_interval *out)
{
    return !__builtin_add_overflow(a->month, b->month, &out->month) &&
           !__builtin_add_overflow(a->day, b->day, &out->day) && !__builtin_add_overflow(a->time, b->time, &out->time);
}

bool dt_interval_mi(const dt_interval *a, const dt_interval *b, dt_interval *out)
{
    return !__builtin_sub_overflow(a->month, b->month, &out->month) &&
           !__builtin_sub_overflow(a->day, b->day, &out->day) && !__builtin_sub_overflow(a->time, b->time, &out->time);
}

bool dt_interval_um(const dt_interval *a, dt_interval *out)
{
    if (a->time == INT64_MIN || a->day == INT32_MIN || a->month == INT32_MIN)
        return false;
    out->time = -a->time;
    out->day = -a->day;
    out->month = -a->month;
    return true;
}

/* the fractions of months and days cascaded down (interval_mul / interval_div) */
static bool cascade(const dt_interval *a, double month_f, double day_f, double time_f, dt_interval *out)
{
    if (isnan(month_f) || !FITS_INT32(month_f) || isnan(day_f) || !FITS_INT32(day_f))
        return false;
    dt_interval r;
    r.month = (int32_t)month_f;
    r.day = (int32_t)day_f;
    double mrd = TSROUND((month_f - r.month) * DAYS_PER_MONTH);
    double secr = TSROUND((day_f - r.day + mrd - (int)mrd) * SECS_PER_DAY);
    if (fabs(secr) >= SECS_PER_DAY) {
        if (__builtin_add_overflow(r.day, (int)(secr / SECS_PER_DAY), &r.day))
            return false;
        secr -= (int)(secr / SECS_PER_DAY) * SECS_PER_DAY;
    }
    if (__builtin_add_overflow(r.day, (int32_t)mrd, &r.day))
        return false;
    double t = rint(time_f + secr * USECS_PER_SEC);
    if (isnan(t) || !FITS_INT64(t))
        return false;
    r.time = (int64_t)t;
    (void)a;
    *out = r;
    return true;
}

bool dt_interval_mul(const dt_interval *a, double f, dt_interval *out)
{
    return cascade(a, a->month * f, a->day * f, (double)a->time * f, out);
}

bool dt_interval_div(const dt_interval *a, double f, dt_interval *out)
{
    return cascade(a, a->month / f, a->day / f, (double)a->time / f, out);
}

bool dt_date2timestamp(int32_t d, int64_t *out)
{
    if (d == DATEVAL_NOBEGIN)
        *out = DT_NOBEGIN;
    else if (d == DATEVAL_NOEND)
        *out = DT_NOEND;
    else if (d >= TIMESTAMP_END_JULIAN - POSTGRES_EPOCH_JDATE)
        return false;
    else
        *out = (int64_t)d * USECS_PER_DAY;
    return true;
}

/* 1: beyond the largest timestamp, -1: before the smallest, 0: *out set */
static int date2timestamptz_ovf(int32_t d, const dt_zone *z, int64_t *out)
{
    if (d == DATEVAL_NOBEGIN) {
        *out = DT_NOBEGIN;
        return 0;
    }
    if (d == DATEVAL_NOEND) {
        *out = DT_NOEND;
        return 0;
    }
    if (d >= TIMESTAMP_END_JULIAN - POSTGRES_EPOCH_JDATE)
        return 1;
    dt_tm tm = {0};
    dt_j2date(d + POSTGRES_EPOCH_JDATE, &tm.year, &tm.mon, &tm.mday);
    int tz = dt_zone_offset_of_local(&tm, z);
    int64_t r = (int64_t)d * USECS_PER_DAY + (int64_t)tz * USECS_PER_SEC;
    if (!IS_VALID_TIMESTAMP(r))
        return r < MIN_TIMESTAMP ? -1 : 1;
    *out = r;
    return 0;
}

bool dt_date2timestamptz(int32_t d, const dt_zone *z, int64_t *out)
{
    return date2timestamptz_ovf(d, z, out) == 0;
}

static int timestamp2timestamptz_ovf(int64_t ts, const dt_zone *z, int64_t *out)
{
    if (!is_finite_ts(ts)) {
        *out = ts;
        return 0;
    }
    dt_tm tm;
    int64_t fsec;
    if (!dt_timestamp2tm(ts, &tm, &fsec))
        return 1;
    int tz = dt_zone_offset_of_local(&tm, z);
    int64_t r = ts + (int64_t)tz * USECS_PER_SEC;
    if (!IS_VALID_TIMESTAMP(r))
        return r < MIN_TIMESTAMP ? -1 : 1;
    *out = r;
    return 0;
}

bool dt_timestamp2timestamptz(int64_t ts, const dt_zone *z, int64_t *out)
{
    return timestamp2timestamptz_ovf(ts, z, out) == 0;
}

bool dt_timestamptz2timestamp(int64_t ts, const dt_zone *z, int64_t *out)
{
    if (!is_finite_ts(ts)) {
        *out = ts;
        return true;
    }
    dt_tm tm;
    int64_t fsec;
    return dt_timestamptz2tm(ts, z, &tm, &fsec) && dt_tm2timestamp(&tm, fsec, 0, out);
}

bool dt_timestamp2date(int64_t ts, int32_t *out)
{
    if (ts == DT_NOBEGIN)
        *out = DATEVAL_NOBEGIN;
    else if (ts == DT_NOEND)
        *out = DATEVAL_NOEND;
    else {
        dt_tm tm;
        int64_t fsec;
        if (!dt_timestamp2tm(ts, &tm, &fsec))
            return false;
        *out = dt_date2j(tm.year, tm.mon, tm.mday) - POSTGRES_EPOCH_JDATE;
    }
    return true;
}

bool dt_timestamptz2date(int64_t ts, const dt_zone *z, int32_t *out)
{
    if (ts == DT_NOBEGIN)
        *out = DATEVAL_NOBEGIN;
    else if (ts == DT_NOEND)
        *out = DATEVAL_NOEND;
    else {
        dt_tm tm;
        int64_t fsec;
        if (!dt_timestamptz2tm(ts, z, &tm, &fsec))
            return false;
        *out = dt_date2j(tm.year, tm.mon, tm.mday) - POSTGRES_EPOCH_JDATE;
    }
    return true;
}

static int cmp64(int64_t a, int64_t b)
{
    return a < b ? -1 : a > b ? 1 : 0;
}

/* b against a value converted to t, o: 1 when the conversion overflowed upward (beyond every
 * finite timestamp), -1 downward */
static int cmp_converted(int o, int64_t t, int64_t b)
{
    if (o > 0)
        return b == DT_NOEND ? -1 : 1;
    if (o < 0)
        return b == DT_NOBEGIN ? 1 : -1;
    return cmp64(t, b);
}

int dt_cmp_date_timestamp(int32_t d, int64_t ts)
{
    int64_t t = 0;
    int o = dt_date2timestamp(d, &t) ? 0 : 1;
    return cmp_converted(o, t, ts);
}

int dt_cmp_date_timestamptz(int32_t d, int64_t ts, const dt_zone *z)
{
    int64_t t = 0;
    int o = date2timestamptz_ovf(d, z, &t);
    return cmp_converted(o, t, ts);
}

int dt_cmp_timestamp_timestamptz(int64_t a, int64_t b, const dt_zone *z)
{
    int64_t t = 0;
    int o = timestamp2timestamptz_ovf(a, z, &t);
    return cmp_converted(o, t, b);
}

/* the field-by-field difference tm1 - tm2 (PostgreSQL's timestamp_age): negative fields
 * borrow from the next larger one, a month borrowing the length of the earlier value's month;
 * computed on the magnitudes (flip: tm1 is the earlier) and the sign put back */
static bool age_of(const dt_tm *tm1, int64_t f1, const dt_tm *tm2, int64_t f2, bool flip, dt_interval *out)
{
    /* fraction, seconds, minutes, hours, days, months, years */
    int64_t f[7] = {f1 - f2, tm1->sec - tm2->sec, tm1->min - tm2->min, tm1->hour - tm2->hour,
                    tm1->mday - tm2->mday, tm1->mon - tm2->mon, (int64_t)tm1->year - tm2->year};
    const dt_tm *earlier = flip ? tm1 : tm2;
    const int64_t unit[6] = {USECS_PER_SEC, 60, 60, 24, dt_days_in_month(earlier->year, earlier->mon), 12};
    for (int k = 0; flip && k < 7; k++)
        f[k] = -f[k];
    for (int k = 0; k < 6; k++)
        while (f[k] < 0) {
            f[k] += unit[k];
            f[k + 1]--;
        }
    for (int k = 0; flip && k < 7; k++)
        f[k] = -f[k];
    dt_itm it = {.usec = f[0], .sec = (int)f[1], .min = (int)f[2], .hour = f[3], .mday = (int)f[4], .mon = (int)f[5],
                 .year = (int)f[6]};
    return dt_itm2interval(&it, out) == 0;
}

bool dt_timestamp_age(int64_t a, int64_t b, dt_interval *out)
{
    dt_tm t1, t2;
    int64_t f1, f2;
    if (!dt_timestamp2tm(a, &t1, &f1) || !dt_timestamp2tm(b, &t2, &f2))
        return false;
    return age_of(&t1, f1, &t2, f2, a < b, out);
}

bool dt_timestamptz_age(int64_t a, int64_t b, const dt_zone *z, dt_interval *out)
{
    dt_tm t1, t2;
    int64_t f1, f2;
    if (!dt_timestamptz2tm(a, z, &t1, &f1) || !dt_timestamptz2tm(b, z, &t2, &f2))
        return false;
    return age_of(&t1, f1, &t2, f2, a < b, out);
}
