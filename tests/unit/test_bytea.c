/* test_bytea.c — Check tests for bytea (core/types/bytea): byteain's hex and escape forms
 * and their errors, byteaout in hex and escape, encode / decode (hex, base64 with its
 * 76-character lines, escape), the byte functions' range errors, digests and convert. */
#include <check.h>
#include <string.h>

#include "exec/vector.h"
#include "types/bytea/bytea.h"

#include "check_suite.h"
#include "ctx_fixture.h"

static ss_text in(const char *s)
{
    ss_text t;
    ck_assert_int_eq(bytea_parse(&ctx, arena, s, strlen(s), &t), SS_OK);
    return t;
}

static const char *out_text(const ss_text *t)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    bytea_format(t, &sb);
    char *p = ss_arena_strdup(arena, sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return p;
}

static void parse_fails(const char *s, const char *state, const char *msg)
{
    ss_text t;
    ss_error_clear(&err);
    ck_assert_int_eq(bytea_parse(&ctx, arena, s, strlen(s), &t), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, state);
    ck_assert_str_eq(err.message, msg);
    ss_error_clear(&err);
}

START_TEST(input_and_output)
{
    ss_text t = in("\\xDEad Be\n\tef");
    ck_assert_int_eq(t.len, 4);
    ck_assert_str_eq(out_text(&t), "\\xdeadbeef");
    t = in("a\\\\b\\001\\377");
    ck_assert_int_eq(t.len, 5);
    ck_assert_str_eq(out_text(&t), "\\x615c6201ff");
    t = in("");
    ck_assert_str_eq(out_text(&t), "\\x");
    t = in("\\x");
    ck_assert_int_eq(t.len, 0);
    parse_fails("\\xdeadx", "22023", "invalid hexadecimal digit: \"x\"");
    parse_fails("\\xde\xc3\xa9", "22023", "invalid hexadecimal digit: \"\xc3\xa9\"");
    parse_fails("\\xdea", "22023", "invalid hexadecimal data: odd number of digits");
    parse_fails("a\\b", "22P02", "invalid input syntax for type bytea");
    parse_fails("a\\400", "22P02", "invalid input syntax for type bytea");
    parse_fails("a\\", "22P02", "invalid input syntax for type bytea");
    bytea_set_output(false);
    t = in("\\x00015c7e7fff41");
    ck_assert_str_eq(out_text(&t), "\\000\\001\\\\~\\177\\377A");
    bytea_set_output(true);
}
END_TEST

/* Runs fn over one row of (bytea or text) arguments; returns the result vector's row 0. */
static ss_vector *run(int (*fn)(ss_ctx *, ss_vector *const *, uint32_t, const uint32_t *, uint32_t,
                                ss_vector *),
                      int32_t result, int rc, uint32_t nargs, ss_vector **args)
{
    ss_vector *out = ss_vector_create((ss_type){result, -1}, 1);
    ck_assert_int_eq(fn(&ctx, args, nargs, NULL, 1, out), rc);
    return out;
}

static ss_vector *vec_text(int32_t type, const char *s, size_t len)
{
    ss_vector *v = ss_vector_create((ss_type){type, -1}, 1);
    ck_assert_int_eq(ss_vector_set_text(&ctx, v, 0, s, len), SS_OK);
    return v;
}

static ss_vector *vec_int(int32_t type, int64_t x)
{
    ss_vector *v = ss_vector_create((ss_type){type, -1}, 1);
    if (type == SS_TYPE_INT8)
        ((int64_t *)v->data)[0] = x;
    else
        ((int32_t *)v->data)[0] = (int32_t)x;
    return v;
}

static bool text_is(const ss_vector *v, const char *want, size_t len)
{
    const ss_text *t = v->data;
    return t[0].len == len && memcmp(t[0].ptr, want, len) == 0;
}

static void free_all(ss_vector **v, size_t n)
{
    for (size_t k = 0; k < n; k++)
        ss_vector_destroy(v[k]);
}

START_TEST(encode_decode)
{
    unsigned char bytes[57];
    memset(bytes, 'a', sizeof bytes);
    ss_vector *a[] = {vec_text(SS_TYPE_BYTEA, (const char *)bytes, 57),
                      vec_text(SS_TYPE_TEXT, "BASE64", 6)};
    ss_vector *r = run(ss_fn_bytea_encode, SS_TYPE_TEXT, SS_OK, 2, a);
    const ss_text *t = r->data;
    ck_assert_int_eq(t[0].len, 77); /* 76 characters, then the line break PostgreSQL adds */
    ck_assert_int_eq(t[0].ptr[76], '\n');
    ss_vector *d[] = {r, vec_text(SS_TYPE_TEXT, "base64", 6)};
    ss_vector *back = run(ss_fn_bytea_decode, SS_TYPE_BYTEA, SS_OK, 2, d);
    ck_assert(text_is(back, (const char *)bytes, 57));
    ss_vector *e[] = {vec_text(SS_TYPE_BYTEA, "\0\x01\x80\\a", 5), vec_text(SS_TYPE_TEXT, "escape", 6)};
    ss_vector *esc = run(ss_fn_bytea_encode, SS_TYPE_TEXT, SS_OK, 2, e);
    ck_assert(text_is(esc, "\\000\x01\\200\\\\a", 12));
    ss_vector *b[] = {vec_text(SS_TYPE_TEXT, "abc", 3), vec_text(SS_TYPE_TEXT, "base64", 6)};
    ss_vector *bad = run(ss_fn_bytea_decode, SS_TYPE_BYTEA, SS_ERROR, 2, b);
    ck_assert_str_eq(err.message, "invalid base64 end sequence");
    ck_assert_str_eq(err.hint, "Input data is missing padding, is truncated, or is otherwise corrupted.");
    ss_error_clear(&err);
    ss_vector *f[] = {vec_text(SS_TYPE_TEXT, "ab=c", 4), vec_text(SS_TYPE_TEXT, "base64", 6)};
    ss_vector *odd = run(ss_fn_bytea_decode, SS_TYPE_BYTEA, SS_OK, 2, f);
    ck_assert(text_is(odd, "\x69", 1));
    ss_vector *g[] = {vec_text(SS_TYPE_TEXT, "ab", 2), vec_text(SS_TYPE_TEXT, "foo", 3)};
    ss_vector *unk = run(ss_fn_bytea_decode, SS_TYPE_BYTEA, SS_ERROR, 2, g);
    ck_assert_str_eq(err.sqlstate, "22023");
    ck_assert_str_eq(err.message, "unrecognized encoding: \"foo\"");
    ss_vector *all[] = {a[0], a[1], r, d[1], back, e[0], e[1], esc, b[0], b[1], bad, f[0], f[1], odd,
                        g[0], g[1], unk};
    free_all(all, sizeof all / sizeof all[0]);
}
END_TEST

START_TEST(byte_functions)
{
    ss_vector *a[] = {vec_text(SS_TYPE_BYTEA, "\x01\x02", 2), vec_int(SS_TYPE_INT4, 2)};
    ss_vector *r = run(ss_fn_bytea_get_byte, SS_TYPE_INT4, SS_ERROR, 2, a);
    ck_assert_str_eq(err.sqlstate, "2202E");
    ck_assert_str_eq(err.message, "index 2 out of valid range, 0..1");
    ss_error_clear(&err);
    ss_vector *b[] = {a[0], vec_int(SS_TYPE_INT8, 8), vec_int(SS_TYPE_INT4, 1)};
    ss_vector *s = run(ss_fn_bytea_set_bit, SS_TYPE_BYTEA, SS_OK, 3, b);
    ck_assert(text_is(s, "\x01\x03", 2));
    ss_vector *c[] = {vec_text(SS_TYPE_BYTEA, "\x01\x02\x03\x04\x05", 5), vec_int(SS_TYPE_INT4, 0),
                      vec_int(SS_TYPE_INT4, 2)};
    ss_vector *sub = run(ss_fn_bytea_substr, SS_TYPE_BYTEA, SS_OK, 3, c);
    ck_assert(text_is(sub, "\x01", 1));
    ss_vector *o[] = {vec_text(SS_TYPE_BYTEA, "\x01\x02\x03", 3), vec_text(SS_TYPE_BYTEA, "\xaa", 1),
                      vec_int(SS_TYPE_INT4, 2), vec_int(SS_TYPE_INT4, 0)};
    ss_vector *ov = run(ss_fn_bytea_overlay, SS_TYPE_BYTEA, SS_OK, 4, o);
    ck_assert(text_is(ov, "\x01\xaa\x02\x03", 4));
    ss_vector *l[] = {vec_text(SS_TYPE_BYTEA, "abc", 3), vec_text(SS_TYPE_BYTEA, "a%", 2)};
    ss_vector *lk = run(ss_fn_bytea_like, SS_TYPE_BOOL, SS_OK, 2, l);
    ck_assert_int_eq(((uint8_t *)lk->data)[0], 1);
    ss_vector *m[] = {vec_text(SS_TYPE_BYTEA, "abc", 3)};
    ss_vector *md = run(ss_fn_bytea_md5, SS_TYPE_TEXT, SS_OK, 1, m);
    ck_assert(text_is(md, "900150983cd24fb0d6963f7d28e17f72", 32));
    ss_vector *sh = run(ss_fn_bytea_sha256, SS_TYPE_BYTEA, SS_OK, 1, m);
    ck_assert_int_eq(((ss_text *)sh->data)[0].len, 32);
    ck_assert_int_eq((unsigned char)((ss_text *)sh->data)[0].ptr[0], 0xba);
    ss_vector *cv[] = {vec_text(SS_TYPE_TEXT, "\xc3\xa9", 2), vec_text(SS_TYPE_TEXT, "LATIN1", 6)};
    ss_vector *lat = run(ss_fn_bytea_convert_to, SS_TYPE_BYTEA, SS_OK, 2, cv);
    ck_assert(text_is(lat, "\xe9", 1));
    ss_vector *cf[] = {vec_text(SS_TYPE_BYTEA, "\xff", 1), vec_text(SS_TYPE_TEXT, "utf-8", 5)};
    ss_vector *bad = run(ss_fn_bytea_convert_from, SS_TYPE_TEXT, SS_ERROR, 2, cf);
    ck_assert_str_eq(err.sqlstate, "22021");
    ss_vector *all[] = {a[0], a[1], r, b[1], b[2], s, c[0], c[1], c[2], sub, o[0], o[1], o[2], o[3], ov,
                        l[0], l[1], lk, m[0], md, sh, cv[0], cv[1], lat, cf[0], cf[1], bad};
    free_all(all, sizeof all / sizeof all[0]);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, input_and_output);
    tcase_add_test(tc, encode_decode);
    tcase_add_test(tc, byte_functions);
}

int main(void)
{
    return run_suite("bytea", setup, teardown, add_tests);
}
