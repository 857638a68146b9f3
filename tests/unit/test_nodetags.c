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

static SelectStmt *sel(const char *sql)
{
    List *tree;
    Node *n = first_stmt(sql, &tree);
    ck_assert_int_eq(nodeTag(n), T_SelectStmt);
    return (SelectStmt *)n;
}

static Node *target0(const char *sql)
{
    return ((ResTarget *)linitial(sel(sql)->targetList))->val;
}

/* libpg_query patches some enums (LimitOption starts with DEFAULT there), so every enum the
   transform reads is checked against the server headers it is compiled with. */
START_TEST(enum_values_agree)
{
    MemoryContext mctx = pg_query_enter_memory_context();
    List *tree;
    SortBy *sb = linitial(sel("SELECT 1 ORDER BY 1 DESC NULLS FIRST")->sortClause);
    ck_assert_int_eq(sb->sortby_dir, SORTBY_DESC);
    ck_assert_int_eq(sb->sortby_nulls, SORTBY_NULLS_FIRST);
    sb = linitial(sel("SELECT 1 ORDER BY 1 ASC NULLS LAST")->sortClause);
    ck_assert_int_eq(sb->sortby_dir, SORTBY_ASC);
    ck_assert_int_eq(sb->sortby_nulls, SORTBY_NULLS_LAST);
    sb = linitial(sel("SELECT 1 ORDER BY 1")->sortClause);
    ck_assert_int_eq(sb->sortby_dir, SORTBY_DEFAULT);
    ck_assert_int_eq(sb->sortby_nulls, SORTBY_NULLS_DEFAULT);
    ck_assert_int_eq(((BoolExpr *)target0("SELECT a AND b"))->boolop, AND_EXPR);
    ck_assert_int_eq(((BoolExpr *)target0("SELECT a OR b"))->boolop, OR_EXPR);
    ck_assert_int_eq(((BoolExpr *)target0("SELECT NOT a"))->boolop, NOT_EXPR);
    ck_assert_int_eq(((A_Expr *)target0("SELECT a + b"))->kind, AEXPR_OP);
    ck_assert_int_eq(((A_Expr *)target0("SELECT a IN (1, 2)"))->kind, AEXPR_IN);
    ck_assert_int_eq(((A_Expr *)target0("SELECT a BETWEEN 1 AND 2"))->kind, AEXPR_BETWEEN);
    ck_assert_int_eq(((A_Expr *)target0("SELECT a NOT BETWEEN 1 AND 2"))->kind, AEXPR_NOT_BETWEEN);
    ck_assert_int_eq(((A_Expr *)target0("SELECT a LIKE 'x'"))->kind, AEXPR_LIKE);
    ck_assert_int_eq(((A_Expr *)target0("SELECT a ILIKE 'x'"))->kind, AEXPR_ILIKE);
    ck_assert_int_eq(((NullTest *)target0("SELECT a IS NULL"))->nulltesttype, IS_NULL);
    ck_assert_int_eq(((NullTest *)target0("SELECT a IS NOT NULL"))->nulltesttype, IS_NOT_NULL);
    ck_assert_int_eq(sel("SELECT 1 UNION SELECT 2")->op, SETOP_UNION);
    ck_assert_int_eq(sel("SELECT 1")->op, SETOP_NONE);
    CreateStmt *c = (CreateStmt *)first_stmt("CREATE TABLE t (a int NOT NULL PRIMARY KEY, b int NULL UNIQUE)", &tree);
    ck_assert_int_eq(c->oncommit, ONCOMMIT_NOOP);
    ColumnDef *a = linitial(c->tableElts), *b = lsecond(c->tableElts);
    ck_assert_int_eq(((Constraint *)linitial(a->constraints))->contype, CONSTR_NOTNULL);
    ck_assert_int_eq(((Constraint *)lsecond(a->constraints))->contype, CONSTR_PRIMARY);
    ck_assert_int_eq(((Constraint *)linitial(b->constraints))->contype, CONSTR_NULL);
    ck_assert_int_eq(((Constraint *)lsecond(b->constraints))->contype, CONSTR_UNIQUE);
    ck_assert_int_eq(((CreateStmt *)first_stmt("CREATE TEMP TABLE t (a int)", &tree))->relation->relpersistence, 't');
    DropStmt *d = (DropStmt *)first_stmt("DROP TABLE t CASCADE", &tree);
    ck_assert_int_eq(d->removeType, OBJECT_TABLE);
    ck_assert_int_eq(d->behavior, DROP_CASCADE);
    ck_assert_int_eq(((DropStmt *)first_stmt("DROP TABLE t", &tree))->behavior, DROP_RESTRICT);
    ck_assert_int_eq(((VariableSetStmt *)first_stmt("SET a.b = 1", &tree))->kind, VAR_SET_VALUE);
    ck_assert_int_eq(((VariableSetStmt *)first_stmt("SET a.b TO DEFAULT", &tree))->kind, VAR_SET_DEFAULT);
    ck_assert_int_eq(((VariableSetStmt *)first_stmt("RESET a.b", &tree))->kind, VAR_RESET);
    pg_query_exit_memory_context(mctx);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("nodetags");
    TCase *tc = tcase_create("nodetags");
    tcase_add_test(tc, pinned_tag_values);
    tcase_add_test(tc, parser_produces_pinned_tags);
    tcase_add_test(tc, enum_values_agree);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
