/* durable.c — database files (durable.h): opening one through its storage backend
 * (storage.h version 6: native, or lmdb for a file the lmdb backend wrote, durable_backend.c),
 * the catalog image (durable_image.c, format 2; format 1 files are still read) built at the
 * commit of every transaction after which the catalog changed and replayed at open, the refusal (0A000) of what the image cannot store, and the commit made
 * durable before the kernel makes it visible.
 *
 * Format 1 (text), still read: "sunstone catalog 1\n", then "table <persistent id> <n>\n" +
 * the n bytes of a CREATE TABLE + "\n", or "index <n>\n" + a CREATE INDEX + "\n".  Format 2
 * is described in durable_image.c; both replay by running each statement again, a table's
 * reattached to its stored rows by its id (ss_catalog.reattach_id).
 *
 * What persists: schemas, tables of the file's backend (columns, types, NOT NULL, DEFAULT,
 * generated and identity columns, CHECK, PRIMARY KEY, UNIQUE, FOREIGN KEY), indexes, views,
 * sequences with their values and enum types, whatever
 * statements made them (ALTER TABLE, CREATE TABLE AS, SELECT INTO, RENAME ...).  What the
 * image cannot store is 0A000 on a database file: at the statement for the kinds and forms
 * the gate knows (ss_durable_stmt_gate, from the parsed statement), and at COMMIT for any
 * object the image could not describe, so that nothing committed is lost at the next open.
 *
 * Several sessions: every commit that stores an image holds the file's commit lock from the
 * image's building until the kernel made the commit visible (ss_durable_commit ..
 * ss_durable_commit_end), so the order of the stored images is the order in which commits
 * became visible and an image never misses another session's committed DDL.  A commit
 * without an image (no DDL, no sequence moved) on a backend that stores no commit history
 * takes the lock only to find that out: its txn_commit (and the backend's fsync) runs
 * unlocked, concurrently with other sessions' commits, whose fsyncs the backend shares (group
 * commit).  On a backend that stores the history (version 9: native, lmdb) such a commit
 * holds the lock while its record gets its seq and is appended, so the stored records' order
 * is the seq order; (gch11) with storage.h version 11 (native) the sync is waited for after
 * the lock is released (shared by concurrent commits), and the transaction manager makes the
 * commits visible in seq order (a commit whose sync ended first waits for the earlier ones:
 * ss_txn_history_prepare), so the visible order is the stored one too.  A backend without
 * version 11 (lmdb) syncs inside txn_commit_history, under the lock. */
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api/durable.h"
#include "api/durable_history.h"
#include "api/durable_image.h"
#include "catalog/object_oids.h"
#include "txn/txn_history.h"
#include "api/statement.h"
#include "index/index_stored.h"
#include "util/strbuf.h"

#define IMAGE_FORMAT_LOG 1 /* the statement log of older files */

struct ss_durable {
    const ss_storage_vtable *vt;
    void *backend;
    char *path;
    bool replaying;            /* ss_durable_open is running the image */
    pthread_mutex_t commit_mu; /* a commit's image, durable commit and visible commit */
    _Atomic(const sunstone *) committing; /* the session holding commit_mu */
    uint64_t stored_version;   /* (commit_mu) the catalog's version when the last image was built */
    ss_image_cache *cache;     /* (commit_mu) what the last image said of each table */
    pthread_mutex_t mu;        /* ddl_sessions */
    const sunstone **ddl_sessions; /* sessions whose running transaction changed the catalog */
    size_t nddl, cap_ddl;
};

static ss_durable *durable_of(const sunstone *db)
{
    return db->database->durable;
}

void ss_durable_free(ss_database *d)
{
    ss_durable *du = d->durable;
    if (!du)
        return;
    ss_image_cache_free(du->cache);
    free(du->ddl_sessions);
    free(du->path);
    pthread_mutex_destroy(&du->mu);
    pthread_mutex_destroy(&du->commit_mu);
    free(du);
    d->durable = NULL;
}

/* ---- the gate ---------------------------------------------------------------------------- */

static int refuse(ss_ctx *ctx, const char *what)
{
    ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: %s on a database file", what);
    ss_ctx_error_hint(ctx, "A database file stores schemas, tables with their columns, constraints and indexes, "
                           "views, materialized views and sequences so far; temporary tables stay in memory.");
    return SS_ERROR;
}



static bool is_temp_ref(const char *ref)
{
    return ref && strncmp(ref, "pg_temp.", 8) == 0;
}

static int gate(sunstone_stmt *st, const ast_stmt *a, ss_durable *du)
{
    switch (a->kind) {
    case AST_CREATE_TABLE:
    case AST_CREATE_TABLE_AS:
        if (is_temp_ref(a->table)) { /* in memory (api/run.c), left out of the image */
            if (a->access_method && strcmp(a->access_method, "memory") != 0) {
                char msg[80];
                snprintf(msg, sizeof msg, "temporary tables of storage backend \"%.30s\"", a->access_method);
                return refuse(&st->ctx, msg);
            }
            return SS_OK;
        }
        if (a->access_method && strcmp(a->access_method, du->vt->name) != 0) {
            char msg[64];
            snprintf(msg, sizeof msg, "tables of storage backend \"%.30s\"", a->access_method);
            return refuse(&st->ctx, msg);
        }
        return SS_OK;
    case AST_CREATE_SCHEMA:
        for (uint32_t i = 0; i < a->nschema_elts; i++)
            if (gate(st, a->schema_elts[i], du) != SS_OK)
                return SS_ERROR;
        return SS_OK;
    case AST_CREATE_VIEW:  /* a temporary one is the session's: the image leaves it out */
    case AST_ALTER_TABLE:
    case AST_CREATE_SEQUENCE:
    case AST_ALTER_SEQUENCE:
    case AST_DROP_SEQUENCE:
    case AST_CREATE_INDEX:
    case AST_DROP_TABLE:
    case AST_DROP_INDEX:
    case AST_DROP_VIEW:
    case AST_DROP_SCHEMA:
    case AST_ALTER_SCHEMA:
    case AST_LOAD:         /* the module registry is not stored */
    case AST_DISCARD:      /* session state only */
    case AST_VACUUM:       /* the backend's vacuum / checkpoint (storage.h version 7) */
    case AST_CHECKPOINT:
    case AST_LOCK_TABLE:
    case AST_REFRESH_MATVIEW: /* materialized views: their statement and stored rows (durable_image.c) */
    case AST_DROP_MATVIEW:
    case AST_CREATE_TYPE:  /* enum types (durable_image.c) */
    case AST_DROP_TYPE:
    case AST_ALTER_TYPE:
        return SS_OK;
    default:
        if (!ss_stmt_kind_changes_database(a->kind))
            return SS_OK;
        return refuse(&st->ctx, "this statement");
    }
}

int ss_durable_stmt_gate(sunstone_stmt *st)
{
    ss_durable *du = durable_of(st->db);
    if (!du || du->replaying)
        return SS_OK;
    return gate(st, st->ast, du);
}

void ss_durable_stmt_end(sunstone_stmt *st)
{
    ss_durable *du = durable_of(st->db);
    if (!du || du->replaying || !ss_stmt_kind_changes_database(st->ast->kind))
        return;
    pthread_mutex_lock(&du->mu);
    bool known = false;
    for (size_t i = 0; i < du->nddl && !known; i++)
        known = du->ddl_sessions[i] == st->db;
    if (!known && du->nddl == du->cap_ddl) {
        size_t cap = du->cap_ddl ? du->cap_ddl * 2 : 8;
        const sunstone **p = realloc(du->ddl_sessions, cap * sizeof *p);
        if (p) {
            du->ddl_sessions = p;
            du->cap_ddl = cap;
        }
    }
    if (!known && du->nddl < du->cap_ddl)
        du->ddl_sessions[du->nddl++] = st->db;
    pthread_mutex_unlock(&du->mu);
}

/* Whether db's transaction changed the catalog (forgotten with forget). */
static bool did_ddl(ss_durable *du, const sunstone *db, bool forget)
{
    pthread_mutex_lock(&du->mu);
    bool found = false;
    for (size_t i = 0; i < du->nddl && !found; i++)
        if (du->ddl_sessions[i] == db) {
            found = true;
            if (forget)
                du->ddl_sessions[i] = du->ddl_sessions[--du->nddl];
        }
    pthread_mutex_unlock(&du->mu);
    return found;
}

/* ---- commit ------------------------------------------------------------------------------ */

static int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The xids of top's transaction whose writes its commit keeps: top and every subtransaction
 * xid of it not rolled back (all were assigned after top). */
static int kept_xids(ss_txn_manager *m, ss_xid top, ss_xid **out, uint32_t *n)
{
    ss_xid next = ss_txn_next_xid(m);
    size_t cap = next > top ? (size_t)(next - top) : 1;
    ss_xid *x = malloc(cap * sizeof *x);
    if (!x)
        return SS_ERROR;
    uint32_t k = 0;
    for (ss_xid id = top; id < next; id++)
        if (ss_txn_top(m, id) == top && ss_txn_effective_status(m, id) != SS_XID_ABORTED &&
            ss_txn_effective_status(m, id) != SS_XID_UNKNOWN)
            x[k++] = id;
    *out = x;
    *n = k;
    return SS_OK;
}

/* The backend's durable commit, with its record when the file stores the history (hist11);
 * commit_mu held.  A commit the backend appended without its sync (storage.h version 11)
 * waits for it here, under the lock: this is for the commits that keep the lock until they
 * are visible (an image), and the abort's image-only ones. */
static int store_commit(ss_ctx *ctx, sunstone *db, ss_durable *du, ss_xid top, const ss_xid *xids, uint32_t n,
                        const void *image, size_t len)
{
    if (!ss_durable_history_kept(du->vt))
        return du->vt->txn_commit(ctx, du->backend, xids, n, now_us(), image, len);
    bool pending = false;
    uint64_t token = 0;
    int rc = ss_durable_history_commit(ctx, du->vt, du->backend, db->database->txns, top, xids, n, now_us(), image,
                                       len, &pending, &token);
    if (rc == SS_OK && pending)
        rc = ss_durable_history_wait(ctx, du->vt, du->backend, db->database->txns, top, token);
    return rc;
}

int ss_durable_commit(ss_ctx *ctx, sunstone *db)
{
    ss_durable *du = durable_of(db);
    if (!du || du->replaying || db->txn.failed)
        return SS_OK;
    pthread_mutex_lock(&du->commit_mu);
    atomic_store(&du->committing, db);
    ss_catalog *c = &db->database->catalog;
    uint64_t version = c->version;
    /* another session's uncommitted DDL also moves the version: this one's own is known */
    bool catalog_changed = version != du->stored_version || did_ddl(du, db, false) ||
                           ss_image_sequences_moved(du->cache, c);
    if (!catalog_changed) {
        /* no image: nothing later images depend on, so the lock is not held across the
           backend's sync, which concurrent commits then share (group commit).  When the
           file stores the commit history (storage.h version 9) the record's seq is handed
           out and the record appended under the lock (so seqs follow the stored order), the
           sync waited for without it (version 11), and the transaction manager makes the
           commits visible in seq order (ss_txn_history_prepare) */
        if (db->txn.top == SS_XID_INVALID) {
            ss_durable_commit_end(db);
            return SS_OK; /* read only */
        }
        ss_xid *xids = NULL;
        uint32_t n = 0;
        if (kept_xids(db->database->txns, db->txn.top, &xids, &n) != SS_OK) {
            ss_durable_commit_end(db);
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        if (!ss_durable_history_kept(du->vt)) {
            ss_durable_commit_end(db);
            int rc = du->vt->txn_commit(ctx, du->backend, xids, n, now_us(), NULL, 0);
            free(xids);
            return rc;
        }
        ss_txn_manager *m = db->database->txns;
        ss_xid top = db->txn.top;
        bool pending = false;
        uint64_t token = 0;
        int rc = ss_durable_history_commit(ctx, du->vt, du->backend, m, top, xids, n, now_us(), NULL, 0, &pending,
                                           &token);
        free(xids);
        ss_durable_commit_end(db);
        if (rc == SS_OK && pending)
            rc = ss_durable_history_wait(ctx, du->vt, du->backend, m, top, token);
        return rc;
    }
    ss_strbuf image;
    ss_strbuf_init(&image);
    if (ss_image_build(ctx, c, du->vt, du->backend, &du->cache, &image) != SS_OK) {
        ss_strbuf_free(&image);
        ss_durable_commit_end(db);
        return SS_ERROR;
    }
    ss_xid *xids = NULL;
    uint32_t n = 0;
    if (db->txn.top != SS_XID_INVALID && kept_xids(db->database->txns, db->txn.top, &xids, &n) != SS_OK) {
        ss_strbuf_free(&image);
        ss_durable_commit_end(db);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    int rc = store_commit(ctx, db, du, db->txn.top, xids, n, image.data, image.len);
    free(xids);
    ss_strbuf_free(&image);
    if (rc == SS_OK)
        du->stored_version = version;
    if (rc != SS_OK)
        ss_durable_commit_end(db);
    return rc;
}

void ss_durable_commit_end(sunstone *db)
{
    ss_durable *du = durable_of(db);
    if (!du || atomic_load(&du->committing) != db)
        return;
    did_ddl(du, db, true);
    atomic_store(&du->committing, NULL);
    pthread_mutex_unlock(&du->commit_mu);
}

void ss_durable_abort(ss_ctx *ctx, sunstone *db)
{
    ss_durable *du = durable_of(db);
    if (!du || du->replaying)
        return;
    did_ddl(du, db, true);
    if (db->txn.top != SS_XID_INVALID)
        du->vt->txn_abort(ctx, du->backend, db->txn.top);
    /* values nextval handed out are not rolled back: stored with an image of no transaction */
    pthread_mutex_lock(&du->commit_mu);
    ss_catalog *c = &db->database->catalog;
    if (ss_image_sequences_moved(du->cache, c)) {
        ss_strbuf image;
        ss_strbuf_init(&image);
        ss_ctx quiet; /* an abort reports nothing: the next commit tries again */
        ss_error err = {0};
        quiet = *ctx;
        quiet.err = &err;
        /* the committed catalog: this transaction's DDL is being undone */
        struct ss_txn_state *reader = ss_catalog_reader();
        ss_catalog_reader_set(NULL);
        if (ss_image_build(&quiet, c, du->vt, du->backend, &du->cache, &image) == SS_OK)
            (void)store_commit(&quiet, db, du, SS_XID_INVALID, NULL, 0, image.data, image.len);
        ss_catalog_reader_set(reader);
        ss_error_clear(&err);
        ss_strbuf_free(&image);
    }
    pthread_mutex_unlock(&du->commit_mu);
}

/* ---- open -------------------------------------------------------------------------------- */

static int damaged(ss_ctx *ctx, const char *path)
{
    return ss_ctx_error(ctx, "XX001", "database file \"%s\": its stored catalog is damaged", path);
}

/* (hist11) The storage xid a table's record names at its end (durable_image.h), or none. */
static ss_xid stored_storage_xid(const char *sql)
{
    const char *p = strstr(sql, SS_IMAGE_STORAGE_XID);
    const char *last = p;
    while (p && (p = strstr(p + 1, SS_IMAGE_STORAGE_XID)))
        last = p;
    unsigned long long x = 0;
    int used = 0;
    if (!last || sscanf(last + strlen(SS_IMAGE_STORAGE_XID), "%llu */%n", &x, &used) != 1 || used == 0 ||
        last[strlen(SS_IMAGE_STORAGE_XID) + (size_t)used] != '\0')
        return SS_XID_INVALID;
    return (ss_xid)x;
}

/* An "ixid" record's lines (durable_image.c) into the catalog's stored ids; false: damaged. */
static bool parse_stored_ids(ss_ctx *ctx, ss_catalog *c, const char *p, size_t n, int *rc)
{
    const char *end = p + n;
    while (p < end) {
        unsigned long long id = 0;
        size_t slen = 0, nlen = 0;
        int used = 0;
        char head[80];
        size_t hl = 0;
        while (p + hl < end && hl + 1 < sizeof head && hl < 3 * 21 + 3) {
            head[hl] = p[hl];
            hl++;
        }
        head[hl] = '\0';
        if (sscanf(head, "%llu %zu %zu%n", &id, &slen, &nlen, &used) != 3 || used <= 0 || head[used] != ' ' ||
            id == 0)
            return false;
        p += used + 1;
        if ((size_t)(end - p) < slen + nlen + 1 || p[slen + nlen] != '\n')
            return false;
        if ((*rc = ss_index_stored_ref_add(ctx, c, p, slen, p + slen, nlen, id)) != SS_OK)
            return true;
        p += slen + nlen + 1;
    }
    return true;
}

int ss_durable_image_walk(const char *img, size_t len, long *format, ss_image_record_fn fn, void *arg)
{
    size_t magic = strlen(SS_IMAGE_MAGIC);
    if (len < magic || memcmp(img, SS_IMAGE_MAGIC, magic) != 0)
        return SS_IMAGE_DAMAGED;
    const char *p = img + magic, *end = img + len;
    char *stop;
    *format = strtol(p, &stop, 10);
    if (stop == p || stop >= end || *stop != '\n')
        return SS_IMAGE_DAMAGED;
    if (*format != IMAGE_FORMAT_LOG && *format != SS_IMAGE_FORMAT)
        return SS_IMAGE_UNSUPPORTED;
    p = stop + 1;
    while (p < end) {
        uint64_t id = 0;
        unsigned long long n = 0;
        int used = 0;
        char head[96];
        size_t hl = 0;
        while (p + hl < end && p[hl] != '\n' && hl + 1 < sizeof head) {
            head[hl] = p[hl];
            hl++;
        }
        head[hl] = '\0';
        if (p + hl >= end)
            return SS_IMAGE_DAMAGED;
        bool mview = *format != IMAGE_FORMAT_LOG && strncmp(head, "mview ", 6) == 0;
        bool table = mview || strncmp(head, "table ", 6) == 0;
        bool seq = *format != IMAGE_FORMAT_LOG && strncmp(head, "seq ", 4) == 0;
        bool ixid = *format != IMAGE_FORMAT_LOG && strncmp(head, "ixid ", 5) == 0;
        if (table ? sscanf(head + 6, "%" SCNu64 " %llu%n", &id, &n, &used) != 2
            : seq  ? sscanf(head, "seq %llu%n", &n, &used) != 1
            : ixid ? sscanf(head, "ixid %llu%n", &n, &used) != 1
                   : sscanf(head, *format == IMAGE_FORMAT_LOG ? "index %llu%n" : "sql %llu%n", &n, &used) != 1)
            return SS_IMAGE_DAMAGED;
        if ((size_t)used + (table ? 6 : 0) != hl)
            return SS_IMAGE_DAMAGED;
        p += hl + 1;
        if ((size_t)(end - p) < n + 1 || p[n] != '\n')
            return SS_IMAGE_DAMAGED;
        int rc = fn(arg,
                    mview   ? SS_IMAGE_REC_MVIEW
                    : table ? SS_IMAGE_REC_TABLE
                    : seq   ? SS_IMAGE_REC_SEQ
                    : ixid  ? SS_IMAGE_REC_IXID
                            : SS_IMAGE_REC_SQL,
                    id, p, (size_t)n);
        if (rc != SS_OK)
            return rc;
        p += n + 1;
    }
    return SS_OK;
}

typedef struct replay_state {
    ss_ctx *ctx;
    sunstone *db;
    ss_durable *du;
} replay_state;

/* Runs one record of the image. */
static int replay_record(void *arg, ss_image_record kind, uint64_t id, const char *text, size_t n)
{
    replay_state *r = arg;
    ss_ctx *ctx = r->ctx;
    sunstone *db = r->db;
    ss_catalog *c = &db->database->catalog;
    if (kind == SS_IMAGE_REC_IXID) { /* (bt11) the stored ids of the next table's indexes */
        int rc = SS_OK;
        if (!parse_stored_ids(ctx, c, text, n, &rc))
            return damaged(ctx, r->du->path);
        return rc;
    }
    if (kind == SS_IMAGE_REC_SQL && ss_oid_image_apply(c, text, n)) /* (oid8) the objects' oids */
        return SS_OK;
    char *sql = strndup(text, n);
    if (!sql)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc;
    if (kind == SS_IMAGE_REC_SEQ) {
        ss_ctx seq_ctx;
        ss_session_ctx(db, &seq_ctx);
        bool bad = false;
        rc = ss_image_replay_sequence(&seq_ctx, db, sql, n, &bad) == SS_OK ? SUNSTONE_OK : SUNSTONE_ERROR;
        if (bad) {
            free(sql);
            return damaged(ctx, r->du->path);
        }
    } else {
        bool stored = kind == SS_IMAGE_REC_TABLE || kind == SS_IMAGE_REC_MVIEW;
        c->reattach_id = stored ? id : 0;
        c->reattach_xid = stored && ss_durable_history_kept(r->du->vt) ? stored_storage_xid(sql) : SS_XID_INVALID;
        c->reattach_populated = kind == SS_IMAGE_REC_MVIEW;
        rc = sunstone_exec(db, sql, NULL, NULL);
        c->reattach_populated = false;
    }
    bool reattached = c->reattach_id == 0;
    c->reattach_id = 0;
    free(sql);
    if (rc != SUNSTONE_OK || !reattached) {
        char msg[512];
        snprintf(msg, sizeof msg, "%s", rc != SUNSTONE_OK ? sunstone_errmsg(db) : "a table was not reattached");
        ss_error_clear(&db->err);
        return ss_ctx_error(ctx, "XX001", "database file \"%s\": could not rebuild its catalog: %s", r->du->path,
                            msg);
    }
    return SS_OK;
}

/* Runs the image's statements (the catalog is empty). */
static int replay(ss_ctx *ctx, sunstone *db, ss_durable *du, const char *img, size_t len)
{
    replay_state r = {ctx, db, du};
    long format = 0;
    int rc = ss_durable_image_walk(img, len, &format, replay_record, &r);
    if (rc == SS_IMAGE_DAMAGED)
        return damaged(ctx, du->path);
    if (rc == SS_IMAGE_UNSUPPORTED)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "database file \"%s\" has catalog format %ld; this Sunstone reads formats %d to %d",
                            du->path, format, IMAGE_FORMAT_LOG, SS_IMAGE_FORMAT);
    return rc;
}

int ss_durable_open(ss_ctx *ctx, sunstone *db, const char *path)
{
    ss_database *d = db->database;
    const char *backend = ss_durable_backend_for(path);
    const ss_registration *reg = ss_registry_find(&d->registry, SS_KIND_STORAGE, backend);
    if (!reg)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: database files without the \"%s\" storage module (\"%s\")",
                            backend, path);
    const ss_storage_vtable *vt = reg->vtable;
    if (!SS_STORAGE_HAS(vt, txn_abort) || !vt->txn_commit)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: database files on storage backend \"%s\", which is not "
                            "durable (vtable version 6)",
                            vt->name);
    ss_durable *du = calloc(1, sizeof *du);
    if (!du || !(du->path = strdup(path)) || pthread_mutex_init(&du->mu, NULL) != 0) {
        if (du)
            free(du->path);
        free(du);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    if (pthread_mutex_init(&du->commit_mu, NULL) != 0) {
        pthread_mutex_destroy(&du->mu);
        free(du->path);
        free(du);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    du->vt = vt;
    d->durable = du;
    if (vt->backend_open(ctx, path, &du->backend) != SS_OK) {
        ss_durable_free(d);
        return SS_ERROR;
    }
    if (ss_catalog_add_backend(ctx, &d->catalog, vt, du->backend) != SS_OK) {
        vt->backend_close(du->backend);
        ss_durable_free(d);
        return SS_ERROR;
    }
    /* (vac11) xids are never reused across openings (storage.h version 7, xid_floor) */
    ss_xid floor = SS_STORAGE_HAS(vt, xid_floor) && vt->xid_floor ? vt->xid_floor(du->backend) : 0;
    if (!ss_txn_raise_next_xid(d->txns, floor))
        return ss_ctx_error(ctx, "54000", "database file \"%s\" has used up its transaction ids", path);
    /* (hist11) the stamps the stored history keeps name earlier openings' committed xids */
    if (ss_durable_history_kept(vt))
        ss_txn_history_earlier_openings(d->txns, floor);
    /* new tables go to the file's backend */
    if (ss_settings_set(ctx, &d->defaults, "default_table_access_method", vt->name) != SS_OK ||
        ss_settings_set(ctx, &db->settings, "default_table_access_method", vt->name) != SS_OK)
        return SS_ERROR;
    void *image = NULL;
    size_t len = 0;
    if (vt->catalog_load(ctx, du->backend, &image, &len) != SS_OK)
        return SS_ERROR;
    int rc = SS_OK;
    uint64_t created = d->catalog.stored_created;
    if (image) {
        du->replaying = true;
        rc = replay(ctx, db, du, image, len);
        du->replaying = false;
        free(image);
    }
    ss_index_stored_refs_clear(&d->catalog);
    if (rc == SS_OK) {
        /* what the catalog replayed looks like: the description of a table another session
           holds locked at the next commit (durable_image.c) */
        ss_strbuf now;
        ss_strbuf_init(&now);
        rc = ss_image_build(ctx, &d->catalog, vt, du->backend, &du->cache, &now);
        /* indexes stored with their tables that the image did not name yet (a file written
           before them) were built now: their ids are stored at once, not built again */
        if (rc == SS_OK && d->catalog.stored_created != created)
            rc = vt->txn_commit(ctx, du->backend, NULL, 0, now_us(), now.data, now.len);
        ss_strbuf_free(&now);
        ss_image_cache_unreserve(du->cache);
    }
    /* (hist11) the stored commit history, once the replay's own commits are made */
    if (rc == SS_OK && ss_durable_history_kept(vt))
        rc = ss_durable_history_load(ctx, vt, du->backend, d->txns, path);
    du->stored_version = d->catalog.version;
    return rc;
}

bool ss_durable_keeps_history(const ss_database *d)
{
    return d->durable && ss_durable_history_kept(d->durable->vt);
}

int ss_durable_vacuum_begin(ss_ctx *ctx, sunstone *db)
{
    ss_durable *du = durable_of(db);
    if (!du || !ss_durable_history_kept(du->vt))
        return SS_OK;
    pthread_mutex_lock(&du->commit_mu);
    int rc = ss_durable_history_forget(ctx, du->vt, du->backend, db->database->txns);
    pthread_mutex_unlock(&du->commit_mu);
    return rc;
}
