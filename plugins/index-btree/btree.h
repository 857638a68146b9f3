/* btree.h — private declarations of the B+tree index module (plugins/index-btree): the
 * tree's nodes and entries, the key order, and the callbacks its vtable points to.
 *
 * Layout: entries (key values + row id, one allocation each, text copied behind the values)
 * live in leaves, which are chained both ways for range scans; internal nodes hold
 * separator copies and children: child[i] holds the entries x with sep[i-1] <= x < sep[i].
 * Every node also keeps, inline beside its entry pointers, each entry's abbreviated key
 * (ak[i] == e[i]->abbrev): the first key column mapped to an unsigned 64-bit number whose
 * order agrees with the column's (btree_key.c), so that a binary search compares numbers in
 * the node and reads an entry only when two abbreviations tie, and each entry's row id
 * (rid[i] == e[i]->rowid).  For an integer or bool first column an abbreviation is the value
 * itself (except at its two extremes, which NULLs share): on a one-column key a tie is then
 * equality, and a point lookup reads no entry at all.
 * Entries are totally ordered by (key in the index's order, row id), so duplicates of one
 * key are allowed and (key, row id) names one entry.  Deletion removes the entry from its
 * leaf without merging leaves (an emptied leaf stays in the chain until the index is
 * rebuilt, as nbtree's pages stay until VACUUM). */
#ifndef BTREE_H
#define BTREE_H

#include <pthread.h>
#include <string.h>

#include "sunstone/plugin.h"

#define BT_ORDER 64                 /* slots per node; a node splits when it fills */
#define BT_MAX (BT_ORDER - 1)       /* entries (leaf) or separators (internal) kept */
#define BT_BUILD_FILL (BT_MAX * 9 / 10) /* bulk build fills leaves to 90%, as nbtree */

/* How one key column's values compare. */
typedef enum bt_class { BT_BOOL, BT_INT, BT_FLOAT, BT_BYTES, BT_CUSTOM } bt_class;

typedef struct bt_col {
    bt_class cls;
    uint32_t flags;                            /* SS_INDEX_* */
    int (*compare)(const void *a, const void *b); /* BT_CUSTOM: the type's callback */
} bt_col;

typedef struct bt_entry {
    ss_rowid rowid;
    uint64_t abbrev;                           /* bt_abbrev of key[0] */
    ss_value key[];                            /* nkeys values; text bytes follow them */
} bt_entry;

typedef struct bt_node {
    bool leaf;
    uint32_t n;                                /* entries (leaf) or separators (internal) */
    struct bt_node *prev, *next;               /* leaf chain */
    uint64_t ak[BT_ORDER];                     /* ak[i] == e[i]->abbrev */
    ss_rowid rid[BT_ORDER];                    /* rid[i] == e[i]->rowid */
    bt_entry *e[BT_ORDER];
    struct bt_node *child[BT_ORDER + 1];       /* internal: n + 1 children */
} bt_node;

typedef struct bt_index {
    const ss_api *api;
    /* the latch: writers (build, insert, remove) hold it exclusively, readers (lookups,
       each scan call, sizes) shared; epoch counts the writes, so that a scan knows when
       the tree changed between two of its calls */
    pthread_rwlock_t latch;
    uint64_t epoch;
    uint32_t nkeys;
    bt_col *cols;
    bool exact_abbrev;                         /* first column int or bool: ties are equal */
    bt_node *root;
    int64_t nentries;
    int64_t nbytes;
    /* bulk build: entries handed to build_add, in arrival order */
    bt_entry **pending;
    size_t npending, cap_pending;
} bt_index;

struct ss_index_scan {
    bt_index *ix;
    bt_node *leaf;                             /* current position; NULL: done */
    int64_t pos;
    bool backward;
    ss_value *stop;                            /* the far bound's values (copies), or NULL */
    uint32_t nstop;
    bool stop_inclusive;
    /* what a scan needs to find its place again after the tree changed (epoch): the near
       bound (copies), and a copy of the last entry it returned (NULL: none yet) */
    uint64_t epoch;
    ss_index_bound start;
    bt_entry *last;
    size_t last_cap;
};

const ss_api *bt_api(void);
int bt_oom(ss_ctx *ctx);

/* Keys (btree_key.c). */
/* compares the first n values of a and b in the index's order (NULLs as the flags say) */
int bt_cmp_prefix(const bt_index *ix, const ss_value *a, const ss_value *b, uint32_t n);
/* the total order of entries: key, then row id */
int bt_cmp_entry(const bt_index *ix, const bt_entry *a, const bt_entry *b);
/* The abbreviated key of a first key column's value v: monotone in the index's order (v < w
   in the index implies bt_abbrev(v) <= bt_abbrev(w); NULLs as the flags place them), so
   unequal abbreviations decide an order and equal ones need the full comparison.  0 for
   every value of a type compared by its own callback. */
uint64_t bt_abbrev(const bt_index *ix, const ss_value *v);
/* Slots of a node (entries with their abbreviations): set one, move within a node, copy
   between nodes. */
static inline void bt_slot_set(bt_node *n, uint32_t i, bt_entry *e)
{
    n->e[i] = e;
    n->ak[i] = e->abbrev;
    n->rid[i] = e->rowid;
}

/* Whether two equal abbreviations a of the first column are equal values (not an extreme
   that a NULL shares). */
static inline bool bt_abbrev_decides(const bt_index *ix, uint64_t a)
{
    return ix->exact_abbrev && a != 0 && a != UINT64_MAX;
}
/* a new entry holding copies of key[0..nkeys) (and its text) and rowid; NULL when out of
   memory */
bt_entry *bt_entry_make(bt_index *ix, const ss_value *key, ss_rowid rowid);
void bt_entry_free(bt_index *ix, bt_entry *e);
/* the key values of the k-th live row of keys */
void bt_batch_key(const bt_index *ix, const ss_batch *keys, uint32_t k, ss_value *out);

/* Slot i of node against key values[0..n) (n >= 1; a key prefix) whose first value
   abbreviates to vab: the sign of bt_cmp_prefix(e[i]->key, values, n), the entry read only
   when the abbreviations tie. */
static inline int bt_cmp_node_key(const bt_index *ix, const bt_node *node, uint32_t i, uint64_t vab,
                                  const ss_value *values, uint32_t n)
{
    uint64_t a = node->ak[i];
    if (a != vab)
        return a < vab ? -1 : 1;
    if (n == 1 && bt_abbrev_decides(ix, a))
        return 0;
    return bt_cmp_prefix(ix, node->e[i]->key, values, n);
}

/* Slot i of node against entry x in the total order (bt_cmp_entry), likewise. */
static inline int bt_cmp_node_entry(const bt_index *ix, const bt_node *node, uint32_t i, const bt_entry *x)
{
    uint64_t a = node->ak[i];
    if (a != x->abbrev)
        return a < x->abbrev ? -1 : 1;
    if (ix->nkeys == 1 && bt_abbrev_decides(ix, a))
        return (node->rid[i] > x->rowid) - (node->rid[i] < x->rowid);
    return bt_cmp_entry(ix, node->e[i], x);
}

static inline void bt_slots_move(bt_node *n, uint32_t to, uint32_t from, uint32_t count)
{
    memmove(&n->e[to], &n->e[from], count * sizeof n->e[0]);
    memmove(&n->ak[to], &n->ak[from], count * sizeof n->ak[0]);
    memmove(&n->rid[to], &n->rid[from], count * sizeof n->rid[0]);
}

static inline void bt_slots_copy(bt_node *dst, uint32_t to, const bt_node *src, uint32_t from, uint32_t count)
{
    memcpy(&dst->e[to], &src->e[from], count * sizeof dst->e[0]);
    memcpy(&dst->ak[to], &src->ak[from], count * sizeof dst->ak[0]);
    memcpy(&dst->rid[to], &src->rid[from], count * sizeof dst->rid[0]);
}

/* The tree (btree_tree.c). */
bt_node *bt_node_new(bt_index *ix, bool leaf);
void bt_tree_free(bt_index *ix, bt_node *node);
/* adds e (the tree keeps it): SS_OK, or SS_ERROR when out of memory (e is not kept) */
int bt_tree_insert(bt_index *ix, bt_entry *e);
/* removes the entry equal to probe (key and row id); true when there was one */
bool bt_tree_remove(bt_index *ix, const bt_entry *probe);

/* Bulk build (btree_build.c). */
int bt_build_add(ss_ctx *ctx, void *index, const ss_batch *keys, const ss_rowid *rowids);
int bt_build_finish(ss_ctx *ctx, void *index);

/* Scans and lookups (btree_scan.c). */
int bt_scan_begin(ss_ctx *ctx, void *index, const ss_index_bound *lower,
                  const ss_index_bound *upper, bool backward, ss_index_scan **scan);
int bt_scan_next(ss_ctx *ctx, ss_index_scan *scan, ss_rowid *out, uint32_t cap, uint32_t *n);
void bt_scan_end(ss_index_scan *scan);
int bt_lookup(ss_ctx *ctx, void *index, const ss_value *key, uint32_t nvalues, ss_rowid *out,
              uint32_t cap, uint32_t *total);

#endif
