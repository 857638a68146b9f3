/* fkey_check.c — enforcing foreign keys (fkey.h): the referenced row of each new
 * referencing row, found through the referenced table's unique index; the referencing rows
 * of removed referenced keys, found through an index of the referencing table whose leading
 * columns are the foreign key's, or else by one scan of it against a hash of the keys; and
 * TRUNCATE of referenced tables.  Every read uses the snapshot uniqueness checks use, so
 * the statement's own changes count. */
#include <stdlib.h>
#include <string.h>

#include "defer/defer.h"
#include "exec/row_lock_take.h"
#include "exec/vector.h"
#include "fkey/fkey.h"
#include "fkey/fkey_types.h"
#include "index/index.h"
#include "txn/txn_session.h"
#include "types/typeio.h"
#include "util/arena.h"
#include "util/strbuf.h"

/* PostgreSQL's "(a, b)=(1, 2)" for the columns cols of t and the values vals, typed like
   the columns tcols of typed_by. */
static char *key_text_typed(ss_ctx *ctx, const ss_table *t, const uint32_t *cols, const ss_table *typed_by,
                            const uint32_t *tcols, const ss_value *vals, uint32_t n)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_strbuf_putc(&sb, '(');
    for (uint32_t i = 0; i < n; i++)
        ss_strbuf_printf(&sb, "%s%s", i ? ", " : "", t->cols[cols[i]].name);
    ss_strbuf_puts(&sb, ")=(");
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            ss_strbuf_puts(&sb, ", ");
        ss_value_format(typed_by->types[tcols[i]], &vals[i], &sb);
    }
    ss_strbuf_putc(&sb, ')');
    char *out = sb.oom ? NULL : ss_arena_strdup(ctx->arena, sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return out;
}

static char *key_text(ss_ctx *ctx, const ss_table *t, const uint32_t *cols, const ss_value *vals, uint32_t n)
{
    return key_text_typed(ctx, t, cols, t, cols, vals, n);
}

static const ss_index *ref_index(ss_ctx *ctx, const ss_fkey *fk)
{
    const ss_index *ix = ss_fkey_find_index(fk->ref, fk->ref_cols, fk->ncols);
    if (!ix)
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                     "the unique index behind foreign key constraint \"%s\" on table \"%s\" is missing", fk->name,
                     fk->table->name);
    return ix;
}

/* (LK) *id: the row version with key (ix->nkeys values) live now (ss_index_key_live found
   one), SS_ROWID_INVALID if none is any more; the index lock held. */
static int live_row(ss_ctx *ctx, const ss_index *ix, const ss_value *key, ss_rowid *id)
{
    ss_rowid small[SS_INDEX_CANDIDATES_SMALL], *cand = small;
    uint32_t n = 0;
    *id = SS_ROWID_INVALID;
    if (ss_index_candidates(ctx, ix, key, ix->nkeys, SS_ROWID_INVALID, &cand, &n) != SS_OK)
        return SS_ERROR;
    for (uint32_t k = 0; k < n; k++) {
        ss_xid peek = SS_XID_PEEK, holder = SS_XID_INVALID;
        ss_version_stamp seen;
        if (ix->table->storage->lock_versions(ctx, ix->table->handle, &cand[k], 1, SS_XID_INVALID, 0, &peek,
                                              &seen) != SS_OK)
            return SS_ERROR;
        if (ss_index_candidate_state(ctx->txn->m, ctx->txn->top, &seen, false, &holder) == SS_CAND_LIVE) {
            *id = cand[k];
            return SS_OK;
        }
    }
    return SS_OK;
}

/* Whether ref has a visible row whose referenced columns hold vals (one per fk column, typed
   like from[k]); *present false when a value cannot be one of ix's (out of its range). */
static int referenced_present(ss_ctx *ctx, const ss_fkey *fk, const ss_index *ix, const ss_type *from,
                              const ss_value *vals, const ss_snapshot *snap, bool *present)
{
    ss_value key[fk->ncols];
    *present = false;
    for (uint32_t j = 0; j < ix->nkeys; j++) {
        uint32_t k = 0;
        while (k < fk->ncols && fk->ref_cols[k] != ix->cols[j])
            k++;
        if (!ss_fkey_convert(from[k].id, ix->types[j].id, &vals[k], &key[j]))
            return SS_OK;
    }
    /* live now, after any running transaction deleting it has ended (PostgreSQL's FOR KEY
       SHARE of the referenced row waits for it); other sessions may be inserting into ix */
    for (;;) {
        uint32_t nlive = 0;
        ss_index_lock(ix->table);
        int rc = ss_index_key_live(ctx, ix, key, ix->nkeys, false, snap, &nlive);
        ss_rowid id = SS_ROWID_INVALID;
        if (rc == SS_OK && nlive && ctx->txn && ctx->txn->top != SS_XID_INVALID)
            rc = live_row(ctx, ix, key, &id);
        ss_index_unlock(ix->table);
        *present = nlive > 0;
        if (rc != SS_OK || id == SS_ROWID_INVALID)
            return rc;
        /* (LK) PostgreSQL's FOR KEY SHARE of the referenced row, held to the transaction's
           end: a DELETE or key UPDATE of it waits for this transaction, a non-key UPDATE
           does not (exec/row_lock_take.c) */
        ss_row_lock_result res;
        if (ss_row_lock_take(ctx, ix->table, id, SS_ROW_LOCK_KEY_SHARE, SS_ROW_LOCK_WAIT, &res) != SS_OK)
            return SS_ERROR;
        if (res == SS_ROW_LOCK_TAKEN)
            return SS_OK;
        /* READ COMMITTED: it changed meanwhile; look again */
    }
}

/* How a key's NULLs decide: 0 check it, 1 it passes (MATCH SIMPLE: a NULL; FULL: all NULL),
   -1 MATCH FULL with some but not all NULL. */
static int null_rule(const ss_fkey *fk, const ss_value *vals)
{
    uint32_t nulls = 0;
    for (uint32_t k = 0; k < fk->ncols; k++)
        nulls += vals[k].is_null;
    if (!nulls)
        return 0;
    return fk->match == 'f' && nulls < fk->ncols ? -1 : 1;
}

static int check_one_new(ss_ctx *ctx, const ss_fkey *fk, const ss_batch *rows, const ss_snapshot *snap)
{
    const ss_index *ix = ref_index(ctx, fk);
    if (!ix)
        return SS_ERROR;
    ss_type from[fk->ncols];
    for (uint32_t k = 0; k < fk->ncols; k++)
        from[k] = fk->table->types[fk->cols[k]];
    ss_value vals[fk->ncols];
    for (uint32_t r = 0; r < ss_batch_rows(rows); r++) {
        uint32_t row = ss_batch_row(rows, r);
        for (uint32_t k = 0; k < fk->ncols; k++)
            ss_vector_get_value(rows->cols[fk->cols[k]], row, &vals[k]);
        int rule = null_rule(fk, vals);
        if (rule == 1)
            continue;
        if (rule == -1) {
            ss_ctx_error(ctx, "23503", "insert or update on table \"%s\" violates foreign key constraint \"%s\"",
                         fk->table->name, fk->name);
            ss_ctx_error_detail(ctx, "MATCH FULL does not allow mixing of null and nonnull key values.");
            return SS_ERROR;
        }
        bool present;
        if (referenced_present(ctx, fk, ix, from, vals, snap, &present) != SS_OK)
            return SS_ERROR;
        if (!present) {
            char *text = key_text(ctx, fk->table, fk->cols, vals, fk->ncols);
            ss_ctx_error(ctx, "23503", "insert or update on table \"%s\" violates foreign key constraint \"%s\"",
                         fk->table->name, fk->name);
            if (text)
                ss_ctx_error_detail(ctx, "Key %s is not present in table \"%s\".", text, fk->ref->name);
            return SS_ERROR;
        }
    }
    return SS_OK;
}

int ss_fkey_check_new_rows(ss_ctx *ctx, ss_table *t, const ss_batch *rows)
{
    if (!ss_fkey_table_has(t) || ss_batch_rows(rows) == 0)
        return SS_OK;
    ss_snapshot snap;
    ss_index_unique_snapshot(ctx, &snap);
    for (uint32_t i = 0; i < t->fkeys->n; i++) {
        const ss_fkey *fk = t->fkeys->list[i];
        if (fk->deferrable && ss_defer_is_deferred(ctx->txn, fk, fk->initdeferred))
            continue; /* queued by ss_dml_write_versions, checked at COMMIT */
        if (check_one_new(ctx, fk, rows, &snap) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_fkey_check_rows_of(ss_ctx *ctx, const ss_fkey *fk, const ss_batch *rows)
{
    if (ss_batch_rows(rows) == 0)
        return SS_OK;
    ss_snapshot snap;
    ss_index_unique_snapshot(ctx, &snap);
    return check_one_new(ctx, fk, rows, &snap);
}

/* ---- the referenced side ------------------------------------------------------------ */

/* Removed keys no row of the referenced table holds any more, as values of the referencing
   columns' types, with an open-addressing hash over them. */
typedef struct orphan_set {
    uint32_t ncols, n, cap;
    ss_value *keys;       /* n * ncols, typed like the referencing columns */
    ss_value *ref_keys;   /* the same keys as the referenced table holds them (for DETAIL) */
    ss_value *new_keys;   /* ON UPDATE CASCADE: each key's replacement, typed like keys */
    uint32_t *slots;      /* cap slots: index + 1, 0 empty */
    uint32_t nslots;
} orphan_set;

static uint64_t key_hash(const ss_fkey *fk, const ss_value *key)
{
    uint64_t h = 0;
    for (uint32_t k = 0; k < fk->ncols; k++)
        h = h * 31 + ss_fkey_value_hash(fk->table->types[fk->cols[k]].id, &key[k]);
    return h;
}

static bool key_equal(const ss_fkey *fk, const ss_value *a, const ss_value *b)
{
    for (uint32_t k = 0; k < fk->ncols; k++)
        if (!ss_fkey_values_equal(fk->table->types[fk->cols[k]].id, &a[k], &b[k]))
            return false;
    return true;
}

static int orphans_hash(ss_ctx *ctx, const ss_fkey *fk, orphan_set *s)
{
    s->nslots = 16;
    while (s->nslots < s->n * 2)
        s->nslots *= 2;
    if (!(s->slots = ss_arena_alloc(ctx->arena, sizeof *s->slots * s->nslots)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memset(s->slots, 0, sizeof *s->slots * s->nslots);
    for (uint32_t i = 0; i < s->n; i++) {
        uint32_t at = (uint32_t)key_hash(fk, &s->keys[(size_t)i * s->ncols]) & (s->nslots - 1);
        while (s->slots[at])
            at = (at + 1) & (s->nslots - 1);
        s->slots[at] = i + 1;
    }
    return SS_OK;
}

/* The orphan equal to key, or -1. */
static int64_t orphans_find(const ss_fkey *fk, const orphan_set *s, const ss_value *key)
{
    uint32_t at = (uint32_t)key_hash(fk, key) & (s->nslots - 1);
    for (; s->slots[at]; at = (at + 1) & (s->nslots - 1))
        if (key_equal(fk, &s->keys[(size_t)(s->slots[at] - 1) * s->ncols], key))
            return s->slots[at] - 1;
    return -1;
}

/* One more of s's arrays of cap keys (old: its n keys so far), NULL on OOM. */
static ss_value *grow_keys(ss_ctx *ctx, const orphan_set *s, const ss_value *old, uint32_t cap)
{
    ss_value *keys = ss_arena_alloc(ctx->arena, sizeof *keys * cap * s->ncols);
    if (keys && s->n)
        memcpy(keys, old, sizeof *keys * s->n * s->ncols);
    return keys;
}

/* Adds an orphan: key (referencing columns' types), ref_key (as ref holds it) and, for ON
   UPDATE CASCADE, new_key (its replacement, referencing types; NULL otherwise). */
static int orphans_add(ss_ctx *ctx, orphan_set *s, const ss_value *key, const ss_value *ref_key,
                       const ss_value *new_key)
{
    if (s->n == s->cap) {
        uint32_t cap = s->cap ? s->cap * 2 : 16;
        ss_value *keys = grow_keys(ctx, s, s->keys, cap);
        ss_value *refs = grow_keys(ctx, s, s->ref_keys, cap);
        ss_value *news = grow_keys(ctx, s, s->new_keys, cap);
        if (!keys || !refs || !news)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        s->keys = keys;
        s->ref_keys = refs;
        s->new_keys = news;
        s->cap = cap;
    }
    size_t at = (size_t)s->n * s->ncols;
    memcpy(&s->keys[at], key, sizeof *key * s->ncols);
    memcpy(&s->ref_keys[at], ref_key, sizeof *ref_key * s->ncols);
    for (uint32_t k = 0; k < s->ncols; k++)
        s->new_keys[at + k] = new_key ? new_key[k] : (ss_value){.is_null = true};
    s->n++;
    return SS_OK;
}

/* An index of the referencing table whose first ncols keys are the foreign key's columns
   (in any order), for point lookups; *order[j] gets the fk column of key j. */
static const ss_index *referencing_index(const ss_fkey *fk, uint32_t *order)
{
    const ss_table_indexes *l = fk->table->indexes;
    for (uint32_t i = 0; l && i < l->n; i++) {
        const ss_index *ix = l->list[i];
        if (ix->nkeys < fk->ncols || ix->pred) /* a partial index misses rows */
            continue;
        bool all = true;
        for (uint32_t j = 0; j < fk->ncols && all; j++) {
            uint32_t k = 0;
            while (k < fk->ncols && fk->cols[k] != ix->cols[j])
                k++;
            all = k < fk->ncols;
            order[j] = k;
        }
        if (all)
            return ix;
    }
    return NULL;
}

static int still_referenced(ss_ctx *ctx, const ss_fkey *fk, const ss_value *ref_key, bool update)
{
    char action = update ? fk->on_update : fk->on_delete;
    if (action == 'a' || action == 'r') {
        char *text = key_text(ctx, fk->ref, fk->ref_cols, ref_key, fk->ncols);
        ss_ctx_error(ctx, "23503", "update or delete on table \"%s\" violates foreign key constraint \"%s\" on table \"%s\"",
                     fk->ref->name, fk->name, fk->table->name);
        if (text)
            ss_ctx_error_detail(ctx, "Key %s is still referenced from table \"%s\".", text, fk->table->name);
        return SS_ERROR;
    }
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                        "feature not supported: ON %s %s of foreign key constraint \"%s\" on table \"%s\" "
                        "(a row of \"%s\" references the %s row)",
                        update ? "UPDATE" : "DELETE", action == 'c' ? "CASCADE" : action == 'n' ? "SET NULL" : "SET DEFAULT",
                        fk->name, fk->table->name, fk->table->name, update ? "updated" : "deleted");
}

/* The row ids of the rows referencing an orphan (ON DELETE CASCADE), arena memory. */
typedef struct rowid_list {
    ss_rowid *ids;
    uint32_t *orphan;     /* the orphan each row references (its index in the orphan set) */
    uint32_t n, cap;
} rowid_list;

static int rowids_add(ss_ctx *ctx, rowid_list *l, ss_rowid id, uint32_t orphan)
{
    if (l->n == l->cap) {
        uint32_t cap = l->cap ? l->cap * 2 : 64;
        ss_rowid *ids = ss_arena_alloc(ctx->arena, sizeof *ids * cap);
        uint32_t *orphans = ss_arena_alloc(ctx->arena, sizeof *orphans * cap);
        if (!ids || !orphans)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        if (l->n) {
            memcpy(ids, l->ids, sizeof *ids * l->n);
            memcpy(orphans, l->orphan, sizeof *orphans * l->n);
        }
        l->ids = ids;
        l->orphan = orphans;
        l->cap = cap;
    }
    l->orphan[l->n] = orphan;
    l->ids[l->n++] = id;
    return SS_OK;
}

/* Whether the referencing rows are deleted or updated by the action (with a way to) rather
   than refused. */
static bool cascades(const ss_fkey *fk, bool update, const ss_fkey_cascade *cascade)
{
    char action = update ? fk->on_update : fk->on_delete;
    if (!cascade || action == 'a' || action == 'r')
        return false;
    return !update && action == 'c' ? cascade->delete_rows != NULL : cascade->set_rows != NULL;
}

/* The visible rows of fk's table whose first fk->ncols keys in ix equal key, to list
   (ix's index lock held). */
static int collect_by_index(ss_ctx *ctx, const ss_fkey *fk, const ss_index *ix, const ss_value *key,
                            const ss_snapshot *snap, rowid_list *list, uint32_t orphan)
{
    ss_index_bound b = {key, fk->ncols, true, {0}};
    ss_index_scan *scan;
    if (ix->vt->scan_begin(ctx, ix->handle, &b, &b, false, &scan) != SS_OK)
        return SS_ERROR;
    static _Thread_local ss_rowid ids[SS_BATCH_CAPACITY];
    static _Thread_local bool found[SS_BATCH_CAPACITY];
    uint32_t n;
    ss_scan_spec spec = {0, 0, NULL};
    ss_batch out = {0, 0, NULL, 0, NULL};
    int rc;
    while ((rc = ix->vt->scan_next(ctx, scan, ids, SS_BATCH_CAPACITY, &n)) == SS_OK && n) {
        rc = fk->table->storage->fetch_versions(ctx, fk->table->handle, &spec, snap, ids, n, &out, found);
        for (uint32_t k = 0; rc == SS_OK && k < n; k++)
            if (found[k])
                rc = rowids_add(ctx, list, ids[k], orphan);
        if (rc != SS_OK)
            break;
    }
    ix->vt->scan_end(scan);
    return rc;
}

/* Through an index of the referencing table: a lookup per orphan.  With list (ON DELETE
   CASCADE) every referencing row's id goes to list instead of an error. */
static int find_by_index(ss_ctx *ctx, const ss_fkey *fk, const ss_index *ix, const uint32_t *order,
                         const orphan_set *s, const ss_snapshot *snap, bool update, rowid_list *list)
{
    ss_value key[fk->ncols];
    for (uint32_t i = 0; i < s->n; i++) {
        const ss_value *o = &s->keys[(size_t)i * s->ncols];
        for (uint32_t j = 0; j < fk->ncols; j++)
            key[j] = o[order[j]];
        /* the referencing rows live now, after the running transactions writing or
           deleting one have ended: a row another session inserted but has not committed
           yet counts once it commits */
        uint32_t nlive = 0, before = list ? list->n : 0;
        ss_index_lock(ix->table);
        int rc = ss_index_key_live(ctx, ix, key, fk->ncols, true, snap, &nlive);
        if (rc == SS_OK && list)
            rc = collect_by_index(ctx, fk, ix, key, snap, list, i);
        ss_index_unlock(ix->table);
        if (rc != SS_OK)
            return SS_ERROR;
        if (list && list->n - before < nlive) /* one committed after the statement's snapshot */
            return ss_ctx_error(ctx, "40001", "could not serialize access due to concurrent update");
        if (!list && nlive)
            return still_referenced(ctx, fk, &s->ref_keys[(size_t)i * s->ncols], update);
    }
    return SS_OK;
}

/* One scan of the referencing table under snap against the orphans' hash: with list, every
   referencing row's id goes to list; else *hit gets the first orphan a row references (-1:
   none). */
static int scan_referencing(ss_ctx *ctx, const ss_fkey *fk, orphan_set *s, const ss_snapshot *snap,
                            rowid_list *list, int64_t *hit_out)
{
    if (orphans_hash(ctx, fk, s) != SS_OK)
        return SS_ERROR;
    const ss_table *t = fk->table;
    ss_type types[fk->ncols];
    for (uint32_t k = 0; k < fk->ncols; k++)
        types[k] = t->types[fk->cols[k]];
    ss_scan_spec spec = {fk->ncols, 0, fk->cols};
    void *scan;
    if (t->storage->scan_begin_snapshot(ctx, t->handle, &spec, snap, list != NULL, &scan) != SS_OK)
        return SS_ERROR;
    ss_batch *b = ss_batch_create(fk->ncols, types, SS_BATCH_CAPACITY);
    int rc = b ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int64_t hit = -1;
    ss_value key[fk->ncols];
    while (rc == SS_OK && hit < 0) {
        ss_batch_reset(b);
        if ((rc = t->storage->scan_next_batch(ctx, scan, b)) != SS_OK || b->count == 0)
            break;
        const ss_rowid *ids = list ? t->storage->scan_rowids(scan) : NULL;
        for (uint32_t r = 0; rc == SS_OK && r < ss_batch_rows(b) && hit < 0; r++) {
            uint32_t row = ss_batch_row(b, r);
            for (uint32_t k = 0; k < fk->ncols; k++)
                ss_vector_get_value(b->cols[k], row, &key[k]);
            if (null_rule(fk, key) != 0)
                continue;
            int64_t at = orphans_find(fk, s, key);
            if (at >= 0 && list)
                rc = rowids_add(ctx, list, ids[r], (uint32_t)at);
            else
                hit = at;
        }
    }
    t->storage->scan_end(scan);
    if (b)
        ss_batch_destroy(b);
    *hit_out = hit;
    return rc;
}

/* The referencing rows of the orphans without an index to probe: the running transactions
   that wrote to the referencing table are waited for first; if one of them committed, its
   rows are newer than the snapshot, so NO ACTION scans with a fresh one, and an action's
   rows (collected with snap, as the command sees them) are checked again afterwards
   (*recheck: the caller runs the fresh scan once the action is done). */
static int find_by_scan(ss_ctx *ctx, const ss_fkey *fk, orphan_set *s, const ss_snapshot *snap, bool update,
                        rowid_list *list, ss_txn_snapshot *fresh, bool *recheck)
{
    bool committed = false;
    *recheck = false;
    if (ss_fkey_wait_writers(ctx, fk->table, &committed) != SS_OK)
        return SS_ERROR;
    if (committed) {
        if (ss_txn_snapshot_take(ctx->txn->m, fresh, ctx->txn->top, UINT32_MAX) != 0)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        *recheck = list != NULL;
    }
    int64_t hit = -1;
    if (scan_referencing(ctx, fk, s, committed && !list ? &fresh->snap : snap, list, &hit) != SS_OK)
        return SS_ERROR;
    return hit >= 0 ? still_referenced(ctx, fk, &s->ref_keys[(size_t)hit * s->ncols], update) : SS_OK;
}

/* The referencing rows in list (of orphans s) go through cascade: deleted (ON DELETE
   CASCADE) or updated (SET NULL, SET DEFAULT, ON UPDATE CASCADE with s's new keys). */
static int apply_action(ss_ctx *ctx, const ss_fkey *fk, bool update, const orphan_set *s, const rowid_list *list,
                        const ss_fkey_cascade *cascade)
{
    char action = update ? fk->on_update : fk->on_delete;
    ss_value *keys = NULL;
    if (((action == 'c' && update) || action == 'd') &&
        !(keys = ss_arena_alloc(ctx->arena, sizeof *keys * SS_BATCH_CAPACITY * fk->ncols)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t at = 0; at < list->n; at += SS_BATCH_CAPACITY) {
        uint32_t m = list->n - at < SS_BATCH_CAPACITY ? list->n - at : SS_BATCH_CAPACITY;
        int rc;
        if (action == 'c' && !update) {
            rc = cascade->delete_rows(cascade->arg, fk->table, list->ids + at, m);
        } else {
            const ss_value *from = action == 'c' ? s->new_keys : s->keys; /* SET DEFAULT: the removed key */
            for (uint32_t j = 0; keys && j < m; j++)
                memcpy(&keys[(size_t)j * fk->ncols], &from[(size_t)list->orphan[at + j] * fk->ncols],
                       sizeof *keys * fk->ncols);
            rc = cascade->set_rows(cascade->arg, fk, list->ids + at, m, action, keys);
        }
        if (rc != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

/* Converts the referenced values vals (typed like from) to the referencing columns' types
   (ON UPDATE CASCADE's new key): 22003 when one does not fit. */
static int convert_new_key(ss_ctx *ctx, const ss_fkey *fk, const ss_type *from, ss_value *vals, ss_value *out)
{
    for (uint32_t k = 0; k < fk->ncols; k++) {
        if (vals[k].is_null) {
            out[k] = vals[k];
            continue;
        }
        if (!ss_fkey_convert(from[k].id, fk->table->types[fk->cols[k]].id, &vals[k], &out[k])) {
            ss_ctx_error(ctx, "22003", "%s out of range",
                         fk->table->types[fk->cols[k]].id == SS_TYPE_INT2 ? "smallint" : "integer");
            char *sql = ss_fkey_action_sql(ctx, fk, 'c', true);
            if (sql)
                ss_ctx_error_context(ctx, "SQL statement \"%s\"", sql);
            return SS_ERROR;
        }
    }
    return SS_OK;
}

static int check_one_removed(ss_ctx *ctx, const ss_fkey *fk, const ss_batch *old_rows, const ss_batch *new_rows,
                             const ss_snapshot *snap, bool update, const ss_fkey_cascade *cascade)
{
    const ss_index *ix = ref_index(ctx, fk);
    if (!ix)
        return SS_ERROR;
    ss_type from[fk->ncols];
    for (uint32_t k = 0; k < fk->ncols; k++)
        from[k] = fk->ref->types[fk->ref_cols[k]];
    bool new_key = update && fk->on_update == 'c' && new_rows;
    orphan_set s = {fk->ncols, 0, 0, NULL, NULL, NULL, NULL, 0};
    ss_value vals[fk->ncols], conv[fk->ncols], nvals[fk->ncols], nconv[fk->ncols];
    for (uint32_t r = 0; r < ss_batch_rows(old_rows); r++) {
        uint32_t row = ss_batch_row(old_rows, r);
        bool has_null = false;
        for (uint32_t k = 0; k < fk->ncols; k++) {
            ss_vector_get_value(old_rows->cols[fk->ref_cols[k]], row, &vals[k]);
            has_null |= vals[k].is_null;
        }
        if (has_null)
            continue;
        bool present;
        if (referenced_present(ctx, fk, ix, from, vals, snap, &present) != SS_OK)
            return SS_ERROR;
        if (present) /* another row (or the updated one) still holds the key */
            continue;
        bool fits = true;
        for (uint32_t k = 0; k < fk->ncols && fits; k++)
            fits = ss_fkey_convert(from[k].id, fk->table->types[fk->cols[k]].id, &vals[k], &conv[k]);
        if (!fits)
            continue; /* no referencing row can hold the key */
        if (new_key) {
            uint32_t nrow = ss_batch_row(new_rows, r);
            for (uint32_t k = 0; k < fk->ncols; k++)
                ss_vector_get_value(new_rows->cols[fk->ref_cols[k]], nrow, &nvals[k]);
            if (convert_new_key(ctx, fk, from, nvals, nconv) != SS_OK)
                return SS_ERROR;
        }
        if (orphans_add(ctx, &s, conv, vals, new_key ? nconv : NULL) != SS_OK)
            return SS_ERROR;
    }
    if (s.n == 0)
        return SS_OK;
    uint32_t order[fk->ncols];
    const ss_index *cix = referencing_index(fk, order);
    rowid_list list = {NULL, NULL, 0, 0}, *lp = cascades(fk, update, cascade) ? &list : NULL;
    ss_txn_snapshot fresh = {0};
    bool recheck = false;
    int rc = cix ? find_by_index(ctx, fk, cix, order, &s, snap, update, lp)
                 : find_by_scan(ctx, fk, &s, snap, update, lp, &fresh, &recheck);
    if (rc == SS_OK && lp && list.n)
        rc = apply_action(ctx, fk, update, &s, &list, cascade);
    if (rc == SS_OK && recheck) { /* a referencing row committed after the snapshot the action missed */
        int64_t hit = -1;
        fresh.snap.command_id = UINT32_MAX;
        rc = scan_referencing(ctx, fk, &s, &fresh.snap, NULL, &hit);
        if (rc == SS_OK && hit >= 0)
            rc = ss_ctx_error(ctx, "40001", "could not serialize access due to concurrent update");
    }
    if (fresh.buf || fresh.slot1)
        ss_txn_snapshot_free(&fresh);
    return rc;
}

/* A deferred NO ACTION foreign key: the removed rows whose key changed are queued by their
   row ids (old_ids[r] for row r of old_rows); the check runs later (defer/defer.h). */
static int queue_removed(ss_ctx *ctx, const ss_fkey *fk, const ss_batch *old_rows, const ss_rowid *old_ids,
                         const ss_batch *new_rows, bool update)
{
    for (uint32_t r = 0; r < ss_batch_rows(old_rows); r++) {
        uint32_t row = ss_batch_row(old_rows, r);
        bool has_null = false, same = update && new_rows;
        for (uint32_t k = 0; k < fk->ncols; k++) {
            uint32_t c = fk->ref_cols[k];
            ss_value v, nv;
            ss_vector_get_value(old_rows->cols[c], row, &v);
            has_null |= v.is_null;
            if (same && !has_null) { /* PostgreSQL's RI_FKey_pk_upd_check_required */
                ss_vector_get_value(new_rows->cols[c], ss_batch_row(new_rows, r), &nv);
                same = !nv.is_null && ss_fkey_values_equal(fk->ref->types[c].id, &v, &nv);
            }
        }
        if (has_null || same)
            continue;
        if (ss_defer_queue_removed(ctx, fk, old_ids[r], update) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_fkey_check_removed_of(ss_ctx *ctx, const ss_fkey *fk, const ss_batch *old_rows, bool update)
{
    ss_snapshot snap;
    ss_index_unique_snapshot(ctx, &snap);
    return check_one_removed(ctx, fk, old_rows, NULL, &snap, update, NULL);
}

int ss_fkey_check_removed_rows(ss_ctx *ctx, ss_table *ref, const ss_batch *old_rows, const ss_rowid *old_ids,
                               const ss_batch *new_rows, bool update, const ss_fkey_cascade *cascade)
{
    if (ss_batch_rows(old_rows) == 0)
        return SS_OK;
    if (new_rows && ss_batch_rows(new_rows) != ss_batch_rows(old_rows))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "foreign key check: %u old rows for %u new ones",
                            ss_batch_rows(old_rows), ss_batch_rows(new_rows));
    uint32_t n;
    ss_fkey **fks = ss_fkey_referencing(ctx->catalog, ref, true, &n);
    if (!fks)
        return SS_OK;
    ss_snapshot snap;
    ss_index_unique_snapshot(ctx, &snap);
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && i < n; i++) {
        const ss_fkey *fk = fks[i];
        char action = update ? fk->on_update : fk->on_delete;
        if (action == 'a' && fk->deferrable && old_ids && ss_defer_is_deferred(ctx->txn, fk, fk->initdeferred))
            rc = queue_removed(ctx, fk, old_rows, old_ids, new_rows, update);
        else
            rc = check_one_removed(ctx, fk, old_rows, new_rows, &snap, update, cascade);
    }
    free(fks);
    return rc;
}

int ss_fkey_check_default_kept(ss_ctx *ctx, const ss_fkey *fk, const ss_batch *rows, const ss_value *orphans,
                               bool update)
{
    ss_value v[fk->ncols];
    for (uint32_t j = 0; j < ss_batch_rows(rows); j++) {
        uint32_t row = ss_batch_row(rows, j);
        const ss_value *o = &orphans[(size_t)j * fk->ncols];
        bool same = true;
        for (uint32_t k = 0; k < fk->ncols && same; k++) {
            ss_vector_get_value(rows->cols[fk->cols[k]], row, &v[k]);
            same = !v[k].is_null && ss_fkey_values_equal(fk->table->types[fk->cols[k]].id, &v[k], &o[k]);
        }
        if (!same)
            continue;
        char *text = key_text_typed(ctx, fk->ref, fk->ref_cols, fk->table, fk->cols, o, fk->ncols);
        ss_ctx_error(ctx, "23503", "update or delete on table \"%s\" violates foreign key constraint \"%s\" on table \"%s\"",
                     fk->ref->name, fk->name, fk->table->name);
        if (text)
            ss_ctx_error_detail(ctx, "Key %s is still referenced from table \"%s\".", text, fk->table->name);
        (void)update;
        return SS_ERROR;
    }
    return SS_OK;
}

/* PostgreSQL's quoteOneName: always in double quotes, embedded ones doubled. */
static void quote_name(ss_strbuf *sb, const char *name)
{
    ss_strbuf_putc(sb, '"');
    for (const char *p = name; *p; p++) {
        if (*p == '"')
            ss_strbuf_putc(sb, '"');
        ss_strbuf_putc(sb, *p);
    }
    ss_strbuf_putc(sb, '"');
}

bool ss_fkey_action_sets(const ss_fkey *fk, bool update, uint32_t col)
{
    if (update || fk->ndel_set == 0)
        return true;
    for (uint32_t i = 0; i < fk->ndel_set; i++)
        if (fk->del_set[i] == col)
            return true;
    return false;
}

char *ss_fkey_action_sql(ss_ctx *ctx, const ss_fkey *fk, char action, bool update)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_strbuf_puts(&sb, "UPDATE ONLY \"public\".");
    quote_name(&sb, fk->table->name);
    ss_strbuf_puts(&sb, " SET ");
    bool first_set = true;
    for (uint32_t k = 0; k < fk->ncols; k++) {
        if (!ss_fkey_action_sets(fk, update, fk->cols[k]))
            continue;
        if (!first_set)
            ss_strbuf_puts(&sb, ", ");
        first_set = false;
        quote_name(&sb, fk->table->cols[fk->cols[k]].name);
        if (action == 'n')
            ss_strbuf_puts(&sb, " = NULL");
        else if (action == 'd')
            ss_strbuf_puts(&sb, " = DEFAULT");
        else
            ss_strbuf_printf(&sb, " = $%u", k + 1);
    }
    uint32_t first = action == 'c' ? fk->ncols + 1 : 1;
    for (uint32_t k = 0; k < fk->ncols; k++) {
        ss_strbuf_printf(&sb, "%s$%u OPERATOR(pg_catalog.=) ", k ? " AND " : " WHERE ", first + k);
        quote_name(&sb, fk->table->cols[fk->cols[k]].name);
    }
    char *out = sb.oom ? NULL : ss_arena_strdup(ctx->arena, sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return out;
}

int ss_fkey_check_truncate(ss_ctx *ctx, const ss_catalog *c, ss_table *const *tables, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        uint32_t nref;
        ss_fkey **fks = ss_fkey_referencing(c, tables[i], false, &nref);
        for (uint32_t f = 0; f < nref; f++) {
            bool listed = false;
            for (uint32_t j = 0; j < n && !listed; j++)
                listed = tables[j] == fks[f]->table;
            if (listed)
                continue;
            ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                         "cannot truncate a table referenced in a foreign key constraint");
            ss_ctx_error_detail(ctx, "Table \"%s\" references \"%s\".", fks[f]->table->name, tables[i]->name);
            ss_ctx_error_hint(ctx, "Truncate table \"%s\" at the same time, or use TRUNCATE ... CASCADE.",
                              fks[f]->table->name);
            free(fks);
            return SS_ERROR;
        }
        free(fks);
    }
    return SS_OK;
}
