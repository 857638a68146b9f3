/* native_vt_fetch.c — the native module's point reads by row id (storage.h version 3's
 * fetch_versions): each row group named is decoded once per call (the projected columns and
 * the stamps), and the rows the snapshot sees are copied into the caller's batch. While it
 * reads, replaced tails are not freed (it counts as a scan). */
#include <stdlib.h>
#include <string.h>

#include "native_vt.h"

int nv_fetch_versions(ss_ctx *ctx, void *table, const ss_scan_spec *spec, const ss_snapshot *snap,
                      const ss_rowid *rowids, uint32_t n, ss_batch *out, bool *found)
{
    nv_table *t = table;
    const ss_api *api = t->api;
    nv_backend *b = t->b;
    if (out->ncols != spec->ncols)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "native backend: fetch batch has %u columns, expected %u",
                          out->ncols, spec->ncols);
    if (nv_check_spec(ctx, t, spec) != SS_OK)
        return SS_ERROR;
    out->sel = NULL;
    out->sel_count = 0;
    out->count = 0;
    unsigned proj[spec->ncols ? spec->ncols : 1];
    for (uint32_t i = 0; i < spec->ncols; i++)
        proj[i] = spec->columns[i];
    uint64_t *where = malloc((n ? n : 1) * 3 * sizeof *where); /* first, len, row (UINT64_MAX: none) */
    if (!where)
        return nv_oom(api, ctx);
    pthread_mutex_lock(&b->mu);
    uint64_t token = nv_scans_enter(b);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row;
        const nv_group *g = nv_group_of(t, rowids[k], &row);
        where[3 * k] = g ? g->first : 0;
        where[3 * k + 1] = g ? g->len : 0;
        where[3 * k + 2] = g ? row : UINT64_MAX;
    }
    pthread_mutex_unlock(&b->mu);
    native_scan *ns = NULL;
    native_batch *nb = NULL;
    uint64_t current = 0;
    native_error err;
    int result = SS_OK;
    for (uint32_t k = 0; k < n && result == SS_OK; k++) {
        found[k] = false;
        if (where[3 * k + 2] == UINT64_MAX)
            continue;
        if (!ns || current != where[3 * k]) {
            if (ns)
                native_scan_close(ns);
            current = where[3 * k];
            int rc = -1;
            if ((ns = native_scan_open_groups(b->db, NULL, &where[3 * k], 1, proj, spec->ncols, &err)))
                rc = native_scan_next(ns, &nb, &err);
            if (rc != 1) {
                result = rc == 0 ? api->error(ctx, "XX001", "native backend: row group %llu is missing",
                                              (unsigned long long)current)
                                 : nv_fail(ctx, api, &err);
                break;
            }
        }
        uint32_t r = (uint32_t)where[3 * k + 2];
        if (nb->xmin[r] == NV_XID_DEAD)
            continue;
        ss_version_stamp stamp = {nb->xmin[r], nb->xmax[r], nb->cmin[r], nb->cmax[r]};
        uint32_t sel[1], seen = 1;
        if (snap && (result = api->versions_visible(ctx, snap, &stamp, NULL, 1, sel, &seen)) != SS_OK)
            break;
        if (!seen)
            continue;
        for (uint32_t i = 0; i < spec->ncols && result == SS_OK; i++)
            result = nv_put_value(ctx, api, out->cols[i], out->count, &nb->cols[i], r);
        if (result == SS_OK) {
            out->count++;
            found[k] = true;
        }
    }
    if (ns)
        native_scan_close(ns);
    free(where);
    pthread_mutex_lock(&b->mu);
    nv_scans_leave(b, token);
    nv_free_deferred(b);
    pthread_mutex_unlock(&b->mu);
    return result;
}
