/* test_plugin_kinds.c — every plugin kind's registration checks, message by message: NULL
 * vtable, short struct, bad version, no name, kind-specific fields, each missing required
 * callback, the storage vtable's all-or-none statement callbacks, registration outside
 * sunstone_plugin_init, duplicates, a good registration of each kind under its
 * sunstone_plugins kind name, and that view's experimental column; the aggregate kind's
 * own checks (arguments, state size, required callbacks).  Registration goes through the kernel's ss_api slots. */
#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/database.h"
#include "loader/loader.h"
#include "loader/plugin_ctx.h"
#include "sunstone.h"

static void dummy(void)
{
}

/* a non-NULL value for any callback field (never called) */
#define CB(vt, field) ((vt).field = (__typeof__((vt).field))dummy)

typedef struct fixture {
    sunstone *db;
    ss_module mod;
    ss_error err;
    ss_plugin plugin;
} fixture;

/* A database without modules (bare), or with the bundled ones (to run queries). */
static void fixture_open_dir(fixture *f, const char *dir)
{
    memset(f, 0, sizeof *f);
    sunstone_config cfg = {sizeof cfg, dir, dir == NULL, NULL};
    ck_assert_int_eq(sunstone_open_v2(NULL, &f->db, &cfg), SUNSTONE_OK);
    f->mod.name = "m";
    f->mod.version = "1.0";
    f->mod.path = "/m.so";
    ss_error_clear(&f->err);
    ss_ctx session;
    ss_session_ctx(f->db, &session);
    ss_plugin_ctx_init(&f->plugin, &session, &f->mod, &f->err);
}

static void fixture_open(fixture *f)
{
    fixture_open_dir(f, NULL);
}

static void fixture_close(fixture *f)
{
    ss_error_clear(&f->err);
    sunstone_close(f->db);
}

static ss_operator_vtable good_operator(void)
{
    ss_operator_vtable v = {.struct_size = sizeof v, .version = SS_OPERATOR_VTABLE_VERSION,
                            .name = "k_op", .node_kind = SS_NODE_LIMIT};
    CB(v, open), CB(v, next_batch), CB(v, close), CB(v, rescan);
    return v;
}

static ss_storage_vtable good_storage(void)
{
    ss_storage_vtable v = {.struct_size = sizeof v, .version = SS_STORAGE_VTABLE_VERSION, .name = "k_st"};
    CB(v, backend_open), CB(v, backend_close), CB(v, table_create), CB(v, table_drop), CB(v, insert);
    CB(v, scan_begin), CB(v, scan_next_batch), CB(v, scan_next_row), CB(v, scan_end);
    return v;
}

static ss_auth_vtable good_auth(void)
{
    ss_auth_vtable v = {.struct_size = sizeof v, .version = SS_AUTH_VTABLE_VERSION, .name = "k_auth"};
    CB(v, start), CB(v, step), CB(v, finish);
    return v;
}

static ss_window_vtable good_window(void)
{
    ss_window_vtable v = {.struct_size = sizeof v, .version = SS_WINDOW_VTABLE_VERSION, .name = "k_win",
                          .min_args = 0, .max_args = 1};
    CB(v, result_type), CB(v, evaluate);
    return v;
}

static ss_aggregate_vtable good_aggregate(void)
{
    ss_aggregate_vtable v = {.struct_size = sizeof v, .version = SS_AGGREGATE_VTABLE_VERSION, .name = "k_agg",
                             .min_args = 1, .max_args = 2, .state_size = 8};
    CB(v, result_type), CB(v, init), CB(v, step), CB(v, final);
    return v;
}

static ss_snapshot_vtable good_snapshot(void)
{
    ss_snapshot_vtable v = {.struct_size = sizeof v, .version = SS_SNAPSHOT_VTABLE_VERSION, .name = "k_snap"};
    CB(v, create), CB(v, destroy), CB(v, record_commit), CB(v, at_time), CB(v, of_xid), CB(v, count), CB(v, nth),
        CB(v, forget_before);
    return v;
}

/* One refused registration: the exact message recorded, nothing registered. */
#define EXPECT_REFUSED(f, call, want)                                                     \
    do {                                                                                  \
        ss_error_clear(&(f)->err);                                                        \
        ck_assert_int_eq((call), SS_ERROR);                                               \
        ck_assert_ptr_nonnull((f)->err.message);                                          \
        ck_assert_str_eq((f)->err.message, (want));                                       \
        ck_assert_str_eq((f)->err.sqlstate, SS_SQLSTATE_PLUGIN_ERROR);                    \
        ck_assert_uint_eq((f)->db->database->registry.nregs, 0);                                    \
    } while (0)

START_TEST(operator_checks)
{
    fixture f;
    fixture_open(&f);
    const ss_api *api = ss_kernel_api();
    char want[256];
    ss_operator_vtable v;
    EXPECT_REFUSED(&f, api->register_operator(&f.plugin, NULL, false), "operator vtable is NULL");
    v = good_operator();
    v.struct_size = 8;
    snprintf(want, sizeof want,
             "operator vtable \"k_op\" has struct_size 8, smaller than the %zu bytes of version 2",
             offsetof(ss_operator_vtable, set_bound) + sizeof v.set_bound);
    EXPECT_REFUSED(&f, api->register_operator(&f.plugin, &v, false), want);
    v = good_operator();
    v.version = 0;
    EXPECT_REFUSED(&f, api->register_operator(&f.plugin, &v, false),
                   "operator vtable \"k_op\" has version 0, kernel supports 2..2");
    v.version = 3;
    v.name = NULL;
    EXPECT_REFUSED(&f, api->register_operator(&f.plugin, &v, false),
                   "operator vtable \"?\" has version 3, kernel supports 2..2");
    v = good_operator();
    v.name = "";
    EXPECT_REFUSED(&f, api->register_operator(&f.plugin, &v, false), "operator vtable has no name");
    v = good_operator();
    v.node_kind = SS_NODE_PLUGIN_FIRST - 1; /* a number no kind has */
    EXPECT_REFUSED(&f, api->register_operator(&f.plugin, &v, false), "operator \"k_op\" has unknown node kind 1023");
    v.node_kind = 0;
    v.open = NULL;
    EXPECT_REFUSED(&f, api->register_operator(&f.plugin, &v, false), "operator \"k_op\" has unknown node kind 0");
    v = good_operator();
    v.open = NULL;
    v.close = NULL;
    EXPECT_REFUSED(&f, api->register_operator(&f.plugin, &v, false),
                   "operator \"k_op\" is missing required callback open");
    v = good_operator();
    v.rescan = NULL;
    EXPECT_REFUSED(&f, api->register_operator(&f.plugin, &v, false),
                   "operator \"k_op\" is missing required callback rescan");
    fixture_close(&f);
}
END_TEST

START_TEST(storage_checks)
{
    fixture f;
    fixture_open(&f);
    const ss_api *api = ss_kernel_api();
    char want[256];
    ss_storage_vtable v;
    EXPECT_REFUSED(&f, api->register_storage(&f.plugin, NULL, false), "storage backend vtable is NULL");
    v = good_storage();
    v.struct_size = 16;
    snprintf(want, sizeof want,
             "storage backend vtable \"k_st\" has struct_size 16, smaller than the %zu bytes of version 1",
             offsetof(ss_storage_vtable, scan_end) + sizeof v.scan_end);
    EXPECT_REFUSED(&f, api->register_storage(&f.plugin, &v, false), want);
    v = good_storage();
    v.version = 12;
    EXPECT_REFUSED(&f, api->register_storage(&f.plugin, &v, false),
                   "storage backend vtable \"k_st\" has version 12, kernel supports 1..11");
    /* version 6: the durable-database callbacks come together */
    v = good_storage();
    CB(v, catalog_load);
    CB(v, table_storage_id);
    CB(v, table_open);
    CB(v, table_close);
    CB(v, txn_commit);
    EXPECT_REFUSED(&f, api->register_storage(&f.plugin, &v, false),
                   "storage backend \"k_st\" is missing callback txn_abort (the durable-database callbacks of "
                   "version 6 come together)");
    /* (hist11) version 9: txn_commit_history and history_load come together, on a durable backend */
    v = good_storage();
    CB(v, txn_commit_history);
    EXPECT_REFUSED(&f, api->register_storage(&f.plugin, &v, false),
                   "storage backend \"k_st\" is missing callback history_load (the commit-history callbacks of "
                   "version 9 come together, with those of version 6)");
    CB(v, history_load);
    EXPECT_REFUSED(&f, api->register_storage(&f.plugin, &v, false),
                   "storage backend \"k_st\" is missing callback txn_commit (the commit-history callbacks of "
                   "version 9 come together, with those of version 6)");
    /* (gch11) version 11: txn_commit_append and txn_commit_wait come together, with version 9's */
    v = good_storage();
    CB(v, txn_commit_append);
    EXPECT_REFUSED(&f, api->register_storage(&f.plugin, &v, false),
                   "storage backend \"k_st\" is missing callback txn_commit_wait (the split-commit callbacks of "
                   "version 11 come together, with those of version 9)");
    CB(v, txn_commit_wait);
    EXPECT_REFUSED(&f, api->register_storage(&f.plugin, &v, false),
                   "storage backend \"k_st\" is missing callback txn_commit_history (the split-commit callbacks of "
                   "version 11 come together, with those of version 9)");
    /* (A) version 5: add_column and drop_column come together */
    v = good_storage();
    CB(v, add_column);
    EXPECT_REFUSED(&f, api->register_storage(&f.plugin, &v, false),
                   "storage backend \"k_st\" is missing callback drop_column (add_column, drop_column come together)");
    v = good_storage();
    CB(v, drop_column);
    EXPECT_REFUSED(&f, api->register_storage(&f.plugin, &v, false),
                   "storage backend \"k_st\" is missing callback add_column (add_column, drop_column come together)");
    static const char *const required[] = {"backend_open", "backend_close", "table_create",
                                           "table_drop", "insert", "scan_begin",
                                           "scan_next_batch", "scan_next_row", "scan_end"};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        v = good_storage();
        switch (i) {
        case 0: v.backend_open = NULL; break;
        case 1: v.backend_close = NULL; break;
        case 2: v.table_create = NULL; break;
        case 3: v.table_drop = NULL; break;
        case 4: v.insert = NULL; break;
        case 5: v.scan_begin = NULL; break;
        case 6: v.scan_next_batch = NULL; break;
        case 7: v.scan_next_row = NULL; break;
        default: v.scan_end = NULL; break;
        }
        snprintf(want, sizeof want, "storage backend \"k_st\" is missing required callback %s", required[i]);
        EXPECT_REFUSED(&f, api->register_storage(&f.plugin, &v, false), want);
    }
    /* statement callbacks: all three or none */
    static const char *const stmt[] = {"stmt_begin", "stmt_commit", "stmt_abort"};
    for (int missing = 0; missing < 3; missing++) {
        v = good_storage();
        CB(v, stmt_begin), CB(v, stmt_commit), CB(v, stmt_abort);
        if (missing == 0)
            v.stmt_begin = NULL;
        else if (missing == 1)
            v.stmt_commit = NULL;
        else
            v.stmt_abort = NULL;
        snprintf(want, sizeof want,
                 "storage backend \"k_st\" is missing callback %s (stmt_begin, stmt_commit and "
                 "stmt_abort come together)",
                 stmt[missing]);
        EXPECT_REFUSED(&f, api->register_storage(&f.plugin, &v, false), want);
    }
    /* a version-1 struct that ends before the statement callbacks: they are not read */
    v = good_storage();
    v.version = 1;
    v.struct_size = offsetof(ss_storage_vtable, stmt_begin);
    CB(v, stmt_begin);
    ck_assert_int_eq(api->register_storage(&f.plugin, &v, false), SS_OK);
    ss_storage_vtable all = good_storage();
    all.name = "k_st_all";
    CB(all, stmt_begin), CB(all, stmt_commit), CB(all, stmt_abort);
    ck_assert_int_eq(api->register_storage(&f.plugin, &all, false), SS_OK);
    ck_assert_uint_eq(f.db->database->registry.nregs, 2);
    fixture_close(&f);
}
END_TEST

START_TEST(experimental_kind_checks)
{
    fixture f;
    fixture_open(&f);
    const ss_api *api = ss_kernel_api();
    char want[256];
    ss_auth_vtable a = good_auth();
    EXPECT_REFUSED(&f, api->register_auth(&f.plugin, NULL, false), "auth provider vtable is NULL");
    a.struct_size = 4;
    snprintf(want, sizeof want,
             "auth provider vtable \"k_auth\" has struct_size 4, smaller than the %zu bytes of version 1",
             offsetof(ss_auth_vtable, make_secret) + sizeof a.make_secret);
    EXPECT_REFUSED(&f, api->register_auth(&f.plugin, &a, false), want);
    a = good_auth();
    a.step = NULL;
    EXPECT_REFUSED(&f, api->register_auth(&f.plugin, &a, false),
                   "auth provider \"k_auth\" is missing required callback step");
    a = good_auth();
    a.finish = NULL;
    EXPECT_REFUSED(&f, api->register_auth(&f.plugin, &a, false),
                   "auth provider \"k_auth\" is missing required callback finish");

    ss_window_vtable w = good_window();
    EXPECT_REFUSED(&f, api->register_window(&f.plugin, NULL, false), "window function vtable is NULL");
    w.version = 0;
    EXPECT_REFUSED(&f, api->register_window(&f.plugin, &w, false),
                   "window function vtable \"k_win\" has version 0, kernel supports 1..1");
    w = good_window();
    w.min_args = 3;
    w.result_type = NULL;
    EXPECT_REFUSED(&f, api->register_window(&f.plugin, &w, false),
                   "window function \"k_win\" has min_args 3 > max_args 1");
    w = good_window();
    w.evaluate = NULL;
    EXPECT_REFUSED(&f, api->register_window(&f.plugin, &w, false),
                   "window function \"k_win\" is missing required callback evaluate");

    ss_snapshot_vtable s = good_snapshot();
    EXPECT_REFUSED(&f, api->register_snapshot(&f.plugin, NULL, false), "snapshot manager vtable is NULL");
    s.name = NULL;
    EXPECT_REFUSED(&f, api->register_snapshot(&f.plugin, &s, false), "snapshot manager vtable has no name");
    s = good_snapshot();
    s.create = NULL;
    EXPECT_REFUSED(&f, api->register_snapshot(&f.plugin, &s, false),
                   "snapshot manager \"k_snap\" is missing required callback create");
    s = good_snapshot();
    s.of_xid = NULL;
    EXPECT_REFUSED(&f, api->register_snapshot(&f.plugin, &s, false),
                   "snapshot manager \"k_snap\" is missing required callback of_xid");
    fixture_close(&f);
}
END_TEST

START_TEST(good_registrations_and_names)
{
    fixture f;
    fixture_open(&f);
    const ss_api *api = ss_kernel_api();
    ss_operator_vtable o = good_operator();
    ss_storage_vtable st = good_storage();
    ss_auth_vtable a = good_auth();
    ss_window_vtable w = good_window();
    ss_snapshot_vtable s = good_snapshot();
    ck_assert_int_eq(api->register_operator(&f.plugin, &o, false), SS_OK);
    ck_assert_int_eq(api->register_storage(&f.plugin, &st, false), SS_OK);
    ck_assert_int_eq(api->register_auth(&f.plugin, &a, false), SS_OK);
    ck_assert_int_eq(api->register_window(&f.plugin, &w, false), SS_OK);
    ck_assert_int_eq(api->register_snapshot(&f.plugin, &s, false), SS_OK);
    ck_assert_ptr_null(f.err.message);
    static const struct {
        int kind;
        const char *name, *kind_name;
    } want[] = {{SS_KIND_OPERATOR, "k_op", "operator"}, {SS_KIND_STORAGE, "k_st", "storage"},
                {SS_KIND_AUTH, "k_auth", "auth"},       {SS_KIND_WINDOW, "k_win", "window"},
                {SS_KIND_SNAPSHOT, "k_snap", "snapshot"}};
    for (size_t i = 0; i < 5; i++) {
        const ss_registration *g = ss_registry_find(&f.db->database->registry, want[i].kind, want[i].name);
        ck_assert_ptr_nonnull(g);
        ck_assert_ptr_eq(g->module, &f.mod);
        ck_assert_str_eq(ss_kind_name(g->kind), want[i].kind_name);
    }
    ck_assert_str_eq(ss_kind_name(0), "unknown");
    ck_assert_str_eq(ss_kind_name(99), "unknown");

    /* duplicates: refused with a hint unless replace */
    ss_window_vtable w2 = good_window();
    ck_assert_int_eq(api->register_window(&f.plugin, &w2, false), SS_ERROR);
    ck_assert_str_eq(f.err.message, "window \"k_win\" is already registered by module \"m\"");
    ck_assert_str_eq(f.err.sqlstate, "42710");
    ck_assert_str_eq(f.err.hint, "Register with replace = true to swap implementations.");
    ss_error_clear(&f.err);
    ck_assert_int_eq(api->register_window(&f.plugin, &w2, true), SS_OK);
    ck_assert_ptr_eq(ss_registry_find(&f.db->database->registry, SS_KIND_WINDOW, "k_win")->vtable, &w2);
    ck_assert_uint_eq(f.db->database->registry.nregs, 5);

    /* outside sunstone_plugin_init: refused, but a bad vtable is reported first */
    f.plugin.in_init = false;
    ss_snapshot_vtable s2 = good_snapshot();
    s2.name = "k_snap2";
    ck_assert_int_eq(api->register_snapshot(&f.plugin, &s2, false), SS_ERROR);
    ck_assert_str_eq(f.err.message, "plugin \"m\" registered a snapshot outside sunstone_plugin_init");
    ss_error_clear(&f.err);
    s2.destroy = NULL;
    ck_assert_int_eq(api->register_snapshot(&f.plugin, &s2, false), SS_ERROR);
    ck_assert_str_eq(f.err.message, "snapshot manager \"k_snap2\" is missing required callback destroy");
    ss_error_clear(&f.err);
    ss_storage_vtable st2 = good_storage();
    st2.name = "k_st2";
    ck_assert_int_eq(api->register_storage(&f.plugin, &st2, false), SS_ERROR);
    ck_assert_str_eq(f.err.message, "plugin \"m\" registered a storage outside sunstone_plugin_init");
    ck_assert_uint_eq(f.db->database->registry.nregs, 5);
    /* a NULL plugin is refused without a message (there is nowhere to put one) */
    ck_assert_int_eq(api->register_operator(NULL, &o, false), SS_ERROR);
    fixture_close(&f);
}
END_TEST

/* sunstone_plugins: experimental is the last column, true for the kinds nothing calls yet (auth, aggregate). */
START_TEST(experimental_column)
{
    fixture f;
    const char *dir = getenv("SUNSTONE_MODULE_DIR");
    fixture_open_dir(&f, dir ? dir : "modules");
    const ss_api *api = ss_kernel_api();
    ss_operator_vtable o = good_operator();
    ss_storage_vtable st = good_storage();
    ss_auth_vtable a = good_auth();
    ss_window_vtable w = good_window();
    ss_snapshot_vtable s = good_snapshot();
    ck_assert_int_eq(api->register_operator(&f.plugin, &o, false), SS_OK);
    ck_assert_int_eq(api->register_storage(&f.plugin, &st, false), SS_OK);
    ck_assert_int_eq(api->register_auth(&f.plugin, &a, false), SS_OK);
    ck_assert_int_eq(api->register_window(&f.plugin, &w, false), SS_OK);
    ck_assert_int_eq(api->register_snapshot(&f.plugin, &s, false), SS_OK);
    sunstone_stmt *stmt;
    ck_assert_int_eq(sunstone_prepare(f.db, "SELECT * FROM sunstone_plugins WHERE path = '/m.so' ORDER BY name",
                                      -1, &stmt, NULL),
                     SUNSTONE_OK);
    ck_assert_int_eq(sunstone_column_count(stmt), 6);
    static const char *const cols[] = {"name", "kind", "version", "abi", "path", "experimental"};
    for (int c = 0; c < 6; c++)
        ck_assert_str_eq(sunstone_column_name(stmt, c), cols[c]);
    static const char *const want[][6] = {{"k_auth", "auth", "1.0", "0.0", "/m.so", "t"},
                                          {"k_op", "operator", "1.0", "0.0", "/m.so", "f"},
                                          {"k_snap", "snapshot", "1.0", "0.0", "/m.so", "f"},
                                          {"k_st", "storage", "1.0", "0.0", "/m.so", "f"},
                                          {"k_win", "window", "1.0", "0.0", "/m.so", "f"}};
    for (int r = 0; r < 5; r++) {
        ck_assert_msg(sunstone_step(stmt) == SUNSTONE_ROW, "%s", sunstone_errmsg(f.db));
        for (int c = 0; c < 6; c++)
            ck_assert_str_eq(sunstone_column_text(stmt, c), want[r][c]);
    }
    ck_assert_int_eq(sunstone_step(stmt), SUNSTONE_DONE);
    sunstone_finalize(stmt);
    /* the kernel's own descriptors say the same */
    ck_assert(ss_plugin_kind_find(SS_KIND_AUTH)->experimental);
    ck_assert(!ss_plugin_kind_find(SS_KIND_WINDOW)->experimental); /* used by the window operator */
    ck_assert(!ss_plugin_kind_find(SS_KIND_SNAPSHOT)->experimental); /* used by time travel */
    ck_assert(!ss_plugin_kind_find(SS_KIND_OPERATOR)->experimental);
    ck_assert(!ss_plugin_kind_find(SS_KIND_STORAGE)->experimental);
    ck_assert_ptr_null(ss_plugin_kind_find(0));
    fixture_close(&f);
}
END_TEST

START_TEST(aggregate_checks)
{
    fixture f;
    fixture_open(&f);
    const ss_api *api = ss_kernel_api();
    char want[256];
    ss_aggregate_vtable a = good_aggregate();
    EXPECT_REFUSED(&f, api->register_aggregate(&f.plugin, NULL, false), "aggregate vtable is NULL");
    a.struct_size = 16;
    snprintf(want, sizeof want, "aggregate vtable \"k_agg\" has struct_size 16, smaller than the %zu bytes of version 1",
             offsetof(ss_aggregate_vtable, release) + sizeof a.release);
    EXPECT_REFUSED(&f, api->register_aggregate(&f.plugin, &a, false), want);
    a = good_aggregate();
    a.version = 2;
    EXPECT_REFUSED(&f, api->register_aggregate(&f.plugin, &a, false),
                   "aggregate vtable \"k_agg\" has version 2, kernel supports 1..1");
    a = good_aggregate();
    a.min_args = 0;
    EXPECT_REFUSED(&f, api->register_aggregate(&f.plugin, &a, false),
                   "aggregate \"k_agg\" has min_args 0 and max_args 2 (1 <= min_args <= max_args)");
    a = good_aggregate();
    a.min_args = 3;
    EXPECT_REFUSED(&f, api->register_aggregate(&f.plugin, &a, false),
                   "aggregate \"k_agg\" has min_args 3 and max_args 2 (1 <= min_args <= max_args)");
    a = good_aggregate();
    a.state_size = 0;
    EXPECT_REFUSED(&f, api->register_aggregate(&f.plugin, &a, false), "aggregate \"k_agg\" has state_size 0");
    const char *required[] = {"result_type", "init", "step", "final"};
    for (int i = 0; i < 4; i++) {
        a = good_aggregate();
        if (i == 0)
            a.result_type = NULL;
        else if (i == 1)
            a.init = NULL;
        else if (i == 2)
            a.step = NULL;
        else
            a.final = NULL;
        snprintf(want, sizeof want, "aggregate \"k_agg\" is missing required callback %s", required[i]);
        EXPECT_REFUSED(&f, api->register_aggregate(&f.plugin, &a, false), want);
    }
    a = good_aggregate(); /* inverse, combine and release are optional */
    ck_assert_int_eq(api->register_aggregate(&f.plugin, &a, false), SS_OK);
    const ss_registration *reg = ss_registry_find(&f.db->database->registry, SS_KIND_AGGREGATE, "k_agg");
    ck_assert_ptr_nonnull(reg);
    ck_assert_str_eq(ss_kind_name(reg->kind), "aggregate");
    fixture_close(&f);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("plugin_kinds");
    TCase *tc = tcase_create("plugin_kinds");
    tcase_add_test(tc, operator_checks);
    tcase_add_test(tc, storage_checks);
    tcase_add_test(tc, experimental_kind_checks);
    tcase_add_test(tc, good_registrations_and_names);
    tcase_add_test(tc, experimental_column);
    tcase_add_test(tc, aggregate_checks);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
