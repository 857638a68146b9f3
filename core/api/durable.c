/* durable.c — database files (durable.h): opening one through its storage backend (storage.h
 * version 6), the catalog image (its format below) built at the commit of every transaction
 * after which the catalog changed and replayed at open, the refusal (0A000) of what the image
 * cannot store yet, and the commit made durable before the kernel makes it visible.
 *
 * The image, format 1 (text):
 *   "sunstone catalog 1\n", then one record per object, in creation order, tables first:
 *   "table <persistent id> <n>\n" + the n bytes of the CREATE TABLE statement that made it + "\n"
 *   "index <n>\n" + the n bytes of the CREATE INDEX statement that made it + "\n"
 * Replaying it runs each statement again, a table's reattached to its stored rows by its id
 * (ss_catalog.reattach_id); the indexes of PRIMARY KEY / UNIQUE come with their table's.
 * What persists: tables of schema public on the file's backend with their columns, types,
 * NOT NULL, DEFAULT, CHECK, PRIMARY KEY and UNIQUE; CREATE [UNIQUE] INDEX; DROP TABLE / INDEX
 * (the object leaves the next image).  Everything else that changes the catalog is 0A000 on
 * a database file: at the statement for the kinds it names (ss_durable_stmt_gate), and at
 * COMMIT for any object the image could not rebuild (build_image), so that nothing
 * committed is lost at the next open.
 *
 * One session per database file (sunstone_open_session refuses a second): the image is
 * built from what the committing session sees, and with a second session an image stored
 * between another's durable commit and its visible commit could leave that one's DDL out. */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api/durable.h"
#include "api/statement.h"
#include "catalog/namespace.h"
#include "index/index.h"
#include "util/strbuf.h"

#define IMAGE_MAGIC "sunstone catalog "
#define IMAGE_FORMAT 1

/* The statement text a catalog object was made by. */
typedef struct durable_entry {
    const void *obj;    /* ss_table or ss_index */
    char *sql;
} durable_entry;

struct ss_durable {
    const ss_storage_vtable *vt;
    void *backend;
    char *path;
    uint64_t stored_version;  /* the catalog's version the stored image describes */
    bool replaying;           /* ss_durable_open is running the image */
    durable_entry *entries;   /* newest last: an address reused by a new object finds its own */
    size_t n, cap;
    pthread_mutex_t mu;       /* entries (commits of several sessions read them) */
};

static ss_durable *durable_of(const sunstone *db)
{
    return db->database->durable;
}

static const char *entry_sql(ss_durable *du, const void *obj)
{
    for (size_t i = du->n; i-- > 0;)
        if (du->entries[i].obj == obj)
            return du->entries[i].sql;
    return NULL;
}

static int remember(ss_durable *du, const void *obj, const char *sql)
{
    if (du->n == du->cap) {
        size_t cap = du->cap ? du->cap * 2 : 16;
        durable_entry *p = realloc(du->entries, cap * sizeof *p);
        if (!p)
            return SS_ERROR;
        du->entries = p;
        du->cap = cap;
    }
    char *copy = strdup(sql);
    if (!copy)
        return SS_ERROR;
    du->entries[du->n++] = (durable_entry){obj, copy};
    return SS_OK;
}

void ss_durable_free(ss_database *d)
{
    ss_durable *du = d->durable;
    if (!du)
        return;
    for (size_t i = 0; i < du->n; i++)
        free(du->entries[i].sql);
    free(du->entries);
    free(du->path);
    pthread_mutex_destroy(&du->mu);
    free(du);
    d->durable = NULL;
}

/* ---- the gate ---------------------------------------------------------------------------- */

/* Whether word w (lower case) occurs in sql as a whole word, case-insensitively. */
static bool has_word(const char *sql, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = sql; *p; p++) {
        if ((p == sql || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) && strncasecmp(p, w, n) == 0 &&
            !(isalnum((unsigned char)p[n]) || p[n] == '_'))
            return true;
    }
    return false;
}

/* The statement's leading keywords, upper case ("ALTER TABLE", "CREATE OR REPLACE VIEW"). */
static void leading_words(const char *sql, char *out, size_t outsz)
{
    size_t o = 0;
    int words = 0, want = 2;
    const char *p = sql;
    while (*p && words < want && o + 2 < outsz) {
        while (*p && isspace((unsigned char)*p))
            p++;
        const char *w = p;
        while (*p && isalpha((unsigned char)*p))
            p++;
        if (p == w)
            break;
        if (words == 1 && (strncasecmp(w, "or", 2) == 0 || strncasecmp(w, "unique", 6) == 0 ||
                           strncasecmp(w, "temp", 4) == 0 || strncasecmp(w, "temporary", 9) == 0 ||
                           strncasecmp(w, "materialized", 12) == 0 || strncasecmp(w, "unlogged", 8) == 0))
            want += strncasecmp(w, "or", 2) == 0 ? 2 : 1;
        if (o)
            out[o++] = ' ';
        for (; w < p && o + 1 < outsz; w++)
            out[o++] = (char)toupper((unsigned char)*w);
        words++;
    }
    out[o] = '\0';
}

static int refuse(ss_ctx *ctx, const char *what)
{
    ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: %s on a database file", what);
    ss_ctx_error_hint(ctx, "A database file stores tables with their columns, constraints and indexes so far.");
    return SS_ERROR;
}

int ss_durable_stmt_gate(sunstone_stmt *st)
{
    ss_durable *du = durable_of(st->db);
    if (!du)
        return SS_OK;
    ast_stmt_kind k = st->ast->kind;
    char what[64];
    switch (k) {
    case AST_CREATE_TABLE: {
        /* what its text would not rebuild alone, or what needs objects the image lacks */
        static const char *const words[] = {"temp", "temporary", "unlogged", "serial", "serial2", "serial4",
                                            "serial8", "smallserial", "bigserial", "identity", "generated",
                                            "nextval", "like", "inherits", "partition", "references"};
        for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
            if (has_word(st->sql, words[i])) {
                snprintf(what, sizeof what, "CREATE TABLE with %s", words[i]);
                for (char *c = what + 18; *c; c++)
                    *c = (char)toupper((unsigned char)*c);
                return refuse(&st->ctx, what);
            }
        if (st->ast->access_method && strcmp(st->ast->access_method, du->vt->name) != 0) {
            snprintf(what, sizeof what, "tables of storage backend \"%.30s\"", st->ast->access_method);
            return refuse(&st->ctx, what);
        }
        return SS_OK;
    }
    case AST_CREATE_INDEX:
    case AST_DROP_TABLE:
    case AST_DROP_INDEX:
    case AST_LOAD:         /* the module registry is not stored */
    case AST_DISCARD:      /* session state only */
    case AST_VACUUM:       /* the backend's vacuum / checkpoint (storage.h version 7) */
    case AST_CHECKPOINT:
    case AST_LOCK_TABLE:
        return SS_OK;
    default:
        if (!ss_stmt_kind_changes_database(k))
            return SS_OK;
        leading_words(st->sql, what, sizeof what);
        return refuse(&st->ctx, what[0] ? what : "this statement");
    }
}

void ss_durable_stmt_end(sunstone_stmt *st)
{
    ss_durable *du = durable_of(st->db);
    if (!du || (st->ast->kind != AST_CREATE_TABLE && st->ast->kind != AST_CREATE_INDEX))
        return;
    ss_catalog *c = &st->db->database->catalog;
    pthread_mutex_lock(&du->mu);
    pthread_mutex_lock(&c->mu);
    for (uint32_t i = 0; i < c->ntables; i++) {
        ss_table *t = c->tables[i];
        if (t->system)
            continue;
        if (!entry_sql(du, t) && remember(du, t, st->sql) != SS_OK)
            break;
        for (uint32_t j = 0; t->indexes && j < t->indexes->n; j++) {
            ss_index *ix = t->indexes->list[j];
            if (!ix->constraint && !entry_sql(du, ix) && remember(du, ix, st->sql) != SS_OK)
                break;
        }
    }
    pthread_mutex_unlock(&c->mu);
    pthread_mutex_unlock(&du->mu);
}

/* ---- the image --------------------------------------------------------------------------- */

static bool is_public(const ss_table *t)
{
    return t->ns && t->ns->name && strcmp(t->ns->name, "public") == 0 && !t->ns->temp_owner;
}

/* The image of the catalog as the committing session sees it (its own pending DDL included,
 * other sessions' excluded); 0A000 naming the first object it cannot represent. */
static int build_image(ss_ctx *ctx, ss_durable *du, ss_catalog *c, ss_strbuf *out)
{
    char what[160];
    int rc = SS_OK;
    ss_strbuf_printf(out, IMAGE_MAGIC "%d\n", IMAGE_FORMAT);
    pthread_mutex_lock(&du->mu);
    pthread_mutex_lock(&c->mu);
    for (uint32_t i = 0; i < c->nuser_views && rc == SS_OK; i++)
        if (ss_ddl_visible(&c->user_views[i]->ddl))
            rc = refuse(ctx, "views");
    for (uint32_t pass = 0; pass < 2 && rc == SS_OK; pass++)
        for (uint32_t i = 0; i < c->ntables && rc == SS_OK; i++) {
            ss_table *t = c->tables[i];
            if (t->system || !ss_ddl_visible(&t->ddl))
                continue;
            const char *sql = entry_sql(du, t);
            if (pass == 0) {
                if (t->matview)
                    rc = refuse(ctx, "materialized views");
                else if (!is_public(t))
                    rc = refuse(ctx, t->ns && t->ns->temp_owner ? "temporary tables" : "tables outside schema public");
                else if (t->backend != du->backend) {
                    snprintf(what, sizeof what, "tables of storage backend \"%.30s\"", t->backend_name);
                    rc = refuse(ctx, what);
                } else if (t->fkeys) {
                    rc = refuse(ctx, "FOREIGN KEY constraints");
                } else if (!sql) {
                    snprintf(what, sizeof what, "table \"%.63s\" as it was made", t->name);
                    rc = refuse(ctx, what);
                } else {
                    ss_strbuf_printf(out, "table %" PRIu64 " %zu\n%s\n", du->vt->table_storage_id(t->handle),
                                      strlen(sql), sql);
                }
                continue;
            }
            for (uint32_t j = 0; t->indexes && j < t->indexes->n && rc == SS_OK; j++) {
                ss_index *ix = t->indexes->list[j];
                if (ix->constraint || !ss_ddl_visible(&ix->ddl))
                    continue;
                const char *isql = entry_sql(du, ix);
                if (!isql) {
                    snprintf(what, sizeof what, "index \"%.63s\" as it was made", ix->name);
                    rc = refuse(ctx, what);
                } else {
                    ss_strbuf_printf(out, "index %zu\n%s\n", strlen(isql), isql);
                }
            }
        }
    pthread_mutex_unlock(&c->mu);
    pthread_mutex_unlock(&du->mu);
    return rc;
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

int ss_durable_commit(ss_ctx *ctx, sunstone *db)
{
    ss_durable *du = durable_of(db);
    if (!du || du->replaying || db->txn.failed)
        return SS_OK;
    ss_catalog *c = &db->database->catalog;
    uint64_t version = c->version;
    bool catalog_changed = version != du->stored_version;
    if (db->txn.top == SS_XID_INVALID && !catalog_changed)
        return SS_OK; /* read only */
    ss_strbuf image;
    ss_strbuf_init(&image);
    if (catalog_changed && build_image(ctx, du, c, &image) != SS_OK) {
        ss_strbuf_free(&image);
        return SS_ERROR;
    }
    if (image.oom) {
        ss_strbuf_free(&image);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ss_xid *xids = NULL;
    uint32_t n = 0;
    if (db->txn.top != SS_XID_INVALID && kept_xids(db->database->txns, db->txn.top, &xids, &n) != SS_OK) {
        ss_strbuf_free(&image);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    int rc = du->vt->txn_commit(ctx, du->backend, xids, n, now_us(), catalog_changed ? image.data : NULL,
                                catalog_changed ? image.len : 0);
    free(xids);
    ss_strbuf_free(&image);
    if (rc == SS_OK && catalog_changed)
        du->stored_version = version;
    return rc;
}

void ss_durable_abort(ss_ctx *ctx, sunstone *db)
{
    ss_durable *du = durable_of(db);
    if (du && !du->replaying && db->txn.top != SS_XID_INVALID)
        du->vt->txn_abort(ctx, du->backend, db->txn.top);
}

/* ---- open -------------------------------------------------------------------------------- */

static int damaged(ss_ctx *ctx, const char *path)
{
    return ss_ctx_error(ctx, "XX001", "database file \"%s\": its stored catalog is damaged", path);
}

/* Runs the image's statements (the catalog is empty). */
static int replay(ss_ctx *ctx, sunstone *db, ss_durable *du, const char *img, size_t len)
{
    size_t magic = strlen(IMAGE_MAGIC);
    if (len < magic || memcmp(img, IMAGE_MAGIC, magic) != 0)
        return damaged(ctx, du->path);
    const char *p = img + magic, *end = img + len;
    char *stop;
    long format = strtol(p, &stop, 10);
    if (stop == p || stop >= end || *stop != '\n')
        return damaged(ctx, du->path);
    if (format != IMAGE_FORMAT)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "database file \"%s\" has catalog format %ld; this Sunstone reads format %d",
                            du->path, format, IMAGE_FORMAT);
    p = stop + 1;
    ss_catalog *c = &db->database->catalog;
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
            return damaged(ctx, du->path);
        bool table = strncmp(head, "table ", 6) == 0;
        if (table ? sscanf(head, "table %" SCNu64 " %llu%n", &id, &n, &used) != 2
                  : sscanf(head, "index %llu%n", &n, &used) != 1)
            return damaged(ctx, du->path);
        if ((size_t)used != hl)
            return damaged(ctx, du->path);
        p += hl + 1;
        if ((size_t)(end - p) < n + 1 || p[n] != '\n')
            return damaged(ctx, du->path);
        char *sql = strndup(p, (size_t)n);
        if (!sql)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        p += n + 1;
        c->reattach_id = table ? id : 0;
        int rc = sunstone_exec(db, sql, NULL, NULL);
        bool reattached = c->reattach_id == 0;
        c->reattach_id = 0;
        free(sql);
        if (rc != SUNSTONE_OK || !reattached) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s", rc != SUNSTONE_OK ? sunstone_errmsg(db) : "a table was not reattached");
            ss_error_clear(&db->err);
            return ss_ctx_error(ctx, "XX001", "database file \"%s\": could not rebuild its catalog: %s", du->path,
                                msg);
        }
    }
    return SS_OK;
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
    if (SS_STORAGE_HAS(vt, xid_floor) && vt->xid_floor && !ss_txn_raise_next_xid(d->txns, vt->xid_floor(du->backend)))
        return ss_ctx_error(ctx, "54000", "database file \"%s\" has used up its transaction ids", path);
    /* new tables go to the file's backend */
    if (ss_settings_set(ctx, &d->defaults, "default_table_access_method", vt->name) != SS_OK ||
        ss_settings_set(ctx, &db->settings, "default_table_access_method", vt->name) != SS_OK)
        return SS_ERROR;
    void *image = NULL;
    size_t len = 0;
    if (vt->catalog_load(ctx, du->backend, &image, &len) != SS_OK)
        return SS_ERROR;
    int rc = SS_OK;
    if (image) {
        du->replaying = true;
        rc = replay(ctx, db, du, image, len);
        du->replaying = false;
        free(image);
    }
    du->stored_version = d->catalog.version;
    return rc;
}
