/* sunstone/index.h — index modules, plugins of kind index (in the spirit of PostgreSQL's
 * IndexAmRoutine; "btree" is the bundled one, plugins/index-btree).
 *
 * An index module stores entries (key, row id): the key is the values of the index's key
 * columns for one row version of its table, the row id names that version (txn.h's
 * contract).  It knows nothing of transactions or visibility: the kernel gives it every
 * version it writes, removes entries whose versions are reclaimed, and checks the
 * visibility of every row id an index returns by reading it through the storage backend's
 * fetch_versions (PostgreSQL's split between nbtree and the heap).  Uniqueness is the
 * kernel's decision too: it asks the index for candidates (lookup) and fetches them.  So
 * one key may be stored many times, with different row ids; an entry is identified by its
 * (key, row id) pair, and entries with equal keys are ordered by row id.
 *
 * Order: key columns compare one after the other, each by its type's order (ss_type_info:
 * the physical primitive's natural order, or the type's compare callback; text bytewise,
 * the engine's collation C) reversed for a DESC column; NULL sorts after every value
 * (ASC NULLS LAST, PostgreSQL's default) or before it (nulls_first), and NULLs equal each
 * other for ordering and lookups (the kernel never looks NULL up for an SQL "=").
 *
 * Keys cross the boundary as ss_values (types.h: ss_vector_get_value's member per storage
 * type); text bytes are the caller's for the call only: an index copies what it keeps.
 * Key batches are typed like the key columns (ncols == def->nkeys) and may carry a
 * selection; row ids parallel the batch's live rows.
 * Errors: SS_ERROR after ss_api.error() (53200 out of memory).  Threads: sessions on
 * several threads call one index at once (writers of different rows run concurrently), so
 * every callback but create / destroy must be safe against concurrent calls on the same
 * index (the bundled btree holds a per-index reader/writer latch for each call). */
#ifndef SUNSTONE_INDEX_H
#define SUNSTONE_INDEX_H

#include "sunstone/batch.h"
#include "sunstone/operator.h"
#include "sunstone/txn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_INDEX_VTABLE_VERSION 2

/* Flags of one key column (ss_index_def.flags). */
#define SS_INDEX_DESC 0x1u        /* the column's values descend */
#define SS_INDEX_NULLS_FIRST 0x2u /* NULLs before the values (default: after) */

typedef struct ss_index_def {
    const char *name;         /* the index's name, for messages */
    uint32_t nkeys;           /* key columns, >= 1 */
    uint32_t reserved;
    const ss_type *types;     /* nkeys key column types */
    const uint32_t *flags;    /* nkeys SS_INDEX_* flag words */
} ss_index_def;

/* One end of a range: the first nvalues key columns (a prefix; 0 = the range is open at
 * this end) compared with the entry's first nvalues columns in the index's order.
 * inclusive: entries whose prefix equals values belong to the range. */
typedef struct ss_index_bound {
    const ss_value *values;
    uint32_t nvalues;
    bool inclusive;
    uint8_t reserved[3];
} ss_index_bound;

typedef struct ss_index_scan ss_index_scan; /* a module's open range scan */
struct ss_storage_vtable;

typedef struct ss_index_vtable {
    uint32_t struct_size;         /* sizeof(ss_index_vtable) as compiled by the plugin */
    uint32_t version;             /* SS_INDEX_VTABLE_VERSION */
    const char *name;             /* the access method: CREATE INDEX ... USING name */
    const char *description;

    /* required: an empty index for def (def and its arrays are lent for the call) */
    int (*create)(ss_ctx *ctx, const ss_index_def *def, void **index);
    /* required: frees the index and everything it holds (DROP INDEX, DROP TABLE, the
       database closing).  Cannot fail. */
    void (*destroy)(void *index);

    /* required: bulk build, the path CREATE INDEX over existing rows takes.  build_add
       hands over key batches with their row ids (any number of calls, before any insert
       or scan); build_finish makes the index of everything added (sorting, then filling
       pages bottom-up).  Until build_finish the index answers nothing; after a failed
       build_finish the kernel destroys it. */
    int (*build_add)(ss_ctx *ctx, void *index, const ss_batch *keys, const ss_rowid *rowids);
    int (*build_finish)(ss_ctx *ctx, void *index);

    /* required: adds one entry per live row of keys (row id rowids[k] for the k-th live
       row).  All-or-nothing: on SS_ERROR no entry of the call stays. */
    int (*insert)(ss_ctx *ctx, void *index, const ss_batch *keys, const ss_rowid *rowids);
    /* required: removes the entry (key, rowid); *removed says whether there was one.
       key holds def->nkeys values. */
    int (*remove)(ss_ctx *ctx, void *index, const ss_value *key, ss_rowid rowid,
                  bool *removed);

    /* required: point lookup of the entries whose first nvalues key columns equal key
       (NULL equal to NULL): their row ids in index order, the first cap of them to out;
       *total is how many there are (more than cap: read them with a scan). */
    int (*lookup)(ss_ctx *ctx, void *index, const ss_value *key, uint32_t nvalues,
                  ss_rowid *out, uint32_t cap, uint32_t *total);

    /* required: an ordered range scan between lower and upper (NULL or nvalues 0: open),
       in index order, or from the upper end down when backward.  Other threads (and the
       scanning statement itself) may change the index between scan_next calls: the scan
       returns each entry at most once and in order, every entry present from scan_begin to
       the scan's end, and maybe entries added meanwhile ahead of its position (versions the
       scanning snapshot does not see, which the kernel drops).  Bounds (and their text) are
       lent for the scan_begin call only. */
    int (*scan_begin)(ss_ctx *ctx, void *index, const ss_index_bound *lower,
                      const ss_index_bound *upper, bool backward, ss_index_scan **scan);
    /* the next up to cap row ids to out (*n of them; 0: the scan is done) */
    int (*scan_next)(ss_ctx *ctx, ss_index_scan *scan, ss_rowid *out, uint32_t cap,
                     uint32_t *n);
    void (*scan_end)(ss_index_scan *scan);

    /* required: entries stored, and bytes the index holds (estimates for the planner and
       for size functions) */
    int64_t (*entries)(void *index);
    int64_t (*bytes)(void *index);

    /* ---- version 2: indexes stored with their table (optional) ----
       A module may keep its indexes in the storage of one backend's tables (the native
       backend's B+tree in its database file, storage-backends/native).  It names that
       backend and the access method it stands in for: on a table of backend stored_backend,
       CREATE INDEX ... USING stored_am (and the indexes of PRIMARY KEY / UNIQUE) is made
       by this module, while the catalog, \d and pg_indexes still say stored_am.  A database
       file's catalog keeps each such index's stored_id, and opening the file opens it with
       open_stored instead of creating and building it again.  The index changes through
       the backend's own write path (its WAL, crash recovery and checkpoints), each callback
       being durable no later than the next txn_commit of that backend; create (version 1)
       may refuse (0A000).  destroy frees the memory only: the stored index stays.  A module
       sets stored_backend, stored_am and the three callbacks, or none of them. */
    const char *stored_backend; /* the storage backend's name (storage.h name) */
    const char *stored_am;      /* the access method it implements for that backend's tables */
    /* an empty index of def stored with table, the handle `storage` (the backend's vtable,
       checked by the module: 0A000 when it is not the backend it stores with) gave for a
       table; then build_add / build_finish as after create.  def is lent for the call. */
    int (*create_stored)(ss_ctx *ctx, const ss_index_def *def, const struct ss_storage_vtable *storage,
                         void *table, void **index);
    /* the index stored_id named when it was made on this table (with the same def), its
       entries as last written (after a crash: as recovery left the table, every entry of a
       version that is in the table present, maybe entries of versions that are not): no
       build, the index answers at once.  XX001 when id names no such index. */
    int (*open_stored)(ss_ctx *ctx, const ss_index_def *def, const struct ss_storage_vtable *storage,
                       void *table, uint64_t id, void **index);
    /* the index's id in its table's storage, never 0; cannot fail */
    uint64_t (*stored_id)(void *index);
    /* optional: the index is gone for good (its DROP INDEX committed, or its CREATE INDEX was
       undone): frees what it stores with its table, then everything destroy frees.  Cannot
       fail (what it could not free stays as unused space).  The indexes of a dropped table
       are the backend's to free in its table_drop; destroy follows for them. */
    void (*drop_stored)(void *index);
} ss_index_vtable;

/* Whether vt carries the field `member` (appended after the plugin's header). */
#define SS_INDEX_HAS(vt, member)                                                            \
    ((vt)->struct_size >= offsetof(ss_index_vtable, member) + sizeof((vt)->member))

#ifdef __cplusplus
}
#endif
#endif
