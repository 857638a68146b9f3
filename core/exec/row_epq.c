/* row_epq.c — READ COMMITTED's re-check of changed rows (row_epq.h). */
#include "exec/row_epq.h"

#include <stdlib.h>
#include <string.h>

#include "txn/txn_manager.h"

int ss_epq_note(ss_ctx *ctx, ss_epq *e, const ss_table *t, ss_rowid row)
{
    if (e->nnoted == e->cap_noted) {
        uint32_t cap = e->cap_noted ? 2 * e->cap_noted : 16;
        ss_epq_row *grown = realloc(e->noted, sizeof *grown * cap);
        if (!grown)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        e->noted = grown;
        e->cap_noted = cap;
    }
    e->noted[e->nnoted++] = (ss_epq_row){t, row};
    e->nnew++;
    return SS_OK;
}

/* Whether snap sees version row of t. */
static int sees(ss_ctx *ctx, const ss_table *t, ss_rowid row, const ss_snapshot *snap, bool *out)
{
    ss_xid peek = SS_XID_PEEK;
    ss_version_stamp seen;
    if (t->storage->lock_versions(ctx, t->handle, &row, 1, SS_XID_INVALID, 0, &peek, &seen) != SS_OK)
        return SS_ERROR;
    uint32_t sel;
    *out = ss_txn_versions_visible(ctx->txn->m, snap, &seen, NULL, 1, &sel) == 1;
    return SS_OK;
}

/* The version of row's update chain snap sees (*out; SS_ROWID_INVALID: the chain ends in a
 * delete, or snap sees none of it). */
static int chain_end(ss_ctx *ctx, const ss_table *t, ss_rowid row, const ss_snapshot *snap, ss_rowid *out)
{
    for (;;) {
        bool visible;
        if (sees(ctx, t, row, snap, &visible) != SS_OK)
            return SS_ERROR;
        if (visible) {
            *out = row;
            return SS_OK;
        }
        ss_rowid next = SS_ROWID_INVALID;
        if (t->storage->link_versions(ctx, t->handle, &row, 1, NULL, &next) != SS_OK)
            return SS_ERROR;
        if (next == SS_ROWID_INVALID || next == row) {
            *out = SS_ROWID_INVALID;
            return SS_OK;
        }
        row = next;
    }
}

static int row_cmp(const void *a, const void *b)
{
    const ss_epq_row *x = a, *y = b;
    if (x->t != y->t)
        return (uintptr_t)x->t < (uintptr_t)y->t ? -1 : 1;
    return x->row < y->row ? -1 : x->row > y->row;
}

int ss_epq_next_pass(ss_ctx *ctx, ss_epq *e, ss_txn_state *txn, ss_txn_snapshot *snap, bool *again)
{
    *again = false;
    if (!e->nnew)
        return SS_OK;
    if (!e->have_first) {
        e->first = *snap; /* kept (and registered) for ss_epq_first_sees */
        memset(snap, 0, sizeof *snap);
        e->have_first = true;
    }
    if (ss_txn_state_statement_snapshot(txn, snap) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (!e->cumulative) {
        /* only the last pass's rows: the earlier ones were re-checked by it */
        memmove(e->noted, e->noted + (e->nnoted - e->nnew), sizeof *e->noted * e->nnew);
        e->nnoted = e->nnew;
    }
    e->nnew = 0;
    if (e->nnoted > e->cap_now) {
        ss_epq_row *grown = realloc(e->now, sizeof *grown * e->nnoted);
        if (!grown)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        e->now = grown;
        e->cap_now = e->nnoted;
    }
    e->nnow = 0;
    for (uint32_t i = 0; i < e->nnoted; i++) {
        ss_rowid end;
        if (chain_end(ctx, e->noted[i].t, e->noted[i].row, &snap->snap, &end) != SS_OK)
            return SS_ERROR;
        if (end != SS_ROWID_INVALID)
            e->now[e->nnow++] = (ss_epq_row){e->noted[i].t, end};
    }
    qsort(e->now, e->nnow, sizeof *e->now, row_cmp);
    e->rechecking = true;
    /* nothing to re-check when every noted row was deleted: the pass that met them left
       them out already */
    *again = e->nnow > 0;
    return SS_OK;
}

bool ss_epq_is_successor(const ss_epq *e, const ss_table *t, ss_rowid row)
{
    ss_epq_row key = {t, row};
    return e->nnow && bsearch(&key, e->now, e->nnow, sizeof key, row_cmp) != NULL;
}

const ss_snapshot *ss_epq_read_snapshot(const ss_epq *e)
{
    return e->rechecking && e->have_first ? &e->first.snap : NULL;
}

int ss_epq_first_sees(ss_ctx *ctx, const ss_epq *e, const ss_table *t, ss_rowid row, bool *out)
{
    if (!e->have_first) {
        *out = true;
        return SS_OK;
    }
    return sees(ctx, t, row, &e->first.snap, out);
}

void ss_epq_reset(ss_epq *e)
{
    if (e->have_first) /* the full pass's snapshot becomes the first */
        ss_txn_snapshot_free(&e->first);
    e->have_first = false;
    e->nnoted = e->nnew = e->nnow = 0;
    e->rechecking = false;
}

void ss_epq_free(ss_epq *e)
{
    if (e->have_first)
        ss_txn_snapshot_free(&e->first);
    free(e->noted);
    free(e->now);
    memset(e, 0, sizeof *e);
}
