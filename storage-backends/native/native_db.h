/* native_db.h — the C API of the native storage library: open/create a database file and its
 * WAL, transactions that write pages (private until commit), page allocation, checkpoints, and
 * what recovery found. The `native` storage vtable module (native_module.c) is built on this.
 *
 * Concurrency: any number of threads may use one native_db; each native_txn belongs to one
 * thread. Page reads and commits are serialised by one database mutex; the WAL fsync of
 * synchronous commits is shared by all threads waiting for it (group commit). Two
 * transactions that rewrote the same page: the second to commit fails with 40001. */
#ifndef SS_NATIVE_DB_H
#define SS_NATIVE_DB_H

#include <stddef.h>
#include <stdint.h>

#include "native_error.h"
#include "native_io.h"
#include "native_page.h"

typedef struct native_db native_db;
typedef struct native_txn native_txn;

typedef struct native_options {
    size_t cache_pages;            /* buffer cache size in 8 kB pages (minimum 16; 0: 1024) */
    int synchronous_commit;        /* 1: commit returns once its WAL record is fsynced;
                                    * 0: once appended; the WAL writer syncs at most
                                    * wal_writer_delay_ms later (the loss window) */
    unsigned wal_writer_delay_ms;  /* 0: 200 */
    uint64_t checkpoint_wal_bytes; /* automatic checkpoint past this WAL size (0: 64 MB) */
    const native_io_hooks *io;     /* test hooks for writes and syncs; NULL: system calls */
    void *io_ctx;
} native_options;

/* The defaults above. */
void native_options_default(native_options *o);

/* Opens DBPATH (created when missing or empty) with its WAL DBPATH-wal, takes the process
 * write lock (fcntl F_SETLK), checks the header, and replays the WAL of committed
 * transactions (then checkpoints). NULL with err filled on failure; nothing is changed then. */
native_db *native_db_open(const char *path, const native_options *opts, native_error *err);
/* Checkpoints (unless the database failed) and closes. Returns 0 or -1 with err (the database
 * is closed either way). */
int native_db_close(native_db *db, native_error *err);

/* Closes without a checkpoint: what is committed stays in the WAL for the next open to replay.
 * For a caller whose own open failed after native_db_open (a damaged page found by it), so
 * that a cleanly closed file it could not open keeps its bytes. */
void native_db_close_unchanged(native_db *db);
/* Writes every dirty page, fsyncs, and recycles the WAL. */
int native_db_checkpoint(native_db *db, native_error *err);

/* What recovery replayed at open: the committed transactions found in the WAL, in commit
 * order (xid and commit time), valid until close. */
typedef struct native_commit_info {
    uint64_t xid;
    int64_t commit_time_us;
} native_commit_info;
const native_commit_info *native_db_recovered_commits(const native_db *db, size_t *count);
/* The highest xid ever committed (kept in the header across checkpoints), and its time. */
uint64_t native_db_max_committed_xid(const native_db *db);
int64_t native_db_last_commit_time(const native_db *db);

typedef struct native_db_stats {
    uint64_t page_count;   /* pages in the file (allocated or free) */
    uint64_t free_pages;   /* free below page_count */
    uint64_t cache_hits, cache_misses, cache_evictions;
    uint64_t wal_bytes;    /* WAL size since the last checkpoint */
    uint64_t wal_syncs;    /* WAL fsyncs (group commit: fewer than commits) */
    uint64_t commits, checkpoints;
} native_db_stats;
void native_db_get_stats(native_db *db, native_db_stats *out);

/* The integrity check's page pass (native_verify.c), read-only: the header as the file has
 * it, then every page the free-space bitmaps mark as in use, as the committed state has it,
 * must pass its checksum and carry a page type of an in-use page; each problem goes to
 * report (lent message naming the file and page). *checked gets the pages read. 0, or -1
 * with err when the check could not go on (out of memory, the database failed). */
int native_db_verify_pages(native_db *db, void (*report)(void *arg, uint64_t pgno, const char *problem), void *arg,
                           uint64_t *checked, native_error *err);
/* Copies the committed page pgno (as of now) into out (NATIVE_PAGE_SIZE bytes), or with txn,
 * the page as that transaction sees it (its own writes and patches). Checksum-verified. */
int native_page_read(native_db *db, native_txn *txn, uint64_t pgno, uint8_t *out, native_error *err);
/* Calls fn(arg, page) with the page as native_page_read would give it, without copying it
 * out of the buffer cache when txn (NULL: the committed state) has no image or patch of its
 * own: under the database lock, so fn must be quick and call nothing of the database. fn's
 * nonzero result is returned (it sets err itself). */
int native_page_view(native_db *db, native_txn *txn, uint64_t pgno, int (*fn)(void *arg, const uint8_t *page),
                     void *arg, native_error *err);

/* Begins a writing transaction with the caller's xid (the kernel allocates xids). */
native_txn *native_txn_begin(native_db *db, uint64_t xid, native_error *err);
/* Makes the transaction's pages, patches, allocations, frees and catalog blob durable (as
 * synchronous_commit says) with one WAL commit record carrying xid and commit_time_us. On
 * failure nothing of the transaction is committed; the txn is freed either way. */
int native_txn_commit(native_txn *txn, int64_t commit_time_us, native_error *err);
/* As native_txn_commit, but sync (1: wait for the WAL fsync, 0: do not) overrides the
 * database's synchronous_commit for this commit. */
int native_txn_commit_sync(native_txn *txn, int64_t commit_time_us, int sync, native_error *err);
/* The commit of native_txn_commit without waiting for the WAL sync: the record is appended
 * (to the WAL buffer, in commit order) and installed, so later transactions see it, and
 * *commit_lsn is set to the LSN its record ends at (0 on failure; the txn is freed either
 * way). It is durable once native_db_sync_wal(db, *commit_lsn) returned 0: a caller that
 * waits there holding no lock of its own lets the commits of other threads join the same
 * fsync (group commit). */
int native_txn_commit_lsn(native_txn *txn, int64_t commit_time_us, uint64_t *commit_lsn, native_error *err);
/* Waits until the WAL is durable up to lsn (at once when it already is), writing and
 * fdatasyncing it itself or waiting for the thread that does: one fsync covers every record
 * appended before it started. A failed write or sync fails the database (sticky, err set). */
int native_db_sync_wal(native_db *db, uint64_t lsn, native_error *err);
void native_txn_abort(native_txn *txn);

/* A page the transaction rewrites whole: a private copy (of the committed page on first use)
 * the caller edits in place, payload from NATIVE_PAGE_HEADER on; the type at offset 4 is the
 * caller's. Valid until the next call on txn. */
uint8_t *native_txn_page_for_write(native_txn *txn, uint64_t pgno, native_error *err);
/* A logical redo of len bytes at offset off (>= NATIVE_PAGE_HEADER) of page pgno, applied to
 * the page current at commit (so concurrent patches of one page do not conflict): used for
 * in-place version stamps. */
int native_txn_patch(native_txn *txn, uint64_t pgno, unsigned off, const void *bytes, unsigned len, native_error *err);
/* A new page (from the free list, else the end of the file), zeroed with type, owned by txn.
 * Aborted allocations return to the free list. */
int native_txn_alloc_page(native_txn *txn, uint16_t type, uint64_t *pgno, native_error *err);
/* Frees pgno at commit. */
int native_txn_free_page(native_txn *txn, uint64_t pgno, native_error *err);
/* A new persistent table id (never reused, also after an abort). */
uint64_t native_txn_new_table_id(native_txn *txn);
uint64_t native_txn_xid(const native_txn *txn);
native_db *native_txn_db(const native_txn *txn);

#endif
