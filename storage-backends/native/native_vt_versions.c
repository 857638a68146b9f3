/* native_vt_versions.c — the native module's delete / update / lock callbacks (storage.h
 * version 4): the compare-and-set of a version's xmax (a WAL patch of its version page, in
 * one library commit per call, under the backend mutex that serialises every write, so it is
 * atomic) and the successor links of updated versions, kept in memory: they matter only
 * while the updating transaction's outcome is pending in this process, and backend_open
 * removes or freezes every stored version. */
#include <stdlib.h>
#include <string.h>

#include "native_vt.h"

int nv_lock_versions(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, ss_xid xid, uint32_t cid,
                     const ss_xid *expect, ss_version_stamp *seen)
{
    nv_table *t = table;
    nv_backend *b = t->b;
    const ss_api *api = t->api;
    native_error err;
    native_txn *txn = NULL;
    int result = SS_OK;
    pthread_mutex_lock(&b->mu);
    for (uint32_t k = 0; k < n && result == SS_OK; k++) {
        uint32_t row;
        const nv_group *g = nv_group_of(t, rowids[k], &row);
        ss_version_stamp *st = &seen[k];
        if (g && native_rowgroup_get_stamp(b->db, txn, g->first, row, &st->xmin, &st->cmin, &st->cmax, &st->xmax, &err) != 0) {
            result = nv_fail(ctx, api, &err);
            break;
        }
        /* a version dead since open (backend_open) is still one: a stored index may name it
           (native_vt_index.c), and the uniqueness check peeks at its stamps (xmin
           NV_XID_DEAD, an xid no transaction has: dead to the kernel); it cannot be locked */
        if (g && st->xmin == NV_XID_DEAD && expect[k] == SS_XID_PEEK)
            continue;
        if (!g || st->xmin == NV_XID_DEAD) {
            result = api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "native backend: row id %llu names no row version",
                                (unsigned long long)rowids[k]);
            break;
        }
        if (expect[k] == SS_XID_PEEK || st->xmax != expect[k])
            continue;
        if (!txn && !(txn = nv_txn_begin(b, &err))) {
            result = nv_fail(ctx, api, &err);
            break;
        }
        nv_vis_changed(t, (size_t)(g - t->groups)); /* its row group is no longer all-visible */
        if (native_rowgroup_set_xmax(txn, g->first, row, xid, cid, &err) != 0)
            result = nv_fail(ctx, api, &err);
    }
    if (txn && result != SS_OK)
        native_txn_abort(txn);
    else if (txn && nv_txn_commit(txn, false, &err) != 0)
        result = nv_fail(ctx, api, &err);
    pthread_mutex_unlock(&b->mu);
    return result;
}

static size_t link_slot(const nv_link *links, size_t cap, ss_rowid older)
{
    size_t i = (size_t)((older * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & (cap - 1);
    while (links[i].newer != SS_ROWID_INVALID && links[i].older != older)
        i = (i + 1) & (cap - 1);
    return i;
}

/* Room for one more link (b->mu held); -1 when out of memory. */
static int links_reserve(nv_table *t)
{
    if ((t->nlinks + 1) * 2 <= t->caplinks)
        return 0;
    size_t cap = t->caplinks ? t->caplinks * 2 : 64;
    nv_link *nl = t->api->alloc(cap * sizeof *nl);
    if (!nl)
        return -1;
    for (size_t i = 0; i < cap; i++)
        nl[i] = (nv_link){SS_ROWID_INVALID, SS_ROWID_INVALID};
    for (size_t i = 0; i < t->caplinks; i++)
        if (t->links[i].newer != SS_ROWID_INVALID)
            nl[link_slot(nl, cap, t->links[i].older)] = t->links[i];
    t->api->free(t->links);
    t->links = nl;
    t->caplinks = cap;
    return 0;
}

int nv_link_versions(ss_ctx *ctx, void *table, const ss_rowid *older, uint32_t n, const ss_rowid *newer, ss_rowid *next)
{
    nv_table *t = table;
    int result = SS_OK;
    pthread_mutex_lock(&t->b->mu);
    for (uint32_t k = 0; k < n && result == SS_OK; k++) {
        uint32_t row;
        if (!nv_group_of(t, older[k], &row)) {
            result = t->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "native backend: row id %llu names no row version",
                                   (unsigned long long)older[k]);
            break;
        }
        if (!newer) {
            next[k] = t->caplinks ? t->links[link_slot(t->links, t->caplinks, older[k])].newer : SS_ROWID_INVALID;
            continue;
        }
        if (links_reserve(t) != 0) {
            result = nv_oom(t->api, ctx);
            break;
        }
        nv_link *l = &t->links[link_slot(t->links, t->caplinks, older[k])];
        if (l->newer == SS_ROWID_INVALID)
            t->nlinks++;
        *l = (nv_link){older[k], newer[k]};
    }
    pthread_mutex_unlock(&t->b->mu);
    return result;
}
