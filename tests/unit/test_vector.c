/* test_vector.c — Check tests for core/exec/vector.c: vector allocation, lazy validity,
 * the per-vector string heap, row get/set, and batches that own and restore their vectors. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"

#include "ctx_fixture.h"

static ss_type T(int32_t id)
{
    return (ss_type){id, -1};
}

START_TEST(create_sizes_and_lazy_validity)
{
    static const int32_t ids[] = {SS_TYPE_BOOL, SS_TYPE_INT2, SS_TYPE_INT4, SS_TYPE_INT8,
                                  SS_TYPE_FLOAT8, SS_TYPE_TEXT, SS_TYPE_VARCHAR, SS_TYPE_UNKNOWN};
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++) {
        ss_vector *v = ss_vector_create(T(ids[k]), 100);
        ck_assert_ptr_nonnull(v);
        ck_assert_int_eq(v->type.id, ids[k]);
        ck_assert_uint_eq(v->capacity, 100);
        ck_assert_ptr_nonnull(v->data);
        ck_assert_ptr_null(v->validity);
        ck_assert_ptr_nonnull(v->heap);
        /* the whole data array is addressable (ASan checks the size) */
        memset(v->data, 0xab, 100 * ss_type_width(ids[k]));
        ss_vector_destroy(v);
    }
    ck_assert_ptr_null(ss_vector_create(T(12345), 10));
    ss_vector *empty = ss_vector_create(T(SS_TYPE_INT4), 0);
    ck_assert_ptr_nonnull(empty);
    ss_vector_destroy(empty);
    ss_vector_destroy(NULL);
}
END_TEST

START_TEST(validity_bitmap)
{
    ss_vector *v = ss_vector_create(T(SS_TYPE_INT8), 130);
    ck_assert(!ss_vector_is_null(v, 5));
    ck_assert_int_eq(ss_vector_ensure_validity(&ctx, v), SS_OK);
    ck_assert_ptr_nonnull(v->validity);
    for (uint32_t i = 0; i < 130; i++)
        ck_assert(!ss_vector_is_null(v, i));
    ss_vector_set_null(v, 0);
    ss_vector_set_null(v, 64);
    ss_vector_set_null(v, 129);
    ck_assert(ss_vector_is_null(v, 0));
    ck_assert(ss_vector_is_null(v, 64));
    ck_assert(ss_vector_is_null(v, 129));
    ck_assert(!ss_vector_is_null(v, 63));
    ss_vector_set_valid(v, 64);
    ck_assert(!ss_vector_is_null(v, 64));
    /* ensure_validity on an existing bitmap keeps it */
    ck_assert_int_eq(ss_vector_ensure_validity(&ctx, v), SS_OK);
    ck_assert(ss_vector_is_null(v, 0));
    /* reset: every row valid again (bitmap dropped), and a new bitmap starts all-valid */
    ss_vector_reset(v);
    ck_assert_ptr_null(v->validity);
    ck_assert(!ss_vector_is_null(v, 0));
    ck_assert_int_eq(ss_vector_ensure_validity(&ctx, v), SS_OK);
    ck_assert(!ss_vector_is_null(v, 0));
    ck_assert(!ss_vector_is_null(v, 129));
    ss_vector_destroy(v);
}
END_TEST

START_TEST(string_heap)
{
    ss_vector *v = ss_vector_create(T(SS_TYPE_TEXT), 4000);
    char buf[32];
    for (uint32_t i = 0; i < 4000; i++) {
        int n = snprintf(buf, sizeof buf, "row-%u", i);
        ck_assert_int_eq(ss_vector_set_text(&ctx, v, i, buf, (size_t)n), SS_OK);
    }
    /* an oversized string gets its own chunk */
    size_t big = 100000;
    char *p = ss_vector_text_alloc(&ctx, v, big);
    ck_assert_ptr_nonnull(p);
    memset(p, 'x', big);
    for (uint32_t i = 0; i < 4000; i += 397) {
        int n = snprintf(buf, sizeof buf, "row-%u", i);
        const ss_text *t = (const ss_text *)v->data + i;
        ck_assert_uint_eq(t->len, (uint32_t)n);
        ck_assert(memcmp(t->ptr, buf, (size_t)n) == 0);
        ck_assert_uint_eq(t->reserved, 0);
    }
    /* zero-length strings are fine and non-NULL */
    ck_assert_int_eq(ss_vector_set_text(&ctx, v, 0, "", 0), SS_OK);
    ck_assert_ptr_nonnull(((ss_text *)v->data)[0].ptr);
    ck_assert_uint_eq(((ss_text *)v->data)[0].len, 0);
    /* reset and reuse */
    ss_vector_reset(v);
    for (uint32_t i = 0; i < 4000; i++)
        ck_assert_int_eq(ss_vector_set_text(&ctx, v, i, "again", 5), SS_OK);
    ck_assert(memcmp(((ss_text *)v->data)[3999].ptr, "again", 5) == 0);
    ss_vector_reset(v);
    ss_vector_reset(v);
    ck_assert_int_eq(ss_vector_set_text(&ctx, v, 1, "x", 1), SS_OK);
    ss_vector_destroy(v);
    ck_assert_str_eq(err.sqlstate, "00000");
}
END_TEST

START_TEST(get_set_values)
{
    ss_vector *b = ss_vector_create(T(SS_TYPE_BOOL), 4);
    ss_vector *i2 = ss_vector_create(T(SS_TYPE_INT2), 4);
    ss_vector *i4 = ss_vector_create(T(SS_TYPE_INT4), 4);
    ss_vector *i8 = ss_vector_create(T(SS_TYPE_INT8), 4);
    ss_vector *f8 = ss_vector_create(T(SS_TYPE_FLOAT8), 4);
    ss_vector *tx = ss_vector_create(T(SS_TYPE_VARCHAR), 4);
    ss_value v = {0}, got;

    v.v.b = true;
    ck_assert_int_eq(ss_vector_set_value(&ctx, b, 1, &v), SS_OK);
    v.v.i = -32768;
    ck_assert_int_eq(ss_vector_set_value(&ctx, i2, 1, &v), SS_OK);
    v.v.i = INT32_MIN;
    ck_assert_int_eq(ss_vector_set_value(&ctx, i4, 1, &v), SS_OK);
    v.v.i = INT64_MAX;
    ck_assert_int_eq(ss_vector_set_value(&ctx, i8, 1, &v), SS_OK);
    v.v.f = -0.25;
    ck_assert_int_eq(ss_vector_set_value(&ctx, f8, 1, &v), SS_OK);
    char src[] = "héllo";
    v.v.s = (ss_text){src, (uint32_t)strlen(src), 0};
    ck_assert_int_eq(ss_vector_set_value(&ctx, tx, 1, &v), SS_OK);
    src[0] = 'X'; /* the vector holds its own copy */

    ss_vector_get_value(b, 1, &got);
    ck_assert(!got.is_null && got.v.b);
    ss_vector_get_value(i2, 1, &got);
    ck_assert_int_eq(got.v.i, -32768);
    ss_vector_get_value(i4, 1, &got);
    ck_assert_int_eq(got.v.i, INT32_MIN);
    ss_vector_get_value(i8, 1, &got);
    ck_assert_int_eq(got.v.i, INT64_MAX);
    ss_vector_get_value(f8, 1, &got);
    ck_assert(got.v.f == -0.25);
    ss_vector_get_value(tx, 1, &got);
    ck_assert_uint_eq(got.v.s.len, 6);
    ck_assert(memcmp(got.v.s.ptr, "héllo", 6) == 0);

    /* NULL creates the bitmap; writing a value afterwards makes the row valid again */
    ss_value null = {.is_null = true};
    ck_assert_int_eq(ss_vector_set_value(&ctx, i4, 2, &null), SS_OK);
    ck_assert_ptr_nonnull(i4->validity);
    ss_vector_get_value(i4, 2, &got);
    ck_assert(got.is_null);
    v.v.i = 7;
    ck_assert_int_eq(ss_vector_set_value(&ctx, i4, 2, &v), SS_OK);
    ss_vector_get_value(i4, 2, &got);
    ck_assert(!got.is_null);
    ck_assert_int_eq(got.v.i, 7);

    ss_vector_destroy(b);
    ss_vector_destroy(i2);
    ss_vector_destroy(i4);
    ss_vector_destroy(i8);
    ss_vector_destroy(f8);
    ss_vector_destroy(tx);
}
END_TEST

START_TEST(batch_owns_and_restores_vectors)
{
    ss_type types[3] = {T(SS_TYPE_INT4), T(SS_TYPE_TEXT), {SS_TYPE_VARCHAR, 14}};
    ss_batch *b = ss_batch_create(3, types, 64);
    ck_assert_ptr_nonnull(b);
    ck_assert_uint_eq(b->ncols, 3);
    ck_assert_uint_eq(b->count, 0);
    ck_assert_ptr_null(b->sel);
    ck_assert_int_eq(b->cols[2]->type.typmod, 14);
    ck_assert_uint_eq(b->cols[0]->capacity, 64);
    ss_vector *own0 = b->cols[0];

    ck_assert_int_eq(ss_vector_set_text(&ctx, b->cols[1], 0, "abc", 3), SS_OK);
    ck_assert_int_eq(ss_vector_ensure_validity(&ctx, b->cols[0]), SS_OK);
    ss_vector_set_null(b->cols[0], 3);
    static uint32_t sel[2] = {0, 3};
    b->count = 5;
    b->sel = sel;
    b->sel_count = 2;

    /* an operator repoints a column at a vector it does not own */
    ss_vector *foreign = ss_vector_create(T(SS_TYPE_INT4), 64);
    b->cols[0] = foreign;
    ss_batch_reset(b);
    ck_assert_ptr_eq(b->cols[0], own0);
    ck_assert_uint_eq(b->count, 0);
    ck_assert_ptr_null(b->sel);
    ck_assert_uint_eq(b->sel_count, 0);
    ck_assert_ptr_null(b->cols[0]->validity);

    /* destroy frees only the batch's own vectors */
    b->cols[1] = foreign;
    ss_batch_destroy(b);
    ((int32_t *)foreign->data)[0] = 42; /* still alive (ASan would flag a use after free) */
    ss_vector_destroy(foreign);

    ss_batch *none = ss_batch_create(0, NULL, 16);
    ck_assert_ptr_nonnull(none);
    ss_batch_reset(none);
    ss_batch_destroy(none);
    ss_batch_destroy(NULL);

    ss_type bad[1] = {T(999)};
    ck_assert_ptr_null(ss_batch_create(1, bad, 8));
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("vector");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, create_sizes_and_lazy_validity);
    tcase_add_test(tc, validity_bitmap);
    tcase_add_test(tc, string_heap);
    tcase_add_test(tc, get_set_values);
    tcase_add_test(tc, batch_owns_and_restores_vectors);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
