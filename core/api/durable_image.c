/* durable_image.c — a database file's catalog image, format 2 (durable.h): the catalog's
 * current state deparsed into one canonical statement per object, in dependency order, so
 * that replaying it at open rebuilds the catalog whatever statements (CREATE, ALTER, RENAME,
 * DROP, CREATE TABLE AS ...) brought it there.
 *
 * The format (text): "sunstone catalog 2\n", then records, each a header line and its
 * statement: "table <persistent id> <n>\n" + n bytes + "\n" (a CREATE TABLE, reattached to
 * the stored table of that id), "sql <n>\n" + n bytes + "\n" (any other statement), or before a
 * table's record "ixid <n>\n" + n bytes + "\n": one line per index of the table stored with it
 * (index_stored.h), "<stored id> <schema length> <name length> <schema><name>", which the
 * statements making those indexes reopen.
 * Order: CREATE SCHEMA, the enum types (CREATE TYPE ... AS ENUM () and each label's ADD VALUE in
 * the order they were added), the sequences ("seq <n>\n": one line of parameters and state,
 * then its schema-qualified name, owner table and owner column, each on its line), CREATE
 * TABLE (columns with their types, DEFAULT / generated / identity, NOT NULL, CHECK, PRIMARY
 * KEY and UNIQUE constraints under their names), CREATE INDEX, the FOREIGN KEYs (ALTER
 * TABLE ... ADD CONSTRAINT), the identity columns' sequences' state, then the views in
 * creation order, each with its column defaults (ALTER VIEW ... ALTER COLUMN ... SET DEFAULT).
 * A sequence's state is recorded SEQ_RESERVE values ahead, and a commit
 * stores a new image when nextval went beyond them (ss_image_sequences_moved): values are
 * never rolled back, and after a reopen nextval never returns one handed out before.  Every name is quoted and every relation schema-qualified, so that the
 * text binds the same under any search path.
 *
 * A table another transaction holds locked (a pending ALTER TABLE changes it in place) is
 * described by the text of the last image built: its committed state, which only that
 * transaction could have changed since. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/durable_image.h"
#include "catalog/constraints.h"
#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "catalog/object_oids.h"
#include "types/enum/enum.h"
#include "catalog/sequences.h"
#include "deparse/deparse.h"
#include "fkey/fkey.h"
#include "index/index.h"
#include "index/index_stored.h"
#include "types/func_impl.h"
#include "txn/txn_session.h"
#include "types/typeio.h"

/* What the last image said of one table: its CREATE TABLE, CREATE INDEX and FOREIGN KEY
 * records. */
typedef struct image_cache_entry {
    const ss_table *t;
    char *parts[3];
} image_cache_entry;

/* What the last image said of one sequence: the values a session may have been handed out
 * without another image, [low, high] in the increment's direction (seq_limit). */
typedef struct image_seq_limit {
    uint64_t id;
    int64_t low, high;
    int64_t increment;
} image_seq_limit;

struct ss_image_cache {
    image_cache_entry *list;
    size_t n, cap;
    image_seq_limit *seqs;
    size_t nseqs, cap_seqs;
};

void ss_image_cache_free(ss_image_cache *cache)
{
    if (!cache)
        return;
    for (size_t i = 0; i < cache->n; i++)
        for (int k = 0; k < 3; k++)
            free(cache->list[i].parts[k]);
    free(cache->list);
    free(cache->seqs);
    free(cache);
}

static const image_cache_entry *cache_find(const ss_image_cache *cache, const ss_table *t)
{
    for (size_t i = 0; cache && i < cache->n; i++)
        if (cache->list[i].t == t)
            return &cache->list[i];
    return NULL;
}

static bool cache_add(ss_image_cache *cache, const ss_table *t, ss_strbuf *const parts[3])
{
    if (cache->n == cache->cap) {
        size_t cap = cache->cap ? cache->cap * 2 : 16;
        image_cache_entry *p = realloc(cache->list, cap * sizeof *p);
        if (!p)
            return false;
        cache->list = p;
        cache->cap = cap;
    }
    image_cache_entry e = {t, {NULL, NULL, NULL}};
    bool ok = true;
    for (int k = 0; k < 3; k++)
        ok = ok && !parts[k]->oom && (e.parts[k] = strdup(parts[k]->data ? parts[k]->data : "")) != NULL;
    if (!ok) {
        for (int k = 0; k < 3; k++)
            free(e.parts[k]);
        return false;
    }
    cache->list[cache->n++] = e;
    return true;
}

static void put_ident(ss_strbuf *sb, const char *name)
{
    ss_quote_ident_append(sb, name, strlen(name)); /* quote_ident: keywords quoted too */
}

static void put_relation(ss_strbuf *sb, const ss_schema *ns, const char *name)
{
    put_ident(sb, ns ? ss_ns_name(ns) : "public");
    ss_strbuf_putc(sb, '.');
    put_ident(sb, name);
}

static void put_columns(ss_strbuf *sb, const ss_table *t, const uint32_t *cols, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            ss_strbuf_puts(sb, ", ");
        put_ident(sb, t->cols[cols[i]].name);
    }
}

static void put_record(ss_strbuf *out, const char *head, const ss_strbuf *sql)
{
    ss_strbuf_printf(out, "%s%zu\n", head, sql->len);
    ss_strbuf_append(out, sql->data ? sql->data : "", sql->len);
    ss_strbuf_putc(out, '\n');
}

static int refuse_object(ss_ctx *ctx, const char *what, const char *name)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                        "feature not supported: %s (\"%s\") on a database file", what, name);
}

/* Whether a statement the image prints from a tree (an index's expressions, a view's query)
 * reads back: the replay at the next open must never meet one it cannot parse, so an object
 * whose text does not is refused at COMMIT instead. */
static int check_readable(ss_ctx *ctx, const ss_strbuf *sql, const char *name)
{
    ss_arena *a = ss_arena_create();
    if (!a)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ast_stmt **stmts;
    uint32_t n = 0;
    ast_parse_error err;
    memset(&err, 0, sizeof err);
    bool ok = sql->data && ss_parse(a, sql->data, &stmts, &n, &err) == 0 && n == 1;
    ss_arena_destroy(a);
    return ok ? SS_OK : refuse_object(ctx, "an object whose definition cannot be printed readably", name);
}

/* A default's text as \d shows it, readable again: nextval('s'::regclass) is printed with
 * PostgreSQL's regclass cast, which this parser does not read; nextval takes the name as
 * text alike. */
static void put_default(ss_strbuf *sb, const char *text)
{
    static const char cast[] = "::regclass";
    for (const char *p = text; *p; p++) {
        if (p > text && p[-1] == '\'' && strncmp(p, cast, sizeof cast - 1) == 0) {
            p += sizeof cast - 2;
            continue;
        }
        ss_strbuf_putc(sb, *p);
    }
}

/* A column's definition after its name: type, then its default / generated / identity. */
static int put_column(ss_ctx *ctx, ss_strbuf *sb, ss_catalog *c, const ss_table *t, uint32_t i)
{
    char tbuf[128];
    const ss_enum_type *en = enum_type_get(ss_type_is_enum_array(t->types[i].id) ? t->types[i].id - 1 : t->types[i].id);
    if (en) { /* a user-defined enum, schema-qualified and quoted */
        ss_strbuf_putc(sb, ' ');
        put_relation(sb, en->ns, atomic_load(&en->name));
        if (ss_type_is_enum_array(t->types[i].id))
            ss_strbuf_puts(sb, "[]");
    } else
        ss_strbuf_printf(sb, " %s", ss_type_column_name(t->types[i], tbuf, sizeof tbuf));
    const ss_col_cons *cc = t->cons && i < t->cons->ncols ? &t->cons->cols[i] : NULL;
    if (cc && cc->identity) {
        ss_sequence seq;
        if (!cc->seq || !ss_seq_snapshot(c->sequences, cc->seq, &seq))
            return refuse_object(ctx, "an identity column without its sequence", t->cols[i].name);
        ss_strbuf_printf(sb, " GENERATED %s AS IDENTITY (", cc->identity == 'a' ? "ALWAYS" : "BY DEFAULT");
        if (seq.ns == t->ns && t->ns && strcmp(ss_ns_name(t->ns), "public") == 0) {
            ss_strbuf_puts(sb, "SEQUENCE NAME ");
            put_ident(sb, seq.name);
        } else {
            /* SEQUENCE NAME does not take a schema yet: the sequence must be the one the
               table's schema gets by default */
            char dflt[200];
            snprintf(dflt, sizeof dflt, "%s_%s_seq", t->name, t->cols[i].name);
            if (seq.ns != t->ns || strcmp(dflt, seq.name) != 0 || strlen(dflt) > 63)
                return refuse_object(ctx, "an identity column outside schema public whose sequence was renamed",
                                     t->cols[i].name);
        }
        ss_strbuf_printf(sb,
                         " INCREMENT BY %" PRId64 " MINVALUE %" PRId64 " MAXVALUE %" PRId64 " START WITH %" PRId64
                         " CACHE %" PRId64 "%s)",
                         seq.p.increment, seq.p.min, seq.p.max, seq.p.start, seq.p.cache, seq.p.cycle ? " CYCLE" : "");
    } else if (cc && cc->generated) {
        const char *pre = "generated always as ", *post = " stored";
        size_t n = cc->default_text ? strlen(cc->default_text) : 0;
        if (n < strlen(pre) + strlen(post) || strncmp(cc->default_text, pre, strlen(pre)) != 0)
            return refuse_object(ctx, "a generated column whose expression is not known", t->cols[i].name);
        ss_strbuf_puts(sb, " GENERATED ALWAYS AS ");
        ss_strbuf_append(sb, cc->default_text + strlen(pre), n - strlen(pre) - strlen(post));
        ss_strbuf_puts(sb, " STORED");
    } else if (cc && (cc->has_default || cc->seq)) { /* a serial column's default is nextval */
        if (!cc->default_text)
            return refuse_object(ctx, "a column default whose expression is not known", t->cols[i].name);
        ss_strbuf_puts(sb, " DEFAULT ");
        put_default(sb, cc->default_text);
    }
    if (t->cols[i].not_null)
        ss_strbuf_puts(sb, " NOT NULL");
    return SS_OK;
}

/* The records of t: its CREATE TABLE with its CHECK, PRIMARY KEY and UNIQUE constraints to
 * parts[0], its other indexes to parts[1], its foreign keys to parts[2]. */
static int table_records(ss_ctx *ctx, ss_catalog *c, const ss_storage_vtable *vt, const ss_table *t,
                         ss_strbuf *const parts[3])
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    bool first = true;
    if (t->matview) { /* its statement WITH NO DATA, reattached to its rows ("mview": populated) */
        char *text = NULL;
        if (ss_deparse_matview_for_rename(ctx, c, t, t->matview->sql, NULL, &text) != SS_OK) {
            ss_error_clear(ctx->err);
            ss_strbuf_free(&sb);
            return refuse_object(ctx, "a materialized view whose query cannot be printed", t->name);
        }
        size_t n = strlen(text);
        static const char *const tails[] = {" WITH NO DATA", " WITH DATA"};
        for (int k = 0; k < 2; k++) {
            size_t tl = strlen(tails[k]);
            if (n >= tl && strcmp(text + n - tl, tails[k]) == 0) {
                n -= tl;
                break;
            }
        }
        ss_strbuf_append(&sb, text, n);
        free(text);
        ss_strbuf_puts(&sb, " WITH NO DATA");
        rc = check_readable(ctx, &sb, t->name);
        goto stored;
    }
    ss_strbuf_puts(&sb, "CREATE TABLE ");
    put_relation(&sb, t->ns, t->name);
    ss_strbuf_puts(&sb, " (");
    for (uint32_t i = 0; i < t->ncols && rc == SS_OK; i++, first = false) {
        ss_strbuf_puts(&sb, first ? "" : ", ");
        put_ident(&sb, t->cols[i].name);
        rc = put_column(ctx, &sb, c, t, i);
    }
    for (uint32_t i = 0; t->cons && i < t->cons->nchecks && rc == SS_OK; i++, first = false) {
        if (!t->cons->check_texts || !t->cons->check_texts[i]) {
            rc = refuse_object(ctx, "a CHECK constraint whose expression is not known", t->cons->check_names[i]);
            break;
        }
        ss_strbuf_puts(&sb, first ? "CONSTRAINT " : ", CONSTRAINT ");
        put_ident(&sb, t->cons->check_names[i]);
        ss_strbuf_printf(&sb, " %s", t->cons->check_texts[i]);
    }
    for (uint32_t j = 0; t->indexes && j < t->indexes->n && rc == SS_OK; j++) {
        const ss_index *ix = t->indexes->list[j];
        if (!ix->constraint || !ss_ddl_visible(&ix->ddl))
            continue;
        ss_strbuf_puts(&sb, first ? "CONSTRAINT " : ", CONSTRAINT ");
        first = false;
        put_ident(&sb, ix->name);
        ss_strbuf_puts(&sb, ix->primary ? " PRIMARY KEY (" : " UNIQUE (");
        put_columns(&sb, t, ix->cols, ix->nkeys);
        ss_strbuf_putc(&sb, ')');
        if (ix->deferrable)
            ss_strbuf_puts(&sb, ix->initdeferred ? " DEFERRABLE INITIALLY DEFERRED" : " DEFERRABLE");
    }
    ss_strbuf_putc(&sb, ')');
stored:
    /* (hist11) the commit that made the table's storage, for AS OF across openings: a
       comment, so that the statement replays the same in any build */
    if (t->storage_xid != SS_XID_INVALID)
        ss_strbuf_printf(&sb, " " SS_IMAGE_STORAGE_XID "%" PRIu64 " */",
                         (uint64_t)(ctx->txn && ctx->txn->m ? ss_txn_top(ctx->txn->m, t->storage_xid) : t->storage_xid));
    if (rc == SS_OK) { /* the stored ids of its stored indexes, before the statements making them */
        ss_strbuf ids;
        ss_strbuf_init(&ids);
        const char *schema = t->ns ? ss_ns_name(t->ns) : "public";
        for (uint32_t j = 0; t->indexes && j < t->indexes->n; j++) {
            const ss_index *ix = t->indexes->list[j];
            if (ss_ddl_visible(&ix->ddl) && ss_index_vt_stored(ix->vt))
                ss_strbuf_printf(&ids, "%" PRIu64 " %zu %zu %s%s\n", ix->vt->stored_id(ix->handle), strlen(schema),
                                 strlen(ix->name), schema, ix->name);
        }
        if (ids.len)
            put_record(parts[0], "ixid ", &ids);
        ss_strbuf_free(&ids);
    }
    if (rc == SS_OK) {
        char head[48];
        snprintf(head, sizeof head, "%s %" PRIu64 " ", t->matview && t->matview->populated ? "mview" : "table",
                 vt->table_storage_id(t->handle));
        put_record(parts[0], head, &sb);
    }
    for (uint32_t j = 0; t->indexes && j < t->indexes->n && rc == SS_OK; j++) {
        const ss_index *ix = t->indexes->list[j];
        if (ix->constraint || !ss_ddl_visible(&ix->ddl))
            continue;
        ss_strbuf_clear(&sb);
        char *def = ss_index_def_sql(ix, t->ns ? ss_ns_name(t->ns) : "public");
        if (!def) {
            rc = refuse_object(ctx, "an index whose expression cannot be shown", ix->name);
            break;
        }
        ss_strbuf_puts(&sb, def);
        free(def);
        if ((rc = check_readable(ctx, &sb, ix->name)) == SS_OK)
            put_record(parts[1], "sql ", &sb);
    }
    for (uint32_t j = 0; t->fkeys && j < t->fkeys->n && rc == SS_OK; j++) {
        const ss_fkey *fk = t->fkeys->list[j];
        static const char *const actions[] = {"a", "NO ACTION", "r", "RESTRICT", "c", "CASCADE",
                                              "n", "SET NULL",  "d", "SET DEFAULT"};
        const char *del = "NO ACTION", *upd = "NO ACTION";
        for (size_t k = 0; k < sizeof actions / sizeof actions[0]; k += 2) {
            if (fk->on_delete == actions[k][0])
                del = actions[k + 1];
            if (fk->on_update == actions[k][0])
                upd = actions[k + 1];
        }
        ss_strbuf_clear(&sb);
        ss_strbuf_puts(&sb, "ALTER TABLE ");
        put_relation(&sb, t->ns, t->name);
        ss_strbuf_puts(&sb, " ADD CONSTRAINT ");
        put_ident(&sb, fk->name);
        ss_strbuf_puts(&sb, " FOREIGN KEY (");
        put_columns(&sb, t, fk->cols, fk->ncols);
        ss_strbuf_puts(&sb, ") REFERENCES ");
        put_relation(&sb, fk->ref->ns, fk->ref->name);
        ss_strbuf_puts(&sb, " (");
        put_columns(&sb, fk->ref, fk->ref_cols, fk->ncols);
        ss_strbuf_printf(&sb, ") MATCH %s ON UPDATE %s ON DELETE %s", fk->match == 'f' ? "FULL" : "SIMPLE", upd, del);
        if (fk->ndel_set) {
            ss_strbuf_puts(&sb, " (");
            put_columns(&sb, t, fk->del_set, fk->ndel_set);
            ss_strbuf_putc(&sb, ')');
        }
        if (fk->deferrable)
            ss_strbuf_puts(&sb, fk->initdeferred ? " DEFERRABLE INITIALLY DEFERRED" : " DEFERRABLE");
        if (fk->not_valid)
            ss_strbuf_puts(&sb, " NOT VALID");
        put_record(parts[2], "sql ", &sb);
    }
    ss_strbuf_free(&sb);
    return rc;
}

/* ---- sequences ------------------------------------------------------------------------- */

/* Values a sequence hands out between two images (PostgreSQL's SEQ_LOG_VALS): the image
 * records the state that many values ahead, so nextval needs a new image only once every
 * that many values, and after a reopen never returns a value handed out before. */
#define SEQ_RESERVE 32

/* The last value handed out (one step before last_value when it was not called). */
static int64_t handed_top(int64_t last_value, bool is_called, int64_t inc)
{
    return is_called ? last_value : last_value - inc;
}

/* The state the image records for a sequence: SEQ_RESERVE values ahead when called. */
static void reserved_state(const ss_seq_params *p, int64_t last_value, bool is_called, int64_t *out_value,
                           bool *out_called)
{
    *out_value = last_value;
    *out_called = is_called;
    if (!is_called)
        return;
    int64_t room = p->increment > 0 ? (p->max - last_value) / p->increment : (p->min - last_value) / p->increment;
    int64_t steps = room < SEQ_RESERVE ? room : SEQ_RESERVE;
    *out_value = last_value + steps * p->increment;
}

/* A sequence's parameters and state as the committing transaction must store them: another
 * transaction's pending ALTER SEQUENCE is not yet committed (sc->mu held). */
static void seq_committed(const ss_sequence *q, ss_seq_params *p, int64_t *last_value, bool *is_called)
{
    bool other = q->pending_rewrite && ss_ddl_locked_by_other(&q->ddl);
    *p = other ? q->committed_p : q->p;
    *last_value = other ? q->committed_last_value : q->last_value;
    *is_called = other ? q->committed_is_called : q->is_called;
}

static bool seq_stored(const ss_sequence *q)
{
    return ss_ddl_visible(&q->ddl) && !(q->ns && q->ns->temp_owner);
}

/* "seq <n>" records of the sequences (identity ones, made by their table's CREATE TABLE,
 * with identity: their state only), and each one's limits into cache. */
static int sequence_records(ss_ctx *ctx, ss_catalog *c, bool identity, ss_strbuf *out, ss_image_cache *cache)
{
    ss_seq_catalog *sc = c->sequences;
    if (!sc)
        return SS_OK;
    int rc = SS_OK;
    ss_strbuf rec;
    ss_strbuf_init(&rec);
    pthread_mutex_lock(&sc->mu);
    for (uint32_t i = 0; i < sc->n && rc == SS_OK; i++) {
        const ss_sequence *q = sc->seqs[i];
        if (!seq_stored(q) || (q->owner_kind == 'i') != identity)
            continue;
        ss_seq_params p;
        int64_t last, stored;
        bool called, stored_called;
        seq_committed(q, &p, &last, &called);
        reserved_state(&p, last, called, &stored, &stored_called);
        if (cache->nseqs == cache->cap_seqs) {
            size_t cap = cache->cap_seqs ? cache->cap_seqs * 2 : 8;
            image_seq_limit *l = realloc(cache->seqs, cap * sizeof *l);
            if (!l) {
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                break;
            }
            cache->seqs = l;
            cache->cap_seqs = cap;
        }
        cache->seqs[cache->nseqs++] = (image_seq_limit){q->id, handed_top(last, called, p.increment),
                                                        handed_top(stored, stored_called, p.increment), p.increment};
        ss_strbuf_clear(&rec);
        ss_strbuf_printf(&rec, "%c %" PRId32 " %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64 " %d %" PRId64 " %d\n",
                         q->owner_kind ? q->owner_kind : '-', p.type, p.increment, p.min, p.max, p.start, p.cache,
                         p.cycle, stored, stored_called);
        ss_strbuf_printf(&rec, "%s.%s\n%s\n%s", q->ns ? ss_ns_name(q->ns) : "public", q->name,
                         q->owner_table ? q->owner_table : "", q->owner_column ? q->owner_column : "");
        put_record(out, "seq ", &rec);
    }
    pthread_mutex_unlock(&sc->mu);
    ss_strbuf_free(&rec);
    return rc;
}

void ss_image_cache_unreserve(ss_image_cache *cache)
{
    for (size_t k = 0; cache && k < cache->nseqs; k++)
        cache->seqs[k].high = cache->seqs[k].low;
}

bool ss_image_sequences_moved(const ss_image_cache *cache, ss_catalog *c)
{
    ss_seq_catalog *sc = c->sequences;
    if (!sc || !cache)
        return false;
    bool moved = false;
    pthread_mutex_lock(&sc->mu);
    for (uint32_t i = 0; i < sc->n && !moved; i++) {
        const ss_sequence *q = sc->seqs[i];
        if (!seq_stored(q))
            continue;
        ss_seq_params p;
        int64_t last;
        bool called;
        seq_committed(q, &p, &last, &called);
        for (size_t k = 0; k < cache->nseqs; k++) {
            const image_seq_limit *l = &cache->seqs[k];
            if (l->id != q->id)
                continue;
            int64_t top = handed_top(last, called, l->increment);
            /* beyond the reserved values, or set back (setval, RESTART) */
            moved = l->increment > 0 ? (top > l->high || top < l->low) : (top < l->high || top > l->low);
            break;
        }
    }
    pthread_mutex_unlock(&sc->mu);
    return moved;
}

/* the next line of *p (up to '\n' or end) into a malloc'd string; NULL when out of memory */
static char *take_line(const char **p, const char *end)
{
    const char *nl = memchr(*p, '\n', (size_t)(end - *p));
    const char *stop = nl ? nl : end;
    char *line = strndup(*p, (size_t)(stop - *p));
    *p = nl ? nl + 1 : end;
    return line;
}

int ss_image_replay_sequence(ss_ctx *ctx, sunstone *db, const char *rec, size_t len, bool *damaged)
{
    const char *p = rec, *end = rec + len;
    char *head = take_line(&p, end), *name = take_line(&p, end), *table = take_line(&p, end),
         *column = take_line(&p, end);
    *damaged = false;
    int rc = SS_OK;
    char kind;
    ss_seq_params sp;
    int cycle, called, used = 0;
    int64_t value;
    if (!head || !name || !table || !column) {
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    } else if (sscanf(head, "%c %" SCNd32 " %" SCNd64 " %" SCNd64 " %" SCNd64 " %" SCNd64 " %" SCNd64 " %d %" SCNd64 " %d%n",
                      &kind, &sp.type, &sp.increment, &sp.min, &sp.max, &sp.start, &sp.cache, &cycle, &value, &called,
                      &used) != 10 ||
               (size_t)used != strlen(head) || !*name) {
        *damaged = true;
        rc = SS_ERROR;
    } else {
        sp.cycle = cycle != 0;
        ss_seq_catalog *sc = db->database->catalog.sequences;
        if (kind != 'i')
            rc = ss_seq_create(ctx, sc, name, &sp, *table ? table : NULL, *column ? column : NULL,
                               kind == '-' ? 0 : kind);
        if (rc == SS_OK)
            rc = ss_seq_setval(ctx, sc, db->seq_session, name, value, called != 0);
    }
    free(head);
    free(name);
    free(table);
    free(column);
    return rc;
}

static bool user_schema(const ss_schema *s)
{
    return !s->system && !s->temp_owner && strcmp(ss_ns_name(s), "public") != 0;
}

/* A view's column defaults, after its CREATE VIEW: ALTER VIEW ... SET DEFAULT records. */
static int view_default_records(ss_ctx *ctx, const ss_view *v, ss_strbuf *rec, ss_strbuf *out)
{
    for (uint32_t c = 0; v->defaults && c < v->ncols; c++) {
        const ss_view_default *d = &v->defaults[c];
        if (!d->sql)
            continue;
        if (!d->text)
            return refuse_object(ctx, "a view column default whose expression is not known", v->col_names[c]);
        ss_strbuf_clear(rec);
        ss_strbuf_puts(rec, "ALTER VIEW ");
        put_relation(rec, v->ns, v->name);
        ss_strbuf_puts(rec, " ALTER COLUMN ");
        put_ident(rec, v->col_names[c]);
        ss_strbuf_puts(rec, " SET DEFAULT ");
        put_default(rec, d->text);
        int rc = check_readable(ctx, rec, v->name);
        if (rc)
            return rc;
        put_record(out, "sql ", rec);
    }
    return SS_OK;
}

/* The enum types of c in creation order: CREATE TYPE ... AS ENUM () and one ADD VALUE per
   label in the order they were added, each BEFORE the label then above it (or at the end), so
   that the replay computes the same sort positions (the values stored in tables). */
static int by_enum_created(const void *a, const void *b)
{
    uint64_t x = (*(ss_enum_type *const *)a)->created, y = (*(ss_enum_type *const *)b)->created;
    return x < y ? -1 : x > y;
}

static int enum_records(ss_ctx *ctx, const ss_catalog *c, ss_strbuf *rec, ss_strbuf *out)
{
    ss_enum_type **types;
    uint32_t n;
    if (enum_types_of(c, &types, &n) != SS_OK)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (n)
        qsort(types, n, sizeof *types, by_enum_created);
    for (uint32_t i = 0; i < n; i++) {
        const ss_enum_type *e = types[i];
        const enum_labels *l = atomic_load(&e->labels);
        ss_strbuf_clear(rec);
        ss_strbuf_puts(rec, "CREATE TYPE ");
        put_relation(rec, e->ns, atomic_load(&e->name));
        ss_strbuf_puts(rec, " AS ENUM ()");
        put_record(out, "sql ", rec);
        /* (the numbers have gaps where a rolled back ADD VALUE was; another transaction's
           uncommitted labels are not stored) */
        uint32_t last = 0;
        for (uint32_t j = 0; j < l->n; j++)
            if (l->items[j].created > last)
                last = l->items[j].created;
        for (uint32_t k = 0; l->n && k <= last; k++) {
            /* the label created k-th, and the lowest one above it among those created before */
            const enum_label *lab = NULL, *next = NULL;
            for (uint32_t j = 0; j < l->n && !lab; j++)
                if (l->items[j].created == k && enum_label_visible(&l->items[j]))
                    lab = &l->items[j];
            if (!lab)
                continue;
            for (uint32_t j = 0; j < l->n; j++)
                if (l->items[j].created < k && enum_label_visible(&l->items[j]) && l->items[j].sort > lab->sort &&
                    (!next || l->items[j].sort < next->sort))
                    next = &l->items[j];
            ss_strbuf_clear(rec);
            ss_strbuf_puts(rec, "ALTER TYPE ");
            put_relation(rec, e->ns, atomic_load(&e->name));
            ss_strbuf_puts(rec, " ADD VALUE ");
            ss_quote_literal_append(rec, lab->name, strlen(lab->name));
            if (next) {
                ss_strbuf_puts(rec, " BEFORE ");
                ss_quote_literal_append(rec, next->name, strlen(next->name));
            }
            put_record(out, "sql ", rec);
        }
    }
    free(types);
    return SS_OK;
}

/* A view or a materialized view, for the order the image records them in. */
typedef struct rel_item {
    uint64_t created;
    const ss_schema *ns;
    const char *name;
    uint32_t ndeps;
    char **deps; /* the relations it reads, schema-qualified */
    ss_view *v;  /* one of the two */
    ss_table *t;
} rel_item;

static int by_created(const void *a, const void *b)
{
    uint64_t x = ((const rel_item *)a)->created, y = ((const rel_item *)b)->created;
    return x < y ? -1 : x > y;
}

/* Whether item r reads one of items[0..n) other than itself. */
static bool reads_one_of(const rel_item *r, const rel_item *items, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (&items[i] == r)
            continue;
        char name[SS_NS_REF_MAX];
        ss_ns_qualify(items[i].ns, items[i].name, name, sizeof name);
        for (uint32_t d = 0; d < r->ndeps; d++)
            if (strcmp(r->deps[d], name) == 0)
                return true;
    }
    return false;
}

/* items[0..n) in creation order, then each after the ones it reads: a view renamed (created
 * again under its new name) after a view over it was created comes first. */
static void order_by_reads(rel_item *items, uint32_t n)
{
    for (uint32_t done = 0; done < n;) {
        uint32_t k = done;
        while (k < n && reads_one_of(&items[k], items + done, n - done))
            k++;
        if (k == n)
            return; /* a cycle: left in creation order */
        rel_item r = items[k];
        memmove(items + done + 1, items + done, (k - done) * sizeof *items);
        items[done++] = r;
    }
}

/* Table or materialized view t's three parts (its record with the stored ids before it, its
 * indexes, its foreign keys) appended to dest[0..2] (NULL: left out): described again, or as
 * the last image did while another transaction holds t locked; remembered in cache. */
static int relation_parts(ss_ctx *ctx, ss_catalog *c, const ss_storage_vtable *vt, const ss_table *t,
                          const ss_image_cache *old, ss_image_cache *cache, ss_strbuf *const dest[3])
{
    ss_strbuf p0, p1, p2;
    ss_strbuf_init(&p0);
    ss_strbuf_init(&p1);
    ss_strbuf_init(&p2);
    ss_strbuf *const parts[3] = {&p0, &p1, &p2};
    int rc = SS_OK;
    const image_cache_entry *e = ss_ddl_locked_by_other(&t->ddl) ? cache_find(old, t) : NULL;
    if (e)
        for (int k = 0; k < 3; k++)
            ss_strbuf_puts(parts[k], e->parts[k]);
    else
        rc = table_records(ctx, c, vt, t, parts);
    if (rc == SS_OK && !cache_add(cache, t, parts))
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (int k = 0; k < 3; k++) {
        if (dest[k])
            ss_strbuf_append(dest[k], parts[k]->data ? parts[k]->data : "", parts[k]->len);
        ss_strbuf_free(parts[k]);
    }
    return rc;
}

int ss_image_build(ss_ctx *ctx, ss_catalog *c, const ss_storage_vtable *vt, void *backend, ss_image_cache **cachep,
                   ss_strbuf *out)
{
    ss_image_cache *old = *cachep, *cache = calloc(1, sizeof *cache);
    if (!cache)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ss_strbuf rec, tables, indexes, fkeys;
    ss_strbuf_init(&rec);
    ss_strbuf_init(&tables);
    ss_strbuf_init(&indexes);
    ss_strbuf_init(&fkeys);
    ss_strbuf_printf(out, SS_IMAGE_MAGIC "%d\n", SS_IMAGE_FORMAT);
    int rc = SS_OK;
    ss_table **mviews = NULL; /* the materialized views, recorded among the views */
    uint32_t nmv = 0;
    pthread_mutex_lock(&c->mu);
    for (uint32_t i = 0; i < c->nschemas && rc == SS_OK; i++) {
        const ss_schema *s = c->schemas[i];
        if (!user_schema(s) || !ss_ddl_visible(&s->ddl))
            continue;
        ss_strbuf_clear(&rec);
        ss_strbuf_puts(&rec, "CREATE SCHEMA ");
        put_ident(&rec, ss_ns_name(s));
        put_record(out, "sql ", &rec);
    }
    pthread_mutex_unlock(&c->mu);
    rc = enum_records(ctx, c, &rec, out);
    if (rc == SS_OK)
        rc = sequence_records(ctx, c, false, out, cache);
    pthread_mutex_lock(&c->mu);
    for (uint32_t i = 0; i < c->ntables && rc == SS_OK; i++) {
        ss_table *t = c->tables[i];
        if (t->system || !ss_ddl_visible(&t->ddl) || (t->ns && t->ns->temp_owner))
            continue; /* a temporary table is its session's, in memory (api/run.c) */
        if (t->backend != backend)
            rc = refuse_object(ctx, "tables of another storage backend", t->name);
        if (rc != SS_OK)
            break;
        if (t->matview) { /* with the views, below: its query reads them and they read it */
            ss_table **grown = realloc(mviews, (nmv + 1) * sizeof *grown);
            if (!grown) {
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                break;
            }
            mviews = grown;
            mviews[nmv++] = t;
            continue;
        }
        ss_strbuf *const dest[3] = {&tables, &indexes, &fkeys};
        rc = relation_parts(ctx, c, vt, t, old, cache, dest);
    }
    ss_strbuf_append(out, tables.data ? tables.data : "", tables.len);
    ss_strbuf_append(out, indexes.data ? indexes.data : "", indexes.len);
    ss_strbuf_append(out, fkeys.data ? fkeys.data : "", fkeys.len);
    bool parts_oom = tables.oom || indexes.oom || fkeys.oom;
    ss_strbuf_free(&tables);
    ss_strbuf_free(&indexes);
    ss_strbuf_free(&fkeys);
    pthread_mutex_unlock(&c->mu);
    if (rc == SS_OK)
        rc = sequence_records(ctx, c, true, out, cache);
    pthread_mutex_lock(&c->mu);
    /* views and materialized views, in creation order, each after the ones it reads */
    rel_item *items = rc == SS_OK && (c->nuser_views || nmv) ? malloc((c->nuser_views + nmv) * sizeof *items) : NULL;
    uint32_t ni = 0;
    if (rc == SS_OK && (c->nuser_views || nmv) && !items)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; items && rc == SS_OK && i < c->nuser_views; i++) {
        ss_view *v = c->user_views[i];
        if (ss_ddl_visible(&v->ddl) && !(v->ns && v->ns->temp_owner))
            items[ni++] = (rel_item){v->created, v->ns, v->name, v->ndeps, v->deps, v, NULL};
    }
    for (uint32_t i = 0; items && rc == SS_OK && i < nmv; i++) {
        ss_table *t = mviews[i];
        items[ni++] = (rel_item){t->matview->created, t->ns, t->name, t->matview->ndeps, t->matview->deps, NULL, t};
    }
    if (ni) {
        qsort(items, ni, sizeof *items, by_created);
        order_by_reads(items, ni);
    }
    pthread_mutex_unlock(&c->mu);
    for (uint32_t i = 0; i < ni && rc == SS_OK; i++) {
        if (items[i].t) { /* a materialized view: its stored ids, its record, its indexes */
            ss_strbuf *const dest[3] = {out, out, NULL}; /* no foreign keys */
            rc = relation_parts(ctx, c, vt, items[i].t, old, cache, dest);
            continue;
        }
        ss_view *v = items[i].v;
        char *text = NULL;
        if (ss_deparse_view_for_rename(ctx, c, v, NULL, &text) != SS_OK) {
            ss_error_clear(ctx->err);
            rc = refuse_object(ctx, "a view whose query cannot be printed", v->name);
            break;
        }
        ss_strbuf_clear(&rec);
        ss_strbuf_puts(&rec, text);
        free(text);
        if ((rc = check_readable(ctx, &rec, v->name)) == SS_OK)
            put_record(out, "sql ", &rec);
        rc = rc ? rc : view_default_records(ctx, v, &rec, out);
    }
    if (rc == SS_OK) { /* (oid8) last: the objects' oids, a comment to a reader without it */
        ss_strbuf_clear(&rec);
        ss_oid_image_record(c, &rec);
        put_record(out, "sql ", &rec);
    }
    free(items);
    free(mviews);
    bool rec_oom = rec.oom;
    ss_strbuf_free(&rec);
    if (rc == SS_OK && (out->oom || parts_oom || rec_oom))
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc != SS_OK) {
        ss_image_cache_free(cache);
        return rc;
    }
    ss_image_cache_free(old);
    *cachep = cache;
    return SS_OK;
}
