/* snapshot_ordered.c — the "ordered" snapshot manager (sunstone/snapshot.h): commit records
 * kept in commit order, which is also time order, and an index of the same commits by xid;
 * at_time and of_xid are searches over compact key arrays (the times; the xids) through a
 * top level holding every 64th key, so that a lookup in a history of millions touches the
 * cache-resident top level and then one block of 64 keys.  Commits arrive almost in xid order
 * (only transactions running at the same time commit out of it), so a new xid is put in place
 * by moving the few larger ones: amortised O(1) per commit. */
#include <string.h>

#include "sunstone/plugin.h"

SS_PLUGIN_MAGIC("snapshot_ordered", "1.0")

#define BLOCK 64u /* keys per block below one top-level key */

static const ss_api *so_api;

/* A time as an unsigned key in the same order (the sign bit flipped), so that times and xids
   share one search. */
static uint64_t time_key(int64_t t)
{
    return (uint64_t)t ^ (UINT64_C(1) << 63);
}

typedef struct ordered_manager {
    ss_commit_record *recs; /* seq order: recs[i].seq == recs[0].seq + i */
    uint64_t *times;        /* time_key(recs[i].time_us) */
    ss_xid *xids;           /* the same commits' xids, ascending */
    uint64_t *xid_seqs;     /* xid_seqs[i]: the seq of xids[i] */
    uint64_t *time_top;     /* times[k * BLOCK] */
    ss_xid *xid_top;        /* xids[k * BLOCK] */
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
    so_api->free(m->times);
    so_api->free(m->xids);
    so_api->free(m->xid_seqs);
    so_api->free(m->time_top);
    so_api->free(m->xid_top);
    so_api->free(m);
}

/* Grows every array to cap entries (the top levels to cap / BLOCK + 1). */
static int grow(ordered_manager *m, uint64_t cap)
{
    void **arrays[] = {(void **)&m->recs, (void **)&m->times, (void **)&m->xids, (void **)&m->xid_seqs,
                       (void **)&m->time_top, (void **)&m->xid_top};
    size_t sizes[] = {sizeof *m->recs, sizeof *m->times, sizeof *m->xids, sizeof *m->xid_seqs,
                      sizeof *m->time_top, sizeof *m->xid_top};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) {
        uint64_t count = i < 4 ? cap : cap / BLOCK + 1;
        void *p = so_api->realloc(*arrays[i], count * sizes[i]);
        if (!p)
            return SS_ERROR; /* the arrays grown so far stay valid; cap is not raised */
        *arrays[i] = p;
    }
    m->cap = cap;
    return SS_OK;
}

static int so_record_commit(void *manager, const ss_commit_record *rec)
{
    ordered_manager *m = manager;
    if (m->n == m->cap && grow(m, m->cap ? m->cap * 2 : 1024) != SS_OK)
        return SS_ERROR;
    ss_commit_record *r = &m->recs[m->n];
    memset(r, 0, sizeof *r);
    memcpy(r, rec, rec->struct_size < sizeof *r ? rec->struct_size : sizeof *r);
    r->struct_size = sizeof *r;
    m->times[m->n] = time_key(rec->time_us);
    if (m->n % BLOCK == 0)
        m->time_top[m->n / BLOCK] = m->times[m->n];
    uint64_t at = m->n;
    while (at > 0 && m->xids[at - 1] > rec->xid)
        at--;
    memmove(&m->xids[at + 1], &m->xids[at], (m->n - at) * sizeof *m->xids);
    memmove(&m->xid_seqs[at + 1], &m->xid_seqs[at], (m->n - at) * sizeof *m->xid_seqs);
    m->xids[at] = rec->xid;
    m->xid_seqs[at] = rec->seq;
    m->n++;
    for (uint64_t k = (at + BLOCK - 1) / BLOCK; k * BLOCK < m->n; k++) /* the blocks the insert shifted */
        m->xid_top[k] = m->xids[k * BLOCK];
    return SS_OK;
}

/* The number of keys[0..n) at or below key (n ascending keys, top their every BLOCK-th). */
static uint64_t count_at_or_below(const uint64_t *keys, const uint64_t *top, uint64_t n, uint64_t key)
{
    uint64_t lo = 0, hi = (n + BLOCK - 1) / BLOCK; /* the first block whose first key is above */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (top[mid] <= key)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return 0;
    uint64_t b = (lo - 1) * BLOCK, e = b + BLOCK < n ? b + BLOCK : n;
    while (b < e) {
        uint64_t mid = b + (e - b) / 2;
        if (keys[mid] <= key)
            b = mid + 1;
        else
            e = mid;
    }
    return b;
}

static bool so_at_time(void *manager, int64_t time_us, ss_commit_record *out)
{
    const ordered_manager *m = manager;
    uint64_t k = count_at_or_below(m->times, m->time_top, m->n, time_key(time_us));
    if (k == 0)
        return false;
    *out = m->recs[k - 1];
    return true;
}

static bool so_of_xid(void *manager, ss_xid xid, ss_commit_record *out)
{
    const ordered_manager *m = manager;
    uint64_t k = count_at_or_below(m->xids, m->xid_top, m->n, xid);
    if (k == 0 || m->xids[k - 1] != xid)
        return false;
    *out = m->recs[m->xid_seqs[k - 1] - m->recs[0].seq];
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
    memmove(m->times, m->times + drop, (m->n - drop) * sizeof *m->times);
    uint64_t k = 0;
    for (uint64_t i = 0; i < m->n; i++)
        if (m->xid_seqs[i] >= seq) {
            m->xids[k] = m->xids[i];
            m->xid_seqs[k++] = m->xid_seqs[i];
        }
    m->n -= drop;
    for (uint64_t b = 0; b * BLOCK < m->n; b++) {
        m->time_top[b] = m->times[b * BLOCK];
        m->xid_top[b] = m->xids[b * BLOCK];
    }
}

static const ss_snapshot_vtable ordered_vtable = {
    .struct_size = sizeof(ss_snapshot_vtable),
    .version = SS_SNAPSHOT_VTABLE_VERSION,
    .name = "ordered",
    .description = "commit history with two-level searches by time and by xid (O(log n))",
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
