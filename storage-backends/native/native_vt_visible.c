/* native_vt_visible.c — the native module's all-visible map (as PostgreSQL's visibility map,
 * kept in memory): per row group, whether every row of it is visible to every snapshot in use
 * and to every one taken later (each xmax 0, each xmin frozen or committed below the kernel's
 * reclamation horizon, which the history retention lowers so that AS OF snapshots count too).
 * A scan that finds its row group marked skips reading its version stamps and visibility
 * (native_vt_scan.c); a scan that read the stamps of an unmarked one marks it when they
 * qualify, unless they changed meanwhile (the count gen); giving a version an xmax (DELETE,
 * UPDATE, row locks: native_vt_versions.c) unmarks its row group. A row group replaced (the
 * open tail) or emptied (VACUUM) changes its first page, which the mark names. Not stored:
 * every open starts with an empty map. */
#include <stdlib.h>
#include <string.h>

#include "native_vt.h"

/* The slot of group gi, the map grown to hold it (b->mu held); NULL when out of memory. */
static nv_vis *slot(nv_table *t, size_t gi)
{
    if (gi >= t->capvis) {
        size_t cap = t->capvis ? t->capvis : 64;
        while (cap <= gi)
            cap *= 2;
        nv_vis *n = t->api->alloc(cap * sizeof *n);
        if (!n)
            return NULL;
        if (t->nvis)
            memcpy(n, t->vis, t->nvis * sizeof *n);
        t->api->free(t->vis);
        t->vis = n;
        t->capvis = cap;
    }
    while (t->nvis <= gi)
        t->vis[t->nvis++] = (nv_vis){0, 0};
    return &t->vis[gi];
}

bool nv_vis_known(nv_table *t, uint32_t gi, uint64_t first, uint64_t *gen)
{
    pthread_mutex_lock(&t->b->mu);
    nv_vis *v = slot(t, gi);
    bool known = v && v->first == first && gi < t->ngroups && t->groups[gi].first == first;
    /* without a slot no change can be counted: UINT64_MAX never matches, so no mark is set */
    *gen = v ? v->gen : UINT64_MAX;
    pthread_mutex_unlock(&t->b->mu);
    return known;
}

void nv_vis_set(nv_table *t, uint32_t gi, uint64_t first, uint64_t gen)
{
    pthread_mutex_lock(&t->b->mu);
    if (gi < t->nvis && t->vis[gi].gen == gen && gi < t->ngroups && t->groups[gi].first == first)
        t->vis[gi].first = first;
    pthread_mutex_unlock(&t->b->mu);
}

void nv_vis_changed(nv_table *t, size_t gi)
{
    if (gi < t->nvis) {
        t->vis[gi].first = 0;
        t->vis[gi].gen++;
    }
}
