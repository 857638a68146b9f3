/* dt_sqlfunc.c — the SQL functions of the date/time types over vectors: extract (numeric) and
 * date_part (float8), date_trunc, age, justify_*, isfinite, make_date / make_time /
 * make_timestamp(tz) / make_interval, timezone() (AT TIME ZONE), to_char, to_timestamp(float8),
 * and the current-time functions (now(), current_date, localtimestamp(p), clock_timestamp(),
 * timeofday() ...; the statement's start stands for the transaction's). */
#include "types/datetime/dt_func.h"
#include "types/datetime/dt_types.h"
#include "types/datetime/to_char.h"

#include <math.h>
#include <stdio.h>
#include <time.h>

#include "types/numeric/numeric.h"

static const ss_text *text_at(const ss_vector *v, uint32_t row)
{
    return &((const ss_text *)v->data)[row];
}

/* ---- extract / date_part ---------------------------------------------------------------------- */

/* writes part p at row of out: numeric (extract) or float8 (date_part); NULL when none */
static int put_part(ss_ctx *ctx, ss_vector *out, uint32_t row, const dt_part *p)
{
    if (p->kind == DT_PART_NULL) {
        if (ss_vector_ensure_validity(ctx, out))
            return SS_ERROR;
        ss_vector_set_null(out, row);
        return SS_OK;
    }
    if (out->type.id == F8) {
        ((double *)out->data)[row] = p->f;
        return SS_OK;
    }
    ss_text t;
    int rc;
    num_scratch_begin();
    switch (p->kind) {
    case DT_PART_PINF:
    case DT_PART_NINF:
        rc = num_encode_special(ctx, p->kind == DT_PART_PINF ? NUM_PINF : NUM_NINF, &t);
        break;
    case DT_PART_JULIAN: {
        /* date2j + time / 86400000000 with numeric division's scale */
        ss_text j, us, day, q;
        rc = num_from_int64(ctx, p->v, &j);
        if (rc == SS_OK)
            rc = num_from_int64(ctx, p->frac_us, &us);
        if (rc == SS_OK)
            rc = num_from_int64(ctx, USECS_PER_DAY, &day);
        if (rc == SS_OK)
            rc = num_binop(ctx, NUM_OP_DIV, &us, &day, &q);
        if (rc == SS_OK)
            rc = num_binop(ctx, NUM_OP_ADD, &j, &q, &t);
        break;
    }
    case DT_PART_WIDE: {
        ss_text a, b;
        rc = num_from_int128(ctx, p->frac_us, 6, &a);
        if (rc == SS_OK)
            rc = num_from_int64(ctx, p->v, &b);
        if (rc == SS_OK)
            rc = num_binop(ctx, NUM_OP_ADD, &a, &b, &t);
        break;
    }
    default:
        rc = num_from_int128(ctx, p->v, p->scale, &t);
        break;
    }
    if (rc == SS_OK)
        rc = ss_vector_set_text(ctx, out, row, t.ptr, t.len);
    num_scratch_end();
    return rc;
}

DT_FN(fn_extract)
{
    (void)nargs;
    const ss_vector *u = args[0], *v = args[1];
    int32_t type = v->type.id;
    const dt_zone *z = type == TSTZ ? dt_ctx_zone(ctx) : NULL;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *unit = text_at(u, i);
        dt_part p;
        int rc;
        switch (type) {
        case DATE:
            if (out->type.id == F8) { /* date_part(text, date) is date_part over the timestamp */
                int64_t ts;
                int32_t d = ((const int32_t *)v->data)[i];
                if (!dt_date2timestamp(d, &ts))
                    return dt_err_date_for_timestamp(ctx);
                rc = dt_extract_timestamp(ctx, unit->ptr, unit->len, ts, false, NULL, &p);
            } else {
                rc = dt_extract_date(ctx, unit->ptr, unit->len, ((const int32_t *)v->data)[i], &p);
            }
            break;
        case TS:
        case TSTZ:
            rc = dt_extract_timestamp(ctx, unit->ptr, unit->len, ((const int64_t *)v->data)[i], type == TSTZ, z, &p);
            break;
        case TIME:
            rc = dt_extract_time(ctx, unit->ptr, unit->len, ((const int64_t *)v->data)[i], NULL, &p);
            break;
        case TIMETZ: {
            dt_timetz t;
            dt_tz_at(v, i, &t);
            rc = dt_extract_time(ctx, unit->ptr, unit->len, 0, &t, &p);
            break;
        }
        default: {
            dt_interval iv;
            dt_iv_at(v, i, &iv);
            rc = dt_extract_interval(ctx, unit->ptr, unit->len, &iv, &p);
            break;
        }
        }
        if (rc || put_part(ctx, out, i, &p))
            return SS_ERROR;
    });
    return SS_OK;
}

/* ---- date_trunc -------------------------------------------------------------------------------- */

DT_FN(fn_date_trunc)
{
    const ss_vector *u = args[0], *v = args[1];
    const dt_zone *z = NULL;
    if (v->type.id == TSTZ)
        z = dt_ctx_zone(ctx);
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *unit = text_at(u, i);
        if (v->type.id == IVL) {
            dt_interval a, r;
            dt_iv_at(v, i, &a);
            if (dt_trunc_interval(ctx, unit->ptr, unit->len, &a, &r) || dt_set_interval(ctx, out, i, &r))
                return SS_ERROR;
            continue;
        }
        const dt_zone *zi = z;
        if (nargs == 3) {
            const ss_text *zn = text_at(args[2], i);
            dt_zone_ref zr;
            if (dt_zone_lookup(ctx, zn->ptr, zn->len, &zr))
                return SS_ERROR;
            zi = zr.kind == DT_ZONE_FIXED ? dt_tz_fixed(zr.gmtoff) : zr.zone;
        }
        if (dt_trunc_timestamp(ctx, unit->ptr, unit->len, ((const int64_t *)v->data)[i], v->type.id == TSTZ, zi,
                               &((int64_t *)out->data)[i]))
            return SS_ERROR;
    });
    return SS_OK;
}

/* ---- age, justify, isfinite -------------------------------------------------------------------- */

DT_FN(fn_age)
{
    dt_session s;
    dt_session_of(ctx, &s);
    bool tz = args[0]->type.id == TSTZ;
    int64_t today = 0;
    if (nargs == 1) {
        /* age(x) = age(current_date, x) at midnight */
        dt_tm tm;
        int64_t fsec;
        if (!dt_timestamptz2tm(s.stmt_start, s.zone, &tm, &fsec))
            return dt_err_timestamp_range(ctx);
        int32_t d = dt_date2j(tm.year, tm.mon, tm.mday) - POSTGRES_EPOCH_JDATE;
        if (!(tz ? dt_date2timestamptz(d, s.zone, &today) : dt_date2timestamp(d, &today)))
            return dt_err_timestamp_range(ctx);
    }
    const int64_t *a = args[0]->data, *b = nargs == 2 ? args[1]->data : NULL;
    SS_FOR_ROWS(rows, n, i, {
        int64_t x = nargs == 2 ? a[i] : today, y = nargs == 2 ? b[i] : a[i];
        dt_interval r;
        if (!(tz ? dt_timestamptz_age(x, y, s.zone, &r) : dt_timestamp_age(x, y, &r)))
            return dt_err_timestamp_range(ctx);
        if (dt_set_interval(ctx, out, i, &r))
            return SS_ERROR;
    });
    return SS_OK;
}

static int justify(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, int which)
{
    SS_FOR_ROWS(rows, n, i, {
        dt_interval a, r;
        dt_iv_at(args[0], i, &a);
        bool ok = which == 0 ? dt_interval_justify_days(&a, &r) : which == 1 ? dt_interval_justify_hours(&a, &r)
                                                                             : dt_interval_justify_interval(&a, &r);
        if (!ok)
            return dt_err_interval_range(ctx);
        if (dt_set_interval(ctx, out, i, &r))
            return SS_ERROR;
    });
    return SS_OK;
}
DT_FN(fn_justify_days)
{
    (void)nargs;
    return justify(ctx, args, rows, n, out, 0);
}
DT_FN(fn_justify_hours)
{
    (void)nargs;
    return justify(ctx, args, rows, n, out, 1);
}
DT_FN(fn_justify_interval)
{
    (void)nargs;
    return justify(ctx, args, rows, n, out, 2);
}

DT_FN(fn_isfinite)
{
    (void)ctx, (void)nargs;
    const ss_vector *v = args[0];
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        if (v->type.id == DATE) {
            int32_t d = ((const int32_t *)v->data)[i];
            r[i] = d != DATEVAL_NOBEGIN && d != DATEVAL_NOEND;
        } else if (v->type.id == IVL) {
            r[i] = 1;
        } else {
            int64_t t = ((const int64_t *)v->data)[i];
            r[i] = t != DT_NOBEGIN && t != DT_NOEND;
        }
    });
    return SS_OK;
}

/* ---- make_* ------------------------------------------------------------------------------------ */

static int32_t i4(const ss_vector *v, uint32_t row)
{
    return ((const int32_t *)v->data)[row];
}

static double f8(const ss_vector *v, uint32_t row)
{
    return ((const double *)v->data)[row];
}

DT_FN(fn_make_date)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        if (dt_make_date(ctx, i4(args[0], i), i4(args[1], i), i4(args[2], i), &((int32_t *)out->data)[i]))
            return SS_ERROR;
    });
    return SS_OK;
}

DT_FN(fn_make_time)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        if (dt_make_time(ctx, i4(args[0], i), i4(args[1], i), f8(args[2], i), &((int64_t *)out->data)[i]))
            return SS_ERROR;
    });
    return SS_OK;
}

DT_FN(fn_make_timestamp)
{
    bool tz = out->type.id == TSTZ;
    const dt_zone *z = tz ? dt_ctx_zone(ctx) : NULL;
    SS_FOR_ROWS(rows, n, i, {
        int64_t ts;
        if (dt_make_timestamp(ctx, i4(args[0], i), i4(args[1], i), i4(args[2], i), i4(args[3], i), i4(args[4], i),
                              f8(args[5], i), &ts))
            return SS_ERROR;
        if (tz) {
            if (nargs == 7) {
                /* a numeric offset ("+05", "-03:30") or a zone name / abbreviation */
                const ss_text *zn = text_at(args[6], i);
                char buf[128];
                snprintf(buf, sizeof buf, "%.*s", (int)zn->len, zn->ptr);
                int west;
                if ((buf[0] == '+' || buf[0] == '-') && dt_decode_timezone(buf, &west) == 0) {
                    ts += (int64_t)west * USECS_PER_SEC;
                } else {
                    dt_zone_ref zr;
                    if (dt_zone_lookup(ctx, zn->ptr, zn->len, &zr) || !dt_timestamp_at_zone(ts, &zr, &ts))
                        return ss_ctx_error_pending(ctx) ? SS_ERROR : dt_err_timestamp_range(ctx);
                }
                if (!IS_VALID_TIMESTAMP(ts))
                    return dt_err_timestamp_range(ctx);
            } else if (!dt_timestamp2timestamptz(ts, z, &ts)) {
                return dt_err_timestamp_range(ctx);
            }
        }
        ((int64_t *)out->data)[i] = ts;
    });
    return SS_OK;
}

/* make_interval(years, months, weeks, days, hours, mins, secs), trailing arguments 0 */
DT_FN(fn_make_interval)
{
    SS_FOR_ROWS(rows, n, i, {
        int32_t f[6] = {0};
        double secs = 0;
        for (uint32_t k = 0; k < nargs && k < 6; k++)
            f[k] = i4(args[k], i);
        if (nargs == 7)
            secs = f8(args[6], i);
        if (isinf(secs) || isnan(secs))
            return dt_err_interval_range(ctx);
        dt_interval r;
        int64_t months = (int64_t)f[0] * 12 + f[1], days = (int64_t)f[2] * 7 + f[3];
        double t = rint(secs * USECS_PER_SEC);
        int64_t us;
        if (months > INT32_MAX || months < INT32_MIN || days > INT32_MAX || days < INT32_MIN ||
            !(t >= (double)INT64_MIN && t < -(double)INT64_MIN) ||
            __builtin_add_overflow((int64_t)f[4] * USECS_PER_HOUR, (int64_t)f[5] * USECS_PER_MINUTE, &us) ||
            __builtin_add_overflow(us, (int64_t)t, &us))
            return dt_err_interval_range(ctx);
        r.month = (int32_t)months;
        r.day = (int32_t)days;
        r.time = us;
        if (dt_set_interval(ctx, out, i, &r))
            return SS_ERROR;
    });
    return SS_OK;
}

/* ---- timezone() / AT TIME ZONE ----------------------------------------------------------------- */

/* An interval used as a time zone: PostgreSQL's 22023 when it has months or days. */
static int interval_zone_check(ss_ctx *ctx, const dt_interval *iv)
{
    if (iv->month == 0 && iv->day == 0)
        return SS_OK;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    dt_interval_out(iv, DT_ISTYLE_POSTGRES, &sb);
    ss_ctx_error(ctx, "22023", "interval time zone \"%s\" must not include months or days", sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return SS_ERROR;
}

DT_FN(fn_timezone)
{
    (void)nargs;
    const ss_vector *zv = args[0];
    const int64_t *t = args[1]->data;
    int64_t *r = out->data;
    bool from_tz = args[1]->type.id == TSTZ;
    SS_FOR_ROWS(rows, n, i, {
        if (zv->type.id == IVL) {
            dt_interval iv;
            dt_iv_at(zv, i, &iv);
            if (interval_zone_check(ctx, &iv))
                return SS_ERROR;
            int64_t v = t[i];
            if (v != DT_NOBEGIN && v != DT_NOEND) {
                v = from_tz ? v + iv.time / USECS_PER_SEC * USECS_PER_SEC : v - iv.time / USECS_PER_SEC * USECS_PER_SEC;
                if (!IS_VALID_TIMESTAMP(v))
                    return dt_err_timestamp_range(ctx);
            }
            r[i] = v;
            continue;
        }
        const ss_text *zn = text_at(zv, i);
        dt_zone_ref zr;
        if (dt_zone_lookup(ctx, zn->ptr, zn->len, &zr))
            return SS_ERROR;
        if (!(from_tz ? dt_timestamptz_at_zone(t[i], &zr, &r[i]) : dt_timestamp_at_zone(t[i], &zr, &r[i])))
            return dt_err_timestamp_range(ctx);
    });
    return SS_OK;
}

/* timetz AT TIME ZONE zone (time arrives cast to timetz): the same instant of the day in the
 * zone's offset, a zone name or dynamic abbreviation taking its offset at the statement's
 * start (PostgreSQL's timetz_zone / timetz_izone) */
DT_FN(fn_timezone_timetz)
{
    (void)nargs;
    const ss_vector *zv = args[0];
    dt_session s;
    dt_session_of(ctx, &s);
    SS_FOR_ROWS(rows, n, i, {
        int64_t west;
        if (zv->type.id == IVL) {
            dt_interval iv;
            dt_iv_at(zv, i, &iv);
            if (interval_zone_check(ctx, &iv))
                return SS_ERROR;
            west = -(iv.time / USECS_PER_SEC);
        } else {
            const ss_text *zn = text_at(zv, i);
            dt_zone_ref zr;
            int64_t local;
            if (dt_zone_lookup(ctx, zn->ptr, zn->len, &zr))
                return SS_ERROR;
            if (zr.kind == DT_ZONE_FIXED)
                west = -(int64_t)zr.gmtoff;
            else if (dt_timestamptz_at_zone(s.stmt_start, &zr, &local))
                west = -((local - s.stmt_start) / USECS_PER_SEC);
            else
                return dt_err_timestamp_range(ctx);
        }
        dt_timetz t;
        dt_tz_at(args[1], i, &t);
        int64_t r = (t.time + (t.zone - west) * USECS_PER_SEC) % USECS_PER_DAY;
        if (r < 0)
            r += USECS_PER_DAY;
        dt_timetz res = {r, (int32_t)west};
        if (dt_set_timetz(ctx, out, i, &res))
            return SS_ERROR;
    });
    return SS_OK;
}

/* ---- to_char, to_timestamp(float8) -------------------------------------------------------------- */

DT_FN(fn_to_char)
{
    (void)nargs;
    const ss_vector *v = args[0], *f = args[1];
    const dt_zone *z = v->type.id == TSTZ ? dt_ctx_zone(ctx) : NULL;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        if (rc != SS_OK)
            break;
        const ss_text *fmt = text_at(f, i);
        dt_tc tc;
        if (v->type.id == IVL) {
            dt_interval iv;
            dt_iv_at(v, i, &iv);
            dt_tc_from_interval(&iv, &tc);
        } else {
            int64_t t = ((const int64_t *)v->data)[i];
            if (fmt->len == 0 || t == DT_NOBEGIN || t == DT_NOEND) {
                /* PostgreSQL returns NULL for an empty format or an infinite value */
                if ((rc = ss_vector_ensure_validity(ctx, out)) == SS_OK)
                    ss_vector_set_null(out, i);
                continue;
            }
            if (!dt_tc_from_timestamp(t, v->type.id == TSTZ, z, &tc)) {
                rc = dt_err_timestamp_range(ctx);
                break;
            }
        }
        if (fmt->len == 0) {
            if ((rc = ss_vector_ensure_validity(ctx, out)) == SS_OK)
                ss_vector_set_null(out, i);
            continue;
        }
        ss_strbuf_clear(&sb);
        if ((rc = dt_to_char(ctx, &tc, fmt->ptr, fmt->len, &sb)) == SS_OK)
            rc = ss_vector_set_text(ctx, out, i, sb.data ? sb.data : "", sb.len);
    });
    ss_strbuf_free(&sb);
    return rc;
}

DT_FN(fn_to_timestamp)
{
    (void)nargs;
    const double *s = args[0]->data;
    int64_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        double x = s[i];
        if (isnan(x))
            return ss_ctx_error(ctx, "22023", "timestamp cannot be NaN");
        if (isinf(x)) {
            r[i] = x < 0 ? DT_NOBEGIN : DT_NOEND;
            continue;
        }
        if (x < (double)SECS_PER_DAY * (0 - UNIX_EPOCH_JDATE) ||
            x >= (double)SECS_PER_DAY * (TIMESTAMP_END_JULIAN - UNIX_EPOCH_JDATE))
            return ss_ctx_error(ctx, "22008", "timestamp out of range: \"%g\"", x);
        x -= (double)(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * SECS_PER_DAY;
        x = rint(x * USECS_PER_SEC);
        int64_t v = (int64_t)x;
        if (!IS_VALID_TIMESTAMP(v))
            return ss_ctx_error(ctx, "22008", "timestamp out of range: \"%g\"", s[i]);
        r[i] = v;
    });
    return SS_OK;
}

/* date(timestamp | timestamptz): the cast as a function */
DT_FN(fn_date_of)
{
    (void)nargs;
    const int64_t *t = args[0]->data;
    bool tz = args[0]->type.id == TSTZ;
    const dt_zone *z = tz ? dt_ctx_zone(ctx) : NULL;
    SS_FOR_ROWS(rows, n, i, {
        if (!(tz ? dt_timestamptz2date(t[i], z, &((int32_t *)out->data)[i]) : dt_timestamp2date(t[i], &((int32_t *)out->data)[i])))
            return dt_err_timestamp_range(ctx);
    });
    return SS_OK;
}

/* ---- current time ------------------------------------------------------------------------------ */

/* now() and its spellings; with a precision argument the value is rounded (current_timestamp(p)) */
enum { NOW_TXN, NOW_STATEMENT, NOW_CLOCK };
static int current(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                   ss_vector *out, int which)
{
    dt_session s;
    dt_session_of(ctx, &s);
    int64_t now = which == NOW_CLOCK ? dt_clock_now() : which == NOW_STATEMENT ? s.stmt_ts : s.stmt_start;
    int32_t typmod = nargs == 1 ? i4(args[0], rows ? rows[0] : 0) : -1;
    if (typmod > MAX_TIMESTAMP_PRECISION)
        typmod = MAX_TIMESTAMP_PRECISION;
    int32_t type = out->type.id;
    int64_t v = 0;
    dt_timetz tzv = {0, 0};
    if (type == TSTZ) {
        v = now;
        dt_adjust_timestamp(&v, typmod);
    } else {
        dt_tm tm;
        int64_t fsec;
        if (!dt_timestamptz2tm(now, s.zone, &tm, &fsec))
            return dt_err_timestamp_range(ctx);
        if (type == DATE) {
            v = dt_date2j(tm.year, tm.mon, tm.mday) - POSTGRES_EPOCH_JDATE;
        } else if (type == TS) {
            v = now + (int64_t)tm.gmtoff * USECS_PER_SEC;
            dt_adjust_timestamp(&v, typmod);
        } else {
            v = dt_tm2time(&tm, fsec);
            dt_adjust_time(&v, typmod);
            tzv = (dt_timetz){v, -tm.gmtoff};
        }
    }
    SS_FOR_ROWS(rows, n, i, {
        if (type == DATE)
            ((int32_t *)out->data)[i] = (int32_t)v;
        else if (type == TIMETZ) {
            if (dt_set_timetz(ctx, out, i, &tzv))
                return SS_ERROR;
        } else
            ((int64_t *)out->data)[i] = v;
    });
    return SS_OK;
}
DT_FN(fn_now)
{
    return current(ctx, args, nargs, rows, n, out, NOW_TXN);
}
DT_FN(fn_statement_timestamp)
{
    return current(ctx, args, nargs, rows, n, out, NOW_STATEMENT);
}
DT_FN(fn_clock_timestamp)
{
    return current(ctx, args, nargs, rows, n, out, NOW_CLOCK);
}

/* timeofday(): the wall clock as "Tue Dec 01 20:12:47.895820 2026 UTC" */
DT_FN(fn_timeofday)
{
    (void)args, (void)nargs;
    const dt_zone *z = dt_ctx_zone(ctx);
    static const char *const dn[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char *const mn[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    SS_FOR_ROWS(rows, n, i, {
        dt_tm tm;
        int64_t fsec;
        if (!dt_timestamptz2tm(dt_clock_now(), z, &tm, &fsec))
            return dt_err_timestamp_range(ctx);
        char buf[128];
        int k = snprintf(buf, sizeof buf, "%s %s %02d %02d:%02d:%02d.%06lld %d %s", dn[tm.wday], mn[tm.mon - 1], tm.mday,
                         tm.hour, tm.min, tm.sec, (long long)fsec, tm.year, tm.zone ? tm.zone : "");
        if (ss_vector_set_text(ctx, out, i, buf, (size_t)k))
            return SS_ERROR;
    });
    return SS_OK;
}

/* NAME(text, x) for x of each date/time type */
#define PER_SOURCE(NAME, EVAL, RES)                                                                 \
    DT_DEF(NAME, EVAL, RES, TXT, DATE), DT_DEF(NAME, EVAL, RES, TXT, TS), DT_DEF(NAME, EVAL, RES, TXT, TSTZ), \
        DT_DEF(NAME, EVAL, RES, TXT, TIME), DT_DEF(NAME, EVAL, RES, TXT, TIMETZ), DT_DEF(NAME, EVAL, RES, TXT, IVL)

/* never folded at bind time: the value depends on the statement's time */
#define VOLATILE_DEF(NAME, EVAL, RES, ...)                                                          \
    {NAME, sizeof((int32_t[]){__VA_ARGS__}) / sizeof(int32_t), false, true, {__VA_ARGS__}, RES, EVAL, true}

/* (s1, e1) OVERLAPS (s2, e2) for points of type T, either end an interval (dt_overlaps.c) */
#define OVERLAPS_OF(T)                                                                              \
    {"overlaps", 4, false, false, {T, T, T, T}, BOOLT, dt_fn_overlaps, false},                      \
        {"overlaps", 4, false, false, {T, IVL, T, IVL}, BOOLT, dt_fn_overlaps, false},              \
        {"overlaps", 4, false, false, {T, T, T, IVL}, BOOLT, dt_fn_overlaps, false},                \
        {"overlaps", 4, false, false, {T, IVL, T, T}, BOOLT, dt_fn_overlaps, false}

const ss_func_def dt_timestamp_functions[] = {
    OVERLAPS_OF(TS), OVERLAPS_OF(TSTZ), OVERLAPS_OF(TIME),
    {"overlaps", 4, false, false, {TIMETZ, TIMETZ, TIMETZ, TIMETZ}, BOOLT, dt_fn_overlaps, false},
    PER_SOURCE("extract", fn_extract, NUM),
    PER_SOURCE("date_part", fn_extract, F8),
    DT_DEF("date_bin", dt_fn_date_bin, TS, IVL, TS, TS), DT_DEF("date_bin", dt_fn_date_bin, TSTZ, IVL, TSTZ, TSTZ),
    DT_DEF("date_trunc", fn_date_trunc, TS, TXT, TS),
    DT_DEF("date_trunc", fn_date_trunc, TSTZ, TXT, TSTZ),
    DT_DEF("date_trunc", fn_date_trunc, TSTZ, TXT, TSTZ, TXT),
    DT_DEF("date_trunc", fn_date_trunc, IVL, TXT, IVL),
    VOLATILE_DEF("age", fn_age, IVL, TS),
    VOLATILE_DEF("age", fn_age, IVL, TSTZ),
    DT_DEF("age", fn_age, IVL, TS, TS),
    DT_DEF("age", fn_age, IVL, TSTZ, TSTZ),
    DT_DEF("isfinite", fn_isfinite, BOOLT, DATE), DT_DEF("isfinite", fn_isfinite, BOOLT, TS),
    DT_DEF("isfinite", fn_isfinite, BOOLT, TSTZ), DT_DEF("isfinite", fn_isfinite, BOOLT, IVL),
    DT_DEF("make_date", fn_make_date, DATE, I4, I4, I4),
    DT_DEF("make_time", fn_make_time, TIME, I4, I4, F8),
    DT_DEF("make_timestamp", fn_make_timestamp, TS, I4, I4, I4, I4, I4, F8),
    DT_DEF("make_timestamptz", fn_make_timestamp, TSTZ, I4, I4, I4, I4, I4, F8),
    DT_DEF("make_timestamptz", fn_make_timestamp, TSTZ, I4, I4, I4, I4, I4, F8, TXT),
    DT_DEF("timezone", fn_timezone, TS, TXT, TSTZ),
    DT_DEF("timezone", fn_timezone, TSTZ, TXT, TS),
    DT_DEF("timezone", fn_timezone, TS, IVL, TSTZ),
    DT_DEF("timezone", fn_timezone, TSTZ, IVL, TS),
    DT_DEF("timezone", fn_timezone_timetz, TIMETZ, IVL, TIMETZ),
    /* stable in PostgreSQL: a zone's offset is the one at the statement's start */
    {"timezone", 2, false, true, {TXT, TIMETZ}, TIMETZ, fn_timezone_timetz, true},
    DT_DEF("to_char", fn_to_char, TXT, TS, TXT),
    DT_DEF("to_char", fn_to_char, TXT, TSTZ, TXT),
    DT_DEF("to_char", fn_to_char, TXT, IVL, TXT),
    DT_DEF("to_timestamp", fn_to_timestamp, TSTZ, F8),
    DT_DEF("to_timestamp", dt_fn_to_timestamp_text, TSTZ, TXT, TXT),
    DT_DEF("to_date", dt_fn_to_date_text, DATE, TXT, TXT),
    DT_DEF("date", fn_date_of, DATE, TS),
    DT_DEF("date", fn_date_of, DATE, TSTZ),
    DT_DEF0("now", fn_now, TSTZ),
    DT_DEF0("transaction_timestamp", fn_now, TSTZ),
    DT_DEF0("statement_timestamp", fn_statement_timestamp, TSTZ),
    DT_DEF0("clock_timestamp", fn_clock_timestamp, TSTZ),
    DT_DEF0("timeofday", fn_timeofday, TXT),
    /* the SQL value functions (the parser names them so): CURRENT_DATE, CURRENT_TIME[(p)],
       CURRENT_TIMESTAMP[(p)], LOCALTIME[(p)], LOCALTIMESTAMP[(p)] */
    DT_DEF0("current_date", fn_now, DATE),
    DT_DEF0("current_time", fn_now, TIMETZ),
    VOLATILE_DEF("current_time", fn_now, TIMETZ, I4),
    DT_DEF0("current_timestamp", fn_now, TSTZ),
    VOLATILE_DEF("current_timestamp", fn_now, TSTZ, I4),
    DT_DEF0("localtime", fn_now, TIME),
    VOLATILE_DEF("localtime", fn_now, TIME, I4),
    DT_DEF0("localtimestamp", fn_now, TS),
    VOLATILE_DEF("localtimestamp", fn_now, TS, I4),
    {0},
};

/* make_interval with 0..7 positional arguments (PostgreSQL's defaults are 0) */
const ss_func_def dt_interval_functions[] = {
    {"make_interval", 0, false, true, {0}, IVL, fn_make_interval, false},
    DT_DEF("make_interval", fn_make_interval, IVL, I4),
    DT_DEF("make_interval", fn_make_interval, IVL, I4, I4),
    DT_DEF("make_interval", fn_make_interval, IVL, I4, I4, I4),
    DT_DEF("make_interval", fn_make_interval, IVL, I4, I4, I4, I4),
    DT_DEF("make_interval", fn_make_interval, IVL, I4, I4, I4, I4, I4),
    DT_DEF("make_interval", fn_make_interval, IVL, I4, I4, I4, I4, I4, I4),
    DT_DEF("make_interval", fn_make_interval, IVL, I4, I4, I4, I4, I4, I4, F8),
    DT_DEF("justify_days", fn_justify_days, IVL, IVL),
    DT_DEF("justify_hours", fn_justify_hours, IVL, IVL),
    DT_DEF("justify_interval", fn_justify_interval, IVL, IVL),
    {0},
};

const ss_func_def dt_date_functions[] = {{0}};
const ss_func_def dt_time_functions[] = {{0}};
