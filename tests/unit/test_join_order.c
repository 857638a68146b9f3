/* test_join_order.c — Check tests for the planner's estimates (core/plan/estimate.c) and join
 * search (core/plan/join_order.c) on hand-built logical plans over tables whose backend
 * reports given row counts: PostgreSQL's default selectivities and their AND / OR / NOT
 * combination, equi-join selectivity 1/max(distinct); the join order chosen for given row
 * counts (no cross product when a connected order exists, the smaller input on the build
 * side), nine relations by dynamic programming and twelve greedily, and an outer join kept in
 * its place while the inner joins below it are reordered. */
#include <math.h>
#include <stdio.h>

#include "plan/estimate.h"
#include "plan_builders.h"

/* tables t0..t15 (k int4, j int4, s text), each with its own row count */
#define NTAB 16
static ss_column_def cols[3];
static ss_type types[3];
static ss_table tables[NTAB];
static int64_t rows[NTAB];
static char names[NTAB][8];

static int64_t table_rows(void *handle)
{
    return rows[(ss_table *)handle - tables];
}

static const ss_storage_vtable counted = {.struct_size = sizeof(ss_storage_vtable), .table_row_estimate = table_rows};

static void setup(void)
{
    builders_setup();
    const char *cn[3] = {"k", "j", "s"};
    for (int i = 0; i < 3; i++) {
        types[i] = (ss_type){i == 2 ? SS_TYPE_TEXT : SS_TYPE_INT4, -1};
        cols[i].name = (char *)cn[i];
        cols[i].type = types[i];
    }
    for (int i = 0; i < NTAB; i++) {
        snprintf(names[i], sizeof names[i], "t%d", i);
        tables[i] = (ss_table){.name = names[i], .ncols = 3, .cols = cols, .types = types, .storage = &counted};
        tables[i].handle = &tables[i];
        rows[i] = 1000;
    }
}

static ss_expr *col(uint32_t rel, uint32_t index)
{
    return column_of(rel, index, types[index].id);
}

static ss_expr *cmp(ss_expr_op o, ss_expr *l, ss_expr *r)
{
    return op(o, l, r, SS_TYPE_BOOL);
}

static ss_expr *unary(ss_expr_kind kind, ss_expr *arg)
{
    ss_expr *e = node(kind, SS_TYPE_BOOL);
    e->u.arg = arg;
    return e;
}

/* relation i + 1 reads table i */
static ss_lop *get(int i)
{
    return lop_get(&ctx, arena, (uint32_t)i + 1, &tables[i]);
}

static ss_lop *join(ss_lop *l, ss_lop *r, ss_expr *cond)
{
    return lop_join(&ctx, arena, SS_JOIN_INNER, l, r, cond);
}

static ss_expr *eq(int a, int b)
{
    return cmp(OP_EQ, col((uint32_t)a + 1, 0), col((uint32_t)b + 1, 1));
}

static bool near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * (fabs(b) + 1);
}

START_TEST(test_selectivities)
{
    ss_lop *g = get(0);
    ss_estimator est;
    ck_assert_int_eq(ss_est_init(&est, &ctx, arena, g, 1), SS_OK);
    ss_expr *k_eq = cmp(OP_EQ, col(1, 0), int4(5));
    ss_expr *k_gt = cmp(OP_GT, col(1, 0), int4(5)), *k_lt = cmp(OP_LT, col(1, 0), int4(9));
    ck_assert(near(ss_est_selectivity(&est, k_eq), SS_DEFAULT_EQ_SEL)); /* 1000 rows: 1/200 */
    ck_assert(near(ss_est_selectivity(&est, k_gt), 1.0 / 3));
    ck_assert(near(ss_est_selectivity(&est, list(EXPR_AND, 2, (ss_expr *[]){k_gt, k_lt})), SS_DEFAULT_RANGE_INEQ_SEL));
    ss_expr *j_gt = cmp(OP_GT, col(1, 1), int4(0));
    ck_assert(near(ss_est_selectivity(&est, list(EXPR_AND, 2, (ss_expr *[]){k_gt, j_gt})), 1.0 / 9));
    ck_assert(near(ss_est_selectivity(&est, list(EXPR_OR, 2, (ss_expr *[]){k_eq, k_gt})),
                   0.005 + 1.0 / 3 - 0.005 / 3));
    ck_assert(near(ss_est_selectivity(&est, unary(EXPR_NOT, k_eq)), 0.995));
    ck_assert(near(ss_est_selectivity(&est, unary(EXPR_IS_NULL, col(1, 2))), SS_DEFAULT_UNK_SEL));
    ck_assert(near(ss_est_selectivity(&est, unary(EXPR_IS_NOT_NULL, col(1, 2))), SS_DEFAULT_NOT_UNK_SEL));
    ss_expr *no = node(EXPR_CONST, SS_TYPE_BOOL), *yes = node(EXPR_CONST, SS_TYPE_BOOL);
    yes->u.cnst.v.b = true;
    ck_assert(ss_est_selectivity(&est, no) == 0);
    ck_assert(ss_est_selectivity(&est, yes) == 1);
    ss_lop *f = lop_filter(&ctx, arena, g, list(EXPR_AND, 2, (ss_expr *[]){k_gt, k_lt}));
    ck_assert(ss_est_rows(&est, f) == 5);
    ck_assert(ss_est_rows(&est, lop_filter(&ctx, arena, g, no)) == 0);

    /* a small table: col = const keeps one of its rows' worth (1/distinct, distinct = rows) */
    rows[1] = 40;
    ss_lop *small = get(1), *j = join(g, small, eq(0, 1));
    ck_assert_int_eq(ss_est_init(&est, &ctx, arena, j, 2), SS_OK);
    ck_assert(near(ss_est_selectivity(&est, cmp(OP_EQ, col(2, 0), int4(1))), 1.0 / 40));
    /* equi-join: 1/max(distinct) = 1/max(200, 40) */
    ck_assert(near(ss_est_selectivity(&est, eq(0, 1)), 1.0 / 200));
    ck_assert(ss_est_rows(&est, j) == 200);
}
END_TEST

/* Scan tables of p in left-to-right order into out ("t3 t1 ..."). */
static void scan_order(const ss_plan_node *p, char *out, size_t n)
{
    const ss_scan_node *s = SS_PLAN_NODE_AS(p, SS_NODE_SCAN, ss_scan_node);
    if (s) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", len ? " " : "", s->table->name);
        return;
    }
    for (uint32_t i = 0; i < p->nchildren; i++)
        scan_order(p->children[i], out, n);
}

/* Whether every join in p is a hash join whose right input is estimated no larger than its
 * left. */
static bool all_hash_small_right(const ss_plan_node *p, uint32_t *njoins)
{
    if (p->kind == SS_NODE_NESTED_LOOP)
        return false;
    if (p->kind == SS_NODE_HASH_JOIN) {
        ++*njoins;
        if (p->children[1]->estimated_rows > p->children[0]->estimated_rows)
            return false;
    }
    for (uint32_t i = 0; i < p->nchildren; i++)
        if (!all_hash_small_right(p->children[i], njoins))
            return false;
    return true;
}

static ss_lop *top_project(ss_lop *child, uint32_t rel, ss_expr *e)
{
    ss_expr **items = ss_arena_alloc(arena, sizeof *items);
    items[0] = e;
    return lop_project(&ctx, arena, rel, child, 1, items, NULL);
}

/* FROM t0, t1, t2 WHERE t0.k = t2.j AND t2.k = t1.j: written order joins t0 and t1 first,
 * a cross product; the search joins along the conditions, small inputs on the build side. */
START_TEST(test_three_tables)
{
    rows[0] = 100000, rows[1] = 10, rows[2] = 1000;
    ss_lop *cross = join(join(get(0), get(1), NULL), get(2), list(EXPR_AND, 2, (ss_expr *[]){eq(0, 2), eq(2, 1)}));
    ss_lop *root = top_project(cross, 20, col(1, 2));
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, root, &plan), SS_OK);
    char order[128] = "";
    scan_order(plan, order, sizeof order);
    ck_assert_str_eq(order, "t0 t2 t1");
    uint32_t n = 0;
    ck_assert(all_hash_small_right(plan, &n));
    ck_assert_uint_eq(n, 2);
    /* estimates: t2 ⋈ t1 = 1000 * 10 / 200 = 50; with t0: 50 * 100000 / 200 = 25000 */
    const ss_plan_node *top = plan->children[0];
    ck_assert(top->estimated_rows == 25000);
    ck_assert(top->children[1]->estimated_rows == 50);
    ck_assert(plan->estimated_rows == 25000);
    /* the projection still reads t0's s (setrefs over the new order) */
    const ss_project_node *pn = SS_PLAN_NODE_AS(plan, SS_NODE_PROJECT, ss_project_node);
    ck_assert_int_eq(pn->exprs[0]->type.id, SS_TYPE_TEXT);
}
END_TEST

/* Unknown row counts everywhere: the written order stays. */
START_TEST(test_unknown_rows_keep_order)
{
    static const ss_storage_vtable uncounted = {.struct_size = sizeof(ss_storage_vtable)};
    for (int i = 0; i < 3; i++)
        tables[i].storage = &uncounted;
    ss_lop *j = join(join(get(0), get(1), eq(0, 1)), get(2), eq(1, 2));
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, top_project(j, 20, col(1, 2)), &plan), SS_OK);
    char order[128] = "";
    scan_order(plan, order, sizeof order);
    ck_assert_str_eq(order, "t0 t1 t2");
    ck_assert(plan->estimated_rows < 0);
}
END_TEST

/* A chain t0 - t1 - ... - t(n-1) written in a scrambled order with comma joins (conditions
 * in one WHERE-like top condition), rows growing along the chain. */
static ss_plan *chain(int n)
{
    static const int scramble[NTAB] = {5, 0, 9, 3, 11, 7, 1, 10, 2, 8, 4, 6, 12, 13, 14, 15};
    ss_lop *tree = NULL;
    for (int w = 0, k = 0; k < n; w++) {
        int i = scramble[w];
        if (i >= n)
            continue;
        rows[i] = 10 * (i + 1) * (i + 1);
        tree = tree ? join(tree, get(i), NULL) : get(i);
        k++;
    }
    ss_expr *conds[NTAB];
    for (int i = 0; i + 1 < n; i++)
        conds[i] = eq(i, i + 1);
    ss_lop *f = lop_filter(&ctx, arena, tree, list(EXPR_AND, (uint32_t)n - 1, conds));
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, top_project(f, 40, col(1, 2)), &plan), SS_OK);
    return plan;
}

START_TEST(test_nine_relations_dp)
{
    ss_plan *plan = chain(9);
    uint32_t n = 0;
    ck_assert(all_hash_small_right(plan, &n)); /* no cross product */
    ck_assert_uint_eq(n, 8);
}
END_TEST

START_TEST(test_twelve_relations_greedy)
{
    ss_plan *plan = chain(12);
    uint32_t n = 0;
    ck_assert(all_hash_small_right(plan, &n));
    ck_assert_uint_eq(n, 11);
}
END_TEST

/* t0 LEFT JOIN (t1 ⋈ t2 ⋈ t3) ON ...: the LEFT JOIN keeps t0 on its left and the inner
 * joins below it are reordered (t1 is the big one). */
START_TEST(test_outer_join_kept)
{
    rows[0] = 50, rows[1] = 100000, rows[2] = 10, rows[3] = 1000;
    ss_lop *inner = join(join(get(3), get(2), NULL), get(1), list(EXPR_AND, 2, (ss_expr *[]){eq(1, 3), eq(1, 2)}));
    ss_lop *lj = lop_join(&ctx, arena, SS_JOIN_LEFT, get(0), inner, eq(0, 1));
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, top_project(lj, 20, col(2, 2)), &plan), SS_OK);
    const ss_hash_join_node *top = SS_PLAN_NODE_AS(plan->children[0], SS_NODE_HASH_JOIN, ss_hash_join_node);
    ck_assert_ptr_nonnull(top);
    ck_assert_int_eq(top->join_type, SS_JOIN_LEFT);
    const ss_scan_node *left = SS_PLAN_NODE_AS(top->hdr.children[0], SS_NODE_SCAN, ss_scan_node);
    ck_assert_ptr_nonnull(left);
    ck_assert_str_eq(left->table->name, "t0");
    char order[128] = "";
    scan_order(top->hdr.children[1], order, sizeof order);
    ck_assert_str_eq(order, "t1 t2 t3");
    uint32_t n = 0;
    ck_assert(all_hash_small_right(top->hdr.children[1], &n));
    ck_assert_uint_eq(n, 2);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, test_selectivities);
    tcase_add_test(tc, test_three_tables);
    tcase_add_test(tc, test_unknown_rows_keep_order);
    tcase_add_test(tc, test_nine_relations_dp);
    tcase_add_test(tc, test_twelve_relations_greedy);
    tcase_add_test(tc, test_outer_join_kept);
}

int main(void)
{
    return run_suite("join_order", setup, builders_teardown, add_tests);
}
