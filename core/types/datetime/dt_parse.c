/* dt_parse.c — date/time text input as PostgreSQL 15 reads it: the field splitter
 * (ParseDateTime), the decoders of dates and times (DecodeDateTime, DecodeTimeOnly,
 * DecodeDate, DecodeNumber, DecodeNumberField, DecodeTime, DecodeTimezone) with the session's
 * DateStyle field order and time zone, and the error reports (DateTimeParseError). */
#include "types/datetime/dt_tokens.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DTK_M(t) (1 << (t))

/* the zone name a decoder failed on (DTERR_BAD_ZONE), for dt_report */
static _Thread_local char bad_zone[128];

static int bad_zone_error(const char *name)
{
    snprintf(bad_zone, sizeof bad_zone, "%s", name);
    return DTERR_BAD_ZONE;
}
#define DTK_DATE_M (DTK_M(DTF_YEAR) | DTK_M(DTF_MONTH) | DTK_M(DTF_DAY))
#define DTK_TIME_M (DTK_M(DTF_HOUR) | DTK_M(DTF_MINUTE) | DTK_M(DTF_SECOND))

int dt_parse_fields(const char *str, char *workbuf, size_t buflen, char **field, int *ftype, int maxfields, int *nfp)
{
    int nf = 0;
    const char *cp = str;
    char *bp = workbuf;
    const char *end = workbuf + buflen;
#define APPEND(c)                                                                                  \
    do {                                                                                           \
        if (bp + 1 >= end)                                                                         \
            return DTERR_BAD_FORMAT;                                                               \
        *bp++ = (char)(c);                                                                         \
    } while (0)
    while (*cp) {
        if (isspace((unsigned char)*cp)) {
            cp++;
            continue;
        }
        if (nf >= maxfields)
            return DTERR_BAD_FORMAT;
        field[nf] = bp;
        if (isdigit((unsigned char)*cp)) {
            APPEND(*cp++);
            while (isdigit((unsigned char)*cp))
                APPEND(*cp++);
            if (*cp == ':') {
                ftype[nf] = DTK_TIME;
                APPEND(*cp++);
                while (isdigit((unsigned char)*cp) || *cp == ':' || *cp == '.')
                    APPEND(*cp++);
            } else if (*cp == '-' || *cp == '/' || *cp == '.') {
                char delim = *cp;
                APPEND(*cp++);
                if (isdigit((unsigned char)*cp)) {
                    ftype[nf] = delim == '.' ? DTK_NUMBER : DTK_DATE;
                    while (isdigit((unsigned char)*cp))
                        APPEND(*cp++);
                    if (*cp == delim) {
                        ftype[nf] = DTK_DATE;
                        APPEND(*cp++);
                        while (isdigit((unsigned char)*cp) || *cp == delim)
                            APPEND(*cp++);
                    }
                } else {
                    ftype[nf] = DTK_DATE;
                    while (isalnum((unsigned char)*cp) || *cp == delim)
                        APPEND(tolower((unsigned char)*cp++));
                }
            } else {
                ftype[nf] = DTK_NUMBER;
            }
        } else if (*cp == '.') {
            APPEND(*cp++);
            while (isdigit((unsigned char)*cp))
                APPEND(*cp++);
            ftype[nf] = DTK_NUMBER;
        } else if (isalpha((unsigned char)*cp)) {
            ftype[nf] = DTK_STRING;
            APPEND(tolower((unsigned char)*cp++));
            while (isalpha((unsigned char)*cp))
                APPEND(tolower((unsigned char)*cp++));
            /* a date with a text month, or a zone name with embedded punctuation, unless what
               we have is a keyword followed by a digit or '+' */
            bool is_date = false;
            if (*cp == '-' || *cp == '/' || *cp == '.')
                is_date = true;
            else if (*cp == '+' || isdigit((unsigned char)*cp)) {
                *bp = '\0';
                is_date = dt_date_token(field[nf]) == NULL;
            }
            if (is_date) {
                ftype[nf] = DTK_DATE;
                do
                    APPEND(tolower((unsigned char)*cp++));
                while (*cp == '+' || *cp == '-' || *cp == '/' || *cp == '_' || *cp == '.' || *cp == ':' ||
                       isalnum((unsigned char)*cp));
            }
        } else if (*cp == '+' || *cp == '-') {
            APPEND(*cp++);
            while (isspace((unsigned char)*cp))
                cp++;
            if (isdigit((unsigned char)*cp)) {
                ftype[nf] = DTK_TZ;
                APPEND(*cp++);
                while (isdigit((unsigned char)*cp) || *cp == ':' || *cp == '.' || *cp == '-')
                    APPEND(*cp++);
            } else if (isalpha((unsigned char)*cp)) {
                ftype[nf] = DTK_SPECIAL;
                APPEND(tolower((unsigned char)*cp++));
                while (isalpha((unsigned char)*cp))
                    APPEND(tolower((unsigned char)*cp++));
            } else {
                return DTERR_BAD_FORMAT;
            }
        } else if (ispunct((unsigned char)*cp)) {
            cp++;
            continue;
        } else {
            return DTERR_BAD_FORMAT;
        }
        APPEND('\0');
        nf++;
    }
#undef APPEND
    *nfp = nf;
    return 0;
}

/* strtol into an int with PostgreSQL's strtoint overflow rule */
static int strtoint(const char *s, char **end, int *ovf)
{
    errno = 0;
    long v = strtol(s, end, 10);
    if (errno == ERANGE || v > INT_MAX || v < INT_MIN) {
        *ovf = 1;
        return 0;
    }
    return (int)v;
}

static int parse_fractional_second(const char *cp, int64_t *fsec)
{
    char *e;
    errno = 0;
    double frac = strtod(cp, &e);
    if (*e != '\0' || errno != 0)
        return DTERR_BAD_FORMAT;
    *fsec = (int64_t)rint(frac * 1000000);
    return 0;
}

static int decode_number_field(int len, char *str, int fmask, int *tmask, dt_tm *tm, int64_t *fsec, bool *is2digits)
{
    char *cp = strchr(str, '.');
    if (cp) {
        if (cp[1] == '\0')
            *fsec = 0;
        else {
            errno = 0;
            double frac = strtod(cp, NULL);
            if (errno != 0)
                return DTERR_BAD_FORMAT;
            *fsec = (int64_t)rint(frac * 1000000);
        }
        *cp = '\0';
        len = (int)strlen(str);
    } else if ((fmask & DTK_DATE_M) != DTK_DATE_M) {
        if (len >= 6) {
            *tmask = DTK_DATE_M;
            tm->mday = atoi(str + (len - 2));
            str[len - 2] = '\0';
            tm->mon = atoi(str + (len - 4));
            str[len - 4] = '\0';
            tm->year = atoi(str);
            if (len - 4 == 2)
                *is2digits = true;
            return DTK_DATE;
        }
    }
    if ((fmask & DTK_TIME_M) != DTK_TIME_M) {
        if (len == 6) {
            *tmask = DTK_TIME_M;
            tm->sec = atoi(str + 4);
            str[4] = '\0';
            tm->min = atoi(str + 2);
            str[2] = '\0';
            tm->hour = atoi(str);
            return DTK_TIME;
        } else if (len == 4) {
            *tmask = DTK_TIME_M;
            tm->sec = 0;
            tm->min = atoi(str + 2);
            str[2] = '\0';
            tm->hour = atoi(str);
            return DTK_TIME;
        }
    }
    return DTERR_BAD_FORMAT;
}

static int decode_number(const dt_session *s, int flen, char *str, bool have_text_month, int fmask, int *tmask,
                         dt_tm *tm, int64_t *fsec, bool *is2digits)
{
    *tmask = 0;
    char *cp;
    int ovf = 0;
    int val = strtoint(str, &cp, &ovf);
    if (ovf)
        return DTERR_FIELD_OVERFLOW;
    if (cp == str)
        return DTERR_BAD_FORMAT;
    if (*cp == '.') {
        if (cp - str > 2) {
            int r = decode_number_field(flen, str, fmask | DTK_DATE_M, tmask, tm, fsec, is2digits);
            return r < 0 ? r : 0;
        }
        int r = parse_fractional_second(cp, fsec);
        if (r)
            return r;
    } else if (*cp != '\0') {
        return DTERR_BAD_FORMAT;
    }
    if (flen == 3 && (fmask & DTK_DATE_M) == DTK_M(DTF_YEAR) && val >= 1 && val <= 366) {
        *tmask = DTK_M(DTF_DOY) | DTK_M(DTF_MONTH) | DTK_M(DTF_DAY);
        tm->yday = val;
        return 0;
    }
    int order = s->date_order;
    switch (fmask & DTK_DATE_M) {
    case 0:
        if (flen >= 3 || order == DT_ORDER_YMD) {
            *tmask = DTK_M(DTF_YEAR);
            tm->year = val;
        } else if (order == DT_ORDER_DMY) {
            *tmask = DTK_M(DTF_DAY);
            tm->mday = val;
        } else {
            *tmask = DTK_M(DTF_MONTH);
            tm->mon = val;
        }
        break;
    case DTK_M(DTF_YEAR):
        *tmask = DTK_M(DTF_MONTH);
        tm->mon = val;
        break;
    case DTK_M(DTF_MONTH):
        if (have_text_month) {
            if (flen >= 3 || order == DT_ORDER_YMD) {
                *tmask = DTK_M(DTF_YEAR);
                tm->year = val;
            } else {
                *tmask = DTK_M(DTF_DAY);
                tm->mday = val;
            }
        } else {
            *tmask = DTK_M(DTF_DAY);
            tm->mday = val;
        }
        break;
    case DTK_M(DTF_YEAR) | DTK_M(DTF_MONTH):
        if (have_text_month) {
            if (flen >= 3 && *is2digits) {
                *tmask = DTK_M(DTF_DAY);
                tm->mday = tm->year;
                tm->year = val;
                *is2digits = false;
            } else {
                *tmask = DTK_M(DTF_DAY);
                tm->mday = val;
            }
        } else {
            *tmask = DTK_M(DTF_DAY);
            tm->mday = val;
        }
        break;
    case DTK_M(DTF_DAY):
        *tmask = DTK_M(DTF_MONTH);
        tm->mon = val;
        break;
    case DTK_M(DTF_MONTH) | DTK_M(DTF_DAY):
        *tmask = DTK_M(DTF_YEAR);
        tm->year = val;
        break;
    case DTK_DATE_M: {
        int r = decode_number_field(flen, str, fmask, tmask, tm, fsec, is2digits);
        return r < 0 ? r : 0;
    }
    default:
        return DTERR_BAD_FORMAT;
    }
    if (*tmask == DTK_M(DTF_YEAR))
        *is2digits = flen <= 2;
    return 0;
}

static int decode_date(const dt_session *s, char *str, int fmask, int *tmask, bool *is2digits, dt_tm *tm)
{
    char *field[DT_MAXFIELDS];
    int nf = 0;
    bool have_text_month = false;
    *tmask = 0;
    while (*str && nf < DT_MAXFIELDS) {
        while (*str && !isalnum((unsigned char)*str))
            str++;
        if (!*str)
            return DTERR_BAD_FORMAT;
        field[nf] = str;
        if (isdigit((unsigned char)*str))
            while (isdigit((unsigned char)*str))
                str++;
        else if (isalpha((unsigned char)*str))
            while (isalpha((unsigned char)*str))
                str++;
        if (*str)
            *str++ = '\0';
        nf++;
    }
    for (int i = 0; i < nf; i++) {
        if (!isalpha((unsigned char)*field[i]))
            continue;
        const dt_token *t = dt_date_token(field[i]);
        int type = t ? t->type : DTF_UNKNOWN;
        if (type == DTF_IGNORE)
            continue;
        if (type != DTF_MONTH)
            return DTERR_BAD_FORMAT;
        int dmask = DTK_M(type);
        tm->mon = t->value;
        have_text_month = true;
        if (fmask & dmask)
            return DTERR_BAD_FORMAT;
        fmask |= dmask;
        *tmask |= dmask;
        field[i] = NULL;
    }
    for (int i = 0; i < nf; i++) {
        if (!field[i])
            continue;
        int len = (int)strlen(field[i]);
        if (len <= 0)
            return DTERR_BAD_FORMAT;
        int dmask;
        int64_t fsec = 0;
        int r = decode_number(s, len, field[i], have_text_month, fmask, &dmask, tm, &fsec, is2digits);
        if (r)
            return r;
        if (fmask & dmask)
            return DTERR_BAD_FORMAT;
        fmask |= dmask;
        *tmask |= dmask;
    }
    if ((fmask & ~(DTK_M(DTF_DOY) | DTK_M(DTF_TZ))) != DTK_DATE_M)
        return DTERR_BAD_FORMAT;
    return 0;
}

static int decode_time(char *str, int range, int *tmask, dt_tm *tm, int64_t *fsec)
{
    char *cp;
    int ovf = 0;
    *tmask = DTK_TIME_M;
    tm->hour = strtoint(str, &cp, &ovf);
    if (ovf)
        return DTERR_FIELD_OVERFLOW;
    if (*cp != ':')
        return DTERR_BAD_FORMAT;
    tm->min = strtoint(cp + 1, &cp, &ovf);
    if (ovf)
        return DTERR_FIELD_OVERFLOW;
    if (*cp == '\0') {
        tm->sec = 0;
        *fsec = 0;
        if (range == (INTERVAL_MASK(DTF_MINUTE) | INTERVAL_MASK(DTF_SECOND))) {
            tm->sec = tm->min;
            tm->min = tm->hour;
            tm->hour = 0;
        }
    } else if (*cp == '.') {
        int r = parse_fractional_second(cp, fsec);
        if (r)
            return r;
        tm->sec = tm->min;
        tm->min = tm->hour;
        tm->hour = 0;
    } else if (*cp == ':') {
        tm->sec = strtoint(cp + 1, &cp, &ovf);
        if (ovf)
            return DTERR_FIELD_OVERFLOW;
        if (*cp == '\0')
            *fsec = 0;
        else if (*cp == '.') {
            int r = parse_fractional_second(cp, fsec);
            if (r)
                return r;
        } else
            return DTERR_BAD_FORMAT;
    } else {
        return DTERR_BAD_FORMAT;
    }
    if (tm->hour < 0 || tm->min < 0 || tm->min > 59 || tm->sec < 0 || tm->sec > 60 || *fsec < 0 ||
        *fsec > USECS_PER_SEC)
        return DTERR_FIELD_OVERFLOW;
    return 0;
}

int dt_decode_timezone(const char *str, int *tzp)
{
    if (*str != '+' && *str != '-')
        return DTERR_BAD_FORMAT;
    char *cp;
    int ovf = 0, min = 0, sec = 0;
    int hr = strtoint(str + 1, &cp, &ovf);
    if (ovf)
        return DTERR_TZDISP_OVERFLOW;
    if (*cp == ':') {
        min = strtoint(cp + 1, &cp, &ovf);
        if (ovf)
            return DTERR_TZDISP_OVERFLOW;
        if (*cp == ':') {
            sec = strtoint(cp + 1, &cp, &ovf);
            if (ovf)
                return DTERR_TZDISP_OVERFLOW;
        }
    } else if (*cp == '\0' && strlen(str) > 3) {
        min = hr % 100;
        hr = hr / 100;
    }
    if (hr < 0 || hr > MAX_TZDISP_HOUR || min < 0 || min >= 60 || sec < 0 || sec >= 60)
        return DTERR_TZDISP_OVERFLOW;
    int tz = (hr * 60 + min) * 60 + sec;
    if (*str == '-')
        tz = -tz;
    *tzp = -tz;
    if (*cp != '\0')
        return DTERR_BAD_FORMAT;
    return 0;
}

static int validate_date(int fmask, bool isjulian, bool is2digits, bool bc, dt_tm *tm)
{
    if (fmask & DTK_M(DTF_YEAR)) {
        if (isjulian) {
        } else if (bc) {
            if (tm->year <= 0)
                return DTERR_FIELD_OVERFLOW;
            tm->year = -(tm->year - 1);
        } else if (is2digits) {
            if (tm->year < 0)
                return DTERR_FIELD_OVERFLOW;
            if (tm->year < 70)
                tm->year += 2000;
            else if (tm->year < 100)
                tm->year += 1900;
        } else if (tm->year <= 0) {
            return DTERR_FIELD_OVERFLOW;
        }
    }
    if (fmask & DTK_M(DTF_DOY))
        dt_j2date(dt_date2j(tm->year, 1, 1) + tm->yday - 1, &tm->year, &tm->mon, &tm->mday);
    if ((fmask & DTK_M(DTF_MONTH)) && (tm->mon < 1 || tm->mon > 12))
        return DTERR_MD_FIELD_OVERFLOW;
    if ((fmask & DTK_M(DTF_DAY)) && (tm->mday < 1 || tm->mday > 31))
        return DTERR_MD_FIELD_OVERFLOW;
    if ((fmask & DTK_DATE_M) == DTK_DATE_M && tm->mday > dt_days_in_month(tm->year, tm->mon))
        return DTERR_FIELD_OVERFLOW;
    return 0;
}

static bool time_overflows(int hour, int min, int sec, int64_t fsec)
{
    if (hour < 0 || hour > 24 || min < 0 || min >= 60 || sec < 0 || sec > 60 || fsec < 0 || fsec > USECS_PER_SEC)
        return true;
    return (((int64_t)hour * 60 + min) * 60 + sec) * USECS_PER_SEC + fsec > USECS_PER_DAY;
}

/* the session's current local date/time (GetCurrentDateTime / GetCurrentTimeUsec) */
static void current_local(const dt_session *s, dt_tm *tm, int64_t *fsec, int *tzp)
{
    int64_t f;
    if (!dt_timestamptz2tm(s->stmt_start, s->zone, tm, &f))
        memset(tm, 0, sizeof *tm);
    if (fsec)
        *fsec = f;
    if (tzp)
        *tzp = -tm->gmtoff;
}

/* The meaning of a word as a time zone abbreviation (DecodeTimezoneAbbrev): DTF_TZ / DTF_DTZ
 * with *val seconds east, DTF_DYNTZ with *zone, or DTF_UNKNOWN. */
static int decode_tz_abbrev(const char *s, int *val, const dt_zone **zone)
{
    const dt_abbrev *a = dt_abbrev_find(s);
    if (!a)
        return DTF_UNKNOWN;
    if (a->zone) {
        *zone = dt_tz_load(a->zone);
        return *zone ? DTF_DYNTZ : DTF_UNKNOWN;
    }
    *val = a->gmtoff;
    return a->isdst ? DTF_DTZ : DTF_TZ;
}

/* numbers labelled by a preceding "j" or "t" */
static int decode_labelled(int ptype, char *f, int fmask, int *tmask, dt_tm *tm, int64_t *fsec, bool *is2digits,
                           bool *isjulian)
{
    char *cp;
    int ovf = 0;
    int value = strtoint(f, &cp, &ovf);
    if (ovf)
        return DTERR_FIELD_OVERFLOW;
    if (*cp != '.' && *cp != '\0')
        return DTERR_BAD_FORMAT;
    if (ptype == DTK_JULIAN) {
        if (value < 0)
            return DTERR_FIELD_OVERFLOW;
        *tmask = DTK_DATE_M;
        dt_j2date(value, &tm->year, &tm->mon, &tm->mday);
        *isjulian = true;
        if (*cp == '.') {
            double t = strtod(cp, &cp);
            if (*cp != '\0')
                return DTERR_BAD_FORMAT;
            int64_t us = (int64_t)rint(t * USECS_PER_DAY);
            dt_time2tm(us, tm, fsec);
            *tmask |= DTK_TIME_M;
        }
        return 0;
    }
    if (ptype == DTK_TIME) {
        int r = decode_number_field((int)strlen(f), f, fmask | DTK_DATE_M, tmask, tm, fsec, is2digits);
        if (r < 0)
            return r;
        return *tmask != DTK_TIME_M ? DTERR_BAD_FORMAT : 0;
    }
    return DTERR_BAD_FORMAT;
}

/* What DecodeDateTime and DecodeTimeOnly track across the fields. */
typedef struct decoder {
    int fmask, ptype, mer;
    bool have_text_month, isjulian, is2digits, bc;
    const dt_zone *named, *abbrev_zone; /* a zone name; a dynamic abbreviation's zone */
    const char *abbrev;
} decoder;

static void decoder_init(decoder *d, dt_tm *tm, int64_t *fsec, int *tzp, int *dtype, int kind)
{
    *dtype = kind;
    memset(d, 0, sizeof *d);
    d->mer = DT_HR24;
    memset(tm, 0, sizeof *tm);
    tm->isdst = -1;
    *fsec = 0;
    if (tzp)
        *tzp = 0;
}

/* a word: a time zone abbreviation first (they take precedence), then a date keyword */
static int word_type(const char *f, int *val, const dt_zone **valtz)
{
    *val = 0;
    *valtz = NULL;
    int type = decode_tz_abbrev(f, val, valtz);
    if (type == DTF_UNKNOWN) {
        const dt_token *t = dt_date_token(f);
        type = t ? t->type : DTF_UNKNOWN;
        *val = t ? t->value : 0;
    }
    return type;
}

/* The words both decoders read alike: zone abbreviations and modifiers, AM/PM, AD/BC and an
 * all-alpha zone name.  1: handled (*tmask updated), 0: not one of them, else a DTERR. */
static int common_word(decoder *d, int type, int val, const dt_zone *valtz, char *f, int *ftype, dt_tm *tm,
                       int *tzp, int *tmask)
{
    switch (type) {
    case DTF_DTZMOD:
        *tmask |= DTK_M(DTF_DTZ);
        tm->isdst = 1;
        if (!tzp)
            return DTERR_BAD_FORMAT;
        *tzp -= val;
        return 1;
    case DTF_DTZ:
    case DTF_TZ:
        if (type == DTF_DTZ)
            *tmask |= DTK_M(DTF_TZ);
        tm->isdst = type == DTF_DTZ;
        if (!tzp)
            return DTERR_BAD_FORMAT;
        *tzp = -val;
        *ftype = DTK_TZ;
        return 1;
    case DTF_DYNTZ:
        *tmask |= DTK_M(DTF_TZ);
        if (!tzp)
            return DTERR_BAD_FORMAT;
        d->abbrev_zone = valtz;
        d->abbrev = f;
        *ftype = DTK_TZ;
        return 1;
    case DTF_AMPM:
        d->mer = val;
        return 1;
    case DTF_ADBC:
        d->bc = val == DT_BC;
        return 1;
    case DTF_UNKNOWN:
        d->named = dt_tz_load(f);
        if (!d->named)
            return DTERR_BAD_FORMAT;
        *tmask = DTK_M(DTF_TZ);
        return 1;
    default:
        return 0;
    }
}

/* "+05", "-03:30": an explicit offset field */
static int tz_field(const char *f, int *tzp, int *tmask)
{
    int tz;
    if (!tzp)
        return DTERR_BAD_FORMAT;
    int r = dt_decode_timezone(f, &tz);
    if (r)
        return r;
    *tzp = tz;
    *tmask = DTK_M(DTF_TZ);
    return 0;
}

/* a run-together time with a trailing zone ("hhmmss-zz"), or a zone name with punctuation */
static int time_with_zone_or_name(decoder *d, char *f, int fmask, int *ftype, dt_tm *tm, int64_t *fsec, int *tzp,
                                  int *tmask)
{
    if (isdigit((unsigned char)*f)) {
        if ((d->fmask & DTK_TIME_M) == DTK_TIME_M)
            return DTERR_BAD_FORMAT;
        char *cp = strchr(f, '-');
        if (!cp)
            return DTERR_BAD_FORMAT;
        int r = dt_decode_timezone(cp, tzp);
        if (r)
            return r;
        *cp = '\0';
        r = decode_number_field((int)strlen(f), f, fmask, tmask, tm, fsec, &d->is2digits);
        if (r < 0)
            return r;
        *ftype = r;
        *tmask |= DTK_M(DTF_TZ);
        return 0;
    }
    d->named = dt_tz_load(f);
    if (!d->named)
        return bad_zone_error(f);
    *ftype = DTK_TZ;
    *tmask = DTK_M(DTF_TZ);
    return 0;
}

#define WORD_IGNORED 2
/* A word field: WORD_IGNORED ("at", "on"), 1 when common_word read it, 0 with *type / *val
 * for the caller's own cases (*tmask is the type's bit), else a DTERR. */
static int read_word(decoder *d, char *f, int *ftype, dt_tm *tm, int *tzp, int *tmask, int *type, int *val)
{
    const dt_zone *valtz;
    *type = word_type(f, val, &valtz);
    if (*type == DTF_IGNORE)
        return WORD_IGNORED;
    *tmask = *type == DTF_UNKNOWN ? 0 : DTK_M(*type);
    return common_word(d, *type, *val, valtz, f, ftype, tm, tzp, tmask);
}

/* ValidateDate and the AM/PM adjustment, after the last field */
static int finish_fields(decoder *d, dt_tm *tm)
{
    int r = validate_date(d->fmask, d->isjulian, d->is2digits, d->bc, tm);
    if (r)
        return r;
    if (d->mer != DT_HR24 && tm->hour > 12)
        return DTERR_FIELD_OVERFLOW;
    if (d->mer == DT_AM && tm->hour == 12)
        tm->hour = 0;
    else if (d->mer == DT_PM && tm->hour != 12)
        tm->hour += 12;
    return 0;
}

/* an offset field, or a number labelled by the word before it ("j", "t") */
static int tz_or_labelled(decoder *d, int ftype, char *f, dt_tm *tm, int64_t *fsec, int *tzp, int *tmask)
{
    if (ftype == DTK_TZ)
        return tz_field(f, tzp, tmask);
    int r = decode_labelled(d->ptype, f, d->fmask, tmask, tm, fsec, &d->is2digits, &d->isjulian);
    d->ptype = 0;
    return r;
}

static int add_mask(decoder *d, int tmask)
{
    if (tmask & d->fmask)
        return DTERR_BAD_FORMAT;
    d->fmask |= tmask;
    return 0;
}

int dt_decode_datetime(const dt_session *s, char **field, int *ftype, int nf, int *dtype, dt_tm *tm, int64_t *fsec,
                       int *tzp)
{
    decoder d;
    decoder_init(&d, tm, fsec, tzp, dtype, DTK_DATE_VALUE);
    for (int i = 0; i < nf; i++) {
        int r = 0, tmask = 0;
        switch (ftype[i]) {
        case DTK_DATE:
            if (d.ptype == DTK_JULIAN)
                return DTERR_BAD_FORMAT;
            if (d.ptype != 0 || (d.fmask & (DTK_M(DTF_MONTH) | DTK_M(DTF_DAY))) == (DTK_M(DTF_MONTH) | DTK_M(DTF_DAY))) {
                /* a date already: a zone name with punctuation or a time with a zone */
                if (!tzp || (d.ptype != 0 && d.ptype != DTK_TIME))
                    return DTERR_BAD_FORMAT;
                if (d.ptype != 0 && !isdigit((unsigned char)*field[i]))
                    return DTERR_BAD_FORMAT;
                d.ptype = 0;
                r = time_with_zone_or_name(&d, field[i], d.fmask, &ftype[i], tm, fsec, tzp, &tmask);
            } else {
                r = decode_date(s, field[i], d.fmask, &tmask, &d.is2digits, tm);
            }
            break;
        case DTK_TIME:
            if (d.ptype != 0) {
                if (d.ptype != DTK_TIME)
                    return DTERR_BAD_FORMAT;
                d.ptype = 0;
            }
            if (!(r = decode_time(field[i], INTERVAL_FULL_RANGE, &tmask, tm, fsec)) &&
                time_overflows(tm->hour, tm->min, tm->sec, *fsec))
                r = DTERR_FIELD_OVERFLOW;
            break;
        case DTK_TZ:
        case DTK_NUMBER:
            if (ftype[i] == DTK_TZ || d.ptype != 0) {
                r = tz_or_labelled(&d, ftype[i], field[i], tm, fsec, tzp, &tmask);
            } else {
                int flen = (int)strlen(field[i]);
                char *cp = strchr(field[i], '.');
                if (cp && !(d.fmask & DTK_DATE_M))
                    r = decode_date(s, field[i], d.fmask, &tmask, &d.is2digits, tm);
                else if ((cp && flen - (int)strlen(cp) > 2) ||
                         (!cp && flen >= 6 && (!(d.fmask & DTK_DATE_M) || !(d.fmask & DTK_TIME_M))))
                    r = decode_number_field(flen, field[i], d.fmask, &tmask, tm, fsec, &d.is2digits);
                else
                    r = decode_number(s, flen, field[i], d.have_text_month, d.fmask, &tmask, tm, fsec, &d.is2digits);
                if (r > 0)
                    r = 0;
            }
            break;
        case DTK_STRING:
        case DTK_SPECIAL: {
            int type, val;
            if ((r = read_word(&d, field[i], &ftype[i], tm, tzp, &tmask, &type, &val)) == WORD_IGNORED)
                continue;
            if (r != 0) {
                r = r < 0 ? r : 0;
                break;
            }
            switch (type) {
            case DTF_RESERV:
                switch (val) {
                case DTK_NOW:
                    tmask = DTK_DATE_M | DTK_TIME_M | DTK_M(DTF_TZ);
                    *dtype = DTK_DATE_VALUE;
                    current_local(s, tm, fsec, tzp);
                    break;
                case DTK_YESTERDAY:
                case DTK_TODAY:
                case DTK_TOMORROW: {
                    dt_tm cur;
                    tmask = DTK_DATE_M;
                    *dtype = DTK_DATE_VALUE;
                    current_local(s, &cur, NULL, NULL);
                    int k = val == DTK_YESTERDAY ? -1 : val == DTK_TOMORROW ? 1 : 0;
                    dt_j2date(dt_date2j(cur.year, cur.mon, cur.mday) + k, &tm->year, &tm->mon, &tm->mday);
                    break;
                }
                case DTK_ZULU:
                    tmask = DTK_TIME_M | DTK_M(DTF_TZ);
                    *dtype = DTK_DATE_VALUE;
                    tm->hour = tm->min = tm->sec = 0;
                    if (tzp)
                        *tzp = 0;
                    break;
                case DTK_EPOCH_:
                    *dtype = DTK_EPOCH;
                    break;
                case DTK_LATE_:
                    *dtype = DTK_LATE;
                    break;
                case DTK_EARLY_:
                    *dtype = DTK_EARLY;
                    break;
                default:
                    return DTERR_BAD_FORMAT;
                }
                break;
            case DTF_MONTH:
                /* a numeric month already, no day: it was the day */
                if ((d.fmask & DTK_M(DTF_MONTH)) && !d.have_text_month && !(d.fmask & DTK_M(DTF_DAY)) &&
                    tm->mon >= 1 && tm->mon <= 31) {
                    tm->mday = tm->mon;
                    tmask = DTK_M(DTF_DAY);
                }
                d.have_text_month = true;
                tm->mon = val;
                break;
            case DTF_DOW:
                tm->wday = val;
                break;
            case DTF_UNITS:
                tmask = 0;
                d.ptype = val;
                break;
            case DTF_ISOTIME:
                /* "t" before a time: a complete date first, a time next */
                tmask = 0;
                if ((d.fmask & DTK_DATE_M) != DTK_DATE_M || i >= nf - 1 ||
                    (ftype[i + 1] != DTK_NUMBER && ftype[i + 1] != DTK_TIME && ftype[i + 1] != DTK_DATE))
                    return DTERR_BAD_FORMAT;
                d.ptype = val;
                break;
            default:
                return DTERR_BAD_FORMAT;
            }
            break;
        }
        default:
            return DTERR_BAD_FORMAT;
        }
        if (r || (r = add_mask(&d, tmask)))
            return r;
    }
    int r = finish_fields(&d, tm);
    if (r || *dtype != DTK_DATE_VALUE)
        return r;
    if ((d.fmask & DTK_DATE_M) != DTK_DATE_M)
        return (d.fmask & DTK_TIME_M) == DTK_TIME_M ? 1 : DTERR_BAD_FORMAT;
    /* the zone's offset at that local time, now that the date is known */
    const dt_zone *z = d.named ? d.named : d.abbrev_zone ? NULL : (tzp && !(d.fmask & DTK_M(DTF_TZ))) ? s->zone : NULL;
    if ((z || d.abbrev_zone) && (d.fmask & DTK_M(DTF_DTZMOD)))
        return DTERR_BAD_FORMAT;
    if (d.named)
        *tzp = dt_zone_offset_of_local(tm, d.named);
    if (d.abbrev_zone)
        *tzp = dt_zone_abbrev_offset_of_local(tm, d.abbrev, d.abbrev_zone);
    if (!d.named && !d.abbrev_zone && z)
        *tzp = dt_zone_offset_of_local(tm, z);
    return 0;
}

int dt_decode_timeonly(const dt_session *s, char **field, int *ftype, int nf, int *dtype, dt_tm *tm, int64_t *fsec,
                       int *tzp)
{
    decoder d;
    decoder_init(&d, tm, fsec, tzp, dtype, DTK_TIME_ONLY);
    for (int i = 0; i < nf; i++) {
        int r = 0, tmask = 0;
        switch (ftype[i]) {
        case DTK_DATE:
            if (!tzp)
                return DTERR_BAD_FORMAT;
            /* a date only as the first of several fields */
            if (i == 0 && nf >= 2 && (ftype[nf - 1] == DTK_DATE || ftype[1] == DTK_TIME))
                r = decode_date(s, field[i], d.fmask, &tmask, &d.is2digits, tm);
            else
                r = time_with_zone_or_name(&d, field[i], d.fmask | DTK_DATE_M, &ftype[i], tm, fsec, tzp, &tmask);
            break;
        case DTK_TIME:
            r = decode_time(field[i], INTERVAL_FULL_RANGE, &tmask, tm, fsec);
            break;
        case DTK_TZ:
        case DTK_NUMBER:
            if (ftype[i] == DTK_TZ || d.ptype != 0) {
                r = tz_or_labelled(&d, ftype[i], field[i], tm, fsec, tzp, &tmask);
            } else {
                int flen = (int)strlen(field[i]);
                char *cp = strchr(field[i], '.');
                if (cp && i == 0 && nf >= 2 && ftype[nf - 1] == DTK_DATE)
                    r = decode_date(s, field[i], d.fmask, &tmask, &d.is2digits, tm);
                else if (cp && flen - (int)strlen(cp) <= 2)
                    r = DTERR_BAD_FORMAT;
                else if (cp || flen > 4)
                    ftype[i] = r = decode_number_field(flen, field[i], d.fmask | DTK_DATE_M, &tmask, tm, fsec,
                                                       &d.is2digits);
                else
                    r = decode_number(s, flen, field[i], false, d.fmask | DTK_DATE_M, &tmask, tm, fsec, &d.is2digits);
                if (r > 0)
                    r = 0;
            }
            break;
        case DTK_STRING:
        case DTK_SPECIAL: {
            int type, val;
            if ((r = read_word(&d, field[i], &ftype[i], tm, tzp, &tmask, &type, &val)) == WORD_IGNORED)
                continue;
            if (r != 0) {
                r = r < 0 ? r : 0;
                break;
            }
            if (type == DTF_RESERV && val == DTK_NOW) {
                tmask = DTK_TIME_M;
                dt_tm cur;
                current_local(s, &cur, fsec, NULL);
                tm->hour = cur.hour;
                tm->min = cur.min;
                tm->sec = cur.sec;
            } else if (type == DTF_RESERV && val == DTK_ZULU) {
                tmask = DTK_TIME_M | DTK_M(DTF_TZ);
                tm->hour = tm->min = tm->sec = 0;
                tm->isdst = 0;
            } else if ((type == DTF_UNITS || type == DTF_ISOTIME) && d.ptype == 0) {
                tmask = 0;
                d.ptype = val;
            } else {
                return DTERR_BAD_FORMAT;
            }
            break;
        }
        default:
            return DTERR_BAD_FORMAT;
        }
        if (r || (r = add_mask(&d, tmask)))
            return r;
    }
    int r = finish_fields(&d, tm);
    if (r)
        return r;
    if (time_overflows(tm->hour, tm->min, tm->sec, *fsec))
        return DTERR_FIELD_OVERFLOW;
    if ((d.fmask & DTK_TIME_M) != DTK_TIME_M)
        return DTERR_BAD_FORMAT;
    /* the zone's offset on the date given, or today's when no date (and it has DST) */
    const dt_zone *z = d.named ? d.named : d.abbrev_zone ? d.abbrev_zone : (tzp && !(d.fmask & DTK_M(DTF_TZ))) ? s->zone : NULL;
    if (!z)
        return 0;
    if (d.fmask & DTK_M(DTF_DTZMOD))
        return DTERR_BAD_FORMAT;
    int bg, bd, ag, ad;
    int64_t b;
    if (d.named && dt_tz_next_boundary(d.named, INT64_MIN / 2, &bg, &bd, &b, &ag, &ad) == 0) {
        *tzp = -bg;
        return 0;
    }
    dt_tm tt;
    if ((d.fmask & DTK_DATE_M) == 0) {
        current_local(s, &tt, NULL, NULL);
    } else {
        if ((d.fmask & DTK_DATE_M) != DTK_DATE_M)
            return DTERR_BAD_FORMAT;
        tt = *tm;
    }
    tt.hour = tm->hour;
    tt.min = tm->min;
    tt.sec = tm->sec;
    *tzp = d.abbrev_zone && !d.named ? dt_zone_abbrev_offset_of_local(&tt, d.abbrev, d.abbrev_zone)
                                     : dt_zone_offset_of_local(&tt, z);
    tm->isdst = tt.isdst;
    return 0;
}

int dt_report(ss_ctx *ctx, int dterr, const char *str, size_t len, const char *type)
{
    int n = (int)len;
    switch (dterr) {
    case DTERR_FIELD_OVERFLOW:
        return ss_ctx_error(ctx, "22008", "date/time field value out of range: \"%.*s\"", n, str);
    case DTERR_MD_FIELD_OVERFLOW:
        ss_ctx_error(ctx, "22008", "date/time field value out of range: \"%.*s\"", n, str);
        ss_ctx_error_hint(ctx, "Perhaps you need a different \"datestyle\" setting.");
        return SS_ERROR;
    case DTERR_INTERVAL_OVERFLOW:
        return ss_ctx_error(ctx, "22015", "interval field value out of range: \"%.*s\"", n, str);
    case DTERR_BAD_ZONE:
        return ss_ctx_error(ctx, "22023", "time zone \"%s\" not recognized", bad_zone);
    case DTERR_TZDISP_OVERFLOW:
        return ss_ctx_error(ctx, "22009", "time zone displacement out of range: \"%.*s\"", n, str);
    default:
        return ss_ctx_error(ctx, "22007", "invalid input syntax for type %s: \"%.*s\"", type, n, str);
    }
}
