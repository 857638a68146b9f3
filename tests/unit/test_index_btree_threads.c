/* test_index_btree_threads.c — the "btree" index module used from several threads at once:
 * writers insert and remove entries while readers run range scans (forward and backward, in
 * small steps so that the tree changes between their calls) and point lookups.  Every scan
 * returns its entries in order, each once, inside its bounds, and every entry present for the
 * whole test (the stable set, never removed) is seen by every scan whose range holds it. */
#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "api/database.h"
#include "loader/loader.h"
#include "sunstone.h"

enum { KEYS = 500, STABLE_PER_KEY = 2, WRITERS = 4, READERS = 4, ROUNDS = 2000 };

static sunstone *db;
static const ss_index_vtable *vt;
static const ss_api *api;
static void *ix;

/* Row ids carry their key in the high bits, so that the index order (key, row id) is the
 * row ids' order: thread 0 is the stable set. */
static ss_rowid rowid_of(int64_t key, uint32_t thread, uint32_t seq)
{
    return ((ss_rowid)key << 32) | ((ss_rowid)thread << 24) | seq;
}

static int64_t key_of(ss_rowid r)
{
    return (int64_t)(r >> 32);
}

static bool stable(ss_rowid r)
{
    return ((r >> 24) & 0xff) == 0;
}

static int insert_one(ss_ctx *ctx, ss_batch *b, int64_t key, ss_rowid r)
{
    api->batch_reset(b);
    ss_value v = {.v.i = key};
    if (api->vector_set_value(ctx, b->cols[0], 0, &v) != SS_OK)
        return SS_ERROR;
    b->count = 1;
    return vt->insert(ctx, ix, b, &r);
}

static void *writer(void *arg)
{
    uint32_t id = (uint32_t)(uintptr_t)arg;
    ss_ctx ctx;
    ss_session_ctx(db, &ctx);
    ss_type t = {SS_TYPE_INT8, -1};
    ss_batch *b = api->batch_create(1, &t, SS_BATCH_CAPACITY);
    unsigned seed = id * 7919u;
    ss_rowid mine[64];
    int64_t keys[64];
    uint32_t nmine = 0, seq = 0;
    for (int round = 0; round < ROUNDS * 20; round++) {
        if (nmine < 64 && (nmine == 0 || rand_r(&seed) % 3 != 0)) {
            int64_t key = rand_r(&seed) % KEYS;
            ss_rowid r = rowid_of(key, id, seq++);
            if (insert_one(&ctx, b, key, r) != SS_OK)
                return (void *)1;
            keys[nmine] = key;
            mine[nmine++] = r;
        } else {
            uint32_t k = (uint32_t)rand_r(&seed) % nmine;
            ss_value v = {.v.i = keys[k]};
            bool removed = false;
            if (vt->remove(&ctx, ix, &v, mine[k], &removed) != SS_OK || !removed)
                return (void *)2;
            keys[k] = keys[--nmine];
            mine[k] = mine[nmine];
        }
    }
    api->batch_destroy(b);
    return NULL;
}

static void *reader(void *arg)
{
    uint32_t id = (uint32_t)(uintptr_t)arg;
    ss_ctx ctx;
    ss_session_ctx(db, &ctx);
    unsigned seed = 104729u + id;
    ss_rowid buf[16];
    for (int round = 0; round < ROUNDS; round++) {
        int64_t lo = rand_r(&seed) % KEYS, hi = lo + rand_r(&seed) % 100;
        ss_value lov = {.v.i = lo}, hiv = {.v.i = hi};
        ss_index_bound lower = {&lov, 1, true, {0}}, upper = {&hiv, 1, false, {0}};
        bool backward = rand_r(&seed) % 2;
        ss_index_scan *s;
        if (vt->scan_begin(&ctx, ix, &lower, &upper, backward, &s) != SS_OK)
            return (void *)3;
        ss_rowid prev = 0;
        bool first = true;
        int64_t nstable = 0;
        for (;;) {
            uint32_t n;
            uint32_t cap = 1 + (uint32_t)rand_r(&seed) % 16;
            if (vt->scan_next(&ctx, s, buf, cap, &n) != SS_OK)
                return (void *)4;
            if (n == 0)
                break;
            for (uint32_t k = 0; k < n; k++) {
                ss_rowid r = buf[k];
                if (key_of(r) < lo || key_of(r) >= hi)
                    return (void *)5; /* outside the bounds */
                if (!first && (backward ? r >= prev : r <= prev))
                    return (void *)6; /* out of order, or twice */
                first = false;
                prev = r;
                nstable += stable(r);
            }
        }
        vt->scan_end(s);
        int64_t top = hi < KEYS ? hi : KEYS;
        if (nstable != (top - lo) * STABLE_PER_KEY)
            return (void *)7; /* a stable entry was missed */
        /* a point lookup of one stable key sees both of its stable entries */
        ss_value key = {.v.i = lo};
        ss_rowid got[256];
        uint32_t total;
        if (vt->lookup(&ctx, ix, &key, 1, got, 256, &total) != SS_OK)
            return (void *)8;
        int found = 0;
        for (uint32_t k = 0; k < total && k < 256; k++)
            found += stable(got[k]) && key_of(got[k]) == lo;
        if (found != STABLE_PER_KEY)
            return (void *)9;
    }
    return NULL;
}

START_TEST(concurrent_writers_and_readers)
{
    const char *dir = getenv("SUNSTONE_MODULE_DIR");
    sunstone_config cfg = {sizeof cfg, dir ? dir : "modules", false, NULL};
    ck_assert_int_eq(sunstone_open_v2(NULL, &db, &cfg), SUNSTONE_OK);
    ss_ctx ctx;
    ss_session_ctx(db, &ctx);
    const ss_registration *reg = ss_registry_find(&db->database->registry, SS_KIND_INDEX, "btree");
    ck_assert_msg(reg != NULL, "btree index not registered");
    vt = reg->vtable;
    api = ss_kernel_api();
    ss_type t = {SS_TYPE_INT8, -1};
    uint32_t flags = 0;
    ss_index_def def = {"t_k_idx", 1, 0, &t, &flags};
    ck_assert_int_eq(vt->create(&ctx, &def, &ix), SS_OK);
    ck_assert_int_eq(vt->build_finish(&ctx, ix), SS_OK);
    ss_batch *b = api->batch_create(1, &t, SS_BATCH_CAPACITY);
    for (int64_t k = 0; k < KEYS; k++)
        for (uint32_t j = 0; j < STABLE_PER_KEY; j++)
            ck_assert_int_eq(insert_one(&ctx, b, k, rowid_of(k, 0, j)), SS_OK);
    api->batch_destroy(b);
    pthread_t th[WRITERS + READERS];
    for (uint32_t i = 0; i < WRITERS + READERS; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, i < WRITERS ? writer : reader,
                                        (void *)(uintptr_t)(i < WRITERS ? i + 1 : i)),
                         0);
    for (uint32_t i = 0; i < WRITERS + READERS; i++) {
        void *rc;
        pthread_join(th[i], &rc);
        ck_assert_msg(rc == NULL, "thread %u failed: check %ld", i, (long)(uintptr_t)rc);
    }
    ck_assert_int_ge(vt->entries(ix), (int64_t)KEYS * STABLE_PER_KEY);
    vt->destroy(ix);
    sunstone_close(db);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("index_btree_threads");
    TCase *tc = tcase_create("index_btree_threads");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, concurrent_writers_and_readers);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
