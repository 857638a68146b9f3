/* dt_interval_sqlstd.c — interval output in IntervalStyle sql_standard (PostgreSQL 15's
 * EncodeInterval, INTSTYLE_SQL_STANDARD): "1-2" for years-months, "3 4:05:06" for
 * days-time, one leading sign for the whole value, and every field signed ("+1-2 -3
 * +4:05:06") when the value mixes signs or mixes years-months with days-time. */
#include "types/datetime/datetime.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/strbuf.h"

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

/* ss, or ss.ffffff with trailing zeros dropped (AppendSeconds with fillzeros) */
static void seconds(ss_strbuf *out, int64_t sec, int64_t fsec)
{
    ss_strbuf_printf(out, "%02" PRId64, abs64(sec));
    if (fsec == 0)
        return;
    char frac[24];
    snprintf(frac, sizeof frac, "%06" PRId64, abs64(fsec));
    int n = 6;
    while (n > 0 && frac[n - 1] == '0')
        n--;
    ss_strbuf_printf(out, ".%.*s", n, frac);
}

void dt_interval_out_sql_standard(const dt_interval *iv, ss_strbuf *out)
{
    dt_itm it;
    dt_interval2itm(iv, &it);
    int64_t year = it.year, mon = it.mon, mday = it.mday, hour = it.hour, min = it.min, sec = it.sec,
            fsec = it.usec;
    bool negative = year < 0 || mon < 0 || mday < 0 || hour < 0 || min < 0 || sec < 0 || fsec < 0;
    bool positive = year > 0 || mon > 0 || mday > 0 || hour > 0 || min > 0 || sec > 0 || fsec > 0;
    bool year_month = year != 0 || mon != 0;
    bool day_time = mday != 0 || hour != 0 || min != 0 || sec != 0 || fsec != 0;
    bool standard = !(negative && positive) && !(year_month && day_time);
    if (negative && standard) {
        ss_strbuf_puts(out, "-");
        year = -year, mon = -mon, mday = -mday, hour = -hour, min = -min, sec = -sec, fsec = -fsec;
    }
    if (!negative && !positive) {
        ss_strbuf_puts(out, "0");
    } else if (!standard) {
        char year_sign = year < 0 || mon < 0 ? '-' : '+', day_sign = mday < 0 ? '-' : '+',
             sec_sign = hour < 0 || min < 0 || sec < 0 || fsec < 0 ? '-' : '+';
        ss_strbuf_printf(out, "%c%" PRId64 "-%" PRId64 " %c%" PRId64 " %c%" PRId64 ":%02" PRId64 ":", year_sign,
                         abs64(year), abs64(mon), day_sign, abs64(mday), sec_sign, abs64(hour), abs64(min));
        seconds(out, sec, fsec);
    } else if (year_month) {
        ss_strbuf_printf(out, "%" PRId64 "-%" PRId64, year, mon);
    } else {
        if (mday != 0)
            ss_strbuf_printf(out, "%" PRId64 " ", mday);
        ss_strbuf_printf(out, "%" PRId64 ":%02" PRId64 ":", hour, min);
        seconds(out, sec, fsec);
    }
}
