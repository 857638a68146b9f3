/* test_null_payload.c — Check tests that the evaluator never depends on the data at NULL
 * rows, which batch.h leaves unspecified (ss_vector_create does not zero a vector's data):
 * a NULL row holds a value that would match, or a text pointer into an inaccessible page,
 * and filters over whole batches (the dense path for conjunctions of plain comparisons)
 * must neither select it nor follow the pointer. */
#include <check.h>
#include <string.h>
#include <sys/mman.h>

#include "exec/expr.h"
#include "exec/vector.h"

#define ROWS 8

static ss_error err;
static ss_arena *arena;
static ss_ctx ctx;
static void *trap; /* one page that faults on any access */
static ss_vector *names, *ids;
static ss_vector *cols[2];
static ss_batch batch;

/* names: "abc", NULL, "abd", NULL, "abc", "xyz", NULL, "ab"; the NULL rows point into the
   trap page with length 3, the length of every constant below */
static const char *const name_vals[ROWS] = {"abc", NULL, "abd", NULL, "abc", "xyz", NULL, "ab"};
/* ids: 1..8, with rows 2 and 5 NULL although their data equals the constants compared */
static const char id_nulls[ROWS + 1] = "..N..N..";

static void setup(void)
{
    memset(&err, 0, sizeof err);
    ss_error_clear(&err);
    arena = ss_arena_create();
    ctx = (ss_ctx){.arena = arena, .err = &err};
    trap = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ck_assert_ptr_ne(trap, MAP_FAILED);
    names = ss_vector_create((ss_type){SS_TYPE_TEXT, -1}, ROWS);
    ids = ss_vector_create((ss_type){SS_TYPE_INT4, -1}, ROWS);
    ck_assert_ptr_nonnull(names);
    ck_assert_ptr_nonnull(ids);
    ck_assert_int_eq(ss_vector_ensure_validity(&ctx, names), SS_OK);
    ck_assert_int_eq(ss_vector_ensure_validity(&ctx, ids), SS_OK);
    for (uint32_t i = 0; i < ROWS; i++) {
        if (name_vals[i]) {
            ck_assert_int_eq(ss_vector_set_text(&ctx, names, i, name_vals[i], strlen(name_vals[i])),
                             SS_OK);
        } else {
            ((ss_text *)names->data)[i] = (ss_text){trap, 3, 0};
            ss_vector_set_null(names, i);
        }
        ((int32_t *)ids->data)[i] = id_nulls[i] == 'N' ? 3 : (int32_t)i + 1;
        if (id_nulls[i] == 'N')
            ss_vector_set_null(ids, i);
    }
    cols[0] = names;
    cols[1] = ids;
    batch = (ss_batch){2, ROWS, NULL, 0, cols};
}

static void teardown(void)
{
    ss_vector_destroy(names);
    ss_vector_destroy(ids);
    munmap(trap, 4096);
    ss_error_clear(&err);
    ss_arena_destroy(arena);
}

static ss_expr *node(ss_expr e)
{
    ss_expr *p = ss_arena_alloc(arena, sizeof *p);
    ck_assert_ptr_nonnull(p);
    *p = e;
    return p;
}

/* column c (0: names, 1: ids) compared with a constant: text when s is set, else int4 k */
static ss_expr *cmp(ss_expr_op o, uint32_t c, const char *s, int64_t k)
{
    ss_type t = {s ? SS_TYPE_TEXT : SS_TYPE_INT4, -1};
    ss_expr cst = {.kind = EXPR_CONST, .type = t};
    if (s)
        cst.u.cnst.v.s = (ss_text){s, (uint32_t)strlen(s), 0};
    else
        cst.u.cnst.v.i = k;
    ss_expr *column = node((ss_expr){.kind = EXPR_COLUMN, .type = t, .u.column.index = c});
    return node((ss_expr){.kind = EXPR_OP, .type = {SS_TYPE_BOOL, -1},
                          .u.op = {o, column, node(cst)}});
}

static ss_expr *both(ss_expr *a, ss_expr *b)
{
    ss_expr **args = ss_arena_alloc(arena, 2 * sizeof *args);
    ck_assert_ptr_nonnull(args);
    args[0] = a;
    args[1] = b;
    return node((ss_expr){.kind = EXPR_AND, .type = {SS_TYPE_BOOL, -1}, .u.list = {2, args}});
}

/* Filters the whole batch with e and checks the selected rows. */
static void expect_rows(int line, ss_expr *e, uint32_t n, const uint32_t *want)
{
    uint32_t sel[ROWS];
    batch.sel = NULL;
    batch.sel_count = 0;
    int rc = ss_expr_select(&ctx, e, &batch, sel);
    ck_assert_msg(rc == SS_OK, "line %d: select failed: %s", line, err.message ? err.message : "");
    ck_assert_msg(batch.sel_count == n, "line %d: %u rows, want %u", line, batch.sel_count, n);
    for (uint32_t k = 0; k < n; k++)
        ck_assert_msg(batch.sel[k] == want[k], "line %d: row %u is %u, want %u", line, k,
                      batch.sel[k], want[k]);
}

#define EXPECT_ROWS(e, ...)                                                                \
    expect_rows(__LINE__, e, sizeof((uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t),          \
                (uint32_t[]){__VA_ARGS__})

START_TEST(null_rows_are_neither_followed_nor_selected)
{
    /* conjunctions of plain comparisons over a whole batch, text first and second */
    EXPECT_ROWS(both(cmp(OP_EQ, 0, "abc", 0), cmp(OP_GT, 1, NULL, 0)), 0, 4);
    EXPECT_ROWS(both(cmp(OP_GT, 1, NULL, 0), cmp(OP_EQ, 0, "abc", 0)), 0, 4);
    EXPECT_ROWS(both(cmp(OP_NE, 0, "abc", 0), cmp(OP_GT, 1, NULL, 0)), 7);
    EXPECT_ROWS(both(cmp(OP_LT, 0, "abd", 0), cmp(OP_GE, 1, NULL, 0)), 0, 4, 7);
    EXPECT_ROWS(both(cmp(OP_GE, 0, "abd", 0), cmp(OP_LE, 0, "xyz", 0)), 2, 5);
    /* one comparison alone */
    EXPECT_ROWS(cmp(OP_EQ, 0, "xyz", 0), 5);
    EXPECT_ROWS(cmp(OP_GT, 0, "ab", 0), 0, 2, 4, 5);
    /* numeric NULL rows: rows 2 and 5 of ids hold 3, but are NULL */
    expect_rows(__LINE__, both(cmp(OP_EQ, 1, NULL, 3), cmp(OP_GE, 1, NULL, 0)), 0, NULL);
    EXPECT_ROWS(both(cmp(OP_LE, 1, NULL, 4), cmp(OP_GE, 1, NULL, 1)), 0, 1, 3);
    EXPECT_ROWS(both(cmp(OP_NE, 1, NULL, 1), cmp(OP_EQ, 0, "abc", 0)), 4);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("null_payload");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, null_rows_are_neither_followed_nor_selected);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
