/* native_btree.c — the native B+tree's pages (native_btree.h): the anchor page, node pages
 * (slots of items packed from the page's end), descents, inserts with node splits, lazy
 * deletes, ordered reads both ways, the bulk load and the structure check.
 *
 * Node page: u16 level (0: leaf) at 16, u16 item count at 18, u16 start of the item bytes at
 * 20, u64 next leaf at 24 (leaves; 0 at the right end), item slots (u16 offset, u16 length)
 * from 40; the gap between the slots and the item bytes is free. A leaf item is an entry;
 * an internal item is a child page (u64) followed by the separator entry, none for item 0:
 * child i holds the entries x with sep[i] <= x < sep[i+1]. A leaf entry that fits the gap is
 * added in place, and a removal shifts the slots: both are WAL patches of the bytes they
 * change (small records; the bytes a removal leaves behind are reclaimed by the next
 * rewrite). Splits, internal nodes and a fragmented leaf are rewritten whole
 * (native_txn_page_for_write); the anchor's fields are a patch. */
#include <stdlib.h>
#include <string.h>

#include "native_btree.h"
#include "native_page.h"

#define NODE_LEVEL 16u
#define NODE_COUNT 18u
#define NODE_DATA 20u /* u16: where the items' bytes start (the free gap ends) */
#define NODE_NEXT 24u
#define NODE_SLOTS 40u
#define NODE_ROOM (NATIVE_PAGE_SIZE - NODE_SLOTS)
#define NODE_MAX_ITEMS 1024u
#define NODE_FILL (NODE_ROOM * 9 / 10)

#define ANCHOR_MAGIC 0x3154424Eu /* "NBT1" */
#define ANCHOR_MAGIC_OFF 16u
#define ANCHOR_NCOLS 20u
#define ANCHOR_ROOT 24u
#define ANCHOR_HEIGHT 32u
#define ANCHOR_ENTRIES 40u
#define ANCHOR_PAGES 48u
#define ANCHOR_COLS 56u
#define ANCHOR_STATE_LEN (ANCHOR_COLS - ANCHOR_ROOT)

/* The items of one node: pointers into a page (or elsewhere) in order. */
typedef struct items {
    uint32_t n;
    const uint8_t *p[NODE_MAX_ITEMS + 1];
    uint16_t l[NODE_MAX_ITEMS + 1];
} items;

static int damaged(native_error *err, uint64_t pgno, const char *what)
{
    return native_fail(err, "XX001", "page %llu of the database file is damaged (%s)", (unsigned long long)pgno, what);
}

static uint16_t node_level(const uint8_t *pg) { return native_get16(pg + NODE_LEVEL); }
static uint16_t node_count(const uint8_t *pg) { return native_get16(pg + NODE_COUNT); }
static uint64_t node_next(const uint8_t *pg) { return native_get64(pg + NODE_NEXT); }
static const uint8_t *node_item(const uint8_t *pg, uint32_t i, uint16_t *len)
{
    const uint8_t *s = pg + NODE_SLOTS + 4 * i;
    *len = native_get16(s + 2);
    return pg + native_get16(s);
}
/* The entry of item i (an internal item's separator after its child). */
static const uint8_t *node_entry(const uint8_t *pg, uint32_t i)
{
    uint16_t len;
    const uint8_t *p = node_item(pg, i, &len);
    return node_level(pg) ? p + 8 : p;
}
static uint64_t node_child(const uint8_t *pg, uint32_t i)
{
    uint16_t len;
    return native_get64(node_item(pg, i, &len));
}

/* Reads node pgno (txn's view when txn) into buf and checks it is one. */
static int read_node(const nbt_tree *t, native_txn *txn, uint64_t pgno, uint8_t *buf, native_error *err)
{
    if (native_page_read(t->db, txn, pgno, buf, err) != 0)
        return -1;
    if (native_page_type(buf) != NATIVE_PT_BTREE_NODE)
        return damaged(err, pgno, "not a B+tree node");
    uint32_t n = node_count(buf);
    if (n > NODE_MAX_ITEMS || NODE_SLOTS + 4 * n > NATIVE_PAGE_SIZE)
        return damaged(err, pgno, "B+tree node item count");
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *s = buf + NODE_SLOTS + 4 * i;
        uint32_t off = native_get16(s), len = native_get16(s + 2);
        if (off < NODE_SLOTS + 4 * n || off + len > NATIVE_PAGE_SIZE || len < 8 ||
            (node_level(buf) && i > 0 && len < 16))
            return damaged(err, pgno, "B+tree node item");
    }
    return 0;
}

static void items_of(const uint8_t *pg, items *it)
{
    it->n = node_count(pg);
    for (uint32_t i = 0; i < it->n; i++)
        it->p[i] = node_item(pg, i, &it->l[i]);
}

static size_t items_bytes(const items *it, uint32_t from, uint32_t to)
{
    size_t b = 0;
    for (uint32_t i = from; i < to; i++)
        b += 4u + it->l[i];
    return b;
}

static void items_insert(items *it, uint32_t at, const uint8_t *p, uint16_t l)
{
    memmove(&it->p[at + 1], &it->p[at], (it->n - at) * sizeof it->p[0]);
    memmove(&it->l[at + 1], &it->l[at], (it->n - at) * sizeof it->l[0]);
    it->p[at] = p;
    it->l[at] = l;
    it->n++;
}

/* Writes items [from, to) into page pg as a node of level with next (through a copy: the items
 * may point into pg). */
static void pack(uint8_t *pg, uint16_t level, uint64_t next, const items *it, uint32_t from, uint32_t to)
{
    uint8_t tmp[NATIVE_PAGE_SIZE];
    memcpy(tmp, pg, NATIVE_PAGE_HEADER);
    memset(tmp + NATIVE_PAGE_HEADER, 0, NATIVE_PAGE_SIZE - NATIVE_PAGE_HEADER);
    native_put16(tmp + 4, NATIVE_PT_BTREE_NODE);
    native_put16(tmp + NODE_LEVEL, level);
    native_put16(tmp + NODE_COUNT, (uint16_t)(to - from));
    native_put64(tmp + NODE_NEXT, next);
    uint32_t end = NATIVE_PAGE_SIZE;
    for (uint32_t i = from; i < to; i++) {
        end -= it->l[i];
        memcpy(tmp + end, it->p[i], it->l[i]);
        uint8_t *s = tmp + NODE_SLOTS + 4 * (i - from);
        native_put16(s, (uint16_t)end);
        native_put16(s + 2, it->l[i]);
    }
    native_put16(tmp + NODE_DATA, end == NATIVE_PAGE_SIZE ? 0 : (uint16_t)end); /* 0: page end */
    memcpy(pg, tmp, NATIVE_PAGE_SIZE);
}

/* How many items of pg satisfy cmp(entry, probe) < thr (they come first: the node is
 * ordered); internal nodes: among the separators 1..n-1. */
static uint32_t count_before(const nbt_tree *t, const uint8_t *pg, const nbt_bound *b, int thr)
{
    uint32_t n = node_count(pg);
    uint32_t lo = node_level(pg) ? 1 : 0, hi = n;
    uint32_t first = lo;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (nbt_compare(t, node_entry(pg, mid), b->entry, b->ncols, b->rowid) < thr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo - first;
}

/* ---- anchor ---- */

static void anchor_state(const nbt_tree *t, uint8_t out[ANCHOR_STATE_LEN])
{
    native_put64(out, t->root);
    native_put32(out + 8, t->height);
    native_put32(out + 12, 0);
    native_put64(out + 16, (uint64_t)t->entries);
    native_put64(out + 24, t->pages);
}

int nbt_save(nbt_tree *t, native_txn *txn, native_error *err)
{
    uint8_t st[ANCHOR_STATE_LEN];
    anchor_state(t, st);
    return native_txn_patch(txn, t->anchor, ANCHOR_ROOT, st, ANCHOR_STATE_LEN, err);
}

int nbt_create(native_txn *txn, uint32_t ncols, const nbt_col *cols, nbt_tree *out, native_error *err)
{
    if (ncols == 0 || ncols > NBT_MAX_COLS)
        return native_fail(err, "54011", "a B+tree index has 1 to %u key columns", NBT_MAX_COLS);
    memset(out, 0, sizeof *out);
    out->db = native_txn_db(txn);
    out->ncols = ncols;
    memcpy(out->cols, cols, ncols * sizeof *cols);
    uint64_t anchor, root;
    if (native_txn_alloc_page(txn, NATIVE_PT_BTREE_ANCHOR, &anchor, err) != 0 ||
        native_txn_alloc_page(txn, NATIVE_PT_BTREE_NODE, &root, err) != 0)
        return -1;
    uint8_t *rp = native_txn_page_for_write(txn, root, err);
    if (!rp)
        return -1;
    pack(rp, 0, 0, &(items){.n = 0}, 0, 0);
    uint8_t *ap = native_txn_page_for_write(txn, anchor, err);
    if (!ap)
        return -1;
    native_put32(ap + ANCHOR_MAGIC_OFF, ANCHOR_MAGIC);
    native_put32(ap + ANCHOR_NCOLS, ncols);
    for (uint32_t i = 0; i < ncols; i++) {
        native_put32(ap + ANCHOR_COLS + 8 * i, (uint32_t)cols[i].cls);
        native_put32(ap + ANCHOR_COLS + 8 * i + 4, cols[i].flags);
    }
    out->anchor = anchor;
    out->root = root;
    out->pages = 1;
    uint8_t st[ANCHOR_STATE_LEN];
    anchor_state(out, st);
    memcpy(ap + ANCHOR_ROOT, st, ANCHOR_STATE_LEN);
    return 0;
}

int nbt_open(native_db *db, uint64_t anchor, uint32_t ncols, const nbt_col *cols, nbt_tree *out, native_error *err)
{
    uint8_t pg[NATIVE_PAGE_SIZE];
    if (ncols == 0 || ncols > NBT_MAX_COLS)
        return native_fail(err, "54011", "a B+tree index has 1 to %u key columns", NBT_MAX_COLS);
    if (native_page_read(db, NULL, anchor, pg, err) != 0)
        return -1;
    if (native_page_type(pg) != NATIVE_PT_BTREE_ANCHOR || native_get32(pg + ANCHOR_MAGIC_OFF) != ANCHOR_MAGIC)
        return damaged(err, anchor, "not a B+tree anchor");
    if (native_get32(pg + ANCHOR_NCOLS) != ncols)
        return damaged(err, anchor, "B+tree key columns differ from the catalog's");
    for (uint32_t i = 0; i < ncols; i++)
        if (native_get32(pg + ANCHOR_COLS + 8 * i) != (uint32_t)cols[i].cls ||
            native_get32(pg + ANCHOR_COLS + 8 * i + 4) != cols[i].flags)
            return damaged(err, anchor, "B+tree key columns differ from the catalog's");
    memset(out, 0, sizeof *out);
    out->db = db;
    out->anchor = anchor;
    out->ncols = ncols;
    memcpy(out->cols, cols, ncols * sizeof *cols);
    out->root = native_get64(pg + ANCHOR_ROOT);
    out->height = native_get32(pg + ANCHOR_HEIGHT);
    out->entries = (int64_t)native_get64(pg + ANCHOR_ENTRIES);
    out->pages = native_get64(pg + ANCHOR_PAGES);
    if (out->root == 0 || out->height > 64)
        return damaged(err, anchor, "B+tree root");
    return 0;
}

/* ---- descent ---- */

#define MAX_HEIGHT 64u

typedef struct path {
    uint32_t depth;               /* nodes on the path, root first */
    uint64_t pgno[MAX_HEIGHT + 1];
    uint32_t slot[MAX_HEIGHT + 1]; /* the child taken at each internal node */
} path;

/* Descends to the leaf where the probe's boundary lies: at each internal node the last child
 * whose separator is < the probe (<= with after). leaf gets the leaf's page; fence (when not
 * NULL) the leaf's low fence (the last separator taken; *fence_len 0: the leftmost leaf). */
static int descend(const nbt_tree *t, native_txn *txn, const nbt_bound *b, int after, uint8_t *leaf, path *pa,
                   uint8_t *fence, size_t *fence_len, native_error *err)
{
    uint64_t pgno = t->root;
    if (fence_len)
        *fence_len = 0;
    pa->depth = 0;
    for (;;) {
        if (pa->depth > MAX_HEIGHT)
            return damaged(err, pgno, "B+tree deeper than its height");
        if (read_node(t, txn, pgno, leaf, err) != 0)
            return -1;
        pa->pgno[pa->depth] = pgno;
        uint16_t level = node_level(leaf);
        if (level == 0) {
            pa->depth++;
            return 0;
        }
        uint32_t n = node_count(leaf);
        if (n == 0)
            return damaged(err, pgno, "empty internal B+tree node");
        uint32_t i = count_before(t, leaf, b, after ? 1 : 0);
        pa->slot[pa->depth++] = i;
        if (i > 0 && fence) {
            uint16_t len;
            const uint8_t *it = node_item(leaf, i, &len);
            memcpy(fence, it + 8, len - 8u);
            *fence_len = len - 8u;
        }
        pgno = node_child(leaf, i);
    }
}

/* ---- insert ---- */

/* Where items of a full node split: about half the bytes left, or ~90% when the new item went
 * to the end of the rightmost node (ascending keys fill pages, as nbtree's rightmost split). */
static uint32_t split_point(const items *it, uint32_t inserted, int rightmost)
{
    size_t total = items_bytes(it, 0, it->n);
    size_t want = (rightmost && inserted == it->n - 1) ? NODE_FILL : total / 2;
    size_t acc = 0;
    uint32_t k = 0;
    while (k < it->n - 1 && acc + 4u + it->l[k] <= want)
        acc += 4u + it->l[k++];
    if (k == 0)
        k = 1;
    while (items_bytes(it, k, it->n) > NODE_ROOM && k < it->n - 1)
        k++;
    while (items_bytes(it, 0, k) > NODE_ROOM && k > 1)
        k--;
    return k;
}

static uint32_t node_data_start(const uint8_t *pg)
{
    uint32_t d = native_get16(pg + NODE_DATA);
    return d ? d : NATIVE_PAGE_SIZE;
}

/* Adds entry at slot `at` of leaf pgno (its current image in pg) in place when it fits the
 * free gap: patches of the count, the data start, the shifted slots and the entry's bytes.
 * 1: done, 0: it does not fit (the caller rewrites the page), -1: error. */
static int leaf_insert_in_place(native_txn *txn, uint64_t pgno, const uint8_t *pg, uint32_t at, const uint8_t *entry,
                                uint16_t len, native_error *err)
{
    uint32_t n = node_count(pg), data = node_data_start(pg);
    uint32_t slots_end = NODE_SLOTS + 4 * (n + 1);
    if (n + 1 > NODE_MAX_ITEMS || data < slots_end + len)
        return 0;
    uint32_t off = data - len;
    if (native_txn_patch(txn, pgno, off, entry, len, err) != 0)
        return -1;
    uint8_t slots[4 * (NODE_MAX_ITEMS + 1)];
    uint32_t moved = n - at;
    native_put16(slots, (uint16_t)off);
    native_put16(slots + 2, len);
    memcpy(slots + 4, pg + NODE_SLOTS + 4 * at, 4 * moved);
    if (native_txn_patch(txn, pgno, NODE_SLOTS + 4 * at, slots, 4 * (moved + 1), err) != 0)
        return -1;
    uint8_t head[4];
    native_put16(head, (uint16_t)(n + 1));
    native_put16(head + 2, (uint16_t)off);
    return native_txn_patch(txn, pgno, NODE_COUNT, head, 4, err) == 0 ? 1 : -1;
}

int nbt_insert(nbt_tree *t, native_txn *txn, const uint8_t *entry, size_t len, native_error *err)
{
    if (len > NBT_MAX_ENTRY)
        return native_fail(err, "54000", "index entry of %zu bytes exceeds the maximum %u", len, NBT_MAX_ENTRY);
    uint8_t buf[NATIVE_PAGE_SIZE];
    path pa;
    nbt_bound b = {entry, t->ncols, 1, 1};
    if (descend(t, txn, &b, 1, buf, &pa, NULL, NULL, err) != 0)
        return -1;
    /* the common case: the entry fits the leaf's gap */
    int placed = leaf_insert_in_place(txn, pa.pgno[pa.depth - 1], buf, count_before(t, buf, &b, 1), entry,
                                      (uint16_t)len, err);
    if (placed != 0) {
        if (placed > 0)
            t->entries++;
        return placed > 0 ? 0 : -1;
    }
    items *it = malloc(sizeof *it);
    if (!it)
        return native_fail(err, "53200", "out of memory");
    /* the item going into the node at the current level: the entry, then (child, separator) */
    uint8_t up[NBT_MAX_ENTRY + 16];
    const uint8_t *ins = entry;
    uint16_t ins_len = (uint16_t)len;
    int rc = 0;
    for (int32_t d = (int32_t)pa.depth - 1; d >= 0; d--) {
        uint64_t pgno = pa.pgno[d];
        uint8_t *pg = native_txn_page_for_write(txn, pgno, err);
        if (!pg) {
            rc = -1;
            break;
        }
        uint16_t level = node_level(pg);
        uint64_t next = node_next(pg);
        items_of(pg, it);
        uint32_t at;
        if (level == 0) {
            at = count_before(t, pg, &b, 1);
        } else {
            at = pa.slot[d] + 1;
        }
        items_insert(it, at, ins, ins_len);
        if (items_bytes(it, 0, it->n) <= NODE_ROOM && it->n <= NODE_MAX_ITEMS) {
            pack(pg, level, next, it, 0, it->n);
            break;
        }
        /* split: items [k, n) move to a new right sibling */
        uint32_t k = split_point(it, at, level == 0 ? next == 0 : 1);
        uint64_t right;
        if (native_txn_alloc_page(txn, NATIVE_PT_BTREE_NODE, &right, err) != 0) {
            rc = -1;
            break;
        }
        t->pages++;
        uint8_t *rp = native_txn_page_for_write(txn, right, err);
        if (!rp) {
            rc = -1;
            break;
        }
        uint8_t sep[NBT_MAX_ENTRY + 16];
        size_t sep_len;
        if (level == 0) {
            sep_len = it->l[k];
            memcpy(sep, it->p[k], sep_len);
            pack(rp, 0, next, it, k, it->n);
        } else {
            /* the middle item's separator goes up; its child becomes the right node's item 0 */
            sep_len = it->l[k] - 8u;
            memcpy(sep, it->p[k] + 8, sep_len);
            const uint8_t *first = it->p[k];
            uint16_t first_len = it->l[k];
            it->l[k] = 8;
            pack(rp, level, 0, it, k, it->n);
            it->p[k] = first;
            it->l[k] = first_len;
        }
        pack(pg, level, level == 0 ? right : 0, it, 0, k);
        native_put64(up, right);
        memcpy(up + 8, sep, sep_len);
        ins = up;
        ins_len = (uint16_t)(8 + sep_len);
        if (d == 0) { /* the root split: a new root above both */
            uint64_t root;
            if (native_txn_alloc_page(txn, NATIVE_PT_BTREE_NODE, &root, err) != 0) {
                rc = -1;
                break;
            }
            t->pages++;
            uint8_t *np = native_txn_page_for_write(txn, root, err);
            if (!np) {
                rc = -1;
                break;
            }
            uint8_t left[8];
            native_put64(left, pgno);
            items *r = it;
            r->n = 0;
            items_insert(r, 0, left, 8);
            items_insert(r, 1, up, ins_len);
            pack(np, (uint16_t)(level + 1), 0, r, 0, 2);
            t->root = root;
            t->height++;
        }
    }
    free(it);
    if (rc == 0)
        t->entries++;
    return rc;
}

/* ---- remove ---- */

/* Frees the emptied leaf at the end of path pa (kept when it is the root or the tree's
 * leftmost leaf): the leaf before it in the chain takes over its next, its parent drops it
 * (an internal node left without children goes too), and a root left with one child gives
 * way to it. */
static int drop_empty_leaf(nbt_tree *t, native_txn *txn, const path *pa, uint64_t leaf_next, native_error *err)
{
    uint32_t depth = pa->depth;
    if (depth < 2)
        return 0;
    int32_t fd = -1; /* the deepest node where the path leaves its first child: the low fence */
    for (uint32_t d = 0; d + 1 < depth; d++)
        if (pa->slot[d] != 0)
            fd = (int32_t)d;
    if (fd < 0)
        return 0;
    uint64_t leaf = pa->pgno[depth - 1];
    uint8_t *buf = malloc(NATIVE_PAGE_SIZE + NBT_MAX_ENTRY + 16);
    items *it = malloc(sizeof *it);
    int rc = buf && it ? 0 : native_fail(err, "53200", "out of memory");
    uint8_t *fence = buf + NATIVE_PAGE_SIZE;
    path pp;
    if (rc == 0 && (rc = read_node(t, txn, pa->pgno[fd], buf, err)) == 0) {
        uint16_t len;
        const uint8_t *item = node_item(buf, pa->slot[fd], &len);
        memcpy(fence, item + 8, len - 8u);
        nbt_bound fb = {fence, t->ncols, 1, 0};
        rc = descend(t, txn, &fb, 0, buf, &pp, NULL, NULL, err);
    }
    if (rc == 0 && pp.pgno[pp.depth - 1] == leaf)
        rc = damaged(err, leaf, "B+tree leaf is its own predecessor");
    if (rc == 0) {
        uint8_t *prev = native_txn_page_for_write(txn, pp.pgno[pp.depth - 1], err);
        if (!prev)
            rc = -1;
        else
            native_put64(prev + NODE_NEXT, leaf_next);
    }
    for (int32_t d = (int32_t)depth - 2; rc == 0 && d >= 0; d--) {
        uint64_t node = pa->pgno[d];
        uint32_t s = pa->slot[d];
        uint8_t *np = native_txn_page_for_write(txn, node, err);
        if (!np) {
            rc = -1;
            break;
        }
        uint16_t level = node_level(np);
        items_of(np, it);
        memmove(&it->p[s], &it->p[s + 1], (it->n - s - 1) * sizeof it->p[0]);
        memmove(&it->l[s], &it->l[s + 1], (it->n - s - 1) * sizeof it->l[0]);
        it->n--;
        if (s == 0 && it->n > 0)
            it->l[0] = 8; /* the new first child keeps only its page: the node's low fence bounds it */
        if (it->n > 0 || d == 0) {
            pack(np, level, 0, it, 0, it->n);
            break;
        }
        if ((rc = native_txn_free_page(txn, node, err)) == 0)
            t->pages--;
    }
    if (rc == 0 && (rc = native_txn_free_page(txn, leaf, err)) == 0)
        t->pages--;
    while (rc == 0 && t->height > 0) {
        if ((rc = read_node(t, txn, t->root, buf, err)) != 0 || node_count(buf) != 1)
            break;
        uint64_t child = node_child(buf, 0);
        if ((rc = native_txn_free_page(txn, t->root, err)) != 0)
            break;
        t->pages--;
        t->root = child;
        t->height--;
    }
    free(buf);
    free(it);
    return rc;
}

int nbt_remove(nbt_tree *t, native_txn *txn, const uint8_t *entry, int *removed, native_error *err)
{
    *removed = 0;
    uint8_t buf[NATIVE_PAGE_SIZE];
    path pa;
    nbt_bound b = {entry, t->ncols, 1, 1};
    if (descend(t, txn, &b, 0, buf, &pa, NULL, NULL, err) != 0)
        return -1;
    uint64_t pgno = pa.pgno[pa.depth - 1];
    /* an entry equal to a separator may be the first of the next leaf (or of one after
       emptied leaves) */
    for (uint32_t hops = 0;; hops++) {
        uint32_t at = count_before(t, buf, &b, 0);
        uint32_t n = node_count(buf);
        if (at < n) {
            if (nbt_compare(t, node_entry(buf, at), entry, t->ncols, 1) != 0)
                return 0;
            if (n > 1) { /* in place: the later slots shift down over it (patches) */
                uint8_t slots[4 * NODE_MAX_ITEMS], head[2];
                uint32_t moved = n - at - 1;
                memcpy(slots, buf + NODE_SLOTS + 4 * (at + 1), 4 * moved);
                native_put16(head, (uint16_t)(n - 1));
                if ((moved && native_txn_patch(txn, pgno, NODE_SLOTS + 4 * at, slots, 4 * moved, err) != 0) ||
                    native_txn_patch(txn, pgno, NODE_COUNT, head, 2, err) != 0)
                    return -1;
                t->entries--;
                *removed = 1;
                return 0;
            }
            uint8_t *pg = native_txn_page_for_write(txn, pgno, err);
            if (!pg)
                return -1;
            items *it = malloc(sizeof *it);
            if (!it)
                return native_fail(err, "53200", "out of memory");
            items_of(pg, it);
            memmove(&it->p[at], &it->p[at + 1], (it->n - at - 1) * sizeof it->p[0]);
            memmove(&it->l[at], &it->l[at + 1], (it->n - at - 1) * sizeof it->l[0]);
            it->n--;
            uint64_t next = node_next(pg);
            pack(pg, 0, next, it, 0, it->n);
            uint32_t left = it->n;
            free(it);
            t->entries--;
            *removed = 1;
            return left == 0 && hops == 0 ? drop_empty_leaf(t, txn, &pa, next, err) : 0;
        }
        pgno = node_next(buf);
        if (pgno == 0 || hops > t->pages)
            return 0;
        if (read_node(t, txn, pgno, buf, err) != 0)
            return -1;
    }
}

/* ---- reads ---- */

static int before_stop(const nbt_tree *t, const uint8_t *e, const nbt_bound *stop, int backward)
{
    if (!stop || (stop->ncols == 0 && !stop->rowid))
        return 1;
    int c = nbt_compare(t, e, stop->entry, stop->ncols, stop->rowid);
    if (backward)
        c = -c;
    return c < 0 || (c == 0 && stop->inclusive);
}

int nbt_read(const nbt_tree *t, native_txn *txn, const nbt_bound *from, const nbt_bound *stop, int backward,
             size_t max, int (*visit)(void *arg, const uint8_t *entry, size_t len), void *arg, uint8_t **last,
             size_t *last_len, int *done, native_error *err)
{
    *last = NULL;
    *last_len = 0;
    *done = 0;
    uint8_t buf[NATIVE_PAGE_SIZE];
    uint8_t fence[NBT_MAX_ENTRY + 16], probe[NBT_MAX_ENTRY + 16];
    size_t fence_len;
    path pa;
    /* forward: first >= from (> when exclusive); backward: the one before the first > from
       (>= when exclusive) */
    int after = backward ? from->inclusive : !from->inclusive;
    if (descend(t, txn, from, after, buf, &pa, fence, &fence_len, err) != 0)
        return -1;
    int64_t pos = count_before(t, buf, from, after ? 1 : 0);
    if (backward)
        pos--;
    size_t visited = 0;
    int rc = 0;
    uint64_t hops = 0; /* leaves moved to */
    while (rc == 0) {
        uint32_t n = node_count(buf);
        if ((!backward && pos >= n) || (backward && pos < 0)) {
            if (++hops > t->pages + 1) {
                rc = damaged(err, pa.pgno[0], "B+tree leaf chain loops");
                break;
            }
        }
        if (!backward && pos >= n) {
            uint64_t next = node_next(buf);
            if (next == 0) {
                *done = 1;
                break;
            }
            if ((rc = read_node(t, txn, next, buf, err)) != 0)
                break;
            pos = 0;
            continue;
        }
        if (backward && pos < 0) {
            if (fence_len == 0) {
                *done = 1;
                break;
            }
            /* the last entry before this leaf's low fence */
            memcpy(probe, fence, fence_len);
            nbt_bound fb = {probe, t->ncols, 1, 0};
            if ((rc = descend(t, txn, &fb, 0, buf, &pa, fence, &fence_len, err)) != 0)
                break;
            pos = (int64_t)count_before(t, buf, &fb, 0) - 1;
            continue;
        }
        uint16_t len;
        const uint8_t *e = node_item(buf, (uint32_t)pos, &len);
        if (!before_stop(t, e, stop, backward)) {
            *done = 1;
            break;
        }
        if (visited == max)
            break;
        int v = visit(arg, e, len);
        if (v < 0) {
            rc = -1;
            break;
        }
        visited++;
        /* keep a copy: buf is reused */
        free(*last);
        if (!(*last = malloc(len))) {
            rc = native_fail(err, "53200", "out of memory");
            break;
        }
        memcpy(*last, e, len);
        *last_len = len;
        if (v > 0)
            break;
        pos += backward ? -1 : 1;
    }
    if (rc != 0) {
        free(*last);
        *last = NULL;
        *last_len = 0;
    }
    return rc;
}

/* ---- bulk load ---- */

typedef struct build_state {
    nbt_tree *t;
    native_txn *txn;
    uint32_t written; /* pages in txn */
    native_error *err;
} build_state;

static int build_page(build_state *s, uint64_t pgno, uint8_t **pg)
{
    if (s->written >= NBT_BUILD_CHUNK) {
        if (native_txn_commit_sync(s->txn, 0, 0, s->err) != 0) {
            s->txn = NULL;
            return -1;
        }
        if (!(s->txn = native_txn_begin(s->t->db, 0, s->err)))
            return -1;
        s->written = 0;
    }
    s->written++;
    return (*pg = native_txn_page_for_write(s->txn, pgno, s->err)) ? 0 : -1;
}

static int build_alloc(build_state *s, uint64_t *pgno)
{
    if (native_txn_alloc_page(s->txn, NATIVE_PT_BTREE_NODE, pgno, s->err) != 0)
        return -1;
    s->t->pages++;
    return 0;
}

/* One level of nodes over children (pgnos, their first entries): the next level's. */
typedef struct level_list {
    uint64_t *pgno;
    const uint8_t **first;
    uint16_t *first_len;
    size_t n, cap;
} level_list;

static int level_push(level_list *l, uint64_t pgno, const uint8_t *first, uint16_t len)
{
    if (l->n == l->cap) {
        size_t c = l->cap ? l->cap * 2 : 64;
        uint64_t *p = realloc(l->pgno, c * sizeof *p);
        if (p)
            l->pgno = p;
        const uint8_t **f = realloc(l->first, c * sizeof *f);
        if (f)
            l->first = f;
        uint16_t *fl = realloc(l->first_len, c * sizeof *fl);
        if (fl)
            l->first_len = fl;
        if (!p || !f || !fl)
            return -1;
        l->cap = c;
    }
    l->pgno[l->n] = pgno;
    l->first[l->n] = first;
    l->first_len[l->n++] = len;
    return 0;
}

static void level_free(level_list *l)
{
    free(l->pgno);
    free(l->first);
    free(l->first_len);
}

int nbt_build(nbt_tree *t, const uint8_t *const *entries, const size_t *lens, size_t n, native_error *err)
{
    for (size_t i = 0; i < n; i++)
        if (lens[i] > NBT_MAX_ENTRY)
            return native_fail(err, "54000", "index entry of %zu bytes exceeds the maximum %u", lens[i], NBT_MAX_ENTRY);
    if (n == 0)
        return 0;
    build_state s = {t, native_txn_begin(t->db, 0, err), 0, err};
    if (!s.txn)
        return -1;
    items *it = malloc(sizeof *it);
    level_list cur = {0}, up = {0};
    /* internal items (child + separator) are made in this arena, one node's worth at a time */
    uint8_t *arena = malloc(2 * NATIVE_PAGE_SIZE);
    int rc = it && arena ? 0 : native_fail(err, "53200", "out of memory");
    /* leaves, left to right; the first is the empty root */
    uint64_t pgno = t->root;
    size_t i = 0;
    while (rc == 0 && i < n) {
        it->n = 0;
        size_t bytes = 0;
        size_t start = i;
        while (i < n && it->n < NODE_MAX_ITEMS && bytes + 4 + lens[i] <= NODE_FILL) {
            it->p[it->n] = entries[i];
            it->l[it->n++] = (uint16_t)lens[i];
            bytes += 4 + lens[i++];
        }
        uint64_t next = 0;
        if (i < n && (rc = build_alloc(&s, &next)) != 0)
            break;
        uint8_t *pg;
        if ((rc = build_page(&s, pgno, &pg)) != 0)
            break;
        pack(pg, 0, next, it, 0, it->n);
        if ((rc = level_push(&cur, pgno, entries[start], (uint16_t)lens[start])) != 0) {
            native_fail(err, "53200", "out of memory");
            break;
        }
        pgno = next;
    }
    uint16_t level = 0;
    /* separators of the upper levels point into copies kept per level */
    uint8_t **seps = NULL;
    size_t nseps = 0;
    while (rc == 0 && cur.n > 1) {
        level++;
        up.n = 0;
        size_t j = 0;
        while (rc == 0 && j < cur.n) {
            size_t used = 0, bytes = 0, start = j;
            it->n = 0;
            while (j < cur.n && it->n < NODE_MAX_ITEMS) {
                size_t il = it->n == 0 ? 8 : 8u + cur.first_len[j];
                if (bytes + 4 + il > NODE_FILL && it->n >= 2)
                    break;
                uint8_t *p = arena + used;
                native_put64(p, cur.pgno[j]);
                if (it->n > 0)
                    memcpy(p + 8, cur.first[j], cur.first_len[j]);
                it->p[it->n] = p;
                it->l[it->n++] = (uint16_t)il;
                used += il;
                bytes += 4 + il;
                j++;
            }
            uint64_t node;
            uint8_t *pg;
            if ((rc = build_alloc(&s, &node)) != 0 || (rc = build_page(&s, node, &pg)) != 0)
                break;
            pack(pg, level, 0, it, 0, it->n);
            /* the node's first entry: its first child's, copied (cur's may live in seps) */
            uint8_t *copy = malloc(cur.first_len[start]);
            uint8_t **ns = realloc(seps, (nseps + 1) * sizeof *ns);
            if (ns)
                seps = ns;
            if (!copy || !ns) {
                free(copy);
                rc = native_fail(err, "53200", "out of memory");
                break;
            }
            memcpy(copy, cur.first[start], cur.first_len[start]);
            seps[nseps++] = copy;
            if (level_push(&up, node, copy, cur.first_len[start]) != 0)
                rc = native_fail(err, "53200", "out of memory");
        }
        level_list tmp = cur;
        cur = up;
        up = tmp;
    }
    if (rc == 0) {
        t->root = cur.pgno[0];
        t->height = level;
        t->entries += (int64_t)n;
        rc = nbt_save(t, s.txn, err);
    }
    if (rc == 0) {
        rc = native_txn_commit_sync(s.txn, 0, 0, err);
        s.txn = NULL;
    }
    if (s.txn)
        native_txn_abort(s.txn);
    for (size_t k = 0; k < nseps; k++)
        free(seps[k]);
    free(seps);
    level_free(&cur);
    level_free(&up);
    free(arena);
    free(it);
    return rc;
}

/* ---- drop ---- */

static int free_node(const nbt_tree *t, native_txn *txn, uint64_t pgno, uint32_t depth, native_error *err)
{
    if (depth > MAX_HEIGHT)
        return damaged(err, pgno, "B+tree deeper than its height");
    uint8_t *pg = malloc(NATIVE_PAGE_SIZE);
    if (!pg)
        return native_fail(err, "53200", "out of memory");
    int rc = read_node(t, txn, pgno, pg, err);
    for (uint32_t i = 0; rc == 0 && node_level(pg) > 0 && i < node_count(pg); i++)
        rc = free_node(t, txn, node_child(pg, i), depth + 1, err);
    free(pg);
    return rc == 0 ? native_txn_free_page(txn, pgno, err) : -1;
}

int nbt_free_all(const nbt_tree *t, native_txn *txn, native_error *err)
{
    if (free_node(t, txn, t->root, 0, err) != 0)
        return -1;
    return native_txn_free_page(txn, t->anchor, err);
}

/* ---- check ---- */

typedef struct check_state {
    const nbt_tree *t;
    int64_t entries;
    uint64_t expect_leaf; /* the next leaf the chain must name, 0: not known yet */
    uint64_t last_leaf;
    uint64_t nodes;
    native_error *err;
} check_state;

static int check_node(check_state *cs, uint64_t pgno, uint32_t level, const uint8_t *low, const uint8_t *high)
{
    const nbt_tree *t = cs->t;
    if (++cs->nodes > t->pages)
        return damaged(cs->err, pgno, "B+tree has more nodes than its anchor counts");
    uint8_t *pg = malloc(NATIVE_PAGE_SIZE);
    if (!pg)
        return native_fail(cs->err, "53200", "out of memory");
    int rc = read_node(t, NULL, pgno, pg, cs->err);
    if (rc == 0 && node_level(pg) != level)
        rc = damaged(cs->err, pgno, "B+tree node level");
    uint32_t n = rc == 0 ? node_count(pg) : 0;
    for (uint32_t i = level ? 1 : 0; rc == 0 && i < n; i++) {
        const uint8_t *e = node_entry(pg, i);
        if ((low && nbt_compare(t, e, low, t->ncols, 1) < 0) || (high && nbt_compare(t, e, high, t->ncols, 1) >= 0) ||
            (i > (level ? 1u : 0u) && nbt_compare(t, node_entry(pg, i - 1), e, t->ncols, 1) >= 0))
            rc = damaged(cs->err, pgno, "B+tree entries out of order");
    }
    if (rc == 0 && level == 0) {
        if (cs->expect_leaf && cs->expect_leaf != pgno)
            rc = damaged(cs->err, pgno, "B+tree leaf chain");
        cs->expect_leaf = node_next(pg);
        cs->last_leaf = pgno;
        cs->entries += n;
    }
    if (rc == 0 && level > 0 && n == 0)
        rc = damaged(cs->err, pgno, "empty internal B+tree node");
    for (uint32_t i = 0; rc == 0 && level > 0 && i < n; i++) {
        /* the child's fences: the separators around it (copies: pg is freed below only) */
        const uint8_t *lo = i ? node_entry(pg, i) : low;
        const uint8_t *hi = i + 1 < n ? node_entry(pg, i + 1) : high;
        rc = check_node(cs, node_child(pg, i), level - 1, lo, hi);
    }
    free(pg);
    return rc;
}

int nbt_check(const nbt_tree *t, native_error *err)
{
    check_state cs = {t, 0, 0, 0, 0, err};
    if (check_node(&cs, t->root, t->height, NULL, NULL) != 0)
        return -1;
    if (cs.expect_leaf != 0)
        return damaged(err, cs.last_leaf, "B+tree leaf chain does not end at the last leaf");
    if (cs.entries != t->entries)
        return native_fail(err, "XX001", "B+tree of anchor page %llu holds %lld entries, its anchor says %lld",
                           (unsigned long long)t->anchor, (long long)cs.entries, (long long)t->entries);
    return 0;
}
