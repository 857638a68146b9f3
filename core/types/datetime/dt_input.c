/* dt_input.c — the input functions of date, timestamp, timestamptz, time, timetz and interval
 * (PostgreSQL's date_in, timestamp_in, timestamptz_in, time_in, timetz_in, interval_in): split,
 * decode, check the range and apply the typmod, with PostgreSQL's errors. */
#include "types/datetime/dt_tokens.h"

#include <stdlib.h>
#include <string.h>

#define MAXDATELEN 128

/* NUL-terminated copy of the input for the decoders; false when too long for any valid value */
static bool copy_input(const char *s, size_t len, char *buf, size_t n)
{
    if (len >= n || memchr(s, '\0', len))
        return false;
    memcpy(buf, s, len);
    buf[len] = '\0';
    return true;
}

static int split(const char *s, size_t len, char *copy, char *work, char **field, int *ftype, int *nf)
{
    if (!copy_input(s, len, copy, MAXDATELEN * 2))
        return DTERR_BAD_FORMAT;
    return dt_parse_fields(copy, work, MAXDATELEN * 2, field, ftype, DT_MAXFIELDS, nf);
}

/* split and DecodeDateTime, PostgreSQL's error for type on failure */
static int decode_full(ss_ctx *ctx, const dt_session *s, const char *str, size_t len, const char *type, int *dtype,
                       dt_tm *tm, int64_t *fsec, int *tz)
{
    char copy[MAXDATELEN * 2], work[MAXDATELEN * 2], *field[DT_MAXFIELDS];
    int ftype[DT_MAXFIELDS], nf;
    int r = split(str, len, copy, work, field, ftype, &nf);
    if (r == 0)
        r = dt_decode_datetime(s, field, ftype, nf, dtype, tm, fsec, tz);
    return r != 0 ? dt_report(ctx, r, str, len, type) : SS_OK;
}

int dt_date_in(ss_ctx *ctx, const dt_session *s, const char *str, size_t len, int32_t *out)
{
    int dtype, tz;
    dt_tm tm;
    int64_t fsec;
    if (decode_full(ctx, s, str, len, "date", &dtype, &tm, &fsec, &tz))
        return SS_ERROR;
    switch (dtype) {
    case DTK_DATE_VALUE:
        break;
    case DTK_EPOCH:
        tm.year = 1970;
        tm.mon = 1;
        tm.mday = 1;
        break;
    case DTK_LATE:
        *out = DATEVAL_NOEND;
        return SS_OK;
    case DTK_EARLY:
        *out = DATEVAL_NOBEGIN;
        return SS_OK;
    default:
        return dt_report(ctx, DTERR_BAD_FORMAT, str, len, "date");
    }
    if (!IS_VALID_JULIAN(tm.year, tm.mon, tm.mday))
        return ss_ctx_error(ctx, "22008", "date out of range: \"%.*s\"", (int)len, str);
    int64_t d = (int64_t)dt_date2j(tm.year, tm.mon, tm.mday) - POSTGRES_EPOCH_JDATE;
    if (!IS_VALID_DATE(d))
        return ss_ctx_error(ctx, "22008", "date out of range: \"%.*s\"", (int)len, str);
    *out = (int32_t)d;
    return SS_OK;
}

int dt_timestamp_in(ss_ctx *ctx, const dt_session *s, const char *str, size_t len, int32_t typmod, bool with_tz,
                    int64_t *out)
{
    int dtype, tz;
    dt_tm tm;
    int64_t fsec;
    const char *type = with_tz ? "timestamp with time zone" : "timestamp";
    if (decode_full(ctx, s, str, len, type, &dtype, &tm, &fsec, &tz))
        return SS_ERROR;
    int64_t v;
    switch (dtype) {
    case DTK_DATE_VALUE:
        if (!dt_tm2timestamp(&tm, fsec, with_tz ? tz : 0, &v))
            return ss_ctx_error(ctx, "22008", "timestamp out of range: \"%.*s\"", (int)len, str);
        break;
    case DTK_EPOCH:
        v = -(int64_t)(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY;
        break;
    case DTK_LATE:
        v = DT_NOEND;
        break;
    case DTK_EARLY:
        v = DT_NOBEGIN;
        break;
    default:
        return dt_report(ctx, DTERR_BAD_FORMAT, str, len, type);
    }
    dt_adjust_timestamp(&v, typmod);
    *out = v;
    return SS_OK;
}

/* time_in / timetz_in: the time of day rounded to typmod and its zone (seconds west) */
static int time_common(ss_ctx *ctx, const dt_session *s, const char *str, size_t len, int32_t typmod, bool with_tz,
                       dt_timetz *out)
{
    char copy[MAXDATELEN * 2], work[MAXDATELEN * 2], *field[DT_MAXFIELDS];
    int ftype[DT_MAXFIELDS], nf, dtype, tz;
    dt_tm tm;
    int64_t fsec;
    int r = split(str, len, copy, work, field, ftype, &nf);
    if (r == 0)
        r = dt_decode_timeonly(s, field, ftype, nf, &dtype, &tm, &fsec, &tz);
    if (r != 0)
        return dt_report(ctx, r, str, len, with_tz ? "time with time zone" : "time");
    out->time = dt_tm2time(&tm, fsec);
    dt_adjust_time(&out->time, typmod);
    out->zone = tz;
    return SS_OK;
}

int dt_time_in(ss_ctx *ctx, const dt_session *s, const char *str, size_t len, int32_t typmod, int64_t *out)
{
    dt_timetz t;
    if (time_common(ctx, s, str, len, typmod, false, &t))
        return SS_ERROR;
    *out = t.time;
    return SS_OK;
}

int dt_timetz_in(ss_ctx *ctx, const dt_session *s, const char *str, size_t len, int32_t typmod, dt_timetz *out)
{
    return time_common(ctx, s, str, len, typmod, true, out);
}

int dt_interval_in(ss_ctx *ctx, const char *str, size_t len, int32_t typmod, dt_interval *out)
{
    char copy[MAXDATELEN * 2], work[MAXDATELEN * 2], *field[DT_MAXFIELDS];
    int ftype[DT_MAXFIELDS], nf, dtype;
    int range = typmod >= 0 ? INTERVAL_RANGE(typmod) : INTERVAL_FULL_RANGE;
    dt_itm it;
    /* IntervalStyle sql_standard: a leading minus sign applies to every field when no other
       field is signed */
    bool sqlneg = dt_session_current()->interval_style == DT_ISTYLE_SQL_STANDARD;
    int r = split(str, len, copy, work, field, ftype, &nf);
    if (r == 0)
        r = dt_decode_interval(field, ftype, nf, range, &dtype, &it, &sqlneg);
    if (r == DTERR_BAD_FORMAT) {
        if (!copy_input(str, len, copy, sizeof copy))
            return dt_report(ctx, DTERR_BAD_FORMAT, str, len, "interval");
        dt_interval iv;
        r = dt_decode_iso8601_interval(copy, &dtype, &iv);
        if (r == DTERR_INTERVAL_OVERFLOW)
            return ss_ctx_error(ctx, "22008", "interval out of range");
        if (r == 0) {
            *out = iv;
            dt_adjust_interval(out, typmod);
            return SS_OK;
        }
    }
    if (r != 0)
        return dt_report(ctx, r == DTERR_FIELD_OVERFLOW ? DTERR_INTERVAL_OVERFLOW : r, str, len, "interval");
    int64_t months = (int64_t)it.year * MONTHS_PER_YEAR + it.mon;
    if (months > INT32_MAX || months < INT32_MIN)
        return ss_ctx_error(ctx, "22008", "interval out of range");
    out->month = (int32_t)months;
    out->day = it.mday;
    out->time = it.usec;
    dt_adjust_interval(out, typmod);
    return SS_OK;
}
