/* test_expr_walk.c — Check tests for the bound-expression child enumerator and walk
 * (exec/expr_walk.c): every kind's child slots in evaluation order (NULL slots included),
 * pre/post order, SKIP and STOP, a mutator replacing children through their slots, and the
 * "each shared subtree once" set. */
#include <check.h>
#include <string.h>

#include "exec/expr_walk.h"

static ss_arena *arena;

static void setup(void)
{
    arena = ss_arena_create();
}

static void teardown(void)
{
    ss_arena_destroy(arena);
}

static ss_expr *node(ss_expr_kind kind)
{
    ss_expr *e = ss_arena_alloc(arena, sizeof *e);
    ck_assert_ptr_nonnull(e);
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->type.id = SS_TYPE_INT4;
    e->type.typmod = -1;
    return e;
}

static ss_expr *col(uint32_t i)
{
    ss_expr *e = node(EXPR_COLUMN);
    e->u.column.index = i;
    return e;
}

static ss_expr **list(uint32_t n, ss_expr *const *items)
{
    ss_expr **a = ss_arena_alloc(arena, sizeof *a * n);
    ck_assert_ptr_nonnull(a);
    memcpy(a, items, sizeof *a * n);
    return a;
}

/* CASE WHEN c0 THEN c1 WHEN c2 THEN c3 ELSE (c4 IN (c5, c6)) END */
static ss_expr *sample_case(void)
{
    ss_expr *in = node(EXPR_IN);
    in->u.in.arg = col(4);
    in->u.in.nitems = 2;
    in->u.in.items = list(2, (ss_expr *[]){col(5), col(6)});
    ss_expr *k = node(EXPR_CASE);
    k->u.kase.nwhen = 2;
    k->u.kase.whens = list(2, (ss_expr *[]){col(0), col(2)});
    k->u.kase.thens = list(2, (ss_expr *[]){col(1), col(3)});
    k->u.kase.els = in;
    return k;
}

typedef struct trace {
    char s[64];
    uint32_t n;
} trace;

static int record(const ss_expr *e, void *arg)
{
    trace *t = arg;
    t->s[t->n++] = e->kind == EXPR_COLUMN ? (char)('0' + e->u.column.index) : e->kind == EXPR_IN ? 'I' : 'K';
    return SS_WALK_CONTINUE;
}

START_TEST(children_in_evaluation_order)
{
    ss_expr *k = sample_case();
    ck_assert_uint_eq(ss_expr_nchildren(k), 5);
    ck_assert_ptr_eq(ss_expr_child(k, 4), &k->u.kase.els);
    ck_assert_uint_eq(ss_expr_nchildren(k->u.kase.els), 3);
    trace t = {0};
    ck_assert_int_eq(ss_expr_walk_const(k, record, &t, NULL), SS_WALK_CONTINUE);
    ck_assert_str_eq(t.s, "K0123I456");

    /* unary minus: two slots, the right one NULL and skipped by the walk */
    ss_expr *neg = node(EXPR_OP);
    neg->u.op.op = OP_NEG;
    neg->u.op.left = col(7);
    ck_assert_uint_eq(ss_expr_nchildren(neg), 2);
    ck_assert_ptr_null(*ss_expr_child(neg, 1));
    trace u = {0};
    ss_expr_walk_const(neg, record, &u, NULL);
    ck_assert_uint_eq(u.n, 2);

    /* CASE without ELSE, leaves, one-argument kinds */
    ss_expr *c = node(EXPR_CASE);
    c->u.kase.nwhen = 1;
    c->u.kase.whens = list(1, (ss_expr *[]){col(0)});
    c->u.kase.thens = list(1, (ss_expr *[]){col(1)});
    ck_assert_uint_eq(ss_expr_nchildren(c), 3);
    ck_assert_ptr_null(*ss_expr_child(c, 2));
    ck_assert_uint_eq(ss_expr_nchildren(node(EXPR_CONST)), 0);
    ck_assert_uint_eq(ss_expr_nchildren(node(EXPR_PARAM)), 0);
    ss_expr *cast = node(EXPR_CAST);
    cast->u.cast.arg = col(0);
    ck_assert_ptr_eq(ss_expr_child(cast, 0), &cast->u.cast.arg);
    ss_expr *not = node(EXPR_NOT);
    not->u.arg = col(0);
    ck_assert_ptr_eq(ss_expr_child(not, 0), &not->u.arg);
}
END_TEST

static int stop_at_3(const ss_expr *e, void *arg)
{
    record(e, arg);
    return e->kind == EXPR_COLUMN && e->u.column.index == 3 ? SS_WALK_STOP : SS_WALK_CONTINUE;
}

static int skip_in(const ss_expr *e, void *arg)
{
    record(e, arg);
    return e->kind == EXPR_IN ? SS_WALK_SKIP : SS_WALK_CONTINUE;
}

START_TEST(skip_and_stop)
{
    ss_expr *k = sample_case();
    trace t = {0};
    ck_assert_int_eq(ss_expr_walk_const(k, stop_at_3, &t, NULL), SS_WALK_STOP);
    ck_assert_str_eq(t.s, "K0123");
    trace u = {0};
    ck_assert_int_eq(ss_expr_walk_const(k, skip_in, &u, NULL), SS_WALK_CONTINUE);
    ck_assert_str_eq(u.s, "K0123I");
}
END_TEST

/* post order: replaces every column by column + 10 */
static int shift_columns(ss_expr **slot, void *arg)
{
    if ((*slot)->kind == EXPR_COLUMN)
        *slot = col((*slot)->u.column.index + 10);
    trace *t = arg;
    t->s[t->n++] = 'p';
    return SS_WALK_CONTINUE;
}

START_TEST(mutator_replaces_slots)
{
    ss_expr *k = sample_case();
    ss_expr *root = k;
    trace t = {0};
    ss_expr_walker w = {.post = shift_columns, .arg = &t};
    ck_assert_int_eq(ss_expr_walk(&root, &w), SS_WALK_CONTINUE);
    ck_assert_ptr_eq(root, k);
    ck_assert_uint_eq(t.n, 9);
    ck_assert_uint_eq(k->u.kase.whens[1]->u.column.index, 12);
    ck_assert_uint_eq(k->u.kase.els->u.in.items[1]->u.column.index, 16);
}
END_TEST

START_TEST(shared_subtree_once)
{
    /* COALESCE-like sharing: x appears as WHEN's argument and as THEN */
    ss_expr *x = node(EXPR_OP);
    x->u.op.op = OP_ADD;
    x->u.op.left = col(1);
    x->u.op.right = col(2);
    ss_expr *when = node(EXPR_IS_NOT_NULL);
    when->u.arg = x;
    ss_expr *k = node(EXPR_CASE);
    k->u.kase.nwhen = 1;
    k->u.kase.whens = list(1, (ss_expr *[]){when});
    k->u.kase.thens = list(1, (ss_expr *[]){x});
    trace all = {0};
    ss_expr_walk_const(k, record, &all, NULL);
    ck_assert_uint_eq(all.n, 8);
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, arena);
    trace once = {0};
    ss_expr_walk_const(k, record, &once, &seen);
    ck_assert_uint_eq(once.n, 5);
    /* the set persists: a second walk visits nothing */
    trace again = {0};
    ss_expr_walk_const(k, record, &again, &seen);
    ck_assert_uint_eq(again.n, 0);
}
END_TEST

START_TEST(shared_leaf_each_time)
{
    /* c0 + c0 with one column node: a leaf has no subtree to save, so it is visited at each
       slot that holds it, and never enters the set (an IN list's constants would fill it) */
    ss_expr *c = col(0);
    ss_expr *sum = node(EXPR_OP);
    sum->u.op.op = OP_ADD;
    sum->u.op.left = c;
    sum->u.op.right = c;
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, arena);
    trace t = {0};
    ss_expr_walk_const(sum, record, &t, &seen);
    ck_assert_uint_eq(t.n, 3);
    ck_assert(ss_ptrmap_get(&seen, sum, NULL));
    ck_assert(!ss_ptrmap_get(&seen, c, NULL));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("expr_walk");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, children_in_evaluation_order);
    tcase_add_test(tc, skip_and_stop);
    tcase_add_test(tc, mutator_replaces_slots);
    tcase_add_test(tc, shared_subtree_once);
    tcase_add_test(tc, shared_leaf_each_time);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
