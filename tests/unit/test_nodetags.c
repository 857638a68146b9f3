/* test_nodetags.c — pins the PostgreSQL NodeTag values the parser front end (core/sql/)
 * relies on, and checks that libpg_query's raw parser produces exactly those tags for the
 * statements and expressions Sunstone transforms.  A libpg_query built from another
 * PostgreSQL version would fail here instead of mis-parsing silently. */
#include <check.h>
#include <stdlib.h>

#include "sql/transform.h"

START_TEST(pinned_tag_values)
{
    /* PostgreSQL 15.x nodes.h */
    ck_assert_int_eq(T_List, 231);
    ck_assert_int_eq(T_RawStmt, 235);
    ck_assert_int_eq(T_InsertStmt, 238);
    ck_assert_int_eq(T_SelectStmt, 242);
    ck_assert_int_eq(T_A_Expr, 355);
    ck_assert_int_eq(T_ColumnRef, 356);
    ck_assert_int_eq(T_ParamRef, 357);
    ck_assert_int_eq(T_A_Const, 358);
    ck_assert_int_eq(T_FuncCall, 359);
    ck_assert_int_eq(T_A_Star, 360);
    ck_assert_int_eq(T_ResTarget, 364);
    ck_assert_int_eq(T_TypeCast, 366);
    ck_assert_int_eq(T_SortBy, 368);
    ck_assert_int_eq(T_TypeName, 375);
    ck_assert_int_eq(T_ColumnDef, 376);
}
END_TEST

static Node *first_stmt(const char *sql, List **tree)
{
    PgQueryInternalParsetreeAndError r = pg_query_raw_parse(sql);
    ck_assert_ptr_null(r.error);
    free(r.stderr_buffer);
    *tree = r.tree;
    return ((RawStmt *)linitial(r.tree))->stmt;
}

START_TEST(parser_produces_pinned_tags)
{
    MemoryContext mctx = pg_query_enter_memory_context();
    List *tree;
    Node *n = first_stmt("SELECT a + 1, count(*), $1, 'x'::int FROM t ORDER BY a", &tree);
    ck_assert_int_eq(nodeTag(n), T_SelectStmt);
    SelectStmt *s = (SelectStmt *)n;
    ResTarget *rt = linitial(s->targetList);
    ck_assert_int_eq(nodeTag(rt), T_ResTarget);
    ck_assert_int_eq(nodeTag(rt->val), T_A_Expr);
    A_Expr *ae = (A_Expr *)rt->val;
    ck_assert_int_eq(nodeTag(ae->lexpr), T_ColumnRef);
    ck_assert_int_eq(nodeTag(ae->rexpr), T_A_Const);
    ck_assert_int_eq(nodeTag(((ResTarget *)lsecond(s->targetList))->val), T_FuncCall);
    ck_assert_int_eq(nodeTag(((ResTarget *)lthird(s->targetList))->val), T_ParamRef);
    ck_assert_int_eq(nodeTag(((ResTarget *)lfourth(s->targetList))->val), T_TypeCast);
    ck_assert_int_eq(nodeTag(linitial(s->sortClause)), T_SortBy);
    ck_assert_int_eq(nodeTag(first_stmt("INSERT INTO t VALUES (1)", &tree)), T_InsertStmt);
    ck_assert_int_eq(nodeTag(first_stmt("CREATE TABLE t (a int)", &tree)), T_CreateStmt);
    ck_assert_int_eq(nodeTag(first_stmt("DROP TABLE t", &tree)), T_DropStmt);
    ck_assert_int_eq(nodeTag(first_stmt("LOAD 'x'", &tree)), T_LoadStmt);
    ck_assert_int_eq(nodeTag(first_stmt("SET a.b = 1", &tree)), T_VariableSetStmt);
    ck_assert_int_eq(nodeTag(first_stmt("SHOW a.b", &tree)), T_VariableShowStmt);
    ck_assert_int_eq(nodeTag(first_stmt("EXPLAIN SELECT 1", &tree)), T_ExplainStmt);
    pg_query_exit_memory_context(mctx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("nodetags");
    TCase *tc = tcase_create("nodetags");
    tcase_add_test(tc, pinned_tag_values);
    tcase_add_test(tc, parser_produces_pinned_tags);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
