/* txn_session.c — a session's transaction state: begin / commit / abort, lazy xid
 * assignment, snapshots per isolation level and the subtransaction stack (txn_session.h). */
#include <stdlib.h>
#include <string.h>

#include "txn/txn_session.h"

void ss_txn_state_init(ss_txn_state *st, ss_txn_manager *m)
{
    memset(st, 0, sizeof *st);
    st->m = m;
}

static void levels_clear(ss_txn_state *st)
{
    for (uint32_t i = 0; i < st->nlevels; i++)
        free(st->levels[i].name);
    st->nlevels = 0;
}

void ss_txn_state_free(ss_txn_state *st)
{
    if (st->active)
        ss_txn_state_abort(st);
    levels_clear(st);
    free(st->levels);
    ss_txn_snapshot_free(&st->snap);
    memset(st, 0, sizeof *st);
}

void ss_txn_state_begin(ss_txn_state *st, bool block, ss_isolation iso, bool read_only,
                        int64_t start_us)
{
    st->active = true;
    st->in_block = block;
    st->failed = false;
    st->read_only = read_only;
    st->isolation = iso;
    st->top = SS_XID_INVALID;
    st->command_id = 0;
    st->command_wrote = false;
    st->have_snap = false;
    st->start_us = start_us;
    st->uncommitted = false;
    st->snapshot_taken = false;
    levels_clear(st);
}

static void txn_finish(ss_txn_state *st, bool commit)
{
    if (st->ddl_end)
        st->ddl_end(st, commit ? 0 : 1, 0);
    if (st->defer_end)
        st->defer_end(st, commit ? 0 : 1, 0);
    if (st->top != SS_XID_INVALID) {
        /* open savepoints end with the transaction: released into it on commit (a
           subtransaction still running when its top-level one commits would abort) */
        for (uint32_t i = st->nlevels; commit && i-- > 0;)
            if (st->levels[i].xid != SS_XID_INVALID)
                ss_txn_subcommit(st->m, st->levels[i].xid);
        if (commit)
            ss_txn_commit(st->m, st->top);
        else
            ss_txn_abort(st->m, st->top);
    }
    levels_clear(st);
    st->active = false;
    st->in_block = false;
    st->failed = false;
    st->top = SS_XID_INVALID;
    st->have_snap = false;
    ss_txn_snapshot_release(&st->snap); /* no longer holds the horizon back */
}

void ss_txn_state_commit(ss_txn_state *st)
{
    txn_finish(st, !st->failed);
}

void ss_txn_state_abort(ss_txn_state *st)
{
    txn_finish(st, false);
}

int ss_txn_state_current(ss_txn_state *st, ss_xid *xid, uint32_t *command_id)
{
    if (!st->active || !st->m)
        return -1;
    if (st->top == SS_XID_INVALID) {
        st->top = ss_txn_assign(st->m, SS_XID_INVALID);
        if (st->top == SS_XID_INVALID)
            return -1;
    }
    ss_xid parent = st->top;
    for (uint32_t i = 0; i < st->nlevels; i++) {
        if (st->levels[i].xid == SS_XID_INVALID) {
            st->levels[i].xid = ss_txn_assign(st->m, parent);
            if (st->levels[i].xid == SS_XID_INVALID)
                return -1;
        }
        parent = st->levels[i].xid;
    }
    *xid = parent;
    *command_id = st->command_id;
    st->command_wrote = true;
    return 0;
}

int ss_txn_state_lock_xid(ss_txn_state *st, ss_xid *xid)
{
    bool wrote = st->command_wrote;
    uint32_t cid;
    int rc = ss_txn_state_current(st, xid, &cid);
    st->command_wrote = wrote;
    return rc;
}

ss_xid ss_txn_state_storage_xid(ss_txn_state *st)
{
    ss_xid xid;
    return st && st->active && ss_txn_state_lock_xid(st, &xid) == 0 ? xid : SS_XID_INVALID;
}

const ss_snapshot *ss_txn_state_snapshot(ss_txn_state *st, bool fresh)
{
    bool take = !st->have_snap || (fresh && st->isolation == SS_ISO_READ_COMMITTED);
    if (take) {
        if (ss_txn_snapshot_take(st->m, &st->snap, st->top, st->command_id) != 0)
            return NULL;
        st->have_snap = true;
    }
    /* the transaction's xid may have been assigned after the snapshot was taken */
    st->snap.snap.self = st->top;
    st->snap.snap.command_id = st->command_id;
    return &st->snap.snap;
}

int ss_txn_state_statement_snapshot(ss_txn_state *st, ss_txn_snapshot *out)
{
    if (st->isolation == SS_ISO_READ_COMMITTED) {
        if (ss_txn_snapshot_take(st->m, out, st->top, st->command_id) != 0)
            return -1;
        return 0;
    }
    const ss_snapshot *t = ss_txn_state_snapshot(st, false);
    if (!t)
        return -1;
    if (t->nrunning > out->cap) {
        ss_xid *buf = realloc(out->buf, t->nrunning * sizeof *buf);
        if (!buf)
            return -1;
        out->buf = buf;
        out->cap = t->nrunning;
    }
    if (t->nrunning)
        memcpy(out->buf, t->running, t->nrunning * sizeof *out->buf);
    out->snap = *t;
    out->snap.running = out->buf;
    return ss_txn_snapshot_register(st->m, out);
}

void ss_txn_state_next_command(ss_txn_state *st)
{
    if (st->command_wrote) {
        st->command_id++;
        st->command_wrote = false;
    }
}

int ss_txn_state_push(ss_txn_state *st, const char *name)
{
    if (st->nlevels == st->cap_levels) {
        uint32_t cap = st->cap_levels ? st->cap_levels * 2 : 4;
        ss_txn_level *l = realloc(st->levels, cap * sizeof *l);
        if (!l)
            return -1;
        st->levels = l;
        st->cap_levels = cap;
    }
    char *copy = NULL;
    if (name && !(copy = strdup(name)))
        return -1;
    st->levels[st->nlevels++] = (ss_txn_level){copy, SS_XID_INVALID, st->read_only};
    return 0;
}

int ss_txn_state_find(const ss_txn_state *st, const char *name)
{
    for (uint32_t i = st->nlevels; i-- > 0;)
        if (st->levels[i].name && strcmp(st->levels[i].name, name) == 0)
            return (int)i;
    return -1;
}

void ss_txn_state_release(ss_txn_state *st, uint32_t index)
{
    if (st->ddl_end)
        st->ddl_end(st, 2, index);
    if (st->defer_end)
        st->defer_end(st, 2, index);
    while (st->nlevels > index) {
        ss_txn_level *l = &st->levels[--st->nlevels];
        if (l->xid != SS_XID_INVALID)
            ss_txn_subcommit(st->m, l->xid);
        free(l->name);
    }
}

void ss_txn_state_rollback_to(ss_txn_state *st, uint32_t index, bool keep)
{
    if (st->ddl_end)
        st->ddl_end(st, 3, index);
    if (st->defer_end)
        st->defer_end(st, 3, index);
    while (st->nlevels > index) {
        ss_txn_level *l = &st->levels[st->nlevels - 1];
        if (l->xid != SS_XID_INVALID)
            ss_txn_subabort(st->m, l->xid);
        l->xid = SS_XID_INVALID;
        if (keep && st->nlevels - 1 == index)
            break;
        free(l->name);
        st->nlevels--;
    }
}
