/* index_unique_live.c — the uniqueness check of a row entering a unique index, with
 * PostgreSQL's rules (its "dirty snapshot" in _bt_check_unique): a candidate version with an
 * equal key conflicts when it is live now, whatever the statement's snapshot says — written
 * by a committed transaction (even one that committed after the snapshot) or by this
 * transaction, and not deleted by a committed one or by this one.  A candidate whose writer
 * or deleter is another transaction still running decides nothing yet: the session waits
 * for that transaction to end (txn_row_wait.h: deadlock, lock_timeout, cancel) and looks
 * again, so two sessions inserting the same key cannot both commit.
 *
 * The stamps of the candidates are read with the backend's lock_versions and an expected
 * xmax no version carries (SS_XID_PEEK), which changes nothing. */
#include "exec/vector.h"
#include "index/index.h"
#include "txn/txn_row_wait.h"
#include "txn/txn_session.h"
#include "util/arena.h"

ss_index_candidate ss_index_candidate_state(const ss_txn_manager *m, ss_xid self_top, const ss_version_stamp *v,
                                            bool wait_for_writers, ss_xid *holder)
{
    if (v->xmin != SS_XID_INVALID) {
        ss_xid_status s = ss_txn_effective_status(m, v->xmin);
        bool own = self_top != SS_XID_INVALID && ss_txn_top(m, v->xmin) == self_top;
        if (s == SS_XID_ABORTED || s == SS_XID_UNKNOWN)
            return SS_CAND_DEAD;
        if (!own && s == SS_XID_RUNNING) {
            if (!wait_for_writers)
                return SS_CAND_DEAD; /* not there yet for a reader that does not wait for it */
            *holder = v->xmin;
            return SS_CAND_WAIT;
        }
    }
    if (v->xmax == SS_XID_INVALID)
        return SS_CAND_LIVE;
    ss_xid_status s = ss_txn_effective_status(m, v->xmax);
    if (s == SS_XID_ABORTED || s == SS_XID_UNKNOWN)
        return SS_CAND_LIVE;
    if (self_top != SS_XID_INVALID && ss_txn_top(m, v->xmax) == self_top)
        return SS_CAND_DEAD; /* deleted or replaced by this transaction (UPDATE's old version) */
    if (s == SS_XID_RUNNING) {
        *holder = v->xmax;
        return SS_CAND_WAIT;
    }
    return SS_CAND_DEAD; /* deleted by a committed transaction */
}

/* One look at the candidates whose first nvalues keys equal key: *nlive counts the live ones
 * (stop_at_first: stops at the first), *holder (not 0) names a running transaction one of
 * them waits on. */
static int probe(ss_ctx *ctx, const ss_index *ix, const ss_value *key, uint32_t nvalues, ss_rowid self,
                 bool wait_for_writers, bool stop_at_first, uint32_t *nlive, ss_xid *holder)
{
    *nlive = 0;
    *holder = SS_XID_INVALID;
    ss_rowid small[SS_INDEX_CANDIDATES_SMALL], *cand = small;
    uint32_t n;
    if (ss_index_candidates(ctx, ix, key, nvalues, self, &cand, &n) != SS_OK)
        return SS_ERROR;
    if (n == 0)
        return SS_OK;
    const ss_table *t = ix->table;
    const ss_txn_manager *m = ctx->txn->m;
    ss_xid self_top = ctx->txn->top;
    ss_xid expect[SS_BATCH_CAPACITY];
    ss_version_stamp seen[SS_BATCH_CAPACITY];
    for (uint32_t k = 0; k < SS_BATCH_CAPACITY; k++)
        expect[k] = SS_XID_PEEK;
    for (uint32_t at = 0; at < n; at += SS_BATCH_CAPACITY) {
        uint32_t b = n - at < SS_BATCH_CAPACITY ? n - at : SS_BATCH_CAPACITY;
        if (t->storage->lock_versions(ctx, t->handle, cand + at, b, SS_XID_INVALID, 0, expect, seen) != SS_OK)
            return SS_ERROR;
        for (uint32_t k = 0; k < b; k++) {
            ss_xid h = SS_XID_INVALID;
            switch (ss_index_candidate_state(m, self_top, &seen[k], wait_for_writers, &h)) {
            case SS_CAND_LIVE:
                ++*nlive;
                if (stop_at_first)
                    return SS_OK;
                break;
            case SS_CAND_WAIT:
                if (*holder == SS_XID_INVALID)
                    *holder = h;
                break;
            case SS_CAND_DEAD:
                break;
            }
        }
    }
    return SS_OK;
}

/* Probes until no candidate waits on a running transaction (waiting for each, the table's
 * index lock let go meanwhile); *nlive as probe's. */
static int probe_waiting(ss_ctx *ctx, const ss_index *ix, const ss_value *key, uint32_t nvalues, ss_rowid self,
                         bool wait_for_writers, bool stop_at_first, uint32_t *nlive)
{
    for (;;) {
        ss_xid holder;
        if (probe(ctx, ix, key, nvalues, self, wait_for_writers, stop_at_first, nlive, &holder) != SS_OK)
            return SS_ERROR;
        if ((*nlive && stop_at_first) || holder == SS_XID_INVALID)
            return SS_OK;
        ss_table *t = ix->table;
        ss_index_unlock(t);
        int rc = ss_txn_wait_row_holder(ctx, holder);
        ss_index_lock(t);
        if (rc != SS_OK)
            return SS_ERROR;
    }
}

/* Without row locks (a backend below version 4) or outside a transaction, the snapshot's
 * view is all there is. */
static bool can_peek(ss_ctx *ctx, const ss_index *ix)
{
    return ctx->txn && ctx->txn->top != SS_XID_INVALID && SS_STORAGE_HAS(ix->table->storage, lock_versions);
}

int ss_index_check_unique_live(ss_ctx *ctx, const ss_index *ix, const ss_value *key, ss_rowid self)
{
    for (uint32_t i = 0; i < ix->nkeys; i++)
        if (key[i].is_null)
            return SS_OK;
    if (!can_peek(ctx, ix))
        return ss_index_check_unique(ctx, ix, key, self);
    uint32_t nlive;
    if (probe_waiting(ctx, ix, key, ix->nkeys, self, true, true, &nlive) != SS_OK)
        return SS_ERROR;
    if (nlive) {
        char *text = ss_index_key_text(ctx, ix, key);
        ss_ctx_error(ctx, "23505", "duplicate key value violates unique constraint \"%s\"", ix->name);
        if (text)
            ss_ctx_error_detail(ctx, "Key %s already exists.", text);
        return SS_ERROR;
    }
    return SS_OK;
}

int ss_index_unique_may_conflict(ss_ctx *ctx, const ss_index *ix, const ss_value *key, ss_rowid self, bool *maybe)
{
    *maybe = false;
    for (uint32_t i = 0; i < ix->nkeys; i++)
        if (key[i].is_null)
            return SS_OK;
    if (!can_peek(ctx, ix)) {
        *maybe = true;
        return SS_OK;
    }
    uint32_t nlive;
    ss_xid holder;
    if (probe(ctx, ix, key, ix->nkeys, self, true, true, &nlive, &holder) != SS_OK)
        return SS_ERROR;
    *maybe = nlive > 0 || holder != SS_XID_INVALID;
    return SS_OK;
}

int ss_index_key_live(ss_ctx *ctx, const ss_index *ix, const ss_value *key, uint32_t nvalues, bool wait_for_writers,
                      const ss_snapshot *snap, uint32_t *nlive)
{
    if (!can_peek(ctx, ix)) {
        bool present;
        if (ss_index_key_present(ctx, ix, key, nvalues, SS_ROWID_INVALID, snap, &present) != SS_OK)
            return SS_ERROR;
        *nlive = present;
        return SS_OK;
    }
    return probe_waiting(ctx, ix, key, nvalues, SS_ROWID_INVALID, wait_for_writers, false, nlive);
}
