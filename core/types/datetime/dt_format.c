/* dt_format.c — date/time text output as PostgreSQL 15 writes it: EncodeDateOnly and
 * EncodeDateTime under the DateStyles ISO, SQL, Postgres and German, EncodeTimeOnly,
 * EncodeTimezone, EncodeInterval under IntervalStyle postgres, postgres_verbose and iso_8601,
 * and the special values. */
#include "types/datetime/datetime.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* ".ffffff" of a fraction, trailing zeros dropped; nothing for 0 */
static void append_fraction(ss_strbuf *out, int64_t fsec)
{
    if (fsec == 0)
        return;
    char frac[24];
    snprintf(frac, sizeof frac, "%06" PRId64, fsec < 0 ? -fsec : fsec);
    int n = 6;
    while (n > 0 && frac[n - 1] == '0')
        n--;
    ss_strbuf_printf(out, ".%.*s", n, frac);
}

/* ss, or ss.ffffff with trailing zeros dropped (AppendSeconds with fillzeros) */
static void append_seconds(ss_strbuf *out, int sec, int64_t fsec)
{
    ss_strbuf_printf(out, "%02d", abs(sec));
    append_fraction(out, fsec);
}

static const char *const month_abbr[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
static const char *const day_abbr[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};

/* the date part in a DateStyle (EncodeDateOnly's layouts) */
static void append_date_style(ss_strbuf *out, int year, int mon, int mday, int style, int order)
{
    int y = year > 0 ? year : -(year - 1);
    switch (style) {
    case DT_DSTYLE_SQL:
        if (order == DT_ORDER_DMY)
            ss_strbuf_printf(out, "%02d/%02d/%04d", mday, mon, y);
        else
            ss_strbuf_printf(out, "%02d/%02d/%04d", mon, mday, y);
        break;
    case DT_DSTYLE_GERMAN:
        ss_strbuf_printf(out, "%02d.%02d.%04d", mday, mon, y);
        break;
    case DT_DSTYLE_POSTGRES:
        if (order == DT_ORDER_DMY)
            ss_strbuf_printf(out, "%02d-%02d-%04d", mday, mon, y);
        else
            ss_strbuf_printf(out, "%02d-%02d-%04d", mon, mday, y);
        break;
    default:
        ss_strbuf_printf(out, "%04d-%02d-%02d", y, mon, mday);
        break;
    }
}


void dt_encode_tz(int tz_west, ss_strbuf *out)
{
    int sec = abs(tz_west), min = sec / 60;
    sec -= min * 60;
    int hour = min / 60;
    min -= hour * 60;
    char sign = tz_west <= 0 ? '+' : '-';
    if (sec != 0)
        ss_strbuf_printf(out, "%c%02d:%02d:%02d", sign, hour, min, sec);
    else if (min != 0)
        ss_strbuf_printf(out, "%c%02d:%02d", sign, hour, min);
    else
        ss_strbuf_printf(out, "%c%02d", sign, hour);
}

void dt_encode_special(int64_t ts, ss_strbuf *out)
{
    ss_strbuf_puts(out, ts == DT_NOBEGIN ? "-infinity" : "infinity");
}

void dt_date_out_style(int32_t d, int style, int order, ss_strbuf *out)
{
    if (d == DATEVAL_NOBEGIN || d == DATEVAL_NOEND) {
        ss_strbuf_puts(out, d == DATEVAL_NOBEGIN ? "-infinity" : "infinity");
        return;
    }
    int y, m, dd;
    dt_j2date(d + POSTGRES_EPOCH_JDATE, &y, &m, &dd);
    append_date_style(out, y, m, dd, style, order);
    if (y <= 0)
        ss_strbuf_puts(out, " BC");
}

void dt_date_out(int32_t d, ss_strbuf *out)
{
    dt_date_out_style(d, DT_DSTYLE_ISO, DT_ORDER_MDY, out);
}

void dt_time_out(int64_t t, ss_strbuf *out)
{
    dt_tm tm;
    int64_t fsec;
    dt_time2tm(t, &tm, &fsec);
    ss_strbuf_printf(out, "%02d:%02d:", tm.hour, tm.min);
    append_seconds(out, tm.sec, fsec);
}

void dt_timetz_out(const dt_timetz *t, ss_strbuf *out)
{
    dt_time_out(t->time, out);
    dt_encode_tz(t->zone, out);
}

/* EncodeDateTime: ISO writes the numeric offset, the other styles the zone's abbreviation
 * when there is one */
static void encode_datetime(const dt_tm *tm, int64_t fsec, bool print_tz, int tz_west, const char *tzn, int style,
                            int order, ss_strbuf *out)
{
    if (style == DT_DSTYLE_POSTGRES) {
        int wday = dt_j2day(dt_date2j(tm->year, tm->mon, tm->mday));
        if (order == DT_ORDER_DMY)
            ss_strbuf_printf(out, "%s %02d %s", day_abbr[wday], tm->mday, month_abbr[tm->mon - 1]);
        else
            ss_strbuf_printf(out, "%s %s %02d", day_abbr[wday], month_abbr[tm->mon - 1], tm->mday);
        ss_strbuf_printf(out, " %02d:%02d:", tm->hour, tm->min);
        append_seconds(out, tm->sec, fsec);
        ss_strbuf_printf(out, " %04d", tm->year > 0 ? tm->year : -(tm->year - 1));
    } else {
        append_date_style(out, tm->year, tm->mon, tm->mday, style, order);
        ss_strbuf_printf(out, " %02d:%02d:", tm->hour, tm->min);
        append_seconds(out, tm->sec, fsec);
    }
    if (print_tz) {
        if (style != DT_DSTYLE_ISO && tzn && *tzn)
            ss_strbuf_printf(out, " %.10s", tzn);
        else {
            if (style != DT_DSTYLE_ISO)
                ss_strbuf_putc(out, ' ');
            dt_encode_tz(tz_west, out);
        }
    }
    if (tm->year <= 0)
        ss_strbuf_puts(out, " BC");
}

void dt_timestamp_out_style(int64_t ts, int style, int order, ss_strbuf *out)
{
    dt_tm tm;
    int64_t fsec;
    if (ts == DT_NOBEGIN || ts == DT_NOEND)
        dt_encode_special(ts, out);
    else if (dt_timestamp2tm(ts, &tm, &fsec))
        encode_datetime(&tm, fsec, false, 0, NULL, style, order, out);
    else
        ss_strbuf_puts(out, "timestamp out of range");
}

void dt_timestamptz_out_style(int64_t ts, const dt_zone *z, int style, int order, ss_strbuf *out)
{
    dt_tm tm;
    int64_t fsec;
    if (ts == DT_NOBEGIN || ts == DT_NOEND)
        dt_encode_special(ts, out);
    else if (dt_timestamptz2tm(ts, z, &tm, &fsec))
        encode_datetime(&tm, fsec, true, -tm.gmtoff, tm.zone, style, order, out);
    else
        ss_strbuf_puts(out, "timestamp out of range");
}

void dt_timestamp_out(int64_t ts, ss_strbuf *out)
{
    dt_timestamp_out_style(ts, DT_DSTYLE_ISO, DT_ORDER_MDY, out);
}

void dt_timestamptz_out(int64_t ts, const dt_zone *z, ss_strbuf *out)
{
    dt_timestamptz_out_style(ts, z, DT_DSTYLE_ISO, DT_ORDER_MDY, out);
}

static void add_int_part(ss_strbuf *out, int64_t value, const char *units, bool *is_zero, bool *is_before)
{
    if (value == 0)
        return;
    ss_strbuf_printf(out, "%s%s%" PRId64 " %s%s", !*is_zero ? " " : "", (*is_before && value > 0) ? "+" : "", value,
                      units, value != 1 ? "s" : "");
    *is_before = value < 0;
    *is_zero = false;
}

/* the verbose style's "@ 1 year 2 mons ... ago" */
static void add_verbose_part(ss_strbuf *out, int64_t value, const char *units, bool *is_zero, bool *is_before)
{
    if (value == 0)
        return;
    if (*is_zero) {
        *is_before = value < 0;
        value = value < 0 ? -value : value;
    } else if (*is_before)
        value = -value;
    ss_strbuf_printf(out, " %" PRId64 " %s%s", value, units, value == 1 ? "" : "s");
    *is_zero = false;
}

static void add_iso_part(ss_strbuf *out, int64_t value, char unit)
{
    if (value != 0)
        ss_strbuf_printf(out, "%" PRId64 "%c", value, unit);
}

/* seconds with a fraction trimmed of trailing zeros, no padding (AppendSeconds without fill) */
static void append_seconds_plain(ss_strbuf *out, int sec, int64_t fsec, bool keep_sign)
{
    bool neg = keep_sign && (sec < 0 || fsec < 0);
    ss_strbuf_printf(out, "%s%d", neg ? "-" : "", abs(sec));
    append_fraction(out, fsec);
}

void dt_interval_out(const dt_interval *iv, int style, ss_strbuf *out)
{
    dt_itm it;
    dt_interval2itm(iv, &it);
    int64_t year = it.year, mon = it.mon, mday = it.mday, hour = it.hour;
    int min = it.min, sec = it.sec;
    int64_t fsec = it.usec;
    bool is_before = false, is_zero = true;
    switch (style) {
    case DT_ISTYLE_ISO_8601:
        if (year == 0 && mon == 0 && mday == 0 && hour == 0 && min == 0 && sec == 0 && fsec == 0) {
            ss_strbuf_puts(out, "PT0S");
            return;
        }
        ss_strbuf_puts(out, "P");
        add_iso_part(out, year, 'Y');
        add_iso_part(out, mon, 'M');
        add_iso_part(out, mday, 'D');
        if (hour != 0 || min != 0 || sec != 0 || fsec != 0)
            ss_strbuf_puts(out, "T");
        add_iso_part(out, hour, 'H');
        add_iso_part(out, min, 'M');
        if (sec != 0 || fsec != 0) {
            append_seconds_plain(out, sec, fsec, true);
            ss_strbuf_puts(out, "S");
        }
        return;
    case DT_ISTYLE_SQL_STANDARD:
        dt_interval_out_sql_standard(iv, out);
        return;
    case DT_ISTYLE_POSTGRES_VERBOSE:
        ss_strbuf_puts(out, "@");
        add_verbose_part(out, year, "year", &is_zero, &is_before);
        add_verbose_part(out, mon, "mon", &is_zero, &is_before);
        add_verbose_part(out, mday, "day", &is_zero, &is_before);
        add_verbose_part(out, hour, "hour", &is_zero, &is_before);
        add_verbose_part(out, min, "min", &is_zero, &is_before);
        if (sec != 0 || fsec != 0) {
            ss_strbuf_puts(out, " ");
            if (sec < 0 || (sec == 0 && fsec < 0)) {
                if (is_zero)
                    is_before = true;
                else if (!is_before)
                    ss_strbuf_puts(out, "-");
            } else if (is_before) {
                ss_strbuf_puts(out, "-");
            }
            append_seconds_plain(out, sec, fsec, false);
            ss_strbuf_printf(out, " sec%s", (sec != 1 || fsec != 0) ? "s" : "");
            is_zero = false;
        }
        if (is_zero)
            ss_strbuf_puts(out, " 0");
        if (is_before)
            ss_strbuf_puts(out, " ago");
        return;
    default:
        add_int_part(out, year, "year", &is_zero, &is_before);
        add_int_part(out, mon, "mon", &is_zero, &is_before);
        add_int_part(out, mday, "day", &is_zero, &is_before);
        if (is_zero || hour != 0 || min != 0 || sec != 0 || fsec != 0) {
            bool minus = hour < 0 || min < 0 || sec < 0 || fsec < 0;
            ss_strbuf_printf(out, "%s%s%02" PRId64 ":%02d:", is_zero ? "" : " ", minus ? "-" : (is_before ? "+" : ""),
                              hour < 0 ? -hour : hour, abs(min));
            append_seconds(out, sec, fsec);
        }
        return;
    }
}
