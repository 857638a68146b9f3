/* fkey_writers.c — the running transactions that wrote to a table (fkey.h
 * ss_fkey_note_writer / ss_fkey_wait_writers / ss_fkey_is_writer).  A delete of a
 * referenced row that has no index of the referencing table to probe scans that table
 * under a snapshot, which cannot see a referencing row another session wrote and has not
 * committed yet; waiting first for every running transaction that wrote to the table closes
 * that gap (more coarsely than PostgreSQL's FOR KEY SHARE row lock: it waits for writers of
 * any key).  ALTER TABLE and DROP TABLE wait for them too (catalog_txn.c), as PostgreSQL's
 * ACCESS EXCLUSIVE lock waits for the writers' ROW EXCLUSIVE one. */
#include <stdatomic.h>
#include <stdlib.h>

#include "fkey/fkey.h"
#include "txn/txn_row_wait.h"
#include "txn/txn_session.h"

struct ss_table_writers {
    pthread_mutex_t mu;
    ss_xid *xids;          /* top-level xids that wrote to the table, maybe still running */
    uint32_t n, cap;
};

static struct ss_table_writers *writers_of(ss_table *t)
{
    struct ss_table_writers *w = atomic_load(&t->writers);
    if (w)
        return w;
    struct ss_table_writers *fresh = calloc(1, sizeof *fresh);
    if (!fresh)
        return NULL;
    pthread_mutex_init(&fresh->mu, NULL);
    if (!atomic_compare_exchange_strong(&t->writers, &w, fresh)) {
        pthread_mutex_destroy(&fresh->mu);
        free(fresh);
        return w; /* another session made it first */
    }
    return fresh;
}

/* Drops the xids that are no longer running (w->mu held). */
static void prune(struct ss_table_writers *w, const ss_txn_manager *m)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < w->n; i++)
        if (ss_txn_status(m, w->xids[i]) == SS_XID_RUNNING)
            w->xids[k++] = w->xids[i];
    w->n = k;
}

int ss_fkey_note_writer(ss_ctx *ctx, ss_table *t)
{
    if (!ctx->txn || ctx->txn->top == SS_XID_INVALID)
        return SS_OK;
    ss_xid top = ctx->txn->top;
    struct ss_table_writers *w = writers_of(t);
    if (!w)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = SS_OK;
    pthread_mutex_lock(&w->mu);
    bool known = false;
    for (uint32_t i = 0; i < w->n && !known; i++)
        known = w->xids[i] == top;
    if (!known) {
        prune(w, ctx->txn->m);
        if (w->n == w->cap) {
            uint32_t cap = w->cap ? w->cap * 2 : 8;
            ss_xid *grown = realloc(w->xids, sizeof *grown * cap);
            if (grown) {
                w->xids = grown;
                w->cap = cap;
            }
        }
        if (w->n < w->cap)
            w->xids[w->n++] = top;
        else
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    pthread_mutex_unlock(&w->mu);
    return rc;
}

ss_xid ss_fkey_other_writer(ss_ctx *ctx, ss_table *t)
{
    struct ss_table_writers *w = atomic_load(&t->writers);
    if (!w || !ctx->txn)
        return SS_XID_INVALID;
    ss_xid self = ctx->txn->top, holder = SS_XID_INVALID;
    pthread_mutex_lock(&w->mu);
    prune(w, ctx->txn->m);
    for (uint32_t i = 0; i < w->n && holder == SS_XID_INVALID; i++)
        if (w->xids[i] != self)
            holder = w->xids[i];
    pthread_mutex_unlock(&w->mu);
    return holder;
}

int ss_fkey_wait_writers(ss_ctx *ctx, ss_table *t, bool *committed)
{
    *committed = false;
    struct ss_table_writers *w = atomic_load(&t->writers);
    if (!w || !ctx->txn)
        return SS_OK;
    ss_txn_manager *m = ctx->txn->m;
    for (;;) {
        ss_xid holder = ss_fkey_other_writer(ctx, t);
        if (holder == SS_XID_INVALID)
            return SS_OK;
        if (ss_txn_wait_row_holder(ctx, holder) != SS_OK)
            return SS_ERROR;
        *committed |= ss_txn_status(m, holder) == SS_XID_COMMITTED;
    }
}

bool ss_fkey_is_writer(ss_table *t, ss_xid top)
{
    struct ss_table_writers *w = atomic_load(&t->writers);
    if (!w || top == SS_XID_INVALID)
        return false;
    bool found = false;
    pthread_mutex_lock(&w->mu);
    for (uint32_t i = 0; i < w->n && !found; i++)
        found = w->xids[i] == top;
    pthread_mutex_unlock(&w->mu);
    return found;
}

void ss_fkey_writers_free(ss_table *t)
{
    struct ss_table_writers *w = atomic_load(&t->writers);
    if (!w)
        return;
    pthread_mutex_destroy(&w->mu);
    free(w->xids);
    free(w);
    atomic_store(&t->writers, NULL);
}
