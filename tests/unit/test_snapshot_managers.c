/* test_snapshot_managers.c — the two snapshot manager modules (plugins/snapshot-ordered,
 * plugins/snapshot-linear) give the same answers on the same random commit histories: commits
 * in commit order whose xids are only nearly ascending (as concurrent transactions commit out
 * of xid order), times that repeat, lookups by time before, between, at and after the
 * commits, by xids present and absent, and after forgetting a prefix. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "session_util.h"

static const ss_snapshot_vtable *manager(sunstone *db, const char *name)
{
    const ss_registration *r = ss_registry_find(&db->database->registry, SS_KIND_SNAPSHOT, name);
    ck_assert_msg(r != NULL, "snapshot manager %s is not loaded", name);
    return r->vtable;
}

static void same_record(bool fa, const ss_commit_record *a, bool fb, const ss_commit_record *b, const char *what,
                        long long arg)
{
    ck_assert_msg(fa == fb, "%s(%lld): found %d vs %d", what, arg, fa, fb);
    if (fa)
        ck_assert_msg(a->seq == b->seq && a->xid == b->xid && a->time_us == b->time_us && a->xmin == b->xmin &&
                          a->xmax == b->xmax,
                      "%s(%lld): seq %llu vs %llu", what, arg, (unsigned long long)a->seq,
                      (unsigned long long)b->seq);
}

typedef struct history {
    ss_commit_record *recs;
    uint32_t n;
} history;

/* n commits from seq first_seq: xids a shuffled-by-neighbours ascending list, times stepping
   by 0..2 µs. */
static history make_history(uint32_t n, uint64_t first_seq, ss_xid first_xid, int64_t first_time)
{
    history h = {calloc(n, sizeof(ss_commit_record)), n};
    ck_assert_ptr_nonnull(h.recs);
    ss_xid *xids = malloc(n * sizeof *xids);
    ck_assert_ptr_nonnull(xids);
    ss_xid x = first_xid;
    for (uint32_t i = 0; i < n; i++)
        xids[i] = x += 1 + (ss_xid)(rand() % 3); /* gaps: aborted or subtransaction xids */
    for (uint32_t k = 0; k < n / 2; k++) { /* commits out of xid order, a few places apart */
        uint32_t i = (uint32_t)rand() % n, j = i + 1 + (uint32_t)rand() % 4;
        if (j < n) {
            ss_xid t = xids[i];
            xids[i] = xids[j];
            xids[j] = t;
        }
    }
    int64_t t = first_time;
    for (uint32_t i = 0; i < n; i++) {
        t += rand() % 3;
        h.recs[i] = (ss_commit_record){.struct_size = sizeof(ss_commit_record), .xid = xids[i],
                                       .seq = first_seq + i, .time_us = t, .xmin = xids[i], .xmax = x + 1};
    }
    free(xids);
    return h;
}

static void compare(const ss_snapshot_vtable *va, void *a, const ss_snapshot_vtable *vb, void *b, const history *h)
{
    ck_assert_uint_eq(va->count(a), vb->count(b));
    uint64_t n = va->count(a);
    for (uint64_t i = 0; i <= n; i++) {
        ss_commit_record ra, rb;
        bool fa = va->nth(a, i, &ra), fb = vb->nth(b, i, &rb);
        same_record(fa, &ra, fb, &rb, "nth", (long long)i);
    }
    int64_t lo = h->recs[0].time_us - 5, hi = h->recs[h->n - 1].time_us + 5;
    for (int64_t t = lo; t <= hi; t++) {
        ss_commit_record ra, rb;
        bool fa = va->at_time(a, t, &ra), fb = vb->at_time(b, t, &rb);
        same_record(fa, &ra, fb, &rb, "at_time", t);
    }
    ss_xid top = h->recs[0].xmax + 3;
    for (ss_xid x = 0; x < top; x++) {
        ss_commit_record ra, rb;
        bool fa = va->of_xid(a, x, &ra), fb = vb->of_xid(b, x, &rb);
        same_record(fa, &ra, fb, &rb, "of_xid", (long long)x);
    }
}

START_TEST(same_answers_on_random_histories)
{
    sunstone *db = open_first();
    const ss_snapshot_vtable *vo = manager(db, "ordered"), *vl = manager(db, "linear");
    srand(11);
    for (int round = 0; round < 5; round++) {
        void *o, *l;
        ck_assert_int_eq(vo->create(&o), SS_OK);
        ck_assert_int_eq(vl->create(&l), SS_OK);
        uint32_t n = 500 + (uint32_t)rand() % 2500;
        history h = make_history(n, 1, 0, 1000000);
        for (uint32_t i = 0; i < n; i++) {
            ck_assert_int_eq(vo->record_commit(o, &h.recs[i]), SS_OK);
            ck_assert_int_eq(vl->record_commit(l, &h.recs[i]), SS_OK);
        }
        compare(vo, o, vl, l, &h);
        /* the answers are also right, not only equal: each commit found by its xid */
        for (uint32_t i = 0; i < n; i++) {
            ss_commit_record r;
            ck_assert(vo->of_xid(o, h.recs[i].xid, &r));
            ck_assert_uint_eq(r.seq, h.recs[i].seq);
        }
        /* a time before the first commit finds none */
        ss_commit_record r;
        ck_assert(!vo->at_time(o, h.recs[0].time_us - 1, &r));
        /* forgetting a prefix, then more commits */
        uint64_t cut = 1 + (uint64_t)rand() % n;
        vo->forget_before(o, cut);
        vl->forget_before(l, cut);
        ck_assert_uint_eq(vo->count(o), n - (cut - 1));
        compare(vo, o, vl, l, &h);
        history more = make_history(300, n + 1, h.recs[0].xmax, h.recs[n - 1].time_us);
        for (uint32_t i = 0; i < more.n; i++) {
            ck_assert_int_eq(vo->record_commit(o, &more.recs[i]), SS_OK);
            ck_assert_int_eq(vl->record_commit(l, &more.recs[i]), SS_OK);
        }
        compare(vo, o, vl, l, &more);
        /* forgetting everything */
        vo->forget_before(o, n + 1000);
        vl->forget_before(l, n + 1000);
        ck_assert_uint_eq(vo->count(o), 0);
        ck_assert_uint_eq(vl->count(l), 0);
        ck_assert(!vo->at_time(o, INT64_MAX, &r) && !vl->at_time(l, INT64_MAX, &r));
        free(h.recs);
        free(more.recs);
        vo->destroy(o);
        vl->destroy(l);
    }
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("snapshot_managers");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, same_answers_on_random_histories);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
