/* dt_parse_interval.c — interval text input as PostgreSQL 15 reads it: the verbose and SQL
 * forms ('1 day 2 hours', '1-2', '@ 1 hour ago', '-1 1:00:00', fields picked by the typmod's
 * range) (DecodeInterval) and ISO 8601 durations ('P1Y2M3DT4H5M6S', 'P0001-02-03T04:05:06')
 * (DecodeISO8601Interval).  Both accumulate into a dt_itm whose usec carries the whole time
 * part. */
#include "types/datetime/dt_tokens.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DTK_M(t) (1 << (t))
#define DTK_DATE_M (DTK_M(DTF_YEAR) | DTK_M(DTF_MONTH) | DTK_M(DTF_DAY))
#define DTK_TIME_M (DTK_M(DTF_HOUR) | DTK_M(DTF_MINUTE) | DTK_M(DTF_SECOND))
#define DTK_ALL_SECS_M (DTK_M(DTF_SECOND) | DTK_M(DTF_MILLISECOND) | DTK_M(DTF_MICROSECOND))

static bool adjust_fract_usec(double frac, int64_t scale, dt_itm *it)
{
    if (frac == 0)
        return true;
    frac *= (double)scale;
    int64_t us = (int64_t)frac;
    frac -= (double)us;
    if (frac > 0.5)
        us++;
    else if (frac < -0.5)
        us--;
    return !__builtin_add_overflow(it->usec, us, &it->usec);
}

static bool adjust_fract_days(double frac, int scale, dt_itm *it)
{
    if (frac == 0)
        return true;
    frac *= scale;
    int extra = (int)frac;
    frac -= extra;
    if (!adjust_fract_usec(frac, USECS_PER_DAY, it))
        return false;
    return !__builtin_add_overflow(it->mday, extra, &it->mday);
}

static bool adjust_fract_years(double frac, int scale, dt_itm *it)
{
    int extra = (int)rint(frac * scale * MONTHS_PER_YEAR);
    return !__builtin_add_overflow(it->mon, extra, &it->mon);
}

static bool adjust_usec(int64_t val, double fval, int64_t scale, dt_itm *it)
{
    if (__builtin_mul_overflow(val, scale, &val) || __builtin_add_overflow(it->usec, val, &it->usec))
        return false;
    return adjust_fract_usec(fval, scale, it);
}

static bool adjust_days(int64_t val, int scale, dt_itm *it)
{
    int d;
    if (val < INT_MIN || val > INT_MAX)
        return false;
    return !__builtin_mul_overflow((int32_t)val, scale, &d) && !__builtin_add_overflow(it->mday, d, &it->mday);
}

static bool adjust_months(int64_t val, dt_itm *it)
{
    if (val < INT_MIN || val > INT_MAX)
        return false;
    return !__builtin_add_overflow(it->mon, (int32_t)val, &it->mon);
}

static bool adjust_years(int64_t val, int scale, dt_itm *it)
{
    int y;
    if (val < INT_MIN || val > INT_MAX)
        return false;
    return !__builtin_mul_overflow((int32_t)val, scale, &y) && !__builtin_add_overflow(it->year, y, &it->year);
}

static int parse_fraction(const char *cp, double *frac)
{
    if (cp[1] == '\0') {
        *frac = 0;
        return 0;
    }
    char *e;
    errno = 0;
    *frac = strtod(cp, &e);
    return (*e != '\0' || errno != 0) ? DTERR_BAD_FORMAT : 0;
}

/* ".fff" to microseconds; -1 when not a number to the end */
static int frac_usec(const char *cp, int64_t *usec)
{
    char *e;
    errno = 0;
    double frac = strtod(cp, &e);
    if (*e != '\0' || errno != 0)
        return -1;
    *usec = (int64_t)rint(frac * 1000000);
    return 0;
}

/* hh:mm[:ss[.fff]] (mm:ss.fff; mm:ss under MINUTE TO SECOND) into it->usec (replacing it) */
static int decode_time_for_interval(const char *str, int range, int *tmask, dt_itm *it)
{
    char *cp;
    *tmask = DTK_TIME_M;
    errno = 0;
    int64_t hour = strtoll(str, &cp, 10);
    if (errno == ERANGE)
        return DTERR_FIELD_OVERFLOW;
    if (*cp != ':')
        return DTERR_BAD_FORMAT;
    errno = 0;
    long min = strtol(cp + 1, &cp, 10), sec = 0;
    if (errno == ERANGE || min > INT_MAX)
        return DTERR_FIELD_OVERFLOW;
    int64_t usec = 0;
    if (*cp == '\0') {
        if (range == (INTERVAL_MASK(DTF_MINUTE) | INTERVAL_MASK(DTF_SECOND))) {
            sec = min;
            min = hour;
            hour = 0;
        }
    } else if (*cp == '.') {
        if (frac_usec(cp, &usec))
            return DTERR_BAD_FORMAT;
        sec = min;
        min = hour;
        hour = 0;
    } else if (*cp == ':') {
        errno = 0;
        sec = strtol(cp + 1, &cp, 10);
        if (errno == ERANGE || sec > INT_MAX)
            return DTERR_FIELD_OVERFLOW;
        if (*cp == '.') {
            if (frac_usec(cp, &usec))
                return DTERR_BAD_FORMAT;
        } else if (*cp != '\0') {
            return DTERR_BAD_FORMAT;
        }
    } else {
        return DTERR_BAD_FORMAT;
    }
    if (hour < 0 || min < 0 || min > 59 || sec < 0 || sec > 60 || usec < 0 || usec > USECS_PER_SEC)
        return DTERR_FIELD_OVERFLOW;
    int64_t t = usec, p;
    if (__builtin_mul_overflow(hour, USECS_PER_HOUR, &p) || __builtin_add_overflow(t, p, &t) ||
        __builtin_add_overflow(t, (int64_t)min * USECS_PER_MINUTE, &t) ||
        __builtin_add_overflow(t, (int64_t)sec * USECS_PER_SEC, &t))
        return DTERR_FIELD_OVERFLOW;
    it->usec = t;
    return 0;
}

/* the unit of a bare number at the right end: the typmod's last field (seconds when none) */
static int rightmost_field(int range)
{
#define M(f) INTERVAL_MASK(DTF_##f)
    static const struct {
        int range, type;
    } map[] = {{M(YEAR), DTK_YEAR},
               {M(MONTH), DTK_MONTH},
               {M(YEAR) | M(MONTH), DTK_MONTH},
               {M(DAY), DTK_DAY},
               {M(HOUR), DTK_HOUR},
               {M(DAY) | M(HOUR), DTK_HOUR},
               {M(MINUTE), DTK_MINUTE},
               {M(HOUR) | M(MINUTE), DTK_MINUTE},
               {M(DAY) | M(HOUR) | M(MINUTE), DTK_MINUTE}};
#undef M
    for (size_t k = 0; k < sizeof map / sizeof map[0]; k++)
        if (map[k].range == range)
            return map[k].type;
    return DTK_SECOND;
}

int dt_decode_interval(char **field, int *ftype, int nf, int range, int *dtype, dt_itm *it, bool *sql_negative)
{
    bool force_negative = false, is_before = false;
    int fmask = 0, tmask, type = DTF_IGNORE;
    *dtype = DTK_DELTA;
    memset(it, 0, sizeof *it);
    if (sql_negative && *sql_negative && nf > 0 && *field[0] == '-') {
        force_negative = true;
        for (int i = 1; i < nf; i++)
            if (*field[i] == '-' || *field[i] == '+') {
                force_negative = false;
                break;
            }
    }
    /* backwards, so that units come before their values */
    for (int i = nf - 1; i >= 0; i--) {
        int r;
        switch (ftype[i]) {
        case DTK_TIME:
            if ((r = decode_time_for_interval(field[i], range, &tmask, it)))
                return r;
            if (force_negative && it->usec > 0)
                it->usec = -it->usec;
            type = DTK_DAY;
            break;
        case DTK_TZ:
            if (strchr(field[i] + 1, ':') && decode_time_for_interval(field[i] + 1, range, &tmask, it) == 0) {
                if (*field[i] == '-') {
                    if (it->usec == INT64_MIN)
                        return DTERR_FIELD_OVERFLOW;
                    it->usec = -it->usec;
                }
                if (force_negative && it->usec > 0)
                    it->usec = -it->usec;
                type = DTK_DAY;
                break;
            }
            /* a signed number or year-month */
            __attribute__((fallthrough));
        case DTK_DATE:
        case DTK_NUMBER: {
            if (type == DTF_IGNORE)
                type = rightmost_field(range);
            char *cp;
            errno = 0;
            int64_t val = strtoll(field[i], &cp, 10);
            double fval;
            if (errno == ERANGE)
                return DTERR_FIELD_OVERFLOW;
            if (*cp == '-') {
                /* SQL "years-months" */
                errno = 0;
                long v2 = strtol(cp + 1, &cp, 10);
                if (errno == ERANGE || v2 < 0 || v2 >= MONTHS_PER_YEAR)
                    return DTERR_FIELD_OVERFLOW;
                if (*cp != '\0')
                    return DTERR_BAD_FORMAT;
                type = DTK_MONTH;
                if (*field[i] == '-')
                    v2 = -v2;
                if (__builtin_mul_overflow(val, MONTHS_PER_YEAR, &val) || __builtin_add_overflow(val, v2, &val))
                    return DTERR_FIELD_OVERFLOW;
                fval = 0;
            } else if (*cp == '.') {
                if ((r = parse_fraction(cp, &fval)))
                    return r;
                if (*field[i] == '-')
                    fval = -fval;
            } else if (*cp == '\0') {
                fval = 0;
            } else {
                return DTERR_BAD_FORMAT;
            }
            if (force_negative) {
                if (val > 0)
                    val = -val;
                if (fval > 0)
                    fval = -fval;
            }
            bool ok;
            switch (type) {
            case DTK_MICROSEC:
                ok = adjust_usec(val, fval, 1, it);
                tmask = DTK_M(DTF_MICROSECOND);
                break;
            case DTK_MILLISEC:
                ok = adjust_usec(val, fval, 1000, it);
                tmask = DTK_M(DTF_MILLISECOND);
                break;
            case DTK_SECOND:
                ok = adjust_usec(val, fval, USECS_PER_SEC, it);
                tmask = fval == 0 ? DTK_M(DTF_SECOND) : DTK_ALL_SECS_M;
                break;
            case DTK_MINUTE:
                ok = adjust_usec(val, fval, USECS_PER_MINUTE, it);
                tmask = DTK_M(DTF_MINUTE);
                break;
            case DTK_HOUR:
                ok = adjust_usec(val, fval, USECS_PER_HOUR, it);
                tmask = DTK_M(DTF_HOUR);
                type = DTK_DAY;
                break;
            case DTK_DAY:
                ok = adjust_days(val, 1, it) && adjust_fract_usec(fval, USECS_PER_DAY, it);
                tmask = DTK_M(DTF_DAY);
                break;
            case DTK_WEEK:
                ok = adjust_days(val, 7, it) && adjust_fract_days(fval, 7, it);
                tmask = DTK_M(DTF_WEEK);
                break;
            case DTK_MONTH:
                ok = adjust_months(val, it) && adjust_fract_days(fval, DAYS_PER_MONTH, it);
                tmask = DTK_M(DTF_MONTH);
                break;
            case DTK_YEAR:
            case DTK_DECADE:
            case DTK_CENTURY:
            case DTK_MILLENNIUM: {
                int k = type == DTK_YEAR ? 0 : type == DTK_DECADE ? 1 : type == DTK_CENTURY ? 2 : 3;
                static const int scale[4] = {1, 10, 100, 1000};
                static const int bit[4] = {DTF_YEAR, DTF_DECADE, DTF_CENTURY, DTF_MILLENNIUM};
                ok = adjust_years(val, scale[k], it) && adjust_fract_years(fval, scale[k], it);
                tmask = DTK_M(bit[k]);
                break;
            }
            default:
                return DTERR_BAD_FORMAT;
            }
            if (!ok)
                return DTERR_FIELD_OVERFLOW;
            break;
        }
        case DTK_STRING:
        case DTK_SPECIAL: {
            const dt_token *t = dt_delta_token(field[i]);
            int ty = t ? t->type : DTF_UNKNOWN;
            if (ty == DTF_IGNORE)
                continue;
            tmask = 0;
            if (ty == DTF_UNITS)
                type = t->value;
            else if (ty == DTF_AGO) {
                is_before = true;
                type = t->value;
            } else
                return DTERR_BAD_FORMAT;
            break;
        }
        default:
            return DTERR_BAD_FORMAT;
        }
        if (tmask & fmask)
            return DTERR_BAD_FORMAT;
        fmask |= tmask;
    }
    if (fmask == 0)
        return DTERR_BAD_FORMAT;
    if (is_before) {
        if (it->usec == INT64_MIN || it->mday == INT_MIN || it->mon == INT_MIN || it->year == INT_MIN)
            return DTERR_FIELD_OVERFLOW;
        it->usec = -it->usec;
        it->mday = -it->mday;
        it->mon = -it->mon;
        it->year = -it->year;
    }
    return 0;
}

static int parse_iso_number(const char *str, char **end, int64_t *ipart, double *fpart)
{
    if (!(isdigit((unsigned char)*str) || *str == '-' || *str == '.'))
        return DTERR_BAD_FORMAT;
    errno = 0;
    double v = strtod(str, end);
    if (*end == str || errno != 0)
        return DTERR_BAD_FORMAT;
    if (isnan(v) || v < -1.0e15 || v > 1.0e15)
        return DTERR_FIELD_OVERFLOW;
    *ipart = v >= 0 ? (int64_t)floor(v) : (int64_t)-floor(-v);
    *fpart = v - (double)*ipart;
    return 0;
}

static int iso_int_width(const char *s)
{
    if (*s == '-')
        s++;
    return (int)strspn(s, "0123456789");
}

static int decode_iso8601(const char *str, dt_itm *it)
{
    bool datepart = true, havefield = false;
    memset(it, 0, sizeof *it);
    if (strlen(str) < 2 || str[0] != 'P')
        return DTERR_BAD_FORMAT;
    char *p = (char *)str + 1;
    while (*p) {
        if (*p == 'T') {
            datepart = false;
            havefield = false;
            p++;
            continue;
        }
        char *start = p;
        int64_t val;
        double fval;
        int r = parse_iso_number(p, &p, &val, &fval);
        if (r)
            return r;
        char unit = *p++;
        if (datepart) {
            switch (unit) {
            case 'Y':
                if (!adjust_years(val, 1, it) || !adjust_fract_years(fval, 1, it))
                    return DTERR_FIELD_OVERFLOW;
                break;
            case 'M':
                if (!adjust_months(val, it) || !adjust_fract_days(fval, DAYS_PER_MONTH, it))
                    return DTERR_FIELD_OVERFLOW;
                break;
            case 'W':
                if (!adjust_days(val, 7, it) || !adjust_fract_days(fval, 7, it))
                    return DTERR_FIELD_OVERFLOW;
                break;
            case 'D':
                if (!adjust_days(val, 1, it) || !adjust_fract_usec(fval, USECS_PER_DAY, it))
                    return DTERR_FIELD_OVERFLOW;
                break;
            case 'T':
            case '\0':
                if (iso_int_width(start) == 8 && !havefield) {
                    if (!adjust_years(val / 10000, 1, it) || !adjust_months((val / 100) % 100, it) ||
                        !adjust_days(val % 100, 1, it) || !adjust_fract_usec(fval, USECS_PER_DAY, it))
                        return DTERR_FIELD_OVERFLOW;
                    if (unit == '\0')
                        return 0;
                    datepart = false;
                    havefield = false;
                    continue;
                }
                /* the extended alternative format */
                __attribute__((fallthrough));
            case '-':
                if (havefield)
                    return DTERR_BAD_FORMAT;
                if (!adjust_years(val, 1, it) || !adjust_fract_years(fval, 1, it))
                    return DTERR_FIELD_OVERFLOW;
                if (unit == '\0')
                    return 0;
                if (unit == 'T') {
                    datepart = false;
                    havefield = false;
                    continue;
                }
                if ((r = parse_iso_number(p, &p, &val, &fval)))
                    return r;
                if (!adjust_months(val, it) || !adjust_fract_days(fval, DAYS_PER_MONTH, it))
                    return DTERR_FIELD_OVERFLOW;
                /* at a 'T' the loop's top starts the time part */
                if (*p == '\0')
                    return 0;
                if (*p == 'T')
                    continue;
                if (*p != '-')
                    return DTERR_BAD_FORMAT;
                p++;
                if ((r = parse_iso_number(p, &p, &val, &fval)))
                    return r;
                if (!adjust_days(val, 1, it) || !adjust_fract_usec(fval, USECS_PER_DAY, it))
                    return DTERR_FIELD_OVERFLOW;
                if (*p == '\0')
                    return 0;
                if (*p == 'T')
                    continue;
                return DTERR_BAD_FORMAT;
            default:
                return DTERR_BAD_FORMAT;
            }
        } else {
            switch (unit) {
            case 'H':
                if (!adjust_usec(val, fval, USECS_PER_HOUR, it))
                    return DTERR_FIELD_OVERFLOW;
                break;
            case 'M':
                if (!adjust_usec(val, fval, USECS_PER_MINUTE, it))
                    return DTERR_FIELD_OVERFLOW;
                break;
            case 'S':
                if (!adjust_usec(val, fval, USECS_PER_SEC, it))
                    return DTERR_FIELD_OVERFLOW;
                break;
            case '\0':
                if (iso_int_width(start) == 6 && !havefield) {
                    if (!adjust_usec(val / 10000, 0, USECS_PER_HOUR, it) ||
                        !adjust_usec((val / 100) % 100, 0, USECS_PER_MINUTE, it) ||
                        !adjust_usec(val % 100, 0, USECS_PER_SEC, it) || !adjust_fract_usec(fval, 1, it))
                        return DTERR_FIELD_OVERFLOW;
                    return 0;
                }
                __attribute__((fallthrough));
            case ':':
                if (havefield)
                    return DTERR_BAD_FORMAT;
                if (!adjust_usec(val, fval, USECS_PER_HOUR, it))
                    return DTERR_FIELD_OVERFLOW;
                if (unit == '\0')
                    return 0;
                if ((r = parse_iso_number(p, &p, &val, &fval)))
                    return r;
                if (!adjust_usec(val, fval, USECS_PER_MINUTE, it))
                    return DTERR_FIELD_OVERFLOW;
                if (*p == '\0')
                    return 0;
                if (*p != ':')
                    return DTERR_BAD_FORMAT;
                p++;
                if ((r = parse_iso_number(p, &p, &val, &fval)))
                    return r;
                if (!adjust_usec(val, fval, USECS_PER_SEC, it))
                    return DTERR_FIELD_OVERFLOW;
                if (*p == '\0')
                    return 0;
                return DTERR_BAD_FORMAT;
            default:
                return DTERR_BAD_FORMAT;
            }
        }
        havefield = true;
    }
    return 0;
}

int dt_decode_iso8601_interval(const char *str, int *dtype, dt_interval *out)
{
    dt_itm it;
    *dtype = DTK_DELTA;
    int r = decode_iso8601(str, &it);
    if (r)
        return r;
    int64_t months = (int64_t)it.year * MONTHS_PER_YEAR + it.mon;
    if (months > INT32_MAX || months < INT32_MIN)
        return DTERR_INTERVAL_OVERFLOW;
    out->month = (int32_t)months;
    out->day = it.mday;
    out->time = it.usec;
    return 0;
}
