/* dt_func.c — the field functions of the date/time types as PostgreSQL 15: extract / date_part
 * (timestamp_part_common, extract_date, time_part_common, interval_part_common), date_trunc
 * (timestamp_trunc, timestamptz_trunc_internal, interval_trunc), AT TIME ZONE
 * (timestamp_zone, timestamptz_zone, the interval forms), make_date / make_time /
 * make_timestamp(tz), and the zone-name lookup they share.  Errors are PostgreSQL's,
 * recorded on ctx. */
#include "types/datetime/dt_func.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "types/datetime/dt_tokens.h"

/* the unit's lower-cased text (PostgreSQL's downcase_truncate_identifier) */
static void lower_unit(const char *s, size_t len, char *out)
{
    if (len > 63)
        len = 63;
    for (size_t i = 0; i < len; i++)
        out[i] = (char)tolower((unsigned char)s[i]);
    out[len] = '\0';
}

/* DecodeUnits, then DecodeSpecial: *type DTF_UNITS / DTF_RESERV / other */
static void decode_unit(const char *low, int *type, int *val)
{
    const dt_token *t = dt_delta_token(low);
    if (!t || t->type == DTF_IGNORE || t->type == DTF_AGO)
        t = dt_date_token(low);
    *type = t ? t->type : DTF_UNKNOWN;
    *val = t ? t->value : 0;
}

static int not_recognized(ss_ctx *ctx, const char *low, const char *type)
{
    return ss_ctx_error(ctx, "22023", "unit \"%s\" not recognized for type %s", low, type);
}

static int not_supported(ss_ctx *ctx, const char *low, const char *type)
{
    return ss_ctx_error(ctx, "0A000", "unit \"%s\" not supported for type %s", low, type);
}

static void part_int(dt_part *p, int64_t v)
{
    *p = (dt_part){.kind = DT_PART_SCALED, .v = v, .scale = 0, .f = (double)v};
}

static void part_scaled(dt_part *p, int64_t v, int scale, double f)
{
    *p = (dt_part){.kind = DT_PART_SCALED, .v = v, .scale = scale, .f = f};
}

static int year_part(int unit, int year, int64_t *out)
{
    switch (unit) {
    case DTK_YEAR:
        *out = year > 0 ? year : year - 1;
        return 1;
    case DTK_DECADE:
        *out = year >= 0 ? year / 10 : -((8 - (year - 1)) / 10);
        return 1;
    case DTK_CENTURY:
        *out = year > 0 ? (year + 99) / 100 : -((99 - (year - 1)) / 100);
        return 1;
    case DTK_MILLENNIUM:
        *out = year > 0 ? (year + 999) / 1000 : -((999 - (year - 1)) / 1000);
        return 1;
    default:
        return 0;
    }
}

/* the value of a monotonic unit at ±infinity; 0 for an oscillating one (NULL); -1 otherwise */
static int nonfinite_part(int type, int unit, bool neg, dt_part *p)
{
    if (type != DTF_UNITS && type != DTF_RESERV)
        return -1;
    if (type == DTF_RESERV && unit != DTK_EPOCH_)
        return -1;
    switch (unit) {
    case DTK_MICROSEC: case DTK_MILLISEC: case DTK_SECOND: case DTK_MINUTE: case DTK_HOUR: case DTK_DAY:
    case DTK_MONTH: case DTK_QUARTER: case DTK_WEEK: case DTK_DOW: case DTK_ISODOW: case DTK_DOY: case DTK_TZ:
    case DTK_TZ_MINUTE: case DTK_TZ_HOUR:
        p->kind = DT_PART_NULL;
        return 0;
    case DTK_YEAR: case DTK_DECADE: case DTK_CENTURY: case DTK_MILLENNIUM: case DTK_JULIAN: case DTK_ISOYEAR:
    case DTK_EPOCH_:
        p->kind = neg ? DT_PART_NINF : DT_PART_PINF;
        p->f = neg ? -INFINITY : INFINITY;
        return 0;
    default:
        return -1;
    }
}

int dt_extract_timestamp(ss_ctx *ctx, const char *unit, size_t ulen, int64_t ts, bool with_tz, const dt_zone *z,
                         dt_part *out)
{
    char low[64];
    lower_unit(unit, ulen, low);
    int type, val;
    decode_unit(low, &type, &val);
    const char *tname = with_tz ? "timestamp with time zone" : "timestamp without time zone";
    if (ts == DT_NOBEGIN || ts == DT_NOEND) {
        if (nonfinite_part(type, val, ts == DT_NOBEGIN, out) == 0)
            return SS_OK;
        return type == DTF_UNITS || type == DTF_RESERV ? not_supported(ctx, low, tname) : not_recognized(ctx, low, tname);
    }
    dt_tm tm;
    int64_t fsec;
    if (type == DTF_UNITS) {
        if (!(with_tz ? dt_timestamptz2tm(ts, z, &tm, &fsec) : dt_timestamp2tm(ts, &tm, &fsec)))
            return ss_ctx_error(ctx, "22008", "timestamp out of range");
        int64_t v;
        int64_t us = tm.sec * USECS_PER_SEC + fsec;
        switch (val) {
        case DTK_MICROSEC:
            part_int(out, us);
            return SS_OK;
        case DTK_MILLISEC:
            part_scaled(out, us, 3, tm.sec * 1000.0 + fsec / 1000.0);
            return SS_OK;
        case DTK_SECOND:
            part_scaled(out, us, 6, tm.sec + fsec / 1000000.0);
            return SS_OK;
        case DTK_MINUTE: part_int(out, tm.min); return SS_OK;
        case DTK_HOUR: part_int(out, tm.hour); return SS_OK;
        case DTK_DAY: part_int(out, tm.mday); return SS_OK;
        case DTK_MONTH: part_int(out, tm.mon); return SS_OK;
        case DTK_QUARTER: part_int(out, (tm.mon - 1) / 3 + 1); return SS_OK;
        case DTK_WEEK: part_int(out, dt_date2isoweek(tm.year, tm.mon, tm.mday)); return SS_OK;
        case DTK_YEAR:
        case DTK_DECADE:
        case DTK_CENTURY:
        case DTK_MILLENNIUM:
            year_part(val, tm.year, &v);
            part_int(out, v);
            return SS_OK;
        case DTK_JULIAN: {
            int64_t day_us = dt_tm2time(&tm, fsec);
            *out = (dt_part){.kind = DT_PART_JULIAN, .v = dt_date2j(tm.year, tm.mon, tm.mday), .frac_us = day_us,
                             .f = dt_date2j(tm.year, tm.mon, tm.mday) + (double)day_us / (double)USECS_PER_DAY};
            return SS_OK;
        }
        case DTK_ISOYEAR:
            v = dt_date2isoyear(tm.year, tm.mon, tm.mday);
            part_int(out, v <= 0 ? v - 1 : v);
            return SS_OK;
        case DTK_DOW:
        case DTK_ISODOW:
            v = dt_j2day(dt_date2j(tm.year, tm.mon, tm.mday));
            part_int(out, val == DTK_ISODOW && v == 0 ? 7 : v);
            return SS_OK;
        case DTK_DOY:
            part_int(out, dt_date2j(tm.year, tm.mon, tm.mday) - dt_date2j(tm.year, 1, 1) + 1);
            return SS_OK;
        case DTK_TZ:
        case DTK_TZ_MINUTE:
        case DTK_TZ_HOUR:
            if (!with_tz)
                return not_supported(ctx, low, tname);
            part_int(out, val == DTK_TZ ? tm.gmtoff : val == DTK_TZ_HOUR ? tm.gmtoff / 3600 : (tm.gmtoff / 60) % 60);
            return SS_OK;
        default:
            return not_supported(ctx, low, tname);
        }
    }
    if (type == DTF_RESERV) {
        if (val != DTK_EPOCH_)
            return not_supported(ctx, low, tname);
        int64_t epoch = -(int64_t)(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY;
        part_scaled(out, ts - epoch, 6, (double)(ts - epoch) / 1000000.0);
        return SS_OK;
    }
    return not_recognized(ctx, low, tname);
}

int dt_extract_date(ss_ctx *ctx, const char *unit, size_t ulen, int32_t d, dt_part *out)
{
    char low[64];
    lower_unit(unit, ulen, low);
    int type, val;
    decode_unit(low, &type, &val);
    if (d == DATEVAL_NOBEGIN || d == DATEVAL_NOEND) {
        if ((type == DTF_UNITS || type == DTF_RESERV) && nonfinite_part(type, val, d == DATEVAL_NOBEGIN, out) == 0 &&
            val != DTK_MICROSEC && val != DTK_MILLISEC && val != DTK_SECOND && val != DTK_MINUTE && val != DTK_HOUR &&
            val != DTK_TZ && val != DTK_TZ_HOUR && val != DTK_TZ_MINUTE)
            return SS_OK;
        return type == DTF_UNITS || type == DTF_RESERV ? not_supported(ctx, low, "date") : not_recognized(ctx, low, "date");
    }
    int y, m, dd;
    dt_j2date(d + POSTGRES_EPOCH_JDATE, &y, &m, &dd);
    int64_t v;
    if (type == DTF_UNITS) {
        switch (val) {
        case DTK_DAY: part_int(out, dd); return SS_OK;
        case DTK_MONTH: part_int(out, m); return SS_OK;
        case DTK_QUARTER: part_int(out, (m - 1) / 3 + 1); return SS_OK;
        case DTK_WEEK: part_int(out, dt_date2isoweek(y, m, dd)); return SS_OK;
        case DTK_YEAR:
        case DTK_DECADE:
        case DTK_CENTURY:
        case DTK_MILLENNIUM:
            year_part(val, y, &v);
            part_int(out, v);
            return SS_OK;
        case DTK_JULIAN: part_int(out, d + POSTGRES_EPOCH_JDATE); return SS_OK;
        case DTK_ISOYEAR:
            v = dt_date2isoyear(y, m, dd);
            part_int(out, v <= 0 ? v - 1 : v);
            return SS_OK;
        case DTK_DOW:
        case DTK_ISODOW:
            v = dt_j2day(d + POSTGRES_EPOCH_JDATE);
            part_int(out, val == DTK_ISODOW && v == 0 ? 7 : v);
            return SS_OK;
        case DTK_DOY: part_int(out, dt_date2j(y, m, dd) - dt_date2j(y, 1, 1) + 1); return SS_OK;
        default: return not_supported(ctx, low, "date");
        }
    }
    if (type == DTF_RESERV) {
        if (val != DTK_EPOCH_)
            return not_supported(ctx, low, "date");
        part_int(out, ((int64_t)d + POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * SECS_PER_DAY);
        return SS_OK;
    }
    return not_recognized(ctx, low, "date");
}

int dt_extract_time(ss_ctx *ctx, const char *unit, size_t ulen, int64_t t, const dt_timetz *tz, dt_part *out)
{
    char low[64];
    lower_unit(unit, ulen, low);
    int type, val;
    decode_unit(low, &type, &val);
    const char *tname = tz ? "time with time zone" : "time without time zone";
    if (tz)
        t = tz->time;
    dt_tm tm;
    int64_t fsec;
    dt_time2tm(t, &tm, &fsec);
    int64_t us = tm.sec * USECS_PER_SEC + fsec;
    if (type == DTF_UNITS) {
        switch (val) {
        case DTK_MICROSEC: part_int(out, us); return SS_OK;
        case DTK_MILLISEC: part_scaled(out, us, 3, tm.sec * 1000.0 + fsec / 1000.0); return SS_OK;
        case DTK_SECOND: part_scaled(out, us, 6, tm.sec + fsec / 1000000.0); return SS_OK;
        case DTK_MINUTE: part_int(out, tm.min); return SS_OK;
        case DTK_HOUR: part_int(out, tm.hour); return SS_OK;
        case DTK_TZ:
        case DTK_TZ_MINUTE:
        case DTK_TZ_HOUR:
            if (!tz)
                return not_supported(ctx, low, tname);
            part_int(out, val == DTK_TZ ? -tz->zone : val == DTK_TZ_HOUR ? -tz->zone / 3600 : (-tz->zone / 60) % 60);
            return SS_OK;
        default: return not_supported(ctx, low, tname);
        }
    }
    if (type == DTF_RESERV && val == DTK_EPOCH_) {
        int64_t e = tz ? t + (int64_t)tz->zone * USECS_PER_SEC : t;
        part_scaled(out, e, 6, (double)e / 1000000.0);
        return SS_OK;
    }
    return not_recognized(ctx, low, tname);
}

int dt_extract_interval(ss_ctx *ctx, const char *unit, size_t ulen, const dt_interval *iv, dt_part *out)
{
    char low[64];
    lower_unit(unit, ulen, low);
    int type, val;
    decode_unit(low, &type, &val);
    dt_itm it;
    dt_interval2itm(iv, &it);
    if (type == DTF_UNITS) {
        int64_t us = it.sec * USECS_PER_SEC + it.usec;
        switch (val) {
        case DTK_MICROSEC: part_int(out, us); return SS_OK;
        case DTK_MILLISEC: part_scaled(out, us, 3, it.sec * 1000.0 + it.usec / 1000.0); return SS_OK;
        case DTK_SECOND: part_scaled(out, us, 6, it.sec + it.usec / 1000000.0); return SS_OK;
        case DTK_MINUTE: part_int(out, it.min); return SS_OK;
        case DTK_HOUR: part_int(out, it.hour); return SS_OK;
        case DTK_DAY: part_int(out, it.mday); return SS_OK;
        case DTK_MONTH: part_int(out, it.mon); return SS_OK;
        case DTK_QUARTER: part_int(out, it.mon / 3 + 1); return SS_OK;
        case DTK_YEAR: part_int(out, it.year); return SS_OK;
        case DTK_DECADE: part_int(out, it.year / 10); return SS_OK;
        case DTK_CENTURY: part_int(out, it.year / 100); return SS_OK;
        case DTK_MILLENNIUM: part_int(out, it.year / 1000); return SS_OK;
        default: return not_supported(ctx, low, "interval");
        }
    }
    if (type == DTF_RESERV && val == DTK_EPOCH_) {
        int64_t secs = ((int64_t)(4 * 365.25) * (iv->month / 12) + (int64_t)(4 * DAYS_PER_MONTH) * (iv->month % 12) +
                        (int64_t)4 * iv->day) *
                       (SECS_PER_DAY / 4);
        double f = iv->time / 1000000.0 + (365.25 * SECS_PER_DAY) * (iv->month / 12) +
                   ((double)DAYS_PER_MONTH * SECS_PER_DAY) * (iv->month % 12) + (double)SECS_PER_DAY * iv->day;
        int64_t v;
        if (!__builtin_mul_overflow(secs, 1000000, &v) && !__builtin_add_overflow(v, iv->time, &v))
            part_scaled(out, v, 6, f);
        else
            *out = (dt_part){.kind = DT_PART_WIDE, .v = secs, .frac_us = iv->time, .scale = 6, .f = f};
        return SS_OK;
    }
    return not_recognized(ctx, low, "interval");
}

/* truncation of tm by unit; redo_tz set when the local date changed (timestamptz) */
static int trunc_tm(int val, dt_tm *tm, int64_t *fsec, bool *redo_tz)
{
    *redo_tz = false;
    switch (val) {
    case DTK_WEEK: {
        int woy = dt_date2isoweek(tm->year, tm->mon, tm->mday);
        if (woy >= 52 && tm->mon == 1)
            --tm->year;
        if (woy <= 1 && tm->mon == 12)
            ++tm->year;
        dt_j2date(dt_isoweek2j(tm->year, woy), &tm->year, &tm->mon, &tm->mday);
        tm->hour = tm->min = tm->sec = 0;
        *fsec = 0;
        *redo_tz = true;
        return 0;
    }
    case DTK_MILLENNIUM:
        tm->year = tm->year > 0 ? ((tm->year + 999) / 1000) * 1000 - 999 : -((999 - (tm->year - 1)) / 1000) * 1000 + 1;
        __attribute__((fallthrough));
    case DTK_CENTURY:
        tm->year = tm->year > 0 ? ((tm->year + 99) / 100) * 100 - 99 : -((99 - (tm->year - 1)) / 100) * 100 + 1;
        __attribute__((fallthrough));
    case DTK_DECADE:
        if (val != DTK_MILLENNIUM && val != DTK_CENTURY)
            tm->year = tm->year > 0 ? (tm->year / 10) * 10 : -((8 - (tm->year - 1)) / 10) * 10;
        __attribute__((fallthrough));
    case DTK_YEAR:
        tm->mon = 1;
        __attribute__((fallthrough));
    case DTK_QUARTER:
        tm->mon = 3 * ((tm->mon - 1) / 3) + 1;
        __attribute__((fallthrough));
    case DTK_MONTH:
        tm->mday = 1;
        __attribute__((fallthrough));
    case DTK_DAY:
        tm->hour = 0;
        *redo_tz = true;
        __attribute__((fallthrough));
    case DTK_HOUR:
        tm->min = 0;
        __attribute__((fallthrough));
    case DTK_MINUTE:
        tm->sec = 0;
        __attribute__((fallthrough));
    case DTK_SECOND:
        *fsec = 0;
        return 0;
    case DTK_MILLISEC:
        *fsec = (*fsec / 1000) * 1000;
        return 0;
    case DTK_MICROSEC:
        return 0;
    default:
        return -1;
    }
}

int dt_trunc_timestamp(ss_ctx *ctx, const char *unit, size_t ulen, int64_t ts, bool with_tz, const dt_zone *z,
                       int64_t *out)
{
    if (ts == DT_NOBEGIN || ts == DT_NOEND) {
        *out = ts;
        return SS_OK;
    }
    char low[64];
    lower_unit(unit, ulen, low);
    const dt_token *t = dt_delta_token(low);
    const char *tname = with_tz ? "timestamp with time zone" : "timestamp without time zone";
    if (!t || t->type != DTF_UNITS)
        return not_recognized(ctx, low, tname);
    dt_tm tm;
    int64_t fsec;
    if (!(with_tz ? dt_timestamptz2tm(ts, z, &tm, &fsec) : dt_timestamp2tm(ts, &tm, &fsec)))
        return ss_ctx_error(ctx, "22008", "timestamp out of range");
    int tz = -tm.gmtoff;
    bool redo;
    if (trunc_tm(t->value, &tm, &fsec, &redo))
        return not_supported(ctx, low, tname);
    if (with_tz && redo)
        tz = dt_zone_offset_of_local(&tm, z);
    if (!dt_tm2timestamp(&tm, fsec, with_tz ? tz : 0, out))
        return ss_ctx_error(ctx, "22008", "timestamp out of range");
    return SS_OK;
}

int dt_trunc_interval(ss_ctx *ctx, const char *unit, size_t ulen, const dt_interval *iv, dt_interval *out)
{
    char low[64];
    lower_unit(unit, ulen, low);
    const dt_token *t = dt_delta_token(low);
    if (!t || t->type != DTF_UNITS)
        return not_recognized(ctx, low, "interval");
    dt_itm it;
    dt_interval2itm(iv, &it);
    switch (t->value) {
    case DTK_MILLENNIUM:
        it.year = (it.year / 1000) * 1000;
        __attribute__((fallthrough));
    case DTK_CENTURY:
        it.year = (it.year / 100) * 100;
        __attribute__((fallthrough));
    case DTK_DECADE:
        it.year = (it.year / 10) * 10;
        __attribute__((fallthrough));
    case DTK_YEAR:
        it.mon = 0;
        __attribute__((fallthrough));
    case DTK_QUARTER:
        it.mon = 3 * (it.mon / 3);
        __attribute__((fallthrough));
    case DTK_MONTH:
        it.mday = 0;
        __attribute__((fallthrough));
    case DTK_DAY:
        it.hour = 0;
        __attribute__((fallthrough));
    case DTK_HOUR:
        it.min = 0;
        __attribute__((fallthrough));
    case DTK_MINUTE:
        it.sec = 0;
        __attribute__((fallthrough));
    case DTK_SECOND:
        it.usec = 0;
        break;
    case DTK_MILLISEC:
        it.usec = (it.usec / 1000) * 1000;
        break;
    case DTK_MICROSEC:
        break;
    default:
        not_supported(ctx, low, "interval");
        if (t->value == DTK_WEEK)
            ss_ctx_error_detail(ctx, "Months usually have fractional weeks.");
        return SS_ERROR;
    }
    if (dt_itm2interval(&it, out))
        return ss_ctx_error(ctx, "22008", "interval out of range");
    return SS_OK;
}

int dt_zone_lookup(ss_ctx *ctx, const char *name, size_t len, dt_zone_ref *out)
{
    char buf[256], low[256];
    if (len >= sizeof buf)
        len = sizeof buf - 1;
    memcpy(buf, name, len);
    buf[len] = '\0';
    for (size_t i = 0; i <= len; i++)
        low[i] = (char)tolower((unsigned char)buf[i]);
    const dt_abbrev *a = dt_abbrev_find(low);
    memset(out, 0, sizeof *out);
    snprintf(out->abbrev, sizeof out->abbrev, "%s", low);
    if (a && !a->zone) {
        out->kind = DT_ZONE_FIXED;
        out->gmtoff = a->gmtoff;
        return SS_OK;
    }
    if (a && a->zone && (out->zone = dt_tz_load(a->zone))) {
        out->kind = DT_ZONE_DYNAMIC;
        return SS_OK;
    }
    out->zone = dt_tz_load(buf);
    if (!out->zone)
        return ss_ctx_error(ctx, "22023", "time zone \"%s\" not recognized", buf);
    out->kind = DT_ZONE_NAMED;
    return SS_OK;
}

bool dt_timestamptz_at_zone(int64_t ts, const dt_zone_ref *zr, int64_t *out)
{
    if (ts == DT_NOBEGIN || ts == DT_NOEND) {
        *out = ts;
        return true;
    }
    int64_t r;
    if (zr->kind == DT_ZONE_FIXED) {
        r = ts + (int64_t)zr->gmtoff * USECS_PER_SEC;
    } else if (zr->kind == DT_ZONE_DYNAMIC) {
        int64_t t = ts / USECS_PER_SEC - (ts % USECS_PER_SEC < 0) +
                    (int64_t)(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * SECS_PER_DAY;
        int off, dst;
        const char *ab;
        if (!dt_tz_abbrev_offset(zr->zone, zr->abbrev, t, &off, &dst))
            dt_tz_local(zr->zone, t, &off, &dst, &ab);
        r = ts + (int64_t)off * USECS_PER_SEC;
    } else {
        dt_tm tm;
        int64_t fsec;
        if (!dt_timestamptz2tm(ts, zr->zone, &tm, &fsec) || !dt_tm2timestamp(&tm, fsec, 0, &r))
            return false;
    }
    if (!IS_VALID_TIMESTAMP(r))
        return false;
    *out = r;
    return true;
}

bool dt_timestamp_at_zone(int64_t ts, const dt_zone_ref *zr, int64_t *out)
{
    if (ts == DT_NOBEGIN || ts == DT_NOEND) {
        *out = ts;
        return true;
    }
    int64_t r;
    dt_tm tm;
    int64_t fsec;
    if (zr->kind == DT_ZONE_FIXED) {
        r = ts - (int64_t)zr->gmtoff * USECS_PER_SEC;
    } else {
        if (!dt_timestamp2tm(ts, &tm, &fsec))
            return false;
        int tz = zr->kind == DT_ZONE_DYNAMIC ? dt_zone_abbrev_offset_of_local(&tm, zr->abbrev, zr->zone)
                                             : dt_zone_offset_of_local(&tm, zr->zone);
        if (!dt_tm2timestamp(&tm, fsec, tz, &r))
            return false;
    }
    if (!IS_VALID_TIMESTAMP(r))
        return false;
    *out = r;
    return true;
}

static bool float_time_overflows(int hour, int min, double sec)
{
    if (hour < 0 || hour > 24 || min < 0 || min >= 60 || isnan(sec))
        return true;
    sec = rint(sec * USECS_PER_SEC);
    if (sec < 0 || sec > 60.0 * USECS_PER_SEC)
        return true;
    return (((double)hour * 60 + min) * 60) * USECS_PER_SEC + sec > (double)USECS_PER_DAY;
}

static int validate_ymd(int year, int mon, int mday, bool bc)
{
    if (bc ? year <= 0 : year <= 0)
        return -1;
    if (mon < 1 || mon > 12 || mday < 1 || mday > 31)
        return -1;
    int y = bc ? -(year - 1) : year;
    return mday > dt_days_in_month(y, mon) ? -1 : 0;
}

int dt_make_date(ss_ctx *ctx, int year, int mon, int mday, int32_t *out)
{
    bool bc = year < 0;
    int y = bc ? -year : year;
    if (validate_ymd(y, mon, mday, bc))
        return ss_ctx_error(ctx, "22008", "date field value out of range: %d-%02d-%02d", y, mon, mday);
    int ay = bc ? -(y - 1) : y;
    if (!IS_VALID_JULIAN(ay, mon, mday))
        return ss_ctx_error(ctx, "22008", "date out of range: %d-%02d-%02d", ay, mon, mday);
    int64_t d = (int64_t)dt_date2j(ay, mon, mday) - POSTGRES_EPOCH_JDATE;
    if (!IS_VALID_DATE(d))
        return ss_ctx_error(ctx, "22008", "date out of range: %d-%02d-%02d", ay, mon, mday);
    *out = (int32_t)d;
    return SS_OK;
}

int dt_make_time(ss_ctx *ctx, int hour, int min, double sec, int64_t *out)
{
    if (float_time_overflows(hour, min, sec))
        return ss_ctx_error(ctx, "22008", "time field value out of range: %d:%02d:%02g", hour, min, sec);
    *out = ((int64_t)(hour * 60 + min) * 60) * USECS_PER_SEC + (int64_t)rint(sec * USECS_PER_SEC);
    return SS_OK;
}

int dt_make_timestamp(ss_ctx *ctx, int year, int mon, int mday, int hour, int min, double sec, int64_t *out)
{
    if (validate_ymd(year, mon, mday, false))
        return ss_ctx_error(ctx, "22008", "date field value out of range: %d-%02d-%02d", year, mon, mday);
    if (!IS_VALID_JULIAN(year, mon, mday))
        return ss_ctx_error(ctx, "22008", "date out of range: %d-%02d-%02d", year, mon, mday);
    int64_t date = dt_date2j(year, mon, mday) - POSTGRES_EPOCH_JDATE;
    if (float_time_overflows(hour, min, sec))
        return ss_ctx_error(ctx, "22008", "time field value out of range: %d:%02d:%02g", hour, min, sec);
    int64_t time = ((int64_t)(hour * 60 + min) * 60) * USECS_PER_SEC + (int64_t)rint(sec * USECS_PER_SEC);
    int64_t r = date * USECS_PER_DAY + time;
    if ((r < 0 && date > 0) || (r > 0 && date < -1) || !IS_VALID_TIMESTAMP(r))
        return ss_ctx_error(ctx, "22008", "timestamp out of range: %d-%02d-%02d %d:%02d:%02g", year, mon, mday, hour, min,
                            sec);
    *out = r;
    return SS_OK;
}
