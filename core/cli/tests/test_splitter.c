/* test_splitter.c — the statement splitter: statement boundaries as psql draws them (checked
 * with psql -e on the same input), quotes of every kind, nested comments, parentheses,
 * BEGIN ATOMIC bodies, meta-commands inside and between statements, prompts, end of input,
 * and variable substitution. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "metaargs.h"
#include "splitter.h"

/* Feeds text line by line and returns what came out, one event per line:
 * "Q:<statement>" "M:<meta-command name and args>" and at the end "E:<unterminated text>". */
static char *split_all(const char *text, split_var_lookup lookup, void *arg)
{
    splitter sp;
    splitter_init(&sp);
    splitter_set_lookup(&sp, lookup, arg);
    buf out;
    buf_init(&out);
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char *line = strndup(p, n);
        splitter_feed_line(&sp, line);
        free(line);
        p += n + (nl ? 1 : 0);
        for (;;) {
            split_event ev = splitter_scan(&sp);
            if (ev == SPLIT_END_OF_LINE)
                break;
            if (ev == SPLIT_STATEMENT) {
                buf_printf(&out, "Q:%s\n", splitter_query(&sp));
                splitter_next_query(&sp);
            } else {
                meta_command cmd;
                meta_parse(splitter_meta(&sp), lookup, arg, &cmd);
                buf_printf(&out, "M:%s", cmd.name);
                for (size_t i = 0; i < cmd.nargs; i++)
                    buf_printf(&out, " [%s]", cmd.args[i]);
                buf_putc(&out, '\n');
                splitter_resume(&sp, cmd.consumed);
                meta_command_free(&cmd);
            }
        }
    }
    if (splitter_has_content(&sp))
        buf_printf(&out, "E:%s\n", splitter_query(&sp));
    splitter_free(&sp);
    return buf_detach(&out);
}

static void check_split(const char *text, const char *expected)
{
    char *got = split_all(text, NULL, NULL);
    ck_assert_str_eq(got, expected);
    free(got);
}

START_TEST(test_psql_echo_equivalence)
{
    /* Expected statements are exactly what `psql -e` echoed for this input. */
    check_split("-- leading comment\n"
                "   select 1;  select 2;\n"
                "select 'a;b', E'it\\'s;', \"x;y\" from (select 1 as \"x;y\") s;\n"
                "select $$a;b$$, $t$ ; $$ $t$, $1x$ as z;\n"
                "select 1 /* a /* b; */ c; */ + 1;\n"
                "select (1;\n"
                "2);\n"
                "select 1 -- trailing; comment\n"
                ";\n"
                "create function f1() returns int language sql begin atomic select 1; select case "
                "when true then 2 else 3 end; end;\n"
                "begin;\n"
                "select a$$b from (select 1 as a$$b) s;\n"
                "select 1 \\; select 2;\n",
                "Q:select 1;\n"
                "Q:select 2;\n"
                "Q:select 'a;b', E'it\\'s;', \"x;y\" from (select 1 as \"x;y\") s;\n"
                "Q:select $$a;b$$, $t$ ; $$ $t$, $1x$ as z;\n"
                "Q:select 1 /* a /* b; */ c; */ + 1;\n"
                "Q:select (1;\n2);\n"
                "Q:select 1 -- trailing; comment\n;\n"
                "Q:create function f1() returns int language sql begin atomic select 1; select case "
                "when true then 2 else 3 end; end;\n"
                "Q:begin;\n"
                "Q:select a$$b from (select 1 as a$$b) s;\n"
                "Q:select 1 ; select 2;\n");
}
END_TEST

START_TEST(test_quotes_across_lines)
{
    check_split("select 'a\n;b';\nselect \"x\n;\" from t;\nselect $f$\n;\n$f$;\n",
                "Q:select 'a\n;b';\n"
                "Q:select \"x\n;\" from t;\n"
                "Q:select $f$\n;\n$f$;\n");
}
END_TEST

START_TEST(test_doubled_quotes_and_escapes)
{
    check_split("select 'it''s;';\nselect E'\\\\';\nselect E'a\\';b';\nselect \"a\"\";\";\n"
                "select 'x\\';\n",
                "Q:select 'it''s;';\n"
                "Q:select E'\\\\';\n"
                "Q:select E'a\\';b';\n"
                "Q:select \"a\"\";\";\n"
                "Q:select 'x\\';\n");
}
END_TEST

START_TEST(test_string_prefixes)
{
    check_split("select U&'d;', b'1;', x'f;', n'n;', U&\"i;d\";\n"
                "select e 'x;';\n"
                "select se'x;';\n",
                "Q:select U&'d;', b'1;', x'f;', n'n;', U&\"i;d\";\n"
                "Q:select e 'x;';\n"
                "Q:select se'x;';\n");
}
END_TEST

START_TEST(test_dollar_quote_rules)
{
    check_split("select $1, $2;\nselect $$;$$;\nselect $a1$ $$ ; $a1$;\nselect $$ $x$ ; $$;\n"
                "select a$b$ from t;\n",
                "Q:select $1, $2;\n"
                "Q:select $$;$$;\n"
                "Q:select $a1$ $$ ; $a1$;\n"
                "Q:select $$ $x$ ; $$;\n"
                "Q:select a$b$ from t;\n");
}
END_TEST

START_TEST(test_comments)
{
    check_split("-- only a comment\n\n   \nselect /* ; */ 1; -- after\n/* c\n ; /* nested ; */\n*/ select 2;\n",
                "Q:select /* ; */ 1;\n"
                "Q:/* c\n ; /* nested ; */\n*/ select 2;\n");
}
END_TEST

START_TEST(test_parentheses)
{
    check_split("select (1;\n(2;));\nselect 1);\nselect 2;\n",
                "Q:select (1;\n(2;));\n"
                "Q:select 1);\n"
                "Q:select 2;\n");
}
END_TEST

START_TEST(test_begin_atomic)
{
    check_split("CREATE OR REPLACE PROCEDURE p() LANGUAGE sql\nBEGIN ATOMIC\n  insert into t values (1);\n"
                "  insert into t values (2);\nEND;\nselect 1;\n"
                "create function g() returns int begin atomic select case when x then 1 end; end;\n"
                "begin; select 2; end;\n"
                "create table begin_t (a int); select 3;\n",
                "Q:CREATE OR REPLACE PROCEDURE p() LANGUAGE sql\nBEGIN ATOMIC\n  insert into t values (1);\n"
                "  insert into t values (2);\nEND;\n"
                "Q:select 1;\n"
                "Q:create function g() returns int begin atomic select case when x then 1 end; end;\n"
                "Q:begin;\n"
                "Q:select 2;\n"
                "Q:end;\n"
                "Q:create table begin_t (a int);\n"
                "Q:select 3;\n");
}
END_TEST

START_TEST(test_meta_commands)
{
    check_split("\\echo hi\n  \\timing on\nselect 1 \\echo mid\n, 2;\n\\echo a \\echo b\n"
                "\\echo c\\\\select 5;\nselect ';\\echo' as x; \\q\n",
                "M:echo [hi]\n"
                "M:timing [on]\n"
                "M:echo [mid]\n"
                "Q:select 1 \n, 2;\n"
                "M:echo [a]\n"
                "M:echo [b]\n"
                "M:echo [c]\n"
                "Q:select 5;\n"
                "Q:select ';\\echo' as x;\n"
                "M:q\n");
}
END_TEST

START_TEST(test_meta_only_line_keeps_statement)
{
    /* psql -e echoed "select 7\n;" and "select 8\n  \n;" for this input. */
    check_split("select 7\n\\echo x\n;\nselect 8\n  \\echo y\n;\n",
                "M:echo [x]\n"
                "Q:select 7\n;\n"
                "M:echo [y]\n"
                "Q:select 8\n  \n;\n");
}
END_TEST

START_TEST(test_end_of_input)
{
    check_split("select 1;\nselect 2", "Q:select 1;\nE:select 2\n");
    check_split("select 1;\n/* x */\nselect x\n\n-- trailing\n",
                "Q:select 1;\nE:/* x */\nselect x\n\n-- trailing\n");
    check_split("/* only a comment */\n", "");
    check_split(";\n;;\n", "Q:;\nQ:;\nQ:;\n");
    check_split("select 'open\n", "E:select 'open\n");
}
END_TEST

START_TEST(test_content_flag)
{
    splitter sp;
    splitter_init(&sp);
    splitter_feed_line(&sp, "/* c */ ;");
    ck_assert_int_eq(splitter_scan(&sp), SPLIT_STATEMENT);
    ck_assert(!splitter_has_content(&sp));
    splitter_next_query(&sp);
    splitter_feed_line(&sp, "select 1;");
    ck_assert_int_eq(splitter_scan(&sp), SPLIT_STATEMENT);
    ck_assert(splitter_has_content(&sp));
    ck_assert_str_eq(splitter_query(&sp), "select 1;");
    splitter_free(&sp);
}
END_TEST

static char prompt_after(const char *lines)
{
    splitter sp;
    splitter_init(&sp);
    const char *p = lines;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char *line = strndup(p, n);
        splitter_feed_line(&sp, line);
        free(line);
        p += n + (nl ? 1 : 0);
        while (splitter_scan(&sp) != SPLIT_END_OF_LINE)
            splitter_next_query(&sp);
    }
    char c = splitter_prompt_char(&sp);
    splitter_free(&sp);
    return c;
}

START_TEST(test_prompt_status)
{
    ck_assert_int_eq(prompt_after(""), '=');
    ck_assert_int_eq(prompt_after("select 1;"), '=');
    ck_assert_int_eq(prompt_after("-- comment"), '=');
    ck_assert_int_eq(prompt_after("select 1,"), '-');
    ck_assert_int_eq(prompt_after("select 'abc"), '\'');
    ck_assert_int_eq(prompt_after("select E'abc\\'"), '\'');
    ck_assert_int_eq(prompt_after("select \"abc"), '"');
    ck_assert_int_eq(prompt_after("select $$"), '$');
    ck_assert_int_eq(prompt_after("/* c"), '*');
    ck_assert_int_eq(prompt_after("select (1"), '(');
    ck_assert_int_eq(prompt_after("select (1\n)"), '-');
}
END_TEST

static const char *lookup(void *arg, const char *name)
{
    (void)arg;
    if (strcmp(name, "tbl") == 0)
        return "accounts";
    if (strcmp(name, "v") == 0)
        return "it's";
    if (strcmp(name, "bs") == 0)
        return "a\\b";
    if (strcmp(name, "id") == 0)
        return "Mixed \"Case\"";
    if (strcmp(name, "two") == 0)
        return "1; select 2";
    if (strcmp(name, "self") == 0)
        return ":self";
    return NULL;
}

START_TEST(test_variables)
{
    char *got = split_all("select * from :tbl;\n"
                          "select :'v', :'bs', :\"id\";\n"
                          "select :nosuch, :'nosuch', x::int, ':tbl', \":tbl\", $$:tbl$$ -- :tbl\n;\n"
                          "select :two;\n"
                          "select :self;\n"
                          "\\echo :tbl :'v' :\"id\" :nosuch x:tbl\n",
                          lookup, NULL);
    ck_assert_str_eq(got, "Q:select * from accounts;\n"
                          "Q:select 'it''s',  E'a\\\\b', \"Mixed \"\"Case\"\"\";\n"
                          "Q:select :nosuch, :'nosuch', x::int, ':tbl', \":tbl\", $$:tbl$$ -- :tbl\n;\n"
                          "Q:select 1;\n"
                          "Q:select 2;\n"
                          "Q:select :self;\n"
                          "M:echo [accounts] ['it''s'] [\"Mixed \"\"Case\"\"\"] [:nosuch] [xaccounts]\n");
    free(got);
}
END_TEST

START_TEST(test_quote_helpers)
{
    buf b;
    buf_init(&b);
    quote_literal(&b, "plain");
    ck_assert_str_eq(b.data, "'plain'");
    buf_reset(&b);
    quote_literal(&b, "a'b\\c");
    ck_assert_str_eq(b.data, " E'a''b\\\\c'");
    buf_reset(&b);
    quote_identifier(&b, "x\"y");
    ck_assert_str_eq(b.data, "\"x\"\"y\"");
    buf_free(&b);
}
END_TEST

static Suite *splitter_suite(void)
{
    Suite *s = suite_create("splitter");
    TCase *tc = tcase_create("splitter");
    tcase_add_test(tc, test_psql_echo_equivalence);
    tcase_add_test(tc, test_quotes_across_lines);
    tcase_add_test(tc, test_doubled_quotes_and_escapes);
    tcase_add_test(tc, test_string_prefixes);
    tcase_add_test(tc, test_dollar_quote_rules);
    tcase_add_test(tc, test_comments);
    tcase_add_test(tc, test_parentheses);
    tcase_add_test(tc, test_begin_atomic);
    tcase_add_test(tc, test_meta_commands);
    tcase_add_test(tc, test_meta_only_line_keeps_statement);
    tcase_add_test(tc, test_end_of_input);
    tcase_add_test(tc, test_content_flag);
    tcase_add_test(tc, test_prompt_status);
    tcase_add_test(tc, test_variables);
    tcase_add_test(tc, test_quote_helpers);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(splitter_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
