/* test_timing.c — the \timing line format, as psql prints it below and above one second,
 * one hour and one day. */
#include <check.h>

#include "buf.h"
#include "check_main.h"
#include "timing.h"

static void expect(double ms, const char *text)
{
    buf b;
    buf_init(&b);
    format_timing(&b, ms);
    ck_assert_str_eq(b.data, text);
    buf_free(&b);
}

START_TEST(test_format)
{
    expect(0.293, "Time: 0.293 ms");
    expect(999.9994, "Time: 999.999 ms");
    expect(1102.599, "Time: 1102.599 ms (00:01.103)");
    expect(61234.6, "Time: 61234.600 ms (01:01.235)");
    expect(3723004.0, "Time: 3723004.000 ms (01:02:03.004)");
    expect(90061001.0, "Time: 90061001.000 ms (1 d 01:01:01.001)");
}
END_TEST

START_TEST(test_clock)
{
    double a = timing_now_ms();
    double b = timing_now_ms();
    ck_assert(b >= a);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("timing");
    TCase *tc = tcase_create("timing");
    tcase_add_test(tc, test_format);
    tcase_add_test(tc, test_clock);
    suite_add_tcase(s, tc);
    return s;
}
