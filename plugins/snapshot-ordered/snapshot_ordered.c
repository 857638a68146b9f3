/* snapshot_ordered.c — the "ordered" snapshot manager (sunstone/snapshot.h): commit records
 * kept in commit order in one array, which is also time order, so at_time is a binary search
 * on time; and an index of (xid, seq) pairs sorted by xid for of_xid, also a binary search.
 * Commits arrive almost in xid order (only transactions running at the same time commit out
 * of it), so a new pair is put in place by moving the few pairs with a larger xid: amortised
 * O(1) per commit. */
#include <string.h>

#include "sunstone/plugin.h"

SS_PLUGIN_MAGIC("snapshot_ordered", "1.0")

static const ss_api *so_api;

typedef struct xid_seq {
    ss_xid xid;
    uint64_t seq;
} xid_seq;

typedef struct ordered_manager {
    ss_commit_record *recs; /* seq order: recs[i].seq == first_seq + i */
    xid_seq *by_xid;        /* the same commits, xid order */
    uint64_t n, cap;
} ordered_manager;

static int so_create(void **manager)
{
    ordered_manager *m = so_api->alloc(sizeof *m);
    if (!m)
        return SS_ERROR;
    memset(m, 0, sizeof *m);
    *manager = m;
    return SS_OK;
}

static void so_destroy(void *manager)
{
    ordered_manager *m = manager;
    if (!m)
        return;
    so_api->free(m->recs);
    so_api->free(m->by_xid);
    so_api->free(m);
}

static int so_record_commit(void *manager, const ss_commit_record *rec)
{
    ordered_manager *m = manager;
    if (m->n == m->cap) {
        uint64_t cap = m->cap ? m->cap * 2 : 1024;
        ss_commit_record *r = so_api->realloc(m->recs, cap * sizeof *r);
        if (!r)
            return SS_ERROR;
        m->recs = r;
        xid_seq *x = so_api->realloc(m->by_xid, cap * sizeof *x);
        if (!x)
            return SS_ERROR;
        m->by_xid = x;
        m->cap = cap;
    }
    ss_commit_record *r = &m->recs[m->n];
    memset(r, 0, sizeof *r);
    memcpy(r, rec, rec->struct_size < sizeof *r ? rec->struct_size : sizeof *r);
    r->struct_size = sizeof *r;
    uint64_t at = m->n;
    while (at > 0 && m->by_xid[at - 1].xid > rec->xid)
        at--;
    memmove(&m->by_xid[at + 1], &m->by_xid[at], (m->n - at) * sizeof *m->by_xid);
    m->by_xid[at] = (xid_seq){rec->xid, rec->seq};
    m->n++;
    return SS_OK;
}

static bool so_at_time(void *manager, int64_t time_us, ss_commit_record *out)
{
    const ordered_manager *m = manager;
    uint64_t lo = 0, hi = m->n; /* the first record after time_us */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (m->recs[mid].time_us <= time_us)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return false;
    *out = m->recs[lo - 1];
    return true;
}

static bool so_of_xid(void *manager, ss_xid xid, ss_commit_record *out)
{
    const ordered_manager *m = manager;
    uint64_t lo = 0, hi = m->n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (m->by_xid[mid].xid < xid)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == m->n || m->by_xid[lo].xid != xid)
        return false;
    *out = m->recs[m->by_xid[lo].seq - m->recs[0].seq];
    return true;
}

static uint64_t so_count(void *manager)
{
    return ((const ordered_manager *)manager)->n;
}

static bool so_nth(void *manager, uint64_t i, ss_commit_record *out)
{
    const ordered_manager *m = manager;
    if (i >= m->n)
        return false;
    *out = m->recs[i];
    return true;
}

static void so_forget_before(void *manager, uint64_t seq)
{
    ordered_manager *m = manager;
    if (m->n == 0 || seq <= m->recs[0].seq)
        return;
    uint64_t drop = seq - m->recs[0].seq;
    if (drop > m->n)
        drop = m->n;
    memmove(m->recs, m->recs + drop, (m->n - drop) * sizeof *m->recs);
    uint64_t k = 0;
    for (uint64_t i = 0; i < m->n; i++)
        if (m->by_xid[i].seq >= seq)
            m->by_xid[k++] = m->by_xid[i];
    m->n -= drop;
}

static const ss_snapshot_vtable ordered_vtable = {
    .struct_size = sizeof(ss_snapshot_vtable),
    .version = SS_SNAPSHOT_VTABLE_VERSION,
    .name = "ordered",
    .description = "commit history with binary searches by time and by xid (O(log n))",
    .create = so_create,
    .destroy = so_destroy,
    .record_commit = so_record_commit,
    .at_time = so_at_time,
    .of_xid = so_of_xid,
    .count = so_count,
    .nth = so_nth,
    .forget_before = so_forget_before,
};

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    so_api = api;
    return api->register_snapshot(plugin, &ordered_vtable, false);
}
