/* test_parser.c — the SQL front end: PostgreSQL grammar → Sunstone AST, syntax errors with
 * PostgreSQL's message, SQLSTATE 42601 and cursor position, and 0A000 for constructs the
 * transform does not cover. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sql/ast.h"

static ss_arena *arena;

static void setup(void)
{
    arena = ss_arena_create();
}

static void teardown(void)
{
    ss_arena_destroy(arena);
}

START_TEST(select_shape)
{
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error err;
    const char *sql = "SELECT b, a*2 AS twice FROM t WHERE a > 1 ORDER BY a DESC LIMIT 5; SELECT 1";
    ck_assert_int_eq(ss_parse(arena, sql, &stmts, &n, &err), 0);
    ck_assert_uint_eq(n, 2);
    ast_select *s = stmts[0]->select;
    ck_assert_int_eq(stmts[0]->kind, AST_SELECT);
    ck_assert_uint_eq(s->ntargets, 2);
    ck_assert_str_eq(s->targets[1].alias, "twice");
    ck_assert_int_eq(s->targets[1].expr->kind, AE_OP);
    ck_assert_str_eq(s->targets[1].expr->str, "*");
    ck_assert_str_eq(s->from_table, "t");
    ck_assert_int_eq(s->where->kind, AE_OP);
    ck_assert_uint_eq(s->norder, 1);
    ck_assert(s->order_by[0].descending);
    ck_assert_int_eq(s->limit->kind, AE_INT);
    ck_assert_int_eq(s->limit->ival, 5);
    /* statement boundaries for prepare's tail */
    ck_assert_int_eq(stmts[1]->location, (int)(strchr(sql, ';') - sql) + 1);
}
END_TEST

START_TEST(create_and_insert_shape)
{
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error err;
    ck_assert_int_eq(ss_parse(arena, "CREATE TABLE t (a int NOT NULL, b varchar(10), c double precision) USING memory;"
                                     "INSERT INTO t (a, b) VALUES (1, 'x'), (2, NULL)", &stmts, &n, &err), 0);
    ck_assert_uint_eq(n, 2);
    ast_stmt *c = stmts[0];
    ck_assert_int_eq(c->kind, AST_CREATE_TABLE);
    ck_assert_uint_eq(c->ncoldefs, 3);
    ck_assert(c->coldefs[0].not_null);
    ck_assert_str_eq(c->coldefs[0].type.name, "int4");
    ck_assert_str_eq(c->coldefs[1].type.name, "varchar");
    ck_assert_int_eq(c->coldefs[1].type.typmod, 10);
    ck_assert_str_eq(c->coldefs[2].type.name, "float8");
    ck_assert_str_eq(c->access_method, "memory");
    ast_stmt *i = stmts[1];
    ck_assert_int_eq(i->kind, AST_INSERT);
    ck_assert_uint_eq(i->ncolumns, 2);
    ck_assert_uint_eq(i->select->nvalues_rows, 2);
    ck_assert_int_eq(i->select->values[1][1]->kind, AE_NULL);
}
END_TEST

START_TEST(syntax_error_position)
{
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error err;
    ck_assert_int_eq(ss_parse(arena, "SELECT * FORM t", &stmts, &n, &err), -1);
    ck_assert_str_eq(err.message, "syntax error at or near \"FORM\"");
    ck_assert_str_eq(err.sqlstate, "42601");
    ck_assert_int_eq(err.position, 10);
    ck_assert_int_eq(ss_parse(arena, "SELECT 1 +", &stmts, &n, &err), -1);
    ck_assert_str_eq(err.message, "syntax error at end of input");
}
END_TEST

START_TEST(unsupported_is_0A000)
{
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error err;
    ck_assert_int_eq(ss_parse(arena, "SELECT * FROM a TABLESAMPLE bernoulli (1)", &stmts, &n, &err), -1);
    ck_assert_str_eq(err.sqlstate, "0A000");
    ck_assert(strstr(err.message, "feature not supported") != NULL);
    ck_assert_int_eq(ss_parse(arena, "CREATE TABLE c (a text COLLATE x.y.z)", &stmts, &n, &err), -1);
    ck_assert_str_eq(err.sqlstate, "0A000");
    ck_assert_int_eq(err.position, 24);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("parser");
    TCase *tc = tcase_create("parser");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, select_shape);
    tcase_add_test(tc, create_and_insert_shape);
    tcase_add_test(tc, syntax_error_position);
    tcase_add_test(tc, unsupported_is_0A000);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
