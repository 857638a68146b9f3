/* txn_manager.c — xid assignment, the commit log and the running set of the transaction
 * manager (txn_manager.h); snapshots are in txn_snapshot.c, waits in txn_wait.c, the
 * visibility check in txn_visibility.c.
 *
 * The commit log is a two-level table of pages of CLOG_PAGE_SIZE xids, each page holding
 * every xid's status byte and parent xid.  A page is published (release) before any of its
 * xids is handed out, and an entry is written before its xid is, so readers on other threads
 * read both with acquire loads and no lock. */
#include <stdlib.h>
#include <string.h>

#include "txn/txn_history.h"
#include "txn/txn_manager_private.h"
#include "txn/txn_table_locks.h"

static clog_page *clog_page_of(const ss_txn_manager *m, ss_xid xid, uint32_t *slot)
{
    uint64_t page = xid >> CLOG_PAGE_BITS;
    if (page >= CLOG_MAX_PAGES)
        return NULL;
    *slot = (uint32_t)(xid & (CLOG_PAGE_SIZE - 1));
    return atomic_load_explicit(&m->pages[page], memory_order_acquire);
}

ss_xid_status ss_txn_status(const ss_txn_manager *m, ss_xid xid)
{
    uint32_t slot;
    clog_page *p = clog_page_of(m, xid, &slot);
    ss_xid_status s = p ? (ss_xid_status)atomic_load_explicit(&p->status[slot], memory_order_acquire) : SS_XID_UNKNOWN;
    /* (hist11) an earlier opening's xid that a stored stamp or record names committed */
    if (s == SS_XID_UNKNOWN && xid >= SS_TXN_FIRST_XID && xid < m->earlier_floor)
        return SS_XID_COMMITTED;
    return s;
}

static ss_xid clog_parent(const ss_txn_manager *m, ss_xid xid)
{
    uint32_t slot;
    clog_page *p = clog_page_of(m, xid, &slot);
    return p ? atomic_load_explicit(&p->parent[slot], memory_order_acquire) : SS_XID_INVALID;
}

void ss_txn_clog_set(ss_txn_manager *m, ss_xid xid, ss_xid_status status)
{
    uint32_t slot;
    clog_page *p = clog_page_of(m, xid, &slot);
    if (p)
        atomic_store_explicit(&p->status[slot], (uint8_t)status, memory_order_release);
}

ss_xid_status ss_txn_effective_status(const ss_txn_manager *m, ss_xid xid)
{
    for (;;) {
        ss_xid_status s = ss_txn_status(m, xid);
        if (s != SS_XID_SUBCOMMITTED)
            return s;
        xid = clog_parent(m, xid);
    }
}

ss_xid ss_txn_top(const ss_txn_manager *m, ss_xid xid)
{
    for (;;) {
        ss_xid parent = clog_parent(m, xid);
        if (parent == SS_XID_INVALID)
            return xid;
        xid = parent;
    }
}

ss_txn_manager *ss_txn_manager_create(void)
{
    ss_txn_manager *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    if (pthread_mutex_init(&m->mu, NULL) != 0) {
        free(m);
        return NULL;
    }
    if (pthread_cond_init(&m->ended, NULL) != 0) {
        pthread_mutex_destroy(&m->mu);
        free(m);
        return NULL;
    }
    if (pthread_cond_init(&m->turn, NULL) != 0) {
        pthread_cond_destroy(&m->ended);
        pthread_mutex_destroy(&m->mu);
        free(m);
        return NULL;
    }
    if (!(m->row_locks = ss_row_locks_create()) || !(m->table_locks = ss_table_locks_create())) {
        ss_row_locks_destroy(m->row_locks);
        pthread_cond_destroy(&m->turn);
        pthread_cond_destroy(&m->ended);
        pthread_mutex_destroy(&m->mu);
        free(m);
        return NULL;
    }
    m->next_xid = SS_TXN_FIRST_XID;
    return m;
}

void ss_txn_manager_destroy(ss_txn_manager *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; i < CLOG_MAX_PAGES; i++)
        free(atomic_load_explicit(&m->pages[i], memory_order_relaxed));
    free(m->running);
    free(m->waiters);
    free(m->snap_xmins);
    ss_txn_history_free(m);
    ss_row_locks_destroy(m->row_locks);
    ss_table_locks_destroy(m->table_locks);
    pthread_cond_destroy(&m->turn);
    pthread_cond_destroy(&m->ended);
    pthread_mutex_destroy(&m->mu);
    free(m);
}

ss_row_locks *ss_txn_row_locks(ss_txn_manager *m)
{
    return m->row_locks;
}

struct ss_table_locks *ss_txn_table_locks(ss_txn_manager *m)
{
    return m->table_locks;
}

bool ss_txn_raise_next_xid(ss_txn_manager *m, ss_xid at)
{
    if (at >= (ss_xid)CLOG_MAX_PAGES * CLOG_PAGE_SIZE)
        return false;
    pthread_mutex_lock(&m->mu);
    if (at > m->next_xid)
        m->next_xid = at;
    pthread_mutex_unlock(&m->mu);
    return true;
}

ss_xid ss_txn_next_xid(ss_txn_manager *m)
{
    pthread_mutex_lock(&m->mu);
    ss_xid next = m->next_xid;
    pthread_mutex_unlock(&m->mu);
    return next;
}

ss_xid ss_txn_assign(ss_txn_manager *m, ss_xid parent)
{
    pthread_mutex_lock(&m->mu);
    ss_xid xid = m->next_xid;
    uint64_t page = xid >> CLOG_PAGE_BITS;
    if (page >= CLOG_MAX_PAGES)
        goto fail;
    if (!atomic_load_explicit(&m->pages[page], memory_order_relaxed)) {
        clog_page *p = calloc(1, sizeof *p);
        if (!p)
            goto fail;
        atomic_store_explicit(&m->pages[page], p, memory_order_release);
    }
    if (m->nrunning == m->cap_running) {
        uint32_t cap = m->cap_running ? m->cap_running * 2 : 16;
        ss_xid *r = realloc(m->running, cap * sizeof *r);
        if (!r)
            goto fail;
        m->running = r;
        m->cap_running = cap;
    }
    uint32_t slot;
    clog_page *p = clog_page_of(m, xid, &slot);
    atomic_store_explicit(&p->parent[slot], parent, memory_order_release);
    atomic_store_explicit(&p->status[slot], (uint8_t)SS_XID_RUNNING, memory_order_release);
    m->running[m->nrunning++] = xid; /* xids grow: the set stays ascending */
    m->next_xid = xid + 1;
    pthread_mutex_unlock(&m->mu);
    return xid;
fail:
    pthread_mutex_unlock(&m->mu);
    return SS_XID_INVALID;
}

/* Removes the running xids for which drop() holds, under m->mu, keeping the order. */
static void running_remove_if(ss_txn_manager *m, bool (*drop)(ss_txn_manager *, ss_xid, void *),
                              void *arg)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < m->nrunning; i++)
        if (!drop(m, m->running[i], arg))
            m->running[k++] = m->running[i];
    m->nrunning = k;
}

static bool is_xid(ss_txn_manager *m, ss_xid xid, void *arg)
{
    (void)m;
    return xid == *(const ss_xid *)arg;
}

void ss_txn_subcommit(ss_txn_manager *m, ss_xid sub)
{
    pthread_mutex_lock(&m->mu);
    ss_txn_clog_set(m, sub, SS_XID_SUBCOMMITTED);
    pthread_mutex_unlock(&m->mu);
}

void ss_txn_subabort(ss_txn_manager *m, ss_xid sub)
{
    pthread_mutex_lock(&m->mu);
    ss_txn_clog_set(m, sub, SS_XID_ABORTED);
    running_remove_if(m, is_xid, &sub);
    pthread_cond_broadcast(&m->ended);
    pthread_mutex_unlock(&m->mu);
}

typedef struct end_arg {
    ss_xid top;
    ss_xid_status outcome;
} end_arg;

/* A member of the ending transaction: its status becomes the outcome (a subtransaction that
   was rolled back stays aborted) and it leaves the running set. */
static bool end_member(ss_txn_manager *m, ss_xid xid, void *arg)
{
    const end_arg *e = arg;
    if (ss_txn_top(m, xid) != e->top)
        return false;
    ss_xid_status s = ss_txn_status(m, xid);
    if (xid == e->top)
        ss_txn_clog_set(m, xid, e->outcome);
    else if (s == SS_XID_RUNNING)
        ss_txn_clog_set(m, xid, SS_XID_ABORTED);
    else if (s == SS_XID_SUBCOMMITTED) {
        /* released into a level that was itself rolled back: aborted with it */
        ss_xid_status fate = ss_txn_effective_status(m, xid);
        ss_txn_clog_set(m, xid, fate == SS_XID_ABORTED ? SS_XID_ABORTED : e->outcome);
    }
    return true;
}

static void txn_end(ss_txn_manager *m, ss_xid top, ss_xid_status outcome)
{
    pthread_mutex_lock(&m->mu);
    /* (gch11) a database file stored the commits' records in seq order, and their syncs
       may end in any order: a commit becomes visible only after every earlier one did (or
       aborted), so that the visible order is the stored one */
    while (outcome == SS_XID_COMMITTED && ss_txn_history_is_prepared_locked(m, top) && m->prepared[0].top != top)
        pthread_cond_wait(&m->turn, &m->mu);
    end_arg e = {top, outcome};
    /* members first, the top-level xid last: until then a sub-committed member still
       resolves to a running parent */
    for (uint32_t i = 0; i < m->nrunning; i++) {
        ss_xid x = m->running[i];
        if (x != top && ss_txn_top(m, x) == top)
            end_member(m, x, &e);
    }
    ss_txn_clog_set(m, top, outcome);
    running_remove_if(m, end_member, &e);
    if (outcome == SS_XID_COMMITTED)
        ss_txn_history_commit_locked(m, top);
    else /* its durable commit failed, if it was prepared */
        ss_txn_history_unprepare_locked(m, top);
    pthread_cond_broadcast(&m->ended);
    pthread_mutex_unlock(&m->mu);
}

void ss_txn_commit(ss_txn_manager *m, ss_xid top)
{
    txn_end(m, top, SS_XID_COMMITTED);
}

void ss_txn_abort(ss_txn_manager *m, ss_xid top)
{
    txn_end(m, top, SS_XID_ABORTED);
}
