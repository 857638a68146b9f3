/* native_vt_vacuum.c — VACUUM and CHECKPOINT of the native module (storage.h version 7).
 *
 * VACUUM frees whole row groups: a row group none of whose versions the reclamation horizon
 * sees (and whose xmin and xmax are below it, or that backend_open found dead) is reported
 * to the kernel, its table entry becomes an empty slot (FORMAT.md, "The native module") so
 * that the row ids of the later row groups (group index * 65536 + row) do not change and its
 * own are never handed out again, and its pages go back to the free-space bitmap (once no
 * scan runs, as the write path's replaced tails). Partly dead row groups and the open tail
 * (where inserts merge) are kept: their dead versions are counted as dead but kept.
 * CHECKPOINT is the library's checkpoint (dirty pages written, fsync, WAL recycled). */
#include <stdlib.h>
#include <string.h>

#include "native_vt.h"

/* How many of nb's rows the horizon lets VACUUM reclaim (storage.h: vacuum). */
static int count_dead(ss_ctx *ctx, const ss_api *api, const native_batch *nb, const ss_snapshot *h, uint32_t *dead)
{
    ss_version_stamp stamps[SS_BATCH_CAPACITY];
    uint32_t live[SS_BATCH_CAPACITY], vis[SS_BATCH_CAPACITY];
    *dead = 0;
    for (uint32_t lo = 0; lo < nb->nrows; lo += SS_BATCH_CAPACITY) {
        uint32_t hi = nb->nrows - lo > SS_BATCH_CAPACITY ? lo + SS_BATCH_CAPACITY : nb->nrows, n = 0, nvis = 0;
        for (uint32_t r = lo; r < hi; r++) {
            if (nb->xmin[r] == NV_XID_DEAD) { /* removed at open: no snapshot sees it */
                (*dead)++;
                continue;
            }
            live[n] = r;
            stamps[n++] = (ss_version_stamp){nb->xmin[r], nb->xmax[r], nb->cmin[r], nb->cmax[r]};
        }
        if (n && api->versions_visible(ctx, h, stamps, NULL, n, vis, &nvis) != SS_OK)
            return SS_ERROR;
        for (uint32_t j = 0, v = 0; j < n; j++) {
            if (v < nvis && vis[v] == j) {
                v++;
                continue;
            }
            uint32_t r = live[j];
            if (nb->xmin[r] < h->xmin && nb->xmax[r] < h->xmin)
                (*dead)++;
        }
    }
    return SS_OK;
}

/* Reports row group gi's versions (nb, decoded with spec's columns) to the kernel, in slices
 * of SS_BATCH_CAPACITY rows. */
static int report_group(ss_ctx *ctx, const nv_table *t, size_t gi, const native_batch *nb, const ss_scan_spec *spec,
                        ss_vacuum_reclaimed_fn reclaimed, void *arg)
{
    const ss_api *api = t->api;
    uint32_t nc = spec->ncols;
    ss_vector *vecs[nc ? nc : 1];
    ss_rowid rowids[SS_BATCH_CAPACITY];
    int rc = SS_OK;
    uint32_t made = 0;
    for (; made < nc; made++)
        if (!(vecs[made] = api->vector_create(t->cols[spec->columns[made]].type, SS_BATCH_CAPACITY))) {
            rc = nv_oom(api, ctx);
            break;
        }
    for (uint32_t lo = 0; rc == SS_OK && lo < nb->nrows; lo += SS_BATCH_CAPACITY) {
        uint32_t n = nb->nrows - lo > SS_BATCH_CAPACITY ? SS_BATCH_CAPACITY : nb->nrows - lo;
        for (uint32_t k = 0; k < n; k++)
            rowids[k] = NV_ROWID(gi, lo + k);
        for (uint32_t i = 0; i < nc && rc == SS_OK; i++)
            for (uint32_t k = 0; k < n && rc == SS_OK; k++)
                rc = nv_put_value(ctx, api, vecs[i], k, &nb->cols[i], lo + k);
        ss_batch rows = {nc, n, NULL, 0, vecs};
        if (rc == SS_OK)
            rc = reclaimed(ctx, arg, &rows, rowids);
    }
    for (uint32_t i = 0; i < made; i++)
        api->vector_destroy(vecs[i]);
    return rc;
}

/* Empties row group gi's table entry and frees its pages, or defers that while a scan runs
 * (b->mu held). */
static int free_group(nv_table *t, size_t gi, native_error *err)
{
    nv_backend *b = t->b;
    nv_group *g = &t->groups[gi];
    uint64_t *d = NULL;
    if (b->active_scans && !(d = nv_push((void **)&b->deferred, &b->ndeferred, &b->capdeferred, 2 * sizeof *d)))
        return native_fail(err, "53200", "out of memory");
    native_txn *txn = nv_txn_begin(b, err);
    int rc = txn ? native_table_clear_entry(txn, t->root, gi, g->first, err) : -1;
    if (rc == 0 && !d)
        rc = native_rowgroup_free(txn, g->first, g->len, err);
    if (rc == 0)
        rc = nv_txn_commit(txn, false, err);
    else if (txn)
        native_txn_abort(txn);
    if (d && rc == 0) {
        d[0] = g->first;
        d[1] = g->len;
    } else if (d) {
        b->ndeferred--;
    }
    if (rc == 0) {
        t->nrows -= g->nrows;
        *g = (nv_group){0, 0, 0, 0};
    }
    return rc;
}

int nv_vacuum(ss_ctx *ctx, void *table, const ss_snapshot *horizon, const ss_scan_spec *spec,
              ss_vacuum_reclaimed_fn reclaimed, void *arg, ss_vacuum_stats *stats)
{
    nv_table *t = table;
    const ss_api *api = t->api;
    if (nv_check_spec(ctx, t, spec) != SS_OK)
        return SS_ERROR;
    nv_backend *b = t->b;
    unsigned proj[spec->ncols ? spec->ncols : 1];
    for (uint32_t i = 0; i < spec->ncols; i++)
        proj[i] = spec->columns[i];
    native_db_stats before, after;
    int rc = SS_OK;
    pthread_mutex_lock(&b->mu);
    native_db_get_stats(b->db, &before);
    for (size_t gi = 0; gi < t->ngroups && rc == SS_OK; gi++) {
        const nv_group *g = &t->groups[gi];
        if (g->nrows == 0)
            continue;
        native_error err;
        uint64_t pair[2] = {g->first, g->len};
        native_scan *ns = native_scan_open_groups(b->db, NULL, pair, 1, proj, spec->ncols, &err);
        native_batch *nb = NULL;
        int got = ns ? native_scan_next(ns, &nb, &err) : -1;
        if (got <= 0) {
            rc = got == 0 ? api->error(ctx, "XX001", "native backend: row group %llu is missing", (unsigned long long)g->first)
                          : nv_fail(ctx, api, &err);
            native_scan_close(ns);
            break;
        }
        uint32_t nrows = nb->nrows, dead = 0;
        rc = count_dead(ctx, api, nb, horizon, &dead);
        bool whole = rc == SS_OK && dead == nrows && gi + 1 < t->ngroups;
        if (whole && (rc = report_group(ctx, t, gi, nb, spec, reclaimed, arg)) == SS_OK &&
            free_group(t, gi, &err) != 0)
            rc = nv_fail(ctx, api, &err); /* reported, not freed: the versions stay, seen by nobody */
        native_scan_close(ns);
        if (rc != SS_OK)
            break;
        if (whole) {
            stats->removed += nrows;
        } else {
            stats->remain += nrows;
            stats->dead_kept += dead;
        }
    }
    native_db_get_stats(b->db, &after);
    pthread_mutex_unlock(&b->mu);
    if (after.free_pages > before.free_pages)
        stats->bytes_freed += (after.free_pages - before.free_pages) * NATIVE_PAGE_SIZE;
    return rc;
}

int nv_checkpoint(ss_ctx *ctx, void *backend)
{
    nv_backend *b = backend;
    native_error err;
    pthread_mutex_lock(&b->mu);
    int rc = native_db_checkpoint(b->db, &err);
    pthread_mutex_unlock(&b->mu);
    return rc != 0 ? nv_fail(ctx, b->api, &err) : SS_OK;
}
