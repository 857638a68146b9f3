/* txn_snapshot.c — taking a snapshot from the running set (txn_manager.h) and asking a
 * snapshot whether an xid was still running when it was taken. */
#include <stdlib.h>
#include <string.h>

#include "txn/txn_manager_private.h"

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
    pthread_mutex_unlock(&m->mu);
    return 0;
}

void ss_txn_snapshot_free(ss_txn_snapshot *s)
{
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
