/* test_exec.c — statement execution and the catalog meta-commands over the fake kernel,
 * compared with psql 15's output for the same statements (-c with several statements, errors
 * in a later statement with the context line counted from the whole text, RETURNING with its
 * command tag in every output mode, command tags, runtime errors, notices, DETAIL) and with
 * psql's \dt, \d TABLE and \d PATTERN on tables of the same names and types. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "describe.h"
#include "exec.h"
#include "fake_kernel.h"
#include "harness.h"

/* psql -X -c select 1; select 2: exit 0 */
static const char two_selects_out[] =
    " ?column? \n"
    "----------\n"
    "        1\n"
    "(1 row)\n"
    "\n"
    " ?column? \n"
    "----------\n"
    "        2\n"
    "(1 row)\n"
    "\n";
static const char two_selects_err[] =
"";
/* psql -X -c select 1;\nselect 2;\nselect x: exit 1 */
static const char third_fails_out[] =
    " ?column? \n"
    "----------\n"
    "        1\n"
    "(1 row)\n"
    "\n"
    " ?column? \n"
    "----------\n"
    "        2\n"
    "(1 row)\n"
    "\n";
static const char third_fails_err[] =
    "ERROR:  column \"x\" does not exist\n"
    "LINE 3: select x\n"
    "               ^\n";
/* psql -X -c create temp table r(a int, b text); insert into r values (1, 'x') returning a, b: exit 0 */
static const char returning_out[] =
    "CREATE TABLE\n"
    " a | b \n"
    "---+---\n"
    " 1 | x\n"
    "(1 row)\n"
    "\n"
    "INSERT 0 1\n";
static const char returning_err[] =
"";
/* psql -X -q -c create temp table r(a int, b text); insert into r values (1, 'x') returning a, b: exit 0 */
static const char returning_quiet_out[] =
    " a | b \n"
    "---+---\n"
    " 1 | x\n"
    "(1 row)\n"
    "\n";
static const char returning_quiet_err[] =
"";
/* psql -X -A -c create temp table r(a int); delete from r returning a: exit 0 */
static const char returning_unaligned_out[] =
    "CREATE TABLE\n"
    "a\n"
    "(0 rows)\n"
    "DELETE 0\n";
static const char returning_unaligned_err[] =
"";
/* psql -X -t -c create temp table r(a int); insert into r values (1) returning a: exit 0 */
static const char returning_tuples_out[] =
    "CREATE TABLE\n"
    " 1\n"
    "\n"
    "INSERT 0 1\n";
static const char returning_tuples_err[] =
"";
/* psql -X -c create temp table r(a int); insert into r values (1); delete from r: exit 0 */
static const char tags_out[] =
    "CREATE TABLE\n"
    "INSERT 0 1\n"
    "DELETE 1\n";
static const char tags_err[] =
"";
/* psql -X -c select 1/0: exit 1 */
static const char division_out[] =
"";
static const char division_err[] =
    "ERROR:  division by zero\n";
/* psql -X -c drop table if exists nosuch: exit 0 */
static const char notice_out[] =
    "DROP TABLE\n";
static const char notice_err[] =
    "NOTICE:  table \"nosuch\" does not exist, skipping\n";
/* psql -X -c create temp table u(a int primary key); insert into u values (1); insert into u values (1): exit 1 */
static const char unique_out[] =
    "CREATE TABLE\n"
    "INSERT 0 1\n";
static const char unique_err[] =
    "ERROR:  duplicate key value violates unique constraint \"u_pkey\"\n"
    "DETAIL:  Key (a)=(1) already exists.\n";
/* psql -X -c \dt: exit 0 */
static const char dt_out[] =
    "             List of relations\n"
    " Schema |       Name        | Type  | Owner \n"
    "--------+-------------------+-------+-------\n"
    " public | Mixed             | table | root\n"
    " public | Mixed Case        | table | root\n"
    " public | longer_table_name | table | root\n"
    " public | t                 | table | root\n"
    " public | t1                | table | root\n"
    " public | t2                | table | root\n"
    "(6 rows)\n"
    "\n";
static const char dt_err[] =
"";
/* psql -X -A -c \dt: exit 0 */
static const char dt_unaligned_out[] =
    "List of relations\n"
    "Schema|Name|Type|Owner\n"
    "public|Mixed|table|root\n"
    "public|Mixed Case|table|root\n"
    "public|longer_table_name|table|root\n"
    "public|t|table|root\n"
    "public|t1|table|root\n"
    "public|t2|table|root\n"
    "(6 rows)\n";
static const char dt_unaligned_err[] =
"";
/* psql -X -c \dt t?: exit 0 */
static const char dt_pattern_out[] =
    "       List of relations\n"
    " Schema | Name | Type  | Owner \n"
    "--------+------+-------+-------\n"
    " public | t1   | table | root\n"
    " public | t2   | table | root\n"
    "(2 rows)\n"
    "\n";
static const char dt_pattern_err[] =
"";
/* psql -X -c \dt x*: exit 0 */
static const char dt_none_out[] =
"";
static const char dt_none_err[] =
    "Did not find any relation named \"x*\".\n";
/* psql -X -q -c \dt x*: exit 0 */
static const char dt_none_quiet_out[] =
    "      List of relations\n"
    " Schema | Name | Type | Owner \n"
    "--------+------+------+-------\n"
    "(0 rows)\n"
    "\n";
static const char dt_none_quiet_err[] =
"";
/* psql -X -c \d t: exit 0 */
static const char d_table_out[] =
    "                        Table \"public.t\"\n"
    " Column |         Type          | Collation | Nullable | Default \n"
    "--------+-----------------------+-----------+----------+---------\n"
    " a      | integer               |           | not null | \n"
    " b      | character varying(10) |           |          | \n"
    "\n";
static const char d_table_err[] =
"";
/* psql -X -c \d t*: exit 0 */
static const char d_tables_out[] =
    "                        Table \"public.t\"\n"
    " Column |         Type          | Collation | Nullable | Default \n"
    "--------+-----------------------+-----------+----------+---------\n"
    " a      | integer               |           | not null | \n"
    " b      | character varying(10) |           |          | \n"
    "\n"
    "                 Table \"public.t1\"\n"
    " Column |  Type   | Collation | Nullable | Default \n"
    "--------+---------+-----------+----------+---------\n"
    " a      | integer |           |          | \n"
    "\n"
    "                 Table \"public.t2\"\n"
    " Column |  Type   | Collation | Nullable | Default \n"
    "--------+---------+-----------+----------+---------\n"
    " a      | integer |           |          | \n"
    "\n";
static const char d_tables_err[] =
"";
/* psql -X -c \d nosuch: exit 1 */
static const char d_none_out[] =
"";
static const char d_none_err[] =
    "Did not find any relation named \"nosuch\".\n";
/* psql -X -A -c \d "Mixed Case": exit 0 */
static const char d_table_unaligned_out[] =
    "Table \"public.Mixed Case\"\n"
    "Column|Type|Collation|Nullable|Default\n"
    "a|integer|||\n";
static const char d_table_unaligned_err[] =
"";

/* Runs sql with exec_sql and compares the captured streams. */
static void expect_exec(session *s, const char *sql, bool ok, const char *out, const char *err)
{
    bool got = exec_sql(&s->sh, sql);
    session_flush(s);
    ck_assert_str_eq(s->err_text, err);
    ck_assert_str_eq(s->out_text, out);
    ck_assert_int_eq(got, ok);
    ck_assert_int_eq(fake_kernel_live_statements(), 0);
}

static void setup(void)
{
    fake_kernel_reset();
    setenv("USER", "root", 1);
}

START_TEST(test_several_statements)
{
    fake_kernel_add_value("select 1", "?column?", 23, "1");
    fake_kernel_add_value("select 2", "?column?", 23, "2");
    session s;
    session_open(&s);
    s.sh.terse = true;
    expect_exec(&s, "select 1; select 2", true, two_selects_out, two_selects_err);
    session_close(&s);
}
END_TEST

START_TEST(test_error_position_in_later_statement)
{
    fake_kernel_add_value("select 1", "?column?", 23, "1");
    fake_kernel_add_value("select 2", "?column?", 23, "2");
    fake_kernel_add(&(fake_result){.sql = "select x", .error = "column \"x\" does not exist",
                                   .errpos = 8});
    session s;
    session_open(&s);
    s.sh.terse = true;
    expect_exec(&s, "select 1;\nselect 2;\nselect x", false, third_fails_out, third_fails_err);
    ck_assert_uint_eq(fake_kernel_prepared_count(), 3);
    session_close(&s);
}
END_TEST

static void add_returning(const char *sql, const char *tag, int nrows)
{
    fake_kernel_add(&(fake_result){.sql = sql, .ncols = 2, .names = {"a", "b"}, .types = {23, 25},
                                   .nrows = nrows, .rows = {{"1", "x"}}, .tag = tag});
}

START_TEST(test_returning)
{
    fake_kernel_add_command("create temp table r(a int, b text)", "CREATE TABLE");
    add_returning("insert into r values (1, 'x') returning a, b", "INSERT 0 1", 1);
    const char *sql = "create temp table r(a int, b text); insert into r values (1, 'x') returning a, b";
    session s;
    session_open(&s);
    expect_exec(&s, sql, true, returning_out, returning_err);
    session_close(&s);

    session_open(&s);
    ck_assert(shell_set_var(&s.sh, "QUIET", "on"));
    expect_exec(&s, sql, true, returning_quiet_out, returning_quiet_err);
    session_close(&s);
}
END_TEST

START_TEST(test_returning_modes)
{
    fake_kernel_add_command("create temp table r(a int)", "CREATE TABLE");
    fake_kernel_add(&(fake_result){.sql = "delete from r returning a", .ncols = 1, .names = {"a"},
                                   .types = {23}, .tag = "DELETE 0"});
    session s;
    session_open(&s);
    s.sh.popt.format = PRINT_UNALIGNED;
    expect_exec(&s, "create temp table r(a int); delete from r returning a", true,
                returning_unaligned_out, returning_unaligned_err);
    session_close(&s);
}
END_TEST

START_TEST(test_returning_tuples_only)
{
    fake_kernel_add_command("create temp table r(a int)", "CREATE TABLE");
    fake_kernel_add(&(fake_result){.sql = "insert into r values (1) returning a", .ncols = 1,
                                   .names = {"a"}, .types = {23}, .nrows = 1, .rows = {{"1"}},
                                   .tag = "INSERT 0 1"});
    session s;
    session_open(&s);
    s.sh.popt.tuples_only = true;
    expect_exec(&s, "create temp table r(a int); insert into r values (1) returning a", true,
                returning_tuples_out, returning_tuples_err);
    session_close(&s);
}
END_TEST

START_TEST(test_command_tags)
{
    fake_kernel_add_command("create temp table r(a int)", "CREATE TABLE");
    fake_kernel_add_command("insert into r values (1)", "INSERT 0 1");
    fake_kernel_add_command("delete from r", "DELETE 1");
    session s;
    session_open(&s);
    expect_exec(&s, "create temp table r(a int); insert into r values (1); delete from r", true,
                tags_out, tags_err);
    session_close(&s);
}
END_TEST

START_TEST(test_runtime_error)
{
    fake_kernel_add(&(fake_result){.sql = "select 1/0", .ncols = 1, .names = {"?column?"},
                                   .types = {23}, .error = "division by zero",
                                   .fail_at_step = true});
    session s;
    session_open(&s);
    s.sh.terse = true;
    expect_exec(&s, "select 1/0", false, division_out, division_err);
    session_close(&s);
}
END_TEST

START_TEST(test_notice)
{
    fake_kernel_add(&(fake_result){.sql = "drop table if exists nosuch", .tag = "DROP TABLE",
                                   .notice = "table \"nosuch\" does not exist, skipping"});
    session s;
    session_open(&s);
    expect_exec(&s, "drop table if exists nosuch", true, notice_out, notice_err);
    session_close(&s);
}
END_TEST

START_TEST(test_detail)
{
    fake_kernel_add_command("create temp table u(a int primary key)", "CREATE TABLE");
    fake_kernel_add_command("insert into u values (1)", "INSERT 0 1");
    session s;
    session_open(&s);
    ck_assert(exec_sql(&s.sh, "create temp table u(a int primary key); insert into u values (1)"));
    fake_kernel_reset();
    fake_kernel_add(&(fake_result){
        .sql = "insert into u values (1)",
        .error = "duplicate key value violates unique constraint \"u_pkey\"",
        .detail = "Key (a)=(1) already exists.",
        .fail_at_step = true});
    ck_assert(!exec_sql(&s.sh, "insert into u values (1)"));
    session_flush(&s);
    ck_assert_str_eq(s.out_text, unique_out);
    ck_assert_str_eq(s.err_text, unique_err);
    session_close(&s);
}
END_TEST

START_TEST(test_comment_only_and_empty)
{
    session s;
    session_open(&s);
    expect_exec(&s, "  ;; -- nothing", true, "", "");
    ck_assert_uint_eq(fake_kernel_prepared_count(), 0);
    session_close(&s);
}
END_TEST

START_TEST(test_zero_column_result_and_nulls)
{
    fake_kernel_add(&(fake_result){.sql = "select 1 as a, null::int as bbbb", .ncols = 2,
                                   .names = {"a", "bbbb"}, .types = {23, 23}, .nrows = 1,
                                   .rows = {{"1", NULL}}, .tag = "SELECT 1"});
    session s;
    session_open(&s);
    /* psql -X -c "select 1 as a, null::int as bbbb" */
    expect_exec(&s, "select 1 as a, null::int as bbbb", true,
                " a | bbbb \n"
                "---+------\n"
                " 1 |     \n"
                "(1 row)\n"
                "\n",
                "");
    session_close(&s);
}
END_TEST

START_TEST(test_timing_line)
{
    fake_kernel_add_value("select 1", "?column?", 23, "1");
    session s;
    session_open(&s);
    s.sh.timing = true;
    s.sh.popt.tuples_only = true;
    s.sh.popt.format = PRINT_UNALIGNED;
    ck_assert(exec_sql(&s.sh, "select 1"));
    session_flush(&s);
    ck_assert_msg(strncmp(s.out_text, "1\nTime: ", 8) == 0, "%s", s.out_text);
    ck_assert_msg(strcmp(s.out_text + strlen(s.out_text) - 4, " ms\n") == 0, "%s", s.out_text);
    session_close(&s);
}
END_TEST

/* The catalog as the kernel's views would return it, in no particular order. */
static void add_catalog(void)
{
    fake_result t = {0};
    t.sql = "SELECT name, backend, ncols, kind, schema, visible FROM sunstone_tables";
    t.ncols = 6;
    t.names[0] = "name";
    t.names[1] = "backend";
    t.names[2] = "ncols";
    t.names[3] = "kind";
    t.names[4] = "schema";
    t.names[5] = "visible";
    t.types[2] = 23;
    t.types[5] = 16;
    const char *tables[][4] = {{"t2", "memory", "1", "table"},         {"t", "memory", "2", "table"},
                               {"longer_table_name", "memory", "1", "table"}, {"Mixed Case", "memory", "1", "table"},
                               {"t1", "lsm", "1", "table"},            {"Mixed", "memory", "1", "table"}};
    t.nrows = 6;
    for (int i = 0; i < 6; i++) {
        for (int c = 0; c < 4; c++)
            t.rows[i][c] = tables[i][c];
        t.rows[i][4] = "public";
        t.rows[i][5] = "t";
    }
    t.tag = "SELECT 6";
    fake_kernel_add(&t);
    /* what \d NAME reads: the same with the CHECK and FOREIGN KEY constraints and the
       indexes (none), then the schema and visibility */
    t.sql = "SELECT name, backend, ncols, kind, check_constraints, foreign_keys, referenced_by, indexes, schema, "
            "visible FROM sunstone_tables";
    t.ncols = 10;
    t.names[4] = "check_constraints";
    t.names[5] = "foreign_keys";
    t.names[6] = "referenced_by";
    t.names[7] = "indexes";
    t.names[8] = "schema";
    t.names[9] = "visible";
    t.types[5] = 0;
    t.types[9] = 16;
    for (int i = 0; i < 6; i++) {
        t.rows[i][4] = t.rows[i][5] = NULL;
        t.rows[i][8] = "public";
        t.rows[i][9] = "t";
    }
    fake_kernel_add(&t);

    fake_result c = {0};
    c.sql = "SELECT table_name, column_name, position, type_name, not_null, default_value, table_schema FROM "
            "sunstone_columns";
    c.ncols = 7; /* default_value: NULL (none) */
    c.names[6] = "table_schema";
    c.names[5] = "default_value";
    c.names[0] = "table_name";
    c.names[1] = "column_name";
    c.names[2] = "position";
    c.types[2] = 23;
    c.names[3] = "type_name";
    c.names[4] = "not_null";
    c.types[4] = 16;
    const char *cols[][5] = {{"t", "b", "2", "character varying(10)", "f"},
                             {"t1", "a", "1", "integer", "f"},
                             {"Mixed", "id", "1", "bigint", "f"},
                             {"t", "a", "1", "integer", "t"},
                             {"t2", "a", "1", "integer", "f"},
                             {"Mixed Case", "a", "1", "integer", "f"},
                             {"longer_table_name", "x", "1", "text", "f"}};
    c.nrows = 7;
    for (int i = 0; i < 7; i++) {
        for (int k = 0; k < 5; k++)
            c.rows[i][k] = cols[i][k];
        c.rows[i][6] = "public";
    }
    c.tag = "SELECT 7";
    fake_kernel_add(&c);

    /* what \d NAME reads of indexes and sequences: none */
    fake_result ix = {0};
    ix.sql = "SELECT index_name, table_name, position, column_name, type_name, is_unique, is_primary, method, "
             "definition, predicate, is_deferrable, is_initially_deferred FROM sunstone_index_columns";
    ix.ncols = 12;
    const char *ixnames[12] = {"index_name", "table_name", "position",   "column_name", "type_name",
                               "is_unique",  "is_primary", "method",     "definition",  "predicate",
                               "is_deferrable", "is_initially_deferred"};
    for (int k = 0; k < 12; k++)
        ix.names[k] = ixnames[k];
    ix.tag = "SELECT 0";
    fake_kernel_add(&ix);
    fake_result sq = {0};
    sq.sql = "SELECT name, data_type, start_value, min_value, max_value, increment_by, cycle, cache_size, "
             "owner_table, owner_column, owner_kind FROM sunstone_sequences";
    sq.ncols = 11;
    const char *sqnames[11] = {"name", "data_type", "start_value", "min_value", "max_value", "increment_by",
                               "cycle", "cache_size", "owner_table", "owner_column", "owner_kind"};
    for (int k = 0; k < 11; k++)
        sq.names[k] = sqnames[k];
    sq.tag = "SELECT 0";
    fake_kernel_add(&sq);
}


static bool list_tables(shell *sh, const char *pattern)
{
    return describe_list_tables(sh, pattern, false, "table");
}

static bool show_tables(shell *sh, const char *pattern)
{
    return describe_tables(sh, pattern, false);
}

/* \dt and \d as psql 15 prints them for the same tables: {what, arg, aligned, quiet, returns,
 * stdout, stderr}. */
typedef struct describe_case {
    const char *name;
    bool (*run)(shell *sh, const char *arg);
    const char *arg;
    bool aligned, quiet, ok;
    const char *out, *err;
} describe_case;

static const describe_case describe_cases[] = {
    {"\\dt", list_tables, NULL, true, false, true, dt_out, dt_err},
    {"\\dt unaligned", list_tables, NULL, false, false, true, dt_unaligned_out, dt_unaligned_err},
    {"\\dt t?", list_tables, "t?", true, false, true, dt_pattern_out, dt_pattern_err},
    {"\\dt x*", list_tables, "x*", true, false, true, dt_none_out, dt_none_err},
    {"\\dt x* quiet", list_tables, "x*", true, true, true, dt_none_quiet_out, dt_none_quiet_err},
    {"\\d t", show_tables, "t", true, false, true, d_table_out, d_table_err},
    {"\\d t*", show_tables, "t*", true, false, true, d_tables_out, d_tables_err},
    {"\\d nosuch", show_tables, "nosuch", true, false, false, d_none_out, d_none_err},
    /* psql -q fails the same way but says nothing. */
    {"\\d nosuch quiet", show_tables, "nosuch", true, true, false, "", ""},
    {"\\d \"Mixed Case\" unaligned", show_tables, "\"Mixed Case\"", false, false, true,
     d_table_unaligned_out, d_table_unaligned_err},
};

START_TEST(test_describe)
{
    const describe_case *c = &describe_cases[_i];
    add_catalog();
    session s;
    session_open(&s);
    s.sh.terse = true;
    s.sh.popt.format = c->aligned ? PRINT_ALIGNED : PRINT_UNALIGNED;
    s.sh.quiet = c->quiet;
    ck_assert_msg(c->run(&s.sh, c->arg) == c->ok, "%s: returned %d", c->name, !c->ok);
    session_flush(&s);
    ck_assert_str_eq(s.err_text, c->err);
    ck_assert_str_eq(s.out_text, c->out);
    session_close(&s);
}
END_TEST

START_TEST(test_d_verbose)
{
    add_catalog();
    session s;
    session_open(&s);
    ck_assert(describe_tables(&s.sh, "t1", true));
    ck_assert(describe_list_tables(&s.sh, "t1", true, "table"));
    session_flush(&s);
    ck_assert_str_eq(s.out_text, "                 Table \"public.t1\"\n"
                                 " Column |  Type   | Collation | Nullable | Default \n"
                                 "--------+---------+-----------+----------+---------\n"
                                 " a      | integer |           |          | \n"
                                 "Access method: lsm\n"
                                 "\n"
                                 "               List of relations\n"
                                 " Schema | Name | Type  | Owner | Access method \n"
                                 "--------+------+-------+-------+---------------\n"
                                 " public | t1   | table | root  | lsm\n"
                                 "(1 row)\n"
                                 "\n");
    session_close(&s);
}
END_TEST

START_TEST(test_dx)
{
    fake_result p = {0};
    p.sql = "SELECT name, kind, version, abi, path FROM sunstone_plugins";
    p.ncols = 5;
    p.names[0] = "name";
    p.names[1] = "kind";
    p.names[2] = "version";
    p.names[3] = "abi";
    p.names[4] = "path";
    const char *rows[][5] = {{"lsm", "storage", "0.1.0", "1", "/usr/lib/sunstone/modules/lsm.so"},
                             {"hash_join", "operator", "0.1.0", "1", "/m/hash_join.so"}};
    p.nrows = 2;
    for (int i = 0; i < 2; i++)
        for (int c = 0; c < 5; c++)
            p.rows[i][c] = rows[i][c];
    fake_kernel_add(&p);
    session s;
    session_open(&s);
    ck_assert(describe_plugins(&s.sh, NULL));
    ck_assert(describe_plugins(&s.sh, "nomatch"));
    session_flush(&s);
    ck_assert_str_eq(s.out_text,
                     "                        List of installed plugins\n"
                     "   Name    |   Kind   | Version | ABI |               Path               \n"
                     "-----------+----------+---------+-----+----------------------------------\n"
                     " hash_join | operator | 0.1.0   | 1   | /m/hash_join.so\n"
                     " lsm       | storage  | 0.1.0   | 1   | /usr/lib/sunstone/modules/lsm.so\n"
                     "(2 rows)\n"
                     "\n"
                     "     List of installed plugins\n"
                     " Name | Kind | Version | ABI | Path \n"
                     "------+------+---------+-----+------\n"
                     "(0 rows)\n"
                     "\n");
    session_close(&s);
}
END_TEST

START_TEST(test_catalog_view_missing)
{
    session s;
    session_open(&s);
    s.sh.terse = true;
    ck_assert(!describe_list_tables(&s.sh, NULL, false, NULL));
    session_flush(&s);
    ck_assert_str_eq(s.err_text, "ERROR:  fake kernel has no result for \"SELECT name, backend, "
                                 "ncols, kind, schema, visible FROM sunstone_tables\"\n");
    session_close(&s);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("exec");
    TCase *tc = tcase_create("exec");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, test_several_statements);
    tcase_add_test(tc, test_error_position_in_later_statement);
    tcase_add_test(tc, test_returning);
    tcase_add_test(tc, test_returning_modes);
    tcase_add_test(tc, test_returning_tuples_only);
    tcase_add_test(tc, test_command_tags);
    tcase_add_test(tc, test_runtime_error);
    tcase_add_test(tc, test_notice);
    tcase_add_test(tc, test_detail);
    tcase_add_test(tc, test_comment_only_and_empty);
    tcase_add_test(tc, test_zero_column_result_and_nulls);
    tcase_add_test(tc, test_timing_line);
    tcase_add_loop_test(tc, test_describe, 0,
                        (int)(sizeof describe_cases / sizeof describe_cases[0]));
    tcase_add_test(tc, test_d_verbose);
    tcase_add_test(tc, test_dx);
    tcase_add_test(tc, test_catalog_view_missing);
    suite_add_tcase(s, tc);
    return s;
}
