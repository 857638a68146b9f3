/* defer_queue.c — the transaction's queue of waiting constraint checks and its SET
 * CONSTRAINTS modes (defer.h): made at the first use, told of savepoints and of the
 * transaction's end by ss_txn_state's defer_end, and the checks run in queue order. */
#include <stdlib.h>
#include <string.h>

#include "defer/defer.h"
#include "defer/defer_internal.h"
#include "exec/context.h"
#include "txn/txn_session.h"
#include "util/grow.h"

static void modes_free(defer_modes *m)
{
    free(m->list);
    memset(m, 0, sizeof *m);
}

static int modes_copy(defer_modes *dst, const defer_modes *src)
{
    *dst = *src;
    dst->list = NULL;
    dst->cap = 0;
    if (src->n == 0)
        return SS_OK;
    if (!(dst->list = malloc(sizeof *dst->list * src->n)))
        return SS_ERROR;
    memcpy(dst->list, src->list, sizeof *dst->list * src->n);
    dst->cap = src->n;
    return SS_OK;
}

static void state_free(defer_state *s)
{
    modes_free(&s->modes);
    for (uint32_t i = 0; i < s->nsaved; i++)
        modes_free(&s->saved[i].modes);
    free(s->saved);
    free(s->events);
    free(s);
}

/* ROLLBACK TO (rollback) or RELEASE of the levels [index, nlevels): checks queued in them
   are dropped or become the enclosing level's, and so are the modes saved for them. */
static void levels_end(defer_state *s, uint32_t index, bool rollback)
{
    size_t k = 0;
    for (size_t i = 0; i < s->nevents; i++) {
        defer_event *e = &s->events[i];
        if (e->level > index) {
            if (rollback)
                continue;
            e->level = index;
        }
        s->events[k++] = *e;
    }
    s->nevents = k;
    /* saved[] is in level order; the first entry above index holds the modes as they were
       before those levels first changed them */
    uint32_t first = s->nsaved;
    for (uint32_t i = 0; i < s->nsaved; i++)
        if (s->saved[i].level > index) {
            first = i;
            break;
        }
    if (first == s->nsaved)
        return;
    if (rollback) {
        modes_free(&s->modes);
        s->modes = s->saved[first].modes;
    } else {
        /* RELEASE keeps the modes and forgets what the released levels saved, as
           PostgreSQL's AfterTriggerEndSubXact: a ROLLBACK TO of an enclosing savepoint that
           saved nothing itself then keeps them too */
        modes_free(&s->saved[first].modes);
    }
    for (uint32_t i = first + 1; i < s->nsaved; i++)
        modes_free(&s->saved[i].modes);
    s->nsaved = first;
}

static void defer_end(ss_txn_state *t, int event, uint32_t index)
{
    defer_state *s = t->defer;
    if (!s)
        return;
    if (event == 0 || event == 1) { /* the transaction ended */
        state_free(s);
        t->defer = NULL;
        t->defer_end = NULL;
        return;
    }
    levels_end(s, index, event == 3);
}

defer_state *ss_defer_state(ss_ctx *ctx)
{
    ss_txn_state *t = ctx->txn;
    if (!t)
        return NULL;
    if (!t->defer) {
        defer_state *s = calloc(1, sizeof *s);
        if (!s) {
            ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
        t->defer = s;
        t->defer_end = defer_end;
    }
    return t->defer;
}

bool ss_defer_is_deferred(const ss_txn_state *t, const void *con, bool initdeferred)
{
    const defer_state *s = t ? t->defer : NULL;
    if (!s)
        return initdeferred;
    for (uint32_t i = 0; i < s->modes.n; i++)
        if (s->modes.list[i].con == con)
            return s->modes.list[i].deferred;
    return s->modes.all_set ? s->modes.all_deferred : initdeferred;
}

int ss_defer_set_mode(ss_ctx *ctx, const void *con, bool deferred)
{
    defer_state *s = ss_defer_state(ctx);
    if (!s)
        return SS_ERROR;
    uint32_t level = ctx->txn->nlevels;
    if (level > 0 && (s->nsaved == 0 || s->saved[s->nsaved - 1].level != level)) {
        /* the first SET CONSTRAINTS of this savepoint's level: ROLLBACK TO puts these back */
        defer_saved *n = realloc(s->saved, sizeof *n * (s->nsaved + 1));
        if (!n)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        s->saved = n;
        if (modes_copy(&n[s->nsaved].modes, &s->modes) != SS_OK)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        n[s->nsaved++].level = level;
    }
    if (!con) { /* ALL: the constraints named before no longer count */
        s->modes.n = 0;
        s->modes.all_set = true;
        s->modes.all_deferred = deferred;
        return SS_OK;
    }
    for (uint32_t i = 0; i < s->modes.n; i++)
        if (s->modes.list[i].con == con) {
            s->modes.list[i].deferred = deferred;
            return SS_OK;
        }
    size_t cap = s->modes.cap;
    if (!ss_grow((void **)&s->modes.list, &cap, s->modes.n + 1, sizeof *s->modes.list, 8))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    s->modes.cap = (uint32_t)cap;
    s->modes.list[s->modes.n++] = (defer_mode){con, deferred};
    return SS_OK;
}

int ss_defer_queue_rows(ss_ctx *ctx, defer_kind kind, const void *con, ss_table *table, const ss_rowid *rowids,
                        uint32_t n)
{
    defer_state *s = ss_defer_state(ctx);
    if (!s)
        return SS_ERROR;
    if (!ss_grow((void **)&s->events, &s->cap, s->nevents + n, sizeof *s->events, 64))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t level = ctx->txn->nlevels;
    for (uint32_t i = 0; i < n; i++)
        s->events[s->nevents++] = (defer_event){kind, level, ctx->txn->command_id, con, table, rowids[i]};
    return SS_OK;
}

bool ss_defer_pending(const ss_txn_state *t)
{
    const defer_state *s = t ? t->defer : NULL;
    return s && s->nevents > 0;
}

int ss_defer_check_table_free(ss_ctx *ctx, const ss_table *table, const char *what)
{
    const defer_state *s = ctx->txn ? ctx->txn->defer : NULL;
    for (size_t i = 0; s && i < s->nevents; i++)
        if (s->events[i].table == table)
            return ss_ctx_error(ctx, "55006", "cannot %s \"%s\" because it has pending trigger events", what,
                                table->name);
    return SS_OK;
}

int ss_defer_fire(ss_ctx *ctx, bool at_commit)
{
    defer_state *s = ctx->txn ? ctx->txn->defer : NULL;
    if (!s || s->nevents == 0)
        return SS_OK;
    int rc = SS_OK;
    size_t k = 0, i = 0;
    for (; i < s->nevents; i++) {
        defer_event *e = &s->events[i];
        bool deferred = !at_commit && ss_defer_event_deferred(ctx->txn, e);
        if (deferred) {
            s->events[k++] = *e;
            continue;
        }
        if ((rc = ss_defer_run_check(ctx, e)) != SS_OK) {
            i++;
            break;
        }
    }
    for (; i < s->nevents; i++) /* those after a failure wait on (the transaction fails) */
        s->events[k++] = s->events[i];
    s->nevents = k;
    return rc;
}
