/* test_bytea_uuid.c — Check tests for bytea (core/types/bytea) and uuid (core/types/uuid)
 * through the type catalog: the text forms PostgreSQL 15 accepts and rejects (byteain's hex
 * and escape forms, uuid_in's hyphens and braces) with their errors, bytea_output's two
 * formats, the functions as ss_func_resolve finds them (encode / decode with base64's
 * 76-character lines, byte and bit access, digests, convert), and gen_random_uuid's version
 * and variant bits. */
#include <check.h>
#include <string.h>

#include "exec/vector.h"
#include "types/bytea/bytea.h"
#include "types/functions.h"
#include "types/typeio.h"
#include "types/uuid/uuid.h"

#include "check_suite.h"
#include "ctx_fixture.h"

#define BY SS_TYPE_BYTEA
#define TX SS_TYPE_TEXT
#define I4 SS_TYPE_INT4
#define I8 SS_TYPE_INT8

/* The output text of v (of type t), in the test's arena. */
static const char *text_of(ss_type t, const ss_value *v)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_value_format(t, v, &sb);
    char *p = ss_arena_strdup(arena, sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return p;
}

/* Checks that ctx's error is (state, message) and clears it. */
static void error_is(const char *state, const char *message)
{
    ck_assert_str_eq(err.sqlstate, state);
    ck_assert_str_eq(err.message, message);
    ss_error_clear(&err);
}

/* One text form: the output it reads back as, or (state set) the error. */
typedef struct io_case {
    int32_t type;
    const char *in, *out, *state;
} io_case;

static const io_case io_cases[] = {
    {BY, "\\xDEad Be\n\tef", "\\xdeadbeef", NULL},
    {BY, "a\\\\b\\001\\377", "\\x615c6201ff", NULL},
    {BY, "", "\\x", NULL},
    {BY, "\\x", "\\x", NULL},
    {BY, "\\xdeadx", "invalid hexadecimal digit: \"x\"", "22023"},
    {BY, "\\xde\xc3\xa9", "invalid hexadecimal digit: \"\xc3\xa9\"", "22023"},
    {BY, "\\xdea", "invalid hexadecimal data: odd number of digits", "22023"},
    {BY, "a\\b", "invalid input syntax for type bytea", "22P02"},
    {BY, "a\\400", "invalid input syntax for type bytea", "22P02"},
    {BY, "a\\", "invalid input syntax for type bytea", "22P02"},
    {SS_TYPE_UUID, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", NULL},
    {SS_TYPE_UUID, "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", NULL},
    {SS_TYPE_UUID, "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", NULL},
    {SS_TYPE_UUID, "a0eebc999c0b4ef8bb6d6bb9bd380a11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", NULL},
    {SS_TYPE_UUID, "a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", NULL},
    {SS_TYPE_UUID, "", "invalid input syntax for type uuid: \"\"", "22P02"},
    {SS_TYPE_UUID, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1",
     "invalid input syntax for type uuid: \"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1\"", "22P02"},
    {SS_TYPE_UUID, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11-",
     "invalid input syntax for type uuid: \"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11-\"", "22P02"},
    {SS_TYPE_UUID, "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
     "invalid input syntax for type uuid: \"{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11\"", "22P02"},
    {SS_TYPE_UUID, "a0e-ebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
     "invalid input syntax for type uuid: \"a0e-ebc99-9c0b-4ef8-bb6d-6bb9bd380a11\"", "22P02"},
    {SS_TYPE_UUID, " a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
     "invalid input syntax for type uuid: \" a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11\"", "22P02"},
};

START_TEST(text_forms)
{
    for (size_t k = 0; k < sizeof io_cases / sizeof io_cases[0]; k++) {
        const io_case *c = &io_cases[k];
        ss_type t = {c->type, -1};
        ss_value v;
        int rc = ss_value_parse(&ctx, t, c->in, strlen(c->in), &v);
        if (c->state) {
            ck_assert_int_eq(rc, SS_ERROR);
            error_is(c->state, c->out);
        } else {
            ck_assert_int_eq(rc, SS_OK);
            ck_assert_str_eq(text_of(t, &v), c->out);
        }
    }
    ss_value v;
    ck_assert_int_eq(ss_value_parse(&ctx, (ss_type){BY, -1}, "\\x00015c7e7fff41", 16, &v), SS_OK);
    bytea_set_output(false);
    ck_assert_str_eq(text_of((ss_type){BY, -1}, &v), "\\000\\001\\\\~\\177\\377A");
    bytea_set_output(true);
}
END_TEST

/* One call: the function, its argument types and the arguments' input text; the result's
 * output text or (state set) the error message. */
typedef struct fn_case {
    const char *fn;
    uint32_t nargs;
    int32_t types[4];
    const char *args[4];
    const char *want, *state;
} fn_case;

#define A57 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define B76 "YWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFh"

static const fn_case fn_cases[] = {
    {"encode", 2, {BY, TX}, {A57, "BASE64"}, B76 "\n", NULL}, /* PostgreSQL ends a full line */
    {"decode", 2, {TX, TX}, {B76 "\n", "base64"}, "\\x" "616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161", NULL},
    {"decode", 2, {TX, TX}, {"ab=c", "base64"}, "\\x69", NULL},
    {"decode", 2, {TX, TX}, {"abc", "base64"}, "invalid base64 end sequence", "22023"},
    {"decode", 2, {TX, TX}, {"a*", "base64"}, "invalid symbol \"*\" found while decoding base64 sequence", "22023"},
    {"decode", 2, {TX, TX}, {"ab", "foo"}, "unrecognized encoding: \"foo\"", "22023"},
    {"encode", 2, {BY, TX}, {"\\000\\001\\200\\\\a", "escape"}, "\\000\x01\\200\\\\a", NULL},
    {"encode", 2, {BY, TX}, {"\\x00ff10", "hex"}, "00ff10", NULL},
    {"get_byte", 2, {BY, I4}, {"\\x0102", "2"}, "index 2 out of valid range, 0..1", "2202E"},
    {"set_byte", 3, {BY, I4, I4}, {"\\x0102", "0", "256"}, "\\x0002", NULL},
    {"get_bit", 2, {BY, I8}, {"\\x0102", "9"}, "1", NULL},
    {"set_bit", 3, {BY, I8, I4}, {"\\x0102", "8", "1"}, "\\x0103", NULL},
    {"set_bit", 3, {BY, I8, I4}, {"\\x0102", "0", "2"}, "new bit must be 0 or 1", "22023"},
    {"substring", 3, {BY, I4, I4}, {"\\x0102030405", "0", "2"}, "\\x01", NULL},
    {"substring", 3, {BY, I4, I4}, {"\\x0102", "1", "-1"}, "negative substring length not allowed", "22011"},
    {"overlay", 4, {BY, BY, I4, I4}, {"\\x010203", "\\xaa", "2", "0"}, "\\x01aa0203", NULL},
    {"position", 2, {BY, BY}, {"\\x010203", "\\x03"}, "3", NULL},
    {"btrim", 2, {BY, BY}, {"\\x0001020100", "\\x00"}, "\\x010201", NULL},
    {"like", 2, {BY, BY}, {"abc", "a%"}, "t", NULL},
    {"like", 2, {BY, BY}, {"\xc3\xa9", "_"}, "f", NULL}, /* one byte, not one character */
    {"md5", 1, {BY}, {"abc"}, "900150983cd24fb0d6963f7d28e17f72", NULL},
    {"sha256", 1, {BY}, {"abc"}, "\\xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", NULL},
    {"convert_to", 2, {TX, TX}, {"\xc3\xa9", "LATIN1"}, "\\xe9", NULL},
    {"convert_from", 2, {BY, TX}, {"\\xe9", "latin-1"}, "\xc3\xa9", NULL},
    {"convert_from", 2, {BY, TX}, {"\\xe9", "latin99"}, "invalid source encoding name \"latin99\"", "22023"},
    {"convert_from", 2, {BY, TX}, {"\\xff", "utf-8"}, "invalid byte sequence for encoding \"UTF8\": 0xff", "22021"},
    {"convert", 3, {BY, TX, TX}, {"\\x68e9", "LATIN1", "UTF8"}, "\\x68c3a9", NULL},
};

START_TEST(functions_through_the_catalog)
{
    for (size_t k = 0; k < sizeof fn_cases / sizeof fn_cases[0]; k++) {
        const fn_case *c = &fn_cases[k];
        ss_type at[4], want[4], res;
        ss_vector *args[4];
        for (uint32_t i = 0; i < c->nargs; i++) {
            at[i] = (ss_type){c->types[i], -1};
            ss_value v;
            ck_assert_int_eq(ss_value_parse(&ctx, at[i], c->args[i], strlen(c->args[i]), &v), SS_OK);
            args[i] = ss_vector_create(at[i], 1);
            ck_assert_int_eq(ss_vector_set_value(&ctx, args[i], 0, &v), SS_OK);
        }
        const ss_func_def *def;
        ck_assert_int_eq(ss_func_resolve(c->fn, c->nargs, at, &def, want, &res), SS_OK);
        ss_vector *out = ss_vector_create(res, 1);
        int rc = def->eval(&ctx, args, c->nargs, NULL, 1, out);
        if (c->state) {
            ck_assert_msg(rc == SS_ERROR, "%s case %zu did not fail", c->fn, k);
            error_is(c->state, c->want);
        } else {
            ck_assert_int_eq(rc, SS_OK);
            ss_value r;
            ss_vector_get_value(out, 0, &r);
            ck_assert_str_eq(text_of(res, &r), c->want);
        }
        ss_vector_destroy(out);
        for (uint32_t i = 0; i < c->nargs; i++)
            ss_vector_destroy(args[i]);
    }
}
END_TEST

START_TEST(random_uuids_are_version_4)
{
    ss_vector *out = ss_vector_create((ss_type){SS_TYPE_UUID, -1}, 64);
    ck_assert_int_eq(ss_fn_uuid_gen_random(&ctx, NULL, 0, NULL, 64, out), SS_OK);
    const ss_text *t = out->data;
    for (int k = 0; k < 64; k++) {
        ck_assert_int_eq(t[k].len, UUID_LEN);
        ck_assert_int_eq((unsigned char)t[k].ptr[6] >> 4, 4);
        ck_assert_int_eq((unsigned char)t[k].ptr[8] >> 6, 2);
        ck_assert(k == 0 || memcmp(t[k].ptr, t[k - 1].ptr, UUID_LEN) != 0);
    }
    ss_vector_destroy(out);
    ck_assert_int_eq(ss_uuid_type_info.physical, SS_TYPE_TEXT);
    ck_assert_int_eq(ss_bytea_type_info.physical, SS_TYPE_TEXT);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, text_forms);
    tcase_add_test(tc, functions_through_the_catalog);
    tcase_add_test(tc, random_uuids_are_version_4);
}

int main(void)
{
    return run_suite("bytea_uuid", setup, teardown, add_tests);
}
