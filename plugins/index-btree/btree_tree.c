/* btree_tree.c — the B+tree's nodes: insertion with node splits that propagate to the root,
 * and removal of one (key, row id) entry from its leaf. */
#include <string.h>

#include "btree.h"

bt_node *bt_node_new(bt_index *ix, bool leaf)
{
    bt_node *n = ix->api->alloc(sizeof *n);
    if (!n)
        return NULL;
    memset(n, 0, sizeof *n);
    n->leaf = leaf;
    ix->nbytes += (int64_t)sizeof *n;
    return n;
}

void bt_tree_free(bt_index *ix, bt_node *node)
{
    if (!node)
        return;
    if (node->leaf) {
        for (uint32_t i = 0; i < node->n; i++)
            bt_entry_free(ix, node->e[i]);
    } else {
        for (uint32_t i = 0; i < node->n; i++)
            bt_entry_free(ix, node->e[i]);
        for (uint32_t i = 0; i <= node->n; i++)
            bt_tree_free(ix, node->child[i]);
    }
    ix->nbytes -= (int64_t)sizeof *node;
    ix->api->free(node);
}

/* The child of internal node n that holds x: the number of separators <= x. */
static uint32_t child_for(const bt_index *ix, const bt_node *n, const bt_entry *x)
{
    uint32_t lo = 0, hi = n->n;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (bt_cmp_node_entry(ix, n, mid, x) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The first position of leaf n whose entry is >= x. */
static uint32_t leaf_pos(const bt_index *ix, const bt_node *n, const bt_entry *x)
{
    uint32_t lo = 0, hi = n->n;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (bt_cmp_node_entry(ix, n, mid, x) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* What a split hands its parent: the new right sibling and the separator before it. */
typedef struct split {
    bt_node *right;
    bt_entry *sep;
} split;

/* Where a node that overflowed with n slots splits when the new one went to its end and the
   node is the rightmost of its level (rightmost): ascending keys, as a serial primary key
   inserts them.  The left half keeps BT_BUILD_FILL slots, as nbtree's rightmost split keeps
   its fillfactor, instead of half, so that an index filled in key order has full nodes (as
   the bulk build's) and a lookup descends fewer levels; any other split halves the node. */
static uint32_t split_keep(uint32_t n, bool rightmost, bool at_end)
{
    if (rightmost && at_end && n > BT_BUILD_FILL)
        return BT_BUILD_FILL;
    return n / 2;
}

/* Inserts e below node (rightmost: node is the last of its level); on a split of node, *out
   describes the new right half.  Memory for a split is taken before anything changes, so a
   failure leaves the tree as it was. */
static int insert_at(bt_index *ix, bt_node *node, bt_entry *e, bool rightmost, split *out)
{
    out->right = NULL;
    out->sep = NULL;
    if (node->leaf) {
        bt_node *right = NULL;
        bt_entry *sep = NULL;
        if (node->n == BT_MAX) {
            right = bt_node_new(ix, true);
            if (!right)
                return SS_ERROR;
        }
        uint32_t p = leaf_pos(ix, node, e);
        bt_slots_move(node, p + 1, p, node->n - p);
        bt_slot_set(node, p, e);
        node->n++;
        if (!right)
            return SS_OK;
        uint32_t keep = split_keep(node->n, rightmost, p + 1 == node->n);
        right->n = node->n - keep;
        bt_slots_copy(right, 0, node, keep, right->n);
        sep = bt_entry_make(ix, right->e[0]->key, right->e[0]->rowid);
        if (!sep) {
            /* undo: the entry goes back out, the node is as before */
            right->n = 0;
            bt_tree_free(ix, right);
            bt_slots_move(node, p, p + 1, node->n - 1 - p);
            node->n--;
            return SS_ERROR;
        }
        node->n = keep;
        right->next = node->next;
        right->prev = node;
        if (node->next)
            node->next->prev = right;
        node->next = right;
        out->right = right;
        out->sep = sep;
        return SS_OK;
    }
    uint32_t c = child_for(ix, node, e);
    /* a split below needs room here: take the sibling first */
    bt_node *right = NULL;
    if (node->n == BT_MAX) {
        right = bt_node_new(ix, false);
        if (!right)
            return SS_ERROR;
    }
    split below;
    if (insert_at(ix, node->child[c], e, rightmost && c == node->n, &below) != SS_OK) {
        bt_tree_free(ix, right);
        return SS_ERROR;
    }
    if (!below.right) {
        bt_tree_free(ix, right);
        return SS_OK;
    }
    bt_slots_move(node, c + 1, c, node->n - c);
    memmove(&node->child[c + 2], &node->child[c + 1], (node->n - c) * sizeof node->child[0]);
    bt_slot_set(node, c, below.sep);
    node->child[c + 1] = below.right;
    node->n++;
    if (node->n <= BT_MAX) {
        bt_tree_free(ix, right);
        return SS_OK;
    }
    /* separators [0, mid) stay, mid moves up, (mid, n) go right */
    uint32_t mid = split_keep(node->n, rightmost, c + 1 == node->n);
    right->n = node->n - mid - 1;
    bt_slots_copy(right, 0, node, mid + 1, right->n);
    memcpy(right->child, &node->child[mid + 1], (right->n + 1) * sizeof node->child[0]);
    out->sep = node->e[mid];
    out->right = right;
    node->n = mid;
    return SS_OK;
}

int bt_tree_insert(bt_index *ix, bt_entry *e)
{
    bt_node *root = bt_node_new(ix, false); /* in case the root splits */
    if (!root)
        return SS_ERROR;
    split s;
    if (insert_at(ix, ix->root, e, true, &s) != SS_OK) {
        bt_tree_free(ix, root);
        return SS_ERROR;
    }
    if (!s.right) {
        bt_tree_free(ix, root);
    } else {
        root->n = 1;
        bt_slot_set(root, 0, s.sep);
        root->child[0] = ix->root;
        root->child[1] = s.right;
        ix->root = root;
    }
    ix->nentries++;
    return SS_OK;
}

bool bt_tree_remove(bt_index *ix, const bt_entry *probe)
{
    bt_node *n = ix->root;
    while (!n->leaf)
        n = n->child[child_for(ix, n, probe)];
    uint32_t p = leaf_pos(ix, n, probe);
    if (p >= n->n || bt_cmp_node_entry(ix, n, p, probe) != 0)
        return false;
    bt_entry_free(ix, n->e[p]);
    bt_slots_move(n, p, p + 1, n->n - 1 - p);
    n->n--;
    ix->nentries--;
    return true;
}
