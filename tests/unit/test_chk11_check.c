/* test_chk11_check.c — the integrity check (core/check/check.h) finds what it promises: on
 * memory, native and lmdb tables, a sound table and its indexes give no problem; then one
 * defect at a time is made behind the kernel's back (an index entry removed, one added for a
 * row id the table does not store, a visible row's entry moved to another key, one twice, a NULL
 * in a column marked NOT NULL, two visible rows of one unique key) and the sunstone_check view
 * must name it. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_suite.h"
#include "api/database.h"
#include "exec/vector.h"
#include "index/index.h"
#include "sunstone.h"

static sunstone *db;

static const char *const backends[] = {"memory", "native", "lmdb"};

static void setup(void)
{
    const char *d = getenv("SUNSTONE_MODULE_DIR");
    sunstone_config cfg = {sizeof cfg, d ? d : "modules", false, NULL};
    ck_assert_int_eq(sunstone_open_v2(NULL, &db, &cfg), SUNSTONE_OK);
}

static void teardown(void)
{
    sunstone_close(db);
}

static void exec_ok(const char *sql)
{
    ck_assert_msg(sunstone_exec(db, sql, NULL, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

/* t on backend: a primary key, a unique index, a plain and a partial expression index. */
static void make_table(const char *backend)
{
    char sql[256];
    snprintf(sql, sizeof sql, "SET default_table_access_method = %s", backend);
    exec_ok(sql);
    exec_ok("CREATE TABLE t (a int PRIMARY KEY, b text NOT NULL, c int)");
    exec_ok("CREATE UNIQUE INDEX t_c ON t (c)");
    exec_ok("CREATE INDEX t_b ON t (b)");
    exec_ok("CREATE INDEX t_lb ON t (lower(b)) WHERE a > 10");
    exec_ok("INSERT INTO t SELECT g, 'x' || g, g FROM generate_series(1, 1200) g");
    exec_ok("DELETE FROM t WHERE a % 9 = 0");
    exec_ok("UPDATE t SET c = c + 10000 WHERE a % 4 = 0");
    exec_ok("INSERT INTO t VALUES (5000, 'n', NULL), (5001, 'n', NULL)");
}

/* The check's problems, one per line into out; their count. */
static int problems(char *out, size_t cap)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT kind || ': ' || problem FROM sunstone_check", -1, &st, NULL),
                     SUNSTONE_OK);
    int n = 0, rc;
    size_t used = 0;
    out[0] = '\0';
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        n++;
        used += (size_t)snprintf(out + used, used < cap ? cap - used : 0, "%s\n", sunstone_column_text(st, 0));
        if (used >= cap)
            used = cap - 1;
    }
    ck_assert_msg(rc == SUNSTONE_DONE, "%s", sunstone_errmsg(db));
    sunstone_finalize(st);
    return n;
}

static ss_index *index_named(const char *name)
{
    ss_index *ix = ss_index_find(&db->database->catalog, name);
    ck_assert_ptr_nonnull(ix);
    return ix;
}

/* The row id the lookup of text key in ix finds first. */
static ss_rowid lookup_text(ss_ctx *ctx, ss_index *ix, const char *key)
{
    ss_value v = {0};
    v.v.s = (ss_text){key, (uint32_t)strlen(key), 0};
    ss_rowid out[4];
    uint32_t total = 0;
    ck_assert_int_eq(ix->vt->lookup(ctx, ix->handle, &v, 1, out, 4, &total), SS_OK);
    ck_assert_uint_ge(total, 1);
    return out[0];
}

/* Adds the entry (text key, rowid) to ix. */
static void add_text_entry(ss_ctx *ctx, ss_index *ix, const char *key, ss_rowid rowid)
{
    ss_batch *b = ss_batch_create(1, ix->types, 1);
    ss_value v = {0};
    v.v.s = (ss_text){key, (uint32_t)strlen(key), 0};
    ck_assert_int_eq(ss_vector_set_value(ctx, b->cols[0], 0, &v), SS_OK);
    b->count = 1;
    ck_assert_int_eq(ix->vt->insert(ctx, ix->handle, b, &rowid), SS_OK);
    ss_batch_destroy(b);
}

/* Removes the entry (text key, rowid) from ix. */
static void remove_text_entry(ss_ctx *ctx, ss_index *ix, const char *key, ss_rowid rowid)
{
    ss_value v = {0};
    v.v.s = (ss_text){key, (uint32_t)strlen(key), 0};
    bool removed = false;
    ck_assert_int_eq(ix->vt->remove(ctx, ix->handle, &v, rowid, &removed), SS_OK);
    ck_assert(removed);
}

static void expect_problem(const char *backend, const char *want)
{
    char out[8192];
    int n = problems(out, sizeof out);
    ck_assert_msg(n >= 1 && strstr(out, want), "%s: expected a problem with \"%s\", got %d:\n%s", backend, want, n,
                  out);
}

START_TEST(test_sound_tables)
{
    make_table(backends[_i]);
    char out[8192];
    ck_assert_msg(problems(out, sizeof out) == 0, "%s:\n%s", backends[_i], out);
}
END_TEST

START_TEST(test_entry_missing)
{
    make_table(backends[_i]);
    ss_ctx ctx;
    ss_session_ctx(db, &ctx);
    ss_index *ix = index_named("t_b");
    ss_rowid id = lookup_text(&ctx, ix, "x7");
    remove_text_entry(&ctx, ix, "x7", id);
    char want[128];
    snprintf(want, sizeof want, "index \"t_b\" has no entry for row id %llu of table \"t\" (key (b)=(x7))",
             (unsigned long long)id);
    expect_problem(backends[_i], want);
}
END_TEST

START_TEST(test_entry_for_unstored_version)
{
    make_table(backends[_i]);
    ss_ctx ctx;
    ss_session_ctx(db, &ctx);
    add_text_entry(&ctx, index_named("t_b"), "ghost", (ss_rowid)1 << 40);
    expect_problem(backends[_i], "index \"t_b\" has an entry for row id 1099511627776, which table \"t\" does not store");
}
END_TEST

START_TEST(test_entry_under_other_key)
{
    make_table(backends[_i]);
    ss_ctx ctx;
    ss_session_ctx(db, &ctx);
    ss_index *ix = index_named("t_b");
    ss_rowid id = lookup_text(&ctx, ix, "x13");
    remove_text_entry(&ctx, ix, "x13", id);
    add_text_entry(&ctx, ix, "zzz", id); /* the row's entry moved to another key */
    expect_problem(backends[_i], "has no entry for row id");
    expect_problem(backends[_i], "an entry under another key");
}
END_TEST

START_TEST(test_entry_twice)
{
    make_table(backends[_i]);
    ss_ctx ctx;
    ss_session_ctx(db, &ctx);
    ss_index *ix = index_named("t_b");
    ss_rowid id = lookup_text(&ctx, ix, "x10");
    add_text_entry(&ctx, ix, "x10", id);
    char want[128];
    snprintf(want, sizeof want, "index \"t_b\" has more than one entry for row id %llu", (unsigned long long)id);
    expect_problem(backends[_i], want);
}
END_TEST

START_TEST(test_null_in_not_null)
{
    make_table(backends[_i]);
    ss_table *t = ss_catalog_find(&db->database->catalog, "t");
    ck_assert_ptr_nonnull(t);
    t->cols[2].not_null = true; /* c holds two NULLs */
    expect_problem(backends[_i], "not null: column \"c\" of relation \"t\" is NULL in row id");
    t->cols[2].not_null = false;
}
END_TEST

START_TEST(test_duplicate_unique_key)
{
    make_table(backends[_i]);
    ss_index *ix = index_named("t_c");
    ix->unique = false; /* let a duplicate in */
    exec_ok("INSERT INTO t VALUES (7000, 'd', 11)");
    ix->unique = true;
    expect_problem(backends[_i], "unique index \"t_c\": key (c)=(11) of row id");
}
END_TEST

static void add_tests(TCase *tc)
{
    int n = (int)(sizeof backends / sizeof backends[0]);
    tcase_add_loop_test(tc, test_sound_tables, 0, n);
    tcase_add_loop_test(tc, test_entry_missing, 0, n);
    tcase_add_loop_test(tc, test_entry_for_unstored_version, 0, n);
    tcase_add_loop_test(tc, test_entry_under_other_key, 0, n);
    tcase_add_loop_test(tc, test_entry_twice, 0, n);
    tcase_add_loop_test(tc, test_null_in_not_null, 0, n);
    tcase_add_loop_test(tc, test_duplicate_unique_key, 0, n);
}

int main(void)
{
    return run_suite("integrity check", setup, teardown, add_tests);
}
