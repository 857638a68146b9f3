/* test_split_frames.c — the lexical pre-scan (core/sql/split.c) keeps its first parenthesis
 * levels in a local array and moves them to the heap when a statement nests deeper: the
 * depth counted at an outer level must survive that move, and the statement end and the
 * long-identifier NOTICE must not depend on it. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sql/split.h"

/* head, then n copies of item, then foot, in a malloc'd string */
static char *build(const char *head, const char *item, int n, const char *foot)
{
    size_t hl = strlen(head), il = strlen(item), fl = strlen(foot);
    char *s = malloc(hl + il * (size_t)n + fl + 1);
    ck_assert_ptr_nonnull(s);
    memcpy(s, head, hl);
    for (int i = 0; i < n; i++)
        memcpy(s + hl + il * (size_t)i, item, il);
    memcpy(s + hl + il * (size_t)n, foot, fl + 1);
    return s;
}

/* (0 +1 x5 + ((( ... depth levels ... 1+1+1+1 ))) +1 x5): 11 additions chained at level 1 */
static uint64_t outer_chain_depth(int depth)
{
    char *open = build("SELECT (0+1+1+1+1+1+", "(", depth, "1+1+1+1");
    char *text = build(open, ")", depth, "+1+1+1+1+1); SELECT 2");
    ss_sql_piece p;
    ss_sql_scan_piece(text, strlen(text), 0, &p);
    ck_assert(p.semicolon);
    ck_assert_uint_eq(p.end, strchr(text, ';') + 1 - text);
    free(open);
    free(text);
    return p.min_depth;
}

START_TEST(outer_levels_survive_deep_nesting)
{
    for (int depth = 1; depth <= 40; depth++)
        ck_assert_msg(outer_chain_depth(depth) == 11, "nesting %d: depth %llu", depth,
                      (unsigned long long)outer_chain_depth(depth));
}
END_TEST

static int notices;

static void count_notice(void *arg, const char *msg)
{
    (void)arg;
    ck_assert_ptr_nonnull(strstr(msg, "will be truncated to"));
    notices++;
}

START_TEST(long_identifier_inside_deep_nesting)
{
    char name[80];
    memset(name, 'x', 70);
    name[70] = '\0';
    char *open = build("SELECT ", "(", 30, name);
    char *text = build(open, ")", 30, "");
    ss_sql_piece p;
    notices = 0;
    ss_sql_scan_piece_notify(text, strlen(text), 0, &p, count_notice, NULL);
    ck_assert_int_eq(notices, 1);
    ck_assert(!p.semicolon);
    ck_assert_uint_eq(p.end, strlen(text));
    free(open);
    free(text);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("split_frames");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, outer_levels_survive_deep_nesting);
    tcase_add_test(tc, long_identifier_inside_deep_nesting);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
