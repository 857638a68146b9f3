/* native_vt.h — private declarations shared by the files of the `native` storage module (the
 * storage vtable, versions 1, 3, 4, 6, 7 and 8, on the native storage library): the backend instance
 * (one native_db), tables, and the callbacks its vtable points to (hist11: and version 9, the
 * commit history; chk11: version 10, the integrity check).
 *
 * Layout (FORMAT.md, "The native module"): a table is a native table (a chain of row groups);
 * a row version is row r of the table's g-th row group, its row id g * 65536 + r, stable while
 * the version is stored (row groups only ever get appended, and the last one, the open tail,
 * is rewritten in place with the same rows first: see native_vt_insert.c; VACUUM empties a
 * dead row group's slot but keeps it: native_vt_vacuum.c). Stamps live in the
 * row groups' version pages. The catalog blob of the library holds the module's meta image:
 * the kernel's catalog image, the table id -> root map and the commit log's first page.
 *
 * Transactions: every writing callback is one library transaction committed before it
 * returns (no fsync), serialised by the backend mutex; txn_commit appends the kernel's xids to
 * the commit log (and the catalog image to the meta blob) in one library commit that is
 * fsynced unless synchronous_commit is off. The WAL is replayed in order, so a durable commit
 * record implies every earlier write. backend_open resolves every stored stamp with the
 * commit log (storage.h version 6) and starts an empty one. */
#ifndef SUNSTONE_NATIVE_VT_H
#define SUNSTONE_NATIVE_VT_H

#include <pthread.h>
#include <stdint.h>

#include "native_db.h"
#include "native_rowgroup.h"
#include "sunstone/plugin.h"

/* Row ids: group index * NV_GROUP_ROWS + row. */
#define NV_GROUP_ROWS 65536u
#define NV_ROWID(g, r) ((uint64_t)(g) * NV_GROUP_ROWS + (r))
/* The xmin of a version removed at open (its writer never committed, or its deleter did): no
 * snapshot sees it and scans skip it. No kernel xid reaches it. */
#define NV_XID_DEAD (UINT64_MAX - 1)
/* The open tail: a write of n rows is merged into the last row group (which is rewritten)
 * while that has fewer than NV_TAIL_FLOOR rows, or fewer than NV_TAIL_ROWS and at most
 * NV_TAIL_AMPLIFY * n: a rewrite copies at most max(NV_TAIL_FLOOR, NV_TAIL_AMPLIFY * n)
 * old rows. One-row INSERTs make row groups of NV_TAIL_FLOOR rows, bulk writes (1024-row
 * batches) row groups of NV_TAIL_ROWS to NV_TAIL_ROWS + 1024. */
#define NV_TAIL_FLOOR 1024u
#define NV_TAIL_ROWS 8192u
#define NV_TAIL_AMPLIFY 8u
/* (rap11) A write of at most NV_TAIL_SMALL rows goes to the table's open tail (an uncompressed
 * row group appended in place, native_tail.c: WAL of the bytes added), started when the last
 * row group is none; a write the tail cannot take (NATIVE_TAIL_MAX_ROWS rows, its bytes)
 * seals it: the tail's rows and the new ones become one compressed row group in its place. */
#define NV_TAIL_SMALL 64u
/* The buffer cache of a database: the kernel's shared_buffers (native_vt_backend.c), in pages
 * allocated as they are first used; without the setting: */
#define NV_CACHE_PAGES 16384u /* 128 MB, PostgreSQL's default */

typedef struct nv_table nv_table;

typedef struct nv_group {
    uint64_t first, len; /* the row group's header blob */
    uint32_t nrows;
    uint64_t seq;        /* nv_backend.group_seq when this process wrote it (0: read at open) */
} nv_group;

/* (buf11) the all-visible map of a table (native_vt_visible.c), per group index: the row group
 * (its first page) every row of which is visible to every snapshot in use or taken later
 * (0: not known), and a count of the changes to the group's stamps. */
typedef struct nv_vis {
    uint64_t first;
    uint64_t gen;
} nv_vis;

typedef struct nv_entry {
    uint64_t id, root;   /* a stored table */
} nv_entry;

typedef struct nv_backend {
    const ss_api *api;
    native_db *db;
    bool durable;        /* a database file: commits are fsynced as synchronous_commit says */
    char *temp_dir;      /* an in-memory database's private directory, removed at close */
    char *temp_file;
    pthread_mutex_t mu;  /* every write, the fields below, every table's groups and links */
    uint64_t clog_root;  /* the commit log: a chain of pages of xids (FORMAT.md) */
    uint64_t clog_tail;
    /* (hist11) the commit history (native_vt_history.c): a chain of pages of commit records,
       the seq below which records are forgotten, the first commit time ever stored; and the
       xid below which every stored stamp was resolved by an earlier open (all committed,
       top-level) */
    uint64_t hist_root, hist_tail, hist_forget;
    int64_t hist_first_time;
    uint64_t resolved_below;
    uint8_t *image;      /* the kernel's last stored catalog image */
    size_t image_len;
    nv_entry *entries;
    size_t nentries, capentries;
    nv_table *tables;    /* live handles */
    unsigned active_scans;
    uint64_t group_seq;  /* row groups written by this process so far (nv_group.seq) */
    uint64_t *listed;    /* per running scan or fetch: group_seq when it listed its row
                            groups (a group with a higher seq is in no running scan's list) */
    size_t nlisted, caplisted;
    unsigned unlisted;   /* running scans whose seq could not be recorded (out of memory):
                            while any runs, every group counts as listed */
    uint64_t *deferred;  /* (first, len) of replaced tails, freed once no scan runs */
    size_t ndeferred, capdeferred;
} nv_backend;

typedef struct nv_column {
    ss_type type;
    int32_t storage;     /* ss_type_storage(type.id) */
    native_col_type ntype;
} nv_column;

typedef struct nv_link {
    ss_rowid older, newer; /* newer SS_ROWID_INVALID: free slot */
} nv_link;

struct nv_table {
    const ss_api *api;
    nv_backend *b;
    nv_table *prev, *next;
    uint64_t id, root;
    uint32_t ncols;
    nv_column *cols;
    nv_group *groups;    /* b->mu */
    size_t ngroups, capgroups;
    nv_link *links;      /* successors of updated versions (open addressing), b->mu; not
                          * stored: after a reopen no version has a live successor */
    size_t nlinks, caplinks;
    int64_t nrows;
    struct nv_index *indexes; /* b->mu: the live stored indexes of the table (native_vt_index.c) */
    nv_vis *vis;              /* b->mu: the all-visible map (native_vt_visible.c), nvis slots */
    size_t nvis, capvis;
};

/* The all-visible map (native_vt_visible.c). nv_vis_known: whether row group (gi, first) is
 * known all-visible, and (*gen) the count of its stamp changes so far (locks b->mu);
 * nv_vis_set marks it all-visible unless its stamps changed since gen (locks b->mu);
 * nv_vis_changed forgets it (b->mu held): a version of it gets an xmax. */
bool nv_vis_known(nv_table *t, uint32_t gi, uint64_t first, uint64_t *gen);
void nv_vis_set(nv_table *t, uint32_t gi, uint64_t first, uint64_t gen);
void nv_vis_changed(nv_table *t, size_t gi);

const ss_api *nv_api(void);
/* The module's storage vtable, and its index vtable ("native_btree", native_vt_index.c). */
const ss_storage_vtable *nv_storage_vtable(void);
const struct ss_index_vtable *nv_index_vtable(void);
int nv_oom(const ss_api *api, ss_ctx *ctx);
/* Records a library error on ctx (its SQLSTATE and message); returns SS_ERROR. */
int nv_fail(ss_ctx *ctx, const ss_api *api, const native_error *err);
/* Appends to a growable array (*p, *n of *cap elements of size sz); NULL when out of memory. */
void *nv_push(void **p, size_t *n, size_t *cap, size_t sz);

/* Backend and meta image (native_vt_backend.c, native_vt_meta.c). */
int nv_backend_open(ss_ctx *ctx, const char *path, void **backend);
void nv_backend_close(void *backend);
/* Writes the meta image (the kernel image given, or the stored one with image NULL) in txn. */
int nv_meta_store(nv_backend *b, native_txn *txn, const void *image, size_t len, native_error *err);
int nv_meta_load(nv_backend *b, native_error *err);
/* A committed xid of the commit log and its top-level xid. */
typedef struct nv_committed {
    uint64_t xid, top;
} nv_committed;
/* The commit log: appends xids (txn; xids[0] the top-level one), reads every xid into an
   array sorted by xid (*out, malloc'd). */
int nv_clog_append(nv_backend *b, native_txn *txn, const ss_xid *xids, uint32_t n, native_error *err);
int nv_clog_read(nv_backend *b, nv_committed **out, size_t *n, native_error *err);
/* Resolves every stored stamp with the commit log and starts an empty one (backend_open):
   stamps the stored history's snapshots read are kept (storage.h version 9). */
int nv_resolve(nv_backend *b, native_error *err);
/* (hist11) The commit history (native_vt_history.c): the chain's last page found (open); the
   xmin of the oldest stored record (UINT64_MAX: none); rec (NULL: none) appended and the
   records below forget_before (0: none) forgotten in txn, *meta_changed when the meta image
   must be stored with it; the history_load callback. */
int nv_history_find_tail(nv_backend *b, native_error *err);
int nv_history_oldest_xmin(nv_backend *b, uint64_t *xmin, native_error *err);
int nv_history_add(nv_backend *b, native_txn *txn, const ss_commit_record *rec, uint64_t forget_before,
                   bool *meta_changed, native_error *err);
int nv_history_load(ss_ctx *ctx, void *backend, ss_commit_record **recs, uint64_t *n, int64_t *first_time_us,
                    uint64_t *next_seq);
/* A library transaction of the module (xid 0); commit with sync or not. */
native_txn *nv_txn_begin(nv_backend *b, native_error *err);
int nv_txn_commit(native_txn *txn, bool sync, native_error *err);

/* Tables (native_vt_table.c). */
int nv_table_create(ss_ctx *ctx, void *backend, const ss_table_def *def, void **table);
int nv_table_drop(ss_ctx *ctx, void *backend, void *table);
int64_t nv_table_row_estimate(void *table);
uint64_t nv_table_storage_id(void *table);
int nv_table_open(ss_ctx *ctx, void *backend, uint64_t id, const ss_table_def *def, void **table);
void nv_table_close(void *backend, void *table);
int nv_check_spec(ss_ctx *ctx, const nv_table *t, const ss_scan_spec *spec);
/* The group of a row id, NULL when it names none (b->mu held). */
const nv_group *nv_group_of(const nv_table *t, ss_rowid rowid, uint32_t *row);

/* Writes (native_vt_insert.c). */
int nv_insert(ss_ctx *ctx, void *table, const ss_batch *rows);
int nv_insert_versions(ss_ctx *ctx, void *table, const ss_batch *rows, ss_rowid *rowids);
/* Frees the deferred tails when no scan runs (b->mu held). */
void nv_free_deferred(nv_backend *b);

/* Reads (native_vt_scan.c, native_vt_fetch.c). */
/* A scan or fetch starts (b->mu held, just before it lists the table's row groups): counted
   in active_scans; the returned token goes back to nv_scans_leave when it ends. */
uint64_t nv_scans_enter(nv_backend *b);
void nv_scans_leave(nv_backend *b, uint64_t token);
/* Whether a running scan or fetch may hold the row group written at group_seq seq in its
   list (b->mu held): it listed its groups after that group was written. */
bool nv_scans_listed(const nv_backend *b, uint64_t seq);
int nv_scan_begin(ss_ctx *ctx, void *table, const ss_scan_spec *spec, void **scan);
int nv_scan_begin_snapshot(ss_ctx *ctx, void *table, const ss_scan_spec *spec, const ss_snapshot *snap, bool rowids,
                           void **scan);
int nv_scan_next_batch(ss_ctx *ctx, void *scan, ss_batch *out);
int nv_scan_next_row(ss_ctx *ctx, void *scan, ss_value *values, bool *has_row);
const ss_rowid *nv_scan_rowids(void *scan);
/* Scan hints and statistics (storage.h version 8): the library's zone-map predicates. */
int nv_scan_hint(ss_ctx *ctx, void *scan, const ss_scan_hint *hints, uint32_t n);
bool nv_scan_stats(void *scan, ss_scan_stats *stats);
void nv_scan_end(void *scan);
int nv_fetch_versions(ss_ctx *ctx, void *table, const ss_scan_spec *spec, const ss_snapshot *snap,
                      const ss_rowid *rowids, uint32_t n, ss_batch *out, bool *found);
/* Stores decoded value `row` of native column c into out[orow] (text pointing at c's bytes). */
int nv_put_value(ss_ctx *ctx, const ss_api *api, ss_vector *out, uint32_t orow, const native_column *c, uint32_t row);

/* Delete / update / lock (native_vt_versions.c), durable commits (native_vt_commit.c). */
int nv_lock_versions(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, ss_xid xid, uint32_t cid,
                     const ss_xid *expect, ss_version_stamp *seen);
int nv_link_versions(ss_ctx *ctx, void *table, const ss_rowid *older, uint32_t n, const ss_rowid *newer, ss_rowid *next);
int nv_catalog_load(ss_ctx *ctx, void *backend, void **image, size_t *len);
int nv_txn_commit_cb(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                     const void *image, size_t len);
void nv_txn_abort_cb(ss_ctx *ctx, void *backend, ss_xid top);
int nv_txn_commit_history_cb(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                             const ss_commit_record *rec, uint64_t forget_before, const void *image, size_t len);
int nv_txn_commit_append_cb(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                            const ss_commit_record *rec, uint64_t forget_before, const void *image, size_t len,
                            uint64_t *wait_token);
int nv_txn_commit_wait_cb(ss_ctx *ctx, void *backend, uint64_t wait_token);
/* Above every xid txn_commit recorded in the file (the header's highest committed xid). */
ss_xid nv_xid_floor(void *backend);

/* The table t is closed (dropped: its stored indexes' pages are freed too): its index objects
 * let go of it (b->mu held; native_vt_index.c). */
void nv_index_table_gone(nv_table *t, bool dropped);

/* VACUUM and CHECKPOINT (native_vt_vacuum.c, storage.h version 7). */
int nv_vacuum(ss_ctx *ctx, void *table, const ss_snapshot *horizon, const ss_scan_spec *spec,
              ss_vacuum_reclaimed_fn reclaimed, void *arg, ss_vacuum_stats *stats);
int nv_checkpoint(ss_ctx *ctx, void *backend);
/* The integrity check, storage.h version 10 (native_vt_check.c). */
int nv_check(ss_ctx *ctx, void *backend, void (*report)(void *arg, void *table, int64_t page, const char *problem),
             void *arg);
int nv_versions_stored(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, bool *stored);

#endif
