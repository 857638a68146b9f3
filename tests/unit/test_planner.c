/* test_planner.c — Check tests for the planner (core/plan/planner.c) on hand-built logical
 * plans: scans read only the columns some expression uses, in table order; column bindings
 * become batch positions in the physical plan while the logical plan keeps its bindings;
 * a subtree shared in the logical plan stays one node in the physical one; a reference the
 * input does not provide is PostgreSQL's XX000; DISTINCT becomes a grouping aggregate; a
 * filter folded to FALSE reads an empty VALUES; conjuncts are ordered cheapest first when
 * one can fail, and keep their written order when none can; scans carry the backend's row
 * count as their estimate, the nodes above it PostgreSQL's default selectivities. */
#include "plan_builders.h"

/* t(a int4, b text, c int4, d int4) */
static ss_column_def cols[4];
static ss_type types[4];
static ss_table table;

static void setup(void)
{
    builders_setup();
    table_abcd(&table, cols, types, 1);
}

static ss_expr *col(uint32_t rel, uint32_t index)
{
    return column_of(rel, index, index < 4 ? types[index].id : SS_TYPE_INT4);
}

static void ck_position(const ss_expr *e, uint32_t pos)
{
    ck_assert_int_eq(e->kind, EXPR_COLUMN);
    ck_assert_uint_eq(e->u.column.rel, 0);
    ck_assert_uint_eq(e->u.column.index, pos);
}

/* SELECT d, c + d FROM t WHERE c > 1: the scan reads c and d (positions 0 and 1). */
START_TEST(test_pruning_and_positions)
{
    ss_lop *get = lop_get(&ctx, arena, 1, &table);
    ss_expr *cd = op(OP_ADD, col(1, 2), col(1, 3), SS_TYPE_INT4);
    ss_lop *filter = lop_filter(&ctx, arena, get, op(OP_GT, col(1, 2), int4(1), SS_TYPE_BOOL));
    ss_lop *proj = lop_project(&ctx, arena, 2, filter, 2, exprs(2, (ss_expr *[]){col(1, 3), cd}), NULL);
    ck_assert_ptr_nonnull(proj);
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, proj, &plan), SS_OK);

    const ss_project_node *pn = SS_PLAN_NODE_AS(plan, SS_NODE_PROJECT, ss_project_node);
    ck_assert_ptr_nonnull(pn);
    const ss_filter_node *fn = SS_PLAN_NODE_AS(child(plan), SS_NODE_FILTER, ss_filter_node);
    ck_assert_ptr_nonnull(fn);
    const ss_scan_node *sn = SS_PLAN_NODE_AS(child(&fn->hdr), SS_NODE_SCAN, ss_scan_node);
    ck_assert_ptr_nonnull(sn);
    ck_assert_uint_eq(sn->ncols, 2);
    ck_assert_uint_eq(sn->columns[0], 2);
    ck_assert_uint_eq(sn->columns[1], 3);
    ck_assert_str_eq(sn->hdr.col_names[0], "c");
    ck_assert_uint_eq(fn->hdr.ncols, 2); /* the filter passes the pruned schema through */
    ck_assert(sn->hdr.estimated_rows < 0); /* a table without storage has no row count */

    ck_position(fn->predicate->u.op.left, 0);
    ck_position(pn->exprs[0], 1);
    ck_position(pn->exprs[1]->u.op.left, 0);
    ck_position(pn->exprs[1]->u.op.right, 1);
    ck_assert_int_eq(pn->exprs[1]->u.op.right->type.id, SS_TYPE_INT4);

    /* the logical plan is unchanged: its bindings are still (relation, column) */
    ck_assert_ptr_ne(pn->exprs[1], cd);
    ck_assert_uint_eq(cd->u.op.left->u.column.rel, 1);
    ck_assert_uint_eq(cd->u.op.left->u.column.index, 2);
    ck_assert_uint_eq(proj->u.project.exprs[0]->u.column.index, 3);

    /* and planning it again gives the same physical plan */
    ss_plan *again;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, proj, &again), SS_OK);
    const ss_project_node *pn2 = SS_PLAN_NODE_AS(again, SS_NODE_PROJECT, ss_project_node);
    ck_position(pn2->exprs[0], 1);
    ck_position(pn2->exprs[1]->u.op.right, 1);
}
END_TEST

/* SELECT count(*) FROM t: a scan of no columns; an aggregate over an aggregate's output
 * resolves through the aggregate's own relation. */
START_TEST(test_aggregate_relation)
{
    ss_lop *get = lop_get(&ctx, arena, 1, &table);
    ss_agg_call *call = ss_arena_alloc(arena, sizeof *call);
    call->name = "sum";
    call->arg = col(1, 0);
    call->result_type = (ss_type){SS_TYPE_INT8, -1};
    ss_lop *agg = lop_aggregate(&ctx, arena, 2, get, 1, exprs(1, (ss_expr *[]){col(1, 2)}), 1, call);
    ss_expr *sum = col(2, 1);
    sum->type = call->result_type;
    ss_lop *proj = lop_project(&ctx, arena, 3, agg, 2, exprs(2, (ss_expr *[]){sum, col(2, 0)}), NULL);
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, proj, &plan), SS_OK);
    const ss_project_node *pn = SS_PLAN_NODE_AS(plan, SS_NODE_PROJECT, ss_project_node);
    const ss_aggregate_node *an = SS_PLAN_NODE_AS(child(plan), SS_NODE_AGGREGATE, ss_aggregate_node);
    const ss_scan_node *sn = SS_PLAN_NODE_AS(child(&an->hdr), SS_NODE_SCAN, ss_scan_node);
    ck_assert_ptr_nonnull(pn);
    ck_assert_ptr_nonnull(an);
    ck_assert_ptr_nonnull(sn);
    ck_assert_uint_eq(sn->ncols, 2); /* a and c, in table order */
    ck_assert_uint_eq(sn->columns[0], 0);
    ck_assert_uint_eq(sn->columns[1], 2);
    ck_position(an->groups[0], 1);
    ck_position(an->aggs[0].arg, 0);
    ck_assert_ptr_ne(an->aggs, call); /* the logical call keeps its binding */
    ck_assert_uint_eq(call->arg->u.column.rel, 1);
    ck_position(pn->exprs[0], 1);
    ck_position(pn->exprs[1], 0);

    ss_lop *count = lop_aggregate(&ctx, arena, 4, lop_get(&ctx, arena, 5, &table), 0, NULL, 0, NULL);
    ck_assert_int_eq(ss_plan_query(&ctx, arena, count, &plan), SS_OK);
    sn = SS_PLAN_NODE_AS(child(plan), SS_NODE_SCAN, ss_scan_node);
    ck_assert_uint_eq(sn->ncols, 0);
}
END_TEST

/* COALESCE-like sharing: one logical subtree used twice is one physical node, built once. */
START_TEST(test_shared_subtree)
{
    ss_lop *get = lop_get(&ctx, arena, 1, &table);
    ss_expr *shared = op(OP_MUL, col(1, 3), int4(2), SS_TYPE_INT4);
    ss_expr *sum = op(OP_ADD, shared, shared, SS_TYPE_INT4);
    ss_lop *proj = lop_project(&ctx, arena, 2, get, 1, exprs(1, (ss_expr *[]){sum}), NULL);
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, proj, &plan), SS_OK);
    const ss_project_node *pn = SS_PLAN_NODE_AS(plan, SS_NODE_PROJECT, ss_project_node);
    const ss_expr *e = pn->exprs[0];
    ck_assert_ptr_eq(e->u.op.left, e->u.op.right);
    ck_assert_ptr_ne(e->u.op.left, shared);
    ck_position(e->u.op.left->u.op.left, 0);
    /* a constant subtree needs no copy */
    ck_assert_ptr_eq(e->u.op.left->u.op.right, shared->u.op.right);
}
END_TEST

static int64_t rows_42(void *table)
{
    (void)table;
    return 42;
}

/* Estimates: a scan carries the backend's row count, a project its child's, a filter
 * c > 1 a third of it (moved below the project, over the project's expression) (PostgreSQL's DEFAULT_INEQ_SEL, core/plan/estimate.c). */
START_TEST(test_estimates)
{
    static const ss_storage_vtable counted = {.struct_size = sizeof(ss_storage_vtable), .table_row_estimate = rows_42};
    table.storage = &counted;
    table.handle = &table;
    ss_lop *get = lop_get(&ctx, arena, 1, &table);
    ss_lop *proj = lop_project(&ctx, arena, 2, get, 1, exprs(1, (ss_expr *[]){col(1, 0)}), NULL);
    ss_lop *filter = lop_filter(&ctx, arena, proj, op(OP_GT, col(2, 0), int4(1), SS_TYPE_BOOL));
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, filter, &plan), SS_OK);
    /* the filter goes below the projection (planner.c where_below_project) */
    ck_assert_int_eq(plan->kind, SS_NODE_PROJECT);
    ck_assert(plan->estimated_rows == 14);
    ck_assert_int_eq(child(plan)->kind, SS_NODE_FILTER);
    ck_assert(child(plan)->estimated_rows == 14);
    ck_assert(child(child(plan))->estimated_rows == 42);
}
END_TEST

START_TEST(test_missing_binding)
{
    ss_lop *get = lop_get(&ctx, arena, 1, &table);
    ss_lop *proj = lop_project(&ctx, arena, 2, get, 1, exprs(1, (ss_expr *[]){col(7, 0)}), NULL);
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, proj, &plan), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, "XX000");
    ck_assert_str_eq(err.message, "variable not found in subplan target list");
}
END_TEST

/* SELECT DISTINCT b FROM t WHERE false ORDER BY 1 LIMIT 3 */
START_TEST(test_distinct_false_filter_sort_limit)
{
    ss_expr *no = node(EXPR_CONST, SS_TYPE_BOOL);
    ss_lop *filter = lop_filter(&ctx, arena, lop_get(&ctx, arena, 1, &table), no);
    ss_lop *proj = lop_project(&ctx, arena, 2, filter, 1, exprs(1, (ss_expr *[]){col(1, 1)}), NULL);
    ss_lop *distinct = lop_distinct(&ctx, arena, proj);
    ss_lsort_key *key = ss_arena_alloc(arena, sizeof *key);
    key->expr = col(2, 0);
    key->descending = true;
    ss_lop *sort = lop_sort(&ctx, arena, distinct, 1, key);
    ss_lop *limit = lop_limit(&ctx, arena, sort, int4(3), NULL);
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, limit, &plan), SS_OK);
    const ss_limit_node *ln = SS_PLAN_NODE_AS(plan, SS_NODE_LIMIT, ss_limit_node);
    const ss_sort_node *so = SS_PLAN_NODE_AS(child(plan), SS_NODE_SORT, ss_sort_node);
    const ss_aggregate_node *dn = SS_PLAN_NODE_AS(child(&so->hdr), SS_NODE_AGGREGATE, ss_aggregate_node);
    ck_assert_ptr_nonnull(ln);
    ck_assert_ptr_nonnull(so);
    ck_assert_ptr_nonnull(dn);
    ck_assert_uint_eq(so->keys[0].column, 0);
    ck_assert(so->keys[0].descending);
    ck_assert_uint_eq(dn->ngroups, 1);
    ck_assert_uint_eq(dn->naggs, 0);
    ck_position(dn->groups[0], 0);
    const ss_plan_node *pn = child(&dn->hdr);
    const ss_filter_node *fn = SS_PLAN_NODE_AS(child(pn), SS_NODE_FILTER, ss_filter_node);
    ck_assert_ptr_nonnull(fn);
    const ss_values_node *vn = SS_PLAN_NODE_AS(child(&fn->hdr), SS_NODE_VALUES, ss_values_node);
    ck_assert_ptr_nonnull(vn); /* the scan is cut off */
    ck_assert_uint_eq(vn->nrows, 0);
    ck_assert_uint_eq(vn->hdr.ncols, 1); /* with the pruned scan's schema: b */
    ck_assert_int_eq(vn->hdr.col_types[0].id, SS_TYPE_TEXT);
}
END_TEST

/* WHERE a / d > 1 AND c = 2: the division can fail, so the cheaper c = 2 goes first; with
 * a % 3 instead (dearer than c = 2 but it cannot fail) the written order stays. */
START_TEST(test_qual_order)
{
    ss_expr *div = op(OP_GT, op(OP_DIV, col(1, 0), col(1, 3), SS_TYPE_INT4), int4(1), SS_TYPE_BOOL);
    ss_expr *eq = op(OP_EQ, col(1, 2), int4(2), SS_TYPE_BOOL);
    ss_expr *conj = node(EXPR_AND, SS_TYPE_BOOL);
    conj->u.list.nargs = 2;
    conj->u.list.args = exprs(2, (ss_expr *[]){div, eq});
    ss_lop *filter = lop_filter(&ctx, arena, lop_get(&ctx, arena, 1, &table), conj);
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, filter, &plan), SS_OK);
    const ss_filter_node *fn = SS_PLAN_NODE_AS(plan, SS_NODE_FILTER, ss_filter_node);
    ck_assert_int_eq(fn->predicate->kind, EXPR_AND);
    ck_assert_int_eq(fn->predicate->u.list.args[0]->u.op.op, OP_EQ);
    ck_assert_int_eq(fn->predicate->u.list.args[1]->u.op.op, OP_GT);
    ck_assert_ptr_eq(conj->u.list.args[0], div); /* the logical order stays as written */

    div->u.op.left = op(OP_MOD, col(1, 0), int4(3), SS_TYPE_INT4); /* a % 3 cannot fail */
    ck_assert_int_eq(ss_plan_query(&ctx, arena, filter, &plan), SS_OK);
    fn = SS_PLAN_NODE_AS(plan, SS_NODE_FILTER, ss_filter_node);
    ck_assert_int_eq(fn->predicate->u.list.args[0]->u.op.op, OP_GT);
}
END_TEST

/* SELECT x.b FROM t x, t y WHERE x.c > 1 AND x.a = y.d AND x.b < y.b: x.c > 1 goes below the
 * join to x's scan, x.a = y.d becomes the hash key (x's a, y's d), x.b < y.b the residual
 * over the joined row; the logical plan is left as it was. */
START_TEST(test_join_pushdown_and_keys)
{
    ss_lop *x = lop_get(&ctx, arena, 1, &table), *y = lop_get(&ctx, arena, 2, &table);
    ss_lop *join = lop_join(&ctx, arena, SS_JOIN_INNER, x, y, NULL);
    ss_expr *conj = node(EXPR_AND, SS_TYPE_BOOL);
    conj->u.list.nargs = 3;
    conj->u.list.args = exprs(3, (ss_expr *[]){op(OP_GT, col(1, 2), int4(1), SS_TYPE_BOOL),
                                               op(OP_EQ, col(1, 0), col(2, 3), SS_TYPE_BOOL),
                                               op(OP_LT, col(1, 1), col(2, 1), SS_TYPE_BOOL)});
    ss_lop *filter = lop_filter(&ctx, arena, join, conj);
    ss_lop *top = lop_project(&ctx, arena, 3, filter, 1, exprs(1, (ss_expr *[]){col(1, 1)}), NULL);
    ss_plan *plan;
    ck_assert_int_eq(ss_plan_query(&ctx, arena, top, &plan), SS_OK);
    const ss_hash_join_node *hj = SS_PLAN_NODE_AS(child(plan), SS_NODE_HASH_JOIN, ss_hash_join_node);
    ck_assert_ptr_nonnull(hj);
    ck_assert_int_eq(hj->join_type, SS_JOIN_INNER);
    ck_assert_uint_eq(hj->hdr.nchildren, 2);
    const ss_filter_node *fx = SS_PLAN_NODE_AS(hj->hdr.children[0], SS_NODE_FILTER, ss_filter_node);
    ck_assert_ptr_nonnull(fx);
    const ss_scan_node *sx = SS_PLAN_NODE_AS(child(&fx->hdr), SS_NODE_SCAN, ss_scan_node);
    const ss_scan_node *sy = SS_PLAN_NODE_AS(hj->hdr.children[1], SS_NODE_SCAN, ss_scan_node);
    ck_assert_ptr_nonnull(sx);
    ck_assert_ptr_nonnull(sy);
    ck_assert_uint_eq(sx->ncols, 3); /* a, b, c */
    ck_assert_uint_eq(sy->ncols, 2); /* b, d */
    ck_assert_uint_eq(hj->hdr.ncols, 5);
    ck_assert_uint_eq(hj->nkeys, 1);
    ck_position(hj->left_keys[0], 0);  /* x.a in x's scan */
    ck_position(hj->right_keys[0], 1); /* y.d in y's scan */
    ck_assert_ptr_nonnull(hj->residual);
    ck_position(hj->residual->u.op.left, 1);  /* x.b */
    ck_position(hj->residual->u.op.right, 3); /* y.b: after x's three columns */
    ck_position(fx->predicate->u.op.left, 2);
    /* the logical plan is unchanged */
    ck_assert_ptr_eq(filter->children[0], join);
    ck_assert_ptr_eq(filter->u.filter.pred, conj);
    ck_assert_ptr_null(join->u.join.cond);
    ck_assert_ptr_eq(join->children[0], x);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, test_pruning_and_positions);
    tcase_add_test(tc, test_aggregate_relation);
    tcase_add_test(tc, test_shared_subtree);
    tcase_add_test(tc, test_estimates);
    tcase_add_test(tc, test_missing_binding);
    tcase_add_test(tc, test_distinct_false_filter_sort_limit);
    tcase_add_test(tc, test_qual_order);
    tcase_add_test(tc, test_join_pushdown_and_keys);
}

int main(void)
{
    return run_suite("planner", setup, builders_teardown, add_tests);
}
