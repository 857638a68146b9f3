/* txn_snapshot.c — taking a snapshot from the running set (txn_manager.h) and asking a
 * snapshot whether an xid was still running when it was taken. */
#include <stdlib.h>
#include <string.h>

#include "txn/txn_history.h"
#include "txn/txn_manager_private.h"

/* s's slot gets its xmin (a new slot when it has none); m->mu held.  Xmin is never 0 (xids
 * start at 1), so 0 marks a free slot. */
int ss_txn_snapshot_register_locked(ss_txn_manager *m, ss_txn_snapshot *s)
{
    if (s->slot1 && s->reg == m) {
        m->snap_xmins[s->slot1 - 1] = s->snap.xmin;
        return 0;
    }
    uint32_t i = 0;
    while (i < m->nsnap_slots && m->snap_xmins[i] != SS_XID_INVALID)
        i++;
    if (i == m->nsnap_slots) {
        uint32_t cap = m->nsnap_slots ? m->nsnap_slots * 2 : 16;
        ss_xid *p = realloc(m->snap_xmins, cap * sizeof *p);
        if (!p)
            return -1;
        memset(p + m->nsnap_slots, 0, (cap - m->nsnap_slots) * sizeof *p);
        m->snap_xmins = p;
        m->nsnap_slots = cap;
    }
    m->snap_xmins[i] = s->snap.xmin;
    s->slot1 = i + 1;
    s->reg = m;
    return 0;
}

int ss_txn_snapshot_take(ss_txn_manager *m, ss_txn_snapshot *s, ss_xid self, uint32_t cid)
{
    pthread_mutex_lock(&m->mu);
    if (m->nrunning > s->cap) {
        uint32_t cap = m->nrunning * 2;
        ss_xid *buf = realloc(s->buf, cap * sizeof *buf);
        if (!buf) {
            pthread_mutex_unlock(&m->mu);
            return -1;
        }
        s->buf = buf;
        s->cap = cap;
    }
    if (m->nrunning)
        memcpy(s->buf, m->running, m->nrunning * sizeof *s->buf);
    s->snap.struct_size = sizeof s->snap;
    s->snap.command_id = cid;
    s->snap.xmax = m->next_xid;
    s->snap.xmin = m->nrunning ? m->running[0] : m->next_xid;
    s->snap.self = self;
    s->snap.running = s->buf;
    s->snap.nrunning = m->nrunning;
    s->snap.reserved = 0;
    int rc = ss_txn_snapshot_register_locked(m, s);
    pthread_mutex_unlock(&m->mu);
    return rc;
}

int ss_txn_snapshot_register(ss_txn_manager *m, ss_txn_snapshot *s)
{
    pthread_mutex_lock(&m->mu);
    int rc = ss_txn_snapshot_register_locked(m, s);
    pthread_mutex_unlock(&m->mu);
    return rc;
}

void ss_txn_snapshot_release(ss_txn_snapshot *s)
{
    if (!s->slot1)
        return;
    ss_txn_manager *m = s->reg;
    pthread_mutex_lock(&m->mu);
    m->snap_xmins[s->slot1 - 1] = SS_XID_INVALID;
    pthread_mutex_unlock(&m->mu);
    s->slot1 = 0;
    s->reg = NULL;
}

ss_xid ss_txn_horizon_locked(ss_txn_manager *m)
{
    ss_xid h = m->nrunning ? m->running[0] : m->next_xid;
    for (uint32_t i = 0; i < m->nsnap_slots; i++)
        if (m->snap_xmins[i] != SS_XID_INVALID && m->snap_xmins[i] < h)
            h = m->snap_xmins[i];
    return ss_txn_history_horizon_locked(m, h);
}

ss_xid ss_txn_horizon(ss_txn_manager *m)
{
    pthread_mutex_lock(&m->mu);
    ss_xid h = ss_txn_horizon_locked(m);
    pthread_mutex_unlock(&m->mu);
    return h;
}

void ss_txn_snapshot_free(ss_txn_snapshot *s)
{
    ss_txn_snapshot_release(s);
    free(s->buf);
    memset(s, 0, sizeof *s);
}

bool ss_txn_snapshot_running(const ss_snapshot *snap, ss_xid xid)
{
    if (xid >= snap->xmax)
        return true;
    if (xid < snap->xmin)
        return false;
    uint32_t lo = 0, hi = snap->nrunning;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (snap->running[mid] < xid)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < snap->nrunning && snap->running[lo] == xid;
}
