/* test_parse_enums.c — the enum values of PostgreSQL's parse nodes that the transform's
 * 0A000 refusals and clause handling read (core/sql/), checked against what libpg_query's raw
 * parser produces: libpg_query patches some enums, and a mismatch would name the wrong
 * construct or drop a clause. */
#include <check.h>
#include <stdlib.h>

#include "sql/transform.h"

static Node *stmt(const char *sql)
{
    PgQueryInternalParsetreeAndError r = pg_query_raw_parse(sql);
    ck_assert_msg(r.error == NULL, "%s: %s", sql, r.error ? r.error->message : "");
    free(r.stderr_buffer);
    return ((RawStmt *)linitial(r.tree))->stmt;
}

static SelectStmt *sel(const char *sql)
{
    Node *n = stmt(sql);
    ck_assert_int_eq(nodeTag(n), T_SelectStmt);
    return (SelectStmt *)n;
}

static Node *target0(const char *sql)
{
    return ((ResTarget *)linitial(sel(sql)->targetList))->val;
}

static ColumnDef *coldef0(const char *sql)
{
    return linitial(((CreateStmt *)stmt(sql))->tableElts);
}

START_TEST(expression_enums)
{
    MemoryContext mctx = pg_query_enter_memory_context();
    ck_assert_int_eq(((A_Expr *)target0("SELECT a = ANY (b)"))->kind, AEXPR_OP_ANY);
    ck_assert_int_eq(((A_Expr *)target0("SELECT a = ALL (b)"))->kind, AEXPR_OP_ALL);
    ck_assert_int_eq(((A_Expr *)target0("SELECT a IS DISTINCT FROM b"))->kind, AEXPR_DISTINCT);
    ck_assert_int_eq(((A_Expr *)target0("SELECT a IS NOT DISTINCT FROM b"))->kind, AEXPR_NOT_DISTINCT);
    ck_assert_int_eq(((A_Expr *)target0("SELECT NULLIF(a, b)"))->kind, AEXPR_NULLIF);
    ck_assert_int_eq(((A_Expr *)target0("SELECT a SIMILAR TO b"))->kind, AEXPR_SIMILAR);
    ck_assert_int_eq(((A_Expr *)target0("SELECT a BETWEEN SYMMETRIC 1 AND 2"))->kind, AEXPR_BETWEEN_SYM);
    ck_assert_int_eq(((A_Expr *)target0("SELECT a NOT BETWEEN SYMMETRIC 1 AND 2"))->kind, AEXPR_NOT_BETWEEN_SYM);
    ck_assert_int_eq(((BooleanTest *)target0("SELECT a IS TRUE"))->booltesttype, IS_TRUE);
    ck_assert_int_eq(((BooleanTest *)target0("SELECT a IS NOT TRUE"))->booltesttype, IS_NOT_TRUE);
    ck_assert_int_eq(((BooleanTest *)target0("SELECT a IS FALSE"))->booltesttype, IS_FALSE);
    ck_assert_int_eq(((BooleanTest *)target0("SELECT a IS NOT FALSE"))->booltesttype, IS_NOT_FALSE);
    ck_assert_int_eq(((BooleanTest *)target0("SELECT a IS UNKNOWN"))->booltesttype, IS_UNKNOWN);
    ck_assert_int_eq(((BooleanTest *)target0("SELECT a IS NOT UNKNOWN"))->booltesttype, IS_NOT_UNKNOWN);
    ck_assert_int_eq(((SubLink *)target0("SELECT EXISTS (SELECT 1)"))->subLinkType, EXISTS_SUBLINK);
    ck_assert_int_eq(((SubLink *)target0("SELECT a IN (SELECT 1)"))->subLinkType, ANY_SUBLINK);
    ck_assert_int_eq(((SubLink *)target0("SELECT a < ALL (SELECT 1)"))->subLinkType, ALL_SUBLINK);
    ck_assert_int_eq(((SubLink *)target0("SELECT ARRAY(SELECT 1)"))->subLinkType, ARRAY_SUBLINK);
    ck_assert_int_eq(((SubLink *)target0("SELECT (SELECT 1)"))->subLinkType, EXPR_SUBLINK);
    ck_assert_int_eq(nodeTag(&((A_Const *)target0("SELECT B'1'"))->val), T_BitString);
    pg_query_exit_memory_context(mctx);
}
END_TEST

START_TEST(clause_enums)
{
    MemoryContext mctx = pg_query_enter_memory_context();
    ck_assert_int_eq(((LockingClause *)linitial(sel("SELECT 1 FOR UPDATE")->lockingClause))->strength, LCS_FORUPDATE);
    ck_assert_int_eq(((LockingClause *)linitial(sel("SELECT 1 FOR NO KEY UPDATE")->lockingClause))->strength,
                     LCS_FORNOKEYUPDATE);
    ck_assert_int_eq(((LockingClause *)linitial(sel("SELECT 1 FOR SHARE")->lockingClause))->strength, LCS_FORSHARE);
    ck_assert_int_eq(((LockingClause *)linitial(sel("SELECT 1 FOR KEY SHARE")->lockingClause))->strength,
                     LCS_FORKEYSHARE);
    ck_assert_int_eq(((GroupingSet *)linitial(sel("SELECT 1 GROUP BY ROLLUP (a)")->groupClause))->kind,
                     GROUPING_SET_ROLLUP);
    ck_assert_int_eq(((GroupingSet *)linitial(sel("SELECT 1 GROUP BY CUBE (a)")->groupClause))->kind, GROUPING_SET_CUBE);
    ck_assert_int_eq(((GroupingSet *)linitial(sel("SELECT 1 GROUP BY GROUPING SETS (a)")->groupClause))->kind,
                     GROUPING_SET_SETS);
    ck_assert_int_eq(((GroupingSet *)linitial(sel("SELECT 1 GROUP BY ()")->groupClause))->kind, GROUPING_SET_EMPTY);
    ck_assert(sel("SELECT 1 GROUP BY DISTINCT a")->groupDistinct);
    ck_assert_int_eq(sel("SELECT 1 INTERSECT SELECT 2")->op, SETOP_INTERSECT);
    ck_assert_int_eq(sel("SELECT 1 EXCEPT SELECT 2")->op, SETOP_EXCEPT);
    ck_assert_int_eq(((SortBy *)linitial(sel("SELECT 1 ORDER BY 1 USING <")->sortClause))->sortby_dir, SORTBY_USING);
    pg_query_exit_memory_context(mctx);
}
END_TEST

START_TEST(statement_enums)
{
    MemoryContext mctx = pg_query_enter_memory_context();
    ck_assert(((VariableSetStmt *)stmt("SET LOCAL a = 1"))->is_local);
    ck_assert_int_eq(((VariableSetStmt *)stmt("RESET ALL"))->kind, VAR_RESET_ALL);
    ck_assert_int_eq(((VariableSetStmt *)stmt("SET a FROM CURRENT"))->kind, VAR_SET_CURRENT);
    ck_assert_int_eq(((VariableSetStmt *)stmt("SET TRANSACTION READ ONLY"))->kind, VAR_SET_MULTI);
    ck_assert_int_eq(((VariableSetStmt *)stmt("SET a TO DEFAULT"))->kind, VAR_SET_DEFAULT);
    CreateTableAsStmt *c = (CreateTableAsStmt *)stmt("CREATE MATERIALIZED VIEW m AS SELECT 1");
    ck_assert_int_eq(c->objtype, OBJECT_MATVIEW);
    ck_assert_int_eq(((CreateTableAsStmt *)stmt("CREATE TABLE x AS SELECT 1"))->objtype, OBJECT_TABLE);
    ck_assert_int_eq(((CreateStmt *)stmt("CREATE UNLOGGED TABLE t (a int)"))->relation->relpersistence, 'u');
    ck_assert_int_eq(((Constraint *)linitial(coldef0("CREATE TABLE t (a int DEFAULT 1)")->constraints))->contype,
                     CONSTR_DEFAULT);
    ck_assert_int_eq(((Constraint *)linitial(coldef0("CREATE TABLE t (a int CHECK (a > 0))")->constraints))->contype,
                     CONSTR_CHECK);
    ck_assert_int_eq(((Constraint *)linitial(coldef0("CREATE TABLE t (a int REFERENCES u)")->constraints))->contype,
                     CONSTR_FOREIGN);
    ck_assert_int_eq(
        ((Constraint *)linitial(coldef0("CREATE TABLE t (a int GENERATED ALWAYS AS IDENTITY)")->constraints))->contype,
        CONSTR_IDENTITY);
    ck_assert_int_eq(
        ((Constraint *)linitial(coldef0("CREATE TABLE t (a int GENERATED ALWAYS AS (1) STORED)")->constraints))->contype,
        CONSTR_GENERATED);
    ck_assert_int_eq(((Constraint *)lsecond(coldef0("CREATE TABLE t (a int UNIQUE DEFERRABLE)")->constraints))->contype,
                     CONSTR_ATTR_DEFERRABLE);
    ck_assert_int_eq(
        ((Constraint *)lsecond(coldef0("CREATE TABLE t (a int UNIQUE INITIALLY DEFERRED)")->constraints))->contype,
        CONSTR_ATTR_DEFERRED);
    ck_assert_int_eq(((Constraint *)lsecond(((CreateStmt *)stmt("CREATE TABLE t (a int, EXCLUDE (a WITH =))"))->tableElts))
                         ->contype,
                     CONSTR_EXCLUSION);
    pg_query_exit_memory_context(mctx);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("parse_enums");
    TCase *tc = tcase_create("parse_enums");
    tcase_add_test(tc, expression_enums);
    tcase_add_test(tc, clause_enums);
    tcase_add_test(tc, statement_enums);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
