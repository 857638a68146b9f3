/* test_json.c — Check tests for core/types/json/: the JSON parser's validation and its errors
 * (DETAIL and CONTEXT as PostgreSQL 15 writes them), jsonb's encoding and normalised output,
 * jsonb's order, hashing, containment and key existence, and the CONTEXT line through the C API
 * (sunstone_errcontext). */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "sunstone.h"
#include "types/json/json.h"

#include "check_suite.h"
#include "ctx_fixture.h"

/* jsonb_in then jsonb_out of s; on error "ERR <sqlstate>|<detail>|<context>". */
static const char *jsonb(const char *s)
{
    static char out[512];
    jv *v;
    ss_text t;
    if (json_parse_tree(&ctx, s, strlen(s), arena, &v) != SS_OK ||
        jb_encode(&ctx, v, arena, &t) != SS_OK) {
        snprintf(out, sizeof out, "ERR %s|%s|%s", err.sqlstate, err.detail ? err.detail : "",
                 err.context ? err.context : "");
        ss_error_clear(&err);
        return out;
    }
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    jb_format(t.ptr, false, &sb);
    snprintf(out, sizeof out, "%s", sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return out;
}

/* json_in: "ok" or the error as jsonb() writes it. */
static const char *json(const char *s)
{
    static char out[512];
    if (json_validate(&ctx, s, strlen(s)) == SS_OK)
        return "ok";
    snprintf(out, sizeof out, "ERR %s|%s|%s|%s", err.sqlstate, err.message, err.detail ? err.detail : "",
             err.context ? err.context : "");
    ss_error_clear(&err);
    return out;
}

static const char *enc(const char *s)
{
    jv *v;
    ss_text t;
    ck_assert_int_eq(json_parse_tree(&ctx, s, strlen(s), arena, &v), SS_OK);
    ck_assert_int_eq(jb_encode(&ctx, v, arena, &t), SS_OK);
    return t.ptr;
}

START_TEST(test_validate)
{
    ck_assert_str_eq(json(" [1, {\"a\":2}] "), "ok");
    ck_assert_str_eq(json("\"\\u0000\""), "ok");
    ck_assert_str_eq(json("\"\\ud800\""), "ok");
    ck_assert_str_eq(json("{\"a\":1,}"), "ERR 22P02|invalid input syntax for type json|"
                                          "Expected string, but found \"}\".|JSON data, line 1: {\"a\":1,}");
    ck_assert_str_eq(json("[1,2"), "ERR 22P02|invalid input syntax for type json|The input string "
                                   "ended unexpectedly.|JSON data, line 1: [1,2");
    ck_assert_str_eq(json("tru"), "ERR 22P02|invalid input syntax for type json|Token \"tru\" is "
                                  "invalid.|JSON data, line 1: tru");
    ck_assert_str_eq(json("01"), "ERR 22P02|invalid input syntax for type json|Token \"01\" is "
                                 "invalid.|JSON data, line 1: 01");
    ck_assert_str_eq(json("{\"a\" 1}"), "ERR 22P02|invalid input syntax for type json|Expected "
                                        "\":\", but found \"1\".|JSON data, line 1: {\"a\" 1...");
    ck_assert_str_eq(json(".5"), "ERR 22P02|invalid input syntax for type json|Token \".\" is "
                                 "invalid.|JSON data, line 1: ....");
    ck_assert_str_eq(json("1.5.3"), "ERR 22P02|invalid input syntax for type json|Token \".\" is "
                                    "invalid.|JSON data, line 1: 1.5....");
    ck_assert_str_eq(json("\"abc"), "ERR 22P02|invalid input syntax for type json|Token \"\"abc\" "
                                    "is invalid.|JSON data, line 1: \"abc");
    ck_assert_str_eq(json("[\"a\\u\"]"), "ERR 22P02|invalid input syntax for type json|\"\\u\" must "
                                         "be followed by four hexadecimal digits.|JSON data, line 1: "
                                         "[\"a\\u\"...");
    ck_assert_str_eq(json("\"a\tb\""), "ERR 22P02|invalid input syntax for type json|Character "
                                       "with value 0x09 must be escaped.|JSON data, line 1: \"a...");
    ck_assert_str_eq(json("[1,\n2,\n x]"), "ERR 22P02|invalid input syntax for type json|Token "
                                           "\"x\" is invalid.|JSON data, line 3:  x...");
    ck_assert_str_eq(json("{\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\": 1, x}"),
                     "ERR 22P02|invalid input syntax for type json|Token \"x\" is invalid.|JSON "
                     "data, line 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\": 1, x...");
    ck_assert_str_eq(json(""), "ERR 22P02|invalid input syntax for type json|The input string "
                               "ended unexpectedly.|JSON data, line 1: ");
    ck_assert_str_eq(json("1 2"), "ERR 22P02|invalid input syntax for type json|Expected end of "
                                  "input, but found \"2\".|JSON data, line 1: 1 2");
    ck_assert_str_eq(json("€x"), "ERR 22P02|invalid input syntax for type json|Token \"€x\" is "
                                 "invalid.|JSON data, line 1: €x");
}
END_TEST

START_TEST(test_jsonb_output)
{
    ck_assert_str_eq(jsonb("{\"b\":1,\"a\":2,\"aa\":3,\"a\":5}"), "{\"a\": 5, \"b\": 1, \"aa\": 3}");
    ck_assert_str_eq(jsonb("[1.50, 1e3, -0, 1E-2, 12345678901234567890123456789]"),
                     "[1.50, 1000, 0, 0.01, 12345678901234567890123456789]");
    ck_assert_str_eq(jsonb("\"\\u00e9\\n\\\"\\/\""), "\"é\\n\\\"/\"");
    ck_assert_str_eq(jsonb("\"\\ud83d\\ude00\""), "\"😀\"");
    ck_assert_str_eq(jsonb("{\"a\":[1,{\"b\":null}],\"c\":true}"), "{\"a\": [1, {\"b\": null}], \"c\": true}");
    ck_assert_str_eq(jsonb(" [ ] "), "[]");
    ck_assert_str_eq(jsonb("{}"), "{}");
    ck_assert_str_eq(jsonb("\"\\b\\f\\n\\r\\t\\u0001\\u001f\""), "\"\\b\\f\\n\\r\\t\\u0001\\u001f\"");
    ck_assert_str_eq(jsonb("\"\\u0000\""), "ERR 22P05|\\u0000 cannot be converted to text.|JSON "
                                           "data, line 1: \"\\u0000...");
    ck_assert_str_eq(jsonb("\"\\ud800\""), "ERR 22P02|Unicode low surrogate must follow a high "
                                           "surrogate.|JSON data, line 1: \"\\ud800\"");
    ck_assert_str_eq(jsonb("\"\\ud800x\""), "ERR 22P02|Unicode low surrogate must follow a high "
                                            "surrogate.|JSON data, line 1: \"\\ud800x...");
    ck_assert_str_eq(jsonb("\"\\udc00\""), "ERR 22P02|Unicode low surrogate must follow a high "
                                           "surrogate.|JSON data, line 1: \"\\udc00...");
    ck_assert_str_eq(jsonb("\"\\ud800\\ud800\""), "ERR 22P02|Unicode high surrogate must not "
                                                  "follow a high surrogate.|JSON data, line 1: "
                                                  "\"\\ud800\\ud800...");
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    jb_format(enc("{\"a\":[],\"b\":{},\"c\":[1,{\"d\":null}]}"), true, &sb);
    ck_assert_str_eq(sb.data, "{\n    \"a\": [\n    ],\n    \"b\": {\n    },\n    \"c\": [\n        1,\n"
                              "        {\n            \"d\": null\n        }\n    ]\n}");
    ss_strbuf_free(&sb);
}
END_TEST

static int cmp(const char *a, const char *b)
{
    return jb_compare(enc(a), enc(b));
}

START_TEST(test_order)
{
    ck_assert_int_gt(cmp("null", "[]"), 0);
    ck_assert_int_gt(cmp("5", "[]"), 0);
    ck_assert_int_lt(cmp("5", "[1]"), 0);
    ck_assert_int_gt(cmp("{}", "[1,2]"), 0);
    ck_assert_int_lt(cmp("\"a\"", "1"), 0);
    ck_assert_int_gt(cmp("true", "1"), 0);
    ck_assert_int_gt(cmp("{\"b\":1}", "{\"aa\":1}"), 0);
    ck_assert_int_gt(cmp("{\"a\":1,\"b\":2}", "{\"c\":1}"), 0);
    ck_assert_int_gt(cmp("[1,2]", "[2]"), 0);
    ck_assert_int_gt(cmp("[[1]]", "[1]"), 0);
    ck_assert_int_eq(cmp("1.0", "1"), 0);
    ck_assert_int_eq(cmp("{\"a\":1.0}", "{\"a\":1}"), 0);
    ck_assert(jb_hash(enc("{\"a\":[1.0]}")) == jb_hash(enc("{\"a\":[1]}")));
    ck_assert(jb_hash(enc("{\"a\":1}")) != jb_hash(enc("{\"a\":2}")));
}
END_TEST

static bool contains(const char *a, const char *b)
{
    return jb_contains(enc(a), enc(b));
}

START_TEST(test_contains)
{
    ck_assert(contains("{\"a\":1,\"b\":[1,2,{\"c\":3}]}", "{\"b\":[{\"c\":3}]}"));
    ck_assert(contains("{\"a\":1,\"b\":2}", "{\"a\":1}"));
    ck_assert(!contains("{\"a\":1}", "{\"a\":1,\"b\":2}"));
    ck_assert(contains("[1,2,3]", "[3,1]"));
    ck_assert(contains("[1,2,3]", "2"));
    ck_assert(!contains("2", "[2]"));
    ck_assert(contains("2", "2"));
    ck_assert(!contains("{\"a\":[1]}", "{\"a\":{}}"));
    ck_assert(!contains("[1]", "{}"));
    ck_assert(contains("[[1,2]]", "[[2]]"));
    ck_assert(!contains("[1,2]", "[[1]]"));
    ck_assert(jb_exists(enc("{\"a\":1}"), "a", 1));
    ck_assert(!jb_exists(enc("{\"a\":1}"), "b", 1));
    ck_assert(jb_exists(enc("[\"a\",1]"), "a", 1));
    ck_assert(!jb_exists(enc("[1]"), "1", 1));
    ck_assert(jb_exists(enc("\"a\""), "a", 1));
}
END_TEST

START_TEST(test_access)
{
    const char *p = enc("[10, \"x\", {\"k\": [1]}]");
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    jb_format(jb_array_get(p, -1), false, &sb);
    ck_assert_str_eq(sb.data, "{\"k\": [1]}");
    ss_strbuf_clear(&sb);
    jb_format_text(jb_array_get(p, 1), &sb);
    ck_assert_str_eq(sb.data, "x");
    ck_assert_ptr_null(jb_array_get(p, 3));
    ck_assert_ptr_null(jb_array_get(p, -4));
    ck_assert_ptr_nonnull(jb_object_get(jb_array_get(p, 2), "k", 1));
    ck_assert_ptr_null(jb_object_get(jb_array_get(p, 2), "kk", 2));
    ss_strbuf_free(&sb);
    /* a decoded tree encodes back to the same bytes */
    ss_text t;
    jv *v = jb_decode(&ctx, p, arena);
    ck_assert_ptr_nonnull(v);
    ck_assert_int_eq(jb_encode(&ctx, v, arena, &t), SS_OK);
    ck_assert_int_eq(t.len, jb_size(p));
    ck_assert_int_eq(memcmp(t.ptr, p, t.len), 0);
}
END_TEST

/* The C API hands out the CONTEXT line of an error (sunstone_errcontext). */
START_TEST(test_api_context)
{
    sunstone *db;
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    ck_assert_int_ne(sunstone_exec(db, "SELECT '[1,'::jsonb", NULL, NULL), SUNSTONE_OK);
    ck_assert_str_eq(sunstone_sqlstate(db), "22P02");
    ck_assert_str_eq(sunstone_errdetail(db), "The input string ended unexpectedly.");
    ck_assert_str_eq(sunstone_errcontext(db), "JSON data, line 1: [1,");
    ck_assert_int_eq(sunstone_exec(db, "SELECT 1", NULL, NULL), SUNSTONE_OK);
    ck_assert_ptr_null(sunstone_errcontext(db));
    sunstone_close(db);
}
END_TEST

static void add(TCase *tc)
{
    tcase_add_test(tc, test_api_context);
    tcase_add_test(tc, test_validate);
    tcase_add_test(tc, test_jsonb_output);
    tcase_add_test(tc, test_order);
    tcase_add_test(tc, test_contains);
    tcase_add_test(tc, test_access);
}

int main(void)
{
    return run_suite("json", setup, teardown, add);
}
