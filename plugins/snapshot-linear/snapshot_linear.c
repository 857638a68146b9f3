/* snapshot_linear.c — the "linear" snapshot manager (sunstone/snapshot.h): the reference
 * implementation, commit records in one array walked from the oldest on every lookup (O(n)).
 * Kept to check "ordered" against (same answers on the same history) and to measure what its
 * index buys (bench/bench_snapshot_asof.c). */
#include <string.h>

#include "sunstone/plugin.h"

SS_PLUGIN_MAGIC("snapshot_linear", "1.0")

static const ss_api *sl_api;

typedef struct linear_manager {
    ss_commit_record *recs; /* commit order */
    uint64_t n, cap;
} linear_manager;

static int sl_create(void **manager)
{
    linear_manager *m = sl_api->alloc(sizeof *m);
    if (!m)
        return SS_ERROR;
    memset(m, 0, sizeof *m);
    *manager = m;
    return SS_OK;
}

static void sl_destroy(void *manager)
{
    linear_manager *m = manager;
    if (!m)
        return;
    sl_api->free(m->recs);
    sl_api->free(m);
}

static int sl_record_commit(void *manager, const ss_commit_record *rec)
{
    linear_manager *m = manager;
    if (m->n == m->cap) {
        uint64_t cap = m->cap ? m->cap * 2 : 1024;
        ss_commit_record *r = sl_api->realloc(m->recs, cap * sizeof *r);
        if (!r)
            return SS_ERROR;
        m->recs = r;
        m->cap = cap;
    }
    ss_commit_record *r = &m->recs[m->n++];
    memset(r, 0, sizeof *r);
    memcpy(r, rec, rec->struct_size < sizeof *r ? rec->struct_size : sizeof *r);
    r->struct_size = sizeof *r;
    return SS_OK;
}

static bool sl_at_time(void *manager, int64_t time_us, ss_commit_record *out)
{
    const linear_manager *m = manager;
    bool found = false;
    for (uint64_t i = 0; i < m->n; i++)
        if (m->recs[i].time_us <= time_us) {
            *out = m->recs[i];
            found = true;
        }
    return found;
}

static bool sl_of_xid(void *manager, ss_xid xid, ss_commit_record *out)
{
    const linear_manager *m = manager;
    for (uint64_t i = 0; i < m->n; i++)
        if (m->recs[i].xid == xid) {
            *out = m->recs[i];
            return true;
        }
    return false;
}

static uint64_t sl_count(void *manager)
{
    return ((const linear_manager *)manager)->n;
}

static bool sl_nth(void *manager, uint64_t i, ss_commit_record *out)
{
    const linear_manager *m = manager;
    if (i >= m->n)
        return false;
    *out = m->recs[i];
    return true;
}

static void sl_forget_before(void *manager, uint64_t seq)
{
    linear_manager *m = manager;
    uint64_t k = 0;
    for (uint64_t i = 0; i < m->n; i++)
        if (m->recs[i].seq >= seq)
            m->recs[k++] = m->recs[i];
    m->n = k;
}

static const ss_snapshot_vtable linear_vtable = {
    .struct_size = sizeof(ss_snapshot_vtable),
    .version = SS_SNAPSHOT_VTABLE_VERSION,
    .name = "linear",
    .description = "reference commit history walked from the start on every lookup (O(n))",
    .create = sl_create,
    .destroy = sl_destroy,
    .record_commit = sl_record_commit,
    .at_time = sl_at_time,
    .of_xid = sl_of_xid,
    .count = sl_count,
    .nth = sl_nth,
    .forget_before = sl_forget_before,
};

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    sl_api = api;
    return api->register_snapshot(plugin, &linear_vtable, false);
}
