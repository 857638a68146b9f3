/* jsonpath_datetime.c — the datetime items of SQL/JSON paths, as PostgreSQL 15's
 * executeDateTimeMethod / compareDatetime / JsonEncodeDateTime: .datetime() recognising
 * PostgreSQL's list of ISO formats, .datetime(template) read by the template in standard mode
 * (dt_parse_datetime), the five types it makes (date, time, timetz, timestamp, timestamptz),
 * their comparison (casts between them; those needing the TimeZone refused 0A000 outside the
 * _tz functions) and their text when an item leaves the path (ISO 8601 with a "T"). */
#include "types/json/jsonpath.h"

#include <stdio.h>
#include <stdlib.h>

#include "types/datetime/datetime.h"
#include "types/datetime/dt_types.h"

/* a datetime item's value: jv kind JP_DATETIME, s pointing at it */
typedef struct jp_dt {
    int32_t type; /* SS_TYPE_DATE / TIME / TIMETZ / TIMESTAMP / TIMESTAMPTZ */
    int64_t v;    /* days since 2000-01-01, or microseconds (local time / UTC for timestamptz) */
    int32_t zone; /* timetz, timestamptz: the zone it was written with, seconds west */
} jp_dt;

static const jp_dt *dt_of(const jv *v)
{
    return (const jp_dt *)(const void *)v->s;
}

/* PostgreSQL's formats tried by .datetime() without a template, in its order */
static const char *const formats[] = {
    "yyyy-mm-dd",
    "HH24:MI:SS.USTZH:TZM",
    "HH24:MI:SS.USTZH",
    "HH24:MI:SSTZH:TZM",
    "HH24:MI:SSTZH",
    "HH24:MI:SS.US",
    "HH24:MI:SS",
    "yyyy-mm-dd HH24:MI:SS.USTZH:TZM",
    "yyyy-mm-dd HH24:MI:SS.USTZH",
    "yyyy-mm-dd HH24:MI:SSTZH:TZM",
    "yyyy-mm-dd HH24:MI:SSTZH",
    "yyyy-mm-dd\"T\"HH24:MI:SS.USTZH:TZM",
    "yyyy-mm-dd\"T\"HH24:MI:SS.USTZH",
    "yyyy-mm-dd\"T\"HH24:MI:SSTZH:TZM",
    "yyyy-mm-dd\"T\"HH24:MI:SSTZH",
    "yyyy-mm-dd HH24:MI:SS.US",
    "yyyy-mm-dd HH24:MI:SS",
    "yyyy-mm-dd\"T\"HH24:MI:SS.US",
    "yyyy-mm-dd\"T\"HH24:MI:SS",
};

/* The item str read by fmt: its type from the template's fields, as parse_datetime. */
static int make(ss_ctx *ctx, const char *str, const char *fmt, size_t flen, jp_dt *out)
{
    dt_tm tm;
    int64_t fsec;
    int west, what;
    if (dt_parse_datetime(ctx, str, fmt, flen, &tm, &fsec, &west, &what))
        return SS_ERROR;
    memset(out, 0, sizeof *out);
    out->zone = west;
    if (what & DT_PARSED_DATE) {
        if (!(what & DT_PARSED_TIME)) {
            if (what & DT_PARSED_ZONE)
                return ss_ctx_error(ctx, "22007", "datetime format is zoned but not timed");
            if (!IS_VALID_JULIAN(tm.year, tm.mon, tm.mday))
                return ss_ctx_error(ctx, "22008", "date out of range: \"%s\"", str);
            int32_t d = dt_date2j(tm.year, tm.mon, tm.mday) - POSTGRES_EPOCH_JDATE;
            if (!IS_VALID_DATE(d))
                return ss_ctx_error(ctx, "22008", "date out of range: \"%s\"", str);
            out->type = SS_TYPE_DATE, out->v = d;
            return SS_OK;
        }
        int64_t ts;
        bool zoned = what & DT_PARSED_ZONE;
        if (!IS_VALID_JULIAN(tm.year, tm.mon, tm.mday) || !dt_tm2timestamp(&tm, fsec, zoned ? west : 0, &ts) ||
            !IS_VALID_TIMESTAMP(ts))
            return dt_err_timestamp_range(ctx);
        out->type = zoned ? SS_TYPE_TIMESTAMPTZ : SS_TYPE_TIMESTAMP, out->v = ts;
        return SS_OK;
    }
    if (!(what & DT_PARSED_TIME))
        return ss_ctx_error(ctx, "22007", "datetime format is not dated and not timed");
    out->type = what & DT_PARSED_ZONE ? SS_TYPE_TIMETZ : SS_TYPE_TIME;
    out->v = dt_tm2time(&tm, fsec);
    return SS_OK;
}

int jp_datetime_make(ss_ctx *ctx, const jv *str, const char *tmpl, uint32_t tlen, bool has_template, ss_arena *a,
                     jv **out)
{
    char *s = ss_arena_alloc(a, str->len + 1);
    jp_dt *d = ss_arena_alloc(a, sizeof *d);
    jv *v = ss_arena_alloc(a, sizeof *v);
    if (!s || !d || !v)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(s, str->s, str->len);
    s[str->len] = '\0';
    if (has_template) {
        if (make(ctx, s, tmpl, tlen, d))
            return SS_ERROR;
    } else {
        bool ok = false;
        for (size_t k = 0; k < sizeof formats / sizeof formats[0] && !ok; k++) {
            ss_error quiet = {.sqlstate = "00000"}, *saved = ctx->err; /* a format that fails is no error */
            ctx->err = &quiet;
            ok = make(ctx, s, formats[k], strlen(formats[k]), d) == SS_OK;
            ctx->err = saved;
            ss_error_clear(&quiet);
        }
        if (!ok) {
            ss_ctx_error(ctx, "22031", "datetime format is not recognized: \"%s\"", s);
            ss_ctx_error_hint(ctx, "Use a datetime template argument to specify the input data format.");
            return SS_ERROR;
        }
    }
    memset(v, 0, sizeof *v);
    v->kind = JP_DATETIME, v->s = (const char *)(const void *)d, v->len = sizeof *d;
    *out = v;
    return SS_OK;
}

const char *jp_datetime_type_name(const jv *v)
{
    switch (dt_of(v)->type) {
    case SS_TYPE_DATE: return "date";
    case SS_TYPE_TIME: return "time without time zone";
    case SS_TYPE_TIMETZ: return "time with time zone";
    case SS_TYPE_TIMESTAMP: return "timestamp without time zone";
    default: return "timestamp with time zone";
    }
}

/* ---- comparison ---- */

static const char *short_name(int32_t type)
{
    switch (type) {
    case SS_TYPE_DATE: return "date";
    case SS_TYPE_TIME: return "time";
    case SS_TYPE_TIMETZ: return "timetz";
    case SS_TYPE_TIMESTAMP: return "timestamp";
    default: return "timestamptz";
    }
}

/* checkTimezoneIsUsedForCast */
static int need_tz(ss_ctx *ctx, bool use_tz, int32_t from, int32_t to)
{
    if (use_tz)
        return SS_OK;
    ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "cannot convert value from %s to %s without time zone usage",
                 short_name(from), short_name(to));
    ss_ctx_error_hint(ctx, "Use *_tz() function for time zone support.");
    return SS_ERROR;
}

/* A local timestamp (or a date's midnight) as timestamptz in the session's TimeZone. */
static int64_t local_to_utc(ss_ctx *ctx, int64_t local)
{
    dt_tm tm;
    int64_t fsec, out;
    if (!dt_timestamp2tm(local, &tm, &fsec))
        return local;
    int west = dt_zone_offset_of_local(&tm, dt_ctx_zone(ctx));
    return dt_tm2timestamp(&tm, fsec, west, &out) ? out : local;
}

/* time -> timetz: the session zone's offset today (PostgreSQL's time_timetz). */
static int32_t today_zone(ss_ctx *ctx, int64_t time)
{
    const dt_zone *z = dt_ctx_zone(ctx);
    dt_tm tm;
    int64_t fsec;
    if (!dt_timestamptz2tm(dt_clock_now(), z, &tm, &fsec))
        return 0;
    dt_tm t;
    dt_time2tm(time, &t, &fsec);
    tm.hour = t.hour, tm.min = t.min, tm.sec = t.sec;
    return dt_zone_offset_of_local(&tm, z);
}

static int cmp64(int64_t a, int64_t b)
{
    return (a > b) - (a < b);
}

static int timetz_cmp(int64_t t1, int32_t z1, int64_t t2, int32_t z2)
{
    int c = cmp64(t1 + (int64_t)z1 * USECS_PER_SEC, t2 + (int64_t)z2 * USECS_PER_SEC);
    return c ? c : (z1 > z2) - (z1 < z2);
}

/* A date or timestamp as timestamp microseconds. */
static int64_t as_timestamp(const jp_dt *d)
{
    return d->type == SS_TYPE_DATE ? d->v * USECS_PER_DAY : d->v;
}

int jp_datetime_cmp(ss_ctx *ctx, const jv *a, const jv *b, bool use_tz, int *cmp, bool *incomparable)
{
    const jp_dt *x = dt_of(a), *y = dt_of(b);
    *incomparable = false;
    *cmp = 0;
    bool xtime = x->type == SS_TYPE_TIME || x->type == SS_TYPE_TIMETZ;
    bool ytime = y->type == SS_TYPE_TIME || y->type == SS_TYPE_TIMETZ;
    if (xtime != ytime) {
        *incomparable = true;
        return SS_OK;
    }
    if (xtime) {
        if (x->type == y->type) {
            *cmp = x->type == SS_TYPE_TIME ? cmp64(x->v, y->v) : timetz_cmp(x->v, x->zone, y->v, y->zone);
            return SS_OK;
        }
        const jp_dt *plain = x->type == SS_TYPE_TIME ? x : y;
        if (need_tz(ctx, use_tz, SS_TYPE_TIME, SS_TYPE_TIMETZ))
            return SS_ERROR;
        int32_t z = today_zone(ctx, plain->v);
        *cmp = plain == x ? timetz_cmp(x->v, z, y->v, y->zone) : timetz_cmp(x->v, x->zone, y->v, z);
        return SS_OK;
    }
    /* dates and timestamps */
    bool xz = x->type == SS_TYPE_TIMESTAMPTZ, yz = y->type == SS_TYPE_TIMESTAMPTZ;
    if (xz == yz) {
        *cmp = x->type == SS_TYPE_DATE && y->type == SS_TYPE_DATE ? cmp64(x->v, y->v)
                                                                  : cmp64(as_timestamp(x), as_timestamp(y));
        return SS_OK;
    }
    const jp_dt *local = xz ? y : x;
    if (need_tz(ctx, use_tz, local->type, SS_TYPE_TIMESTAMPTZ))
        return SS_ERROR;
    int64_t u = local_to_utc(ctx, as_timestamp(local));
    *cmp = xz ? cmp64(x->v, u) : cmp64(u, y->v);
    return SS_OK;
}

/* ---- text ---- */

static void put_year_date(ss_strbuf *out, const dt_tm *tm)
{
    int y = tm->year > 0 ? tm->year : 1 - tm->year;
    ss_strbuf_printf(out, "%04d-%02d-%02d", y, tm->mon, tm->mday);
}

/* hh:mm:ss and the fraction without its trailing zeros */
static void put_time(ss_strbuf *out, int h, int m, int s, int64_t fsec)
{
    ss_strbuf_printf(out, "%02d:%02d:%02d", h, m, s);
    if (fsec) {
        char f[8];
        snprintf(f, sizeof f, "%06d", (int)fsec);
        int n = 6;
        while (n > 0 && f[n - 1] == '0')
            n--;
        ss_strbuf_printf(out, ".%.*s", n, f);
    }
}

static void put_zone(ss_strbuf *out, int32_t west)
{
    int east = -west, a = east < 0 ? -east : east;
    ss_strbuf_printf(out, "%c%02d:%02d", east < 0 ? '-' : '+', a / 3600, a % 3600 / 60);
}

void jp_datetime_text(const jv *v, ss_strbuf *out)
{
    const jp_dt *d = dt_of(v);
    dt_tm tm;
    int64_t fsec = 0;
    memset(&tm, 0, sizeof tm);
    switch (d->type) {
    case SS_TYPE_DATE:
        dt_j2date((int)(d->v + POSTGRES_EPOCH_JDATE), &tm.year, &tm.mon, &tm.mday);
        put_year_date(out, &tm);
        break;
    case SS_TYPE_TIME:
    case SS_TYPE_TIMETZ:
        dt_time2tm(d->v, &tm, &fsec);
        put_time(out, tm.hour, tm.min, tm.sec, fsec);
        if (d->type == SS_TYPE_TIMETZ)
            put_zone(out, d->zone);
        return;
    default:
        dt_timestamp2tm(d->type == SS_TYPE_TIMESTAMPTZ ? d->v - (int64_t)d->zone * USECS_PER_SEC : d->v, &tm, &fsec);
        put_year_date(out, &tm);
        ss_strbuf_putc(out, 'T');
        put_time(out, tm.hour, tm.min, tm.sec, fsec);
        if (d->type == SS_TYPE_TIMESTAMPTZ)
            put_zone(out, d->zone);
    }
    if (tm.year <= 0)
        ss_strbuf_puts(out, " BC");
}
