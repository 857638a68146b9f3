/* test_copy_handler.c — COPY FROM STDIN and COPY TO STDOUT through the public C API's copy
 * handler (sunstone_set_copy_handler): data fed in small reads (lines split across calls),
 * the rows written back, a failing read (57014, nothing loaded), no handler (0A000), and a
 * prepared COPY run twice. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "sunstone.h"

typedef struct io_state {
    const char *in;        /* what read hands out */
    size_t pos, chunk;     /* bytes given so far, at most chunk per call */
    int fail_after;        /* fail the read call number fail_after (0: never) */
    int calls;
    char out[4096];        /* what write received */
    size_t out_len;
    int writes;
} io_state;

static int io_read(void *arg, char *buf, size_t size, size_t *n)
{
    io_state *s = arg;
    if (s->fail_after && ++s->calls >= s->fail_after)
        return -1;
    size_t left = strlen(s->in) - s->pos, k = left < s->chunk ? left : s->chunk;
    if (k > size)
        k = size;
    memcpy(buf, s->in + s->pos, k);
    s->pos += k;
    *n = k;
    return 0;
}

static int io_write(void *arg, const char *data, size_t len)
{
    io_state *s = arg;
    ck_assert_uint_lt(s->out_len + len, sizeof s->out);
    memcpy(s->out + s->out_len, data, len);
    s->out_len += len;
    s->out[s->out_len] = '\0';
    s->writes++;
    return 0;
}

static const char *one_value(sunstone *db, const char *sql)
{
    static char buf[256];
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, sql, -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    snprintf(buf, sizeof buf, "%s", sunstone_column_text(st, 0));
    sunstone_finalize(st);
    return buf;
}

START_TEST(copy_in_and_out)
{
    sunstone *db;
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    io_state s = {.in = "1\tone\n2\t\\N\n3\tthree, \"quoted\"\n", .chunk = 3};
    ck_assert_int_eq(sunstone_set_copy_handler(db, io_read, io_write, &s), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE t (a int, b text)", NULL, NULL), SUNSTONE_OK);
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "COPY t FROM STDIN", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    ck_assert_str_eq(sunstone_command_tag(st), "COPY 3");
    ck_assert_int_eq(sunstone_changes(st), 3);
    /* a prepared COPY runs again (the handler is read from the start again) */
    s.pos = 0;
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_finalize(st);
    ck_assert_str_eq(one_value(db, "SELECT count(*) FROM t"), "6");
    ck_assert_int_eq(sunstone_exec(db, "COPY (SELECT * FROM t WHERE a < 3 ORDER BY a LIMIT 2) TO STDOUT (FORMAT csv)",
                                   NULL, NULL),
                     SUNSTONE_OK);
    ck_assert_str_eq(s.out, "1,one\n1,one\n");
    ck_assert_int_ge(s.writes, 2); /* the len 0 call at the start, then the rows */
    sunstone_close(db);
}
END_TEST

START_TEST(failing_read_loads_nothing)
{
    sunstone *db;
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    io_state s = {.in = "1\n2\n3\n", .chunk = 2, .fail_after = 3};
    sunstone_set_copy_handler(db, io_read, NULL, &s);
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE t (a int)", NULL, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db, "COPY t FROM STDIN", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "57014");
    ck_assert_str_eq(one_value(db, "SELECT count(*) FROM t"), "0");
    /* no write callback: COPY TO STDOUT is refused */
    ck_assert_int_eq(sunstone_exec(db, "COPY t TO STDOUT", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "0A000");
    ck_assert_int_eq(sunstone_set_copy_handler(NULL, io_read, NULL, NULL), SUNSTONE_MISUSE);
    sunstone_close(db);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("copy_handler");
    TCase *tc = tcase_create("copy_handler");
    tcase_add_test(tc, copy_in_and_out);
    tcase_add_test(tc, failing_read_loads_nothing);
    suite_add_tcase(s, tc);
    return s;
}
