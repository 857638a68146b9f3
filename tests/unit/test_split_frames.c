/* test_split_frames.c — the lexical pre-scan (core/sql/split.c) keeps its first parenthesis
 * levels in a local array and moves them to the heap when a statement nests deeper: the
 * depth counted at an outer level must survive that move, and the statement end and the
 * long-identifier NOTICE must not depend on it. */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "sql/split.h"
#include "util/strbuf.h"

/* head, depth '(', inner, depth ')', foot */
static void nest(ss_strbuf *sb, const char *head, int depth, const char *inner, const char *foot)
{
    ss_strbuf_clear(sb);
    ss_strbuf_puts(sb, head);
    for (int i = 0; i < depth; i++)
        ss_strbuf_putc(sb, '(');
    ss_strbuf_puts(sb, inner);
    for (int i = 0; i < depth; i++)
        ss_strbuf_putc(sb, ')');
    ss_strbuf_puts(sb, foot);
    ck_assert(!sb->oom);
}

static int notices;

static void count_notice(void *arg, const char *msg)
{
    (void)arg;
    ck_assert_ptr_nonnull(strstr(msg, "will be truncated to"));
    notices++;
}

START_TEST(outer_levels_survive_deep_nesting)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_sql_piece p;
    for (int depth = 1; depth <= 40; depth++) {
        /* 11 additions chained at level 1, around a group nested depth levels deeper */
        nest(&sb, "SELECT (0+1+1+1+1+1+", depth, "1+1+1+1", "+1+1+1+1+1); SELECT 2");
        ss_sql_scan_piece(sb.data, sb.len, 0, &p);
        ck_assert(p.semicolon);
        ck_assert_uint_eq(p.end, strchr(sb.data, ';') + 1 - sb.data);
        ck_assert_msg(p.min_depth == 11, "nesting %d: depth %llu", depth,
                      (unsigned long long)p.min_depth);
    }
    /* a 70-byte identifier 30 levels deep: one NOTICE, the text scanned to its end */
    char name[71];
    memset(name, 'x', 70);
    name[70] = '\0';
    nest(&sb, "SELECT ", 30, name, "");
    notices = 0;
    ss_sql_scan_piece_notify(sb.data, SIZE_MAX, 0, &p, count_notice, NULL);
    ck_assert_int_eq(notices, 1);
    ck_assert(!p.semicolon);
    ck_assert_uint_eq(p.end, sb.len);
    ss_strbuf_free(&sb);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("split_frames");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, outer_levels_survive_deep_nesting);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
