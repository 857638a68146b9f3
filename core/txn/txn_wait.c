/* txn_wait.c — waiting for another transaction to end (a row it holds), with the wait-for
 * graph that detects deadlocks before a session starts to wait (txn_manager.h). */
#include <stdlib.h>
#include <time.h>

#include "txn/txn_manager_private.h"

#define WAIT_SLICE_MS 10

/* The holder top-level xid that waiter waits for, or 0; m->mu held. */
static ss_xid waits_for(const ss_txn_manager *m, ss_xid waiter)
{
    for (uint32_t i = 0; i < m->nwaiters; i++)
        if (m->waiters[i].waiter == waiter)
            return m->waiters[i].holder;
    return SS_XID_INVALID;
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void (*wait_suspend)(void);
static void (*wait_resume)(void);

void ss_txn_wait_set_hooks(void (*suspend)(void), void (*resume)(void))
{
    wait_suspend = suspend;
    wait_resume = resume;
}

static ss_txn_wait_result wait_for(ss_txn_manager *m, ss_xid waiter, ss_xid xid, int64_t timeout_ms,
                                   atomic_int *interrupt, ss_xid *cycle_holder);

ss_txn_wait_result ss_txn_wait(ss_txn_manager *m, ss_xid waiter, ss_xid xid, int64_t timeout_ms,
                               atomic_int *interrupt, ss_xid *cycle_holder)
{
    /* the database lock is not held across the wait: the holder's next statement may need
       it exclusive (lock order: the database lock before m->mu, so it goes first) */
    if (wait_suspend)
        wait_suspend();
    ss_txn_wait_result r = wait_for(m, waiter, xid, timeout_ms, interrupt, cycle_holder);
    if (wait_resume)
        wait_resume();
    return r;
}

static ss_txn_wait_result wait_for(ss_txn_manager *m, ss_xid waiter, ss_xid xid, int64_t timeout_ms,
                                   atomic_int *interrupt, ss_xid *cycle_holder)
{
    ss_xid holder = ss_txn_top(m, xid);
    pthread_mutex_lock(&m->mu);
    if (ss_txn_effective_status(m, xid) != SS_XID_RUNNING) {
        pthread_mutex_unlock(&m->mu);
        return SS_WAIT_DONE;
    }
    /* would the edge waiter -> holder close a cycle? */
    ss_xid h = holder;
    for (uint32_t steps = 0; h != SS_XID_INVALID && steps <= m->nwaiters; steps++) {
        if (h == waiter) {
            if (cycle_holder)
                *cycle_holder = holder;
            pthread_mutex_unlock(&m->mu);
            return SS_WAIT_DEADLOCK;
        }
        h = waits_for(m, h);
    }
    if (m->nwaiters == m->cap_waiters) {
        uint32_t cap = m->cap_waiters ? m->cap_waiters * 2 : 8;
        txn_waiter *w = realloc(m->waiters, cap * sizeof *w);
        if (!w) {
            pthread_mutex_unlock(&m->mu);
            return SS_WAIT_NO_MEMORY;
        }
        m->waiters = w;
        m->cap_waiters = cap;
    }
    m->waiters[m->nwaiters++] = (txn_waiter){waiter, holder};
    int64_t deadline = timeout_ms > 0 ? now_ms() + timeout_ms : 0;
    ss_txn_wait_result result = SS_WAIT_DONE;
    while (ss_txn_effective_status(m, xid) == SS_XID_RUNNING) {
        if (interrupt && atomic_load(interrupt)) {
            result = SS_WAIT_INTERRUPTED;
            break;
        }
        int64_t now = now_ms();
        if (deadline && now >= deadline) {
            result = SS_WAIT_TIMEOUT;
            break;
        }
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        int64_t slice = WAIT_SLICE_MS;
        if (deadline && deadline - now < slice)
            slice = deadline - now;
        ts.tv_nsec += slice * 1000000;
        ts.tv_sec += ts.tv_nsec / 1000000000;
        ts.tv_nsec %= 1000000000;
        int rc = pthread_cond_timedwait(&m->ended, &m->mu, &ts);
        (void)rc;
    }
    for (uint32_t i = 0; i < m->nwaiters; i++)
        if (m->waiters[i].waiter == waiter && m->waiters[i].holder == holder) {
            m->waiters[i] = m->waiters[--m->nwaiters];
            break;
        }
    pthread_mutex_unlock(&m->mu);
    return result;
}
