/* test_txn_visibility.c — Check tests for core/txn: the commit log and running set, snapshots,
 * the visibility rules (own writes by command id, other transactions by snapshot, aborted
 * writers and deleters, subtransactions released and rolled back), the session state's lazy
 * xids and isolation levels, and waits with deadlock detection and timeouts across threads. */
#include <check.h>
#include <pthread.h>
#include <unistd.h>

#include "txn/txn_manager.h"
#include "txn/txn_session.h"

static bool sees(ss_txn_manager *m, const ss_snapshot *snap, ss_version_stamp v)
{
    uint32_t out[1];
    return ss_txn_versions_visible(m, snap, &v, NULL, 1, out) == 1;
}

START_TEST(commit_log_and_snapshots)
{
    ss_txn_manager *m = ss_txn_manager_create();
    ck_assert_ptr_nonnull(m);
    ss_xid a = ss_txn_assign(m, 0), b = ss_txn_assign(m, 0);
    ck_assert_uint_lt(a, b);
    ck_assert_int_eq(ss_txn_status(m, a), SS_XID_RUNNING);
    ss_txn_snapshot s = {0};
    ck_assert_int_eq(ss_txn_snapshot_take(m, &s, 0, 0), 0);
    ck_assert_uint_eq(s.snap.xmin, a);
    ck_assert_uint_eq(s.snap.xmax, b + 1);
    ck_assert_uint_eq(s.snap.nrunning, 2);
    ss_txn_commit(m, a);
    ss_txn_abort(m, b);
    ck_assert_int_eq(ss_txn_status(m, a), SS_XID_COMMITTED);
    ck_assert_int_eq(ss_txn_status(m, b), SS_XID_ABORTED);
    /* the old snapshot still counts both as running */
    ck_assert(ss_txn_snapshot_running(&s.snap, a));
    ck_assert(!sees(m, &s.snap, (ss_version_stamp){a, 0, 0, 0}));
    ss_txn_snapshot s2 = {0};
    ck_assert_int_eq(ss_txn_snapshot_take(m, &s2, 0, 0), 0);
    ck_assert_uint_eq(s2.snap.nrunning, 0);
    ck_assert(sees(m, &s2.snap, (ss_version_stamp){a, 0, 0, 0}));
    ck_assert(!sees(m, &s2.snap, (ss_version_stamp){b, 0, 0, 0}));
    /* deleted by a committed transaction: gone; by an aborted one: still there */
    ck_assert(!sees(m, &s2.snap, (ss_version_stamp){a, a, 0, 0}));
    ck_assert(sees(m, &s2.snap, (ss_version_stamp){a, b, 0, 0}));
    /* written outside any transaction: always there, until a committed delete */
    ck_assert(sees(m, &s.snap, (ss_version_stamp){0, 0, 0, 0}));
    ck_assert(sees(m, &s2.snap, (ss_version_stamp){0, b, 0, 0}));
    ck_assert(!sees(m, &s2.snap, (ss_version_stamp){0, a, 0, 0}));
    ss_txn_snapshot_free(&s);
    ss_txn_snapshot_free(&s2);
    ss_txn_manager_destroy(m);
}
END_TEST

START_TEST(own_writes_by_command_id)
{
    ss_txn_manager *m = ss_txn_manager_create();
    ss_txn_state st;
    ss_txn_state_init(&st, m);
    ss_txn_state_begin(&st, true, SS_ISO_READ_COMMITTED, false, 0);
    ss_xid x;
    uint32_t cid;
    ck_assert_int_eq(ss_txn_state_current(&st, &x, &cid), 0);
    ck_assert_uint_eq(cid, 0);
    ss_version_stamp v = {x, 0, cid, 0};
    /* not visible to the command that wrote it, visible to the next */
    const ss_snapshot *snap = ss_txn_state_snapshot(&st, true);
    ck_assert(!sees(m, snap, v));
    ss_txn_state_next_command(&st);
    snap = ss_txn_state_snapshot(&st, true);
    ck_assert_uint_eq(snap->command_id, 1);
    ck_assert(sees(m, snap, v));
    /* another session does not see it until commit */
    ss_txn_state other;
    ss_txn_state_init(&other, m);
    ss_txn_state_begin(&other, false, SS_ISO_READ_COMMITTED, false, 0);
    ck_assert(!sees(m, ss_txn_state_snapshot(&other, true), v));
    /* deleted by our command 1: visible to command 1, not to 2 */
    ck_assert_int_eq(ss_txn_state_current(&st, &x, &cid), 0);
    ss_version_stamp d = {v.xmin, x, 0, cid};
    ck_assert(sees(m, ss_txn_state_snapshot(&st, true), d));
    ss_txn_state_next_command(&st);
    ck_assert(!sees(m, ss_txn_state_snapshot(&st, true), d));
    ss_txn_state_commit(&st);
    ck_assert(sees(m, ss_txn_state_snapshot(&other, true), v));
    ck_assert(!sees(m, ss_txn_state_snapshot(&other, true), d));
    ss_txn_state_free(&other);
    ss_txn_state_free(&st);
    ss_txn_manager_destroy(m);
}
END_TEST

START_TEST(repeatable_read_keeps_its_snapshot)
{
    ss_txn_manager *m = ss_txn_manager_create();
    ss_txn_state rr, rc, w;
    ss_txn_state_init(&rr, m);
    ss_txn_state_init(&rc, m);
    ss_txn_state_init(&w, m);
    ss_txn_state_begin(&rr, true, SS_ISO_REPEATABLE_READ, true, 0);
    ss_txn_state_begin(&rc, true, SS_ISO_READ_COMMITTED, true, 0);
    ck_assert_ptr_nonnull(ss_txn_state_snapshot(&rr, true));
    ck_assert_ptr_nonnull(ss_txn_state_snapshot(&rc, true));
    ss_txn_state_begin(&w, false, SS_ISO_READ_COMMITTED, false, 0);
    ss_xid x;
    uint32_t cid;
    ck_assert_int_eq(ss_txn_state_current(&w, &x, &cid), 0);
    ss_txn_state_commit(&w);
    ss_version_stamp v = {x, 0, 0, 0};
    ck_assert(!sees(m, ss_txn_state_snapshot(&rr, true), v));
    ck_assert(sees(m, ss_txn_state_snapshot(&rc, true), v));
    ss_txn_state_free(&rr);
    ss_txn_state_free(&rc);
    ss_txn_state_free(&w);
    ss_txn_manager_destroy(m);
}
END_TEST

START_TEST(savepoints)
{
    ss_txn_manager *m = ss_txn_manager_create();
    ss_txn_state st;
    ss_txn_state_init(&st, m);
    ss_txn_state_begin(&st, true, SS_ISO_READ_COMMITTED, false, 0);
    ss_xid x0, x1, x2;
    uint32_t cid;
    ck_assert_int_eq(ss_txn_state_current(&st, &x0, &cid), 0);
    ck_assert_int_eq(ss_txn_state_push(&st, "a"), 0);
    ck_assert_int_eq(ss_txn_state_current(&st, &x1, &cid), 0);
    ck_assert_uint_ne(x1, x0);
    ck_assert_uint_eq(ss_txn_top(m, x1), x0);
    ck_assert_int_eq(ss_txn_state_push(&st, "b"), 0);
    ck_assert_int_eq(ss_txn_state_current(&st, &x2, &cid), 0);
    ss_txn_state_next_command(&st);
    const ss_snapshot *snap = ss_txn_state_snapshot(&st, true);
    ck_assert(sees(m, snap, (ss_version_stamp){x2, 0, 0, 0}));
    /* RELEASE b, then ROLLBACK TO a: b's writes went into a and are undone with it */
    ck_assert_int_eq(ss_txn_state_find(&st, "b"), 1);
    ss_txn_state_release(&st, 1);
    ck_assert_int_eq(ss_txn_state_find(&st, "b"), -1);
    ck_assert(sees(m, ss_txn_state_snapshot(&st, true), (ss_version_stamp){x2, 0, 0, 0}));
    ss_txn_state_rollback_to(&st, 0, true);
    ck_assert_uint_eq(st.nlevels, 1);
    snap = ss_txn_state_snapshot(&st, true);
    ck_assert(!sees(m, snap, (ss_version_stamp){x2, 0, 0, 0}));
    ck_assert(!sees(m, snap, (ss_version_stamp){x1, 0, 0, 0}));
    ck_assert(sees(m, snap, (ss_version_stamp){x0, 0, 0, 0}));
    /* a delete by the rolled-back level is undone too */
    ck_assert(sees(m, snap, (ss_version_stamp){x0, x1, 0, 0}));
    /* the kept savepoint writes under a fresh xid; commit keeps it */
    ss_xid x3;
    ck_assert_int_eq(ss_txn_state_current(&st, &x3, &cid), 0);
    ck_assert_uint_gt(x3, x2);
    ss_txn_state_release(&st, 0);
    ss_txn_state_commit(&st);
    ss_txn_snapshot s = {0};
    ck_assert_int_eq(ss_txn_snapshot_take(m, &s, 0, 0), 0);
    ck_assert(sees(m, &s.snap, (ss_version_stamp){x3, 0, 0, 0}));
    ck_assert(sees(m, &s.snap, (ss_version_stamp){x0, 0, 0, 0}));
    ck_assert(!sees(m, &s.snap, (ss_version_stamp){x2, 0, 0, 0}));
    ck_assert_uint_eq(s.snap.nrunning, 0);
    ss_txn_snapshot_free(&s);
    ss_txn_state_free(&st);
    ss_txn_manager_destroy(m);
}
END_TEST

START_TEST(selection_in_and_out)
{
    ss_txn_manager *m = ss_txn_manager_create();
    ss_xid c = ss_txn_assign(m, 0), r = ss_txn_assign(m, 0);
    ss_txn_commit(m, c);
    ss_version_stamp v[6] = {{c, 0, 0, 0}, {r, 0, 0, 0}, {c, r, 0, 0},
                             {c, c, 0, 0}, {c, 0, 0, 0}, {r, c, 0, 0}};
    ss_txn_snapshot s = {0};
    ck_assert_int_eq(ss_txn_snapshot_take(m, &s, 0, 0), 0);
    uint32_t out[6];
    ck_assert_uint_eq(ss_txn_versions_visible(m, &s.snap, v, NULL, 6, out), 3);
    ck_assert_uint_eq(out[0], 0);
    ck_assert_uint_eq(out[1], 2);
    ck_assert_uint_eq(out[2], 4);
    uint32_t sel[3] = {1, 3, 4};
    ck_assert_uint_eq(ss_txn_versions_visible(m, &s.snap, v, sel, 3, sel), 1);
    ck_assert_uint_eq(sel[0], 4);
    ss_txn_snapshot_free(&s);
    ss_txn_manager_destroy(m);
}
END_TEST

typedef struct waiter_arg {
    ss_txn_manager *m;
    ss_xid self, holder;
    ss_txn_wait_result result;
} waiter_arg;

static void *wait_thread(void *p)
{
    waiter_arg *a = p;
    a->result = ss_txn_wait(a->m, a->self, a->holder, 0, NULL, NULL);
    return NULL;
}

START_TEST(waits_and_deadlocks)
{
    ss_txn_manager *m = ss_txn_manager_create();
    ss_xid a = ss_txn_assign(m, 0), b = ss_txn_assign(m, 0);
    ss_xid bsub = ss_txn_assign(m, b);
    /* a waits for b's subtransaction (b's row) on another thread */
    waiter_arg w = {m, a, bsub, SS_WAIT_NO_MEMORY};
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, wait_thread, &w), 0);
    usleep(50000);
    /* b now waiting for a closes the cycle: b gets the deadlock, names a */
    ss_xid cycle = 0;
    ck_assert_int_eq(ss_txn_wait(m, b, a, 0, NULL, &cycle), SS_WAIT_DEADLOCK);
    ck_assert_uint_eq(cycle, a);
    /* a third transaction's wait times out */
    ss_xid c = ss_txn_assign(m, 0);
    ck_assert_int_eq(ss_txn_wait(m, c, b, 30, NULL, NULL), SS_WAIT_TIMEOUT);
    /* sub-committing b's subtransaction does not end the wait; b's abort does */
    ss_txn_subcommit(m, bsub);
    usleep(20000);
    ck_assert_int_eq(w.result, SS_WAIT_NO_MEMORY);
    ss_txn_abort(m, b);
    pthread_join(t, NULL);
    ck_assert_int_eq(w.result, SS_WAIT_DONE);
    ck_assert_int_eq(ss_txn_effective_status(m, bsub), SS_XID_ABORTED);
    /* an interrupt ends a wait */
    atomic_int flag = 1;
    ck_assert_int_eq(ss_txn_wait(m, c, a, 0, &flag, NULL), SS_WAIT_INTERRUPTED);
    ss_txn_commit(m, a);
    ck_assert_int_eq(ss_txn_wait(m, c, a, 0, NULL, NULL), SS_WAIT_DONE);
    ss_txn_commit(m, c);
    ss_txn_manager_destroy(m);
}
END_TEST

static void *churn(void *p)
{
    ss_txn_manager *m = p;
    ss_txn_snapshot s = {0};
    for (int i = 0; i < 20000; i++) {
        ss_xid x = ss_txn_assign(m, 0);
        ck_assert_uint_ne(x, 0);
        ck_assert_int_eq(ss_txn_snapshot_take(m, &s, x, 0), 0);
        ss_version_stamp v = {x, 0, 0, 0};
        uint32_t out[1];
        ck_assert_uint_eq(ss_txn_versions_visible(m, &s.snap, &v, NULL, 1, out), 0);
        if (i % 3)
            ss_txn_commit(m, x);
        else
            ss_txn_abort(m, x);
    }
    ss_txn_snapshot_free(&s);
    return NULL;
}

START_TEST(threads_share_one_manager)
{
    ss_txn_manager *m = ss_txn_manager_create();
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(pthread_create(&t[i], NULL, churn, m), 0);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    ss_txn_snapshot s = {0};
    ck_assert_int_eq(ss_txn_snapshot_take(m, &s, 0, 0), 0);
    ck_assert_uint_eq(s.snap.nrunning, 0);
    ck_assert_uint_eq(s.snap.xmax, 80001); /* 80000 xids, from 1 */
    ss_txn_snapshot_free(&s);
    ss_txn_manager_destroy(m);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("txn_visibility");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, commit_log_and_snapshots);
    tcase_add_test(tc, own_writes_by_command_id);
    tcase_add_test(tc, repeatable_read_keeps_its_snapshot);
    tcase_add_test(tc, savepoints);
    tcase_add_test(tc, selection_in_and_out);
    tcase_add_test(tc, waits_and_deadlocks);
    tcase_add_test(tc, threads_share_one_manager);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
