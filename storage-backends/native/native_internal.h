/* native_internal.h — the structures shared by the files of the native storage library
 * (database, buffer cache, WAL, transactions, allocator). Not part of its API. */
#ifndef SS_NATIVE_INTERNAL_H
#define SS_NATIVE_INTERNAL_H

#include <pthread.h>
#include <stdint.h>
#include <sys/types.h>

#include "native_db.h"
#include "native_page.h"

/* ---- header (page 0) fields, offsets within the page; see FORMAT.md ---- */
#define META_MAGIC 16u
#define META_VERSION 32u
#define META_PAGE_SIZE 36u
#define META_EPOCH 40u
#define META_PAGE_COUNT 48u
#define META_NEXT_TABLE_ID 56u
#define META_MAX_XID 64u
#define META_LAST_COMMIT_TIME 72u
#define META_CATALOG_FIRST 80u
#define META_CATALOG_LEN 88u
#define META_CHECKPOINT_LSN 96u

typedef struct native_meta {
    uint64_t epoch; /* WAL generation; the WAL header must carry the same */
    uint64_t page_count;
    uint64_t next_table_id;
    uint64_t max_xid;
    int64_t last_commit_time;
    uint64_t catalog_first, catalog_len;
    uint64_t checkpoint_lsn; /* first LSN of the WAL generation epoch (LSNs never go back) */
} native_meta;

/* ---- buffer cache ---- */
typedef struct native_frame {
    uint64_t pgno;
    uint8_t *data;
    uint32_t pins;
    uint8_t used, dirty, ref;
    int32_t hnext; /* next frame in the hash chain, -1 at the end */
} native_frame;

#define NATIVE_CACHE_SLAB 256u /* frames per slab: their pages are allocated together, when the
                                  first of them is first used */
typedef struct native_cache {
    native_frame *frames;
    size_t nframes;
    uint8_t **slabs; /* nframes / NATIVE_CACHE_SLAB rounded up; NULL until needed */
    int32_t *heads; /* hash buckets: first frame index, -1 empty */
    size_t nbuckets;
    size_t hand;   /* clock hand */
    uint64_t hits, misses, evictions;
} native_cache;

/* ---- WAL ---- */
#define WAL_HEADER_SIZE 64u
#define WAL_RECORD_HEADER 24u
#define WAL_REC_COMMIT 1u

typedef struct native_wal {
    int fd;
    const char *path;
    const native_io *io;
    uint64_t epoch, base_lsn;
    uint64_t append_lsn;  /* end of everything appended */
    uint64_t written_lsn; /* end of what reached the file (maybe not synced) */
    uint64_t flushed_lsn; /* end of what is durable */
    uint8_t *buf;         /* appended, not yet written: [written_lsn, append_lsn) */
    size_t len, cap;
    int leader;           /* a thread is writing + syncing */
    int failed;
    native_error error;   /* the sticky failure */
    uint64_t syncs;
    pthread_mutex_t mu;
    pthread_cond_t cond;
    /* the WAL writer thread of synchronous_commit = off */
    pthread_t writer;
    int writer_started, writer_stop;
    unsigned delay_ms;
} native_wal;

/* ---- set of page numbers (reserved allocations) ---- */
typedef struct native_pgset {
    uint64_t *slots; /* 0 = empty (page 0 is never allocated) */
    size_t cap, count;
} native_pgset;

struct native_db {
    char *path, *wal_path;
    int fd;
    native_io io;
    native_options opts;
    pthread_mutex_t mu;
    native_meta meta;
    native_cache cache;
    native_wal wal;
    native_pgset reserved;    /* allocated by open transactions */
    uint64_t reserve_high;    /* next page number past the end for extension */
    uint64_t alloc_hint;      /* no free page below it */
    int failed;
    native_error fail_error;
    native_commit_info *recovered;
    size_t nrecovered;
    uint64_t commits, checkpoints;
    int registered; /* listed as open in this process */
    dev_t dev;
    ino_t ino;
};

typedef struct native_txn_page {
    uint64_t pgno, base_lsn;
    int is_new;
    uint8_t *img;
} native_txn_page;

typedef struct native_patch_rec {
    uint64_t pgno;
    uint16_t off, len;
    uint8_t *bytes;
} native_patch_rec;

struct native_txn {
    native_db *db;
    uint64_t xid;
    native_txn_page *pages;
    size_t npages, cappages;
    int32_t *phash; /* pgno -> index in pages, open addressing, -1 empty */
    size_t phcap;
    native_patch_rec *patches;
    size_t npatches, cappatches;
    uint64_t *allocs, *frees;
    size_t nallocs, capallocs, nfrees, capfrees;
    int catalog_set;
    uint64_t catalog_seen_first, catalog_first, catalog_len;
    uint64_t max_table_id; /* 0: none allocated */
};

/* native_pgset.c */
int native_pgset_add(native_pgset *s, uint64_t pgno);
int native_pgset_has(const native_pgset *s, uint64_t pgno);
void native_pgset_remove(native_pgset *s, uint64_t pgno);
void native_pgset_free(native_pgset *s);

/* native_cache.c — all with db->mu held. */
int native_cache_init(native_cache *c, size_t nframes);
void native_cache_destroy(native_cache *c);
/* The frame of pgno, pinned: read from the data file (checksum-verified) unless zero_fill,
 * which gives a zeroed frame without reading (a page about to be overwritten whole). */
int native_cache_get(native_db *db, uint64_t pgno, int zero_fill, native_frame **out, native_error *err);
static inline void native_cache_unpin(native_frame *f) { f->pins--; }
/* Writes every dirty frame to the data file (after the WAL up to its LSN is durable). */
int native_cache_flush_all(native_db *db, native_error *err);

/* native_db.c */
int native_db_read_page_file(native_db *db, uint64_t pgno, uint8_t *out, native_error *err);
int native_db_write_page_file(native_db *db, uint64_t pgno, uint8_t *page, native_error *err);
int native_db_fail(native_db *db, const native_error *cause);
int native_db_check_usable(native_db *db, native_error *err);

/* native_wal.c */
void native_wal_init(native_wal *w);
int native_wal_create(native_wal *w, const char *path, const native_io *io, uint64_t epoch, uint64_t base_lsn, native_error *err);
/* Appends one record (header built here) from the payload parts; *end_lsn gets its end. */
int native_wal_append(native_wal *w, uint32_t type, const void *payload, size_t len, uint64_t *end_lsn, native_error *err);
/* Makes the WAL durable up to lsn (group commit: one thread writes and syncs for all). */
int native_wal_flush(native_wal *w, uint64_t lsn, native_error *err);
/* Empties the WAL into a new generation after a checkpoint. */
int native_wal_reset(native_wal *w, uint64_t epoch, native_error *err);
int native_wal_start_writer(native_wal *w, unsigned delay_ms);
void native_wal_close(native_wal *w);
/* Calls apply(ctx, lsn_end, payload, len) for each valid record of generation epoch in the
 * WAL file at path, stopping silently at a torn or foreign tail. *end_lsn: end of the last. */
int native_wal_replay(const char *path, uint64_t epoch, uint64_t *base_lsn, uint64_t *end_lsn,
                      int (*apply)(void *ctx, uint64_t lsn_end, const uint8_t *payload, size_t len, native_error *err),
                      void *ctx, native_error *err);

/* native_alloc.c — with db->mu held. */
int native_alloc_reserve(native_db *db, uint64_t *pgno, native_error *err);
void native_alloc_release(native_db *db, uint64_t pgno);

/* native_txn.c */
void native_txn_release(native_txn *t, int release_reservations);

/* native_commit.c */
int native_commit_apply_record(native_db *db, uint64_t lsn_end, const uint8_t *payload, size_t len, native_error *err);

#endif
