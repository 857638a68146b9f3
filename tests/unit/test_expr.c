/* test_expr.c — Check tests for the vectorised evaluator (core/exec/expr_eval*.c) over
 * hand-built expression trees: values, NULL handling, selections, short-circuit and CASE
 * semantics, casts, built-in functions, and error SQLSTATEs / messages as PostgreSQL 15
 * reports them. */
#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/expr.h"
#include "exec/vector.h"
#include "types/functions.h"
#include "types/typeio.h"

static ss_error err;
static ss_arena *arena;
static ss_ctx ctx;

#define MAX_VECS 256
static ss_vector *vecs[MAX_VECS];
static int nvecs;

static void setup(void)
{
    memset(&err, 0, sizeof err);
    ss_error_clear(&err);
    arena = ss_arena_create();
    ctx = (ss_ctx){.arena = arena, .err = &err};
    nvecs = 0;
}

static void teardown(void)
{
    for (int i = 0; i < nvecs; i++)
        ss_vector_destroy(vecs[i]);
    ss_error_clear(&err);
    ss_arena_destroy(arena);
}

static ss_type T(int32_t id)
{
    return (ss_type){id, -1};
}

static ss_type VC(int n)
{
    return (ss_type){SS_TYPE_VARCHAR, n + 4};
}

#define ck_error(state, msg)                                                               \
    do {                                                                                   \
        ck_assert_str_eq(err.sqlstate, state);                                             \
        ck_assert_ptr_nonnull(err.message);                                                \
        ck_assert_str_eq(err.message, msg);                                                \
        ss_error_clear(&err);                                                              \
    } while (0)

#define ck_no_error() ck_assert_msg(err.message == NULL, "unexpected error: %s", err.message)

/* ---- vectors ---- */

static ss_vector *track(ss_vector *v)
{
    ck_assert_ptr_nonnull(v);
    ck_assert_int_lt(nvecs, MAX_VECS);
    vecs[nvecs++] = v;
    return v;
}

static void put_null(ss_vector *v, uint32_t row)
{
    ck_assert_int_eq(ss_vector_ensure_validity(&ctx, v), SS_OK);
    ss_vector_set_null(v, row);
}

/* An integer / bool vector; nulls[i] == 'N' marks a NULL (its data is set to a value that
 * would overflow or divide by zero, to prove NULL rows are never computed). */
static ss_vector *vi(int32_t id, uint32_t n, const int64_t *vals, const char *nulls)
{
    ss_vector *v = track(ss_vector_create(T(id), n));
    for (uint32_t i = 0; i < n; i++) {
        ss_value x = {0};
        if (id == SS_TYPE_BOOL)
            x.v.b = vals[i] != 0;
        else
            x.v.i = vals[i];
        ck_assert_int_eq(ss_vector_set_value(&ctx, v, i, &x), SS_OK);
        if (nulls && nulls[i] == 'N')
            put_null(v, i);
    }
    return v;
}

static ss_vector *vf(uint32_t n, const double *vals, const char *nulls)
{
    ss_vector *v = track(ss_vector_create(T(SS_TYPE_FLOAT8), n));
    for (uint32_t i = 0; i < n; i++) {
        ((double *)v->data)[i] = vals[i];
        if (nulls && nulls[i] == 'N')
            put_null(v, i);
    }
    return v;
}

static ss_vector *vs(ss_type t, uint32_t n, const char *const *vals)
{
    ss_vector *v = track(ss_vector_create(t, n));
    for (uint32_t i = 0; i < n; i++) {
        if (vals[i])
            ck_assert_int_eq(ss_vector_set_text(&ctx, v, i, vals[i], strlen(vals[i])), SS_OK);
        else
            put_null(v, i);
    }
    return v;
}

typedef struct tbatch {
    ss_batch b;
    ss_vector *cols[4];
} tbatch;

static ss_batch *mkbatch(uint32_t count, uint32_t ncols, ...)
{
    tbatch *t = ss_arena_alloc(arena, sizeof *t);
    va_list ap;
    va_start(ap, ncols);
    for (uint32_t i = 0; i < ncols; i++)
        t->cols[i] = va_arg(ap, ss_vector *);
    va_end(ap);
    t->b = (ss_batch){ncols, count, NULL, 0, t->cols};
    return &t->b;
}

/* ---- expressions ---- */

static ss_expr *mk(ss_expr e)
{
    ss_expr *p = ss_arena_alloc(arena, sizeof *p);
    *p = e;
    return p;
}

static ss_expr *col(uint32_t i, ss_type t)
{
    return mk((ss_expr){.kind = EXPR_COLUMN, .type = t, .u.column.index = i});
}

static ss_expr *ci(int32_t id, int64_t v)
{
    ss_expr e = {.kind = EXPR_CONST, .type = T(id)};
    e.u.cnst.v.i = v;
    return mk(e);
}

static ss_expr *cf(double v)
{
    ss_expr e = {.kind = EXPR_CONST, .type = T(SS_TYPE_FLOAT8)};
    e.u.cnst.v.f = v;
    return mk(e);
}

static ss_expr *cb(bool v)
{
    ss_expr e = {.kind = EXPR_CONST, .type = T(SS_TYPE_BOOL)};
    e.u.cnst.v.b = v;
    return mk(e);
}

static ss_expr *cs(int32_t id, const char *s)
{
    ss_expr e = {.kind = EXPR_CONST, .type = T(id)};
    e.u.cnst.v.s = (ss_text){s, (uint32_t)strlen(s), 0};
    return mk(e);
}

static ss_expr *cnull(int32_t id)
{
    ss_expr e = {.kind = EXPR_CONST, .type = T(id)};
    e.u.cnst.is_null = true;
    return mk(e);
}

static ss_expr *op(ss_expr_op o, ss_expr *l, ss_expr *r)
{
    ss_type t = l->type;
    if (o >= OP_EQ && o <= OP_GE)
        t = T(SS_TYPE_BOOL);
    else if (o == OP_CONCAT)
        t = T(SS_TYPE_TEXT);
    return mk((ss_expr){.kind = EXPR_OP, .type = t, .u.op = {o, l, r}});
}

static ss_expr **arr(uint32_t n, va_list ap)
{
    ss_expr **a = ss_arena_alloc(arena, (n ? n : 1) * sizeof *a);
    for (uint32_t i = 0; i < n; i++)
        a[i] = va_arg(ap, ss_expr *);
    return a;
}

static ss_expr *lst(ss_expr_kind k, uint32_t n, ...)
{
    va_list ap;
    va_start(ap, n);
    ss_expr **a = arr(n, ap);
    va_end(ap);
    return mk((ss_expr){.kind = k, .type = T(SS_TYPE_BOOL), .u.list = {n, a}});
}

static ss_expr *un(ss_expr_kind k, ss_expr *arg)
{
    return mk((ss_expr){.kind = k, .type = T(SS_TYPE_BOOL), .u.arg = arg});
}

static ss_expr *cast(ss_expr *arg, ss_type t, ss_cast_mode m)
{
    return mk((ss_expr){.kind = EXPR_CAST, .type = t, .u.cast = {arg, m}});
}

/* A function call resolved like the binder does: implicit casts to the parameter types. */
static ss_expr *fn(const char *name, uint32_t n, ...)
{
    va_list ap;
    va_start(ap, n);
    ss_expr **a = arr(n, ap);
    va_end(ap);
    ss_type at[8], pt[8], rt;
    for (uint32_t i = 0; i < n; i++)
        at[i] = a[i]->type;
    const ss_func_def *def = NULL;
    ck_assert_msg(ss_func_resolve(name, n, at, &def, pt, &rt) == SS_OK, "resolve %s", name);
    for (uint32_t i = 0; i < n; i++)
        if (pt[i].id != at[i].id)
            a[i] = cast(a[i], pt[i], CAST_IMPLICIT);
    return mk((ss_expr){.kind = EXPR_FUNC, .type = rt, .u.func = {def, n, a}});
}

/* CASE WHEN w0 THEN t0 [WHEN w1 THEN t1] ELSE els */
static ss_expr *kase(ss_type t, ss_expr *els, uint32_t nwhen, ...)
{
    va_list ap;
    va_start(ap, nwhen);
    ss_expr **w = ss_arena_alloc(arena, nwhen * sizeof *w);
    ss_expr **th = ss_arena_alloc(arena, nwhen * sizeof *th);
    for (uint32_t i = 0; i < nwhen; i++) {
        w[i] = va_arg(ap, ss_expr *);
        th[i] = va_arg(ap, ss_expr *);
    }
    va_end(ap);
    return mk((ss_expr){.kind = EXPR_CASE, .type = t, .u.kase = {nwhen, w, th, els}});
}

/* ---- evaluation and checks ---- */

static ss_vector *eval(const ss_expr *e, const ss_batch *b)
{
    ss_vector *out = track(ss_vector_create(e->type, b->count ? b->count : 1));
    int rc = ss_expr_eval(&ctx, e, b, out);
    ck_assert_msg(rc == SS_OK, "eval failed: %s %s", err.sqlstate, err.message ? err.message : "");
    return out;
}

static int eval_rc(const ss_expr *e, const ss_batch *b)
{
    ss_vector *out = track(ss_vector_create(e->type, b->count ? b->count : 1));
    return ss_expr_eval(&ctx, e, b, out);
}

/* Checks rows 0..n-1 of v: nulls[i] == 'N' means NULL (nulls may be NULL: none). */
static void expect_i_at(int line, const ss_vector *v, uint32_t n, const int64_t *vals,
                        const char *nulls)
{
    for (uint32_t i = 0; i < n; i++) {
        ss_value x;
        ss_vector_get_value(v, i, &x);
        bool want_null = nulls && nulls[i] == 'N';
        ck_assert_msg(x.is_null == want_null, "line %d row %u: null %d, want %d", line, i,
                      x.is_null, want_null);
        if (!want_null) {
            int64_t got = v->type.id == SS_TYPE_BOOL ? x.v.b : x.v.i;
            ck_assert_msg(got == vals[i], "line %d row %u: %lld, want %lld", line, i,
                          (long long)got, (long long)vals[i]);
        }
    }
}

/* Formats row i with the output function ("NULL" for NULL). */
static const char *show(const ss_vector *v, uint32_t i)
{
    static char buf[4][256];
    static int k;
    char *out = buf[k++ & 3];
    ss_value x;
    ss_vector_get_value(v, i, &x);
    if (x.is_null)
        return "NULL";
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_value_format(v->type, &x, &sb);
    snprintf(out, 256, "%s", sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return out;
}

static void expect_s_at(int line, const ss_vector *v, uint32_t n, const char *const *want)
{
    for (uint32_t i = 0; i < n; i++)
        ck_assert_msg(strcmp(show(v, i), want[i]) == 0, "line %d row %u: '%s', want '%s'", line,
                      i, show(v, i), want[i]);
}

#define expect_i(...) expect_i_at(__LINE__, __VA_ARGS__)
#define expect_s(...) expect_s_at(__LINE__, __VA_ARGS__)

/* Evaluates a column-free expression at one row and returns its text form. */
static const char *scalar(const ss_expr *e)
{
    ss_value v;
    int rc = ss_expr_eval_scalar(&ctx, e, &v);
    ck_assert_msg(rc == SS_OK, "scalar failed: %s %s", err.sqlstate, err.message ? err.message : "");
    if (v.is_null)
        return "NULL";
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_value_format(e->type, &v, &sb);
    char *s = ss_arena_strdup(arena, sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return s;
}

static int scalar_rc(const ss_expr *e)
{
    ss_value v;
    return ss_expr_eval_scalar(&ctx, e, &v);
}

/* ================= arithmetic ================= */

START_TEST(int_arith_values_and_nulls)
{
    ss_vector *a = vi(SS_TYPE_INT4, 5, (int64_t[]){1, INT32_MAX, 3, -5, 7}, ".N...");
    ss_vector *b = vi(SS_TYPE_INT4, 5, (int64_t[]){2, 1, 0, 7, -2}, "..N..");
    ss_batch *bt = mkbatch(5, 2, a, b);
    ss_expr *A = col(0, T(SS_TYPE_INT4)), *B = col(1, T(SS_TYPE_INT4));
    expect_i(eval(op(OP_ADD, A, B), bt), 5, (int64_t[]){3, 0, 0, 2, 5}, ".NN..");
    expect_i(eval(op(OP_SUB, A, B), bt), 5, (int64_t[]){-1, 0, 0, -12, 9}, ".NN..");
    expect_i(eval(op(OP_MUL, A, B), bt), 5, (int64_t[]){2, 0, 0, -35, -14}, ".NN..");
    expect_i(eval(op(OP_DIV, A, B), bt), 5, (int64_t[]){0, 0, 0, 0, -3}, ".NN..");
    expect_i(eval(op(OP_MOD, A, B), bt), 5, (int64_t[]){1, 0, 0, -5, 1}, ".NN..");
    expect_i(eval(op(OP_NEG, A, NULL), bt), 5, (int64_t[]){-1, 0, -3, 5, -7}, ".N...");
    /* a constant operand, and NULL constants */
    expect_i(eval(op(OP_MUL, A, ci(SS_TYPE_INT4, 10)), bt), 5, (int64_t[]){10, 0, 30, -50, 70}, ".N...");
    expect_i(eval(op(OP_ADD, A, cnull(SS_TYPE_INT4)), bt), 5, (int64_t[]){0}, "NNNNN");
    ck_no_error();
}
END_TEST

START_TEST(int_overflow_and_division_errors)
{
    ss_batch *one = mkbatch(1, 0);
    ck_assert_int_eq(eval_rc(op(OP_ADD, ci(SS_TYPE_INT4, INT32_MAX), ci(SS_TYPE_INT4, 1)), one), SS_ERROR);
    ck_error("22003", "integer out of range");
    ck_assert_int_eq(eval_rc(op(OP_MUL, ci(SS_TYPE_INT4, 46341), ci(SS_TYPE_INT4, 46341)), one), SS_ERROR);
    ck_error("22003", "integer out of range");
    ck_assert_int_eq(eval_rc(op(OP_ADD, ci(SS_TYPE_INT2, 1), ci(SS_TYPE_INT2, 32767)), one), SS_ERROR);
    ck_error("22003", "smallint out of range");
    ck_assert_int_eq(eval_rc(op(OP_SUB, ci(SS_TYPE_INT2, -32768), ci(SS_TYPE_INT2, 1)), one), SS_ERROR);
    ck_error("22003", "smallint out of range");
    ck_assert_int_eq(eval_rc(op(OP_ADD, ci(SS_TYPE_INT8, INT64_MAX), ci(SS_TYPE_INT8, 1)), one), SS_ERROR);
    ck_error("22003", "bigint out of range");
    ck_assert_int_eq(eval_rc(op(OP_DIV, ci(SS_TYPE_INT4, INT32_MIN), ci(SS_TYPE_INT4, -1)), one), SS_ERROR);
    ck_error("22003", "integer out of range");
    ck_assert_int_eq(eval_rc(op(OP_DIV, ci(SS_TYPE_INT2, -32768), ci(SS_TYPE_INT2, -1)), one), SS_ERROR);
    ck_error("22003", "smallint out of range");
    ck_assert_int_eq(eval_rc(op(OP_DIV, ci(SS_TYPE_INT8, INT64_MIN), ci(SS_TYPE_INT8, -1)), one), SS_ERROR);
    ck_error("22003", "bigint out of range");
    ck_assert_int_eq(eval_rc(op(OP_NEG, ci(SS_TYPE_INT4, INT32_MIN), NULL), one), SS_ERROR);
    ck_error("22003", "integer out of range");
    ck_assert_int_eq(eval_rc(op(OP_NEG, ci(SS_TYPE_INT2, -32768), NULL), one), SS_ERROR);
    ck_error("22003", "smallint out of range");
    ck_assert_int_eq(eval_rc(op(OP_DIV, ci(SS_TYPE_INT4, 5), ci(SS_TYPE_INT4, 0)), one), SS_ERROR);
    ck_error("22012", "division by zero");
    ck_assert_int_eq(eval_rc(op(OP_MOD, ci(SS_TYPE_INT8, 5), ci(SS_TYPE_INT8, 0)), one), SS_ERROR);
    ck_error("22012", "division by zero");
    /* x % -1 is 0 even for the minimum; x / -1 negates */
    ck_assert_str_eq(scalar(op(OP_MOD, ci(SS_TYPE_INT4, INT32_MIN), ci(SS_TYPE_INT4, -1))), "0");
    ck_assert_str_eq(scalar(op(OP_MOD, ci(SS_TYPE_INT8, INT64_MIN), ci(SS_TYPE_INT8, -1))), "0");
    ck_assert_str_eq(scalar(op(OP_DIV, ci(SS_TYPE_INT4, 7), ci(SS_TYPE_INT4, -1))), "-7");
    ck_assert_str_eq(scalar(op(OP_MOD, ci(SS_TYPE_INT4, -7), ci(SS_TYPE_INT4, 3))), "-1");
    ck_assert_str_eq(scalar(op(OP_MOD, ci(SS_TYPE_INT4, 7), ci(SS_TYPE_INT4, -3))), "1");
    ck_assert_str_eq(scalar(op(OP_DIV, ci(SS_TYPE_INT2, -7), ci(SS_TYPE_INT2, 2))), "-3");
    /* NULL rows are never computed: their data would overflow / divide by zero */
    ss_vector *a = vi(SS_TYPE_INT4, 3, (int64_t[]){INT32_MAX, 1, 4}, "N..");
    ss_vector *b = vi(SS_TYPE_INT4, 3, (int64_t[]){1, 1, 0}, "..N");
    ss_batch *bt = mkbatch(3, 2, a, b);
    expect_i(eval(op(OP_ADD, col(0, T(SS_TYPE_INT4)), col(1, T(SS_TYPE_INT4))), bt), 3,
             (int64_t[]){0, 2, 0}, "N.N");
    expect_i(eval(op(OP_DIV, col(0, T(SS_TYPE_INT4)), col(1, T(SS_TYPE_INT4))), bt), 3,
             (int64_t[]){0, 1, 0}, "N.N");
    ck_no_error();
}
END_TEST

START_TEST(float_arith)
{
    ck_assert_str_eq(scalar(op(OP_ADD, cf(0.1), cf(0.2))), "0.30000000000000004");
    ck_assert_str_eq(scalar(op(OP_DIV, cf(1), cf(3))), "0.3333333333333333");
    ck_assert_str_eq(scalar(op(OP_ADD, cf(INFINITY), cf(1))), "Infinity");
    ck_assert_str_eq(scalar(op(OP_SUB, cf(INFINITY), cf(INFINITY))), "NaN");
    ck_assert_str_eq(scalar(op(OP_MUL, cf(INFINITY), cf(0))), "NaN");
    ck_assert_str_eq(scalar(op(OP_DIV, cf(NAN), cf(0))), "NaN");
    ck_assert_str_eq(scalar(op(OP_DIV, cf(1e-308), cf(1e10))), "1e-318");
    ck_assert_str_eq(scalar(op(OP_NEG, cf(0), NULL)), "-0");
    ck_assert_int_eq(scalar_rc(op(OP_ADD, cf(1e308), cf(1e308))), SS_ERROR);
    ck_error("22003", "value out of range: overflow");
    ck_assert_int_eq(scalar_rc(op(OP_MUL, cf(1e300), cf(1e10))), SS_ERROR);
    ck_error("22003", "value out of range: overflow");
    ck_assert_int_eq(scalar_rc(op(OP_MUL, cf(1e-300), cf(1e-300))), SS_ERROR);
    ck_error("22003", "value out of range: underflow");
    ck_assert_int_eq(scalar_rc(op(OP_DIV, cf(1), cf(0))), SS_ERROR);
    ck_error("22012", "division by zero");
    ck_assert_int_eq(scalar_rc(op(OP_DIV, cf(0), cf(0))), SS_ERROR);
    ck_error("22012", "division by zero");
    ck_assert_int_eq(scalar_rc(op(OP_MOD, cf(5), cf(2))), SS_ERROR);
    ck_error("0A000", "operator % is not supported for type double precision");
    ss_vector *a = vf(4, (double[]){1.5, 2, -1, 0}, "..N.");
    ss_batch *bt = mkbatch(4, 1, a);
    ss_vector *r = eval(op(OP_MUL, col(0, T(SS_TYPE_FLOAT8)), cf(2)), bt);
    expect_s(r, 4, (const char *[]){"3", "4", "NULL", "0"});
}
END_TEST

START_TEST(concat_operator)
{
    ss_vector *a = vs(T(SS_TYPE_TEXT), 3, (const char *[]){"ab", NULL, ""});
    ss_vector *b = vs(T(SS_TYPE_VARCHAR), 3, (const char *[]){"cd", "x", "é"});
    ss_batch *bt = mkbatch(3, 2, a, b);
    ss_vector *r = eval(op(OP_CONCAT, col(0, T(SS_TYPE_TEXT)), col(1, T(SS_TYPE_VARCHAR))), bt);
    expect_s(r, 3, (const char *[]){"abcd", "NULL", "é"});
    ck_assert_str_eq(scalar(op(OP_CONCAT, cs(SS_TYPE_TEXT, "abc"), cnull(SS_TYPE_TEXT))), "NULL");
}
END_TEST

/* ================= comparisons ================= */

START_TEST(comparisons)
{
    ss_batch *one = mkbatch(1, 0);
    (void)one;
    /* float8: NaN = NaN, NaN above Infinity, 0 = -0 */
    ss_vector *x = vf(5, (double[]){NAN, NAN, 1, 0, -INFINITY}, NULL);
    ss_vector *y = vf(5, (double[]){NAN, INFINITY, NAN, -0.0, 3}, NULL);
    ss_batch *bf = mkbatch(5, 2, x, y);
    ss_expr *X = col(0, T(SS_TYPE_FLOAT8)), *Y = col(1, T(SS_TYPE_FLOAT8));
    expect_i(eval(op(OP_EQ, X, Y), bf), 5, (int64_t[]){1, 0, 0, 1, 0}, NULL);
    expect_i(eval(op(OP_NE, X, Y), bf), 5, (int64_t[]){0, 1, 1, 0, 1}, NULL);
    expect_i(eval(op(OP_LT, X, Y), bf), 5, (int64_t[]){0, 0, 1, 0, 1}, NULL);
    expect_i(eval(op(OP_LE, X, Y), bf), 5, (int64_t[]){1, 0, 1, 1, 1}, NULL);
    expect_i(eval(op(OP_GT, X, Y), bf), 5, (int64_t[]){0, 1, 0, 0, 0}, NULL);
    expect_i(eval(op(OP_GE, X, Y), bf), 5, (int64_t[]){1, 1, 0, 1, 0}, NULL);
    /* text: bytewise, then length */
    ss_vector *s = vs(T(SS_TYPE_TEXT), 5, (const char *[]){"abc", "ab", "b", "", "x"});
    ss_vector *t = vs(T(SS_TYPE_TEXT), 5, (const char *[]){"abd", "abc", "abc", "a", NULL});
    ss_batch *bs = mkbatch(5, 2, s, t);
    ss_expr *S = col(0, T(SS_TYPE_TEXT)), *U = col(1, T(SS_TYPE_TEXT));
    expect_i(eval(op(OP_LT, S, U), bs), 5, (int64_t[]){1, 1, 0, 1, 0}, "....N");
    expect_i(eval(op(OP_GT, S, U), bs), 5, (int64_t[]){0, 0, 1, 0, 0}, "....N");
    expect_i(eval(op(OP_EQ, S, cs(SS_TYPE_TEXT, "ab")), bs), 5, (int64_t[]){0, 1, 0, 0, 0}, NULL);
    /* integers of each width, bool */
    ss_vector *i2 = vi(SS_TYPE_INT2, 3, (int64_t[]){-1, 5, 7}, "..N");
    ss_batch *b2 = mkbatch(3, 1, i2);
    expect_i(eval(op(OP_GE, col(0, T(SS_TYPE_INT2)), ci(SS_TYPE_INT2, 5)), b2), 3,
             (int64_t[]){0, 1, 0}, "..N");
    ss_vector *i8 = vi(SS_TYPE_INT8, 2, (int64_t[]){INT64_MIN, INT64_MAX}, NULL);
    ss_batch *b8 = mkbatch(2, 1, i8);
    expect_i(eval(op(OP_LT, col(0, T(SS_TYPE_INT8)), ci(SS_TYPE_INT8, 0)), b8), 2,
             (int64_t[]){1, 0}, NULL);
    ck_assert_str_eq(scalar(op(OP_LT, cb(false), cb(true))), "t");
    ck_assert_str_eq(scalar(op(OP_NE, ci(SS_TYPE_INT4, 1), cnull(SS_TYPE_INT4))), "NULL");
}
END_TEST

/* ================= logic ================= */

START_TEST(three_valued_logic)
{
    /* all 9 combinations of (true, false, NULL) */
    ss_vector *p = vi(SS_TYPE_BOOL, 9, (int64_t[]){1, 1, 1, 0, 0, 0, 0, 0, 0}, "......NNN");
    ss_vector *q = vi(SS_TYPE_BOOL, 9, (int64_t[]){1, 0, 0, 1, 0, 0, 1, 0, 0}, "..N..N..N");
    ss_batch *bt = mkbatch(9, 2, p, q);
    ss_expr *P = col(0, T(SS_TYPE_BOOL)), *Q = col(1, T(SS_TYPE_BOOL));
    /* p:   T T T F F F N N N
       q:   T F N T F N T F N */
    expect_i(eval(lst(EXPR_AND, 2, P, Q), bt), 9, (int64_t[]){1, 0, 0, 0, 0, 0, 0, 0, 0}, "..N...N.N");
    expect_i(eval(lst(EXPR_OR, 2, P, Q), bt), 9, (int64_t[]){1, 1, 1, 1, 0, 0, 1, 0, 0}, ".....N.NN");
    expect_i(eval(un(EXPR_NOT, P), bt), 9, (int64_t[]){0, 0, 0, 1, 1, 1, 0, 0, 0}, "......NNN");
    expect_i(eval(un(EXPR_IS_NULL, Q), bt), 9, (int64_t[]){0, 0, 1, 0, 0, 1, 0, 0, 1}, NULL);
    expect_i(eval(un(EXPR_IS_NOT_NULL, Q), bt), 9, (int64_t[]){1, 1, 0, 1, 1, 0, 1, 1, 0}, NULL);
    /* NULL, then false later: false wins */
    expect_i(eval(lst(EXPR_AND, 3, Q, P, cb(false)), bt), 9, (int64_t[]){0, 0, 0, 0, 0, 0, 0, 0, 0}, NULL);
    expect_i(eval(lst(EXPR_OR, 3, Q, P, cb(true)), bt), 9, (int64_t[]){1, 1, 1, 1, 1, 1, 1, 1, 1}, NULL);
    ss_batch *one = mkbatch(1, 0);
    expect_i(eval(un(EXPR_IS_NULL, cnull(SS_TYPE_TEXT)), one), 1, (int64_t[]){1}, NULL);
    expect_i(eval(un(EXPR_IS_NULL, ci(SS_TYPE_INT4, 3)), one), 1, (int64_t[]){0}, NULL);
}
END_TEST

START_TEST(and_or_short_circuit)
{
    /* x <> 0 AND 10 / x > 1: PostgreSQL never divides where x = 0 */
    ss_vector *x = vi(SS_TYPE_INT4, 4, (int64_t[]){0, 5, 20, 0}, "...N");
    ss_batch *bt = mkbatch(4, 1, x);
    ss_expr *X = col(0, T(SS_TYPE_INT4));
    ss_expr *guard = op(OP_NE, X, ci(SS_TYPE_INT4, 0));
    ss_expr *ratio = op(OP_GT, op(OP_DIV, ci(SS_TYPE_INT4, 10), X), ci(SS_TYPE_INT4, 1));
    expect_i(eval(lst(EXPR_AND, 2, guard, ratio), bt), 4, (int64_t[]){0, 1, 0, 0}, "...N");
    ss_expr *zero = op(OP_EQ, X, ci(SS_TYPE_INT4, 0));
    expect_i(eval(lst(EXPR_OR, 2, zero, ratio), bt), 4, (int64_t[]){1, 1, 0, 0}, "...N");
    /* without the guard the division fails */
    ck_assert_int_eq(eval_rc(ratio, bt), SS_ERROR);
    ck_error("22012", "division by zero");
    /* the same through ss_expr_select */
    uint32_t sel[4];
    ck_assert_int_eq(ss_expr_select(&ctx, lst(EXPR_AND, 2, guard, ratio), bt, sel), SS_OK);
    ck_assert_uint_eq(bt->sel_count, 1);
    ck_assert_ptr_eq(bt->sel, sel);
    ck_assert_uint_eq(sel[0], 1);
}
END_TEST

/* ================= CASE ================= */

START_TEST(case_expression)
{
    ss_vector *x = vi(SS_TYPE_INT4, 5, (int64_t[]){0, 2, -4, 5, 0}, "...N.");
    ss_batch *bt = mkbatch(5, 1, x);
    ss_expr *X = col(0, T(SS_TYPE_INT4));
    /* CASE WHEN x = 0 THEN -1 ELSE 100 / x END: the ELSE never sees x = 0 */
    ss_expr *e = kase(T(SS_TYPE_INT4), op(OP_DIV, ci(SS_TYPE_INT4, 100), X), 1,
                      op(OP_EQ, X, ci(SS_TYPE_INT4, 0)), ci(SS_TYPE_INT4, -1));
    expect_i(eval(e, bt), 5, (int64_t[]){-1, 50, -25, 0, -1}, "...N.");
    /* several WHENs, first true wins; NULL condition falls through; no ELSE gives NULL */
    ss_expr *e2 = kase(T(SS_TYPE_TEXT), NULL, 2,
                       op(OP_GT, X, ci(SS_TYPE_INT4, 1)), cs(SS_TYPE_TEXT, "big"),
                       op(OP_GT, X, ci(SS_TYPE_INT4, -1)), cs(SS_TYPE_TEXT, "small"));
    expect_s(eval(e2, bt), 5, (const char *[]){"small", "big", "NULL", "NULL", "small"});
    /* a THEN that errors only errors when taken */
    ss_expr *e3 = kase(T(SS_TYPE_INT4), ci(SS_TYPE_INT4, 0), 1,
                       op(OP_LT, X, ci(SS_TYPE_INT4, 0)), op(OP_DIV, ci(SS_TYPE_INT4, 1), op(OP_SUB, X, X)));
    ck_assert_int_eq(eval_rc(e3, bt), SS_ERROR);
    ck_error("22012", "division by zero");
    ss_expr *e4 = kase(T(SS_TYPE_INT4), ci(SS_TYPE_INT4, 0), 1,
                       op(OP_GT, X, ci(SS_TYPE_INT4, 100)), op(OP_DIV, ci(SS_TYPE_INT4, 1), op(OP_SUB, X, X)));
    expect_i(eval(e4, bt), 5, (int64_t[]){0, 0, 0, 0, 0}, NULL);
    /* NULL ELSE / NULL THEN constants */
    ss_expr *e5 = kase(T(SS_TYPE_FLOAT8), cnull(SS_TYPE_FLOAT8), 1, cb(true), cnull(SS_TYPE_FLOAT8));
    expect_i(eval(e5, bt), 5, (int64_t[]){0}, "NNNNN");
}
END_TEST

/* ================= casts ================= */

START_TEST(vector_casts)
{
    ss_vector *f = vf(4, (double[]){2.5, 3.5, -2.5, 1e10}, "...N");
    ss_batch *bf = mkbatch(4, 1, f);
    ss_expr *F = col(0, T(SS_TYPE_FLOAT8));
    expect_i(eval(cast(F, T(SS_TYPE_INT4), CAST_EXPLICIT), bf), 4, (int64_t[]){2, 4, -2, 0}, "...N");
    expect_i(eval(cast(F, T(SS_TYPE_INT2), CAST_ASSIGNMENT), bf), 4, (int64_t[]){2, 4, -2, 0}, "...N");
    ss_vector *i = vi(SS_TYPE_INT4, 3, (int64_t[]){1, 40000, -3}, NULL);
    ss_batch *bi = mkbatch(3, 1, i);
    ss_expr *I = col(0, T(SS_TYPE_INT4));
    ck_assert_int_eq(eval_rc(cast(I, T(SS_TYPE_INT2), CAST_ASSIGNMENT), bi), SS_ERROR);
    ck_error("22003", "smallint out of range");
    expect_i(eval(cast(I, T(SS_TYPE_INT8), CAST_IMPLICIT), bi), 3, (int64_t[]){1, 40000, -3}, NULL);
    expect_s(eval(cast(I, T(SS_TYPE_FLOAT8), CAST_IMPLICIT), bi), 3, (const char *[]){"1", "40000", "-3"});
    expect_s(eval(cast(I, T(SS_TYPE_TEXT), CAST_ASSIGNMENT), bi), 3, (const char *[]){"1", "40000", "-3"});
    expect_s(eval(cast(I, VC(3), CAST_EXPLICIT), bi), 3, (const char *[]){"1", "400", "-3"});
    ck_assert_int_eq(eval_rc(cast(I, VC(3), CAST_ASSIGNMENT), bi), SS_ERROR);
    ck_error("22001", "value too long for type character varying(3)");
    expect_i(eval(cast(I, T(SS_TYPE_BOOL), CAST_EXPLICIT), bi), 3, (int64_t[]){1, 1, 1}, NULL);
    /* text -> numbers through the input functions */
    ss_vector *s = vs(T(SS_TYPE_TEXT), 4, (const char *[]){" 12 ", "-7", NULL, "abc"});
    ss_batch *bs = mkbatch(3, 1, s); /* first three rows */
    ss_expr *S = col(0, T(SS_TYPE_TEXT));
    expect_i(eval(cast(S, T(SS_TYPE_INT8), CAST_EXPLICIT), bs), 3, (int64_t[]){12, -7, 0}, "..N");
    ss_batch *bs4 = mkbatch(4, 1, s);
    ck_assert_int_eq(eval_rc(cast(S, T(SS_TYPE_INT4), CAST_EXPLICIT), bs4), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type integer: \"abc\"");
    ck_assert_int_eq(eval_rc(cast(S, T(SS_TYPE_BOOL), CAST_EXPLICIT), bs4), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type boolean: \" 12 \"");
    /* string -> string: varchar(n) in place, by characters */
    ss_vector *u = vs(T(SS_TYPE_TEXT), 3, (const char *[]){"héllo", "ab  ", "x"});
    ss_batch *bu = mkbatch(3, 1, u);
    ss_expr *U = col(0, T(SS_TYPE_TEXT));
    expect_s(eval(cast(U, VC(2), CAST_EXPLICIT), bu), 3, (const char *[]){"hé", "ab", "x"});
    ck_assert_int_eq(eval_rc(cast(U, VC(2), CAST_ASSIGNMENT), bu), SS_ERROR);
    ck_error("22001", "value too long for type character varying(2)");
    expect_s(eval(cast(U, VC(5), CAST_ASSIGNMENT), bu), 3, (const char *[]){"héllo", "ab  ", "x"});
    /* the input column is untouched by a truncating cast */
    ck_assert_str_eq(show(u, 0), "héllo");
    /* bool -> text is true/false; unknown literals use the input function */
    ck_assert_str_eq(scalar(cast(cb(true), T(SS_TYPE_TEXT), CAST_EXPLICIT)), "true");
    ck_assert_str_eq(scalar(cast(cb(false), VC(3), CAST_EXPLICIT)), "fal");
    ck_assert_str_eq(scalar(cast(cb(true), T(SS_TYPE_INT4), CAST_EXPLICIT)), "1");
    ck_assert_str_eq(scalar(cast(cs(SS_TYPE_UNKNOWN, "of"), T(SS_TYPE_BOOL), CAST_IMPLICIT)), "f");
    ck_assert_str_eq(scalar(cast(cs(SS_TYPE_UNKNOWN, "1e20"), T(SS_TYPE_FLOAT8), CAST_IMPLICIT)), "1e+20");
    ck_assert_str_eq(scalar(cast(cf(1.5e-7), T(SS_TYPE_TEXT), CAST_EXPLICIT)), "1.5e-07");
    ck_assert_str_eq(scalar(cast(cs(SS_TYPE_UNKNOWN, "abcd"), VC(3), CAST_EXPLICIT)), "abc");
    ck_assert_int_eq(scalar_rc(cast(cs(SS_TYPE_UNKNOWN, "99999"), T(SS_TYPE_INT2), CAST_IMPLICIT)), SS_ERROR);
    ck_error("22003", "value \"99999\" is out of range for type smallint");
    ck_assert_int_eq(scalar_rc(cast(cf(NAN), T(SS_TYPE_INT8), CAST_EXPLICIT)), SS_ERROR);
    ck_error("22003", "bigint out of range");
    ck_assert_int_eq(scalar_rc(cast(cf(1.5), T(SS_TYPE_BOOL), CAST_EXPLICIT)), SS_ERROR);
    ck_error("42846", "cannot cast type double precision to boolean");
    ck_assert_str_eq(scalar(cast(cnull(SS_TYPE_UNKNOWN), T(SS_TYPE_INT4), CAST_IMPLICIT)), "NULL");
}
END_TEST

/* ================= leaves, rows and selections ================= */

START_TEST(params_and_constants)
{
    ss_value params[2] = {{.v.i = 41}, {.is_null = true}};
    ss_type ptypes[2] = {T(SS_TYPE_INT8), T(SS_TYPE_TEXT)};
    ctx.params = params;
    ctx.param_types = ptypes;
    ctx.nparams = 2;
    ss_vector *x = vi(SS_TYPE_INT8, 3, (int64_t[]){1, 2, 3}, NULL);
    ss_batch *bt = mkbatch(3, 1, x);
    ss_expr p0 = {.kind = EXPR_PARAM, .type = T(SS_TYPE_INT8), .u.param.index = 0};
    ss_expr p1 = {.kind = EXPR_PARAM, .type = T(SS_TYPE_TEXT), .u.param.index = 1};
    ss_expr p2 = {.kind = EXPR_PARAM, .type = T(SS_TYPE_TEXT), .u.param.index = 2};
    expect_i(eval(op(OP_ADD, col(0, T(SS_TYPE_INT8)), &p0), bt), 3, (int64_t[]){42, 43, 44}, NULL);
    expect_s(eval(&p1, bt), 3, (const char *[]){"NULL", "NULL", "NULL"});
    ck_assert_int_eq(eval_rc(&p2, bt), SS_ERROR);
    ck_error("42P02", "there is no parameter $3");
    expect_s(eval(cs(SS_TYPE_UNKNOWN, "lit"), bt), 3, (const char *[]){"lit", "lit", "lit"});
    ck_assert_str_eq(scalar(&p0), "41");
}
END_TEST

START_TEST(only_live_rows_are_written)
{
    ss_vector *x = vi(SS_TYPE_INT4, 6, (int64_t[]){0, 1, 0, 3, 4, 0}, NULL);
    ss_batch *bt = mkbatch(6, 1, x);
    static uint32_t sel[3] = {1, 3, 4};
    bt->sel = sel;
    bt->sel_count = 3;
    ss_expr *X = col(0, T(SS_TYPE_INT4));
    ss_vector *out = track(ss_vector_create(T(SS_TYPE_INT4), 6));
    for (int i = 0; i < 6; i++)
        ((int32_t *)out->data)[i] = -99;
    /* rows 0, 2, 5 hold 0: 100 / x fails there, but they are not live */
    ck_assert_int_eq(ss_expr_eval(&ctx, op(OP_DIV, ci(SS_TYPE_INT4, 100), X), bt, out), SS_OK);
    const int32_t *r = out->data;
    ck_assert_int_eq(r[0], -99);
    ck_assert_int_eq(r[1], 100);
    ck_assert_int_eq(r[2], -99);
    ck_assert_int_eq(r[3], 33);
    ck_assert_int_eq(r[4], 25);
    ck_assert_int_eq(r[5], -99);
    /* out is reset first: a previous NULL does not leak into the next evaluation */
    ck_assert_int_eq(ss_vector_ensure_validity(&ctx, out), SS_OK);
    ss_vector_set_null(out, 3);
    ck_assert_int_eq(ss_expr_eval(&ctx, X, bt, out), SS_OK);
    ck_assert(!ss_vector_is_null(out, 3));
    ck_assert_int_eq(r[3], 3);
    /* a too small output vector is refused */
    ss_vector *small = track(ss_vector_create(T(SS_TYPE_INT4), 2));
    ck_assert_int_eq(ss_expr_eval(&ctx, X, bt, small), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, "XX000");
    ss_error_clear(&err);
    /* wrong output type is refused */
    ss_vector *wrong = track(ss_vector_create(T(SS_TYPE_TEXT), 6));
    ck_assert_int_eq(ss_expr_eval(&ctx, X, bt, wrong), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, "XX000");
    ss_error_clear(&err);
}
END_TEST

START_TEST(selection)
{
    ss_vector *x = vi(SS_TYPE_INT4, 8, (int64_t[]){5, 1, 7, 9, 2, 8, 6, 0}, "....N...");
    ss_batch *bt = mkbatch(8, 1, x);
    ss_expr *X = col(0, T(SS_TYPE_INT4));
    uint32_t buf[8];
    /* NULL counts as false; positions increasing */
    ck_assert_int_eq(ss_expr_select(&ctx, op(OP_GT, X, ci(SS_TYPE_INT4, 4)), bt, buf), SS_OK);
    ck_assert_ptr_eq(bt->sel, buf);
    ck_assert_uint_eq(bt->sel_count, 5);
    static const uint32_t want1[] = {0, 2, 3, 5, 6};
    for (int k = 0; k < 5; k++)
        ck_assert_uint_eq(buf[k], want1[k]);
    /* narrowing an existing selection in place (sel_buf is in->sel) */
    ck_assert_int_eq(ss_expr_select(&ctx, op(OP_LT, X, ci(SS_TYPE_INT4, 8)), bt, bt->sel), SS_OK);
    ck_assert_uint_eq(bt->sel_count, 3);
    ck_assert_uint_eq(buf[0], 0);
    ck_assert_uint_eq(buf[1], 2);
    ck_assert_uint_eq(buf[2], 6);
    /* a NULL condition keeps nothing */
    uint32_t buf2[8];
    ck_assert_int_eq(ss_expr_select(&ctx, cnull(SS_TYPE_BOOL), bt, buf2), SS_OK);
    ck_assert_uint_eq(bt->sel_count, 0);
    ck_assert_ptr_eq(bt->sel, buf2);
    /* nothing live: stays empty */
    ck_assert_int_eq(ss_expr_select(&ctx, cb(true), bt, buf2), SS_OK);
    ck_assert_uint_eq(bt->sel_count, 0);
    /* AND conjunct by conjunct, with a NULL in the middle */
    bt->sel = NULL;
    bt->sel_count = 0;
    ss_expr *c = lst(EXPR_AND, 3, op(OP_GE, X, ci(SS_TYPE_INT4, 1)), un(EXPR_IS_NOT_NULL, X),
                     op(OP_NE, op(OP_MOD, ci(SS_TYPE_INT4, 100), X), ci(SS_TYPE_INT4, 0)));
    ck_assert_int_eq(ss_expr_select(&ctx, c, bt, buf), SS_OK);
    ck_assert_uint_eq(bt->sel_count, 4);
    static const uint32_t want2[] = {2, 3, 5, 6};
    for (int k = 0; k < 4; k++)
        ck_assert_uint_eq(buf[k], want2[k]);
    /* an unsorted incoming selection still yields increasing positions */
    static uint32_t unsorted[3] = {6, 0, 3};
    bt->sel = unsorted;
    bt->sel_count = 3;
    ck_assert_int_eq(ss_expr_select(&ctx, op(OP_GT, X, ci(SS_TYPE_INT4, 0)), bt, buf), SS_OK);
    ck_assert_uint_eq(bt->sel_count, 3);
    ck_assert_uint_eq(buf[0], 0);
    ck_assert_uint_eq(buf[1], 3);
    ck_assert_uint_eq(buf[2], 6);
    ck_no_error();
}
END_TEST

START_TEST(large_batch_dense_and_sparse)
{
    enum { N = SS_BATCH_CAPACITY };
    ss_vector *a = track(ss_vector_create(T(SS_TYPE_INT8), N));
    ss_vector *t = track(ss_vector_create(T(SS_TYPE_TEXT), N));
    char buf[32];
    for (uint32_t i = 0; i < N; i++) {
        ((int64_t *)a->data)[i] = i;
        int n = snprintf(buf, sizeof buf, "s%u", i);
        ck_assert_int_eq(ss_vector_set_text(&ctx, t, i, buf, (size_t)n), SS_OK);
    }
    put_null(a, 100);
    ss_batch *bt = mkbatch(N, 2, a, t);
    ss_expr *A = col(0, T(SS_TYPE_INT8));
    ss_expr *e = op(OP_ADD, op(OP_MUL, A, A), ci(SS_TYPE_INT8, 1));
    ss_vector *r = eval(e, bt);
    for (uint32_t i = 0; i < N; i++) {
        if (i == 100) {
            ck_assert(ss_vector_is_null(r, i));
            continue;
        }
        ck_assert_int_eq(((int64_t *)r->data)[i], (int64_t)i * i + 1);
    }
    /* text results built per row (strings in the output's heap) */
    ss_expr *txt = op(OP_CONCAT, col(1, T(SS_TYPE_TEXT)), cast(A, T(SS_TYPE_TEXT), CAST_EXPLICIT));
    ss_vector *rt = eval(txt, bt);
    ck_assert_str_eq(show(rt, 1023), "s10231023");
    ck_assert_str_eq(show(rt, 100), "NULL");
    /* every third row */
    uint32_t *sel = ss_arena_alloc(arena, N * sizeof *sel);
    uint32_t m = 0;
    for (uint32_t i = 0; i < N; i += 3)
        sel[m++] = i;
    bt->sel = sel;
    bt->sel_count = m;
    uint32_t *out = ss_arena_alloc(arena, N * sizeof *out);
    ck_assert_int_eq(ss_expr_select(&ctx, op(OP_EQ, op(OP_MOD, A, ci(SS_TYPE_INT8, 2)), ci(SS_TYPE_INT8, 0)), bt, out), SS_OK);
    ck_assert_uint_eq(bt->sel_count, 171); /* 0, 6, 12, ..., 1020 */
    ck_assert_uint_eq(out[170], 1020);
}
END_TEST

/* ================= kernels against a row-by-row reference ================= */

/* Deterministic pseudo-random numbers for the differential tests. */
static uint64_t rng_state;

static uint64_t rng(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return rng_state >> 17;
}

static int64_t type_min(int32_t id)
{
    return id == SS_TYPE_INT2 ? INT16_MIN : id == SS_TYPE_INT4 ? INT32_MIN : INT64_MIN;
}

static int64_t type_max(int32_t id)
{
    return id == SS_TYPE_INT2 ? INT16_MAX : id == SS_TYPE_INT4 ? INT32_MAX : INT64_MAX;
}

/* PostgreSQL's integer operator at one row: 0, 1 = out of range, 2 = division by zero. */
static int ref_int(ss_expr_op o, int32_t id, int64_t x, int64_t y, int64_t *r)
{
    switch (o) {
    case OP_ADD: if (__builtin_add_overflow(x, y, r)) return 1; break;
    case OP_SUB: if (__builtin_sub_overflow(x, y, r)) return 1; break;
    case OP_MUL: if (__builtin_mul_overflow(x, y, r)) return 1; break;
    case OP_DIV:
        if (y == 0)
            return 2;
        if (y == -1) {
            if (x == type_min(id))
                return 1;
            *r = -x;
            return 0;
        }
        *r = x / y;
        break;
    default:
        if (y == 0)
            return 2;
        *r = y == -1 ? 0 : x % y;
        break;
    }
    return *r < type_min(id) || *r > type_max(id);
}

/* float8: 0, 1 = overflow, 2 = division by zero, 3 = underflow. */
static int ref_float(ss_expr_op o, double x, double y, double *r)
{
    double t;
    switch (o) {
    case OP_ADD: t = x + y; break;
    case OP_SUB: t = x - y; break;
    case OP_MUL: t = x * y; break;
    default:
        if (y == 0.0 && !isnan(x))
            return 2;
        t = x / y;
        if (isinf(t) && !isinf(x))
            return 1;
        if (t == 0.0 && x != 0.0 && !isinf(y))
            return 3;
        *r = t;
        return 0;
    }
    if (isinf(t) && !isinf(x) && !isinf(y))
        return 1;
    if (o == OP_MUL && t == 0.0 && x != 0.0 && y != 0.0)
        return 3;
    *r = t;
    return 0;
}

static const char *int_range_msg(int32_t id)
{
    return id == SS_TYPE_INT2 ? "smallint out of range"
           : id == SS_TYPE_INT4 ? "integer out of range" : "bigint out of range";
}

/* Values of one row; `shape` 0: column op column, 1: column op constant, 2: constant op
   column (the constant is the value of row 0 of the constant's side). */
typedef struct diff_case {
    ss_batch *bt;
    uint32_t n;
    const uint32_t *sel;   /* NULL: every row */
    uint32_t nsel;
} diff_case;

static bool row_null(const ss_vector *v, uint32_t i)
{
    return ss_vector_is_null(v, i);
}

/* Evaluates x op y over dc (x = column 0, y = column 1, or a constant) and checks every live
   row, or the error of the first live row that fails, against the reference. */
static void check_int_op(ss_expr_op o, int32_t id, diff_case *dc, int shape, int64_t cval,
                         bool cnul, ss_vector *out)
{
    ss_vector *xv = dc->bt->cols[0], *yv = dc->bt->cols[1];
    ss_expr *X = col(0, T(id)), *Y = col(1, T(id));
    ss_expr *C = cnul ? cnull(id) : ci(id, cval);
    ss_expr *e = op(o, shape == 2 ? C : X, shape == 1 ? C : Y);
    dc->bt->sel = (uint32_t *)dc->sel;
    dc->bt->sel_count = dc->nsel;
    int rc = ss_expr_eval(&ctx, e, dc->bt, out);
    uint32_t live = dc->sel ? dc->nsel : dc->n;
    int want = 0;
    for (uint32_t k = 0; k < live && !want; k++) {
        uint32_t i = dc->sel ? dc->sel[k] : k;
        int64_t x = shape == 2 ? cval : ((int64_t)0), y = shape == 1 ? cval : 0, r;
        bool xn = shape == 2 ? cnul : row_null(xv, i), yn = shape == 1 ? cnul : row_null(yv, i);
        ss_value v;
        if (shape != 2) {
            ss_vector_get_value(xv, i, &v);
            x = v.v.i;
        }
        if (shape != 1) {
            ss_vector_get_value(yv, i, &v);
            y = v.v.i;
        }
        if (xn || yn) {
            ck_assert_msg(rc != SS_OK || row_null(out, i), "op %d type %d shape %d row %u: want NULL",
                          o, id, shape, i);
            continue;
        }
        want = ref_int(o, id, x, y, &r);
        if (!want && rc == SS_OK) {
            ss_vector_get_value(out, i, &v);
            ck_assert_msg(!v.is_null && v.v.i == r,
                          "op %d type %d shape %d row %u: %lld %lld -> %lld, want %lld", o, id,
                          shape, i, (long long)x, (long long)y, (long long)v.v.i, (long long)r);
        }
    }
    if (want == 0) {
        ck_assert_msg(rc == SS_OK, "op %d type %d shape %d: unexpected %s", o, id, shape,
                      err.message ? err.message : "");
    } else {
        ck_assert_msg(rc == SS_ERROR, "op %d type %d shape %d: error %d expected", o, id, shape,
                      want);
        if (want == 1)
            ck_error("22003", int_range_msg(id));
        else
            ck_error("22012", "division by zero");
    }
}

static void fill_int(ss_vector *v, uint32_t n, int32_t id, bool wide, bool nulls)
{
    static const int64_t edge[] = {0, 1, -1, 2, -2, 7, -7, 3, 1000, -1000};
    for (uint32_t i = 0; i < n; i++) {
        int64_t x;
        uint64_t r = rng();
        if (!wide)
            x = (int64_t)(r % 2001) - 1000;
        else if (r % 4 == 0)
            x = r % 8 < 4 ? type_min(id) + (int64_t)(r % 3) : type_max(id) - (int64_t)(r % 3);
        else if (r % 4 == 1)
            x = edge[(r >> 8) % (sizeof edge / sizeof *edge)];
        else
            x = (int64_t)((rng() << 20) ^ rng());
        if (x < type_min(id) || x > type_max(id))
            x = x % (type_max(id) + 1);
        ss_value val = {0};
        val.v.i = x;
        ck_assert_int_eq(ss_vector_set_value(&ctx, v, i, &val), SS_OK);
        if (nulls && rng() % 10 == 0)
            put_null(v, i);
    }
}

START_TEST(int_kernels_match_reference)
{
    enum { N = 1000 };
    static const int32_t types[] = {SS_TYPE_INT2, SS_TYPE_INT4, SS_TYPE_INT8};
    static const ss_expr_op ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD};
    uint32_t *sel = ss_arena_alloc(arena, N * sizeof *sel);
    uint32_t nsel = 0;
    for (uint32_t i = 1; i < N; i += 3)
        sel[nsel++] = i;
    rng_state = 42;
    for (size_t ti = 0; ti < 3; ti++) {
        int32_t id = types[ti];
        const int64_t consts[] = {0, 1, -1, 2, -2, 3, 7, -7, 10, 1000, -1000, 65536, -65537,
                                  type_min(id), type_max(id), type_min(id) + 1, 181, -46341};
        ss_vector *out = track(ss_vector_create(T(id), N));
        for (int data = 0; data < 4; data++) {
            bool wide = data & 1, nulls = data & 2;
            ss_vector *x = track(ss_vector_create(T(id), N));
            ss_vector *y = track(ss_vector_create(T(id), N));
            fill_int(x, N, id, wide, nulls);
            fill_int(y, N, id, wide, nulls);
            ss_batch *bt = mkbatch(N, 2, x, y);
            for (int s = 0; s < 2; s++) {
                diff_case dc = {bt, N, s ? sel : NULL, s ? nsel : 0};
                for (size_t oi = 0; oi < 5; oi++) {
                    check_int_op(ops[oi], id, &dc, 0, 0, false, out);
                    for (size_t c = 0; c < sizeof consts / sizeof *consts; c++) {
                        int64_t cv = consts[c];
                        if (cv < type_min(id) || cv > type_max(id))
                            continue;
                        check_int_op(ops[oi], id, &dc, 1, cv, false, out);
                        check_int_op(ops[oi], id, &dc, 2, cv, false, out);
                    }
                    check_int_op(ops[oi], id, &dc, 1, 0, true, out);
                    check_int_op(ops[oi], id, &dc, 2, 0, true, out);
                }
            }
        }
    }
    ck_no_error();
}
END_TEST

/* Operands at the edges of each constant's safe range, one row at a time: exactly the
   rows whose result leaves the type fail. */
START_TEST(int_constant_bounds)
{
    static const int32_t types[] = {SS_TYPE_INT2, SS_TYPE_INT4, SS_TYPE_INT8};
    static const ss_expr_op ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV};
    for (size_t ti = 0; ti < 3; ti++) {
        int32_t id = types[ti];
        const int64_t consts[] = {0, 1, -1, 2, -2, 3, -3, 7, -7, 1000, -1000, 65536, -65537,
                                  type_min(id), type_max(id), type_min(id) + 1, type_max(id) - 1};
        ss_vector *x = track(ss_vector_create(T(id), 1));
        ss_vector *out = track(ss_vector_create(T(id), 1));
        ss_batch *bt = mkbatch(1, 1, x);
        for (size_t c = 0; c < sizeof consts / sizeof *consts; c++) {
            int64_t cv = consts[c];
            if (cv < type_min(id) || cv > type_max(id))
                continue;
            /* MIN/c, MAX/c, MAX-c, MIN-c, c-MAX, c-MIN (those that exist in int64) */
            int64_t base[6] = {0, 0, 0, 0, 0, 0};
            bool skip[6] = {cv == 0 || cv == -1, cv == 0 || cv == -1,
                            __builtin_sub_overflow(type_max(id), cv, &base[2]),
                            __builtin_sub_overflow(type_min(id), cv, &base[3]),
                            __builtin_sub_overflow(cv, type_max(id), &base[4]),
                            __builtin_sub_overflow(cv, type_min(id), &base[5])};
            if (!skip[0]) {
                base[0] = type_min(id) / cv;
                base[1] = type_max(id) / cv;
            }
            for (int b = 0; b < 6; b++) {
                if (skip[b])
                    continue;
                for (int64_t dd = -2; dd <= 2; dd++) {
                    int64_t v;
                    if (__builtin_add_overflow(base[b], dd, &v) || v < type_min(id) ||
                        v > type_max(id))
                        continue;
                    ss_value val = {.v.i = v};
                    ck_assert_int_eq(ss_vector_set_value(&ctx, x, 0, &val), SS_OK);
                    for (size_t oi = 0; oi < 4; oi++) {
                        for (int shape = 1; shape <= 2; shape++) {
                            ss_expr *X = col(0, T(id)), *C = ci(id, cv);
                            ss_expr *e = shape == 1 ? op(ops[oi], X, C) : op(ops[oi], C, X);
                            int64_t r;
                            int want = shape == 1 ? ref_int(ops[oi], id, v, cv, &r)
                                                  : ref_int(ops[oi], id, cv, v, &r);
                            int rc = ss_expr_eval(&ctx, e, bt, out);
                            ck_assert_msg((rc == SS_OK) == (want == 0),
                                          "type %d op %d shape %d: %lld, %lld", id, ops[oi],
                                          shape, (long long)v, (long long)cv);
                            if (rc == SS_OK) {
                                ss_vector_get_value(out, 0, &val);
                                ck_assert_int_eq(val.v.i, r);
                            } else {
                                ss_error_clear(&err);
                            }
                        }
                    }
                }
            }
        }
    }
}
END_TEST

/* Every dividend magnitude around the bound below which int4 % constant takes 32-bit
   products: both sides of it give C's remainder. */
START_TEST(int_modulo_by_constant_bounds)
{
    enum { N = 1024 };
    static const int32_t divisors[] = {2, 3, 7, -7, 10, 1000, 65535, 65536, 65537, 1000003,
                                       INT32_MAX, INT32_MIN, -2};
    ss_vector *x = track(ss_vector_create(T(SS_TYPE_INT4), N));
    ss_vector *out = track(ss_vector_create(T(SS_TYPE_INT4), N));
    ss_batch *bt = mkbatch(N, 1, x);
    int32_t *xs = x->data;
    rng_state = 7;
    for (size_t k = 0; k < sizeof divisors / sizeof *divisors; k++) {
        int32_t d = divisors[k];
        uint32_t ad = d < 0 ? 0u - (uint32_t)d : (uint32_t)d;
        int l = 0;
        while (l < 32 && (UINT64_C(1) << l) < ad)
            l++;
        for (int round = 0; round < 3; round++) {
            /* round 0: all below 2^(32 - l); 1: one at the bound; 2: random full range */
            int64_t bound = INT64_C(1) << (32 - l);
            for (uint32_t i = 0; i < N; i++) {
                int64_t v = round == 2 ? (int32_t)(uint32_t)rng() : (int64_t)(rng() % (uint64_t)bound);
                if (v >= bound && round < 2)
                    v = bound - 1;
                if (v > INT32_MAX)
                    v = INT32_MAX;
                if (rng() % 2)
                    v = -v;
                if (i % 97 == 0)
                    v = (v / ad) * ad; /* exact multiples */
                xs[i] = (int32_t)v;
            }
            if (round == 1) {
                xs[5] = bound - 1 > INT32_MAX ? INT32_MAX : (int32_t)(bound - 1);
                xs[6] = bound > INT32_MAX ? INT32_MIN : (int32_t)-bound;
            }
            xs[7] = INT32_MIN;
            xs[8] = INT32_MAX;
            if (round == 0) {
                xs[7] = 0;
                xs[8] = (int32_t)(bound - 1 > INT32_MAX ? INT32_MAX : bound - 1);
            }
            ss_expr *m = op(OP_MOD, col(0, T(SS_TYPE_INT4)), ci(SS_TYPE_INT4, d));
            ss_expr *q = op(OP_DIV, col(0, T(SS_TYPE_INT4)), ci(SS_TYPE_INT4, d));
            ck_assert_int_eq(ss_expr_eval(&ctx, m, bt, out), SS_OK);
            for (uint32_t i = 0; i < N; i++)
                ck_assert_msg(((int32_t *)out->data)[i] == (d == -1 ? 0 : xs[i] % d),
                              "%d %% %d = %d", xs[i], d, ((int32_t *)out->data)[i]);
            ck_assert_int_eq(ss_expr_eval(&ctx, q, bt, out), SS_OK);
            for (uint32_t i = 0; i < N; i++)
                ck_assert_msg(((int32_t *)out->data)[i] == xs[i] / d, "%d / %d = %d", xs[i], d,
                              ((int32_t *)out->data)[i]);
        }
    }
    ck_no_error();
}
END_TEST

static double pick_float(void)
{
    static const double special[] = {0.0, -0.0, 1.0, -1.0, 1e308, -1e308, 1e-308, 5e-324,
                                     INFINITY, -INFINITY, NAN, 2.5, 1e200, 1e-200};
    uint64_t r = rng();
    if (r % 3 == 0)
        return special[(r >> 8) % (sizeof special / sizeof *special)];
    return ((double)(int64_t)(rng() % 2000001) - 1000000.0) / 64.0;
}

START_TEST(float_kernels_match_reference)
{
    enum { N = 600 };
    static const ss_expr_op ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV};
    static const double consts[] = {0.0, -0.0, 1.1, -3.0, 1e300, 1e-300, INFINITY, NAN, 2.0};
    uint32_t *sel = ss_arena_alloc(arena, N * sizeof *sel);
    uint32_t nsel = 0;
    for (uint32_t i = 0; i < N; i += 2)
        sel[nsel++] = i;
    rng_state = 99;
    ss_vector *out = track(ss_vector_create(T(SS_TYPE_FLOAT8), N));
    for (int data = 0; data < 6; data++) {
        double xs[N], ys[N];
        char nul[N + 1];
        for (uint32_t i = 0; i < N; i++) {
            /* data sets 0-1: ordinary values only (results are checked), 2-5: specials */
            xs[i] = data < 2 ? ((double)(int64_t)(rng() % 2001) - 1000.0) / 8.0 : pick_float();
            ys[i] = data < 2 ? ((double)(int64_t)(rng() % 2001) - 1000.0) / 8.0 + 0.5 : pick_float();
            nul[i] = data % 2 && rng() % 8 == 0 ? 'N' : '.';
        }
        nul[N] = 0;
        ss_batch *bt = mkbatch(N, 2, vf(N, xs, nul), vf(N, ys, NULL));
        for (int s = 0; s < 2; s++) {
            bt->sel = s ? sel : NULL;
            bt->sel_count = s ? nsel : 0;
            for (size_t oi = 0; oi < 4; oi++) {
                for (int shape = 0; shape < 3; shape++) {
                    for (size_t c = 0; c < (shape ? sizeof consts / sizeof *consts : 1); c++) {
                        double cv = consts[c];
                        ss_expr *X = col(0, T(SS_TYPE_FLOAT8)), *Y = col(1, T(SS_TYPE_FLOAT8));
                        ss_expr *e = op(ops[oi], shape == 2 ? cf(cv) : X, shape == 1 ? cf(cv) : Y);
                        int rc = ss_expr_eval(&ctx, e, bt, out);
                        uint32_t live = s ? nsel : N;
                        int want = 0;
                        for (uint32_t k = 0; k < live && !want; k++) {
                            uint32_t i = s ? sel[k] : k;
                            if (shape != 2 && nul[i] == 'N') {
                                if (rc == SS_OK)
                                    ck_assert(ss_vector_is_null(out, i));
                                continue;
                            }
                            double x = shape == 2 ? cv : xs[i], y = shape == 1 ? cv : ys[i], r = 0;
                            want = ref_float(ops[oi], x, y, &r);
                            if (!want && rc == SS_OK) {
                                double got = ((double *)out->data)[i];
                                ck_assert_msg(!ss_vector_is_null(out, i) &&
                                                  ((isnan(got) && isnan(r)) ||
                                                   memcmp(&got, &r, sizeof r) == 0),
                                              "op %d shape %d row %u: %g %g -> %g, want %g",
                                              ops[oi], shape, i, x, y, got, r);
                            }
                        }
                        if (!want) {
                            ck_assert_msg(rc == SS_OK, "op %d shape %d: %s", ops[oi], shape,
                                          err.message ? err.message : "");
                        } else {
                            ck_assert_int_eq(rc, SS_ERROR);
                            if (want == 1)
                                ck_error("22003", "value out of range: overflow");
                            else if (want == 2)
                                ck_error("22012", "division by zero");
                            else
                                ck_error("22003", "value out of range: underflow");
                        }
                    }
                }
            }
        }
    }
    ck_no_error();
}
END_TEST

/* PostgreSQL's comparison of two non-NULL values of vector v at rows i, j: <0, 0, >0. */
static int ref_cmp(int32_t id, const ss_value *x, const ss_value *y)
{
    switch (id) {
    case SS_TYPE_BOOL: return (x->v.b > y->v.b) - (x->v.b < y->v.b);
    case SS_TYPE_FLOAT8: {
        double a = x->v.f, b = y->v.f;
        if (isnan(a) || isnan(b))
            return isnan(a) - isnan(b);
        return (a > b) - (a < b);
    }
    case SS_TYPE_TEXT: {
        uint32_t m = x->v.s.len < y->v.s.len ? x->v.s.len : y->v.s.len;
        int c = m ? memcmp(x->v.s.ptr, y->v.s.ptr, m) : 0;
        if (c)
            return c < 0 ? -1 : 1;
        return (x->v.s.len > y->v.s.len) - (x->v.s.len < y->v.s.len);
    }
    default: return (x->v.i > y->v.i) - (x->v.i < y->v.i);
    }
}

static bool ref_holds(ss_expr_op o, int c)
{
    switch (o) {
    case OP_EQ: return c == 0;
    case OP_NE: return c != 0;
    case OP_LT: return c < 0;
    case OP_LE: return c <= 0;
    case OP_GT: return c > 0;
    default: return c >= 0;
    }
}

static ss_expr *const_of(int32_t id, const ss_value *v)
{
    ss_expr e = {.kind = EXPR_CONST, .type = T(id)};
    e.u.cnst = *v;
    return mk(e);
}

START_TEST(comparison_kernels_match_reference)
{
    enum { N = 700 };
    static const int32_t types[] = {SS_TYPE_BOOL, SS_TYPE_INT2, SS_TYPE_INT4, SS_TYPE_INT8,
                                    SS_TYPE_FLOAT8, SS_TYPE_TEXT};
    static const char *const words[] = {"", "a", "ab", "abc", "b", "ba", "abd", "zz", "a\xff"};
    static const double fl[] = {0.0, -0.0, 1.5, -2.0, INFINITY, -INFINITY, NAN, 900.0, 3.0};
    uint32_t *sel = ss_arena_alloc(arena, N * sizeof *sel);
    uint32_t *buf = ss_arena_alloc(arena, N * sizeof *buf);
    uint32_t nsel = 0;
    for (uint32_t i = 0; i < N; i++)
        if (i % 5 != 2)
            sel[nsel++] = i;
    rng_state = 5;
    ss_vector *out = track(ss_vector_create(T(SS_TYPE_BOOL), N));
    for (size_t ti = 0; ti < sizeof types / sizeof *types; ti++) {
        int32_t id = types[ti];
        ss_vector *cols[2];
        for (int c = 0; c < 2; c++) {
            cols[c] = track(ss_vector_create(T(id), N));
            for (uint32_t i = 0; i < N; i++) {
                ss_value v = {0};
                uint64_t r = rng();
                switch (id) {
                case SS_TYPE_BOOL: v.v.b = r & 1; break;
                case SS_TYPE_FLOAT8: v.v.f = fl[r % 9]; break;
                case SS_TYPE_TEXT: {
                    const char *w = words[r % 9];
                    v.v.s = (ss_text){w, (uint32_t)strlen(w), 0};
                    break;
                }
                default: v.v.i = (int64_t)(r % 7) - 3; break;
                }
                ck_assert_int_eq(ss_vector_set_value(&ctx, cols[c], i, &v), SS_OK);
                if (ti % 2 && r % 11 == 0) /* odd types have NULLs, even ones none */
                    put_null(cols[c], i);
            }
        }
        ss_batch *bt = mkbatch(N, 2, cols[0], cols[1]);
        for (ss_expr_op o = OP_EQ; o <= OP_GE; o++) {
            for (int shape = 0; shape < 3; shape++) {
                for (uint32_t crow = 0; crow < (shape ? 9u : 1u); crow++) {
                    ss_value cv;
                    ss_vector_get_value(cols[1], crow, &cv); /* rows 0..8 give the constants */
                    if (id == SS_TYPE_FLOAT8)
                        cv = (ss_value){.v.f = fl[crow]};
                    ss_expr *X = col(0, T(id)), *Y = col(1, T(id)), *C = const_of(id, &cv);
                    ss_expr *e = op(o, shape == 2 ? C : X, shape == 1 ? C : Y);
                    for (int s = 0; s < 2; s++) {
                        bt->sel = s ? sel : NULL;
                        bt->sel_count = s ? nsel : 0;
                        ck_assert_int_eq(ss_expr_eval(&ctx, e, bt, out), SS_OK);
                        uint32_t live = s ? nsel : N, m = 0;
                        uint32_t *want = ss_arena_alloc(arena, N * sizeof *want);
                        for (uint32_t k = 0; k < live; k++) {
                            uint32_t i = s ? sel[k] : k;
                            ss_value x, y;
                            ss_vector_get_value(cols[0], i, &x);
                            ss_vector_get_value(cols[1], i, &y);
                            if (shape == 1)
                                y = cv;
                            if (shape == 2)
                                x = cv;
                            if (x.is_null || y.is_null) {
                                ck_assert(ss_vector_is_null(out, i));
                                continue;
                            }
                            bool holds = ref_holds(o, ref_cmp(id, &x, &y));
                            ck_assert_msg(!ss_vector_is_null(out, i) &&
                                              ((const uint8_t *)out->data)[i] == holds,
                                          "type %d op %d shape %d row %u", id, o, shape, i);
                            if (holds)
                                want[m++] = i;
                        }
                        /* the same as a filter, into a separate buffer and in place */
                        ck_assert_int_eq(ss_expr_select(&ctx, e, bt, buf), SS_OK);
                        ck_assert_uint_eq(bt->sel_count, m);
                        for (uint32_t k = 0; k < m; k++)
                            ck_assert_uint_eq(buf[k], want[k]);
                        if (s) {
                            uint32_t *copy = ss_arena_alloc(arena, N * sizeof *copy);
                            memcpy(copy, sel, nsel * sizeof *copy);
                            bt->sel = copy;
                            bt->sel_count = nsel;
                            ck_assert_int_eq(ss_expr_select(&ctx, e, bt, copy), SS_OK);
                            ck_assert_uint_eq(bt->sel_count, m);
                            for (uint32_t k = 0; k < m; k++)
                                ck_assert_uint_eq(copy[k], want[k]);
                        }
                    }
                }
            }
        }
    }
    ck_no_error();
}
END_TEST

/* A parameter, and a cast of one, are used as constants; errors they raise are raised only
   when some row reaches them. */
START_TEST(row_independent_operands)
{
    ss_vector *x = vi(SS_TYPE_INT8, 4, (int64_t[]){1, 2, 3, 4}, "..N.");
    ss_batch *bt = mkbatch(4, 1, x);
    ss_value params[2] = {{.v.i = 10}, {.v.s = {"x", 1, 0}}};
    ss_type ptypes[2] = {T(SS_TYPE_INT4), T(SS_TYPE_TEXT)};
    ctx.params = params;
    ctx.param_types = ptypes;
    ctx.nparams = 2;
    ss_expr *P = mk((ss_expr){.kind = EXPR_PARAM, .type = T(SS_TYPE_INT4), .u.param.index = 0});
    ss_expr *Pt = mk((ss_expr){.kind = EXPR_PARAM, .type = T(SS_TYPE_TEXT), .u.param.index = 1});
    ss_expr *X = col(0, T(SS_TYPE_INT8));
    expect_i(eval(op(OP_MUL, X, cast(P, T(SS_TYPE_INT8), CAST_IMPLICIT)), bt), 4,
             (int64_t[]){10, 20, 0, 40}, "..N.");
    expect_i(eval(op(OP_SUB, cast(P, T(SS_TYPE_INT8), CAST_IMPLICIT), X), bt), 4,
             (int64_t[]){9, 8, 0, 6}, "..N.");
    /* 'x'::int8 fails, but only where evaluated */
    ss_expr *bad = cast(Pt, T(SS_TYPE_INT8), CAST_EXPLICIT);
    ss_expr *guarded = kase(T(SS_TYPE_INT8), ci(SS_TYPE_INT8, -1), 1,
                            op(OP_GT, X, ci(SS_TYPE_INT8, 100)), op(OP_ADD, X, bad));
    expect_i(eval(guarded, bt), 4, (int64_t[]){-1, -1, -1, -1}, NULL);
    ck_assert_int_eq(eval_rc(op(OP_ADD, X, bad), bt), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, "22P02");
    ss_error_clear(&err);
    /* a constant divisor of zero only fails where a non-NULL row reaches it */
    ss_vector *n = vi(SS_TYPE_INT4, 2, (int64_t[]){1, 2}, "NN");
    ss_batch *bn = mkbatch(2, 1, n);
    expect_i(eval(op(OP_DIV, col(0, T(SS_TYPE_INT4)), ci(SS_TYPE_INT4, 0)), bn), 2,
             (int64_t[]){0, 0}, "NN");
    ctx.params = NULL;
    ctx.param_types = NULL;
    ctx.nparams = 0;
    ck_no_error();
}
END_TEST

/* A filter over a whole batch evaluates its leading comparisons of columns and constants at
   every row; the result is the same as conjunct by conjunct, and later conjuncts still only
   see the rows that passed. */
START_TEST(conjunction_of_plain_comparisons)
{
    enum { N = 300 };
    int64_t xs[N];
    double ys[N];
    const char *zs[N];
    char xn[N + 1], yn[N + 1];
    static const char *const words[] = {"a", "b", "c"};
    rng_state = 11;
    for (uint32_t i = 0; i < N; i++) {
        xs[i] = (int64_t)(rng() % 12) - 2;
        ys[i] = rng() % 9 == 0 ? NAN : (double)(rng() % 10);
        zs[i] = rng() % 13 == 0 ? NULL : words[rng() % 3];
        xn[i] = rng() % 10 == 0 ? 'N' : '.';
        yn[i] = rng() % 10 == 0 ? 'N' : '.';
    }
    xn[N] = yn[N] = 0;
    ss_batch *bt = mkbatch(N, 3, vi(SS_TYPE_INT4, N, xs, xn), vf(N, ys, yn),
                           vs(T(SS_TYPE_TEXT), N, zs));
    ss_expr *X = col(0, T(SS_TYPE_INT4)), *Y = col(1, T(SS_TYPE_FLOAT8)), *Z = col(2, T(SS_TYPE_TEXT));
    /* x > 2 AND 5 > y AND z <> 'b' AND 10 / x > 1 */
    ss_expr *e = lst(EXPR_AND, 4, op(OP_GT, X, ci(SS_TYPE_INT4, 2)), op(OP_GT, cf(5), Y),
                     op(OP_NE, Z, cs(SS_TYPE_TEXT, "b")),
                     op(OP_GT, op(OP_DIV, ci(SS_TYPE_INT4, 10), X), ci(SS_TYPE_INT4, 1)));
    uint32_t want[N], m = 0, buf[N];
    for (uint32_t i = 0; i < N; i++)
        if (xn[i] != 'N' && xs[i] > 2 && yn[i] != 'N' && !isnan(ys[i]) && ys[i] < 5 && zs[i] &&
            strcmp(zs[i], "b") != 0 && 10 / xs[i] > 1)
            want[m++] = i;
    ck_assert_int_eq(ss_expr_select(&ctx, e, bt, buf), SS_OK);
    ck_assert_uint_eq(bt->sel_count, m);
    for (uint32_t k = 0; k < m; k++)
        ck_assert_uint_eq(buf[k], want[k]);
    /* the same from an explicit selection of every row (conjunct by conjunct) */
    uint32_t all[N], buf2[N];
    for (uint32_t i = 0; i < N; i++)
        all[i] = i;
    bt->sel = all;
    bt->sel_count = N;
    ck_assert_int_eq(ss_expr_select(&ctx, e, bt, buf2), SS_OK);
    ck_assert_uint_eq(bt->sel_count, m);
    for (uint32_t k = 0; k < m; k++)
        ck_assert_uint_eq(buf2[k], want[k]);
    /* nothing passes the plain part: the division by zero after it is never evaluated */
    bt->sel = NULL;
    bt->sel_count = 0;
    ss_expr *none = lst(EXPR_AND, 3, op(OP_GT, X, ci(SS_TYPE_INT4, 100)), op(OP_LT, Y, cf(5)),
                        op(OP_GT, op(OP_DIV, X, ci(SS_TYPE_INT4, 0)), ci(SS_TYPE_INT4, 1)));
    ck_assert_int_eq(ss_expr_select(&ctx, none, bt, buf), SS_OK);
    ck_assert_uint_eq(bt->sel_count, 0);
    /* a NULL constant: no row is true */
    bt->sel = NULL;
    ss_expr *nul = lst(EXPR_AND, 2, op(OP_GT, X, ci(SS_TYPE_INT4, 0)), op(OP_LT, Y, cnull(SS_TYPE_FLOAT8)));
    ck_assert_int_eq(ss_expr_select(&ctx, nul, bt, buf), SS_OK);
    ck_assert_uint_eq(bt->sel_count, 0);
    ck_no_error();
}
END_TEST

/* ================= functions ================= */

START_TEST(numeric_functions)
{
    ck_assert_str_eq(scalar(fn("abs", 1, ci(SS_TYPE_INT4, -5))), "5");
    ck_assert_str_eq(scalar(fn("abs", 1, cs(SS_TYPE_UNKNOWN, "-5.5"))), "5.5");
    ck_assert_str_eq(scalar(fn("abs", 1, cf(-0.0))), "0");
    ck_assert_int_eq(scalar_rc(fn("abs", 1, ci(SS_TYPE_INT4, INT32_MIN))), SS_ERROR);
    ck_error("22003", "integer out of range");
    ck_assert_int_eq(scalar_rc(fn("abs", 1, ci(SS_TYPE_INT2, -32768))), SS_ERROR);
    ck_error("22003", "smallint out of range");
    ck_assert_str_eq(scalar(fn("round", 1, cf(2.5))), "2");
    ck_assert_str_eq(scalar(fn("round", 1, cf(3.5))), "4");
    ck_assert_str_eq(scalar(fn("round", 1, cf(-0.4))), "-0");
    ck_assert_str_eq(scalar(fn("round", 1, ci(SS_TYPE_INT4, 5))), "5");
    ck_assert_str_eq(scalar(fn("round", 1, cf(1e300))), "1e+300");
    ck_assert_str_eq(scalar(fn("ceil", 1, cf(-0.4))), "-0");
    ck_assert_str_eq(scalar(fn("floor", 1, cf(-0.5))), "-1");
    ck_assert_str_eq(scalar(fn("trunc", 1, cf(-2.7))), "-2");
    ck_assert_str_eq(scalar(fn("sign", 1, cf(NAN))), "0");
    ck_assert_str_eq(scalar(fn("sign", 1, cf(-3.2))), "-1");
    ck_assert_str_eq(scalar(fn("sqrt", 1, cf(2))), "1.4142135623730951");
    ck_assert_str_eq(scalar(fn("sqrt", 1, cf(-0.0))), "-0");
    ck_assert_int_eq(scalar_rc(fn("sqrt", 1, cf(-1))), SS_ERROR);
    ck_error("2201F", "cannot take square root of a negative number");
    ck_assert_str_eq(scalar(fn("mod", 2, ci(SS_TYPE_INT4, -7), ci(SS_TYPE_INT4, 3))), "-1");
    ck_assert_str_eq(scalar(fn("mod", 2, ci(SS_TYPE_INT2, -32768), ci(SS_TYPE_INT2, -1))), "0");
    ck_assert_int_eq(scalar_rc(fn("mod", 2, ci(SS_TYPE_INT4, 5), ci(SS_TYPE_INT4, 0))), SS_ERROR);
    ck_error("22012", "division by zero");
    ck_assert_str_eq(scalar(fn("abs", 1, cnull(SS_TYPE_INT4))), "NULL");
    /* NULL rows of a column are not passed to the function */
    ss_vector *x = vf(3, (double[]){4, -1, 9}, ".N.");
    ss_batch *bt = mkbatch(3, 1, x);
    expect_s(eval(fn("sqrt", 1, col(0, T(SS_TYPE_FLOAT8))), bt), 3, (const char *[]){"2", "NULL", "3"});
}
END_TEST

START_TEST(string_functions)
{
    ss_expr *h = cs(SS_TYPE_UNKNOWN, "hello");
    ck_assert_str_eq(scalar(fn("length", 1, cs(SS_TYPE_UNKNOWN, "héllo"))), "5");
    ck_assert_str_eq(scalar(fn("char_length", 1, cs(SS_TYPE_VARCHAR, "ab  "))), "4");
    ck_assert_str_eq(scalar(fn("octet_length", 1, cs(SS_TYPE_TEXT, "héllo"))), "6");
    ck_assert_str_eq(scalar(fn("upper", 1, cs(SS_TYPE_TEXT, "héllo"))), "HÉLLO");
    ck_assert_str_eq(scalar(fn("lower", 1, cs(SS_TYPE_TEXT, "HÉLLO"))), "héllo");
    ck_assert_str_eq(scalar(fn("lower", 1, cs(SS_TYPE_TEXT, "ΣΑΣ"))), "σασ");
    ck_assert_str_eq(scalar(fn("upper", 1, cs(SS_TYPE_TEXT, "ı"))), "I");
    ck_assert_str_eq(scalar(fn("upper", 1, cs(SS_TYPE_TEXT, "ß"))), "ß");
    ck_assert_str_eq(scalar(fn("substr", 3, h, ci(SS_TYPE_INT4, 0), ci(SS_TYPE_INT4, 3))), "he");
    ck_assert_str_eq(scalar(fn("substr", 3, h, ci(SS_TYPE_INT4, -5), ci(SS_TYPE_INT4, 7))), "h");
    ck_assert_str_eq(scalar(fn("substr", 2, h, ci(SS_TYPE_INT4, 2))), "ello");
    ck_assert_str_eq(scalar(fn("substr", 2, h, ci(SS_TYPE_INT4, 10))), "");
    ck_assert_str_eq(scalar(fn("substr", 3, h, ci(SS_TYPE_INT4, 3), ci(SS_TYPE_INT4, 0))), "");
    ck_assert_str_eq(scalar(fn("substring", 3, h, ci(SS_TYPE_INT4, 2), ci(SS_TYPE_INT4, 2))), "el");
    ck_assert_str_eq(scalar(fn("substr", 3, h, ci(SS_TYPE_INT4, -2147483647), ci(SS_TYPE_INT4, 2147483647))), "");
    ck_assert_str_eq(scalar(fn("substr", 3, h, ci(SS_TYPE_INT4, 2147483647), ci(SS_TYPE_INT4, 2147483647))), "");
    ck_assert_str_eq(scalar(fn("substr", 3, cs(SS_TYPE_TEXT, "héllo"), ci(SS_TYPE_INT4, 2), ci(SS_TYPE_INT4, 2))), "él");
    ck_assert_int_eq(scalar_rc(fn("substr", 3, h, ci(SS_TYPE_INT4, 2), ci(SS_TYPE_INT4, -1))), SS_ERROR);
    ck_error("22011", "negative substring length not allowed");
    ck_assert_str_eq(scalar(fn("left", 2, cs(SS_TYPE_TEXT, "héllo"), ci(SS_TYPE_INT4, 2))), "hé");
    ck_assert_str_eq(scalar(fn("left", 2, cs(SS_TYPE_TEXT, "abc"), ci(SS_TYPE_INT4, -1))), "ab");
    ck_assert_str_eq(scalar(fn("left", 2, cs(SS_TYPE_TEXT, "abc"), ci(SS_TYPE_INT4, -5))), "");
    ck_assert_str_eq(scalar(fn("right", 2, cs(SS_TYPE_TEXT, "héllo"), ci(SS_TYPE_INT4, 2))), "lo");
    ck_assert_str_eq(scalar(fn("right", 2, cs(SS_TYPE_TEXT, "abc"), ci(SS_TYPE_INT4, -1))), "bc");
    ck_assert_str_eq(scalar(fn("right", 2, cs(SS_TYPE_TEXT, "abc"), ci(SS_TYPE_INT4, 0))), "");
    ck_assert_str_eq(scalar(fn("strpos", 2, cs(SS_TYPE_TEXT, "héllo"), cs(SS_TYPE_TEXT, "l"))), "3");
    ck_assert_str_eq(scalar(fn("strpos", 2, cs(SS_TYPE_TEXT, "abc"), cs(SS_TYPE_TEXT, ""))), "1");
    ck_assert_str_eq(scalar(fn("strpos", 2, cs(SS_TYPE_TEXT, ""), cs(SS_TYPE_TEXT, "a"))), "0");
    ck_assert_str_eq(scalar(fn("replace", 3, cs(SS_TYPE_TEXT, "abcabc"), cs(SS_TYPE_TEXT, "b"), cs(SS_TYPE_TEXT, "XX"))), "aXXcaXXc");
    ck_assert_str_eq(scalar(fn("replace", 3, cs(SS_TYPE_TEXT, "abc"), cs(SS_TYPE_TEXT, ""), cs(SS_TYPE_TEXT, "x"))), "abc");
    ck_assert_str_eq(scalar(fn("replace", 3, cs(SS_TYPE_TEXT, "aaa"), cs(SS_TYPE_TEXT, "aa"), cs(SS_TYPE_TEXT, "b"))), "ba");
    ck_assert_str_eq(scalar(fn("repeat", 2, cs(SS_TYPE_TEXT, "ab"), ci(SS_TYPE_INT4, 3))), "ababab");
    ck_assert_str_eq(scalar(fn("repeat", 2, cs(SS_TYPE_TEXT, "ab"), ci(SS_TYPE_INT4, -1))), "");
    ck_assert_int_eq(scalar_rc(fn("repeat", 2, cs(SS_TYPE_TEXT, "ab"), ci(SS_TYPE_INT4, 1000000000))), SS_ERROR);
    ck_error("54000", "requested length too large");
    ck_assert_str_eq(scalar(fn("reverse", 1, cs(SS_TYPE_TEXT, "héllo"))), "olléh");
    ck_assert_str_eq(scalar(fn("btrim", 1, cs(SS_TYPE_TEXT, "  a b  "))), "a b");
    ck_assert_str_eq(scalar(fn("ltrim", 1, cs(SS_TYPE_TEXT, "  a  "))), "a  ");
    ck_assert_str_eq(scalar(fn("rtrim", 1, cs(SS_TYPE_TEXT, "  a  "))), "  a");
    ck_assert_str_eq(scalar(fn("btrim", 2, cs(SS_TYPE_TEXT, "xxaxyx"), cs(SS_TYPE_TEXT, "xy"))), "a");
    ck_assert_str_eq(scalar(fn("ltrim", 2, cs(SS_TYPE_TEXT, "éxa"), cs(SS_TYPE_TEXT, "é"))), "xa");
    ck_assert_str_eq(scalar(fn("btrim", 2, cs(SS_TYPE_TEXT, "abc"), cs(SS_TYPE_TEXT, ""))), "abc");
    /* concat: non-strict, output functions (bool as t), NULLs skipped */
    ck_assert_str_eq(scalar(fn("concat", 5, cs(SS_TYPE_UNKNOWN, "a"), cnull(SS_TYPE_UNKNOWN),
                               ci(SS_TYPE_INT4, 1), cb(true), cf(1.5))), "a1t1.5");
    ck_assert_str_eq(scalar(fn("concat", 1, cnull(SS_TYPE_UNKNOWN))), "");
    ck_assert_str_eq(scalar(fn("upper", 1, cnull(SS_TYPE_TEXT))), "NULL");
    /* over a column with NULLs and a selection */
    ss_vector *s = vs(T(SS_TYPE_VARCHAR), 4, (const char *[]){"abc", NULL, "xyz", "Straße"});
    ss_batch *bt = mkbatch(4, 1, s);
    static uint32_t sel[3] = {0, 1, 3};
    bt->sel = sel;
    bt->sel_count = 3;
    ss_vector *r = eval(fn("upper", 1, col(0, T(SS_TYPE_VARCHAR))), bt);
    ck_assert_str_eq(show(r, 0), "ABC");
    ck_assert_str_eq(show(r, 1), "NULL");
    ck_assert_str_eq(show(r, 3), "STRAßE");
    ss_vector *c = eval(fn("concat", 2, col(0, T(SS_TYPE_VARCHAR)), cs(SS_TYPE_UNKNOWN, "!")), bt);
    ck_assert_str_eq(show(c, 0), "abc!");
    ck_assert_str_eq(show(c, 1), "!");
    ck_assert_str_eq(show(c, 3), "Straße!");
}
END_TEST

START_TEST(scalar_evaluation)
{
    ss_expr *e = op(OP_CONCAT, fn("upper", 1, cs(SS_TYPE_TEXT, "ab")), cs(SS_TYPE_TEXT, "c"));
    ss_value v;
    ck_assert_int_eq(ss_expr_eval_scalar(&ctx, e, &v), SS_OK);
    ck_assert(!v.is_null);
    ck_assert_uint_eq(v.v.s.len, 3);
    ck_assert(memcmp(v.v.s.ptr, "ABc", 3) == 0); /* copied to the statement arena */
    ck_assert_int_eq(ss_expr_eval_scalar(&ctx, col(0, T(SS_TYPE_INT4)), &v), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, "XX000");
    ss_error_clear(&err);
    ss_expr bad = {.kind = (ss_expr_kind)99, .type = T(SS_TYPE_INT4)};
    ck_assert_int_eq(ss_expr_eval_scalar(&ctx, &bad, &v), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, "0A000");
    ss_error_clear(&err);
    ck_assert_int_eq(scalar_rc(op(OP_ADD, cb(true), cb(false))), SS_ERROR);
    ck_error("0A000", "operator + is not supported for type boolean");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("expr");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, int_arith_values_and_nulls);
    tcase_add_test(tc, int_overflow_and_division_errors);
    tcase_add_test(tc, float_arith);
    tcase_add_test(tc, concat_operator);
    tcase_add_test(tc, comparisons);
    tcase_add_test(tc, three_valued_logic);
    tcase_add_test(tc, and_or_short_circuit);
    tcase_add_test(tc, case_expression);
    tcase_add_test(tc, vector_casts);
    tcase_add_test(tc, params_and_constants);
    tcase_add_test(tc, only_live_rows_are_written);
    tcase_add_test(tc, selection);
    tcase_add_test(tc, large_batch_dense_and_sparse);
    tcase_add_test(tc, int_kernels_match_reference);
    tcase_add_test(tc, int_constant_bounds);
    tcase_add_test(tc, int_modulo_by_constant_bounds);
    tcase_add_test(tc, float_kernels_match_reference);
    tcase_add_test(tc, comparison_kernels_match_reference);
    tcase_add_test(tc, row_independent_operands);
    tcase_add_test(tc, conjunction_of_plain_comparisons);
    tcase_add_test(tc, numeric_functions);
    tcase_add_test(tc, string_functions);
    tcase_add_test(tc, scalar_evaluation);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
