/* test_prune.c — Check tests for the columns each relation must produce (core/plan/prune.c):
 * a subquery's items that nothing above reads are not computed and what only they read is not
 * scanned; a subquery below DISTINCT or a sort over the statement's columns keeps every item;
 * a subquery inside another prunes through both; a join below another join passes on only the
 * columns read outside it when that drops more than it keeps. */
#include "plan_builders.h"

/* t(a, b, c, d int4) */
static ss_column_def cols[4];
static ss_type types[4];
static ss_table table;

static void setup(void)
{
    builders_setup();
    table_abcd(&table, cols, types, -1);
}

static ss_expr *col(uint32_t rel, uint32_t index)
{
    return column_of(rel, index, SS_TYPE_INT4);
}

static ss_expr *add(ss_expr *l, ss_expr *r)
{
    return op(OP_ADD, l, r, SS_TYPE_INT4);
}

static ss_lop *project(uint32_t rel, ss_lop *input, uint32_t n, ss_expr *const *items)
{
    return lop_project(&ctx, arena, rel, input, n, exprs(n, items), NULL);
}

/* SELECT s.y FROM (SELECT a AS x, b + c AS y, d AS z FROM t) s: the subquery computes y only,
 * its scan reads b and c. */
START_TEST(test_subquery_items)
{
    ss_lop *sub = project(2, lop_get(&ctx, arena, 1, &table), 3,
                          (ss_expr *[]){col(1, 0), add(col(1, 1), col(1, 2)), col(1, 3)});
    ss_lop *top = project(3, sub, 1, (ss_expr *[]){col(2, 1)});
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, top, &plan), SS_OK);
    const ss_project_node *inner = SS_PLAN_NODE_AS(child(plan), SS_NODE_PROJECT, ss_project_node);
    ck_assert_ptr_nonnull(inner);
    ck_assert_uint_eq(inner->nexprs, 1);
    ck_assert_int_eq(inner->exprs[0]->kind, EXPR_OP);
    const ss_scan_node *scan = SS_PLAN_NODE_AS(child(&inner->hdr), SS_NODE_SCAN, ss_scan_node);
    ck_assert_uint_eq(scan->ncols, 2);
    ck_assert_uint_eq(scan->columns[0], 1);
    ck_assert_uint_eq(scan->columns[1], 2);
    const ss_project_node *outer = SS_PLAN_NODE_AS(plan, SS_NODE_PROJECT, ss_project_node);
    ck_assert_int_eq(outer->exprs[0]->kind, EXPR_COLUMN);
    ck_assert_uint_eq(outer->exprs[0]->u.column.index, 0); /* y is the inner project's only column */
}
END_TEST

/* SELECT s.x FROM (SELECT DISTINCT a AS x, b AS y FROM t) s: DISTINCT needs both items. */
START_TEST(test_distinct_keeps_items)
{
    ss_lop *sub = project(2, lop_get(&ctx, arena, 1, &table), 2, (ss_expr *[]){col(1, 0), col(1, 1)});
    ss_lop *top = project(3, lop_distinct(&ctx, arena, sub), 1, (ss_expr *[]){col(2, 0)});
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, top, &plan), SS_OK);
    const ss_plan_node *dn = child(plan);
    ck_assert_int_eq(dn->kind, SS_NODE_AGGREGATE);
    const ss_project_node *inner = SS_PLAN_NODE_AS(child(dn), SS_NODE_PROJECT, ss_project_node);
    ck_assert_uint_eq(inner->nexprs, 2);
}
END_TEST

/* A sort at the root over SELECT a, a + b: both items are the statement's columns, though the
 * sort reads only the first. */
START_TEST(test_root_sort_keeps_items)
{
    ss_lop *p = project(2, lop_get(&ctx, arena, 1, &table), 2, (ss_expr *[]){col(1, 0), add(col(1, 0), col(1, 1))});
    ss_lsort_key *key = ss_arena_alloc(arena, sizeof *key);
    memset(key, 0, sizeof *key);
    key->expr = col(2, 0);
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, lop_sort(&ctx, arena, p, 1, key), &plan), SS_OK);
    const ss_project_node *pn = SS_PLAN_NODE_AS(child(plan), SS_NODE_PROJECT, ss_project_node);
    ck_assert_uint_eq(pn->nexprs, 2);
}
END_TEST

/* SELECT u.q FROM (SELECT s.y AS q, s.x AS r FROM (SELECT a AS x, d AS y FROM t) s) u: only d
 * is scanned. */
START_TEST(test_nested_subqueries)
{
    ss_lop *s = project(2, lop_get(&ctx, arena, 1, &table), 2, (ss_expr *[]){col(1, 0), col(1, 3)});
    ss_lop *u = project(3, s, 2, (ss_expr *[]){col(2, 1), col(2, 0)});
    ss_lop *top = project(4, u, 1, (ss_expr *[]){col(3, 0)});
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, top, &plan), SS_OK);
    const ss_plan_node *pu = child(plan), *ps = child(pu);
    const ss_scan_node *scan = SS_PLAN_NODE_AS(child(ps), SS_NODE_SCAN, ss_scan_node);
    ck_assert_uint_eq(pu->ncols, 1);
    ck_assert_uint_eq(ps->ncols, 1);
    ck_assert_uint_eq(scan->ncols, 1);
    ck_assert_uint_eq(scan->columns[0], 3);
}
END_TEST

static ss_expr *eq(ss_expr *l, ss_expr *r)
{
    return op(OP_EQ, l, r, SS_TYPE_BOOL);
}

static ss_expr *and3(ss_expr *a, ss_expr *b, ss_expr *c)
{
    return list(EXPR_AND, 3, (ss_expr *[]){a, b, c});
}

/* SELECT x.d FROM t x JOIN t y ON x.a = y.a AND x.b = y.b AND x.c = y.c JOIN t z ON y.d = z.a:
 * of the lower join's eight columns only x.d and y.d are read above it, so a project of those
 * two feeds the upper join; a join whose columns are mostly read above keeps them all. */
START_TEST(test_join_output)
{
    ss_lop *x = lop_get(&ctx, arena, 1, &table), *y = lop_get(&ctx, arena, 2, &table), *z = lop_get(&ctx, arena, 3, &table);
    ss_lop *lower = lop_join(&ctx, arena, SS_JOIN_INNER, x, y,
                             and3(eq(col(1, 0), col(2, 0)), eq(col(1, 1), col(2, 1)), eq(col(1, 2), col(2, 2))));
    ss_lop *upper = lop_join(&ctx, arena, SS_JOIN_INNER, lower, z, eq(col(2, 3), col(3, 0)));
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, project(4, upper, 1, (ss_expr *[]){col(1, 3)}), &plan), SS_OK);
    const ss_plan_node *hj = child(plan);
    ck_assert_int_eq(hj->kind, SS_NODE_HASH_JOIN);
    /* the lower join is the smaller input: the build side */
    const ss_project_node *trim = SS_PLAN_NODE_AS(hj->children[1], SS_NODE_PROJECT, ss_project_node);
    ck_assert_ptr_nonnull(trim);
    ck_assert_uint_eq(trim->nexprs, 2);
    ck_assert_int_eq(child(&trim->hdr)->kind, SS_NODE_HASH_JOIN);
    ck_assert_uint_eq(child(&trim->hdr)->ncols, 8);
    ck_assert_uint_eq(hj->ncols, 3); /* x.d, y.d, z.a */
    const ss_project_node *top = SS_PLAN_NODE_AS(plan, SS_NODE_PROJECT, ss_project_node);
    ck_assert_uint_eq(top->exprs[0]->u.column.index, 1); /* after z.a */

    /* reading x.a, x.b and x.c above too: six of eight are read, nothing is trimmed */
    ss_lop *wide = project(5, upper, 3, (ss_expr *[]){col(1, 0), col(1, 1), col(1, 2)});
    ck_assert_int_eq(ss_plan_query(&ctx, arena, wide, &plan), SS_OK);
    ck_assert_int_eq(child(plan)->children[1]->kind, SS_NODE_HASH_JOIN);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, test_subquery_items);
    tcase_add_test(tc, test_distinct_keeps_items);
    tcase_add_test(tc, test_root_sort_keeps_items);
    tcase_add_test(tc, test_nested_subqueries);
    tcase_add_test(tc, test_join_output);
}

int main(void)
{
    return run_suite("prune", setup, builders_teardown, add_tests);
}
