/* test_abi2.c — the ABI 2.0 step: the loader refuses a module built for 1.x naming abi_major,
 * and an operator vtable of version 1 naming version; the checked node accessor tells kinds
 * and sizes apart; plans are read-only once built (a prepared statement with LIMIT / OFFSET
 * parameters and a top-N sort runs many times and leaves every byte of its plan as the binder
 * built it) while the limit's bound reaches the sort (top-N); the column gather service copies selected rows into a dense vector. */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/statement.h"
#include "exec/executor.h"
#include "exec/vector.h"
#include "loader/loader.h"
#include "sunstone.h"

static sunstone *open_db(bool modules)
{
    sunstone *db;
    sunstone_config cfg = {sizeof cfg, getenv("SUNSTONE_MODULE_DIR"), !modules, NULL};
    ck_assert_int_eq(sunstone_open_v2(NULL, &db, &cfg), SUNSTONE_OK);
    return db;
}

static int load(sunstone *db, const char *name)
{
    const char *dir = getenv("SUNSTONE_TEST_PLUGIN_DIR");
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s.so", dir ? dir : "tests/plugins", name);
    return sunstone_load_plugin(db, path);
}

START_TEST(module_built_for_abi_1_is_refused_naming_abi_major)
{
    sunstone *db = open_db(false);
    ck_assert_int_eq(load(db, "test_abi1"), SUNSTONE_ERROR);
    ck_assert_msg(strstr(sunstone_errmsg(db), "plugin \"test_abi1\" built for ABI 1.3: abi_major is 1, this kernel needs 2"),
                  "%s", sunstone_errmsg(db));
    ck_assert_ptr_nonnull(sunstone_errhint(db));
    ck_assert(strstr(sunstone_errhint(db), "Rebuild") != NULL);
    ck_assert_uint_eq(db->database->registry.nregs, 0);
    ck_assert_uint_eq(db->database->registry.nmodules, 0);
    sunstone_close(db);
}
END_TEST

START_TEST(operator_vtable_version_1_is_refused_naming_version)
{
    sunstone *db = open_db(false);
    ck_assert_int_eq(load(db, "test_opv1"), SUNSTONE_ERROR);
    ck_assert_msg(strstr(sunstone_errmsg(db), "operator vtable \"test_opv1_op\" has version 1, kernel supports 2..2"),
                  "%s", sunstone_errmsg(db));
    ck_assert_uint_eq(db->database->registry.nregs, 0);
    sunstone_close(db);
}
END_TEST

START_TEST(node_accessor_checks_kind_and_size)
{
    ss_sort_node sort = {.hdr = {.struct_size = sizeof sort, .kind = SS_NODE_SORT}};
    ck_assert_ptr_eq(SS_PLAN_NODE_AS(&sort.hdr, SS_NODE_SORT, ss_sort_node), &sort);
    ck_assert_ptr_null(SS_PLAN_NODE_AS(&sort.hdr, SS_NODE_LIMIT, ss_limit_node));
    sort.hdr.struct_size = sizeof(ss_plan_node); /* a header without the kind's fields */
    ck_assert_ptr_null(SS_PLAN_NODE_AS(&sort.hdr, SS_NODE_SORT, ss_sort_node));
    ck_assert_ptr_null(SS_PLAN_NODE_AS(NULL, SS_NODE_SORT, ss_sort_node));
}
END_TEST

/* Every node of the plan, byte for byte, appended to buf. */
static size_t snapshot(const ss_plan_node *n, unsigned char *buf, size_t used, size_t cap)
{
    ck_assert_uint_le(used + n->struct_size, cap);
    memcpy(buf + used, n, n->struct_size);
    used += n->struct_size;
    for (uint32_t i = 0; i < n->nchildren; i++)
        used = snapshot(n->children[i], buf, used, cap);
    return used;
}

static void exec_ok(sunstone *db, const char *sql)
{
    ck_assert_msg(sunstone_exec(db, sql, NULL, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

/* The rows of one execution as "v1,v2,...". */
static void run(sunstone_stmt *st, long long limit, long long offset, char *out, size_t n)
{
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_int64(st, 1, limit), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_int64(st, 2, offset), SUNSTONE_OK);
    out[0] = '\0';
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", len ? "," : "", sunstone_column_text(st, 0));
    }
    ck_assert_int_eq(rc, SUNSTONE_DONE);
}

START_TEST(plans_are_read_only_once_built)
{
    sunstone *db = open_db(true);
    exec_ok(db, "CREATE TABLE t (a int)");
    exec_ok(db, "INSERT INTO t VALUES (5),(3),(9),(1),(7),(2),(8),(4),(6),(10)");
    for (int i = 0; i < 6; i++) /* enough rows that a small bound takes the top-N path */
        exec_ok(db, "INSERT INTO t SELECT a + 10 FROM t");
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM t ORDER BY a LIMIT $1 OFFSET $2", -1, &st, NULL),
                     SUNSTONE_OK);
    char rows[256];
    run(st, 3, 0, rows, sizeof rows); /* binds: the plan is complete now */
    ck_assert_str_eq(rows, "1,2,3");
    static unsigned char before[8192], after[8192];
    size_t n = snapshot(st->bound->plan, before, 0, sizeof before);
    run(st, 2, 4, rows, sizeof rows);
    ck_assert_str_eq(rows, "5,6");
    run(st, 4, 0, rows, sizeof rows);
    ck_assert_str_eq(rows, "1,2,3,4");
    run(st, 0, 0, rows, sizeof rows);
    ck_assert_str_eq(rows, "");
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_int64(st, 1, -1), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "2201W");
    ck_assert_str_eq(sunstone_errmsg(db), "LIMIT must not be negative");
    run(st, 1, 9, rows, sizeof rows);
    ck_assert_str_eq(rows, "10");
    /* the limit told the sort its bound (op_set_bound): mid-run, the sort kept a top-N heap */
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_int64(st, 1, 3), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_int64(st, 2, 1), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    char **lines;
    uint32_t nlines;
    ck_assert_int_eq(ss_exec_explain(&st->ctx, st->root, &lines, &nlines), SS_OK);
    bool top_n = false;
    for (uint32_t i = 0; i < nlines; i++)
        top_n |= strstr(lines[i], "sort (sort)") && strstr(lines[i], "(top-N heap, 4 rows)");
    ck_assert_msg(top_n, "no top-N sort in: %s / %s", lines[0], nlines > 1 ? lines[1] : "");
    ck_assert_uint_eq(snapshot(st->bound->plan, after, 0, sizeof after), n);
    ck_assert(memcmp(before, after, n) == 0);
    sunstone_finalize(st);
    sunstone_close(db);
}
END_TEST

START_TEST(gather_copies_selected_rows_densely)
{
    const ss_api *api = ss_kernel_api();
    ss_error err;
    memset(&err, 0, sizeof err);
    ss_ctx ctx = {.err = &err};
    ss_vector *src = api->vector_create((ss_type){SS_TYPE_INT4, -1}, 8);
    ss_vector *dst = api->vector_create((ss_type){SS_TYPE_INT4, -1}, 8);
    for (uint32_t i = 0; i < 8; i++) {
        ss_value v = {.v.i = (int64_t)i * 10};
        v.is_null = i == 5;
        ck_assert_int_eq(api->vector_set_value(&ctx, src, i, &v), SS_OK);
    }
    const uint32_t rows[] = {7, 5, 0, 2};
    ck_assert_int_eq(api->vector_gather(&ctx, src, rows, 4, dst), SS_OK);
    ss_value out;
    ss_vector_get_value(dst, 0, &out);
    ck_assert(!out.is_null && out.v.i == 70);
    ss_vector_get_value(dst, 1, &out);
    ck_assert(out.is_null);
    ss_vector_get_value(dst, 2, &out);
    ck_assert(!out.is_null && out.v.i == 0);
    ss_vector_get_value(dst, 3, &out);
    ck_assert(!out.is_null && out.v.i == 20);
    /* rows NULL: the first n, densely; the old NULL at row 1 is gone */
    ck_assert_int_eq(api->vector_gather(&ctx, src, NULL, 3, dst), SS_OK);
    ss_vector_get_value(dst, 1, &out);
    ck_assert(!out.is_null && out.v.i == 10);
    /* another layout is refused */
    ss_vector *txt = api->vector_create((ss_type){SS_TYPE_TEXT, -1}, 8);
    ck_assert_int_eq(api->vector_gather(&ctx, src, rows, 4, txt), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, SS_SQLSTATE_INTERNAL_ERROR);
    ss_error_clear(&err);
    api->vector_destroy(src);
    api->vector_destroy(dst);
    api->vector_destroy(txt);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("abi2");
    TCase *tc = tcase_create("abi2");
    tcase_add_test(tc, module_built_for_abi_1_is_refused_naming_abi_major);
    tcase_add_test(tc, operator_vtable_version_1_is_refused_naming_version);
    tcase_add_test(tc, node_accessor_checks_kind_and_size);
    tcase_add_test(tc, plans_are_read_only_once_built);
    tcase_add_test(tc, gather_copies_selected_rows_densely);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
