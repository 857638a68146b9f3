/* btree_scan.c — ordered range scans (forward and backward, bounds inclusive, exclusive or
 * open, on a key prefix) and point lookups, which are a scan between two equal bounds.  Each
 * call holds the index's latch shared; a scan that finds the tree changed since its last
 * call (epoch) seeks again past the last entry it returned. */
#include <string.h>

#include "btree.h"

/* Whether entry e lies before the range's start (below lower). */
static bool before_lower(const bt_index *ix, const bt_entry *e, const ss_index_bound *lo)
{
    int r = bt_cmp_prefix(ix, e->key, lo->values, lo->nvalues);
    return lo->inclusive ? r < 0 : r <= 0;
}

/* Whether entry e lies within the upper end (at or below upper). */
static bool within_upper(const bt_index *ix, const bt_entry *e, const ss_value *values,
                         uint32_t n, bool inclusive)
{
    int r = bt_cmp_prefix(ix, e->key, values, n);
    return inclusive ? r <= 0 : r < 0;
}

static bool open_bound(const ss_index_bound *b)
{
    return !b || b->nvalues == 0;
}

/* Asks for every cache line of a node's array of BT_ORDER (+ 1) 8-byte slots at p, whatever
   its alignment: a fixed count of prefetches, which the compiler lays out without a loop
   (the slots past the node's count cost a line at most). */
#define BT_SLOT_LINES ((BT_ORDER + 1) * 8 / 64 + 1)
static inline void prefetch_slots(const void *p)
{
    for (int i = 0; i < BT_SLOT_LINES; i++)
        __builtin_prefetch((const char *)p + 64 * i);
}

/* How many of the ascending abbreviations ak[0..n) are below v: a binary search whose steps
   do not branch on the comparisons (a point lookup's descent mispredicts half of them
   otherwise). */
static uint32_t abbrevs_below(const uint64_t *ak, uint32_t n, uint64_t v)
{
    if (n == 0)
        return 0;
    const uint64_t *base = ak;
    while (n > 1) {
        uint32_t half = n / 2;
        base = base[half - 1] < v ? base + half : base;
        n -= half;
    }
    return (uint32_t)(base - ak) + (*base < v);
}

/* How many entries of node n lie on the near side of bound b (not open; its first value
   abbreviates to vab): before lower (upper false), or within upper (upper true); both are a
   prefix of the node's entries.  The search compares the node's inline abbreviations and
   reads an entry only when one ties. */
static uint32_t entries_before(const bt_index *ix, const bt_node *n, const ss_index_bound *b, uint64_t vab,
                               bool upper)
{
    if (b->nvalues == 1 && bt_abbrev_decides(ix, vab)) {
        /* a one-value bound whose abbreviation is its value: the order of every slot against
           it is its abbreviation's (an equal one is an equal value), so the near side is the
           slots whose abbreviation is below vab (bounds where equal counts as near: below
           vab + 1, which cannot overflow as vab is not UINT64_MAX) */
        bool equal_near = upper ? b->inclusive : !b->inclusive;
        /* the cache lines of the probes and of what is read next (the child to descend to,
           the leaf's row ids), asked for at once: a node not in the cache then costs about
           one memory latency, not one per probe and one more after them */
        prefetch_slots(n->ak);
        prefetch_slots(n->leaf ? (const void *)n->rid : (const void *)n->child);
        return abbrevs_below(n->ak, n->n, equal_near ? vab + 1 : vab);
    }
    uint32_t lo = 0, hi = n->n;
    while (lo < hi) {
        uint32_t m = (lo + hi) / 2;
        int r = bt_cmp_node_key(ix, n, m, vab, b->values, b->nvalues);
        bool near = upper ? (b->inclusive ? r <= 0 : r < 0) : (b->inclusive ? r < 0 : r <= 0);
        if (near)
            lo = m + 1;
        else
            hi = m;
    }
    return lo;
}

/* Forward start: the first entry not before lower. */
static void seek_lower(const bt_index *ix, const ss_index_bound *lo, bt_node **leaf, int64_t *pos)
{
    bt_node *n = ix->root;
    bool open = open_bound(lo);
    uint64_t vab = open ? 0 : bt_abbrev(ix, &lo->values[0]);
    while (!n->leaf)
        n = n->child[open ? 0 : entries_before(ix, n, lo, vab, false)];
    /* in the leaf too: the first entry not before lower */
    uint32_t p = open ? 0 : entries_before(ix, n, lo, vab, false);
    /* past the end of this leaf (or an emptied leaf): the next non-empty one */
    while (n && p >= n->n) {
        n = n->next;
        p = 0;
    }
    *leaf = n;
    *pos = p;
}

/* Backward start: the last entry within upper. */
static void seek_upper(const bt_index *ix, const ss_index_bound *up, bt_node **leaf, int64_t *pos)
{
    bt_node *n = ix->root;
    bool open = open_bound(up);
    uint64_t vab = open ? 0 : bt_abbrev(ix, &up->values[0]);
    while (!n->leaf)
        n = n->child[open ? n->n : entries_before(ix, n, up, vab, true)];
    /* the last entry within upper */
    int64_t p = (int64_t)(open ? n->n : entries_before(ix, n, up, vab, true)) - 1;
    while (n && p < 0) {
        n = n->prev;
        p = n ? (int64_t)n->n - 1 : -1;
    }
    *leaf = n;
    *pos = p;
}

/* Bytes of a copy of values[0..n) with their text. */
static size_t values_bytes(const bt_index *ix, const ss_value *values, uint32_t n)
{
    size_t bytes = n * sizeof(ss_value);
    for (uint32_t i = 0; i < n; i++) {
        bt_class cls = ix->cols[i].cls;
        if (!values[i].is_null && (cls == BT_BYTES || cls == BT_CUSTOM))
            bytes += values[i].v.s.len;
    }
    return bytes;
}

/* Copies values[0..n) to dst, their text to the bytes after them; returns the end. */
static char *values_copy(const bt_index *ix, ss_value *dst, const ss_value *values, uint32_t n)
{
    char *text = (char *)&dst[n];
    for (uint32_t i = 0; i < n; i++) {
        dst[i] = values[i];
        bt_class cls = ix->cols[i].cls;
        if (!values[i].is_null && (cls == BT_BYTES || cls == BT_CUSTOM)) {
            if (values[i].v.s.len)
                memcpy(text, values[i].v.s.ptr, values[i].v.s.len);
            dst[i].v.s.ptr = text;
            text += values[i].v.s.len;
        }
    }
    return text;
}

/* Forward: the first entry after last in the total order (key, row id). */
static void seek_after(const bt_index *ix, const bt_entry *last, bt_node **leaf, int64_t *pos)
{
    bt_node *n = ix->root;
    for (;;) {
        uint32_t a = 0, b = n->n;
        while (a < b) {
            uint32_t m = (a + b) / 2;
            if (bt_cmp_node_entry(ix, n, m, last) <= 0)
                a = m + 1;
            else
                b = m;
        }
        if (n->leaf) {
            int64_t p = a;
            while (n && p >= n->n) {
                n = n->next;
                p = 0;
            }
            *leaf = n;
            *pos = p;
            return;
        }
        n = n->child[a];
    }
}

/* Backward: the last entry before last. */
static void seek_before(const bt_index *ix, const bt_entry *last, bt_node **leaf, int64_t *pos)
{
    bt_node *n = ix->root;
    for (;;) {
        uint32_t a = 0, b = n->n;
        while (a < b) {
            uint32_t m = (a + b) / 2;
            if (bt_cmp_node_entry(ix, n, m, last) < 0)
                a = m + 1;
            else
                b = m;
        }
        if (n->leaf) {
            int64_t p = (int64_t)a - 1;
            while (n && p < 0) {
                n = n->prev;
                p = n ? (int64_t)n->n - 1 : -1;
            }
            *leaf = n;
            *pos = p;
            return;
        }
        n = n->child[a];
    }
}

/* The scan's first position (from its near bound). */
static void seek_start(const bt_index *ix, ss_index_scan *s)
{
    if (s->backward)
        seek_upper(ix, &s->start, &s->leaf, &s->pos);
    else
        seek_lower(ix, &s->start, &s->leaf, &s->pos);
}

int bt_scan_begin(ss_ctx *ctx, void *index, const ss_index_bound *lower,
                  const ss_index_bound *upper, bool backward, ss_index_scan **scan)
{
    bt_index *ix = index;
    const ss_index_bound *far = backward ? lower : upper, *near = backward ? upper : lower;
    uint32_t nstop = open_bound(far) ? 0 : far->nvalues, nstart = open_bound(near) ? 0 : near->nvalues;
    /* the stop copy, then the start copy at the next ss_value-aligned offset */
    size_t stop_bytes = nstop ? values_bytes(ix, far->values, nstop) : 0;
    size_t align = _Alignof(ss_value), start_at = (sizeof(ss_index_scan) + stop_bytes + align - 1) / align * align;
    size_t bytes = start_at + (nstart ? values_bytes(ix, near->values, nstart) : 0);
    ss_index_scan *s = ix->api->alloc(bytes);
    if (!s)
        return bt_oom(ctx);
    memset(s, 0, sizeof *s);
    s->ix = ix;
    s->backward = backward;
    /* both bounds are needed for the whole scan: copies of their values and text */
    if (nstop) {
        s->stop = (ss_value *)(s + 1);
        values_copy(ix, s->stop, far->values, nstop);
        s->nstop = nstop;
        s->stop_inclusive = far->inclusive;
    }
    if (nstart) {
        ss_value *v = (ss_value *)((char *)s + start_at);
        values_copy(ix, v, near->values, nstart);
        s->start = (ss_index_bound){v, nstart, near->inclusive, {0}};
    }
    pthread_rwlock_rdlock(&ix->latch);
    seek_start(ix, s);
    s->epoch = ix->epoch;
    pthread_rwlock_unlock(&ix->latch);
    *scan = s;
    return SS_OK;
}

/* Keeps a copy of e as the scan's last entry; false when out of memory. */
static bool remember(ss_index_scan *s, const bt_entry *e)
{
    const bt_index *ix = s->ix;
    size_t bytes = sizeof(bt_entry) + values_bytes(ix, e->key, ix->nkeys);
    if (bytes > s->last_cap) {
        bt_entry *grown = ix->api->alloc(bytes);
        if (!grown)
            return false;
        ix->api->free(s->last);
        s->last = grown;
        s->last_cap = bytes;
    }
    s->last->rowid = e->rowid;
    s->last->abbrev = e->abbrev;
    values_copy(ix, s->last->key, e->key, ix->nkeys);
    return true;
}

int bt_scan_next(ss_ctx *ctx, ss_index_scan *s, ss_rowid *out, uint32_t cap, uint32_t *n)
{
    bt_index *ix = s->ix;
    uint32_t got = 0;
    const bt_entry *last = NULL;
    pthread_rwlock_rdlock(&ix->latch);
    if (s->leaf && s->epoch != ix->epoch) {
        /* the tree changed since the last call (another session wrote): the position may
           name freed nodes; find the place again after the last entry returned */
        if (!s->last)
            seek_start(ix, s);
        else if (s->backward)
            seek_before(ix, s->last, &s->leaf, &s->pos);
        else
            seek_after(ix, s->last, &s->leaf, &s->pos);
    }
    s->epoch = ix->epoch;
    while (got < cap && s->leaf) {
        const bt_entry *e = s->leaf->e[s->pos];
        if (s->nstop) {
            bool in;
            if (s->backward) {
                ss_index_bound lo = {s->stop, s->nstop, s->stop_inclusive, {0}};
                in = !before_lower(ix, e, &lo);
            } else {
                in = within_upper(ix, e, s->stop, s->nstop, s->stop_inclusive);
            }
            if (!in) {
                s->leaf = NULL;
                break;
            }
        }
        out[got++] = e->rowid;
        last = e;
        if (s->backward) {
            s->pos--;
            while (s->leaf && s->pos < 0) {
                s->leaf = s->leaf->prev;
                s->pos = s->leaf ? (int64_t)s->leaf->n - 1 : -1;
            }
        } else {
            s->pos++;
            while (s->leaf && s->pos >= (int64_t)s->leaf->n) {
                s->leaf = s->leaf->next;
                s->pos = 0;
            }
        }
    }
    bool ok = !last || !s->leaf || remember(s, last);
    pthread_rwlock_unlock(&ix->latch);
    *n = got;
    return ok ? SS_OK : bt_oom(ctx);
}

void bt_scan_end(ss_index_scan *scan)
{
    if (scan) {
        scan->ix->api->free(scan->last);
        scan->ix->api->free(scan);
    }
}

int bt_lookup(ss_ctx *ctx, void *index, const ss_value *key, uint32_t nvalues, ss_rowid *out,
              uint32_t cap, uint32_t *total)
{
    bt_index *ix = index;
    ss_index_bound b = {key, nvalues, true, {0}};
    bt_node *leaf;
    int64_t pos;
    uint64_t vab = nvalues ? bt_abbrev(ix, key) : 0;
    pthread_rwlock_rdlock(&ix->latch);
    seek_lower(ix, &b, &leaf, &pos);
    uint32_t count = 0;
    while (leaf) {
        if (nvalues && bt_cmp_node_key(ix, leaf, (uint32_t)pos, vab, key, nvalues) != 0)
            break;
        if (count < cap)
            out[count] = leaf->rid[pos];
        count++;
        pos++;
        while (leaf && pos >= (int64_t)leaf->n) {
            leaf = leaf->next;
            pos = 0;
        }
        if ((count & 4095) == 0 && ix->api->check_interrupt(ctx) != SS_OK) {
            pthread_rwlock_unlock(&ix->latch);
            return SS_ERROR;
        }
    }
    pthread_rwlock_unlock(&ix->latch);
    *total = count;
    return SS_OK;
}
