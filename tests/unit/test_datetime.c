/* test_datetime.c — the date/time library (core/types/datetime): the calendar (Julian days,
 * ISO weeks) against a day-by-day walk, the TZif reader and POSIX TZ rules on real zones
 * (LMT offsets, DST transitions, times past the table), and text input / output of every
 * date/time type against PostgreSQL 15's answers.  Every session here names its zone, so the
 * results do not depend on the process's TZ (ctest runs this program again under other TZ
 * values). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ctx_fixture.h"
#include "types/datetime/datetime.h"

static dt_session session(const char *zone)
{
    dt_session s = {dt_tz_load(zone), DT_ORDER_MDY, DT_ISTYLE_POSTGRES, 0, DT_DSTYLE_ISO, 0};
    ck_assert_ptr_nonnull(s.zone);
    /* 2024-06-15 12:34:56.789 UTC */
    s.stmt_start = ((int64_t)(dt_date2j(2024, 6, 15) - POSTGRES_EPOCH_JDATE) * SECS_PER_DAY + 12 * 3600 + 34 * 60 + 56) *
                       USECS_PER_SEC + 789000;
    return s;
}

START_TEST(calendar_walk)
{
    /* every day from 4713 BC to 9999 AD: consecutive Julian days, valid fields */
    int y, m, d;
    dt_j2date(0, &y, &m, &d);
    ck_assert_int_eq(y, -4713);
    ck_assert_int_eq(m, 11);
    ck_assert_int_eq(d, 24);
    for (int j = 0; j < dt_date2j(10000, 1, 1); j++) {
        int y2, m2, d2;
        dt_j2date(j, &y2, &m2, &d2);
        /* plain tests: Check records every passing assertion, too slow for 5M days */
        if (dt_date2j(y2, m2, d2) != j)
            ck_abort_msg("date2j(j2date(%d)) = %d", j, dt_date2j(y2, m2, d2));
        if (j > 0) {
            bool next = (y2 == y && m2 == m && d2 == d + 1) || (y2 == y && m2 == m + 1 && d2 == 1 && d == dt_days_in_month(y, m)) ||
                        (y2 == y + 1 && m2 == 1 && d2 == 1 && m == 12 && d == 31);
            if (!next)
                ck_abort_msg("day after %d-%d-%d is %d-%d-%d", y, m, d, y2, m2, d2);
        }
        y = y2;
        m = m2;
        d = d2;
    }
    ck_assert_int_eq(dt_date2j(2000, 1, 1), POSTGRES_EPOCH_JDATE);
    ck_assert_int_eq(dt_date2j(1970, 1, 1), UNIX_EPOCH_JDATE);
    ck_assert_int_eq(dt_j2day(POSTGRES_EPOCH_JDATE), 6); /* a Saturday */
}
END_TEST

START_TEST(iso_weeks)
{
    ck_assert_int_eq(dt_date2isoweek(2021, 1, 3), 53);
    ck_assert_int_eq(dt_date2isoyear(2021, 1, 3), 2020);
    ck_assert_int_eq(dt_date2isoweek(2024, 12, 30), 1);
    ck_assert_int_eq(dt_date2isoyear(2024, 12, 30), 2025);
    ck_assert_int_eq(dt_date2isoweek(2024, 6, 15), 24);
    ck_assert_int_eq(dt_date2isoyearday(2024, 1, 1), 1);
    ck_assert_int_eq(dt_date2isoyearday(2021, 1, 3), 371);
}
END_TEST

static int offset_at(const char *zone, int y, int mo, int d, int h, int mi)
{
    const dt_zone *z = dt_tz_load(zone);
    ck_assert_ptr_nonnull(z);
    int64_t t = (int64_t)(dt_date2j(y, mo, d) - UNIX_EPOCH_JDATE) * SECS_PER_DAY + h * 3600 + mi * 60;
    int off, dst;
    const char *ab;
    dt_tz_local(z, t, &off, &dst, &ab);
    return off;
}

START_TEST(tzif_zones)
{
    ck_assert_int_eq(offset_at("Europe/Berlin", 1890, 1, 1, 0, 0), 3208); /* LMT +00:53:28 */
    ck_assert_int_eq(offset_at("Europe/Berlin", 2024, 1, 15, 12, 0), 3600);
    ck_assert_int_eq(offset_at("Europe/Berlin", 2024, 7, 15, 12, 0), 7200);
    ck_assert_int_eq(offset_at("Europe/Berlin", 2024, 3, 31, 0, 59), 3600);  /* 01:59 CET */
    ck_assert_int_eq(offset_at("Europe/Berlin", 2024, 3, 31, 1, 0), 7200);   /* 03:00 CEST */
    ck_assert_int_eq(offset_at("America/New_York", 2300, 7, 1, 12, 0), -14400); /* past the table: the footer's rule */
    ck_assert_int_eq(offset_at("America/New_York", 2300, 12, 1, 12, 0), -18000);
    ck_assert_int_eq(offset_at("Australia/Sydney", 2400, 1, 1, 0, 0), 39600); /* southern DST spans the new year */
    ck_assert_int_eq(offset_at("Asia/Kathmandu", 1900, 1, 1, 0, 0), 20476);
    ck_assert_int_eq(offset_at("Asia/Kathmandu", 2024, 1, 1, 0, 0), 20700);
    ck_assert_int_eq(offset_at("asia/kolkata", 2024, 1, 1, 0, 0), 19800);
    ck_assert_str_eq(dt_tz_name(dt_tz_load("europe/BERLIN")), "Europe/Berlin");
    ck_assert_int_eq(offset_at("EST5EDT,M3.2.0,M11.1.0", 2024, 7, 1, 12, 0), -14400);
    ck_assert_str_eq(dt_tz_name(dt_tz_fixed(7200)), "<+02>-02");
    ck_assert_str_eq(dt_tz_name(dt_tz_fixed(-28830)), "<-08:00:30>+08:00:30");
    ck_assert_int_eq(offset_at("<+02>-02", 2024, 1, 1, 0, 0), 7200);
    ck_assert_ptr_null(dt_tz_load("No/Such_Zone"));
    ck_assert_ptr_null(dt_tz_load("../etc/passwd"));
}
END_TEST

START_TEST(tzif_truncated)
{
    /* a header that promises more than the file holds is refused, not read past */
    extern bool dt_tzif_parse(const uint8_t *buf, size_t n, struct dt_zone *z);
    uint8_t buf[44] = "TZif2";
    buf[39] = 1; /* typecnt 1, nothing follows */
    struct dt_zone *z = calloc(1, 4096);
    ck_assert(!dt_tzif_parse(buf, sizeof buf, z));
    free(*(void **)z);
    free(z);
}
END_TEST

typedef struct io_case {
    const char *in, *out;
} io_case;

static void check_ts(const char *zone, bool tz, const io_case *c)
{
    dt_session s = session(zone);
    int64_t v;
    ss_error_clear(&err);
    ck_assert_msg(dt_timestamp_in(&ctx, &s, c->in, strlen(c->in), -1, tz, &v) == SS_OK, "%s: %s", c->in,
                  err.message ? err.message : "");
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    if (tz)
        dt_timestamptz_out(v, s.zone, &sb);
    else
        dt_timestamp_out(v, &sb);
    ck_assert_msg(strcmp(sb.data, c->out) == 0, "%s -> %s, expected %s", c->in, sb.data, c->out);
    ss_strbuf_free(&sb);
}

START_TEST(timestamp_io)
{
    static const io_case plain[] = {
        {"2024-01-01 10:00:00.123456789", "2024-01-01 10:00:00.123457"},
        {"2024-01-05T10:11:12Z", "2024-01-05 10:11:12"},
        {"Jan 5 2024 3:00pm", "2024-01-05 15:00:00"},
        {"20240105 101112", "2024-01-05 10:11:12"},
        {"epoch", "1970-01-01 00:00:00"},
        {"-infinity", "-infinity"},
        {"infinity", "infinity"},
        {"0044-03-15 BC", "0044-03-15 00:00:00 BC"},
        {"today", "2024-06-15 00:00:00"},
        {"tomorrow", "2024-06-16 00:00:00"},
        {"J2451545", "2000-01-01 00:00:00"},
        {"1999-12-31 24:00", "2000-01-01 00:00:00"},
    };
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        check_ts("UTC", false, &plain[i]);
    static const io_case berlin[] = {
        {"1890-01-01", "1890-01-01 00:00:00+00:53:28"},
        {"2024-03-31 02:30", "2024-03-31 03:30:00+02"}, /* in the gap */
        {"2024-10-27 02:30", "2024-10-27 02:30:00+01"}, /* in the overlap: the later reading */
        {"2024-01-01 10:00+05:30", "2024-01-01 05:30:00+01"},
        {"2024-07-01 10:00 PST", "2024-07-01 20:00:00+02"},
        {"2024-07-01 10:00 America/New_York", "2024-07-01 16:00:00+02"},
        {"2024-07-01 10:00 MSK", "2024-07-01 09:00:00+02"},
        {"now", "2024-06-15 14:34:56.789+02"},
    };
    for (size_t i = 0; i < sizeof berlin / sizeof berlin[0]; i++)
        check_ts("Europe/Berlin", true, &berlin[i]);
    static const io_case kathmandu[] = {{"1900-01-01", "1900-01-01 00:00:00+05:41:16"},
                                        {"2024-01-01", "2024-01-01 00:00:00+05:45"}};
    for (size_t i = 0; i < 2; i++)
        check_ts("Asia/Kathmandu", true, &kathmandu[i]);
}
END_TEST

static void check_error(int rc, const char *state, const char *msg)
{
    ck_assert_int_eq(rc, SS_ERROR);
    ck_assert_str_eq(err.sqlstate, state);
    ck_assert_str_eq(err.message, msg);
    ss_error_clear(&err);
}

START_TEST(errors)
{
    dt_session s = session("UTC");
    int32_t d;
    int64_t t;
    dt_interval iv;
    check_error(dt_date_in(&ctx, &s, "x", 1, &d), "22007", "invalid input syntax for type date: \"x\"");
    check_error(dt_date_in(&ctx, &s, "2024-02-30", 10, &d), "22008", "date/time field value out of range: \"2024-02-30\"");
    ck_assert_int_eq(dt_date_in(&ctx, &s, "13/01/2024", 10, &d), SS_ERROR);
    ck_assert_str_eq(err.hint, "Perhaps you need a different \"datestyle\" setting.");
    ss_error_clear(&err);
    check_error(dt_date_in(&ctx, &s, "5874898-01-01", 13, &d), "22008", "date out of range: \"5874898-01-01\"");
    check_error(dt_timestamp_in(&ctx, &s, "294277-01-01", 12, -1, false, &t), "22008",
                "timestamp out of range: \"294277-01-01\"");
    check_error(dt_timestamp_in(&ctx, &s, "x", 1, -1, true, &t), "22007",
                "invalid input syntax for type timestamp with time zone: \"x\"");
    check_error(dt_timestamp_in(&ctx, &s, "2024-01-01 10:00 Foo/Bar", 24, -1, true, &t), "22023",
                "time zone \"foo/bar\" not recognized");
    check_error(dt_timestamp_in(&ctx, &s, "2024-01-01 10:00+25", 19, -1, true, &t), "22009",
                "time zone displacement out of range: \"2024-01-01 10:00+25\"");
    check_error(dt_interval_in(&ctx, "10000000000 years", 17, -1, &iv), "22015",
                "interval field value out of range: \"10000000000 years\"");
    check_error(dt_interval_in(&ctx, "2147483647 years", 16, -1, &iv), "22008", "interval out of range");
    check_error(dt_time_in(&ctx, &s, "x", 1, -1, &t), "22007", "invalid input syntax for type time: \"x\"");
}
END_TEST

START_TEST(interval_io)
{
    static const io_case cases[] = {
        {"1 day 2 hours", "1 day 02:00:00"},
        {"1-2", "1 year 2 mons"},
        {"P1Y2M3DT4H5M6S", "1 year 2 mons 3 days 04:05:06"},
        {"@ 1 hour ago", "-01:00:00"},
        {"-1 2:03:04.5", "-1 days +02:03:04.5"},
        {"1.5 months", "1 mon 15 days"},
        {"100 years 3 mons -4 days", "100 years 3 mons -4 days"},
        {"0", "00:00:00"},
        {"P0001-02-03T04:05:06", "1 year 2 mons 3 days 04:05:06"},
        {"1 week 3 millennia", "3000 years 7 days"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dt_interval iv;
        ck_assert_msg(dt_interval_in(&ctx, cases[i].in, strlen(cases[i].in), -1, &iv) == SS_OK, "%s: %s",
                      cases[i].in, err.message);
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        dt_interval_out(&iv, DT_ISTYLE_POSTGRES, &sb);
        ck_assert_msg(strcmp(sb.data, cases[i].out) == 0, "%s -> %s", cases[i].in, sb.data);
        ss_strbuf_free(&sb);
    }
}
END_TEST

START_TEST(time_io)
{
    dt_session s = session("America/New_York");
    int64_t t;
    dt_timetz tz;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ck_assert_int_eq(dt_time_in(&ctx, &s, "allballs", 8, -1, &t), SS_OK);
    dt_time_out(t, &sb);
    ck_assert_str_eq(sb.data, "00:00:00");
    ss_strbuf_clear(&sb);
    ck_assert_int_eq(dt_time_in(&ctx, &s, "24:00", 5, -1, &t), SS_OK);
    dt_time_out(t, &sb);
    ck_assert_str_eq(sb.data, "24:00:00");
    ss_strbuf_clear(&sb);
    ck_assert_int_eq(dt_timetz_in(&ctx, &s, "10:00 PST", 9, -1, &tz), SS_OK);
    dt_timetz_out(&tz, &sb);
    ck_assert_str_eq(sb.data, "10:00:00-08");
    ss_strbuf_clear(&sb);
    ck_assert_int_eq(dt_timetz_in(&ctx, &s, "10:00", 5, -1, &tz), SS_OK); /* today's (June) offset */
    dt_timetz_out(&tz, &sb);
    ck_assert_str_eq(sb.data, "10:00:00-04");
    ss_strbuf_free(&sb);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("datetime");
    TCase *tc = tcase_create("library");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, calendar_walk);
    tcase_add_test(tc, iso_weeks);
    tcase_add_test(tc, tzif_zones);
    tcase_add_test(tc, tzif_truncated);
    tcase_add_test(tc, timestamp_io);
    tcase_add_test(tc, errors);
    tcase_add_test(tc, interval_io);
    tcase_add_test(tc, time_io);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
