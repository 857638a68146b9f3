/* sequences.c — the database's sequences and their values (sequences.h): PostgreSQL's
 * nextval_internal (prefetch of 32 logged values, which SELECT * FROM seq shows as log_cnt),
 * do_setval and the session's currval / lastval memory. */
#include "catalog/sequences.h"

#include "catalog/catalog.h"
#include "catalog/namespace.h"

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
    pthread_mutex_lock(&sc->mu);
    ss_sequence *s = find(sc, name);
    for (uint32_t i = 0; s && i < sc->n; i++)
        if (sc->seqs[i] == s) {
            bool gone;
            rc = drop_one(ctx, sc, i, &gone);
            break;
        }
    pthread_mutex_unlock(&sc->mu);
    return rc;
}

int ss_seq_drop_owned(ss_ctx *ctx, ss_seq_catalog *sc, const char *table)
{
    int rc = SS_OK;
    pthread_mutex_lock(&sc->mu);
    for (uint32_t i = 0; rc == SS_OK && i < sc->n;) {
        bool gone = false;
        if (sc->seqs[i]->owner_table && strcmp(sc->seqs[i]->owner_table, table) == 0 &&
            ss_ddl_visible(&sc->seqs[i]->ddl))
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
    }
    pthread_mutex_unlock(&sc->mu);
    return s != NULL;
}

/* 42P01 for a name that is no sequence (the function reports 42809 for a table itself). */
static int no_sequence(ss_ctx *ctx, const char *name)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", name);
}

static int remember(ss_ctx *ctx, ss_seq_session *sess, uint64_t id, int64_t v, int64_t cached, int64_t inc)
{
    for (uint32_t i = 0; i < sess->n; i++)
        if (sess->vals[i].id == id) {
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
    sess->vals[sess->n].value = v;
    sess->vals[sess->n].cached = cached;
    sess->vals[sess->n].increment = inc;
    sess->n++;
    return SS_OK;
}

int ss_seq_nextval(ss_ctx *ctx, ss_seq_catalog *sc, ss_seq_session *sess, const char *name, int64_t *out)
{
    pthread_mutex_lock(&sc->mu);
    ss_sequence *s = find(sc, name);
    if (!s) {
        pthread_mutex_unlock(&sc->mu);
        return no_sequence(ctx, name);
    }
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
    uint64_t id = s->id;
    pthread_mutex_unlock(&sc->mu);
    if (remember(ctx, sess, id, result, last, incby))
        return SS_ERROR;
    sess->last_id = id;
    sess->last_value = result;
    *out = result;
    return SS_OK;
}

int ss_seq_currval(ss_ctx *ctx, ss_seq_catalog *sc, ss_seq_session *sess, const char *name, int64_t *out)
{
    pthread_mutex_lock(&sc->mu);
    ss_sequence *s = find(sc, name);
    uint64_t id = s ? s->id : 0;
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
    pthread_mutex_lock(&sc->mu);
    ss_sequence *s = find(sc, name);
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
    uint64_t id = s->id;
    pthread_mutex_unlock(&sc->mu);
    /* the session's cached values are given up; currval is the value only when is_called */
    for (uint32_t i = 0; i < sess->n; i++)
        if (sess->vals[i].id == id) {
            if (is_called)
                sess->vals[i].value = value;
            sess->vals[i].cached = sess->vals[i].value;
            return SS_OK;
        }
    return is_called ? remember(ctx, sess, id, value, value, 1) : SS_OK;
}

int ss_seq_alter(ss_ctx *ctx, ss_seq_catalog *sc, ss_seq_session *sess, const char *name,
                 int (*change)(ss_ctx *ctx, const ss_sequence *cur, void *arg, ss_seq_change *out), void *arg)
{
    pthread_mutex_lock(&sc->mu);
    ss_sequence *s = find(sc, name);
    if (!s) {
        pthread_mutex_unlock(&sc->mu);
        return no_sequence(ctx, name);
    }
    ss_seq_change ch = {s->p, false, false, s->last_value};
    if (change(ctx, s, arg, &ch) != SS_OK) {
        pthread_mutex_unlock(&sc->mu);
        return SS_ERROR;
    }
    s->p = ch.p;
    if (ch.restart) {
        s->last_value = ch.last_value;
        s->is_called = false;
    }
    if (ch.restart || ch.reset_log)
        s->log_cnt = 0;
    uint64_t id = s->id;
    pthread_mutex_unlock(&sc->mu);
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
