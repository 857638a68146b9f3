/* txn_table_locks.c — the table locks of LOCK TABLE (txn_table_locks.h): an array of
 * entries under one mutex (LOCK TABLE is rare; statements read only the atomic count). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "txn/txn_table_locks.h"

typedef struct table_lock {
    const void *table;
    ss_xid xid;
    int mode;
} table_lock;

struct ss_table_locks {
    pthread_mutex_t mu;
    table_lock *e;
    uint32_t n, cap;
    atomic_uint count;  /* n, read without the mutex */
    atomic_uint strong; /* entries of a mode above ACCESS SHARE (which only mode 8 meets) */
};

ss_table_locks *ss_table_locks_create(void)
{
    ss_table_locks *tl = calloc(1, sizeof *tl);
    if (!tl)
        return NULL;
    if (pthread_mutex_init(&tl->mu, NULL) != 0) {
        free(tl);
        return NULL;
    }
    return tl;
}

void ss_table_locks_destroy(ss_table_locks *tl)
{
    if (!tl)
        return;
    free(tl->e);
    pthread_mutex_destroy(&tl->mu);
    free(tl);
}

bool ss_table_lock_conflicts(int a, int b)
{
    /* PostgreSQL's LockConflicts, row by row of the mode asked (bit k: conflicts with k) */
    static const unsigned conflicts[9] = {
        0,
        1u << 8,
        (1u << 7) | (1u << 8),
        (1u << 5) | (1u << 6) | (1u << 7) | (1u << 8),
        (1u << 4) | (1u << 5) | (1u << 6) | (1u << 7) | (1u << 8),
        (1u << 3) | (1u << 4) | (1u << 6) | (1u << 7) | (1u << 8),
        (1u << 3) | (1u << 4) | (1u << 5) | (1u << 6) | (1u << 7) | (1u << 8),
        (1u << 2) | (1u << 3) | (1u << 4) | (1u << 5) | (1u << 6) | (1u << 7) | (1u << 8),
        0x1FEu,
    };
    return a >= 1 && a <= 8 && b >= 1 && b <= 8 && (conflicts[a] >> b) & 1u;
}

bool ss_table_locks_empty(ss_table_locks *tl)
{
    return atomic_load(&tl->strong) == 0;
}

bool ss_table_locks_none(ss_table_locks *tl)
{
    return atomic_load(&tl->count) == 0;
}

static void recount(ss_table_locks *tl)
{
    uint32_t strong = 0;
    for (uint32_t i = 0; i < tl->n; i++)
        strong += tl->e[i].mode > 1;
    atomic_store(&tl->count, tl->n);
    atomic_store(&tl->strong, strong);
}

/* Drops the entries whose xid no longer runs (under the mutex). */
static void prune(ss_table_locks *tl, const ss_txn_manager *m)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < tl->n; i++)
        if (ss_txn_effective_status(m, tl->e[i].xid) == SS_XID_RUNNING)
            tl->e[k++] = tl->e[i];
    tl->n = k;
    recount(tl);
}

static ss_xid find(ss_table_locks *tl, const ss_txn_manager *m, const void *table, int mode, ss_xid top)
{
    prune(tl, m);
    for (uint32_t i = 0; i < tl->n; i++) {
        const table_lock *x = &tl->e[i];
        if (x->table == table && ss_txn_top(m, x->xid) != top && (!mode || ss_table_lock_conflicts(mode, x->mode)))
            return x->xid;
    }
    return SS_XID_INVALID;
}

ss_xid ss_table_locks_conflicting(ss_table_locks *tl, const ss_txn_manager *m, const void *table, int mode,
                                  ss_xid top)
{
    if (mode == 0 || mode == 8 ? ss_table_locks_none(tl) : ss_table_locks_empty(tl))
        return SS_XID_INVALID;
    pthread_mutex_lock(&tl->mu);
    ss_xid h = find(tl, m, table, mode, top);
    pthread_mutex_unlock(&tl->mu);
    return h;
}

ss_xid ss_table_locks_other(ss_table_locks *tl, const ss_txn_manager *m, const void *table, ss_xid top)
{
    return ss_table_locks_conflicting(tl, m, table, 0, top);
}

int ss_table_locks_add(ss_table_locks *tl, const ss_txn_manager *m, const void *table, ss_xid xid, ss_xid top,
                       int mode, ss_xid *holder)
{
    int rc = 0;
    pthread_mutex_lock(&tl->mu);
    *holder = find(tl, m, table, mode, top);
    if (*holder == SS_XID_INVALID) {
        bool known = false;
        for (uint32_t i = 0; i < tl->n && !known; i++)
            known = tl->e[i].table == table && tl->e[i].xid == xid && tl->e[i].mode == mode;
        if (!known && tl->n == tl->cap) {
            uint32_t cap = tl->cap ? 2 * tl->cap : 16;
            table_lock *grown = realloc(tl->e, sizeof *grown * cap);
            if (grown) {
                tl->e = grown;
                tl->cap = cap;
            }
        }
        if (!known && tl->n < tl->cap) {
            tl->e[tl->n++] = (table_lock){table, xid, mode};
            recount(tl);
        } else if (!known) {
            rc = -1;
        }
    }
    pthread_mutex_unlock(&tl->mu);
    return rc;
}

bool ss_table_locks_held(ss_table_locks *tl, const ss_txn_manager *m, const void *table, ss_xid top)
{
    if (ss_table_locks_none(tl) || top == SS_XID_INVALID)
        return false;
    bool held = false;
    pthread_mutex_lock(&tl->mu);
    for (uint32_t i = 0; i < tl->n && !held; i++)
        held = tl->e[i].table == table && ss_txn_top(m, tl->e[i].xid) == top &&
               ss_txn_effective_status(m, tl->e[i].xid) == SS_XID_RUNNING;
    pthread_mutex_unlock(&tl->mu);
    return held;
}

void ss_table_locks_remove(ss_table_locks *tl, const void *table, ss_xid xid, int mode)
{
    pthread_mutex_lock(&tl->mu);
    for (uint32_t i = 0; i < tl->n; i++)
        if (tl->e[i].table == table && tl->e[i].xid == xid && tl->e[i].mode == mode) {
            tl->e[i] = tl->e[--tl->n];
            break;
        }
    recount(tl);
    pthread_mutex_unlock(&tl->mu);
}
