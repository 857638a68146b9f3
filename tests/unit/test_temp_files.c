/* test_temp_files.c — spilling beyond work_mem and the kernel's temporary files
 * (exec/temp_files.h): queries run at work_mem = 64kB write temporary files and return
 * exactly the rows they return in memory; the process's temporary directory is gone after
 * the statement, after an error raised while spilled files are open, after a cancel and
 * after a reset mid-stream; a database that opens removes the directory a dead process left
 * behind and keeps a live one's. */
#include <check.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exec/temp_files.h"
#include "sunstone.h"

static char tmpdir[256];

static const char *module_dir(void)
{
    const char *d = getenv("SUNSTONE_MODULE_DIR");
    return d ? d : "modules";
}

static void setup_tmpdir(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/ss_temp_test_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    setenv("TMPDIR", tmpdir, 1);
}

static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (!d) {
        unlink(path);
        return;
    }
    struct dirent *e;
    char sub[PATH_MAX];
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            remove_tree(sub);
        }
    closedir(d);
    rmdir(path);
}

static void teardown_tmpdir(void)
{
    remove_tree(tmpdir);
    unsetenv("TMPDIR");
}

static bool exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

/* The process's temporary directory holds no file (it is removed with its last file). */
static void assert_no_temp_files(void)
{
    char dir[PATH_MAX];
    ss_temp_dir(dir, sizeof dir);
    ck_assert_msg(!exists(dir), "%s still exists", dir);
}

static uint64_t files_created(void)
{
    uint64_t files, bytes;
    ss_temp_stats(&files, &bytes);
    return files;
}

static sunstone *open_db(void)
{
    sunstone *db;
    sunstone_config cfg = {sizeof cfg, module_dir(), false, NULL};
    ck_assert_int_eq(sunstone_open_v2(NULL, &db, &cfg), SUNSTONE_OK);
    return db;
}

static void run(sunstone *db, const char *sql)
{
    ck_assert_msg(sunstone_exec(db, sql, NULL, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

typedef struct text_out {
    char *buf;
    size_t len, cap;
} text_out;

static int collect(void *arg, int ncols, const char *const *values, const char *const *names)
{
    (void)names;
    text_out *o = arg;
    for (int i = 0; i < ncols; i++) {
        const char *v = values[i] ? values[i] : "<null>";
        size_t n = strlen(v) + 2;
        if (o->len + n + 1 > o->cap) {
            o->cap = (o->len + n + 1) * 2;
            o->buf = realloc(o->buf, o->cap);
            ck_assert_ptr_nonnull(o->buf);
        }
        memcpy(o->buf + o->len, v, n - 2);
        o->len += n - 2;
        o->buf[o->len++] = i + 1 < ncols ? '|' : '\n';
        o->buf[o->len] = '\0';
    }
    return 0;
}

/* The rows of sql, one line each. */
static char *query(sunstone *db, const char *sql)
{
    text_out o = {calloc(1, 1), 0, 1};
    ck_assert_msg(sunstone_exec(db, sql, collect, &o) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
    return o.buf;
}

/* t: 100 000 rows of an int key, a text of 97 values, a float8 and an int with NULLs; u: every
 * third row of t and 1000 rows t lacks. */
static sunstone *open_with_data(void)
{
    sunstone *db = open_db();
    run(db, "CREATE TABLE d (i int); INSERT INTO d VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9);"
            "CREATE TABLE t (a int, b text, c float8, n int);"
            "INSERT INTO t SELECT a.i*10000 + b.i*1000 + c.i*100 + e.i*10 + f.i,"
            " 'v' || ((a.i*7 + b.i*3 + c.i*11 + e.i*13 + f.i*17) % 97)::text, f.i * 0.5::float8,"
            " CASE WHEN (b.i + f.i) % 7 = 0 THEN NULL ELSE (a.i*31 + c.i*7 + e.i) % 50 END"
            " FROM d a, d b, d c, d e, d f;"
            "CREATE TABLE u (a int, x text);"
            "INSERT INTO u SELECT a, b || 'u' FROM t WHERE a % 3 = 0;"
            "INSERT INTO u SELECT 200000 + a.i*100 + b.i*10 + c.i, 'extra' FROM d a, d b, d c;");
    return db;
}

/* Each query's rows at work_mem = 64kB equal its rows in memory (work_mem = 1GB), and
 * spilling wrote temporary files that are gone after the statement. */
static void check_same_when_spilled(const char *const *queries, size_t n)
{
    sunstone *db = open_with_data();
    for (size_t i = 0; i < n; i++) {
        run(db, "SET work_mem = '1GB'");
        uint64_t before = files_created();
        char *in_memory = query(db, queries[i]);
        ck_assert_msg(files_created() == before, "%s spilled at 1GB", queries[i]);
        run(db, "SET work_mem = '64kB'");
        char *spilled = query(db, queries[i]);
        ck_assert_msg(files_created() > before, "%s did not spill at 64kB", queries[i]);
        ck_assert_msg(strcmp(in_memory, spilled) == 0, "%s: spilled rows differ", queries[i]);
        ck_assert_msg(strlen(spilled) > 0, "%s returned nothing", queries[i]);
        assert_no_temp_files();
        free(in_memory);
        free(spilled);
    }
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}

/* Each operator's spilling queries: sorts, hash aggregates (GROUP BY, DISTINCT, count(DISTINCT)),
 * hash joins (inner, left with a residual, full, two keys, skewed keys) and set operations. */
static const char *const spilling_queries[] = {
    /* sort */
    "SELECT a, b, c, n FROM t ORDER BY b, a DESC",
    "SELECT a, n FROM t ORDER BY n NULLS FIRST, c DESC, a",
    "SELECT b, a FROM t ORDER BY b DESC, a LIMIT 10 OFFSET 70000",
    /* aggregate */
    "SELECT * FROM (SELECT a % 20000 AS k, sum(n) AS s, max(b) AS m, min(c) AS mi, count(*) AS c,"
    " avg(c) AS av, count(DISTINCT n) AS cd FROM t GROUP BY a % 20000) s ORDER BY k",
    "SELECT * FROM (SELECT DISTINCT a % 30011 AS k, b FROM t) s ORDER BY k, b",
    "SELECT * FROM (SELECT n, b, count(*) AS c, sum(a) AS s FROM t GROUP BY n, b) s ORDER BY n, b",
    "SELECT count(*), count(DISTINCT k) FROM (SELECT a % 45000 AS k, count(*) AS c FROM t GROUP BY a % 45000) s",
    /* hash join */
    "SELECT * FROM (SELECT t.a, t.b, u.x FROM t JOIN u ON t.a = u.a) s ORDER BY a",
    "SELECT * FROM (SELECT t.a, t.n, u.x FROM t LEFT JOIN u ON t.a = u.a AND u.x <> 'v5u') s ORDER BY a",
    "SELECT * FROM (SELECT t.a AS ta, u.a AS ua, u.x FROM t FULL JOIN u ON t.a = u.a) s ORDER BY ta, ua",
    "SELECT * FROM (SELECT t.a AS ta, u.a AS ua FROM u JOIN t ON t.b || 'u' = u.x AND t.a % 1000 = u.a % 1000)"
    " s ORDER BY ta, ua",
    "SELECT count(*), count(u.x), count(t.b) FROM u FULL JOIN t ON t.n = u.a % 50 AND t.a < 300",
    /* setop */
    "SELECT * FROM (SELECT a % 40000 AS k, b FROM t INTERSECT SELECT a % 40000, b FROM t WHERE n > 10) s ORDER BY k, b",
    "SELECT * FROM (SELECT a, n FROM t EXCEPT SELECT a, a % 50 FROM u) s ORDER BY a, n",
    "SELECT * FROM (SELECT a % 7000 AS k, n FROM t INTERSECT ALL SELECT a % 7000, n FROM t WHERE a % 5 < 3) s"
    " ORDER BY k, n",
    "SELECT count(*), sum(k) FROM (SELECT a % 60000 AS k FROM t EXCEPT ALL SELECT a FROM u) s",
    "SELECT * FROM (SELECT a % 30000 AS k, b FROM t UNION SELECT a, x FROM u) s ORDER BY k, b",
};

START_TEST(spilled_rows_equal_in_memory_rows)
{
    check_same_when_spilled(spilling_queries, sizeof spilling_queries / sizeof spilling_queries[0]);
}
END_TEST

/* A bounded sort (ORDER BY ... LIMIT) keeps the stable order of rows with equal keys: its
 * rows are the first rows of the full sort, which a bound above the bounded sort's reach
 * (the inner LIMIT 70000) computes, in memory and spilled. */
START_TEST(bounded_sort_keeps_stable_order)
{
    static const char *const pairs[][2] = {
        {"SELECT a, b FROM t ORDER BY b LIMIT 50", "SELECT * FROM (SELECT a, b FROM t ORDER BY b LIMIT 70000) s LIMIT 50"},
        {"SELECT a, n FROM t ORDER BY n NULLS FIRST LIMIT 40 OFFSET 2000",
         "SELECT * FROM (SELECT a, n FROM t ORDER BY n NULLS FIRST LIMIT 70000) s LIMIT 40 OFFSET 2000"},
        {"SELECT a, b, c FROM t ORDER BY c DESC, b LIMIT 30 OFFSET 20000",
         "SELECT * FROM (SELECT a, b, c FROM t ORDER BY c DESC, b LIMIT 70000) s LIMIT 30 OFFSET 20000"},
    };
    sunstone *db = open_with_data();
    for (int m = 0; m < 2; m++) {
        run(db, m ? "SET work_mem = '64kB'" : "SET work_mem = '1GB'");
        for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
            char *bounded = query(db, pairs[i][0]), *full = query(db, pairs[i][1]);
            ck_assert_msg(strcmp(bounded, full) == 0, "%s differs from %s", pairs[i][0], pairs[i][1]);
            ck_assert(strlen(bounded) > 0);
            free(bounded);
            free(full);
        }
        assert_no_temp_files();
    }
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}
END_TEST

/* sql fails with a division by zero after it wrote temporary files, and they are gone. */
static void assert_fails_after_spilling(sunstone *db, const char *sql)
{
    uint64_t before = files_created();
    ck_assert_int_eq(sunstone_exec(db, sql, NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "22012");
    ck_assert_msg(files_created() > before, "%s wrote no temporary file", sql);
    assert_no_temp_files();
}

/* An error raised while the sort's merge holds its run files open, one raised while an
 * aggregate's partitions wait (its first groups fail), and one in a join's partition pass. */
START_TEST(error_after_spilling_removes_files)
{
    sunstone *db = open_with_data();
    run(db, "SET work_mem = '64kB'");
    assert_fails_after_spilling(db, "SELECT 1 / (a - 99999) FROM (SELECT a FROM t ORDER BY b, a) s");
    assert_fails_after_spilling(db, "SELECT k, 1 / (c - 5) FROM (SELECT a % 20000 AS k, count(*) AS c FROM t"
                                    " GROUP BY a % 20000) s");
    assert_fails_after_spilling(db, "SELECT t.a / (u.a - 99999) FROM t JOIN u ON t.a = u.a");
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}
END_TEST

/* A cancel, and a reset, while a spilled sort is being read. */
START_TEST(cancel_and_reset_remove_files)
{
    sunstone *db = open_with_data();
    run(db, "SET work_mem = '64kB'");
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a, b FROM t ORDER BY b, a", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    char dir[PATH_MAX];
    ss_temp_dir(dir, sizeof dir);
    ck_assert_msg(exists(dir), "no temporary files while the merge runs");
    sunstone_interrupt(db);
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW)
        ;
    ck_assert_int_eq(rc, SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "57014");
    assert_no_temp_files();

    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert(exists(dir));
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    assert_no_temp_files();
    ck_assert_int_eq(sunstone_finalize(st), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}
END_TEST

/* A directory named after a process that is gone is removed when a database opens; one of a
 * running process stays. */
START_TEST(open_sweeps_dead_process_dirs)
{
    pid_t child = fork();
    ck_assert_int_ge(child, 0);
    if (child == 0)
        _exit(0);
    int status;
    ck_assert_int_eq(waitpid(child, &status, 0), child);
    char root[512], dead[1024], live[1024], file[2048];
    snprintf(root, sizeof root, "%s/sunstone_tmp", tmpdir);
    snprintf(dead, sizeof dead, "%s/pid_%ld", root, (long)child);
    snprintf(live, sizeof live, "%s/pid_%ld", root, (long)getppid());
    ck_assert_int_eq(mkdir(root, 0700), 0);
    ck_assert_int_eq(mkdir(dead, 0700), 0);
    ck_assert_int_eq(mkdir(live, 0700), 0);
    snprintf(file, sizeof file, "%s/t1.tmp", dead);
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fputs("left behind by a crash", f);
    fclose(f);
    sunstone *db = open_db();
    ck_assert_msg(!exists(dead), "%s survived the open", dead);
    ck_assert_msg(exists(live), "%s of a running process was removed", live);
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
    rmdir(live);
}
END_TEST

/* Where no temporary file can be created, a query that must spill fails with the file error
 * (58030, naming the directory) and nothing is left open; one that fits still runs. */
START_TEST(spill_without_a_temp_dir_fails_cleanly)
{
    sunstone *db = open_with_data();
    char missing[512];
    snprintf(missing, sizeof missing, "%s/no/such/dir", tmpdir);
    setenv("TMPDIR", missing, 1);
    run(db, "SET work_mem = '64kB'");
    static const char *const q[] = {
        "SELECT a FROM t ORDER BY b, a",
        "SELECT count(*) FROM (SELECT a % 20000 AS k, count(*) FROM t GROUP BY a % 20000) s",
        "SELECT count(*) FROM t JOIN u ON t.a = u.a",
        "SELECT count(*) FROM (SELECT a % 40000, b FROM t INTERSECT SELECT a % 40000, b FROM t) s",
    };
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
        ck_assert_int_eq(sunstone_exec(db, q[i], NULL, NULL), SUNSTONE_ERROR);
        ck_assert_str_eq(sunstone_sqlstate(db), "58030");
        ck_assert_msg(strstr(sunstone_errmsg(db), "could not create directory") != NULL, "%s", sunstone_errmsg(db));
    }
    run(db, "SELECT count(*) FROM (SELECT a % 10 AS k FROM t GROUP BY a % 10) s");
    setenv("TMPDIR", tmpdir, 1);
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}
END_TEST

/* SET work_mem keeps PostgreSQL's SQLSTATE for its errors. */
START_TEST(work_mem_errors)
{
    sunstone *db = open_db();
    ck_assert_int_eq(sunstone_exec(db, "SET work_mem = 'abc'", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "22023");
    ck_assert_int_eq(sunstone_exec(db, "SET work_mem = '1mb'", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_errhint(db), "Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\".");
    ck_assert_int_eq(sunstone_exec(db, "SET work_mem = '63kB'", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "22023");
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("temp_files");
    TCase *tc = tcase_create("spill");
    tcase_add_checked_fixture(tc, setup_tmpdir, teardown_tmpdir);
    tcase_set_timeout(tc, 600); /* the sanitizer build runs the spilling queries several times slower */
    tcase_add_test(tc, spilled_rows_equal_in_memory_rows);
    tcase_add_test(tc, bounded_sort_keeps_stable_order);
    tcase_add_test(tc, error_after_spilling_removes_files);
    tcase_add_test(tc, cancel_and_reset_remove_files);
    tcase_add_test(tc, open_sweeps_dead_process_dirs);
    tcase_add_test(tc, spill_without_a_temp_dir_fails_cleanly);
    tcase_add_test(tc, work_mem_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
