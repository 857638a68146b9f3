/* txn_history.c — the commit history of the transaction manager (txn_history.h): commits
 * recorded through the database's snapshot manager module, snapshots as of a past commit,
 * and the history retention that holds the reclamation horizon back.  Everything here runs
 * under m->mu (the manager modules rely on it: sunstone/snapshot.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sunstone/errors.h"
#include "txn/txn_history.h"
#include "txn/txn_manager_private.h"

/* Forgetting the unreadable part of the history is checked once per this many commits. */
#define FORGET_EVERY 1024u

struct ss_retention_slot {
    bool used;
    int64_t us, commits;
};

static int64_t wall_clock_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The index of the oldest retained commit a snapshot can still read (its xmin not below the
   highest horizon handed out): the xmins never decrease with seq, so a binary search.  The
   count when there is none. */
static uint64_t oldest_readable(ss_txn_manager *m)
{
    const ss_snapshot_vtable *vt = m->hist_vt;
    uint64_t lo = 0, hi = vt->count(m->hist);
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        ss_commit_record r;
        if (vt->nth(m->hist, mid, &r) && r.xmin < m->reclaimed)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The seq below which lies the history no snapshot can read any more, once the horizon was
   taken (0: all of it is readable). */
static uint64_t unreadable_before(ss_txn_manager *m)
{
    uint64_t i = oldest_readable(m);
    ss_commit_record r;
    if (i > 0 && m->hist_vt->nth(m->hist, i, &r))
        return r.seq;
    return i > 0 ? m->commit_seq + 1 : 0; /* nothing readable: all of it goes */
}

static void forget_unreadable(ss_txn_manager *m)
{
    uint64_t before = unreadable_before(m);
    if (before)
        m->hist_vt->forget_before(m->hist, before);
}

bool ss_txn_history_is_prepared_locked(const ss_txn_manager *m, ss_xid top)
{
    for (uint32_t i = 0; i < m->nprepared; i++)
        if (m->prepared[i].top == top)
            return true;
    return false;
}

void ss_txn_history_unprepare_locked(ss_txn_manager *m, ss_xid top)
{
    for (uint32_t i = 0; i < m->nprepared; i++)
        if (m->prepared[i].top == top) {
            memmove(m->prepared + i, m->prepared + i + 1, (m->nprepared - i - 1) * sizeof *m->prepared);
            m->nprepared--;
            pthread_cond_broadcast(&m->turn);
            return;
        }
}

/* The record of top's commit if it were made now, at time now (µs; times never decrease):
   xmin and xmax as they are just after it (top and its subtransactions no longer running,
   and (gch11) neither are the prepared commits before it: they become visible first).  Its
   seq follows the last prepared commit's, or the last visible one's. */
static void make_record(ss_txn_manager *m, ss_xid top, int64_t now, ss_commit_record *r)
{
    const ss_prepared_commit *last = m->nprepared ? &m->prepared[m->nprepared - 1] : NULL;
    if (now < m->last_commit_us) /* the clock stepped back */
        now = m->last_commit_us;
    if (last && now < last->rec.time_us)
        now = last->rec.time_us;
    ss_xid xmin = m->next_xid;
    for (uint32_t i = 0; i < m->nrunning; i++) {
        ss_xid t = ss_txn_top(m, m->running[i]);
        if (t != top && !ss_txn_history_is_prepared_locked(m, t)) {
            xmin = m->running[i];
            break;
        }
    }
    *r = (ss_commit_record){.struct_size = sizeof *r, .xid = top, .seq = (last ? last->rec.seq : m->commit_seq) + 1,
                            .time_us = now, .xmin = xmin, .xmax = m->next_xid};
}

void ss_txn_history_commit_locked(ss_txn_manager *m, ss_xid top)
{
    ss_commit_record r;
    /* (hist11) the record a database file stored with the commit, when it is this one; its
       seq follows the last visible one's unless an earlier prepared commit failed (gch11) */
    bool prepared = m->nprepared > 0 && m->prepared[0].top == top && m->prepared[0].rec.seq > m->commit_seq;
    uint64_t forget = prepared ? m->prepared[0].forget : 0;
    if (prepared)
        r = m->prepared[0].rec;
    ss_txn_history_unprepare_locked(m, top);
    if (!prepared)
        make_record(m, top, wall_clock_us(), &r);
    bool gap = r.seq != m->commit_seq + 1;
    uint64_t seq = m->commit_seq = r.seq;
    m->last_commit_us = r.time_us;
    if (!m->first_commit_us)
        m->first_commit_us = r.time_us;
    if (!m->hist) {
        m->hist_gap = seq;
        return;
    }
    if (gap) { /* the failed commit's seq is missing: the history before it goes */
        m->hist_gap = seq - 1;
        m->hist_vt->forget_before(m->hist, seq);
    }
    if (m->hist_vt->record_commit(m->hist, &r) != SS_OK) {
        /* out of memory: the history before this commit can no longer be told right */
        m->hist_gap = seq;
        m->hist_vt->forget_before(m->hist, seq + 1);
        return;
    }
    if (prepared) {
        if (forget) /* what the file forgot with the commit */
            m->hist_vt->forget_before(m->hist, forget);
    } else if (seq - m->forget_checked >= FORGET_EVERY) {
        /* the history no snapshot in use or kept by the retention reads goes, so that it
           grows only with what the retention keeps */
        m->forget_checked = seq;
        (void)ss_txn_horizon_locked(m);
        forget_unreadable(m);
    }
}

int ss_txn_history_prepare(ss_txn_manager *m, ss_xid top, ss_commit_record *r, uint64_t *forget_before)
{
    pthread_mutex_lock(&m->mu);
    if (m->nprepared == m->cap_prepared) {
        uint32_t cap = m->cap_prepared ? m->cap_prepared * 2 : 8;
        ss_prepared_commit *p = realloc(m->prepared, cap * sizeof *p);
        if (!p) {
            pthread_mutex_unlock(&m->mu);
            return SS_ERROR;
        }
        m->prepared = p;
        m->cap_prepared = cap;
    }
    make_record(m, top, wall_clock_us(), r);
    *forget_before = 0;
    if (m->hist && r->seq - m->forget_checked >= FORGET_EVERY) {
        m->forget_checked = r->seq;
        (void)ss_txn_horizon_locked(m);
        *forget_before = unreadable_before(m);
    }
    m->prepared[m->nprepared++] = (ss_prepared_commit){top, *r, *forget_before};
    pthread_mutex_unlock(&m->mu);
    return SS_OK;
}

void ss_txn_history_unprepare(ss_txn_manager *m, ss_xid top)
{
    pthread_mutex_lock(&m->mu);
    ss_txn_history_unprepare_locked(m, top);
    pthread_mutex_unlock(&m->mu);
}

uint64_t ss_txn_history_forget_unreadable(ss_txn_manager *m)
{
    pthread_mutex_lock(&m->mu);
    uint64_t before = m->hist ? unreadable_before(m) : 0;
    if (before)
        m->hist_vt->forget_before(m->hist, before);
    pthread_mutex_unlock(&m->mu);
    return before;
}

void ss_txn_history_earlier_openings(ss_txn_manager *m, ss_xid floor)
{
    pthread_mutex_lock(&m->mu);
    m->earlier_floor = floor;
    pthread_mutex_unlock(&m->mu);
}

int ss_txn_history_load(ss_txn_manager *m, const ss_commit_record *recs, uint64_t n, int64_t first_time_us,
                        uint64_t next_seq)
{
    int rc = SS_OK;
    pthread_mutex_lock(&m->mu);
    if (m->hist) /* the commits of the catalog's replay: not in the file */
        m->hist_vt->forget_before(m->hist, m->commit_seq + 1);
    for (uint64_t i = 0; i < n; i++) {
        ss_commit_record r = recs[i];
        r.struct_size = sizeof r;
        if (m->hist && rc == SS_OK && m->hist_vt->record_commit(m->hist, &r) != SS_OK) {
            m->hist_vt->forget_before(m->hist, r.seq + 1);
            rc = SS_ERROR;
        }
        m->commit_seq = r.seq;
        if (r.time_us > m->last_commit_us)
            m->last_commit_us = r.time_us;
    }
    m->commit_seq = next_seq - 1; /* the manager is empty when nothing was loaded */
    m->forget_checked = m->commit_seq;
    m->first_commit_us = first_time_us;
    pthread_mutex_unlock(&m->mu);
    return rc;
}

ss_xid ss_txn_history_horizon_locked(ss_txn_manager *m, ss_xid h)
{
    int64_t us = 0, commits = 0;
    for (uint32_t i = 0; i < m->nretains; i++)
        if (m->retains[i].used) {
            if (m->retains[i].us > us)
                us = m->retains[i].us;
            if (m->retains[i].commits > commits)
                commits = m->retains[i].commits;
        }
    uint64_t n = m->hist && (us > 0 || commits > 0) ? m->hist_vt->count(m->hist) : 0;
    if (n > 0) {
        ss_commit_record r;
        /* the commit a snapshot as of (now - us) reads, or the oldest one when all are newer */
        if (us > 0 && (m->hist_vt->at_time(m->hist, wall_clock_us() - us, &r) || m->hist_vt->nth(m->hist, 0, &r)) &&
            r.xmin < h)
            h = r.xmin;
        if (commits > 0 && m->hist_vt->nth(m->hist, n > (uint64_t)commits ? n - (uint64_t)commits : 0, &r) &&
            r.xmin < h)
            h = r.xmin;
    }
    if (h > m->reclaimed)
        m->reclaimed = h;
    return h;
}

int ss_txn_history_use(ss_txn_manager *m, const ss_snapshot_vtable *vt)
{
    pthread_mutex_lock(&m->mu);
    int rc = SS_OK;
    if (vt == m->hist_vt)
        goto done;
    void *inst = NULL;
    if (vt && vt->create(&inst) != SS_OK) {
        rc = SS_ERROR;
        goto done;
    }
    uint64_t n = m->hist ? m->hist_vt->count(m->hist) : 0;
    for (uint64_t i = 0; i < n && inst; i++) {
        ss_commit_record r;
        if (m->hist_vt->nth(m->hist, i, &r) && vt->record_commit(inst, &r) != SS_OK) {
            vt->destroy(inst);
            rc = SS_ERROR;
            goto done;
        }
    }
    if (m->hist)
        m->hist_vt->destroy(m->hist);
    else
        m->hist_gap = m->commit_seq; /* commits made without a manager are not in the new one */
    m->hist_vt = vt;
    m->hist = inst;
done:
    pthread_mutex_unlock(&m->mu);
    return rc;
}

/* The time of the oldest commit a snapshot can read, 0 when none. */
static int64_t readable_bound(ss_txn_manager *m)
{
    ss_commit_record r;
    return m->hist_vt->nth(m->hist, oldest_readable(m), &r) ? r.time_us : 0;
}

/* Whether the top-level transaction of xid was running when commit c was made: it still
   runs, or it committed after c (an aborted one's writes count nowhere; a committed one not
   in the history committed before its oldest retained commit, so before c). */
static bool running_at(ss_txn_manager *m, ss_xid xid, const ss_commit_record *c)
{
    ss_xid top = ss_txn_top(m, xid);
    ss_xid_status st = ss_txn_status(m, top);
    if (st == SS_XID_RUNNING)
        return true;
    ss_commit_record o;
    return st == SS_XID_COMMITTED && m->hist_vt->of_xid(m->hist, top, &o) && o.seq > c->seq;
}

/* Resolves a to its commit in *c (m->mu held). */
static ss_as_of_result resolve(ss_txn_manager *m, const ss_as_of *a, ss_commit_record *c, int64_t *bound)
{
    if (a->kind == SS_AS_OF_TIME) {
        if (m->hist_vt->at_time(m->hist, a->time_us, c))
            return SS_AS_OF_OK;
        if (!m->first_commit_us || a->time_us < m->first_commit_us) {
            *bound = m->first_commit_us;
            return SS_AS_OF_BEFORE_FIRST;
        }
        *bound = readable_bound(m);
        return SS_AS_OF_NOT_RETAINED;
    }
    if (a->xid == SS_XID_INVALID || a->xid >= m->next_xid || ss_txn_status(m, a->xid) != SS_XID_COMMITTED ||
        ss_txn_top(m, a->xid) != a->xid)
        return SS_AS_OF_NOT_COMMITTED;
    if (m->hist_vt->of_xid(m->hist, a->xid, c))
        return SS_AS_OF_OK;
    /* (hist11) an earlier opening's xid that started after the oldest retained commit would
       be retained had it committed (at top level) */
    ss_commit_record o;
    if (a->xid < m->earlier_floor && m->hist_vt->nth(m->hist, 0, &o) && a->xid >= o.xmax)
        return SS_AS_OF_NOT_COMMITTED;
    *bound = readable_bound(m);
    return SS_AS_OF_NOT_RETAINED;
}

ss_as_of_result ss_txn_snapshot_as_of(ss_txn_manager *m, ss_txn_snapshot *s, const ss_as_of *a,
                                      ss_commit_record *c, int64_t *bound)
{
    *bound = 0;
    memset(c, 0, sizeof *c);
    pthread_mutex_lock(&m->mu);
    ss_as_of_result res = !m->hist ? SS_AS_OF_NO_MANAGER : resolve(m, a, c, bound);
    if (res == SS_AS_OF_OK && c->xmin < m->reclaimed) {
        *bound = readable_bound(m);
        res = SS_AS_OF_NOT_RETAINED;
    }
    uint32_t n = 0;
    for (ss_xid x = c->xmin; res == SS_AS_OF_OK && x < c->xmax; x++) {
        if (!running_at(m, x, c))
            continue;
        if (n == s->cap) {
            uint32_t cap = s->cap ? s->cap * 2 : 16;
            ss_xid *buf = realloc(s->buf, cap * sizeof *buf);
            if (!buf) {
                res = SS_AS_OF_NO_MEMORY;
                break;
            }
            s->buf = buf;
            s->cap = cap;
        }
        s->buf[n++] = x;
    }
    if (res == SS_AS_OF_OK) {
        s->snap.struct_size = sizeof s->snap;
        s->snap.command_id = 0;
        s->snap.xmin = c->xmin;
        s->snap.xmax = c->xmax;
        s->snap.self = SS_XID_INVALID; /* reads only: no transaction of its own */
        s->snap.running = s->buf;
        s->snap.nrunning = n;
        s->snap.reserved = 0;
        if (ss_txn_snapshot_register_locked(m, s) != 0)
            res = SS_AS_OF_NO_MEMORY;
    }
    pthread_mutex_unlock(&m->mu);
    return res;
}

void ss_txn_retention_publish(ss_txn_manager *m, ss_txn_retention *r, int64_t us, int64_t commits)
{
    if (us < 0)
        us = 0;
    if (commits < 0)
        commits = 0;
    if (r->us == us && r->commits == commits && (r->slot1 != 0) == (us > 0 || commits > 0))
        return;
    pthread_mutex_lock(&m->mu);
    if (!r->slot1 && (us > 0 || commits > 0)) {
        uint32_t i = 0;
        while (i < m->nretains && m->retains[i].used)
            i++;
        if (i == m->nretains) {
            uint32_t cap = m->nretains ? m->nretains * 2 : 4;
            struct ss_retention_slot *p = realloc(m->retains, cap * sizeof *p);
            if (!p) {
                pthread_mutex_unlock(&m->mu);
                return; /* out of memory: no retention (the next statement tries again) */
            }
            memset(p + m->nretains, 0, (cap - m->nretains) * sizeof *p);
            m->retains = p;
            m->nretains = cap;
        }
        m->retains[i].used = true;
        r->slot1 = i + 1;
    }
    if (r->slot1) {
        struct ss_retention_slot *slot = &m->retains[r->slot1 - 1];
        slot->us = us;
        slot->commits = commits;
        if (us == 0 && commits == 0) {
            slot->used = false;
            r->slot1 = 0;
        }
    }
    r->us = us;
    r->commits = commits;
    pthread_mutex_unlock(&m->mu);
}

void ss_txn_history_free(ss_txn_manager *m)
{
    if (m->hist)
        m->hist_vt->destroy(m->hist);
    m->hist = NULL;
    m->hist_vt = NULL;
    free(m->retains);
    m->retains = NULL;
    m->nretains = 0;
    free(m->prepared);
    m->prepared = NULL;
    m->nprepared = m->cap_prepared = 0;
}
