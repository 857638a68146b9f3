/* test_loader.c — the plugin loader: a good plugin, every refusal path (no magic, no init,
 * ABI mismatches, bad descriptor, failing init, duplicates, missing callbacks, short
 * vtables), LOAD of a non-plugin library, rollback, idempotent reload, directory loading
 * and modules.conf exclusion. */
#include <check.h>
#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/database.h"
#include "sunstone.h"

static const char *plugin_dir(void)
{
    const char *d = getenv("SUNSTONE_TEST_PLUGIN_DIR");
    return d ? d : "tests/plugins";
}

static const char *module_dir(void)
{
    const char *d = getenv("SUNSTONE_MODULE_DIR");
    return d ? d : "modules";
}

static sunstone *open_bare(void)
{
    sunstone *db;
    sunstone_config cfg = {sizeof cfg, NULL, true, NULL};
    ck_assert_int_eq(sunstone_open_v2(NULL, &db, &cfg), SUNSTONE_OK);
    return db;
}

static int load(sunstone *db, const char *name)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s.so", plugin_dir(), name);
    return sunstone_load_plugin(db, path);
}

static bool has_operator(sunstone *db, const char *name)
{
    return ss_registry_find(&db->database->registry, SS_KIND_OPERATOR, name) != NULL;
}

#define ASSERT_MSG_HAS(db, needle)                                                          \
    ck_assert_msg(strstr(sunstone_errmsg(db), needle) != NULL, "message \"%s\" lacks \"%s\"", \
                  sunstone_errmsg(db), needle)

START_TEST(good_plugin_registers)
{
    sunstone *db = open_bare();
    ck_assert_int_eq(load(db, "test_good"), SUNSTONE_OK);
    ck_assert(has_operator(db, "test_good_op"));
    ck_assert_uint_eq(db->database->registry.nmodules, 1);
    ck_assert_str_eq(db->database->registry.modules[0]->name, "test_good");
    /* loading the same file again is a no-op, as PostgreSQL's LOAD */
    ck_assert_int_eq(load(db, "test_good"), SUNSTONE_OK);
    ck_assert_uint_eq(db->database->registry.nmodules, 1);
    sunstone_close(db);
}
END_TEST

START_TEST(no_magic_refused)
{
    sunstone *db = open_bare();
    ck_assert_int_eq(load(db, "test_nomagic"), SUNSTONE_ERROR);
    ASSERT_MSG_HAS(db, "missing magic block");
    ck_assert_ptr_nonnull(sunstone_errhint(db));
    ck_assert_uint_eq(db->database->registry.nregs, 0);
    sunstone_close(db);
}
END_TEST

/* Modules the loader refuses with nothing else to check: {module, part of the message}. */
static const struct {
    const char *module;
    const char *needle;
} refusals[] = {
    {"test_noinit", "does not export sunstone_plugin_init"},
    {"test_badsize", "struct_size"},                       /* magic descriptor size */
    {"test_initcrash_guard", "has no name"},               /* refused before init runs */
    {"test_missingcb", "missing required callback next_batch"},
    {"test_oldvtable", "struct_size"},                     /* vtable shorter than version 1 */
};

START_TEST(module_refused)
{
    sunstone *db = open_bare();
    ck_assert_int_eq(load(db, refusals[_i].module), SUNSTONE_ERROR);
    ASSERT_MSG_HAS(db, refusals[_i].needle);
    sunstone_close(db);
}
END_TEST

START_TEST(abi_major_mismatch_names_versions)
{
    sunstone *db = open_bare();
    ck_assert_int_eq(load(db, "test_badabi"), SUNSTONE_ERROR);
    char want[64];
    snprintf(want, sizeof want, "built for ABI %d.x, kernel is %d.%d", SS_ABI_MAJOR + 1, SS_ABI_MAJOR, SS_ABI_MINOR);
    ASSERT_MSG_HAS(db, want);
    ck_assert_ptr_nonnull(sunstone_errdetail(db));
    ck_assert(strstr(sunstone_errdetail(db), "abi_major") != NULL);
    ck_assert_uint_eq(db->database->registry.nregs, 0);
    sunstone_close(db);
}
END_TEST

START_TEST(abi_minor_too_new)
{
    sunstone *db = open_bare();
    ck_assert_int_eq(load(db, "test_newminor"), SUNSTONE_ERROR);
    char want[64];
    snprintf(want, sizeof want, "needs ABI %d.%d", SS_ABI_MAJOR, SS_ABI_MINOR + 5);
    ASSERT_MSG_HAS(db, want);
    ck_assert(strstr(sunstone_errdetail(db), "abi_minor") != NULL);
    sunstone_close(db);
}
END_TEST

START_TEST(failing_init_reports_plugin_message)
{
    sunstone *db = open_bare();
    ck_assert_int_eq(load(db, "test_failinit"), SUNSTONE_ERROR);
    ASSERT_MSG_HAS(db, "test_failinit refuses to start");
    ASSERT_MSG_HAS(db, "failed to initialise");
    ck_assert_uint_eq(db->database->registry.nmodules, 0);
    sunstone_close(db);
}
END_TEST

START_TEST(duplicate_inside_plugin_rolls_back)
{
    sunstone *db = open_bare();
    ck_assert_int_eq(load(db, "test_dup"), SUNSTONE_ERROR);
    ASSERT_MSG_HAS(db, "already registered");
    ck_assert_str_eq(sunstone_sqlstate(db), "42710");
    /* the first, successful registration was rolled back with the failed init */
    ck_assert(!has_operator(db, "test_dup_op"));
    ck_assert_uint_eq(db->database->registry.nregs, 0);
    sunstone_close(db);
}
END_TEST

START_TEST(duplicate_across_modules_refused)
{
    sunstone *db = open_bare();
    ck_assert_int_eq(load(db, "test_good"), SUNSTONE_OK);
    char src[PATH_MAX], dst[PATH_MAX];
    snprintf(src, sizeof src, "%s/test_good.so", plugin_dir());
    snprintf(dst, sizeof dst, "/tmp/sunstone_test_dup_%d.so", (int)getpid());
    char cmd[3 * PATH_MAX];
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", src, dst);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(sunstone_load_plugin(db, dst), SUNSTONE_ERROR);
    ASSERT_MSG_HAS(db, "\"test_good_op\" is already registered");
    unlink(dst);
    ck_assert_uint_eq(db->database->registry.nmodules, 1);
    sunstone_close(db);
}
END_TEST

START_TEST(non_plugin_library_refused)
{
    Dl_info info;
    ck_assert(dladdr((void *)&cos, &info) && info.dli_fname);
    sunstone *db = open_bare();
    ck_assert_int_eq(sunstone_load_plugin(db, info.dli_fname), SUNSTONE_ERROR);
    ASSERT_MSG_HAS(db, "missing magic block");
    ck_assert_int_eq(sunstone_load_plugin(db, "/nonexistent/plugin.so"), SUNSTONE_ERROR);
    ASSERT_MSG_HAS(db, "could not access file");
    ck_assert_str_eq(sunstone_sqlstate(db), "58P01");
    sunstone_close(db);
}
END_TEST

START_TEST(directory_loads_bundled_modules)
{
    sunstone *db;
    sunstone_config cfg = {sizeof cfg, module_dir(), false, NULL};
    ck_assert_msg(sunstone_open_v2(NULL, &db, &cfg) == SUNSTONE_OK, "%s", sunstone_errmsg(db));
    const char *ops[] = {"scan", "scan_row", "filter", "project", "limit", "sort", "aggregate", "values"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        ck_assert_msg(has_operator(db, ops[i]), "operator %s not registered", ops[i]);
    ck_assert(ss_registry_find(&db->database->registry, SS_KIND_STORAGE, "memory") != NULL);
    sunstone_close(db);
}
END_TEST

START_TEST(modules_conf_excludes)
{
    char dir[] = "/tmp/sunstone_modconf_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    const char *mods[] = {"scan", "filter", "memory"};
    for (size_t i = 0; i < 3; i++) {
        char src[PATH_MAX], dst[PATH_MAX];
        snprintf(src, sizeof src, "%s/%s.so", module_dir(), mods[i]);
        snprintf(dst, sizeof dst, "%s/%s.so", dir, mods[i]);
        ck_assert_int_eq(symlink(src, dst), 0);
    }
    char conf[PATH_MAX];
    snprintf(conf, sizeof conf, "%s/modules.conf", dir);
    FILE *f = fopen(conf, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "# test configuration\nexclude scan\nload %s/test_good.so  # from elsewhere\n", plugin_dir());
    fclose(f);
    sunstone *db;
    sunstone_config cfg = {sizeof cfg, dir, false, NULL};
    ck_assert_msg(sunstone_open_v2(NULL, &db, &cfg) == SUNSTONE_OK, "%s", sunstone_errmsg(db));
    ck_assert(!has_operator(db, "scan"));
    ck_assert(has_operator(db, "filter"));
    ck_assert(has_operator(db, "test_good_op"));
    sunstone_close(db);
    /* a malformed line is a clear error */
    f = fopen(conf, "w");
    fputs("bogus line here\n", f);
    fclose(f);
    ck_assert_int_eq(sunstone_open_v2(NULL, &db, &cfg), SUNSTONE_ERROR);
    ASSERT_MSG_HAS(db, "modules.conf");
    sunstone_close(db);
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(registry_replace_swaps)
{
    ss_registry r;
    ss_registry_init(&r);
    ss_error err;
    memset(&err, 0, sizeof err);
    ss_error_clear(&err);
    ss_ctx ctx = {.err = &err};
    int a = 1, b = 2;
    ss_module m = {0};
    m.name = "m";
    ck_assert_int_eq(ss_registry_add(&ctx, &r, SS_KIND_OPERATOR, "x", &a, &m, false), SS_OK);
    ck_assert_int_eq(ss_registry_add(&ctx, &r, SS_KIND_STORAGE, "x", &b, &m, false), SS_OK);
    ck_assert_int_eq(ss_registry_add(&ctx, &r, SS_KIND_OPERATOR, "x", &b, &m, false), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, "42710");
    ss_error_clear(&err);
    ck_assert_int_eq(ss_registry_add(&ctx, &r, SS_KIND_OPERATOR, "x", &b, &m, true), SS_OK);
    ck_assert_ptr_eq(ss_registry_find(&r, SS_KIND_OPERATOR, "x")->vtable, &b);
    ck_assert_uint_eq(r.nregs, 2);
    free(r.regs);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("loader");
    TCase *tc = tcase_create("loader");
    tcase_add_test(tc, good_plugin_registers);
    tcase_add_test(tc, no_magic_refused);
    tcase_add_loop_test(tc, module_refused, 0, (int)(sizeof refusals / sizeof refusals[0]));
    tcase_add_test(tc, abi_major_mismatch_names_versions);
    tcase_add_test(tc, abi_minor_too_new);
    tcase_add_test(tc, failing_init_reports_plugin_message);
    tcase_add_test(tc, duplicate_inside_plugin_rolls_back);
    tcase_add_test(tc, duplicate_across_modules_refused);
    tcase_add_test(tc, non_plugin_library_refused);
    tcase_add_test(tc, directory_loads_bundled_modules);
    tcase_add_test(tc, modules_conf_excludes);
    tcase_add_test(tc, registry_replace_swaps);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
