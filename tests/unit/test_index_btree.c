/* test_index_btree.c — the bundled "btree" index module against a reference: random
 * inserts, removals, bulk builds, point lookups and range scans (bounds inclusive,
 * exclusive and open, forward and backward) over two-column keys with NULLs and
 * duplicates, checked entry for entry against a sorted array; text keys, DESC and NULLS
 * FIRST columns, and a type without an order refused. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "api/database.h"
#include "loader/loader.h"
#include "sunstone.h"

static sunstone *db;
static ss_ctx ctx;
static const ss_index_vtable *vt;
static const ss_api *api;

static void setup(void)
{
    const char *dir = getenv("SUNSTONE_MODULE_DIR");
    sunstone_config cfg = {sizeof cfg, dir ? dir : "modules", false, NULL};
    ck_assert_int_eq(sunstone_open_v2(NULL, &db, &cfg), SUNSTONE_OK);
    ss_session_ctx(db, &ctx);
    const ss_registration *r = ss_registry_find(&db->database->registry, SS_KIND_INDEX, "btree");
    ck_assert_msg(r != NULL, "btree index not registered");
    vt = r->vtable;
    api = ss_kernel_api();
}

static void teardown(void)
{
    sunstone_close(db);
}

/* ---- the reference: entries (a, b, rowid) with NULLs, in the index's order ---- */

typedef struct ref_entry {
    bool anull, bnull;
    int64_t a, b;
    ss_rowid rowid;
} ref_entry;

static uint32_t ref_flags[2];

static int cmp_col(bool xn, int64_t x, bool yn, int64_t y, uint32_t flags)
{
    if (xn || yn) {
        if (xn && yn)
            return 0;
        int r = xn ? 1 : -1;
        return (flags & SS_INDEX_NULLS_FIRST) ? -r : r;
    }
    int r = (x > y) - (x < y);
    return (flags & SS_INDEX_DESC) ? -r : r;
}

/* prefix compare of entry e with values (n of them) */
static int ref_cmp_prefix(const ref_entry *e, const ss_value *v, uint32_t n)
{
    int r = 0;
    if (n >= 1 && (r = cmp_col(e->anull, e->a, v[0].is_null, v[0].v.i, ref_flags[0])))
        return r;
    if (n >= 2 && (r = cmp_col(e->bnull, e->b, v[1].is_null, v[1].v.i, ref_flags[1])))
        return r;
    return 0;
}

static int ref_cmp(const void *pa, const void *pb)
{
    const ref_entry *x = pa, *y = pb;
    int r = cmp_col(x->anull, x->a, y->anull, y->a, ref_flags[0]);
    if (!r)
        r = cmp_col(x->bnull, x->b, y->bnull, y->b, ref_flags[1]);
    if (!r)
        r = (x->rowid > y->rowid) - (x->rowid < y->rowid);
    return r;
}

static void random_entry(ref_entry *e, ss_rowid rowid, int range)
{
    e->anull = rand() % 10 == 0;
    e->bnull = rand() % 8 == 0;
    e->a = rand() % range - range / 2;
    e->b = rand() % 5;
    e->rowid = rowid;
}

static ss_batch *make_batch(void)
{
    ss_type types[2] = {{SS_TYPE_INT8, -1}, {SS_TYPE_INT4, -1}};
    return api->batch_create(2, types, SS_BATCH_CAPACITY);
}

static void fill_batch(ss_batch *b, const ref_entry *e, uint32_t n)
{
    api->batch_reset(b);
    for (uint32_t k = 0; k < n; k++) {
        ss_value va = {.is_null = e[k].anull, .v.i = e[k].a};
        ss_value vb = {.is_null = e[k].bnull, .v.i = e[k].b};
        ck_assert_int_eq(api->vector_set_value(&ctx, b->cols[0], k, &va), SS_OK);
        ck_assert_int_eq(api->vector_set_value(&ctx, b->cols[1], k, &vb), SS_OK);
    }
    b->count = n;
}

static void *make_index(void)
{
    ss_type types[2] = {{SS_TYPE_INT8, -1}, {SS_TYPE_INT4, -1}};
    ss_index_def def = {"t_a_b_idx", 2, 0, types, ref_flags};
    void *ix = NULL;
    ck_assert_int_eq(vt->create(&ctx, &def, &ix), SS_OK);
    return ix;
}

/* Every scan shape over the index compared with the reference ref[0..n) (sorted). */
static void check_scans(void *ix, const ref_entry *ref, size_t n)
{
    static ss_rowid got[1 << 16];
    ck_assert_int_eq(vt->entries(ix), (int64_t)n);
    for (int trial = 0; trial < 25; trial++) {
        ss_value lo[2], hi[2];
        for (int i = 0; i < 2; i++) {
            lo[i] = (ss_value){.is_null = rand() % 12 == 0, .v.i = rand() % 40 - 20};
            hi[i] = (ss_value){.is_null = rand() % 12 == 0, .v.i = rand() % 40 - 20};
        }
        ss_index_bound lower = {lo, (uint32_t)(rand() % 3), rand() % 2 == 0, {0}};
        ss_index_bound upper = {hi, (uint32_t)(rand() % 3), rand() % 2 == 0, {0}};
        bool backward = rand() % 2;
        ss_index_scan *s;
        ck_assert_int_eq(vt->scan_begin(&ctx, ix, &lower, &upper, backward, &s), SS_OK);
        size_t ngot = 0;
        for (;;) {
            uint32_t k;
            uint32_t cap = 1 + (uint32_t)(rand() % 100);
            ck_assert_int_eq(vt->scan_next(&ctx, s, got + ngot, cap, &k), SS_OK);
            if (k == 0)
                break;
            ngot += k;
        }
        vt->scan_end(s);
        size_t want = 0;
        for (size_t j = 0; j < n; j++) {
            size_t i = backward ? n - 1 - j : j;
            int rl = ref_cmp_prefix(&ref[i], lo, lower.nvalues);
            int ru = ref_cmp_prefix(&ref[i], hi, upper.nvalues);
            bool lower_ok = lower.nvalues == 0 || (lower.inclusive ? rl >= 0 : rl > 0);
            bool upper_ok = upper.nvalues == 0 || (upper.inclusive ? ru <= 0 : ru < 0);
            bool in = lower_ok && upper_ok;
            if (in) {
                ck_assert_msg(want < ngot, "scan returned too few rows (trial %d)", trial);
                ck_assert_uint_eq(got[want], ref[i].rowid);
                want++;
            }
        }
        ck_assert_uint_eq(ngot, want);
        /* point lookup on the lower values' prefix */
        uint32_t total;
        ck_assert_int_eq(vt->lookup(&ctx, ix, lo, lower.nvalues, got, 1 << 16, &total), SS_OK);
        size_t eq = 0;
        for (size_t i = 0; i < n; i++)
            if (ref_cmp_prefix(&ref[i], lo, lower.nvalues) == 0) {
                ck_assert_uint_eq(got[eq], ref[i].rowid);
                eq++;
            }
        ck_assert_uint_eq(total, eq);
    }
}

static void random_workload(uint32_t fa, uint32_t fb, bool bulk)
{
    ref_flags[0] = fa;
    ref_flags[1] = fb;
    enum { N = 20000 };
    ref_entry *ref = malloc(N * 2 * sizeof *ref);
    size_t n = 0;
    ss_rowid next_id = 1;
    ss_batch *b = make_batch();
    ss_rowid ids[SS_BATCH_CAPACITY];
    void *ix = make_index();
    if (bulk) {
        /* bulk build of N entries in batches */
        for (int round = 0; round < 6; round++) {
            ref_entry chunk[1000];
            for (int k = 0; k < 1000; k++) {
                random_entry(&chunk[k], next_id++, 40);
                ids[k] = chunk[k].rowid;
                ref[n++] = chunk[k];
            }
            fill_batch(b, chunk, 1000);
            ck_assert_int_eq(vt->build_add(&ctx, ix, b, ids), SS_OK);
        }
    }
    ck_assert_int_eq(vt->build_finish(&ctx, ix), SS_OK);
    qsort(ref, n, sizeof *ref, ref_cmp);
    check_scans(ix, ref, n);
    for (int round = 0; round < 8; round++) {
        /* inserts through a batch with a selection */
        ref_entry chunk[SS_BATCH_CAPACITY];
        uint32_t cnt = 1 + (uint32_t)(rand() % 900), sel[SS_BATCH_CAPACITY], nsel = 0;
        for (uint32_t k = 0; k < cnt; k++)
            random_entry(&chunk[k], next_id++, 40);
        fill_batch(b, chunk, cnt);
        for (uint32_t k = 0; k < cnt; k++)
            if (rand() % 4) {
                sel[nsel] = k;
                ids[nsel] = chunk[k].rowid;
                ref[n++] = chunk[k];
                nsel++;
            }
        b->sel = sel;
        b->sel_count = nsel;
        ck_assert_int_eq(vt->insert(&ctx, ix, b, ids), SS_OK);
        b->sel = NULL;
        /* removals: some present, some not */
        qsort(ref, n, sizeof *ref, ref_cmp);
        for (int k = 0; k < 700 && n > 0; k++) {
            size_t i = (size_t)rand() % n;
            ss_value key[2] = {{.is_null = ref[i].anull, .v.i = ref[i].a},
                               {.is_null = ref[i].bnull, .v.i = ref[i].b}};
            bool removed;
            ck_assert_int_eq(vt->remove(&ctx, ix, key, next_id + 5, &removed), SS_OK);
            ck_assert(!removed);
            ck_assert_int_eq(vt->remove(&ctx, ix, key, ref[i].rowid, &removed), SS_OK);
            ck_assert(removed);
            memmove(&ref[i], &ref[i + 1], (n - i - 1) * sizeof *ref);
            n--;
        }
        check_scans(ix, ref, n);
    }
    ck_assert_int_gt(vt->bytes(ix), 0);
    vt->destroy(ix);
    api->batch_destroy(b);
    free(ref);
}

START_TEST(random_inserts_removes_scans)
{
    srand(7);
    random_workload(0, 0, false);
}
END_TEST

START_TEST(bulk_build_then_changes)
{
    srand(11);
    random_workload(0, 0, true);
}
END_TEST

START_TEST(desc_and_nulls_first)
{
    srand(13);
    random_workload(SS_INDEX_DESC | SS_INDEX_NULLS_FIRST, SS_INDEX_NULLS_FIRST, true);
    srand(17);
    random_workload(SS_INDEX_DESC, 0, false);
}
END_TEST

START_TEST(text_keys_bytewise)
{
    ss_type types[1] = {{SS_TYPE_TEXT, -1}};
    uint32_t flags[1] = {0};
    ss_index_def def = {"t_s_idx", 1, 0, types, flags};
    void *ix;
    ck_assert_int_eq(vt->create(&ctx, &def, &ix), SS_OK);
    const char *words[] = {"b", "ab", "a", "", "abc", "B", "b"};
    ss_batch *b = api->batch_create(1, types, SS_BATCH_CAPACITY);
    ss_rowid ids[7];
    for (uint32_t k = 0; k < 7; k++) {
        ss_value v = {.v.s = {words[k], (uint32_t)strlen(words[k])}};
        ck_assert_int_eq(api->vector_set_value(&ctx, b->cols[0], k, &v), SS_OK);
        ids[k] = k;
    }
    b->count = 7;
    ck_assert_int_eq(vt->insert(&ctx, ix, b, ids), SS_OK);
    api->batch_destroy(b); /* the index keeps its own copies */
    ss_index_scan *s;
    ck_assert_int_eq(vt->scan_begin(&ctx, ix, NULL, NULL, false, &s), SS_OK);
    ss_rowid got[8];
    uint32_t n;
    ck_assert_int_eq(vt->scan_next(&ctx, s, got, 8, &n), SS_OK);
    vt->scan_end(s);
    ss_rowid want[] = {3, 5, 2, 1, 4, 0, 6}; /* "", "B", "a", "ab", "abc", "b", "b" */
    ck_assert_uint_eq(n, 7);
    for (uint32_t k = 0; k < 7; k++)
        ck_assert_uint_eq(got[k], want[k]);
    ss_value key = {.v.s = {"b", 1}};
    uint32_t total;
    ck_assert_int_eq(vt->lookup(&ctx, ix, &key, 1, got, 1, &total), SS_OK);
    ck_assert_uint_eq(total, 2);
    ck_assert_uint_eq(got[0], 0);
    /* "a" < x <= "b", backward */
    ss_value a = {.v.s = {"a", 1}};
    ss_index_bound lo = {&a, 1, false, {0}}, hi = {&key, 1, true, {0}};
    ck_assert_int_eq(vt->scan_begin(&ctx, ix, &lo, &hi, true, &s), SS_OK);
    ck_assert_int_eq(vt->scan_next(&ctx, s, got, 8, &n), SS_OK);
    vt->scan_end(s);
    ss_rowid want2[] = {6, 0, 4, 1};
    ck_assert_uint_eq(n, 4);
    for (uint32_t k = 0; k < 4; k++)
        ck_assert_uint_eq(got[k], want2[k]);
    vt->destroy(ix);
}
END_TEST

START_TEST(unordered_type_refused)
{
    ss_type types[1] = {{SS_TYPE_JSON, -1}};
    ss_index_def def = {"t_j_idx", 1, 0, types, NULL};
    void *ix = NULL;
    int rc = vt->create(&ctx, &def, &ix);
    if (rc == SS_OK) {
        /* json vectors are bytes: the module may order them; the kernel refuses json */
        vt->destroy(ix);
    } else {
        ck_assert_str_eq(db->err.sqlstate, "42704");
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("index_btree");
    TCase *tc = tcase_create("btree");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, random_inserts_removes_scans);
    tcase_add_test(tc, bulk_build_then_changes);
    tcase_add_test(tc, desc_and_nulls_first);
    tcase_add_test(tc, text_keys_bytewise);
    tcase_add_test(tc, unordered_type_refused);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
