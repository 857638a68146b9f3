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

/* (EPQ) A noted row's newest version (to: SS_ROWID_INVALID when its chain ends in a
 * delete). */
typedef struct ss_epq_move {
    const ss_table *t;
    ss_rowid from, to;
} ss_epq_move;

static int move_cmp(const void *a, const void *b)
{
    const ss_epq_move *x = a, *y = b;
    if (x->t != y->t)
        return (uintptr_t)x->t < (uintptr_t)y->t ? -1 : 1;
    return x->from < y->from ? -1 : x->from > y->from;
}

static _Thread_local uint32_t joined_width; /* joined_cmp's row width */

static int joined_cmp(const void *a, const void *b)
{
    const ss_rowid *x = a, *y = b;
    for (uint32_t i = 0; i < joined_width; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

void ss_epq_track_joined(ss_epq *e, uint32_t width, const ss_table *const *tables)
{
    e->width = width;
    e->tables = tables;
}

int ss_epq_note_joined(ss_ctx *ctx, ss_epq *e, const ss_rowid *ids)
{
    if (!e->width)
        return SS_OK;
    if (e->njoined == e->cap_joined) {
        uint32_t cap = e->cap_joined ? 2 * e->cap_joined : 16;
        ss_rowid *grown = realloc(e->joined, sizeof *grown * e->width * cap);
        if (!grown)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        e->joined = grown;
        e->cap_joined = cap;
    }
    memcpy(e->joined + (size_t)e->njoined * e->width, ids, sizeof *ids * e->width);
    e->njoined++;
    e->nnew_joined++;
    return SS_OK;
}

bool ss_epq_joined_again(const ss_epq *e, const ss_rowid *ids)
{
    if (!e->width)
        return true;
    joined_width = e->width;
    return e->njoined_now && bsearch(ids, e->joined_now, e->njoined_now, sizeof *ids * e->width, joined_cmp);
}

/* (EPQ) joined_now: the noted output rows with each noted row replaced by its newest
 * version (a row whose chain ends in a delete drops the output row), sorted. */
static int joined_now(ss_ctx *ctx, ss_epq *e)
{
    e->njoined_now = 0;
    if (!e->width)
        return SS_OK;
    if (!e->cumulative) { /* the last pass's only, as the noted rows */
        if (e->nnew_joined && e->njoined > e->nnew_joined)
            memmove(e->joined, e->joined + (size_t)(e->njoined - e->nnew_joined) * e->width,
                    sizeof *e->joined * e->width * e->nnew_joined);
        e->njoined = e->nnew_joined;
    }
    e->nnew_joined = 0;
    if (e->njoined > e->cap_joined_now) {
        ss_rowid *grown = realloc(e->joined_now, sizeof *grown * e->width * e->njoined);
        if (!grown)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        e->joined_now = grown;
        e->cap_joined_now = e->njoined;
    }
    for (uint32_t i = 0; i < e->njoined; i++) {
        ss_rowid *row = e->joined_now + (size_t)e->njoined_now * e->width;
        memcpy(row, e->joined + (size_t)i * e->width, sizeof *row * e->width);
        bool gone = false;
        for (uint32_t p = 0; !gone && p < e->width; p++) {
            if (!e->tables[p] || row[p] == SS_ROWID_INVALID)
                continue;
            ss_epq_move key = {e->tables[p], row[p], 0};
            const ss_epq_move *m = e->nmoved ? bsearch(&key, e->moved, e->nmoved, sizeof key, move_cmp) : NULL;
            if (m)
                row[p] = m->to;
            gone = m && m->to == SS_ROWID_INVALID;
        }
        if (!gone)
            e->njoined_now++;
    }
    joined_width = e->width;
    if (e->njoined_now > 1)
        qsort(e->joined_now, e->njoined_now, sizeof *e->joined_now * e->width, joined_cmp);
    return SS_OK;
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
    if (e->width && e->nnoted > e->cap_moved) {
        ss_epq_move *grown = realloc(e->moved, sizeof *grown * e->nnoted);
        if (!grown)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        e->moved = grown;
        e->cap_moved = e->nnoted;
    }
    e->nnow = e->nmoved = 0;
    for (uint32_t i = 0; i < e->nnoted; i++) {
        ss_rowid end;
        if (chain_end(ctx, e->noted[i].t, e->noted[i].row, &snap->snap, &end) != SS_OK)
            return SS_ERROR;
        if (end != SS_ROWID_INVALID)
            e->now[e->nnow++] = (ss_epq_row){e->noted[i].t, end};
        if (e->width)
            e->moved[e->nmoved++] = (ss_epq_move){e->noted[i].t, e->noted[i].row, end};
    }
    qsort(e->now, e->nnow, sizeof *e->now, row_cmp);
    if (e->nmoved)
        qsort(e->moved, e->nmoved, sizeof *e->moved, move_cmp);
    if (joined_now(ctx, e) != SS_OK)
        return SS_ERROR;
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
    e->njoined = e->nnew_joined = e->njoined_now = e->nmoved = 0;
    e->rechecking = false;
}

void ss_epq_free(ss_epq *e)
{
    if (e->have_first)
        ss_txn_snapshot_free(&e->first);
    free(e->noted);
    free(e->now);
    free(e->joined);
    free(e->joined_now);
    free(e->moved);
    memset(e, 0, sizeof *e);
}
