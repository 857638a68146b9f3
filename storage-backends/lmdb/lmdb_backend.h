/* lmdb_backend.h — private declarations shared by the files of the lmdb storage backend: the
 * backend instance (one LMDB environment), tables, the key and row-version encodings, and the
 * callbacks its vtable points to.
 *
 * Layout: one LMDB database ("rows") holds every table's row versions under 16-byte keys
 * (table id, row id), both big-endian so that a table's versions are contiguous and in row-id
 * order.  A row id is a per-table counter, never reused.  The value is one encoded row version
 * (lmdb_row.c): its stamps, its successor and its column values.
 *
 * Transactions: the kernel's MVCC sits above LMDB.  Every callback that writes is one LMDB
 * write transaction, committed before it returns (LMDB has one writer at a time: that makes
 * lock_versions' compare-and-set atomic); a scan holds one read-only LMDB transaction from
 * scan_begin to scan_end, so it reads the table as it was at scan_begin and the text bytes it
 * hands out point into LMDB's map and stay valid until scan_end.  The environment is opened
 * with MDB_NOTLS, so one thread may hold several read transactions (nested scans) and a write
 * transaction (INSERT ... SELECT from the same table).
 *
 * Columns: a table keeps a list of physical columns (type, and the value a stored version
 * that predates the column reads: add_column's fill); its logical columns name physical ones.
 * add_column appends a physical column and drop_column forgets a logical one, so ALTER TABLE
 * never rewrites stored versions; a version stores values for the physical columns that
 * existed when it was written (a dropped one as NULL). */
#ifndef SUNSTONE_LMDB_BACKEND_H
#define SUNSTONE_LMDB_BACKEND_H

#include <lmdb.h>
#include <pthread.h>
#include <stdint.h>

#include "sunstone/plugin.h"

typedef struct lmdb_table lmdb_table;

/* One instance per database (backend_open). */
typedef struct lmdb_backend {
    const ss_api *api;
    MDB_env *env;
    MDB_dbi rows;          /* the "rows" database: (table id, row id) -> row version */
    MDB_dbi meta;          /* "meta": "next_table_id" -> u64, "catalog" -> the kernel's image */
    MDB_dbi commits;       /* "commits": xid (u64) -> commit time (i64 us) and (hist11) its
                              top-level xid (u64), until the next open */
    MDB_dbi history;       /* (hist11) "history": the kernel's commit records (lmdb_history.c) */
    int lock_fd;           /* a database file's: its exclusive flock (-1: none) */
    bool durable;          /* a database file (path given): commits are synced */
    char *temp_dir;        /* an in-memory database's private directory, removed at close */
    uint64_t next_table_id;
    ss_xid xid_floor;      /* above every xid committed by an earlier opening ("next_xid" in
                              "meta", raised by lmdb_resolve_commits) */
    lmdb_table *tables;    /* every live table, so backend_close can free leftovers */
    pthread_mutex_t lock;  /* next_table_id, the tables list */
} lmdb_backend;

/* A physical column of a table. */
typedef struct lmdb_column {
    ss_type type;
    int32_t storage;       /* ss_type_storage(type.id) */
    ss_value fill;         /* what versions written before the column existed read */
    char *fill_bytes;      /* fill's text bytes (owned), NULL when none */
} lmdb_column;

struct lmdb_table {
    const ss_api *api;
    lmdb_backend *backend;
    lmdb_table *prev;
    lmdb_table *next;
    uint64_t id;
    uint32_t nphys;        /* physical columns [0, nphys) */
    lmdb_column *phys;
    uint32_t ncols;        /* logical columns: phys[map[c]] */
    uint32_t *map;
    pthread_mutex_t lock;  /* next_rowid, nrows */
    uint64_t next_rowid;
    int64_t nrows;
};

/* Keys (big-endian table id, then row id). */
#define LMDB_KEY_BYTES 16
void lmdb_key_encode(uint8_t key[LMDB_KEY_BYTES], uint64_t table_id, uint64_t rowid);
uint64_t lmdb_key_table(const MDB_val *key);
uint64_t lmdb_key_rowid(const MDB_val *key);

/* Records an LMDB failure (rc from an mdb_* call) on ctx as an error naming what was being
 * done, and returns SS_ERROR: MDB_MAP_FULL is 53100 (disk full), anything else XX000. */
int lmdb_fail(ss_ctx *ctx, const ss_api *api, int rc, const char *doing);
int lmdb_out_of_memory(const ss_api *api, ss_ctx *ctx);
const ss_api *lmdb_api(void);

/* Row versions (lmdb_row.c).  Encoding version 1, in native byte order:
 *   u8 format (1) | u64 xmin | u64 xmax | u32 cmin | u32 cmax | u64 next (successor row id,
 *   SS_ROWID_INVALID: none) | u32 nphys | ceil(nphys / 8) bytes of NULL flags (bit p of the
 *   bytes set: physical column p is NULL) | the values of the non-NULL columns in physical
 *   order: bool 1 byte, int2 2, int4 4, int8 8, float8 8, and every variable-length type
 *   (text, bytea, numeric, arrays, ...: the kernel's ss_text bytes) as u32 length + bytes. */
#define LMDB_ROW_FORMAT 1
#define LMDB_ROW_HEADER 37 /* bytes before the NULL flags */

/* Reads the stamps of an encoded version; false when val is not one (damaged). */
bool lmdb_row_stamps(const MDB_val *val, ss_version_stamp *stamp, ss_rowid *next);
/* Rewrites the stamps / successor of an encoded version in place (buf is a copy of it). */
void lmdb_row_set_stamps(void *buf, const ss_version_stamp *stamp);
void lmdb_row_set_next(void *buf, ss_rowid next);
/* The encoded size of live row k of rows (a batch typed like t's logical columns). */
size_t lmdb_row_size(const lmdb_table *t, const ss_batch *rows, uint32_t row);
/* Encodes row into buf (lmdb_row_size bytes) with stamp and no successor. */
void lmdb_row_encode(const lmdb_table *t, const ss_batch *rows, uint32_t row, const ss_version_stamp *stamp,
                     void *buf);
/* Decodes the logical columns cols[0..n) of the encoded version val into values[0..n) (text
 * points into val).  SS_ERROR (XX000 recorded) when val is damaged. */
int lmdb_row_decode(ss_ctx *ctx, const lmdb_table *t, const MDB_val *val, const uint32_t *cols, uint32_t n,
                    ss_value *values);
/* The same without an error: false when val is damaged (the integrity check, lmdb_check.c). */
bool lmdb_row_decode_values(const lmdb_table *t, const MDB_val *val, const uint32_t *cols, uint32_t n,
                            ss_value *values);

/* Lifecycle (lmdb_env.c, lmdb_table.c). */
int lmdb_backend_open(ss_ctx *ctx, const char *path, void **backend);
void lmdb_backend_close(void *backend);
int lmdb_table_create(ss_ctx *ctx, void *backend, const ss_table_def *def, void **table);
int lmdb_table_drop(ss_ctx *ctx, void *backend, void *table);
int64_t lmdb_table_row_estimate(void *table);
void lmdb_table_free(lmdb_table *t);

/* Durable databases, storage.h version 6 (lmdb_durable.c, lmdb_table.c).  Layout beside
 * "rows": "meta" holds the next table id and the kernel's catalog image, "commits" the xids
 * txn_commit recorded since the last open; lmdb_resolve_commits, at open, freezes or removes
 * every stored version by them and empties "commits" (storage.h version 6; version 9, hist11:
 * "history" holds the kernel's commit records, and the stamps they read are kept with their
 * top-level xids). */
int lmdb_catalog_load(ss_ctx *ctx, void *backend, void **image, size_t *len);
uint64_t lmdb_table_storage_id(void *table);
int lmdb_table_open(ss_ctx *ctx, void *backend, uint64_t id, const ss_table_def *def, void **table);
void lmdb_table_close(void *backend, void *table);
int lmdb_txn_commit(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                    const void *image, size_t len);
void lmdb_txn_abort(ss_ctx *ctx, void *backend, ss_xid top);
int lmdb_resolve_commits(ss_ctx *ctx, lmdb_backend *b);
ss_xid lmdb_xid_floor(void *backend);
int lmdb_txn_commit_history(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                            const ss_commit_record *rec, uint64_t forget_before, const void *image, size_t len);
/* (hist11) The commit history, storage.h version 9 (lmdb_history.c): rec (NULL: none) stored
   and the records below forget_before (0: none) deleted in txn; the xmin of the oldest stored
   record (UINT64_MAX: none); the history_load callback.  LMDB return codes. */
int lmdb_history_put(MDB_txn *txn, lmdb_backend *b, const ss_commit_record *rec, uint64_t forget_before);
int lmdb_history_oldest_xmin(MDB_txn *txn, lmdb_backend *b, uint64_t *xmin);
int lmdb_history_load(ss_ctx *ctx, void *backend, ss_commit_record **recs, uint64_t *n, int64_t *first_time_us,
                      uint64_t *next_seq);
/* The integrity check, storage.h version 10 (lmdb_check.c). */
int lmdb_check(ss_ctx *ctx, void *backend, void (*report)(void *arg, void *table, int64_t page, const char *problem),
               void *arg);
int lmdb_versions_stored(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, bool *stored);

/* Writes (lmdb_insert.c). */
int lmdb_insert(ss_ctx *ctx, void *table, const ss_batch *rows);
int lmdb_insert_versions(ss_ctx *ctx, void *table, const ss_batch *rows, ss_rowid *rowids);

/* Reads (lmdb_scan.c, lmdb_fetch.c). */
int lmdb_scan_begin(ss_ctx *ctx, void *table, const ss_scan_spec *spec, void **scan);
int lmdb_scan_begin_snapshot(ss_ctx *ctx, void *table, const ss_scan_spec *spec, const ss_snapshot *snap,
                             bool rowids, void **scan);
int lmdb_scan_next_batch(ss_ctx *ctx, void *scan, ss_batch *out);
int lmdb_scan_next_row(ss_ctx *ctx, void *scan, ss_value *values, bool *has_row);
const ss_rowid *lmdb_scan_rowids(void *scan);
void lmdb_scan_end(void *scan);
int lmdb_fetch_versions(ss_ctx *ctx, void *table, const ss_scan_spec *spec, const ss_snapshot *snap,
                        const ss_rowid *rowids, uint32_t n, ss_batch *out, bool *found);
/* XX000 when spec names a column the table lacks. */
int lmdb_check_spec(ss_ctx *ctx, const lmdb_table *t, const ss_scan_spec *spec);

/* Delete / update / lock (lmdb_locks.c). */
int lmdb_lock_versions(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, ss_xid xid, uint32_t cid,
                       const ss_xid *expect, ss_version_stamp *seen);
int lmdb_link_versions(ss_ctx *ctx, void *table, const ss_rowid *older, uint32_t n, const ss_rowid *newer,
                       ss_rowid *next);

/* ALTER TABLE ... ADD COLUMN in place (lmdb_alter.c). */
int lmdb_add_column(ss_ctx *ctx, void *table, ss_type type, const ss_value *fill);
void lmdb_drop_column(ss_ctx *ctx, void *table, uint32_t col);
/* VACUUM and CHECKPOINT, vtable version 7 (lmdb_vacuum.c). */
int lmdb_vacuum(ss_ctx *ctx, void *table, const ss_snapshot *horizon, const ss_scan_spec *spec,
                ss_vacuum_reclaimed_fn reclaimed, void *arg, ss_vacuum_stats *stats);
int lmdb_checkpoint(ss_ctx *ctx, void *backend);
/* Sets phys column p of t (type, no fill); SS_ERROR (0A000) for a type it cannot store. */
int lmdb_column_init(ss_ctx *ctx, const ss_api *api, lmdb_column *col, ss_type type, const char *name);

#endif
