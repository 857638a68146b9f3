/* sequences.c — the database's sequences and their values (sequences.h): PostgreSQL's
 * nextval_internal (prefetch of 32 logged values, which SELECT * FROM seq shows as log_cnt),
 * do_setval and the session's currval / lastval memory. */
#include "catalog/sequences.h"

#include "catalog/catalog.h"
#include "catalog/namespace.h"
#include "catalog/object_oids.h"
#include "txn/txn_session.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define SEQ_LOG_VALS 32

ss_seq_catalog *ss_seq_catalog_new(void)
{
    ss_seq_catalog *sc = calloc(1, sizeof *sc);
    if (!sc)
        return NULL;
    if (pthread_mutex_init(&sc->mu, NULL)) {
        free(sc);
        return NULL;
    }
    sc->next_id = 1;
    return sc;
}

static void seq_free(ss_sequence *s)
{
    free(s->name);
    free(s->owner_table);
    free(s->owner_column);
    free(s);
}

void ss_seq_catalog_free(ss_seq_catalog *sc)
{
    if (!sc)
        return;
    for (uint32_t i = 0; i < sc->n; i++)
        seq_free(sc->seqs[i]);
    free(sc->seqs);
    pthread_mutex_destroy(&sc->mu);
    free(sc);
}

void ss_seq_session_free(ss_seq_session *s)
{
    if (!s)
        return;
    free(s->vals);
    free(s);
}

/* The visible sequence rel of schema ns (sc->mu held). */
static ss_sequence *seq_in(const ss_seq_catalog *sc, const ss_schema *ns, const char *rel)
{
    for (uint32_t i = 0; i < sc->n; i++)
        if (sc->seqs[i]->ns == ns && strcmp(sc->seqs[i]->name, rel) == 0 && ss_ddl_visible(&sc->seqs[i]->ddl))
            return sc->seqs[i];
    return NULL;
}

static bool has_seq(const ss_catalog *c, const ss_schema *ns, const char *rel)
{
    return seq_in(c->sequences, ns, rel) != NULL;
}

/* The sequence reference name resolves to (namespace.h). */
static ss_sequence *find(ss_seq_catalog *sc, const char *name)
{
    const char *rel;
    const ss_schema *ns = ss_ns_lookup(sc->catalog, name, has_seq, &rel);
    return ns ? seq_in(sc, ns, rel) : NULL;
}

/* The sequence name resolves to (*out NULL: none) with sc->mu held, after waiting while another
   transaction holds its lock (a pending ALTER); SS_ERROR (mu not held) when the wait failed. */
static int find_unlocked(ss_ctx *ctx, ss_seq_catalog *sc, const char *name, ss_sequence **out)
{
    pthread_mutex_lock(&sc->mu);
    for (;;) {
        ss_sequence *s = find(sc, name);
        if (!s || !ss_ddl_locked_by_other(&s->ddl)) {
            *out = s;
            return SS_OK;
        }
        ss_xid holder = s->ddl.locked;
        pthread_mutex_unlock(&sc->mu);
        if (ss_catalog_wait_xid(ctx, holder))
            return SS_ERROR;
        pthread_mutex_lock(&sc->mu);
    }
}

bool ss_seq_exists(ss_seq_catalog *sc, const char *name)
{
    pthread_mutex_lock(&sc->mu);
    bool r = find(sc, name) != NULL;
    pthread_mutex_unlock(&sc->mu);
    return r;
}

char *ss_strdup_or_null(const char *s, bool *ok)
{
    if (!s)
        return NULL;
    char *d = strdup(s);
    if (!d)
        *ok = false;
    return d;
}

int ss_seq_create(ss_ctx *ctx, ss_seq_catalog *sc, const char *name, const ss_seq_params *p,
                  const char *owner_table, const char *owner_column, char owner_kind)
{
    const char *rel;
    const ss_schema *ns = ss_ns_creation(ctx, sc->catalog, name, &rel);
    if (!ns)
        return SS_ERROR;
    pthread_mutex_lock(&sc->mu);
    if (seq_in(sc, ns, rel)) {
        pthread_mutex_unlock(&sc->mu);
        return ss_ctx_error(ctx, SS_SQLSTATE_DUPLICATE_TABLE, "relation \"%s\" already exists", rel);
    }
    bool ok = true;
    ss_sequence *s = calloc(1, sizeof *s);
    if (s) {
        s->ns = ns;
        s->created = sc->catalog ? sc->catalog->version : 0;
        s->oid = sc->catalog ? ss_catalog_new_oid(sc->catalog) : 0;
        s->name = ss_strdup_or_null(rel, &ok);
        s->owner_table = ss_strdup_or_null(owner_table, &ok);
        s->owner_column = ss_strdup_or_null(owner_column, &ok);
    }
    if (ok && s && sc->n == sc->cap) {
        uint32_t cap = sc->cap ? sc->cap * 2 : 8;
        ss_sequence **a = realloc(sc->seqs, cap * sizeof *a);
        if (a) {
            sc->seqs = a;
            sc->cap = cap;
        } else {
            ok = false;
        }
    }
    if (!s || !ok) {
        if (s)
            seq_free(s);
        pthread_mutex_unlock(&sc->mu);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    s->id = sc->next_id++;
    s->gen = s->id;
    s->p = *p;
    s->last_value = p->start;
    s->owner_kind = owner_table ? owner_kind : 0;
    if (ss_ddl_log(ctx, SS_DDL_SEQ_CREATE, s, NULL, &s->ddl.created)) {
        seq_free(s);
        pthread_mutex_unlock(&sc->mu);
        return SS_ERROR;
    }
    sc->seqs[sc->n++] = s;
    pthread_mutex_unlock(&sc->mu);
    return SS_OK;
}

static void drop_at(ss_seq_catalog *sc, uint32_t i)
{
    seq_free(sc->seqs[i]);
    memmove(&sc->seqs[i], &sc->seqs[i + 1], (sc->n - i - 1) * sizeof *sc->seqs);
    sc->n--;
}

/* Drops seqs[i] in ctx's transaction; sc->mu held.  *gone: removed at once. */
static int drop_one(ss_ctx *ctx, ss_seq_catalog *sc, uint32_t i, bool *gone)
{
    ss_xid xid;
    *gone = false;
    if (ss_ddl_log(ctx, SS_DDL_SEQ_DROP, sc->seqs[i], NULL, &xid))
        return SS_ERROR;
    if (xid) {
        sc->seqs[i]->ddl.dropped = xid;
        return SS_OK;
    }
    drop_at(sc, i);
    *gone = true;
    return SS_OK;
}

int ss_seq_drop(ss_ctx *ctx, ss_seq_catalog *sc, const char *name)
{
    int rc = SS_OK;
    ss_sequence *s;
    if (find_unlocked(ctx, sc, name, &s))
        return SS_ERROR;
    for (uint32_t i = 0; s && i < sc->n; i++)
        if (sc->seqs[i] == s) {
            bool gone;
            rc = drop_one(ctx, sc, i, &gone);
            break;
        }
    pthread_mutex_unlock(&sc->mu);
    return rc;
}

int ss_seq_drop_owned(ss_ctx *ctx, ss_seq_catalog *sc, const char *table, const char *column)
{
    int rc = SS_OK;
    pthread_mutex_lock(&sc->mu);
    for (uint32_t i = 0; rc == SS_OK && i < sc->n;) {
        bool gone = false;
        const ss_sequence *q = sc->seqs[i];
        if (q->owner_table && strcmp(q->owner_table, table) == 0 && q->owner_kind != 'd' &&
            (!column || (q->owner_column && strcmp(q->owner_column, column) == 0)) && ss_ddl_visible(&q->ddl))
            rc = drop_one(ctx, sc, i, &gone);
        if (!gone)
            i++;
    }
    pthread_mutex_unlock(&sc->mu);
    return rc;
}

void ss_seq_destroy(ss_seq_catalog *sc, ss_sequence *s)
{
    pthread_mutex_lock(&sc->mu);
    for (uint32_t i = 0; i < sc->n; i++)
        if (sc->seqs[i] == s) {
            drop_at(sc, i);
            break;
        }
    pthread_mutex_unlock(&sc->mu);
}

bool ss_seq_snapshot(ss_seq_catalog *sc, const char *name, ss_sequence *out)
{
    pthread_mutex_lock(&sc->mu);
    ss_sequence *s = find(sc, name);
    if (s) {
        *out = *s;
        if (s->pending_rewrite && ss_ddl_locked_by_other(&s->ddl)) {
            /* another transaction's uncommitted ALTER: the committed state */
            out->p = s->committed_p;
            out->last_value = s->committed_last_value;
            out->log_cnt = s->committed_log_cnt;
            out->is_called = s->committed_is_called;
        }
    }
    pthread_mutex_unlock(&sc->mu);
    return s != NULL;
}

/* 42P01 for a name that is no sequence (the function reports 42809 for a table itself). */
static int no_sequence(ss_ctx *ctx, const char *name)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", name);
}

/* A session's cached values of another generation of s are given up (PostgreSQL's
   init_sequence on a new relfilenode); its currval stays.  sc->mu held. */
static void sync_gen(ss_seq_session *sess, const ss_sequence *s)
{
    for (uint32_t i = 0; sess && i < sess->n; i++)
        if (sess->vals[i].id == s->id && sess->vals[i].gen != s->gen) {
            sess->vals[i].gen = s->gen;
            sess->vals[i].cached = sess->vals[i].value;
        }
}

static int remember(ss_ctx *ctx, ss_seq_session *sess, uint64_t id, uint64_t gen, int64_t v, int64_t cached,
                    int64_t inc)
{
    for (uint32_t i = 0; i < sess->n; i++)
        if (sess->vals[i].id == id) {
            sess->vals[i].gen = gen;
            sess->vals[i].value = v;
            sess->vals[i].cached = cached;
            sess->vals[i].increment = inc;
            return SS_OK;
        }
    if (sess->n == sess->cap) {
        uint32_t cap = sess->cap ? sess->cap * 2 : 8;
        void *a = realloc(sess->vals, cap * sizeof *sess->vals);
        if (!a)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        sess->vals = a;
        sess->cap = cap;
    }
    sess->vals[sess->n].id = id;
    sess->vals[sess->n].gen = gen;
    sess->vals[sess->n].value = v;
    sess->vals[sess->n].cached = cached;
    sess->vals[sess->n].increment = inc;
    sess->n++;
    return SS_OK;
}

int ss_seq_nextval(ss_ctx *ctx, ss_seq_catalog *sc, ss_seq_session *sess, const char *name, int64_t *out)
{
    ss_sequence *s;
    if (find_unlocked(ctx, sc, name, &s))
        return SS_ERROR;
    if (!s) {
        pthread_mutex_unlock(&sc->mu);
        return no_sequence(ctx, name);
    }
    sync_gen(sess, s);
    for (uint32_t i = 0; i < sess->n; i++)
        if (sess->vals[i].id == s->id && sess->vals[i].value != sess->vals[i].cached) {
            /* a value this session fetched before (CACHE > 1) */
            int64_t v = sess->vals[i].value += sess->vals[i].increment;
            sess->last_id = s->id;
            sess->last_value = v;
            pthread_mutex_unlock(&sc->mu);
            *out = v;
            return SS_OK;
        }
    const ss_seq_params *p = &s->p;
    int64_t incby = p->increment, maxv = p->max, minv = p->min, cache = p->cache;
    int64_t fetch = cache, log = s->log_cnt, rescnt = 0;
    int64_t last = s->last_value, next = s->last_value, result = s->last_value;
    if (log < fetch || !s->is_called)
        fetch = log = fetch + SEQ_LOG_VALS;
    if (!s->is_called) {
        rescnt++; /* last_value itself is returned */
        fetch--;
        log--;
    }
    while (fetch) {
        /* the next value would pass the bound in the increment's direction (without
           overflowing) */
        bool up = incby > 0;
        bool past = up ? (maxv >= 0 && next > maxv - incby) || (maxv < 0 && next + incby > maxv)
                       : (minv < 0 && next < minv - incby) || (minv >= 0 && next + incby < minv);
        if (past) {
            if (rescnt > 0)
                break;
            if (!p->cycle) {
                pthread_mutex_unlock(&sc->mu);
                return ss_ctx_error(ctx, "2200H", "nextval: reached %s value of sequence \"%s\" (%lld)",
                                    up ? "maximum" : "minimum", name, (long long)(up ? maxv : minv));
            }
            next = up ? minv : maxv;
        } else {
            next += incby;
        }
        fetch--;
        if (rescnt < cache) {
            log--;
            rescnt++;
            last = next;
            if (rescnt == 1)
                result = next;
        }
    }
    log -= fetch;
    s->last_value = last;
    s->is_called = true;
    s->log_cnt = log;
    uint64_t id = s->id, gen = s->gen;
    pthread_mutex_unlock(&sc->mu);
    if (remember(ctx, sess, id, gen, result, last, incby))
        return SS_ERROR;
    sess->last_id = id;
    sess->last_value = result;
    *out = result;
    return SS_OK;
}

int ss_seq_currval(ss_ctx *ctx, ss_seq_catalog *sc, ss_seq_session *sess, const char *name, int64_t *out)
{
    ss_sequence *s;
    if (find_unlocked(ctx, sc, name, &s))
        return SS_ERROR;
    uint64_t id = s ? s->id : 0;
    if (s)
        sync_gen(sess, s);
    pthread_mutex_unlock(&sc->mu);
    if (!id)
        return no_sequence(ctx, name);
    for (uint32_t i = 0; i < sess->n; i++)
        if (sess->vals[i].id == id) {
            *out = sess->vals[i].value;
            return SS_OK;
        }
    return ss_ctx_error(ctx, "55000", "currval of sequence \"%s\" is not yet defined in this session",
                        ss_ns_rel(name));
}

int ss_seq_setval(ss_ctx *ctx, ss_seq_catalog *sc, ss_seq_session *sess, const char *name, int64_t value,
                  bool is_called)
{
    ss_sequence *s;
    if (find_unlocked(ctx, sc, name, &s))
        return SS_ERROR;
    if (!s) {
        pthread_mutex_unlock(&sc->mu);
        return no_sequence(ctx, name);
    }
    if (value < s->p.min || value > s->p.max) {
        long long lo = s->p.min, hi = s->p.max;
        pthread_mutex_unlock(&sc->mu);
        return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE,
                            "setval: value %lld is out of bounds for sequence \"%s\" (%lld..%lld)", (long long)value,
                            ss_ns_rel(name), lo, hi);
    }
    s->last_value = value;
    s->is_called = is_called;
    s->log_cnt = 0;
    uint64_t id = s->id, gen = s->gen;
    pthread_mutex_unlock(&sc->mu);
    /* the session's cached values are given up; currval is the value only when is_called */
    for (uint32_t i = 0; i < sess->n; i++)
        if (sess->vals[i].id == id) {
            if (is_called)
                sess->vals[i].value = value;
            sess->vals[i].cached = sess->vals[i].value;
            return SS_OK;
        }
    return is_called ? remember(ctx, sess, id, gen, value, value, 1) : SS_OK;
}

/* What an ALTER in a transaction changed, put back by ROLLBACK (catalog_txn.h's callback). */
typedef struct seq_saved {
    ss_seq_catalog *sc;
    ss_sequence *s;
    ss_seq_params p;
    bool rewrite, is_called;
    int64_t last_value, log_cnt;
    uint64_t gen;
    char *owner_table, *owner_column;
    char owner_kind;
    ss_xid locked;
    bool set_pending;      /* this ALTER saved the committed state (ss_sequence.pending_rewrite) */
} seq_saved;

/* Swaps the owner of v->s with v's (sc->mu held). */
static void swap_owner(seq_saved *v)
{
    ss_sequence *s = v->s;
    char *t = s->owner_table, *c = s->owner_column, k = s->owner_kind;
    s->owner_table = v->owner_table;
    s->owner_column = v->owner_column;
    s->owner_kind = v->owner_kind;
    v->owner_table = t;
    v->owner_column = c;
    v->owner_kind = k;
}

static void saved_free(seq_saved *v)
{
    free(v->owner_table);
    free(v->owner_column);
    free(v);
}

static void saved_undo(void *arg)
{
    seq_saved *v = arg;
    ss_sequence *s = v->s;
    pthread_mutex_lock(&v->sc->mu);
    s->p = v->p;
    if (v->rewrite) {
        s->last_value = v->last_value;
        s->log_cnt = v->log_cnt;
        s->is_called = v->is_called;
        s->gen = v->gen;
    }
    swap_owner(v);
    s->ddl.locked = v->locked;
    if (v->set_pending)
        s->pending_rewrite = false;
    pthread_mutex_unlock(&v->sc->mu);
    saved_free(v);
}

static void saved_commit(void *arg)
{
    seq_saved *v = arg;
    pthread_mutex_lock(&v->sc->mu);
    v->s->ddl.locked = SS_XID_INVALID;
    if (v->set_pending)
        v->s->pending_rewrite = false;
    pthread_mutex_unlock(&v->sc->mu);
    saved_free(v);
}

int ss_seq_alter(ss_ctx *ctx, ss_seq_catalog *sc, const char *name, bool rewrite, const ss_seq_owner *owner,
                 int (*change)(ss_ctx *ctx, const ss_sequence *cur, void *arg, ss_seq_change *out), void *arg)
{
    seq_saved *v = calloc(1, sizeof *v);
    bool ok = v != NULL;
    if (v && owner) { /* the new owner, swapped in below */
        v->owner_table = ss_strdup_or_null(owner->table, &ok);
        v->owner_column = ss_strdup_or_null(owner->column, &ok);
        v->owner_kind = owner->table ? owner->kind : 0;
    }
    if (!ok) {
        if (v)
            saved_free(v);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ss_sequence *s;
    if (find_unlocked(ctx, sc, name, &s)) {
        saved_free(v);
        return SS_ERROR;
    }
    if (!s) {
        pthread_mutex_unlock(&sc->mu);
        saved_free(v);
        return no_sequence(ctx, name);
    }
    ss_seq_change ch = {s->p, false, false, s->last_value};
    if (change && change(ctx, s, arg, &ch) != SS_OK) {
        pthread_mutex_unlock(&sc->mu);
        saved_free(v);
        return SS_ERROR;
    }
    *v = (seq_saved){sc, s, s->p, rewrite, s->is_called, s->last_value, s->log_cnt, s->gen,
                     v->owner_table, v->owner_column, v->owner_kind, s->ddl.locked, false};
    bool logged = false;
    if (ss_ddl_log_callback(ctx, NULL, saved_undo, saved_commit, v, &logged)) {
        pthread_mutex_unlock(&sc->mu);
        saved_free(v);
        return SS_ERROR;
    }
    if (logged)
        s->ddl.locked = ctx->txn->top;
    if (logged && rewrite && !s->pending_rewrite) {
        /* other sessions read the committed state until the transaction ends */
        s->pending_rewrite = v->set_pending = true;
        s->committed_p = s->p;
        s->committed_last_value = s->last_value;
        s->committed_log_cnt = s->log_cnt;
        s->committed_is_called = s->is_called;
    }
    s->p = ch.p;
    if (ch.restart) {
        s->last_value = ch.last_value;
        s->is_called = false;
    }
    if (ch.restart || ch.reset_log)
        s->log_cnt = 0;
    if (rewrite)
        s->gen = sc->next_id++;
    if (owner)
        swap_owner(v); /* v keeps the owner before */
    uint64_t id = s->id;
    pthread_mutex_unlock(&sc->mu);
    if (!logged)
        saved_free(v);
    /* the altering session's cached values are given up, as AlterSequence's */
    ss_seq_session *sess = ctx->seq_session;
    for (uint32_t i = 0; sess && i < sess->n; i++)
        if (sess->vals[i].id == id)
            sess->vals[i].cached = sess->vals[i].value;
    return SS_OK;
}

int ss_seq_lastval(ss_ctx *ctx, ss_seq_catalog *sc, ss_seq_session *sess, int64_t *out)
{
    bool live = false;
    if (sess->last_id) {
        pthread_mutex_lock(&sc->mu);
        for (uint32_t i = 0; i < sc->n && !live; i++)
            live = sc->seqs[i]->id == sess->last_id;
        pthread_mutex_unlock(&sc->mu);
    }
    if (!live)
        return ss_ctx_error(ctx, "55000", "lastval is not yet defined in this session");
    for (uint32_t i = 0; i < sess->n; i++)
        if (sess->vals[i].id == sess->last_id) {
            *out = sess->vals[i].value;
            return SS_OK;
        }
    *out = sess->last_value;
    return SS_OK;
}

void ss_seq_name_from_text(const char *text, size_t len, char *out, size_t outsz)
{
    size_t o = 0;
    /* a schema qualifier stays, as the dot of a reference (catalog/namespace.h) */
    const char *dot = NULL;
    bool quoted = false;
    for (size_t i = 0; i < len && !dot; i++) {
        if (text[i] == '"')
            quoted = !quoted;
        else if (text[i] == '.' && !quoted)
            dot = text + i;
    }
    if (dot) {
        ss_seq_name_from_text(text, (size_t)(dot - text), out, outsz);
        o = strlen(out);
        if (o + 1 < outsz)
            out[o++] = '.';
        ss_seq_name_from_text(dot + 1, len - (size_t)(dot - text) - 1, out + o, outsz - o);
        return;
    }
    if (len >= 2 && text[0] == '"' && text[len - 1] == '"') {
        for (size_t i = 1; i + 1 < len && o + 1 < outsz; i++) {
            if (text[i] == '"' && i + 2 < len && text[i + 1] == '"')
                i++;
            out[o++] = text[i];
        }
    } else {
        for (size_t i = 0; i < len && o + 1 < outsz; i++)
            out[o++] = (char)tolower((unsigned char)text[i]);
    }
    out[o] = 0;
}
