/* test_index_scan_random.c — index scans answer exactly as the sequential scan: many random
 * predicates (equality, IN lists, ranges, IS NULL, int8 values against int4 keys, values out
 * of the key's range, residual conditions) and ORDER BY ... LIMIT over a table with NULLs,
 * duplicates, a multi-column index and a DESC NULLS FIRST one, after rolled-back inserts,
 * each run with enable_indexscan off and with enable_seqscan off, the results compared. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sunstone.h"

typedef struct rows {
    char **v;
    size_t n, cap;
} rows;

static int collect(void *arg, int ncols, const char *const *values, const char *const *names)
{
    (void)names;
    rows *r = arg;
    char line[512] = "";
    for (int i = 0; i < ncols; i++) {
        size_t len = strlen(line);
        snprintf(line + len, sizeof line - len, "%s|", values[i] ? values[i] : "<null>");
    }
    if (r->n == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 64;
        r->v = realloc(r->v, r->cap * sizeof *r->v);
    }
    r->v[r->n++] = strdup(line);
    return 0;
}

static void rows_free(rows *r)
{
    for (size_t i = 0; i < r->n; i++)
        free(r->v[i]);
    free(r->v);
    memset(r, 0, sizeof *r);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void run(sunstone *db, const char *sql, rows *out)
{
    if (sunstone_exec(db, sql, out ? collect : NULL, out) != SUNSTONE_OK)
        ck_abort_msg("%s: %s", sql, sunstone_errmsg(db));
}

static bool plan_uses_index(sunstone *db, const char *q)
{
    char sql[1024];
    snprintf(sql, sizeof sql, "EXPLAIN %s", q);
    rows r = {0};
    run(db, sql, &r);
    bool used = false;
    for (size_t i = 0; i < r.n; i++)
        used |= strstr(r.v[i], "index_scan") != NULL;
    rows_free(&r);
    return used;
}

static void predicate(char *buf, size_t n)
{
    int r1 = rand() % 320 - 10, r2 = r1 + rand() % 40, r3 = rand() % 320;
    int a1 = rand() % 14 - 2, a2 = a1 + rand() % 5;
    const char *resid[] = {"", " AND b IS NOT NULL", " AND (c IS NULL OR c % 3 = 0)", " AND id % 2 = 1"};
    const char *rs = resid[rand() % 4];
    switch (rand() % 20) {
    case 0: snprintf(buf, n, "id = %d%s", r1, rs); break;
    case 1: snprintf(buf, n, "id = %d::bigint%s", r1, rs); break;
    case 2: snprintf(buf, n, "id IN (%d, %d, %d, %d)%s", r1, r3, r1, r2, rs); break;
    case 3: snprintf(buf, n, "id > %d AND id <= %d%s", r1, r2, rs); break;
    case 4: snprintf(buf, n, "id >= %d%s", r3, rs); break;
    case 5: snprintf(buf, n, "id < %d::bigint%s", r1, rs); break;
    case 6: snprintf(buf, n, "id = 3000000000%s", rs); break;
    case 7: snprintf(buf, n, "id > -3000000000 AND id < %d%s", r1, rs); break;
    case 8: snprintf(buf, n, "a = %d%s", a1, rs); break;
    case 9: snprintf(buf, n, "a = %d AND b = 's%d'%s", a1, r1 % 20, rs); break;
    case 10: snprintf(buf, n, "a = %d AND b > 's%d'%s", a1, r1 % 20, rs); break;
    case 11: snprintf(buf, n, "a IS NULL%s", rs); break;
    case 12: snprintf(buf, n, "a IS NULL AND b IS NULL%s", rs); break;
    case 13: snprintf(buf, n, "a IN (%d, NULL, %d)%s", a1, a2, rs); break;
    case 14: snprintf(buf, n, "a BETWEEN %d AND %d%s", a1, a2, rs); break;
    case 15: snprintf(buf, n, "c > %d%s", r1 * 3, rs); break;
    case 16: snprintf(buf, n, "c <= %d AND c >= %d%s", r2 * 3, r1 * 3, rs); break;
    case 17: snprintf(buf, n, "c IS NULL%s", rs); break;
    case 18: snprintf(buf, n, "c IN (%d, %d)%s", r1 * 3, r3 * 3, rs); break;
    default: snprintf(buf, n, "%d < id AND a = %d%s", r1, a1, rs); break;
    }
}

static void query(char *q, size_t n, bool *ordered)
{
    char pred[256];
    predicate(pred, sizeof pred);
    *ordered = false;
    switch (rand() % 6) {
    case 0:
        snprintf(q, n, "SELECT id, a, b, c FROM t WHERE %s ORDER BY id DESC LIMIT %d", pred, 1 + rand() % 7);
        *ordered = true;
        break;
    case 1:
        snprintf(q, n, "SELECT id, c FROM t ORDER BY id LIMIT %d", 1 + rand() % 50);
        *ordered = true;
        break;
    case 2:
        snprintf(q, n, "SELECT count(*), sum(id) FROM t WHERE %s", pred);
        break;
    default:
        snprintf(q, n, "SELECT id, a, b, c FROM t WHERE %s", pred);
        break;
    }
}

START_TEST(index_and_seq_scans_agree)
{
    sunstone *db = NULL;
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    srand(20261202);
    run(db, "CREATE TABLE t (id int PRIMARY KEY, a int, b text, c bigint)", NULL);
    run(db, "CREATE INDEX t_a_b ON t (a, b)", NULL);
    run(db, "CREATE INDEX t_c ON t (c DESC NULLS FIRST)", NULL);
    /* NULLs and duplicates in a, b and c */
    run(db,
        "INSERT INTO t SELECT g, CASE WHEN g % 11 = 0 THEN NULL ELSE g % 10 END, "
        "CASE WHEN g % 7 = 0 THEN NULL ELSE 's' || (g % 20) END, CASE WHEN g % 5 = 0 THEN NULL ELSE (g % 50) * 3 END "
        "FROM generate_series(0, 299) g",
        NULL);
    run(db, "BEGIN; INSERT INTO t VALUES (1000, 3, 's3', 9), (1001, NULL, NULL, NULL); ROLLBACK", NULL);
    run(db, "INSERT INTO t VALUES (5000, 1, 's1', 30)", NULL);
    int used = 0, total = 400;
    for (int i = 0; i < total; i++) {
        char q[512];
        bool ordered;
        query(q, sizeof q, &ordered);
        rows seq = {0}, idx = {0};
        run(db, "SET enable_seqscan = on; SET enable_indexscan = off", NULL);
        run(db, q, &seq);
        run(db, "SET enable_seqscan = off; SET enable_indexscan = on", NULL);
        run(db, q, &idx);
        used += plan_uses_index(db, q);
        if (!ordered && seq.n)
            qsort(seq.v, seq.n, sizeof *seq.v, cmp_str);
        if (!ordered && idx.n)
            qsort(idx.v, idx.n, sizeof *idx.v, cmp_str);
        ck_assert_msg(seq.n == idx.n, "%s: %zu rows by the seq scan, %zu by the index", q, seq.n, idx.n);
        for (size_t k = 0; k < seq.n; k++)
            ck_assert_msg(strcmp(seq.v[k], idx.v[k]) == 0, "%s: row %zu: %s vs %s", q, k, seq.v[k], idx.v[k]);
        rows_free(&seq);
        rows_free(&idx);
    }
    /* nearly every predicate has a usable index condition */
    ck_assert_msg(used > total * 3 / 4, "only %d of %d plans used an index", used, total);
    sunstone_close(db);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("index_scan_random");
    TCase *tc = tcase_create("index_scan_random");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, index_and_seq_scans_agree);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
