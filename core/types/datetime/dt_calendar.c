/* dt_calendar.c — the proleptic Gregorian calendar of PostgreSQL's date/time types: Julian day
 * numbers <-> year/month/day, days of week, ISO weeks, time of day <-> fields, timestamps <->
 * broken-down time (UTC or in a zone, with PostgreSQL's resolution of DST gaps and overlaps),
 * and interval <-> fields. */
#include "types/datetime/datetime.h"

#include <limits.h>

static const int month_days[2][12] = {{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31},
                                      {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}};

bool dt_isleap(int y)
{
    return (y % 4 == 0) && ((y % 100 != 0) || (y % 400 == 0));
}

int dt_days_in_month(int year, int mon)
{
    return month_days[dt_isleap(year)][mon - 1];
}

/* Julian day number of a Gregorian date, valid from 4714-11-24 BC on (the conversion of
 * Fliegel and Van Flandern, shifted so that every intermediate stays non-negative). */
int dt_date2j(int year, int month, int day)
{
    int64_t y = year, m = month;
    if (m > 2) {
        m += 1;
        y += 4800;
    } else {
        m += 13;
        y += 4799;
    }
    int64_t c = y / 100;
    int64_t j = y * 365 - 32167 + y / 4 - c + c / 4 + 7834 * m / 256 + day;
    return (int)j;
}

void dt_j2date(int jd, int *year, int *month, int *day)
{
    uint32_t j = (uint32_t)jd + 32044;
    uint32_t q = j / 146097;
    uint32_t extra = (j - q * 146097) * 4 + 3;
    j += 60 + q * 3 + extra / 146097;
    q = j / 1461;
    j -= q * 1461;
    int y = (int)(j * 4 / 1461);
    j = ((y != 0) ? ((j + 305) % 365) : ((j + 306) % 366)) + 123;
    y += (int)q * 4;
    *year = y - 4800;
    q = j * 2141 / 65536;
    *day = (int)(j - 7834 * q / 256);
    *month = (int)((q + 10) % 12 + 1);
}

int dt_j2day(int jd)
{
    int d = (int)(((int64_t)jd + 1) % 7);
    return d < 0 ? d + 7 : d;
}

/* ISO weeks start on Monday; week 1 holds January 4th.  The ISO week and ISO year of a
 * date: PostgreSQL computes these in float8 and truncates; doing the same keeps years before
 * 1 BC identical. */
static void iso_week_year(int year, int mon, int mday, int *week, int *isoyear)
{
    double dayn = dt_date2j(year, mon, mday);
    double day4 = dt_date2j(year, 1, 4);
    double day0 = dt_j2day((int)day4 - 1);
    if (dayn < day4 - day0) {
        day4 = dt_date2j(year - 1, 1, 4);
        day0 = dt_j2day((int)day4 - 1);
        year--;
    }
    double r = (dayn - (day4 - day0)) / 7 + 1;
    if (r >= 52) {
        day4 = dt_date2j(year + 1, 1, 4);
        day0 = dt_j2day((int)day4 - 1);
        if (dayn >= day4 - day0) {
            r = (dayn - (day4 - day0)) / 7 + 1;
            year++;
        }
    }
    *week = (int)r;
    *isoyear = year;
}

int dt_date2isoweek(int year, int mon, int mday)
{
    int w, y;
    iso_week_year(year, mon, mday, &w, &y);
    return w;
}

int dt_date2isoyear(int year, int mon, int mday)
{
    int w, y;
    iso_week_year(year, mon, mday, &w, &y);
    return y;
}

int dt_isoweek2j(int isoyear, int week)
{
    int day4 = dt_date2j(isoyear, 1, 4);
    int day0 = dt_j2day(day4 - 1);
    return (week - 1) * 7 + (day4 - day0);
}

int dt_date2isoyearday(int year, int mon, int mday)
{
    return dt_date2j(year, mon, mday) - dt_isoweek2j(dt_date2isoyear(year, mon, mday), 1) + 1;
}

void dt_time2tm(int64_t time, dt_tm *tm, int64_t *fsec)
{
    tm->hour = (int)(time / USECS_PER_HOUR);
    time -= tm->hour * USECS_PER_HOUR;
    tm->min = (int)(time / USECS_PER_MINUTE);
    time -= tm->min * USECS_PER_MINUTE;
    tm->sec = (int)(time / USECS_PER_SEC);
    *fsec = time - tm->sec * USECS_PER_SEC;
}

int64_t dt_tm2time(const dt_tm *tm, int64_t fsec)
{
    return ((((int64_t)tm->hour * 60) + tm->min) * 60 + tm->sec) * USECS_PER_SEC + fsec;
}

bool dt_timestamp2tm(int64_t ts, dt_tm *tm, int64_t *fsec)
{
    int64_t date = ts / USECS_PER_DAY, time = ts - date * USECS_PER_DAY;
    if (time < 0) {
        time += USECS_PER_DAY;
        date -= 1;
    }
    date += POSTGRES_EPOCH_JDATE;
    if (date < 0 || date > INT_MAX)
        return false;
    dt_j2date((int)date, &tm->year, &tm->mon, &tm->mday);
    dt_time2tm(time, tm, fsec);
    tm->wday = dt_j2day((int)date);
    tm->yday = (int)date - dt_date2j(tm->year, 1, 1) + 1;
    tm->isdst = -1;
    tm->gmtoff = 0;
    tm->zone = NULL;
    return true;
}

bool dt_tm2timestamp(const dt_tm *tm, int64_t fsec, int tz_west, int64_t *out)
{
    if (!IS_VALID_JULIAN(tm->year, tm->mon, tm->mday))
        return false;
    int64_t date = dt_date2j(tm->year, tm->mon, tm->mday) - POSTGRES_EPOCH_JDATE;
    int64_t time = dt_tm2time(tm, fsec);
    int64_t r = date * USECS_PER_DAY + time;
    if ((r < 0 && date > 0) || (r > 0 && date < -1))
        return false;
    r += (int64_t)tz_west * USECS_PER_SEC;
    if (!IS_VALID_TIMESTAMP(r))
        return false;
    *out = r;
    return true;
}

/* Unix seconds of a timestamp's whole second (floor) */
static int64_t unix_seconds(int64_t ts)
{
    int64_t s = ts / USECS_PER_SEC;
    if (ts % USECS_PER_SEC < 0)
        s--;
    return s + (int64_t)(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * SECS_PER_DAY;
}

bool dt_timestamptz2tm(int64_t ts, const dt_zone *z, dt_tm *tm, int64_t *fsec)
{
    int gmtoff, isdst;
    const char *abbrev;
    dt_tz_local(z, unix_seconds(ts), &gmtoff, &isdst, &abbrev);
    if (!dt_timestamp2tm(ts + (int64_t)gmtoff * USECS_PER_SEC, tm, fsec))
        return false;
    tm->gmtoff = gmtoff;
    tm->isdst = isdst;
    tm->zone = abbrev;
    return true;
}

/* The local wall-clock time tm read as UTC, in Unix seconds; false on overflow. */
static bool local_as_unix(const dt_tm *tm, int64_t *t)
{
    if (!IS_VALID_JULIAN(tm->year, tm->mon, tm->mday))
        return false;
    int64_t day = (int64_t)(dt_date2j(tm->year, tm->mon, tm->mday) - UNIX_EPOCH_JDATE) * SECS_PER_DAY;
    *t = day + tm->sec + (tm->min + tm->hour * 60) * 60;
    return true;
}

int dt_zone_offset_of_local(dt_tm *tm, const dt_zone *z)
{
    int64_t mytime;
    if (!local_as_unix(tm, &mytime)) {
        tm->isdst = 0;
        return 0;
    }
    /* The boundary just before or after the target: offsets are under a day and
       transitions more than two days apart, so starting a day early finds it. */
    int bg, bd, ag, ad;
    int64_t boundary;
    int res = dt_tz_next_boundary(z, mytime - SECS_PER_DAY, &bg, &bd, &boundary, &ag, &ad);
    if (res == 0) {
        tm->isdst = bd;
        return -bg;
    }
    int64_t before = mytime - bg, after = mytime - ag;
    if (before < boundary && after < boundary) {
        tm->isdst = bd;
        return -bg;
    }
    if (before > boundary && after >= boundary) {
        tm->isdst = ad;
        return -ag;
    }
    /* a gap (spring forward) takes the offset before, an overlap (fall back) the one after */
    if (before > after) {
        tm->isdst = bd;
        return -bg;
    }
    tm->isdst = ad;
    return -ag;
}

int dt_zone_abbrev_offset_of_local(dt_tm *tm, const char *abbrev, const dt_zone *z)
{
    int64_t t;
    int gmtoff, isdst;
    if (local_as_unix(tm, &t)) {
        /* the abbreviation's meaning at that local time, trying both readings */
        int west = dt_zone_offset_of_local(tm, z);
        if (dt_tz_abbrev_offset(z, abbrev, t + west, &gmtoff, &isdst)) {
            tm->isdst = isdst;
            return -gmtoff;
        }
    }
    return dt_zone_offset_of_local(tm, z);
}

void dt_interval2itm(const dt_interval *iv, dt_itm *itm)
{
    itm->year = iv->month / MONTHS_PER_YEAR;
    itm->mon = iv->month % MONTHS_PER_YEAR;
    itm->mday = iv->day;
    int64_t t = iv->time;
    itm->hour = t / USECS_PER_HOUR;
    t -= itm->hour * USECS_PER_HOUR;
    itm->min = (int)(t / USECS_PER_MINUTE);
    t -= itm->min * USECS_PER_MINUTE;
    itm->sec = (int)(t / USECS_PER_SEC);
    t -= itm->sec * USECS_PER_SEC;
    itm->usec = t;
}

int dt_itm2interval(const dt_itm *itm, dt_interval *iv)
{
    int64_t months = (int64_t)itm->year * MONTHS_PER_YEAR + itm->mon;
    if (months > INT32_MAX || months < INT32_MIN)
        return -1;
    iv->month = (int32_t)months;
    iv->day = itm->mday;
    int64_t t;
    if (__builtin_mul_overflow(itm->hour, USECS_PER_HOUR, &t) ||
        __builtin_add_overflow(t, (int64_t)itm->min * USECS_PER_MINUTE, &t) ||
        __builtin_add_overflow(t, (int64_t)itm->sec * USECS_PER_SEC, &t) ||
        __builtin_add_overflow(t, itm->usec, &t))
        return -1;
    iv->time = t;
    return 0;
}
