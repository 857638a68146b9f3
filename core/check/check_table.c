/* check_table.c — the integrity check of one table (check.h): a scan of every column with the
 * statement's snapshot (it must decode), NOT NULL among the visible rows, and every index of
 * the table against its rows: each visible row it covers is found by its key with its row id,
 * UNIQUE / PRIMARY KEY keys without NULLs belong to one visible row, and a full scan of the
 * index names no row id twice, none the table does not store (storage.h versions_stored),
 * and exactly the covered visible rows among the visible ones. */
#include <stdlib.h>
#include <string.h>

#include "check/check.h"
#include "exec/vector.h"
#include "index/index.h"
#include "txn/txn_api.h"

typedef struct index_state {
    ss_index *ix;
    uint64_t covered;   /* visible rows whose entry the lookup found */
} index_state;

typedef struct rowid_set {
    ss_rowid *ids;
    size_t n, cap;
} rowid_set;

static bool rowid_push(rowid_set *s, ss_rowid id)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        ss_rowid *ids = realloc(s->ids, cap * sizeof *ids);
        if (!ids)
            return false;
        s->ids = ids;
        s->cap = cap;
    }
    s->ids[s->n++] = id;
    return true;
}

static int cmp_rowid(const void *a, const void *b)
{
    ss_rowid x = *(const ss_rowid *)a, y = *(const ss_rowid *)b;
    return x < y ? -1 : x > y;
}

static bool rowid_has(const rowid_set *s, ss_rowid id)
{
    return s->n && bsearch(&id, s->ids, s->n, sizeof id, cmp_rowid) != NULL;
}

/* Whether the lookup of key finds row id self in ix. */
static int entry_found(ss_ctx *ctx, const ss_index *ix, const ss_value *key, ss_rowid self, bool *found)
{
    ss_rowid small[64], *ids = small;
    uint32_t total = 0;
    if (ix->vt->lookup(ctx, ix->handle, key, ix->nkeys, small, 64, &total) != SS_OK)
        return SS_ERROR;
    if (total > 64) {
        if (!(ids = malloc(sizeof *ids * total)))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        uint32_t again = total;
        if (ix->vt->lookup(ctx, ix->handle, key, ix->nkeys, ids, again, &total) != SS_OK) {
            free(ids);
            return SS_ERROR;
        }
        if (total > again)
            total = again;
    }
    *found = false;
    for (uint32_t i = 0; i < total && !*found; i++)
        *found = ids[i] == self;
    if (ids != small)
        free(ids);
    return SS_OK;
}

/* One visible row against every index of t. */
static int check_row_indexes(ss_ctx *ctx, ss_table *t, index_state *ixs, uint32_t nix, const ss_batch *b,
                             uint32_t row, ss_rowid id, const ss_snapshot *snap, ss_check_sink *k)
{
    for (uint32_t i = 0; i < nix; i++) {
        ss_index *ix = ixs[i].ix;
        ss_value key[ix->nkeys];
        bool indexed = false, found = false;
        if (ss_index_row_key(ctx, ix, b, row, key, &indexed) != SS_OK)
            return SS_ERROR;
        if (!indexed)
            continue;
        ss_index_lock(t);
        int rc = entry_found(ctx, ix, key, id, &found);
        bool dup = false, any_null = false;
        for (uint32_t c = 0; c < ix->nkeys; c++)
            any_null |= key[c].is_null;
        if (rc == SS_OK && ix->unique && !any_null)
            rc = ss_index_key_present(ctx, ix, key, ix->nkeys, id, snap, &dup);
        ss_index_unlock(t);
        if (rc != SS_OK)
            return SS_ERROR;
        const char *text = !found || dup ? ss_index_key_text(ctx, ix, key) : NULL;
        if (found)
            ixs[i].covered++;
        else
            ss_check_problem(k, "index", ix->name, -1, "index \"%s\" has no entry for row id %llu of table \"%s\" (key %s)",
                             ix->name, (unsigned long long)id, t->name, text ? text : "?");
        if (dup)
            ss_check_problem(k, "unique", ix->name, -1,
                             "%s \"%s\": key %s of row id %llu of table \"%s\" belongs to another visible row too",
                             ix->primary ? "primary key" : "unique index", ix->name, text ? text : "?",
                             (unsigned long long)id, t->name);
    }
    return SS_OK;
}

/* The scan: decode, NOT NULL, the rows against the indexes; visible gets the row ids seen. */
static int check_rows(ss_ctx *ctx, ss_table *t, index_state *ixs, uint32_t nix, const ss_snapshot *snap,
                      rowid_set *visible, ss_check_sink *k)
{
    uint32_t all[t->ncols ? t->ncols : 1];
    for (uint32_t c = 0; c < t->ncols; c++)
        all[c] = c;
    ss_scan_spec spec = {t->ncols, 0, all};
    void *scan = NULL;
    ss_batch *b = ss_batch_create(t->ncols, t->types, SS_BATCH_CAPACITY);
    if (!b)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = t->storage->scan_begin_snapshot(ctx, t->handle, &spec, snap, true, &scan);
    while (rc == SS_OK) {
        ss_batch_reset(b);
        if ((rc = t->storage->scan_next_batch(ctx, scan, b)) != SS_OK || b->count == 0)
            break;
        const ss_rowid *ids = t->storage->scan_rowids(scan);
        for (uint32_t r = 0; rc == SS_OK && r < ss_batch_rows(b); r++) {
            uint32_t row = ss_batch_row(b, r);
            k->stats->rows++;
            if (!rowid_push(visible, ids[r])) {
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                break;
            }
            for (uint32_t c = 0; c < t->ncols; c++)
                if (t->cols[c].not_null && ss_vector_is_null(b->cols[c], row))
                    ss_check_problem(k, "not null", t->name, -1,
                                     "column \"%s\" of relation \"%s\" is NULL in row id %llu, but NOT NULL",
                                     t->cols[c].name, t->name, (unsigned long long)ids[r]);
            rc = check_row_indexes(ctx, t, ixs, nix, b, row, ids[r], snap, k);
        }
    }
    if (scan)
        t->storage->scan_end(scan);
    ss_batch_destroy(b);
    return rc;
}

/* A full scan of ix: row ids named twice, not stored, and entries of visible rows beyond the
 * covered ones. */
static int check_entries(ss_ctx *ctx, ss_table *t, index_state *st, const rowid_set *visible, ss_check_sink *k)
{
    ss_index *ix = st->ix;
    rowid_set entries = {0};
    ss_index_scan *scan = NULL;
    ss_index_lock(t);
    int rc = ix->vt->scan_begin(ctx, ix->handle, NULL, NULL, false, &scan);
    while (rc == SS_OK) {
        ss_rowid buf[1024];
        uint32_t got = 0;
        if ((rc = ix->vt->scan_next(ctx, scan, buf, 1024, &got)) != SS_OK || got == 0)
            break;
        for (uint32_t i = 0; i < got && rc == SS_OK; i++)
            if (!rowid_push(&entries, buf[i]))
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    if (scan)
        ix->vt->scan_end(scan);
    ss_index_unlock(t);
    if (rc != SS_OK) {
        free(entries.ids);
        return SS_ERROR;
    }
    k->stats->index_entries += entries.n;
    if (entries.n)
        qsort(entries.ids, entries.n, sizeof *entries.ids, cmp_rowid);
    uint64_t of_visible = 0;
    bool stored_known = SS_STORAGE_HAS(t->storage, versions_stored) && t->storage->versions_stored;
    for (size_t i = 0; i < entries.n && rc == SS_OK; i += SS_BATCH_CAPACITY) {
        uint32_t n = entries.n - i < SS_BATCH_CAPACITY ? (uint32_t)(entries.n - i) : SS_BATCH_CAPACITY;
        bool stored[SS_BATCH_CAPACITY];
        if (stored_known && (rc = t->storage->versions_stored(ctx, t->handle, &entries.ids[i], n, stored)) != SS_OK)
            break;
        for (uint32_t j = 0; j < n; j++) {
            ss_rowid id = entries.ids[i + j];
            if (i + j > 0 && entries.ids[i + j - 1] == id) {
                ss_check_problem(k, "index", ix->name, -1, "index \"%s\" has more than one entry for row id %llu",
                                 ix->name, (unsigned long long)id);
                continue;
            }
            if (stored_known && !stored[j])
                ss_check_problem(k, "index", ix->name, -1,
                                 "index \"%s\" has an entry for row id %llu, which table \"%s\" does not store",
                                 ix->name, (unsigned long long)id, t->name);
            else if (rowid_has(visible, id))
                of_visible++;
        }
    }
    free(entries.ids);
    if (rc == SS_OK && of_visible != st->covered)
        ss_check_problem(k, "index", ix->name, -1,
                         "index \"%s\" has %llu entries for visible rows of table \"%s\", but %llu of them belong "
                         "in it (an entry under another key)",
                         ix->name, (unsigned long long)of_visible, t->name, (unsigned long long)st->covered);
    return rc;
}

int ss_check_table(ss_ctx *ctx, ss_table *t, ss_check_sink *k)
{
    const ss_storage_vtable *vt = t->storage;
    if (!SS_STORAGE_HAS(vt, fetch_versions) || !vt->scan_begin_snapshot || !vt->scan_rowids)
        return SS_OK; /* a backend without row versions: nothing to hold an index to */
    const ss_snapshot *snap = ss_api_txn_snapshot(ctx);
    if (!snap)
        snap = ss_index_snapshot(ctx);
    k->stats->tables++;
    uint32_t nix = 0;
    index_state *ixs = NULL;
    if (t->indexes && t->indexes->n) {
        if (!(ixs = calloc(t->indexes->n, sizeof *ixs)))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        for (uint32_t i = 0; i < t->indexes->n; i++)
            if (ss_ddl_visible(&t->indexes->list[i]->ddl))
                ixs[nix++].ix = t->indexes->list[i];
    }
    k->stats->indexes += nix;
    rowid_set visible = {0};
    int rc = check_rows(ctx, t, ixs, nix, snap, &visible, k);
    if (rc != SS_OK && strcmp(ctx->err->sqlstate, SS_SQLSTATE_OUT_OF_MEMORY) != 0 &&
        strcmp(ctx->err->sqlstate, "57014") != 0) {
        /* the rows do not read back: the problem, and the indexes cannot be held to them */
        ss_check_problem(k, "table", t->name, -1, "table \"%s\" cannot be read: %s", t->name,
                         ctx->err->message ? ctx->err->message : "(no message)");
        ss_error_clear(ctx->err);
        free(visible.ids);
        free(ixs);
        return SS_OK;
    }
    if (rc == SS_OK && visible.n)
        qsort(visible.ids, visible.n, sizeof *visible.ids, cmp_rowid);
    for (uint32_t i = 0; rc == SS_OK && i < nix; i++)
        rc = check_entries(ctx, t, &ixs[i], &visible, k);
    free(visible.ids);
    free(ixs);
    return rc;
}
