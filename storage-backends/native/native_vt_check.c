/* native_vt_check.c — the native module's integrity check (storage.h version 10): check runs
 * the library's page pass (native_db_verify_pages: the header, every page in use passes its
 * checksum) and decodes every row group of every open table, all its columns and stamps
 * (the header blob, each column chunk); versions_stored answers whether a row id names a
 * stored version (its row group is listed and holds that row). Both only read. */
#include <stdio.h>
#include <stdlib.h>

#include "native_vt.h"

typedef struct check_sink {
    void (*report)(void *arg, void *table, int64_t page, const char *problem);
    void *arg;
} check_sink;

static void page_problem(void *arg, uint64_t pgno, const char *problem)
{
    check_sink *k = arg;
    k->report(k->arg, NULL, (int64_t)pgno, problem);
}

/* Decodes every row group of t (its groups as listed now); problems to k. */
static int check_table(ss_ctx *ctx, nv_table *t, check_sink *k)
{
    const ss_api *api = t->api;
    nv_backend *b = t->b;
    pthread_mutex_lock(&b->mu);
    size_t n = t->ngroups;
    nv_group *groups = malloc((n ? n : 1) * sizeof *groups);
    if (groups) {
        for (size_t g = 0; g < n; g++)
            groups[g] = t->groups[g];
        b->active_scans++; /* replaced tails stay until the check is done with them */
    }
    pthread_mutex_unlock(&b->mu);
    if (!groups)
        return nv_oom(api, ctx);
    unsigned *proj = malloc((t->ncols ? t->ncols : 1) * sizeof *proj);
    int rc = proj ? SS_OK : nv_oom(api, ctx);
    for (unsigned c = 0; proj && c < t->ncols; c++)
        proj[c] = c;
    char problem[700];
    for (size_t g = 0; rc == SS_OK && g < n; g++) {
        if (groups[g].first == 0) /* a slot VACUUM emptied */
            continue;
        native_error err;
        uint64_t where[2] = {groups[g].first, groups[g].len};
        native_batch *nb = NULL;
        native_scan *ns = native_scan_open_groups(b->db, NULL, where, 1, proj, t->ncols, &err);
        int got = ns ? native_scan_next(ns, &nb, &err) : -1;
        if (got < 0)
            k->report(k->arg, t, (int64_t)groups[g].first, err.message);
        else if (got == 0 || nb->nrows != groups[g].nrows || nb->ncols != t->ncols) {
            snprintf(problem, sizeof problem,
                     "row group %zu (header at page %llu) decodes to %u rows of %u columns; the table lists %u rows "
                     "of %u columns",
                     g, (unsigned long long)groups[g].first, got == 0 ? 0 : nb->nrows, got == 0 ? 0 : nb->ncols,
                     groups[g].nrows, t->ncols);
            k->report(k->arg, t, (int64_t)groups[g].first, problem);
        }
        if (ns)
            native_scan_close(ns);
    }
    free(proj);
    free(groups);
    pthread_mutex_lock(&b->mu);
    b->active_scans--;
    nv_free_deferred(b);
    pthread_mutex_unlock(&b->mu);
    return rc;
}

int nv_check(ss_ctx *ctx, void *backend, void (*report)(void *arg, void *table, int64_t page, const char *problem),
             void *arg)
{
    nv_backend *b = backend;
    check_sink k = {report, arg};
    native_error err;
    if (native_db_verify_pages(b->db, page_problem, &k, NULL, &err) != 0)
        return nv_fail(ctx, b->api, &err);
    /* the open tables: the handles cannot go while the kernel's statement runs (DROP TABLE
       waits for it), so the list is copied under the mutex and read after it */
    pthread_mutex_lock(&b->mu);
    size_t n = 0;
    for (nv_table *t = b->tables; t; t = t->next)
        n++;
    nv_table **tables = malloc((n ? n : 1) * sizeof *tables);
    size_t m = 0;
    for (nv_table *t = b->tables; tables && t; t = t->next)
        tables[m++] = t;
    pthread_mutex_unlock(&b->mu);
    if (!tables)
        return nv_oom(b->api, ctx);
    int rc = SS_OK;
    for (size_t i = 0; rc == SS_OK && i < m; i++)
        rc = check_table(ctx, tables[i], &k);
    free(tables);
    return rc;
}

int nv_versions_stored(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, bool *stored)
{
    (void)ctx;
    nv_table *t = table;
    pthread_mutex_lock(&t->b->mu);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row;
        stored[k] = nv_group_of(t, rowids[k], &row) != NULL;
    }
    pthread_mutex_unlock(&t->b->mu);
    return SS_OK;
}
