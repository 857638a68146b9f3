/* dt_cast.c — the pg_cast rows between the date/time types, with PostgreSQL's contexts and
 * conversions: date -> timestamp / timestamptz (implicit), timestamp <-> timestamptz in the
 * session zone, timestamp(tz) -> date / time (assignment), timestamptz -> timetz, time <->
 * interval, time <-> timetz.  (Casts to and from text are the catalog's generic I/O casts.) */
#include "types/datetime/dt_types.h"

#define CAST_FN(NAME)                                                                              \
    static int NAME(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode, ss_value *out, \
                    ss_arena *arena)
#define UNUSED (void)ctx, (void)from, (void)to, (void)mode, (void)arena

static int set_ts(ss_value *out, int64_t v, ss_type to)
{
    dt_adjust_timestamp(&v, to.typmod);
    memset(out, 0, sizeof *out);
    out->v.i = v;
    return SS_OK;
}

CAST_FN(date_to_ts)
{
    UNUSED;
    int64_t v;
    bool ok = to.id == TSTZ ? dt_date2timestamptz((int32_t)in->v.i, dt_ctx_zone(ctx), &v)
                            : dt_date2timestamp((int32_t)in->v.i, &v);
    if (!ok)
        return dt_err_date_for_timestamp(ctx);
    return set_ts(out, v, to);
}

CAST_FN(ts_to_date)
{
    UNUSED;
    int32_t d;
    bool ok = from.id == TSTZ ? dt_timestamptz2date(in->v.i, dt_ctx_zone(ctx), &d) : dt_timestamp2date(in->v.i, &d);
    if (!ok)
        return dt_err_timestamp_range(ctx);
    memset(out, 0, sizeof *out);
    out->v.i = d;
    return SS_OK;
}

CAST_FN(ts_to_tstz)
{
    UNUSED;
    int64_t v;
    if (!dt_timestamp2timestamptz(in->v.i, dt_ctx_zone(ctx), &v))
        return dt_err_timestamp_range(ctx);
    return set_ts(out, v, to);
}

CAST_FN(tstz_to_ts)
{
    UNUSED;
    int64_t v;
    if (!dt_timestamptz2timestamp(in->v.i, dt_ctx_zone(ctx), &v))
        return dt_err_timestamp_range(ctx);
    return set_ts(out, v, to);
}

/* the time of day of a timestamp(tz); infinities have none (NULL in PostgreSQL 15) */
static bool time_of(ss_ctx *ctx, const ss_value *in, ss_type from, dt_tm *tm, int64_t *fsec)
{
    if (in->v.i == DT_NOBEGIN || in->v.i == DT_NOEND)
        return false;
    return from.id == TSTZ ? dt_timestamptz2tm(in->v.i, dt_ctx_zone(ctx), tm, fsec) : dt_timestamp2tm(in->v.i, tm, fsec);
}

CAST_FN(ts_to_time)
{
    UNUSED;
    dt_tm tm;
    int64_t fsec;
    memset(out, 0, sizeof *out);
    if (!time_of(ctx, in, from, &tm, &fsec)) {
        if (in->v.i == DT_NOBEGIN || in->v.i == DT_NOEND) {
            out->is_null = true;
            return SS_OK;
        }
        return dt_err_timestamp_range(ctx);
    }
    out->v.i = dt_tm2time(&tm, fsec);
    dt_adjust_time(&out->v.i, to.typmod);
    return SS_OK;
}

CAST_FN(tstz_to_timetz)
{
    UNUSED;
    dt_tm tm;
    int64_t fsec;
    if (!time_of(ctx, in, from, &tm, &fsec)) {
        if (in->v.i == DT_NOBEGIN || in->v.i == DT_NOEND) {
            memset(out, 0, sizeof *out);
            out->is_null = true;
            return SS_OK;
        }
        return dt_err_timestamp_range(ctx);
    }
    dt_timetz t = {dt_tm2time(&tm, fsec), -tm.gmtoff};
    dt_adjust_time(&t.time, to.typmod);
    return dt_value_timetz(ctx, arena, &t, out);
}

CAST_FN(time_to_interval)
{
    UNUSED;
    dt_interval iv = {in->v.i, 0, 0};
    dt_adjust_interval(&iv, to.typmod);
    return dt_value_interval(ctx, arena, &iv, out);
}

/* interval_time: the time part modulo a day */
CAST_FN(interval_to_time)
{
    UNUSED;
    dt_interval iv;
    dt_interval_decode(&in->v.s, &iv);
    int64_t t = iv.time % USECS_PER_DAY;
    if (t < 0)
        t += USECS_PER_DAY;
    memset(out, 0, sizeof *out);
    out->v.i = t;
    dt_adjust_time(&out->v.i, to.typmod);
    return SS_OK;
}

/* time_timetz: the session zone's offset today */
CAST_FN(time_to_timetz)
{
    UNUSED;
    dt_session s;
    dt_session_of(ctx, &s);
    dt_tm tm;
    int64_t fsec;
    if (!dt_timestamptz2tm(s.stmt_start, s.zone, &tm, &fsec))
        return dt_err_timestamp_range(ctx);
    dt_tm t2 = tm;
    int64_t f2;
    dt_time2tm(in->v.i, &t2, &f2);
    dt_timetz v = {in->v.i, dt_zone_offset_of_local(&t2, s.zone)};
    dt_adjust_time(&v.time, to.typmod);
    return dt_value_timetz(ctx, arena, &v, out);
}

CAST_FN(timetz_to_time)
{
    UNUSED;
    dt_timetz v;
    dt_timetz_decode(&in->v.s, &v);
    memset(out, 0, sizeof *out);
    out->v.i = v.time;
    dt_adjust_time(&out->v.i, to.typmod);
    return SS_OK;
}

const ss_cast_def dt_date_casts[] = {
    {DATE, TS, CAST_IMPLICIT, date_to_ts},
    {DATE, TSTZ, CAST_IMPLICIT, date_to_ts},
    {0},
};

const ss_cast_def dt_timestamp_casts[] = {
    {TS, DATE, CAST_ASSIGNMENT, ts_to_date},
    {TS, TSTZ, CAST_IMPLICIT, ts_to_tstz},
    {TSTZ, TS, CAST_ASSIGNMENT, tstz_to_ts},
    {TS, TIME, CAST_ASSIGNMENT, ts_to_time},
    {0},
};

const ss_cast_def dt_timestamptz_casts[] = {
    {TSTZ, DATE, CAST_ASSIGNMENT, ts_to_date},
    {TSTZ, TIME, CAST_ASSIGNMENT, ts_to_time},
    {TSTZ, TIMETZ, CAST_ASSIGNMENT, tstz_to_timetz},
    {0},
};

const ss_cast_def dt_time_casts[] = {
    {TIME, IVL, CAST_IMPLICIT, time_to_interval},
    {IVL, TIME, CAST_ASSIGNMENT, interval_to_time},
    {TIME, TIMETZ, CAST_IMPLICIT, time_to_timetz},
    {TIMETZ, TIME, CAST_ASSIGNMENT, timetz_to_time},
    {0},
};
