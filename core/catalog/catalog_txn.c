/* catalog_txn.c — transactional DDL (catalog_txn.h): the reader's view of stamped catalog
 * entries, the per-transaction DDL log that COMMIT finalises and ROLLBACK / ROLLBACK TO
 * undoes, and waiting for another transaction's exclusive lock or pending name. */
#include "catalog/catalog_txn.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalog/catalog.h"
#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "catalog/sequences.h"
#include "catalog/settings.h"
#include "catalog/lock_table.h"
#include "fkey/fkey.h"
#include "txn/txn_table_locks.h"
#include "index/index.h"
#include "txn/txn_session.h"
#include "util/grow.h"
#include "util/tls.h"

typedef struct ddl_rec {
    ss_ddl_op op;
    uint32_t depth;      /* the transaction's savepoint depth when it was logged */
    void *obj;
    ss_table *table;
    bool old;                  /* SS_DDL_MATVIEW_POPULATED: the state before */
    void (*undo)(void *arg);   /* SS_DDL_CALLBACK: obj is their argument */
    void (*commit)(void *arg);
} ddl_rec;

typedef struct ddl_log {
    ss_catalog *c;
    ddl_rec *recs;
    uint32_t n;
    size_t cap;
} ddl_log;

static SS_TLS ss_txn_state *g_reader;

void ss_catalog_reader_set(ss_txn_state *t)
{
    g_reader = t;
}

ss_txn_state *ss_catalog_reader(void)
{
    return g_reader;
}

static ss_xid reader_xid(void)
{
    return g_reader && g_reader->active ? g_reader->top : SS_XID_INVALID;
}

bool ss_ddl_visible(const ss_ddl_stamp *s)
{
    ss_xid me = reader_xid();
    if (s->created && s->created != me)
        return false;
    return !(s->dropped && s->dropped == me);
}

bool ss_ddl_dropped_by_reader(const ss_ddl_stamp *s)
{
    return s->dropped && s->dropped == reader_xid();
}

bool ss_ddl_locked_by_other(const ss_ddl_stamp *s)
{
    return s->locked && s->locked != reader_xid();
}

bool ss_ddl_pending_other(const ss_ddl_stamp *s)
{
    ss_xid me = reader_xid();
    return (s->created && s->created != me) || (s->dropped && s->dropped != me);
}

/* ---- the log ------------------------------------------------------------------------- */

/* The kind of object each op names: 0 table, 1 view, 2 index, 3 sequence, 4 schema. */
static int object_kind(ss_ddl_op op)
{
    static const int kinds[] = {
        [SS_DDL_TABLE_CREATE] = 0, [SS_DDL_TABLE_DROP] = 0,  [SS_DDL_TABLE_LOCK] = 0,
        [SS_DDL_VIEW_CREATE] = 1,  [SS_DDL_VIEW_DROP] = 1,   [SS_DDL_INDEX_CREATE] = 2,
        [SS_DDL_INDEX_DROP] = 2,   [SS_DDL_SEQ_CREATE] = 3,  [SS_DDL_SEQ_DROP] = 3,
        [SS_DDL_MATVIEW_POPULATED] = 0, [SS_DDL_SCHEMA_CREATE] = 4,
        [SS_DDL_SCHEMA_DROP] = 4, [SS_DDL_SCHEMA_RENAME] = 4,
        [SS_DDL_CALLBACK] = 0,
    };
    return kinds[op];
}

static ss_ddl_stamp *stamp_of(const ddl_rec *r)
{
    if (r->op == SS_DDL_CALLBACK)
        return r->table ? &r->table->ddl : NULL; /* NULL: not a table's (ALTER SEQUENCE) */
    switch (object_kind(r->op)) {
    case 0: return &((ss_table *)r->obj)->ddl;
    case 1: return &((ss_view *)r->obj)->ddl;
    case 2: return &((ss_index *)r->obj)->ddl;
    case 4: return &((ss_schema *)r->obj)->ddl;
    default: return &((ss_sequence *)r->obj)->ddl;
    }
}

/* Sets a stamp field; sequences' stamps are read under their own mutex. */
static void stamp_set(ss_catalog *c, const ddl_rec *r, ss_xid *field, ss_xid v)
{
    bool seq = object_kind(r->op) == 3;
    if (seq)
        pthread_mutex_lock(&c->sequences->mu);
    *field = v;
    if (seq)
        pthread_mutex_unlock(&c->sequences->mu);
}

/* The physical removal of what r names (a committed DROP, an undone CREATE). */
static void destroy(ss_catalog *c, const ddl_rec *r)
{
    if (r->op == SS_DDL_TABLE_LOCK || r->op == SS_DDL_MATVIEW_POPULATED ||
        r->op == SS_DDL_SCHEMA_RENAME || r->op == SS_DDL_CALLBACK)
        return;
    switch (object_kind(r->op)) {
    case 0: ss_catalog_destroy_table(c, r->obj); break;
    case 1: ss_catalog_destroy_view(c, r->obj); break;
    case 2: ss_index_remove(r->obj); break;
    case 4: ss_ns_destroy(c, r->obj); break;
    default: ss_seq_destroy(c->sequences, r->obj); break;
    }
}

void ss_ddl_drop_or_mark(ss_catalog *c, ss_ddl_op op, void *obj, ss_xid xid)
{
    ddl_rec r = {op, 0, obj, NULL, false, NULL, NULL};
    pthread_mutex_lock(&c->mu);
    if (xid)
        stamp_of(&r)->dropped = xid;
    else
        destroy(c, &r);
    c->version++;
    pthread_mutex_unlock(&c->mu);
}

static void log_commit(ddl_log *l)
{
    ss_catalog *c = l->c;
    /* first every stamp (objects a later record drops are still alive), then the drops:
       indexes before tables (a table takes its indexes with it) */
    for (uint32_t i = 0; i < l->n; i++) {
        ddl_rec *r = &l->recs[i];
        ss_ddl_stamp *s = stamp_of(r);
        if (r->op == SS_DDL_TABLE_LOCK)
            s->locked = SS_XID_INVALID;
        else if (r->op == SS_DDL_SCHEMA_RENAME)
            ss_ns_rename_end(r->obj, true);
        else if (r->op == SS_DDL_CALLBACK)
            r->commit(r->obj);
        else if (r->op == SS_DDL_TABLE_CREATE || r->op == SS_DDL_VIEW_CREATE || r->op == SS_DDL_INDEX_CREATE ||
                 r->op == SS_DDL_SEQ_CREATE || r->op == SS_DDL_SCHEMA_CREATE)
            stamp_set(c, r, &s->created, SS_XID_INVALID);
    }
    /* a schema after everything in it */
    static const ss_ddl_op order[] = {SS_DDL_INDEX_DROP, SS_DDL_VIEW_DROP, SS_DDL_SEQ_DROP, SS_DDL_TABLE_DROP,
                                      SS_DDL_SCHEMA_DROP};
    for (uint32_t k = 0; k < sizeof order / sizeof *order; k++)
        for (uint32_t i = 0; i < l->n; i++)
            if (l->recs[i].op == order[k])
                destroy(c, &l->recs[i]);
    l->n = 0;
}

/* Undoes the records logged at a depth above `depth` (-1: all), the last first. */
static void log_undo(ddl_log *l, int64_t depth)
{
    ss_catalog *c = l->c;
    while (l->n > 0 && (int64_t)l->recs[l->n - 1].depth > depth) {
        ddl_rec *r = &l->recs[--l->n];
        ss_ddl_stamp *s = stamp_of(r);
        switch (r->op) {
        case SS_DDL_TABLE_LOCK:
            s->locked = SS_XID_INVALID;
            break;
        case SS_DDL_CALLBACK:
            r->undo(r->obj);
            break;
        case SS_DDL_MATVIEW_POPULATED:
            ((ss_table *)r->obj)->matview->populated = r->old;
            break;
        case SS_DDL_SCHEMA_RENAME:
            ss_ns_rename_end(r->obj, false);
            break;
        case SS_DDL_SCHEMA_DROP:
        case SS_DDL_TABLE_DROP:
        case SS_DDL_VIEW_DROP:
        case SS_DDL_INDEX_DROP:
        case SS_DDL_SEQ_DROP:
            stamp_set(c, r, &s->dropped, SS_XID_INVALID);
            break;
        default:
            destroy(c, r);
        }
    }
}

static void ddl_end(ss_txn_state *t, int event, uint32_t index)
{
    ddl_log *l = t->ddl;
    if (!l || l->n == 0)
        return;
    ss_catalog *c = l->c;
    pthread_mutex_lock(&c->mu);
    switch ((ss_ddl_event)event) {
    case SS_DDL_EVENT_COMMIT:
        log_commit(l);
        break;
    case SS_DDL_EVENT_ABORT:
        log_undo(l, -1);
        break;
    case SS_DDL_EVENT_ROLLBACK_TO:
        log_undo(l, index);
        break;
    case SS_DDL_EVENT_RELEASE:
        for (uint32_t i = 0; i < l->n; i++)
            if (l->recs[i].depth > index)
                l->recs[i].depth = index;
        break;
    }
    c->version++;
    pthread_mutex_unlock(&c->mu);
}

int ss_catalog_txn_attach(ss_txn_state *t, ss_catalog *c)
{
    ddl_log *l = calloc(1, sizeof *l);
    if (!l)
        return SS_ERROR;
    l->c = c;
    t->ddl = l;
    t->ddl_end = ddl_end;
    return SS_OK;
}

void ss_catalog_txn_detach(ss_txn_state *t)
{
    ddl_log *l = t->ddl;
    if (!l)
        return;
    free(l->recs);
    free(l);
    t->ddl = NULL;
    t->ddl_end = NULL;
}

int ss_ddl_log(ss_ctx *ctx, ss_ddl_op op, void *obj, ss_table *table, ss_xid *xid)
{
    ss_txn_state *t = ctx->txn;
    *xid = SS_XID_INVALID;
    if (!t || !t->active || !t->ddl)
        return SS_OK;
    ddl_log *l = t->ddl;
    ss_xid cur;
    uint32_t cid;
    if (!ss_grow((void **)&l->recs, &l->cap, l->n + 1, sizeof *l->recs, 8))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (ss_txn_state_current(t, &cur, &cid) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    l->recs[l->n++] = (ddl_rec){op, t->nlevels, obj, table, false, NULL, NULL};
    *xid = t->top;
    return SS_OK;
}

int ss_ddl_log_callback(ss_ctx *ctx, ss_table *t, void (*undo)(void *arg), void (*commit)(void *arg), void *arg,
                        bool *logged)
{
    ss_xid xid;
    *logged = false;
    if (ss_ddl_log(ctx, SS_DDL_CALLBACK, arg, t, &xid))
        return SS_ERROR;
    if (xid) {
        ddl_log *l = ctx->txn->ddl;
        l->recs[l->n - 1].undo = undo;
        l->recs[l->n - 1].commit = commit;
        *logged = true;
    }
    return SS_OK;
}

int ss_ddl_log_populated(ss_ctx *ctx, ss_table *t)
{
    ss_xid xid;
    if (ss_ddl_log(ctx, SS_DDL_MATVIEW_POPULATED, t, t, &xid))
        return SS_ERROR;
    if (xid)
        ((ddl_log *)ctx->txn->ddl)->recs[((ddl_log *)ctx->txn->ddl)->n - 1].old = t->matview->populated;
    return SS_OK;
}

/* ---- waiting ------------------------------------------------------------------------- */

/* lock_timeout in milliseconds when the session has it set (0: none). */
static int64_t lock_timeout_ms(const ss_ctx *ctx)
{
    const char *v = ctx->settings ? ss_settings_get(ctx->settings, "lock_timeout") : NULL;
    if (!v)
        return 0;
    char *end;
    long long n = strtoll(v, &end, 10);
    if (n <= 0)
        return 0;
    if (strcmp(end, "s") == 0)
        n *= 1000;
    else if (strcmp(end, "min") == 0)
        n *= 60000;
    return n;
}

/* Waits for the transaction holding xid to end, as the reader's transaction. */
static int wait_for(ss_ctx *ctx, ss_xid holder)
{
    ss_txn_state *r = g_reader ? g_reader : ctx->txn;
    if (!r || !r->m)
        return ss_ctx_error(ctx, "55P03", "could not obtain lock on relation");
    ss_xid waiter = SS_XID_INVALID, cur;
    uint32_t cid;
    /* a transaction that may hold locks waits as itself, so that cycles are found */
    if (r->active && ss_txn_state_current(r, &cur, &cid) == 0)
        waiter = r->top;
    int64_t lock_ms = lock_timeout_ms(ctx), stmt_ms = 0;
    if (ctx->deadline_ns) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        int64_t now_ns = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
        stmt_ms = ctx->deadline_ns > now_ns ? (ctx->deadline_ns - now_ns) / 1000000 + 1 : 1;
    }
    bool by_lock = lock_ms > 0 && (stmt_ms == 0 || lock_ms < stmt_ms);
    int64_t timeout = by_lock ? lock_ms : stmt_ms;
    ss_xid cycle = SS_XID_INVALID;
    ss_txn_wait_result w = ss_txn_wait(r->m, waiter, holder, timeout, ctx->interrupt, &cycle);
    switch (w) {
    case SS_WAIT_DONE:
        return SS_OK;
    case SS_WAIT_DEADLOCK:
        ss_ctx_error(ctx, "40P01", "deadlock detected");
        ss_ctx_error_detail(ctx, "Transaction %llu waits for AccessExclusiveLock held by transaction %llu, which "
                                 "waits for transaction %llu.",
                            (unsigned long long)waiter, (unsigned long long)cycle, (unsigned long long)waiter);
        ss_ctx_error_hint(ctx, "See server log for query details.");
        return SS_ERROR;
    case SS_WAIT_TIMEOUT:
        if (by_lock)
            return ss_ctx_error(ctx, "55P03", "canceling statement due to lock timeout");
        return ss_ctx_error(ctx, SS_SQLSTATE_QUERY_CANCELED, "canceling statement due to statement timeout");
    case SS_WAIT_INTERRUPTED:
        return ss_ctx_error(ctx, SS_SQLSTATE_QUERY_CANCELED, "canceling statement due to user request");
    case SS_WAIT_NO_MEMORY:
        break;
    }
    return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

int ss_catalog_wait_xid(ss_ctx *ctx, ss_xid holder)
{
    return wait_for(ctx, holder);
}

/* The visible table named name and, when another transaction holds its lock, that xid (0
   when the reader's transaction wrote to the table: as a holder of PostgreSQL's ROW
   EXCLUSIVE lock it goes on, and the lock's holder waits for it to end). */
static ss_table *find_locked(ss_catalog *c, const char *name, ss_xid *holder)
{
    ss_xid me = reader_xid();
    pthread_mutex_lock(&c->mu);
    ss_table *t = ss_catalog_find_unlocked(c, name);
    *holder = t && t->ddl.locked && t->ddl.locked != me ? t->ddl.locked : SS_XID_INVALID;
    pthread_mutex_unlock(&c->mu);
    if (*holder && ss_fkey_is_writer(t, me))
        *holder = SS_XID_INVALID;
    /* (LK) nor when it already holds a lock on the table (its ACCESS SHARE): the holder of
       the exclusive lock waits for it, as PostgreSQL grants a lock already held */
    ss_txn_state *r = g_reader;
    if (*holder && r && r->m && ss_table_locks_held(ss_txn_table_locks(r->m), r->m, t, me))
        *holder = SS_XID_INVALID;
    return t;
}

/* (LK) The ACCESS SHARE lock of the reader's transaction block on t (txn_table_locks.h),
   recorded once per (sub)transaction and table; the exclusive lock's holder waits for it.
   1 when another transaction took the exclusive lock meanwhile (its holder may have looked
   for ACCESS SHARE entries before this one was added): the entry is withdrawn, the caller
   waits for the holder. */
static int note_access_share(ss_ctx *ctx, ss_catalog *c, ss_table *t)
{
    ss_txn_state *r = g_reader ? g_reader : ctx->txn;
    if (!t || t->system || !r || !r->m || !r->active || !r->in_block)
        return SS_OK;
    ss_xid xid;
    if (ss_txn_state_lock_xid(r, &xid) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (r->shared_xid != xid) {
        r->shared_xid = xid;
        r->nshared = 0;
    }
    for (uint32_t i = 0; i < r->nshared; i++)
        if (r->shared[i] == t)
            return SS_OK;
    ss_table_locks *tl = ss_txn_table_locks(r->m);
    bool held = ss_table_locks_held(tl, r->m, t, r->top);
    ss_xid holder;
    if (ss_table_locks_add(tl, r->m, t, xid, r->top, 1, &holder) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    /* (a conflicting holder would be ACCESS EXCLUSIVE: the catalog's lock, not an entry) */
    if (!held) {
        pthread_mutex_lock(&c->mu);
        bool taken = t->ddl.locked && t->ddl.locked != r->top;
        pthread_mutex_unlock(&c->mu);
        if (taken) {
            ss_table_locks_remove(tl, t, xid, 1);
            return 1;
        }
    }
    if (r->nshared < sizeof r->shared / sizeof r->shared[0])
        r->shared[r->nshared++] = t;
    return SS_OK;
}

/* The lookup waiting for another transaction's exclusive lock; with share, the reader then
   holds ACCESS SHARE (not for the exclusive lock's own lookup: two of those would wait for
   each other's ACCESS SHARE). */
static int find_waiting(ss_ctx *ctx, ss_catalog *c, const char *name, bool share, ss_table **t)
{
    for (;;) {
        ss_xid holder;
        *t = find_locked(c, name, &holder);
        int rc = holder ? 1 : share ? note_access_share(ctx, c, *t) : SS_OK;
        if (rc <= 0)
            return rc;
        if (!holder && !(holder = (*t)->ddl.locked)) /* released meanwhile */
            continue;
        if (wait_for(ctx, holder))
            return SS_ERROR;
    }
}

static SS_TLS ss_table_reads *g_reads;

void ss_catalog_reads_collect(ss_table_reads *r)
{
    g_reads = r;
}

int ss_catalog_find_waiting(ss_ctx *ctx, ss_catalog *c, const char *name, ss_table **t)
{
    if (find_waiting(ctx, c, name, true, t))
        return SS_ERROR;
    ss_table_reads *r = g_reads;
    if (r && *t && !(*t)->system) {
        for (uint32_t i = 0; i < r->n; i++)
            if (r->t[i] == *t)
                return SS_OK;
        if (ss_grow((void **)&r->t, &r->cap, r->n + 1, sizeof *r->t, 4))
            r->t[r->n++] = *t;
        else
            r->overflow = true;
    }
    return SS_OK;
}

/* ss_catalog_reads_lock's work on one table (when it is locked or the reader is in a block). */
static int read_lock(ss_ctx *ctx, ss_catalog *c, ss_table *t, uint64_t version)
{
    for (;;) {
        ss_xid holder = t->ddl.locked, me = reader_xid();
        if (holder && (holder == me || ss_fkey_is_writer(t, me)))
            holder = SS_XID_INVALID;
        ss_txn_state *g = g_reader;
        if (holder && g && g->m && ss_table_locks_held(ss_txn_table_locks(g->m), g->m, t, me))
            holder = SS_XID_INVALID;
        int rc = holder ? 1 : note_access_share(ctx, c, t);
        if (rc < 0)
            return SS_ERROR;
        if (rc == 0)
            break;
        if (!holder && !(holder = t->ddl.locked))
            continue;
        if (wait_for(ctx, holder))
            return SS_ERROR;
        if (c->version != version)
            return 1; /* t may be gone: bind again */
    }
    return 0;
}

int ss_catalog_reads_lock(ss_ctx *ctx, ss_catalog *c, const ss_table_reads *r, bool block)
{
    /* the hot path (a point lookup outside a block): one load per table */
    uint64_t version = c->version;
    for (uint32_t i = 0; i < r->n; i++) {
        if (!block && !r->t[i]->ddl.locked)
            continue;
        int rc = read_lock(ctx, c, r->t[i], version);
        if (rc)
            return rc;
    }
    return 0;
}

static int not_obtained(ss_ctx *ctx, const char *name)
{
    return ss_ctx_error(ctx, "55P03", "could not obtain lock on relation \"%s\"", name);
}

int ss_catalog_find_nowait(ss_ctx *ctx, ss_catalog *c, const char *name, ss_table **t)
{
    ss_xid holder;
    if ((*t = find_locked(c, name, &holder)) && holder)
        return not_obtained(ctx, name);
    return SS_OK;
}

int ss_catalog_lock_table_nowait(ss_ctx *ctx, ss_catalog *c, const char *name, bool nowait, ss_table **t)
{
    ss_xid me = reader_xid();
    for (;;) {
        ss_xid holder;
        if (nowait ? ss_catalog_find_nowait(ctx, c, name, t) : find_waiting(ctx, c, name, false, t))
            return SS_ERROR;
        if (!*t || (*t)->system || ((*t)->ddl.locked && (*t)->ddl.locked == me))
            return SS_OK; /* gone, a system view, or already ours */
        if (!(holder = (*t)->ddl.locked))
            break;
        /* a writer of the table, which the holder waits for: the cycle is a deadlock */
        if (nowait)
            return not_obtained(ctx, name);
        if (wait_for(ctx, holder))
            return SS_ERROR;
    }
    if (nowait && (ss_fkey_other_writer(ctx, *t) ||
                   (ctx->txn && ss_table_locks_other(ss_txn_table_locks(ctx->txn->m), ctx->txn->m, *t, ctx->txn->top))))
        return not_obtained(ctx, name);
    ss_xid xid;
    if (ss_ddl_log(ctx, SS_DDL_TABLE_LOCK, *t, *t, &xid))
        return SS_ERROR;
    (*t)->ddl.locked = xid;
    /* then the transactions writing to it end first (its lock keeps new ones out) */
    bool committed;
    if (!xid)
        return SS_OK;
    /* and (LK) those holding a LOCK TABLE lock of another mode (every mode conflicts) */
    return ss_fkey_wait_writers(ctx, *t, &committed) ? SS_ERROR : ss_table_lock_check(ctx, *t, 8);
}

int ss_catalog_lock_table(ss_ctx *ctx, ss_catalog *c, const char *name, ss_table **t)
{
    return ss_catalog_lock_table_nowait(ctx, c, name, false, t);
}

/* The xid of another transaction with a pending entry named name (its relation part, in
   any schema), or 0. */
static ss_xid pending_name(ss_catalog *c, const char *name)
{
    ss_xid x = SS_XID_INVALID;
    name = ss_ns_rel(name);
    pthread_mutex_lock(&c->mu);
    for (uint32_t i = 0; !x && i < c->ntables; i++) {
        const ss_table *t = c->tables[i];
        if (strcmp(t->name, name) == 0 && ss_ddl_pending_other(&t->ddl))
            x = t->ddl.created ? t->ddl.created : t->ddl.dropped;
        const ss_table_indexes *l = t->indexes;
        for (uint32_t j = 0; !x && l && j < l->n; j++)
            if (strcmp(l->list[j]->name, name) == 0 && ss_ddl_pending_other(&l->list[j]->ddl))
                x = l->list[j]->ddl.created ? l->list[j]->ddl.created : l->list[j]->ddl.dropped;
    }
    for (uint32_t i = 0; !x && i < c->nuser_views; i++) {
        const ss_view *v = c->user_views[i];
        if (strcmp(v->name, name) == 0 && ss_ddl_pending_other(&v->ddl))
            x = v->ddl.created ? v->ddl.created : v->ddl.dropped;
    }
    pthread_mutex_unlock(&c->mu);
    ss_seq_catalog *sc = c->sequences;
    pthread_mutex_lock(&sc->mu);
    for (uint32_t i = 0; !x && i < sc->n; i++) {
        const ss_sequence *s = sc->seqs[i];
        if (strcmp(s->name, name) == 0 && ss_ddl_pending_other(&s->ddl))
            x = s->ddl.created ? s->ddl.created : s->ddl.dropped;
    }
    pthread_mutex_unlock(&sc->mu);
    return x;
}

int ss_catalog_name_wait(ss_ctx *ctx, ss_catalog *c, const char *name)
{
    for (;;) {
        ss_xid x = pending_name(c, name);
        if (!x)
            return SS_OK;
        if (wait_for(ctx, x))
            return SS_ERROR;
    }
}
