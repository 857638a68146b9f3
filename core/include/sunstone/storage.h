/* sunstone/storage.h — storage backends, plugins of kind storage (in the spirit of
 * PostgreSQL's TableAmRoutine).
 *
 * A backend is registered once per database under its name ("memory", ...).  The kernel
 * opens one backend instance per database (backend_open) and asks it to create tables for
 * `CREATE TABLE ... USING name` (or the default backend).  The kernel owns the catalog
 * (names, column types, NOT NULL); the backend owns the rows.
 *
 * Scans: scan_begin gets the list of table columns to produce.  scan_next_batch fills the
 * caller's batch `out` (out->ncols == spec->ncols, vectors typed like those columns, capacity
 * SS_BATCH_CAPACITY): for each column the backend either copies values into the vector
 * out->cols[i] points to, or sets out->cols[i] to a vector of its own that stays unchanged
 * until the next scan_next_batch or scan_end (zero-copy).  It sets out->count (0 = end) and
 * leaves out->sel NULL.  Text bytes must stay valid until scan_end.  scan_next_row is the
 * row-at-a-time path used by reference operators: one row per call into values[0..ncols).
 * A scan is read either by batches or by rows, never both.  A scan sees the rows that
 * existed at scan_begin: rows inserted during the scan (INSERT ... SELECT from the same
 * table) are not returned.
 *
 * Writes: insert receives a batch typed like the table's columns (all columns, table order,
 * NOT NULL already checked by the kernel, at most SS_BATCH_CAPACITY rows) and must be
 * all-or-nothing.
 *
 * Statement atomicity (vtable version 2, optional): a statement's writes succeed or fail as
 * one.  When a statement writes in more than one insert call, the kernel calls stmt_begin on
 * the backend instance before its first insert, and then exactly one of stmt_commit (keep
 * every write since stmt_begin) or stmt_abort (undo them all: every table reads as it did
 * at stmt_begin) when the statement ends; a failing insert, a cancel between inserts
 * (57014) or a failing stmt_commit all end in stmt_abort.  A statement of one insert call
 * opens no scope (that call is all-or-nothing by itself), so an insert outside a scope is
 * kept at once: the scope only makes writes undoable, it never defers them.  One statement scope is open per backend instance at a time, and no scan
 * reads between stmt_begin and its end (INSERT reads all of its source first).  The
 * transactions work nests its scopes around this one.  A backend without these callbacks
 * has only its insert's own all-or-nothing: the kernel hands it a statement's rows in one
 * insert call and refuses (0A000, before writing anything) a statement of more than
 * SS_BATCH_CAPACITY rows, so a statement never leaves part of its rows behind.
 * Errors: SS_ERROR after ss_api.error().  All callbacks run on the thread of the statement. */
#ifndef SUNSTONE_STORAGE_H
#define SUNSTONE_STORAGE_H

#include "sunstone/batch.h"
#include "sunstone/operator.h"
#include "sunstone/snapshot.h"
#include "sunstone/txn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_STORAGE_VTABLE_VERSION 11

typedef struct ss_column_def {
    const char *name;
    ss_type type;
    bool not_null;
    uint8_t reserved[7];
} ss_column_def;

typedef struct ss_table_def {
    const char *name;
    uint32_t ncols;
    uint32_t reserved;
    const ss_column_def *cols;
} ss_table_def;

typedef struct ss_scan_spec {
    uint32_t ncols;
    uint32_t reserved;
    const uint32_t *columns;      /* table column positions, in output order */
} ss_scan_spec;

/* What one vacuum call (version 7) did, filled by the backend (the kernel zeroes it first). */
typedef struct ss_vacuum_stats {
    uint32_t struct_size;         /* sizeof(ss_vacuum_stats) as compiled by the kernel */
    uint32_t reserved;
    uint64_t removed;             /* row versions reclaimed (reported through `reclaimed`) */
    uint64_t remain;              /* row versions still stored after the call */
    uint64_t dead_kept;           /* of those, versions the horizon does not see (no snapshot
                                     can see them) that the backend kept anyway, e.g. because
                                     it reclaims whole blocks only */
    uint64_t bytes_freed;         /* storage given back (an estimate; 0 when unknown) */
} ss_vacuum_stats;

/* The kernel's side of a vacuum (version 7): the versions rowids[k] for k in [0, rows->count)
 * (rows->sel NULL) are about to be reclaimed; rows holds their columns as the vacuum call's
 * spec asks.  The kernel removes their index entries (index vtable remove).  SS_ERROR stops
 * the vacuum: the backend reclaims none of this call's versions and returns SS_ERROR. */
typedef int (*ss_vacuum_reclaimed_fn)(ss_ctx *ctx, void *arg, const ss_batch *rows, const ss_rowid *rowids);

/* A scan hint (version 8): rows whose column `column` (a table column position) does not
 * satisfy `column op value` will be dropped by the kernel, so the scan may leave them out.
 * op is an ss_scan_hint_op (sunstone/operator.h).  value is NULL-free and held as the
 * column's type holds an ss_value: bool in v.b; every integer type, date, time, timestamp
 * and timestamptz in v.i (for an integer column the value may lie outside the column type's
 * range: int2_col < 100000); float4 and float8 in v.f; text, varchar, name, bytea and uuid
 * in v.s (bytes valid only during the scan_hint call).  Unused for IS NULL / IS NOT NULL. */
typedef struct ss_scan_hint {
    uint32_t column;
    int32_t op;                   /* ss_scan_hint_op */
    ss_value value;
} ss_scan_hint;

/* What a scan read and skipped (version 8, scan_stats), for EXPLAIN ANALYZE.  The kernel
 * zeroes it and sets struct_size first. */
typedef struct ss_scan_stats {
    uint32_t struct_size;         /* sizeof(ss_scan_stats) as compiled by the kernel */
    uint32_t reserved;
    const char *unit;             /* what the backend's blocks are called, capitalised and
                                     plural as EXPLAIN prints them ("Row Groups"); a static
                                     string */
    uint64_t blocks_read, blocks_skipped;
    uint64_t rows_read, rows_skipped;   /* row versions stored in them */
} ss_scan_stats;

typedef struct ss_storage_vtable {
    uint32_t struct_size;         /* sizeof(ss_storage_vtable) as compiled by the plugin */
    uint32_t version;             /* SS_STORAGE_VTABLE_VERSION */
    const char *name;
    const char *description;

    /* required: one instance per database; path is NULL for an in-memory database */
    int (*backend_open)(ss_ctx *ctx, const char *path, void **backend);
    void (*backend_close)(void *backend);
    /* required: *table is the backend's handle, passed to every table callback */
    int (*table_create)(ss_ctx *ctx, void *backend, const ss_table_def *def, void **table);
    int (*table_drop)(ss_ctx *ctx, void *backend, void *table); /* frees the handle */
    /* optional: rows now (estimate), -1 unknown */
    int64_t (*table_row_estimate)(void *table);
    /* required */
    int (*insert)(ss_ctx *ctx, void *table, const ss_batch *rows);
    /* required */
    int (*scan_begin)(ss_ctx *ctx, void *table, const ss_scan_spec *spec, void **scan);
    int (*scan_next_batch)(ss_ctx *ctx, void *scan, ss_batch *out);
    int (*scan_next_row)(ss_ctx *ctx, void *scan, ss_value *values, bool *has_row);
    void (*scan_end)(void *scan);

    /* ---- version 2 (ABI 1.2): statement atomicity, see above.  Optional, but all three or
       none; the kernel reads them only when struct_size covers them (SS_STORAGE_HAS). ---- */
    /* a statement starts writing through this backend instance */
    int (*stmt_begin)(ss_ctx *ctx, void *backend);
    /* it ended without error: keep its writes.  On SS_ERROR the kernel calls stmt_abort. */
    int (*stmt_commit)(ss_ctx *ctx, void *backend);
    /* it failed or was cancelled: undo every write since stmt_begin.  Cannot fail: ctx
       already holds the statement's error, and nothing recorded on it here is reported
       (ctx is for ss_api calls that need one). */
    void (*stmt_abort)(ss_ctx *ctx, void *backend);

    /* ---- version 3 (ABI 2.2): row versions under MVCC (txn.h).  A backend that has them
       stores row versions stamped by the kernel's transactions, answers visibility for a
       snapshot through ss_api.versions_visible, and gives every version a row id (txn.h's
       contract).  The kernel reads them only when struct_size covers them.  Delete /
       update by row id with row locks are version 4 (below). ---- */
    /* insert the batch's live rows as new versions written by the current command of the
       current transaction (ss_api.txn_current); rowids[k] gets the row id of the version
       made from the k-th live row.  All-or-nothing, like insert. */
    int (*insert_versions)(ss_ctx *ctx, void *table, const ss_batch *rows, ss_rowid *rowids);
    /* as scan_begin, but the scan returns only the versions snap sees and, when rowids is
       true, reports the row id of each row it returns (scan_rowids).  Its batches may carry
       a selection (out->sel, valid until the next scan call) naming the visible rows.  snap
       stays valid until scan_end (read it through the pointer: its running list may move
       between batches).  The kernel scans every table of such a backend this way, and
       writes to it only through insert_versions (no stmt_begin scope: a failed statement's
       versions carry an xid the kernel aborts). */
    int (*scan_begin_snapshot)(ss_ctx *ctx, void *table, const ss_scan_spec *spec,
                               const ss_snapshot *snap, bool rowids, void **scan);
    /* the row ids of the live rows of the batch last returned by scan_next_batch, in order
       (NULL when the scan was begun without rowids); valid until the next scan call */
    const ss_rowid *(*scan_rowids)(void *scan);
    /* point reads: for k in [0, n), if snap sees version rowids[k], its columns (as spec
       names them) go to the next row of out and found[k] is true; else found[k] is false.
       out->count is the number found (out->sel NULL), n <= SS_BATCH_CAPACITY.  Row ids of
       reclaimed versions are simply not found.  Index scans and the re-check of rows
       another transaction changed read through this. */
    int (*fetch_versions)(ss_ctx *ctx, void *table, const ss_scan_spec *spec,
                          const ss_snapshot *snap, const ss_rowid *rowids, uint32_t n,
                          ss_batch *out, bool *found);

    /* ---- version 4 (ABI 2.3): delete / update / lock.  Optional, but both or none; the
       kernel reads them only when struct_size covers them.  A backend of version 3 without
       them keeps its rows read-only: UPDATE, DELETE and TRUNCATE are 0A000 on its tables.
       The kernel decides everything about transactions; the backend only keeps the stamps
       and makes the compare-and-set below atomic.
       How the kernel uses them (PostgreSQL's heap_update / heap_delete): DELETE sets the
       xmax of each row version its scan found through lock_versions; UPDATE does the same,
       then writes the new versions (insert_versions, so that indexes and constraints see
       them) and records each old version's successor through link_versions (PostgreSQL's
       t_ctid).  For each row whose xmax was already set the kernel looks at who set it: an
       aborted transaction (compare again with that xmax as expected, stealing it); this
       very command (the row was already changed by it: skipped); a running transaction
       (the kernel waits for it to end, with deadlock detection 40P01 and lock_timeout
       55P03, then compares again); a committed one (REPEATABLE READ / SERIALIZABLE: 40001
       "could not serialize access due to concurrent update" when the version has a
       successor, "... concurrent delete" when not; READ COMMITTED: the statement reads
       again with a new snapshot, see docs/ARCHITECTURE.md).  TRUNCATE is a delete of every
       version its snapshot sees, so it is transactional (a rolled-back TRUNCATE leaves the
       rows) and never blocks readers. ---- */
    /* for k in [0, n): atomically with respect to every other lock_versions call on the
       table, if version rowids[k]'s xmax equals expect[k] (SS_XID_INVALID: not deleted), it
       becomes (xid, cid) (xmax, cmax); in every case seen[k] gets the version's stamps as
       they were before the call (so seen[k].xmax == expect[k] means the row is now
       locked).  Readers never wait for it: a scan may read an xmax before or after the
       change (the visibility check decides either way).  SS_ERROR (XX000) for a row id
       that names no version.  With expect[k] == SS_XID_PEEK (txn.h; no version carries it)
       the call only reads the stamps: the kernel's uniqueness check reads the writer and
       deleter of each candidate with an equal key this way (PostgreSQL's dirty snapshot). */
    int (*lock_versions)(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n,
                         ss_xid xid, uint32_t cid, const ss_xid *expect, ss_version_stamp *seen);
    /* records newer[k] as the successor of version older[k] (UPDATE), or, with newer NULL,
       asks: next[k] gets the successor of older[k] (SS_ROWID_INVALID: none, the version was
       deleted or never replaced).  One call does one of the two: exactly one of newer and
       next is NULL. */
    int (*link_versions)(ss_ctx *ctx, void *table, const ss_rowid *older, uint32_t n,
                         const ss_rowid *newer, ss_rowid *next);

    /* ---- (A) version 5 (ABI 2.4): ALTER TABLE ... ADD COLUMN in place.  Optional, but
       both or none; the kernel reads them only when struct_size covers them.  The kernel
       calls them while it holds the table's exclusive lock (no scan, write or other call
       on the table runs at the same time), and it keeps the catalog side (names, NOT NULL,
       defaults) itself.  Every other change of a table's columns (DROP COLUMN, ALTER
       COLUMN TYPE, ADD COLUMN with a volatile default such as random(), and ADD COLUMN on
       a backend without these) is a rewrite made of the callbacks above: table_create of
       a table with the new columns, the transformed rows of every version the altering
       transaction sees written with insert_versions, then table_drop of the old table at
       COMMIT (of the new one at ROLLBACK).  So a backend of version 3 or 4 supports every
       ALTER TABLE already; these two make the common ADD COLUMN cost nothing per row. ---- */
    /* appends a column of type to the table, after its existing ones: every row version it
       stores (visible or not) reads fill from now on (fill->is_null: NULL; text bytes are
       lent for the call).  All-or-nothing. */
    int (*add_column)(ss_ctx *ctx, void *table, ss_type type, const ss_value *fill);
    /* removes column col (the last one, when the kernel undoes an add_column at ROLLBACK)
       from the table and from every row version; the columns after it move down one
       position.  Cannot fail: ctx is for ss_api calls that need one, and nothing recorded
       on it is reported. */
    void (*drop_column)(ss_ctx *ctx, void *table, uint32_t col);

    /* ---- version 6 (ABI 2.5): durable databases.  Optional, but all six or none; the
       kernel reads them only when struct_size covers them, and opens a database file
       (sunstone_open(path)) only through a backend that has them, calling its backend_open
       with the file's path.  The division of work: the kernel owns the catalog and decides
       every transaction's outcome; the backend stores bytes and row versions durably.
       - The catalog: the kernel serialises its catalog into an image (its own versioned
         format: the backend never interprets it) and hands it over with the commit of each
         transaction after which the catalog differs from the last image stored, so DDL is
         durable exactly when its transaction is.  At open it asks for the last image
         stored (catalog_load) and rebuilds its catalog from it, reattaching each table to
         its stored rows with table_open and the table's persistent id (table_storage_id,
         recorded in the image).
       - Transactions: the backend's writing callbacks (insert_versions, lock_versions,
         link_versions, table_create, table_drop) may reach the file at once, but none of
         their versions counts as committed until txn_commit has recorded its xid.  At
         backend_open the backend resolves every stored stamp with what txn_commit recorded
         (PostgreSQL's commit log, done once): a version whose xmin was not recorded is
         removed, one whose xmax was recorded is removed, an xmax not recorded is cleared,
         and every surviving xmin becomes SS_XID_INVALID (frozen: committed before every
         snapshot).  So the kernel's xids start afresh in every process and never meet a
         stored one.
       - ADD COLUMN: the kernel calls add_column on such a table only with a NULL fill
         (table_open's def carries no fills); a default is written by a rewrite.
       - Closing: the kernel closes a table's handle with table_close (its rows stay) and
         calls table_drop only for DROP TABLE and undone CREATE TABLE.
       - One process: backend_open on a path another process has open fails (55006), as
         does one on a file that is not a database of this backend (XX001). ---- */
    /* The image stored by the last txn_commit that carried one: *image (ss_api.alloc'd,
       the caller frees it with ss_api.free) and *len; *image NULL when none was ever stored
       (a new database). */
    int (*catalog_load)(ss_ctx *ctx, void *backend, void **image, size_t *len);
    /* The table's persistent id: the same in every process that opens the database, never
       another table's. */
    uint64_t (*table_storage_id)(void *table);
    /* Reattaches the stored table of persistent id `id`, whose columns are def's (as they
       were when its image was stored), as table_create gives a handle for a new one.
       XX000 for an id that names no table. */
    int (*table_open)(ss_ctx *ctx, void *backend, uint64_t id, const ss_table_def *def, void **table);
    /* Frees a handle at close; the table and its rows stay stored.  Cannot fail. */
    void (*table_close)(void *backend, void *table);
    /* Makes a transaction's commit durable before the kernel makes it visible: xids[0..n)
       are the transaction's top-level xid and those of its subtransactions whose writes it
       keeps (versions stamped by any other xid of it are not kept), commit_time_us its
       commit time (microseconds since 1970), and image (len bytes) the catalog image to
       store with it, NULL when the catalog did not change.  All or nothing: on SS_ERROR
       nothing of it is recorded and the kernel aborts the transaction instead; on SS_OK the
       commit survives a crash of the process and, unless the session's synchronous_commit
       (ss_api.setting) is off, of the machine (off: a crash of the machine may lose the
       latest commits, never leave a partial one).  Concurrency: the kernel serialises only
       the calls that carry an image; calls with image NULL come concurrently from
       different sessions (their commit_time_us not necessarily in the order of the calls),
       so a backend should let concurrent commits share one sync (group commit) and hold no
       lock of its own while it waits for it. */
    int (*txn_commit)(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                      const void *image, size_t len);
    /* The transaction of top-level xid `top` ended without committing (its versions are
       removed at the next backend_open at the latest).  Cannot fail. */
    void (*txn_abort)(ss_ctx *ctx, void *backend, ss_xid top);

    /* ---- version 7: VACUUM and CHECKPOINT.  Each optional on its own; the
       kernel reads them only when struct_size covers them. ---- */
    /* VACUUM of one table: reclaims row versions no snapshot can see any more.  horizon is
       ss_api.txn_horizon's snapshot as the kernel took it for this VACUUM (already lowered by
       the history retention, so versions an AS OF within the retained history reads are
       seen by it and kept).  A version may be reclaimed only when horizon does not see it
       (ss_api.versions_visible) and its xmin and xmax (when set) are below horizon->xmin; a
       backend may keep some of those (its granularity: whole blocks, ...), never reclaim
       another.  Before a version stops being readable the backend reports it, with its row
       id and the columns spec names (the kernel's index key columns; spec->ncols may be 0),
       through reclaimed(ctx, arg, rows, rowids), in batches of at most SS_BATCH_CAPACITY
       (typed like those columns, from ss_api.batch_create or the backend's own vectors).
       After the call scans no longer return a reclaimed version, fetch_versions does not
       find it, and the kernel names it in no other call (its index entries are gone); its
       space may be reused, but its row id is never given to a new version again.  No other
       statement of the database runs during the call (the kernel holds its exclusive
       database lock), it runs outside any transaction block, with no statement scope open,
       and never while an index scan of the table is open; but a scan of the table a cursor
       left open between fetches may go on afterwards: its snapshot is at or above horizon,
       so it must still find every version it sees and skip the reclaimed ones.  stats gets what was done.  A backend without it: VACUUM reclaims nothing of its
       tables and says so (VACUUM VERBOSE). */
    int (*vacuum)(ss_ctx *ctx, void *table, const ss_snapshot *horizon, const ss_scan_spec *spec,
                  ss_vacuum_reclaimed_fn reclaimed, void *arg, ss_vacuum_stats *stats);
    /* CHECKPOINT: makes everything committed so far durable in the database's main storage
       and may shorten its logs (a backend that syncs at every commit just syncs).  Called
       outside any transaction block.  A backend without it: CHECKPOINT has nothing to do for
       it. */
    int (*checkpoint)(ss_ctx *ctx, void *backend);
    /* A database file's xids across openings (read only with the version 6 callbacks): the
       lowest xid the kernel may give a transaction of this opening, above every xid an
       earlier opening recorded with txn_commit, so that an xid never names two transactions
       of one database (AS OF TRANSACTION of an earlier opening's xid is then a transaction
       this opening does not know, never another one).  Called once, after backend_open.
       0: no requirement.  A backend without it: every opening starts xids afresh. */
    ss_xid (*xid_floor)(void *backend);

    /* ---- version 8: scan hints (zone maps) and scan statistics.  Each optional on its
       own; the kernel reads them only when struct_size covers them. ---- */
    /* Hints for an open scan: the conjuncts of the filter above the scan that have the form
       `column op constant` (=, <, <=, >, >=, IS NULL, IS NOT NULL; BETWEEN as >= and <=;
       parameters $n and outer-query values evaluated when the scan starts), for the types
       listed at ss_scan_hint, with the value of the column's type (the compared type is the
       column's: the kernel passes none when the comparison needs any other conversion of
       the column than an integer widened, float4 as float8 or varchar / name as text).  Text-like
       values compare as the kernel compares them: bytewise (memcmp, then the shorter
       first: the C collation), bytea and uuid too; float8 as PostgreSQL (NaN equals NaN and
       sorts above everything, -0 = 0).  A comparison is never true on a NULL.  The kernel
       calls it at most once per scan_begin / scan_begin_snapshot, before the first
       scan_next_batch / scan_next_row, with n >= 1; hints[] (and text bytes) are valid only
       during the call.  They are hints: the kernel still applies its whole filter to every
       row the scan returns, so a backend may use any of them to leave out rows (typically
       whole blocks whose min/max cannot match) or ignore them all, and results never
       depend on them.  A backend must not leave out a row that satisfies all of them.
       SS_ERROR (after ss_api.error) fails the statement.  The setting
       sunstone.zone_map_pushdown = off makes the kernel pass none. */
    int (*scan_hint)(ss_ctx *ctx, void *scan, const ss_scan_hint *hints, uint32_t n);
    /* What the scan read and skipped so far (EXPLAIN ANALYZE prints "<unit>: N read (R
       rows), M skipped (S rows)" on the scan's line).  false: nothing to report.  Called on
       an open scan (before scan_end), any number of times. */
    bool (*scan_stats)(void *scan, ss_scan_stats *stats);
    /* ---- (hist11) version 9: the commit history kept with the database (AS OF across
       openings).  Optional, but both or none, and only with the version 6 and 7 callbacks
       (xid_floor); the kernel reads them only when struct_size covers them.  A backend with
       them stores the commit records of the kernel's snapshot manager (sunstone/snapshot.h)
       with the commits they describe, gives them back at the next open, and keeps the stamps
       those records' snapshots need.  It then changes the resolution at backend_open
       (version 6) as follows.  Let F be the xmin of the oldest record it still stores (none
       stored: F is above every xid, and everything is resolved as version 6 says):
       - a version whose xmin was not recorded by txn_commit / txn_commit_history is removed,
         and an xmax not recorded is cleared, as before;
       - a recorded xid (or one that survived an earlier open's resolution) whose top-level
         transaction's xid is below F is resolved as before: an xmin becomes SS_XID_INVALID
         (frozen), a version with such an xmax is removed;
       - every other recorded xmin / xmax is kept, replaced by its top-level xid (xids[0] of
         the commit that recorded it), so that a snapshot of a stored record reads it;
         command ids become 0.
       The kernel treats every xid below the xid_floor of this opening as a committed
       top-level transaction: after the resolution no stored stamp names any other.  The
       kernel keeps the stored history bounded: with the commits it hands over, it asks for
       the records it forgot to be removed (forget_before), and it does so before a vacuum
       reclaims a version an older record's snapshot could read, so that every stored record
       stays readable in the next opening. ---- */
    /* Replaces txn_commit (which the kernel then no longer calls): the same contract, plus
       in the same all-or-nothing, durable step: rec (NULL: none; a commit of no xids that
       only stores an image or forgets) is stored as the commit record of xids[0]'s commit,
       and the stored records with seq below forget_before (0: none) are removed.  rec->seq
       is one more than the last stored record's (or any seq when none is stored). */
    int (*txn_commit_history)(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                              const ss_commit_record *rec, uint64_t forget_before, const void *image, size_t len);
    /* The stored records, oldest first, in *recs (ss_api.alloc'd, the caller frees it; NULL
       when *n is 0), *first_time_us the commit time of the first record ever stored in the
       database (forgotten ones too; 0 when none was), and *next_seq the seq the next record
       stored will have: one more than the last one's, and above every forget_before the
       backend was given (1 for a new database), so that seqs never repeat across openings
       even when everything was forgotten.  Called once, after backend_open and xid_floor. */
    int (*history_load)(ss_ctx *ctx, void *backend, ss_commit_record **recs, uint64_t *n, int64_t *first_time_us,
                        uint64_t *next_seq);
    /* ---- version 10: the integrity check (sunstone check DBPATH, the sunstone_check view;
       versions 8 and 9 are other blocks).  Each optional on its own; the kernel reads them
       only when struct_size covers them.  Both only read: they never change what is
       stored. ---- */
    /* Verifies the backend instance's own storage: every page (or record) it holds is
       readable and passes its checksum, and every stored row version of every open table
       decodes.  Each problem found goes to report(arg, table, page, problem): table is the
       handle of the open table it belongs to (NULL: the database as a whole), page the page
       number it names (-1: none), problem a sentence naming what is wrong (lent for the
       call).  SS_OK when the check ran to its end, whatever it found; SS_ERROR only when it
       could not run (out of memory, the database failed).  Runs while other sessions'
       statements may run (it reads as a scan does).  A backend without it: its storage is
       not checked below the rows its scans return. */
    int (*check)(ss_ctx *ctx, void *backend,
                 void (*report)(void *arg, void *table, int64_t page, const char *problem), void *arg);
    /* for k in [0, n): stored[k] gets whether the table still stores a version of row id
       rowids[k], whatever its stamps (a version no snapshot sees counts until VACUUM
       reclaims it), so that the check can tell an index entry naming a reclaimed or never
       written version.  A backend without it: that part of the check is skipped. */
    int (*versions_stored)(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, bool *stored);
    /* ---- (gch11) version 11: group commit with the stored commit history.  Optional, but
       both or none, and only with the version 9 callbacks; the kernel reads them only when
       struct_size covers them.  A backend with them lets the commits of several sessions
       share one sync although their records must be stored in seq order: the kernel
       serialises the appends (its file commit lock, held from a record's seq being handed
       out to txn_commit_append's return), calls txn_commit_wait for each appended commit
       without that lock (concurrently from different sessions, in any order), and makes a
       commit visible only after its wait returned SS_OK and every commit appended before it
       became visible or failed.  A backend without them: the kernel calls
       txn_commit_history under its lock, which makes the records' order the calls'. ---- */
    /* txn_commit_history split in two.  The append: the same arguments and the same
       all-or-nothing step (on SS_ERROR nothing of it is recorded, and the kernel aborts the
       transaction), except that on SS_OK the commit is recorded after every commit appended
       before it but not necessarily durable yet: *wait_token (the backend's, e.g. its WAL
       position; the session's synchronous_commit decides, as for txn_commit, what waiting
       for it means) names what its txn_commit_wait waits for.  Durability follows the
       order of the appends: a commit appended later is never durable without the earlier
       ones (a crash may keep a prefix of the appended commits, never another subset). */
    int (*txn_commit_append)(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                             const ss_commit_record *rec, uint64_t forget_before, const void *image, size_t len,
                             uint64_t *wait_token);
    /* Waits until the commit appended with wait_token is as durable as txn_commit_history
       would have made it (at once when it is), holding no lock the backend's other
       callbacks need, so that commits appended meanwhile can share its sync.  SS_ERROR
       (after ss_api.error) when it cannot be made so: the kernel then aborts that
       transaction in memory, so the backend must fail itself (refusing every later append
       and wait, until it is opened again) unless it can undo the commit: no commit appended
       after a failed one may be acknowledged, and which of them survive is decided at the
       next backend_open as after a crash. */
    int (*txn_commit_wait)(ss_ctx *ctx, void *backend, uint64_t wait_token);
} ss_storage_vtable;

/* Whether vt carries the field `member` (it was appended after the plugin's header). */
#define SS_STORAGE_HAS(vt, member)                                                          \
    ((vt)->struct_size >= offsetof(ss_storage_vtable, member) + sizeof((vt)->member))

#ifdef __cplusplus
}
#endif
#endif
