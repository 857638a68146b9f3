/* test_split_scan.c — the lexical pass before the raw parser (core/sql/split.c): where a
 * statement ends, and the lower bound on nesting depth that lets Sunstone refuse operator
 * chains too deep for the stack without building their tree, while flat lists stay flat. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sql/split.h"

static ss_sql_piece scan(const char *sql)
{
    ss_sql_piece p;
    ss_sql_scan_piece(sql, strlen(sql), 0, &p);
    return p;
}

static uint64_t depth(const char *sql)
{
    return scan(sql).min_depth;
}

static char *repeat(const char *head, const char *item, long n, const char *foot)
{
    size_t hl = strlen(head), il = strlen(item), fl = strlen(foot);
    char *s = malloc(hl + il * (size_t)n + fl + 1);
    ck_assert_ptr_nonnull(s);
    memcpy(s, head, hl);
    for (long i = 0; i < n; i++)
        memcpy(s + hl + il * (size_t)i, item, il);
    memcpy(s + hl + il * (size_t)n, foot, fl + 1);
    return s;
}

static uint64_t depth_of_repeat(const char *head, const char *item, long n, const char *foot)
{
    char *s = repeat(head, item, n, foot);
    uint64_t d = depth(s);
    free(s);
    return d;
}

START_TEST(statement_ends)
{
    ss_sql_piece p = scan("SELECT 1; SELECT 2");
    ck_assert_uint_eq(p.end, 9);
    ck_assert(p.semicolon);
    ck_assert(!p.empty);
    p = scan("SELECT ';' AS \";\", $$;$$, $a$ $$ ; $a$, E'\\';', 'x'';' -- ;\n /* ; /* ; */ ; */ ; x");
    ck_assert_uint_eq(p.end, strlen("SELECT ';' AS \";\", $$;$$, $a$ $$ ; $a$, E'\\';', 'x'';' -- ;\n /* ; /* ; */ ; */ ;"));
    p = scan("  -- c\n ; SELECT 1");
    ck_assert(p.empty);
    ck_assert(p.semicolon);
    ck_assert_uint_eq(p.end, 9);
    p = scan("SELECT 1");
    ck_assert(!p.semicolon);
    ck_assert_uint_eq(p.end, 8);
    /* an unterminated comment is left to the raw parser, which reports it */
    p = scan(" /* open ; ");
    ck_assert(!p.empty);
    /* $1 is a parameter, a$b$ an identifier: neither opens a dollar quote */
    ck_assert_uint_eq(scan("SELECT $1; x").end, 10);
    ck_assert_uint_eq(scan("SELECT a$b$; x").end, 12);
    const char *s = "SELECT 1 ;  ; /* c */ -- d\n  SELECT 2";
    ck_assert_uint_eq(ss_sql_skip_empty(s, strlen(s), 10), strlen(s) - 8);
    s = "SELECT 1; /* open";
    ck_assert_uint_eq(ss_sql_skip_empty(s, strlen(s), 9), 10);
}
END_TEST

START_TEST(chains_are_deep)
{
    ck_assert_uint_eq(depth_of_repeat("SELECT 0", "+1", 1000, ";"), 1000);
    ck_assert_uint_eq(depth_of_repeat("SELECT 'x'", "||'x'", 1000, ";"), 1000);
    ck_assert_uint_eq(depth_of_repeat("SELECT 1", "::int", 1000, ";"), 1000);
    ck_assert_uint_ge(depth_of_repeat("SELECT a", "*b+c", 1000, ";"), 1000);
    ck_assert_uint_ge(depth_of_repeat("SELECT (a", "+1", 1000, ")"), 1000);
    ck_assert_uint_ge(depth_of_repeat("SELECT f(0", "-1", 1000, ")"), 1000);
    ck_assert_uint_eq(depth_of_repeat("SELECT x", " COLLATE \"C\"", 100, ""), 100);
    ck_assert_uint_eq(depth_of_repeat("SELECT x", " AT TIME ZONE 'UTC'", 100, ""), 100);
    /* inside 20000 parentheses (beyond what is followed) the bound only gets lower */
    char *open = repeat("SELECT ", "(", 20000, "0");
    char *chain = repeat(open, "+1", 1000, "");
    ck_assert_uint_le(depth(chain), 1000);
    free(open);
    free(chain);
}
END_TEST

START_TEST(flat_and_prefix_forms_are_not_counted)
{
    ck_assert_uint_le(depth_of_repeat("SELECT a IN (0", ",1", 100000, ");"), 1);
    ck_assert_uint_le(depth_of_repeat("SELECT a > 0", " AND a > 0", 100000, ";"), 1);
    ck_assert_uint_le(depth_of_repeat("SELECT a = 0", " OR a + 1 = 2", 100000, ";"), 2);
    ck_assert_uint_le(depth_of_repeat("SELECT 1", ", 2 + 3", 100000, ";"), 1);
    /* a keyword before a prefix operator reads as an operand: at most one too many */
    ck_assert_uint_le(depth_of_repeat("SELECT ", "- ", 1000, "1"), 1);
    ck_assert_uint_eq(depth_of_repeat("SELECT '", "+1", 1000, "'"), 0);
    ck_assert_uint_eq(depth_of_repeat("SELECT 1 -- ", "+1", 1000, ""), 0);
    ck_assert_uint_eq(depth_of_repeat("SELECT 1 /* ", "+1", 1000, " */"), 0);
    ck_assert_uint_eq(depth_of_repeat("SELECT \"", "+1", 1000, "\""), 0);
    ck_assert_uint_eq(depth_of_repeat("SELECT $$", "+1", 1000, "$$"), 0);
    /* clauses do not add up */
    ck_assert_uint_eq(depth("SELECT a+b+c FROM t WHERE d+e+f > 0 ORDER BY g+h+i"), 2);
    /* 1e-5 is a number, *- is * then a prefix - */
    ck_assert_uint_eq(depth("SELECT 1e-5 * -2"), 1);
    ck_assert_uint_eq(depth("SELECT 1 +-+ 2"), 1);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("split_scan");
    TCase *tc = tcase_create("split_scan");
    tcase_add_test(tc, statement_ends);
    tcase_add_test(tc, chains_are_deep);
    tcase_add_test(tc, flat_and_prefix_forms_are_not_counted);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
