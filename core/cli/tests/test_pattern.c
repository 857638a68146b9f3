/* test_pattern.c — psql name patterns as \dt uses them; the matches asserted here are what
 * psql 15's \dt listed for the same patterns and table names. */
#include <check.h>

#include "buf.h"
#include "check_main.h"
#include "pattern.h"

static const char *const names[] = {"Mixed", "Mixed Case", "a.b", "longer_table_name", "t",
                                    "t1", "t2", "x$y"};

/* The names matched by pattern, joined with spaces. */
static void expect(const char *pattern, const char *expected)
{
    name_pattern p;
    buf err, got;
    buf_init(&err);
    buf_init(&got);
    ck_assert_msg(pattern_compile(pattern, &p, &err), "%s", err.data);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (pattern_matches(&p, "public", names[i])) {
            if (got.len)
                buf_putc(&got, ' ');
            buf_puts(&got, names[i]);
        }
    }
    ck_assert_str_eq(got.data, expected);
    pattern_free(&p);
    buf_free(&err);
    buf_free(&got);
}

START_TEST(test_psql_matches)
{
    expect("t*", "t t1 t2");
    expect("T?", "t1 t2");
    expect("t[12]", "t1 t2");
    expect("Mixed", "");
    expect("\"Mixed\"", "Mixed");
    expect("\"Mixed Case\"", "Mixed Case");
    expect("public.t1", "t1");
    expect("pub*.t?", "t1 t2");
    expect("other.t1", "");
    expect("\"a.b\"", "a.b");
    expect("a.b", "");
    expect("x$y", "x$y");
    expect("\"x$y\"", "x$y");
    expect("t1|t2", "t1 t2");
    expect("public.", "");
    expect(".t1", "");
    expect("\"t*\"", "");
    expect("\"M\"ixed", "Mixed");
    expect("\"M\"IXED", "Mixed");
    expect("*", "Mixed Mixed Case a.b longer_table_name t t1 t2 x$y");
}
END_TEST

START_TEST(test_translation)
{
    buf s, n, err;
    buf_init(&s);
    buf_init(&n);
    buf_init(&err);
    bool has_schema;
    ck_assert(pattern_translate("Foo*.\"B.a*r\"?", &s, &n, &has_schema, &err));
    ck_assert(has_schema);
    ck_assert_str_eq(s.data, "^(foo.*)$");
    ck_assert_str_eq(n.data, "^(B\\.a\\*r.)$");
    ck_assert(pattern_translate("\"say \"\"hi\"\"\"", &s, &n, &has_schema, &err));
    ck_assert(!has_schema);
    ck_assert_str_eq(n.data, "^(say \"hi\")$");
    ck_assert(!pattern_translate("a.b.c", &s, &n, &has_schema, &err));
    ck_assert_str_eq(err.data, "improper qualified name (too many dotted names): a.b.c");
    buf_free(&s);
    buf_free(&n);
    buf_free(&err);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("pattern");
    TCase *tc = tcase_create("pattern");
    tcase_add_test(tc, test_psql_matches);
    tcase_add_test(tc, test_translation);
    suite_add_tcase(s, tc);
    return s;
}
