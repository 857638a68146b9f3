/* test_in_set.c — Check tests for x [NOT] IN (list) in the evaluator (expr_eval_in.c): the
 * hash set and the scanned short list against a naive reference over random data, with NULLs
 * in the list and in x, selection vectors (rows outside them are never written), filters
 * (ss_expr_select), float8 NaN / -0 / infinities, text with empty and embedded-NUL strings,
 * the int8 extremes, and lists holding parameters. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exec/expr.h"
#include "exec/vector.h"

#define ROWS 1024

static ss_error err;
static ss_arena *arena;
static ss_ctx ctx;
static uint64_t rng;

static void setup(void)
{
    memset(&err, 0, sizeof err);
    ss_error_clear(&err);
    arena = ss_arena_create();
    ctx = (ss_ctx){.arena = arena, .err = &err};
    rng = 0x2545F4914F6CDD1Dull;
}

static void teardown(void)
{
    ss_error_clear(&err);
    ss_arena_destroy(arena);
}

static uint32_t rnd(uint32_t n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33) % n;
}

static ss_expr *mk(ss_expr e)
{
    ss_expr *p = ss_arena_alloc(arena, sizeof *p);
    *p = e;
    return p;
}

/* The values a test draws from, by type. */
static const int64_t int_pool[] = {0, 1, -1, 2, 7, 42, -42, 1000, 32767, -32768, 99, 5};
static const int64_t int8_pool[] = {INT64_MIN, INT64_MAX, INT64_MIN + 1, 0, -1, 5000000000ll, 1, 2, 3};
static const char *const text_pool[] = {"", "a", "b", "ab", "A", "a ", "abc", "longer string value", "x\0y", "x"};
static const uint32_t text_len[] = {0, 1, 1, 2, 1, 2, 3, 19, 3, 1};
#define NPOOL(p) (sizeof p / sizeof p[0])

static double float_pool(uint32_t k)
{
    const double v[] = {0.0, -0.0, 1.5, -1.5, 2.5, 1e300, -1e-300, 3.0};
    switch (k) {
    case 8: return NAN;
    case 9: return -NAN;
    case 10: return INFINITY;
    case 11: return -INFINITY;
    default: return v[k];
    }
}
#define NFLOAT 12

/* One random value of type id (pool index k), into v. */
static void pool_value(int32_t id, uint32_t k, ss_value *v)
{
    memset(v, 0, sizeof *v);
    switch (id) {
    case SS_TYPE_BOOL: v->v.b = k % 2; break;
    case SS_TYPE_INT8: v->v.i = int8_pool[k % NPOOL(int8_pool)]; break;
    case SS_TYPE_FLOAT8: v->v.f = float_pool(k % NFLOAT); break;
    case SS_TYPE_TEXT: v->v.s = (ss_text){text_pool[k % NPOOL(text_pool)], text_len[k % NPOOL(text_pool)], 0}; break;
    case SS_TYPE_INT2:
        v->v.i = (int16_t)int_pool[k % NPOOL(int_pool)];
        break;
    default: v->v.i = int_pool[k % NPOOL(int_pool)]; break;
    }
}

static uint32_t pool_size(int32_t id)
{
    switch (id) {
    case SS_TYPE_BOOL: return 2;
    case SS_TYPE_INT8: return NPOOL(int8_pool);
    case SS_TYPE_FLOAT8: return NFLOAT;
    case SS_TYPE_TEXT: return NPOOL(text_pool);
    default: return NPOOL(int_pool);
    }
}

/* PostgreSQL's equality for the type: float8 NaN = NaN and -0 = 0; text by bytes. */
static bool equal(int32_t id, const ss_value *a, const ss_value *b)
{
    switch (id) {
    case SS_TYPE_BOOL: return a->v.b == b->v.b;
    case SS_TYPE_FLOAT8: return a->v.f == b->v.f || (isnan(a->v.f) && isnan(b->v.f));
    case SS_TYPE_TEXT:
        return a->v.s.len == b->v.s.len && memcmp(a->v.s.ptr, b->v.s.ptr, a->v.s.len) == 0;
    default: return a->v.i == b->v.i;
    }
}

/* The reference: 1 true, 0 false, -1 NULL. */
static int reference(int32_t id, const ss_value *x, ss_value *const *items, uint32_t n, bool negated)
{
    if (x->is_null)
        return -1;
    bool null_item = false;
    for (uint32_t k = 0; k < n; k++) {
        if (items[k]->is_null)
            null_item = true;
        else if (equal(id, x, items[k]))
            return negated ? 0 : 1;
    }
    return null_item ? -1 : negated ? 1 : 0;
}

typedef struct in_case {
    ss_vector *x;       /* ROWS values */
    ss_value vals[ROWS];
    ss_expr *e;
    ss_value **items;   /* the items' values */
    uint32_t nitems;
    bool negated;
} in_case;

/* A random column of type id with some NULLs, and x [NOT] IN (n random items). params: every
 * other item is a parameter (ctx.params holds their values). */
static void make_case(in_case *c, int32_t id, uint32_t n, bool negated, bool params)
{
    ss_type t = {id, -1};
    c->x = ss_vector_create(t, ROWS);
    ck_assert_ptr_nonnull(c->x);
    for (uint32_t i = 0; i < ROWS; i++) {
        pool_value(id, rnd(pool_size(id)), &c->vals[i]);
        if (id != SS_TYPE_BOOL && rnd(5) == 0) { /* a value no list holds */
            if (id == SS_TYPE_FLOAT8)
                c->vals[i].v.f = 123.25;
            else if (id == SS_TYPE_TEXT)
                c->vals[i].v.s = (ss_text){"not in pool", 11, 0};
            else
                c->vals[i].v.i = 12345;
        }
        c->vals[i].is_null = rnd(10) == 0;
        ck_assert_int_eq(ss_vector_set_value(&ctx, c->x, i, &c->vals[i]), SS_OK);
    }
    ss_expr **items = ss_arena_alloc(arena, sizeof *items * n);
    c->items = ss_arena_alloc(arena, sizeof *c->items * n);
    ss_value *pvals = ss_arena_alloc(arena, sizeof *pvals * n);
    ss_type *ptypes = ss_arena_alloc(arena, sizeof *ptypes * n);
    bool all_const = true;
    for (uint32_t k = 0; k < n; k++) {
        ss_expr it = {.kind = EXPR_CONST, .type = t};
        pool_value(id, rnd(pool_size(id)), &it.u.cnst);
        it.u.cnst.is_null = rnd(20) == 0;
        if (params && k % 2) {
            pvals[k] = it.u.cnst;
            ptypes[k] = t;
            it.kind = EXPR_PARAM;
            it.u.param.index = k;
            all_const = false;
        } else {
            ptypes[k] = t;
        }
        items[k] = mk(it);
        c->items[k] = it.kind == EXPR_PARAM ? &pvals[k] : &items[k]->u.cnst;
    }
    ctx.params = pvals;
    ctx.param_types = ptypes;
    ctx.nparams = n;
    ss_expr *x = mk((ss_expr){.kind = EXPR_COLUMN, .type = t, .u.column.index = 0});
    ss_expr e = {.kind = EXPR_IN, .type = {SS_TYPE_BOOL, -1}};
    e.u.in.arg = x;
    e.u.in.nitems = n;
    e.u.in.items = items;
    e.u.in.negated = negated;
    e.u.in.set = all_const ? ss_in_set_build(&ctx, arena, t, items, n) : NULL;
    ck_assert(!all_const || e.u.in.set);
    c->e = mk(e);
    c->nitems = n;
    c->negated = negated;
}

/* Evaluates the case over all rows and over a random selection, and as a filter; compares
   every row with the reference. */
static void check_case(in_case *c, int32_t id)
{
    ss_vector *cols[1] = {c->x};
    ss_batch b = {1, ROWS, NULL, 0, cols};
    ss_vector *out = ss_vector_create((ss_type){SS_TYPE_BOOL, -1}, ROWS);
    ck_assert_ptr_nonnull(out);
    uint32_t sel[ROWS], m = 0;
    for (uint32_t i = 0; i < ROWS; i++)
        if (rnd(3) == 0)
            sel[m++] = i;
    for (int pass = 0; pass < 2; pass++) {
        b.sel = pass ? sel : NULL;
        b.sel_count = pass ? m : 0;
        memset(out->data, 0x77, ROWS);
        ck_assert_int_eq(ss_expr_eval(&ctx, c->e, &b, out), SS_OK);
        const uint8_t *r = out->data;
        uint32_t k = 0;
        for (uint32_t i = 0; i < ROWS; i++) {
            bool live = !pass || (k < m && sel[k] == i);
            if (pass && live)
                k++;
            if (!live) {
                ck_assert_msg(r[i] == 0x77, "row %u outside the selection was written", i);
                continue;
            }
            int want = reference(id, &c->vals[i], c->items, c->nitems, c->negated);
            int got = ss_vector_is_null(out, i) ? -1 : r[i];
            ck_assert_msg(got == want, "type %d, %u items, row %u: got %d, want %d", id, c->nitems, i, got, want);
        }
    }
    /* as a filter: exactly the rows where it is true, in order */
    uint32_t buf[ROWS];
    b.sel = NULL;
    b.sel_count = 0;
    ck_assert_int_eq(ss_expr_select(&ctx, c->e, &b, buf), SS_OK);
    uint32_t k = 0;
    for (uint32_t i = 0; i < ROWS; i++)
        if (reference(id, &c->vals[i], c->items, c->nitems, c->negated) == 1) {
            ck_assert_uint_lt(k, b.sel_count);
            ck_assert_uint_eq(b.sel[k], i);
            k++;
        }
    ck_assert_uint_eq(k, b.sel_count);
    ss_vector_destroy(out);
    ss_vector_destroy(c->x);
}

static void run_type(int32_t id, bool params)
{
    static const uint32_t sizes[] = {1, 2, 3, 4, 5, 8, 9, 17, 40, 300};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int neg = 0; neg < 2; neg++) {
            in_case c;
            make_case(&c, id, sizes[s], neg, params);
            check_case(&c, id);
            ck_assert_msg(err.message == NULL, "unexpected error: %s", err.message);
        }
}

START_TEST(integers_match_reference)
{
    run_type(SS_TYPE_INT2, false);
    run_type(SS_TYPE_INT4, false);
    run_type(SS_TYPE_INT8, false);
    run_type(SS_TYPE_BOOL, false);
}
END_TEST

START_TEST(float8_matches_reference)
{
    run_type(SS_TYPE_FLOAT8, false);
}
END_TEST

START_TEST(text_matches_reference)
{
    run_type(SS_TYPE_TEXT, false);
}
END_TEST

START_TEST(parameter_lists_match_reference)
{
    run_type(SS_TYPE_INT4, true);
    run_type(SS_TYPE_FLOAT8, true);
    run_type(SS_TYPE_TEXT, true);
}
END_TEST

START_TEST(int8_extremes_hashed)
{
    /* INT64_MIN marks the hash table's free slots: as a value it is found all the same */
    ss_type t = {SS_TYPE_INT8, -1};
    ss_expr *items[4];
    const int64_t v[4] = {INT64_MIN, INT64_MAX, 0, 17};
    for (int k = 0; k < 4; k++) {
        ss_expr it = {.kind = EXPR_CONST, .type = t};
        it.u.cnst.v.i = v[k];
        items[k] = mk(it);
    }
    ss_vector *x = ss_vector_create(t, 4);
    const int64_t xs[4] = {INT64_MIN, INT64_MAX, INT64_MIN + 1, 17};
    for (int i = 0; i < 4; i++)
        ((int64_t *)x->data)[i] = xs[i];
    ss_expr e = {.kind = EXPR_IN, .type = {SS_TYPE_BOOL, -1}};
    e.u.in.arg = mk((ss_expr){.kind = EXPR_COLUMN, .type = t, .u.column.index = 0});
    e.u.in.nitems = 3; /* without 17 first */
    e.u.in.items = items;
    e.u.in.set = ss_in_set_build(&ctx, arena, t, items, 3);
    ss_vector *cols[1] = {x};
    ss_batch b = {1, 4, NULL, 0, cols};
    ss_vector *out = ss_vector_create((ss_type){SS_TYPE_BOOL, -1}, 4);
    ck_assert_int_eq(ss_expr_eval(&ctx, &e, &b, out), SS_OK);
    const uint8_t *r = out->data;
    ck_assert(r[0] && r[1] && !r[2] && !r[3]);
    e.u.in.items = items + 1; /* INT64_MAX, 0, 17: INT64_MIN is not in it */
    e.u.in.set = ss_in_set_build(&ctx, arena, t, items + 1, 3);
    ck_assert_int_eq(ss_expr_eval(&ctx, &e, &b, out), SS_OK);
    ck_assert(!r[0] && r[1] && !r[2] && r[3]);
    ss_vector_destroy(out);
    ss_vector_destroy(x);
}
END_TEST

START_TEST(missing_parameter_is_an_error)
{
    ss_type t = {SS_TYPE_INT4, -1};
    ss_expr *items[2] = {mk((ss_expr){.kind = EXPR_PARAM, .type = t, .u.param.index = 0}),
                         mk((ss_expr){.kind = EXPR_PARAM, .type = t, .u.param.index = 1})};
    ss_expr e = {.kind = EXPR_IN, .type = {SS_TYPE_BOOL, -1}};
    e.u.in.arg = mk((ss_expr){.kind = EXPR_COLUMN, .type = t, .u.column.index = 0});
    e.u.in.nitems = 2;
    e.u.in.items = items;
    ss_vector *x = ss_vector_create(t, 1);
    ss_vector *cols[1] = {x};
    ss_batch b = {1, 1, NULL, 0, cols};
    ss_vector *out = ss_vector_create((ss_type){SS_TYPE_BOOL, -1}, 1);
    ck_assert_int_eq(ss_expr_eval(&ctx, &e, &b, out), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, "42P02");
    ss_vector_destroy(out);
    ss_vector_destroy(x);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("in_set");
    TCase *tc = tcase_create("in_set");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, integers_match_reference);
    tcase_add_test(tc, float8_matches_reference);
    tcase_add_test(tc, text_matches_reference);
    tcase_add_test(tc, parameter_lists_match_reference);
    tcase_add_test(tc, int8_extremes_hashed);
    tcase_add_test(tc, missing_parameter_is_an_error);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
