/* btree_build.c — bulk build (CREATE INDEX over existing rows): entries are collected,
 * merge-sorted in the tree's order, and packed bottom-up into leaves filled to 90% and
 * internal levels above them, instead of being inserted one by one. */
#include <string.h>

#include "btree.h"

int bt_build_add(ss_ctx *ctx, void *index, const ss_batch *keys, const ss_rowid *rowids)
{
    bt_index *ix = index;
    uint32_t n = ss_batch_rows(keys);
    if (ix->npending + n > ix->cap_pending) {
        size_t cap = ix->cap_pending ? ix->cap_pending : 1024;
        while (cap < ix->npending + n)
            cap *= 2;
        bt_entry **p = ix->api->realloc(ix->pending, cap * sizeof *p);
        if (!p)
            return bt_oom(ctx);
        ix->pending = p;
        ix->cap_pending = cap;
    }
    ss_value key[ix->nkeys];
    for (uint32_t k = 0; k < n; k++) {
        bt_batch_key(ix, keys, k, key);
        bt_entry *e = bt_entry_make(ix, key, rowids[k]);
        if (!e)
            return bt_oom(ctx);
        ix->pending[ix->npending++] = e;
    }
    return SS_OK;
}

/* Bottom-up merge sort of a[0..n) with scratch tmp; polls for cancel between passes. */
static int sort_entries(ss_ctx *ctx, const bt_index *ix, bt_entry **a, bt_entry **tmp, size_t n)
{
    bt_entry **src = a, **dst = tmp;
    for (size_t width = 1; width < n; width *= 2) {
        if (ix->api->check_interrupt(ctx) != SS_OK)
            return SS_ERROR;
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                dst[k++] = bt_cmp_entry(ix, src[j], src[i]) < 0 ? src[j++] : src[i++];
            while (i < mid)
                dst[k++] = src[i++];
            while (j < hi)
                dst[k++] = src[j++];
        }
        bt_entry **t = src;
        src = dst;
        dst = t;
    }
    if (src != a)
        memcpy(a, src, n * sizeof *a);
    return SS_OK;
}

/* Nodes for n items at most per per node, spread evenly. */
static size_t nodes_for(size_t n, size_t per)
{
    return n == 0 ? 1 : (n + per - 1) / per;
}

/* Frees node n itself and, for an internal node, its separators (not its children, nor a
   leaf's entries): the cleanup of a build that failed half-way. */
static void free_shallow(bt_index *ix, bt_node *n)
{
    if (!n->leaf)
        for (uint32_t i = 0; i < n->n; i++)
            bt_entry_free(ix, n->e[i]);
    n->n = 0;
    n->leaf = true;
    bt_tree_free(ix, n);
}

/* One level: nodes lv[0..n) with their lowest entries low[0..n) become the children of the
   parents written to lv / low (in place); *n becomes their number.  Every parent made is
   also appended to inner[*ninner] (for the cleanup of a failure). */
static int build_level(ss_ctx *ctx, bt_index *ix, bt_node **lv, bt_entry **low, size_t *n,
                       bt_node **inner, size_t *ninner)
{
    size_t nparents = nodes_for(*n, BT_MAX + 1);
    for (size_t p = 0; p < nparents; p++) {
        size_t from = *n * p / nparents, to = *n * (p + 1) / nparents;
        bt_node *parent = bt_node_new(ix, false);
        if (!parent)
            return bt_oom(ctx);
        inner[(*ninner)++] = parent;
        bt_entry *first = low[from];
        parent->child[0] = lv[from];
        for (size_t c = from + 1; c < to; c++) {
            bt_entry *sep = bt_entry_make(ix, low[c]->key, low[c]->rowid);
            if (!sep)
                return bt_oom(ctx);
            parent->child[c - from] = lv[c];
            bt_slot_set(parent, parent->n++, sep);
        }
        lv[p] = parent;
        low[p] = first;
    }
    *n = nparents;
    return SS_OK;
}

int bt_build_finish(ss_ctx *ctx, void *index)
{
    bt_index *ix = index;
    size_t n = ix->npending;
    if (n == 0)
        return SS_OK;
    bt_entry **tmp = ix->api->alloc(n * sizeof *tmp);
    if (!tmp)
        return bt_oom(ctx);
    int rc = sort_entries(ctx, ix, ix->pending, tmp, n);
    ix->api->free(tmp);
    if (rc != SS_OK)
        return SS_ERROR;
    size_t nleaves = nodes_for(n, BT_BUILD_FILL);
    size_t cap_inner = nleaves + 64;
    bt_node **lv = ix->api->alloc(nleaves * sizeof *lv);
    bt_entry **low = ix->api->alloc(nleaves * sizeof *low);
    bt_node **inner = ix->api->alloc(cap_inner * sizeof *inner);
    size_t ninner = 0, built = 0;
    bt_node *first_leaf = NULL, *prev = NULL;
    if (!lv || !low || !inner)
        rc = bt_oom(ctx);
    for (size_t l = 0; rc == SS_OK && l < nleaves; l++) {
        size_t from = n * l / nleaves, to = n * (l + 1) / nleaves;
        bt_node *leaf = bt_node_new(ix, true);
        if (!leaf) {
            rc = bt_oom(ctx);
            break;
        }
        leaf->n = (uint32_t)(to - from);
        for (uint32_t i = 0; i < leaf->n; i++)
            bt_slot_set(leaf, i, ix->pending[from + i]);
        leaf->prev = prev;
        if (prev)
            prev->next = leaf;
        else
            first_leaf = leaf;
        prev = leaf;
        lv[built] = leaf;
        low[built] = leaf->e[0];
        built++;
    }
    while (rc == SS_OK && built > 1)
        rc = build_level(ctx, ix, lv, low, &built, inner, &ninner);
    if (rc != SS_OK) {
        /* the entries stay pending (destroy frees them); the nodes go */
        for (size_t i = 0; i < ninner; i++)
            free_shallow(ix, inner[i]);
        while (first_leaf) {
            bt_node *next = first_leaf->next;
            free_shallow(ix, first_leaf);
            first_leaf = next;
        }
    } else {
        bt_tree_free(ix, ix->root);
        ix->root = lv[0];
        ix->nentries += (int64_t)n;
        ix->npending = 0;
    }
    ix->api->free(lv);
    ix->api->free(low);
    ix->api->free(inner);
    return rc;
}
