/* txn_row_locks.c — the kernel's table of row locks (txn_row_locks.h): a chained hash of
 * (table, row id) entries, one entry per lock taken, dead ones (their xid ended) dropped as
 * they are met and by a sweep when the table has doubled. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "txn/txn_row_locks.h"

typedef struct row_lock {
    const void *table;
    ss_rowid row;
    ss_xid xid;
    ss_row_lock_mode mode;
    struct row_lock *next;
} row_lock;

struct ss_row_locks {
    pthread_mutex_t mu;
    row_lock **buckets;
    uint32_t nbuckets; /* a power of two */
    uint32_t n;
    uint32_t sweep_at; /* a sweep of the dead entries when n reaches it */
};

#define INITIAL_BUCKETS 256u
#define INITIAL_SWEEP 1024u

ss_row_locks *ss_row_locks_create(void)
{
    ss_row_locks *rl = calloc(1, sizeof *rl);
    if (!rl)
        return NULL;
    if (pthread_mutex_init(&rl->mu, NULL) != 0) {
        free(rl);
        return NULL;
    }
    rl->sweep_at = INITIAL_SWEEP;
    return rl;
}

void ss_row_locks_destroy(ss_row_locks *rl)
{
    if (!rl)
        return;
    for (uint32_t i = 0; i < rl->nbuckets; i++)
        for (row_lock *e = rl->buckets[i], *next; e; e = next) {
            next = e->next;
            free(e);
        }
    free(rl->buckets);
    pthread_mutex_destroy(&rl->mu);
    free(rl);
}

bool ss_row_lock_conflicts(ss_row_lock_mode a, ss_row_lock_mode b)
{
    /* KEY SHARE conflicts with UPDATE only; SHARE with NO KEY UPDATE and UPDATE; NO KEY
       UPDATE with SHARE and above; UPDATE with all: with the strengths numbered 1..4 that
       is exactly a + b >= 5 */
    return a != SS_ROW_LOCK_NONE && b != SS_ROW_LOCK_NONE && (int)a + (int)b >= 5;
}

void ss_row_locks_enter(ss_row_locks *rl)
{
    pthread_mutex_lock(&rl->mu);
}

void ss_row_locks_leave(ss_row_locks *rl)
{
    pthread_mutex_unlock(&rl->mu);
}

static uint32_t bucket_of(const ss_row_locks *rl, const void *table, ss_rowid row)
{
    uint64_t h = (uint64_t)(uintptr_t)table * 0x9E3779B97F4A7C15ull ^ (uint64_t)row * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    return (uint32_t)h & (rl->nbuckets - 1);
}

static bool live(const ss_txn_manager *m, const row_lock *e)
{
    return ss_txn_effective_status(m, e->xid) == SS_XID_RUNNING;
}

/* Unlinks and frees the dead entries of the chain starting at *q. */
static void drop_dead(ss_row_locks *rl, const ss_txn_manager *m, row_lock **q)
{
    while (*q) {
        row_lock *e = *q;
        if (!live(m, e)) {
            *q = e->next;
            free(e);
            rl->n--;
        } else {
            q = &e->next;
        }
    }
}

/* The chain of (table, row), its dead entries unlinked on the way. */
static row_lock **chain(ss_row_locks *rl, const ss_txn_manager *m, const void *table, ss_rowid row)
{
    if (!rl->nbuckets)
        return NULL;
    row_lock **p = &rl->buckets[bucket_of(rl, table, row)];
    drop_dead(rl, m, p);
    return p;
}

ss_xid ss_row_locks_conflicting(ss_row_locks *rl, const ss_txn_manager *m, const void *table, ss_rowid row,
                                ss_row_lock_mode mode, ss_xid top)
{
    row_lock **p = chain(rl, m, table, row);
    for (row_lock *e = p ? *p : NULL; e; e = e->next)
        if (e->table == table && e->row == row && ss_row_lock_conflicts(e->mode, mode) &&
            ss_txn_top(m, e->xid) != top)
            return e->xid;
    return SS_XID_INVALID;
}

/* Drops every dead entry; the table grows its buckets with its live entries. */
static int sweep(ss_row_locks *rl, const ss_txn_manager *m)
{
    for (uint32_t i = 0; i < rl->nbuckets; i++)
        drop_dead(rl, m, &rl->buckets[i]);
    uint32_t want = rl->nbuckets ? rl->nbuckets : INITIAL_BUCKETS;
    while (want < rl->n * 2u && want < (1u << 30))
        want *= 2;
    if (want != rl->nbuckets) {
        row_lock **nb = calloc(want, sizeof *nb);
        if (!nb)
            return -1;
        row_lock **old = rl->buckets;
        uint32_t nold = rl->nbuckets;
        rl->buckets = nb;
        rl->nbuckets = want;
        for (uint32_t i = 0; i < nold; i++)
            for (row_lock *e = old[i], *next; e; e = next) {
                next = e->next;
                uint32_t b = bucket_of(rl, e->table, e->row);
                e->next = nb[b];
                nb[b] = e;
            }
        free(old);
    }
    rl->sweep_at = rl->n * 2u > INITIAL_SWEEP ? rl->n * 2u : INITIAL_SWEEP;
    return 0;
}

static int insert(ss_row_locks *rl, const ss_txn_manager *m, const void *table, ss_rowid row, ss_xid xid,
                  ss_row_lock_mode mode)
{
    if ((!rl->nbuckets || rl->n >= rl->sweep_at) && sweep(rl, m) != 0)
        return -1;
    row_lock *e = malloc(sizeof *e);
    if (!e)
        return -1;
    uint32_t b = bucket_of(rl, table, row);
    *e = (row_lock){table, row, xid, mode, rl->buckets[b]};
    rl->buckets[b] = e;
    rl->n++;
    return 0;
}

int ss_row_locks_add(ss_row_locks *rl, const ss_txn_manager *m, const void *table, ss_rowid row, ss_xid xid,
                     ss_row_lock_mode mode)
{
    ss_xid top = ss_txn_top(m, xid);
    row_lock **p = chain(rl, m, table, row);
    /* a lock of this transaction at least as strong, of a level still running (so an
       enclosing one of xid's: it outlives xid) */
    for (row_lock *e = p ? *p : NULL; e; e = e->next)
        if (e->table == table && e->row == row && e->mode >= mode && ss_txn_top(m, e->xid) == top)
            return 0;
    return insert(rl, m, table, row, xid, mode);
}

int ss_row_locks_carry(ss_row_locks *rl, const ss_txn_manager *m, const void *table, ss_rowid from, ss_rowid to,
                       ss_xid top)
{
    /* the locks to copy first: an insert may sweep and rehash the chains */
    row_lock **p = chain(rl, m, table, from);
    uint32_t n = 0;
    for (row_lock *e = p ? *p : NULL; e; e = e->next)
        n += e->table == table && e->row == from && ss_txn_top(m, e->xid) != top;
    if (!n)
        return 0;
    row_lock *copy = malloc(sizeof *copy * n);
    if (!copy)
        return -1;
    uint32_t k = 0;
    for (row_lock *e = *p; e; e = e->next)
        if (e->table == table && e->row == from && ss_txn_top(m, e->xid) != top)
            copy[k++] = *e;
    int rc = 0;
    for (k = 0; rc == 0 && k < n; k++)
        rc = insert(rl, m, table, to, copy[k].xid, copy[k].mode);
    free(copy);
    return rc;
}

ss_xid ss_row_locks_table_holder(ss_row_locks *rl, const ss_txn_manager *m, const void *table, ss_xid top)
{
    ss_xid holder = SS_XID_INVALID;
    pthread_mutex_lock(&rl->mu);
    for (uint32_t i = 0; i < rl->nbuckets && holder == SS_XID_INVALID; i++)
        for (const row_lock *e = rl->buckets[i]; e && holder == SS_XID_INVALID; e = e->next)
            if (e->table == table && live(m, e) && ss_txn_top(m, e->xid) != top)
                holder = e->xid;
    pthread_mutex_unlock(&rl->mu);
    return holder;
}
