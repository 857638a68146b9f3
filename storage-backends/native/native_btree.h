/* native_btree.h — the native storage library's B+tree: a tree of (key, row id) entries kept in
 * the database file's pages and changed only through library transactions (so the WAL, crash
 * recovery and checkpoints cover it like every other page). See FORMAT.md, "B+tree indexes".
 *
 * Entries are byte strings (nbt_encode): the row id, then each key column's value tagged NULL
 * or present. They are ordered by the columns (each by its class, reversed for NBT_DESC, NULL
 * after every value or before with NBT_NULLS_FIRST), then by row id; one key may be stored
 * many times with different row ids. Deletion is lazy: an entry leaves its leaf, leaves are
 * never merged (an emptied leaf stays in the chain). The tree knows nothing of transactions
 * or visibility (the kernel's index contract, sunstone/index.h).
 *
 * Concurrency: the caller serialises writers of one tree and keeps readers out while one
 * writes (a reader/writer latch per tree); a write is one library transaction the caller
 * begins and commits. Readers read committed pages. */
#ifndef SS_NATIVE_BTREE_H
#define SS_NATIVE_BTREE_H

#include <stddef.h>
#include <stdint.h>

#include "native_db.h"

/* Page types of the tree (native_page.h's list continues: 6 is the module's commit log, 7 its commit history chain). */
#define NATIVE_PT_BTREE_NODE 9u
#define NATIVE_PT_BTREE_ANCHOR 8u

/* The largest encoded entry (row id included): a node page always holds at least four. */
#define NBT_MAX_ENTRY 2000u
/* Key columns of one tree, at most. */
#define NBT_MAX_COLS 32u

#define NBT_DESC 0x1u
#define NBT_NULLS_FIRST 0x2u

/* How one key column's values compare: bool, int64, double (NaN above every number, -0 = 0),
 * bytes (memcmp, shorter first), or bytes through the caller's compare callback. */
typedef enum nbt_class { NBT_BOOL = 1, NBT_INT = 2, NBT_FLOAT = 3, NBT_BYTES = 4, NBT_CUSTOM = 5 } nbt_class;

typedef struct nbt_col {
    nbt_class cls;
    uint32_t flags; /* NBT_DESC | NBT_NULLS_FIRST */
    /* NBT_CUSTOM: the order of two byte strings (negative, 0, positive), given cookie */
    int (*compare)(const void *cookie, const void *a, uint32_t alen, const void *b, uint32_t blen);
    const void *cookie;
} nbt_col;

/* One key value to encode. */
typedef struct nbt_value {
    int is_null;
    int64_t i;    /* NBT_BOOL (0/1) and NBT_INT */
    double f;     /* NBT_FLOAT */
    const void *ptr; /* NBT_BYTES / NBT_CUSTOM */
    uint32_t len;
} nbt_value;

typedef struct nbt_tree {
    native_db *db;
    uint64_t anchor;  /* the tree's anchor page: its persistent id */
    uint64_t root;
    uint32_t height;  /* 0: the root is a leaf */
    int64_t entries;
    uint64_t pages;   /* node pages (the anchor not counted) */
    uint32_t ncols;
    nbt_col cols[NBT_MAX_COLS];
} nbt_tree;

/* The encoded size of an entry of values[0..n) (n <= ncols: a prefix probe). */
size_t nbt_encoded_size(const nbt_tree *t, const nbt_value *values, uint32_t n);
/* Encodes (rowid, values[0..n)) into out (nbt_encoded_size bytes); returns the size. */
size_t nbt_encode(const nbt_tree *t, uint64_t rowid, const nbt_value *values, uint32_t n, uint8_t *out);
/* The row id of an encoded entry. */
uint64_t nbt_entry_rowid(const uint8_t *entry);
/* Compares the first n key columns of encoded entries a and b (both hold at least n), then,
 * with rowid, their row ids: negative, 0 or positive in the tree's order. */
int nbt_compare(const nbt_tree *t, const uint8_t *a, const uint8_t *b, uint32_t n, int rowid);

/* A new empty tree in txn: its anchor page (the id) records the columns' classes and flags. */
int nbt_create(native_txn *txn, uint32_t ncols, const nbt_col *cols, nbt_tree *out, native_error *err);
/* The tree whose anchor page is anchor; its stored columns must be cols (else XX001). */
int nbt_open(native_db *db, uint64_t anchor, uint32_t ncols, const nbt_col *cols, nbt_tree *out, native_error *err);

/* Adds one encoded entry (a copy is stored) in txn. The tree's fields (root, height, counts)
 * change in memory: nbt_save writes them to the anchor in txn before it commits. On failure
 * the txn must be aborted and the fields restored by the caller (nbt_tree is a value: keep a
 * copy). */
int nbt_insert(nbt_tree *t, native_txn *txn, const uint8_t *entry, size_t len, native_error *err);
/* Writes the tree's fields to its anchor page (a patch) in txn. */
int nbt_save(nbt_tree *t, native_txn *txn, native_error *err);
/* Removes the entry equal to entry (key and row id); *removed says whether there was one. */
int nbt_remove(nbt_tree *t, native_txn *txn, const uint8_t *entry, int *removed, native_error *err);
/* Bulk load of an empty tree from entries sorted in the tree's order: leaves filled to 90%
 * left to right, then the internal levels bottom up. Commits its own library transactions
 * (one per NBT_BUILD_CHUNK pages written; until the caller stores the anchor nothing refers
 * to the pages); the last one also stores the anchor. */
#define NBT_BUILD_CHUNK 2048u
int nbt_build(nbt_tree *t, const uint8_t *const *entries, const size_t *lens, size_t n, native_error *err);

/* One end of a read: the first ncols key columns of the encoded probe (and its row id with
 * rowid), inclusive or not. ncols 0 without rowid: the open end. */
typedef struct nbt_bound {
    const uint8_t *entry;
    uint32_t ncols;
    int rowid;
    int inclusive;
} nbt_bound;

/* Reads entries in order from `from` (forward: the first entry >= from, or > it when not
 * inclusive; backward: the last <= from, or < it) while they are before `stop` (forward:
 * <= stop when inclusive, < it otherwise; backward: >= / >): calls visit(arg, entry, len) for
 * each until it returns nonzero (1: stop, the entry counted; -1: stop with an error) or
 * max entries were visited. *last gets a malloc'd copy of the last entry visited (NULL: none),
 * *done whether the range ended. Reads committed pages (txn NULL) or txn's own view. */
int nbt_read(const nbt_tree *t, native_txn *txn, const nbt_bound *from, const nbt_bound *stop, int backward,
             size_t max, int (*visit)(void *arg, const uint8_t *entry, size_t len), void *arg, uint8_t **last,
             size_t *last_len, int *done, native_error *err);

/* Frees every page of the tree, its anchor too, in txn (the tree is dropped). */
int nbt_free_all(const nbt_tree *t, native_txn *txn, native_error *err);

/* Checks the tree's structure: every node's entries in order and within its parent's fences,
 * leaf chain complete, the entry count right (tests, integrity checks). 0, or -1 with err. */
int nbt_check(const nbt_tree *t, native_error *err);

#endif
