/* memory.h — private declarations shared by the files of the memory storage backend: its data
 * structures (backend instance, tables, row chunks) and the callbacks its vtable points to.
 *
 * Layout: a table is a growing array of chunks; each chunk holds up to SS_BATCH_CAPACITY rows
 * as one ss_vector per table column (created with ss_api.vector_create, so a chunk column can
 * be handed to a scan's consumer as is).  Rows are only ever appended: every chunk but the
 * last is full, and the last one (the tail) fills up before a new chunk is added.  The one
 * exception is a statement's undo (memory_stmt.c), which cuts a table back to where it was
 * when the statement began, and VACUUM (memory_vacuum.c), which empties a full chunk all of
 * whose versions are dead (count 0, marked dead) but leaves it in place, so row ids stay.
 *
 * Row versions (storage.h version 3, memory_versions.c): every chunk keeps one ss_version_stamp
 * per row, parallel to its column vectors.  Rows written by the plain insert carry xmin 0
 * (written outside any transaction: visible to every snapshot); insert_versions stamps the
 * writing transaction's xid and command id.  A version's row id is chunk index << 16 | row.
 * Sessions on several threads share a table: t->lock guards appends and the chunk array;
 * rows below a count read under the lock never change (except their xmax). */
#ifndef SUNSTONE_MEMORY_H
#define SUNSTONE_MEMORY_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "sunstone/plugin.h"

typedef struct memory_table memory_table;

/* One instance per database (backend_open). */
typedef struct memory_backend {
    const ss_api *api;
    memory_table *tables; /* every live table, so backend_close can free leftovers */
    bool in_stmt;         /* between stmt_begin and stmt_commit / stmt_abort */
    memory_table *stmt_written; /* tables written since stmt_begin (stmt_next chain) */
} memory_backend;

typedef struct memory_chunk {
    uint32_t count;    /* rows stored, <= SS_BATCH_CAPACITY */
    ss_version_stamp *stamps;  /* SS_BATCH_CAPACITY: each row's version stamps */
    _Atomic ss_xid max_xmin;   /* the largest xmin of rows [0, count) (written under the
                                  table's lock, read by scans without it) */
    _Atomic uint32_t dead;     /* 1: full, and no snapshot in use or to come sees any of
                                  its rows (ss_api.txn_horizon): scans skip it */
    ss_rowid *next;            /* SS_BATCH_CAPACITY: each version's successor (UPDATE's
                                  forward link), SS_ROWID_INVALID when none */
    _Atomic uint32_t frozen;   /* rows [0, frozen) were written by committed transactions
                                  and are not deleted: visible to any snapshot whose xmin
                                  is above max_xmin (the fast path) */
    _Atomic uint32_t freeze_tried; /* count when a read by row id (fetch_versions) last
                                  tried to raise frozen: it tries again only after rows
                                  were added (memory_versions.c) */
    ss_vector *cols[]; /* one vector per table column, capacity SS_BATCH_CAPACITY */
} memory_chunk;

/* Where the cells of one chunk column are (memory_refs.c): the column vector's data and the
 * vector itself (its validity and type, read beside the cell rather than before it), the
 * bytes of one cell, and how a read by row id copies a non-NULL one into a vector of the same
 * type: MEMORY_CELL_FIXED its bytes, MEMORY_CELL_TEXT its ss_text (which keeps pointing at
 * the chunk's string heap: stored text never moves or goes while the table lives, as a
 * scan's batches, which are the chunk's vectors, rely on too), MEMORY_CELL_VALUE through
 * ss_api.vector_set_value. */
enum { MEMORY_CELL_VALUE = 0, MEMORY_CELL_FIXED = 1, MEMORY_CELL_TEXT = 2 };
typedef struct memory_colref {
    const void *data;
    const ss_vector *vec;
    uint32_t width;
    uint32_t copy; /* MEMORY_CELL_* */
} memory_colref;

/* The table's refs: r[ci * ncols + c] describes chunks[ci]->cols[c] for ci < nchunks (cap
 * entries, at least cap_chunks * ncols).  Written under the table's lock before a chunk is
 * published; an array outgrown by the chunk array stays readable (older) until the table is
 * freed, for a reader that found it under the lock; ALTER TABLE (no concurrent readers)
 * lays out a new one.  NULL while cap_chunks * ncols is 0. */
typedef struct memory_refs {
    struct memory_refs *older;
    size_t cap;
    memory_colref r[];
} memory_refs;

struct memory_table {
    const ss_api *api;
    memory_backend *backend;
    memory_table *prev;
    memory_table *next;
    uint32_t ncols;
    ss_type *types;         /* column types, copied from the ss_table_def */
    memory_chunk **chunks;  /* [0, nchunks) are visible; slots up to cap_chunks are free */
    size_t nchunks;
    size_t cap_chunks;
    memory_refs *refs;      /* each chunk column's cells, flat (memory_colref above) */
    int64_t nrows;
    char **text_blocks;     /* insert's scratch: one text block per column (see insert) */
    /* statement undo (memory_stmt.c): the table as it was before the statement's first
       write to it, while it is on the backend's stmt_written chain */
    bool stmt_marked;
    memory_table *stmt_next;
    size_t stmt_nchunks;
    uint32_t stmt_tail_count;
    int64_t stmt_nrows;
    pthread_mutex_t lock;   /* appends, the chunk array (memory.h's top comment) */
};

/* The kernel's function table, recorded by sunstone_plugin_init. */
const ss_api *memory_api(void);

/* Bytes for a header of `header` bytes followed by n elements of elem bytes; false when that
 * does not fit in size_t. */
static inline bool memory_array_bytes(size_t header, size_t n, size_t elem, size_t *bytes)
{
    if (elem != 0 && n > (SIZE_MAX - header) / elem)
        return false;
    *bytes = header + n * elem;
    return true;
}

/* Records an out-of-memory error (53200) on ctx and returns SS_ERROR. */
int memory_out_of_memory(const ss_api *api, ss_ctx *ctx);

/* Chunks (memory_chunk.c). */
memory_chunk *memory_chunk_create(ss_ctx *ctx, const memory_table *t);
void memory_chunk_destroy(const memory_table *t, memory_chunk *chunk);

/* The flat cell map (memory_refs.c).  reserve: room for cap_chunks chunks (fallible, the
 * caller holds t->lock); set: chunk ci's entries from its vectors; prepare_layout / install:
 * a new array for ncols columns, allocated first, then filled from the chunks once the
 * columns changed (the old arrays freed); refill: the entries again after a column left
 * (the array is large enough); free: at the table's end. */
int memory_refs_reserve(ss_ctx *ctx, memory_table *t, size_t cap_chunks);
void memory_refs_set(memory_table *t, size_t ci);
int memory_refs_prepare_layout(ss_ctx *ctx, const memory_table *t, uint32_t ncols, memory_refs **out);
void memory_refs_install(memory_table *t, memory_refs *fresh);
void memory_refs_refill(memory_table *t);
void memory_refs_free(memory_table *t);

/* Backend and table lifecycle (memory_backend.c). */
int memory_backend_open(ss_ctx *ctx, const char *path, void **backend);
void memory_backend_close(void *backend);
int memory_table_create(ss_ctx *ctx, void *backend, const ss_table_def *def, void **table);
int memory_table_drop(ss_ctx *ctx, void *backend, void *table);
int64_t memory_table_row_estimate(void *table);

/* Writes (memory_insert.c). */
int memory_insert(ss_ctx *ctx, void *table, const ss_batch *rows);
/* Copies live rows [first, first + n) of rows into the empty chunk (n <= SS_BATCH_CAPACITY)
 * and sets its count; on SS_ERROR (out of memory) the chunk's count stays 0. */
int memory_chunk_fill(ss_ctx *ctx, memory_table *t, memory_chunk *chunk, const ss_batch *rows,
                      uint32_t first, uint32_t n);

/* Statement undo (memory_stmt.c). */
int memory_stmt_begin(ss_ctx *ctx, void *backend);
int memory_stmt_commit(ss_ctx *ctx, void *backend);
void memory_stmt_abort(ss_ctx *ctx, void *backend);
/* Called by insert before it changes t: remembers t's state for an abort. */
void memory_stmt_note_write(memory_table *t);
/* Called by table_drop: t leaves the statement's chain. */
void memory_stmt_forget(memory_table *t);

/* Row versions (memory_versions.c). */
#define MEMORY_ROWID(chunk, row) (((ss_rowid)(chunk) << 16) | (ss_rowid)(row))
/* Whether each row id names a stored version (storage.h version 10, the integrity check). */
int memory_versions_stored(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, bool *stored);
int memory_insert_versions(ss_ctx *ctx, void *table, const ss_batch *rows, ss_rowid *rowids);
int memory_fetch_versions(ss_ctx *ctx, void *table, const ss_scan_spec *spec,
                          const ss_snapshot *snap, const ss_rowid *rowids, uint32_t n,
                          ss_batch *out, bool *found);
/* The rows of chunk's [0, n) that snap sees, into sel (returns how many; *all true when
 * that is every row, sel then unset).  SS_ERROR from the kernel's check. */
int memory_chunk_visible(ss_ctx *ctx, const memory_table *t, memory_chunk *chunk, uint32_t n,
                         const ss_snapshot *snap, uint32_t *sel, uint32_t *count, bool *all);
/* The insert shared by insert and insert_versions: stamps every new row with stamp; the
 * caller holds t->lock.  *first gets the row id of the first new row. */
int memory_insert_locked(ss_ctx *ctx, memory_table *t, const ss_batch *rows,
                         ss_version_stamp stamp, ss_rowid *first);

/* Reads (memory_scan.c). */
int memory_scan_begin_snapshot(ss_ctx *ctx, void *table, const ss_scan_spec *spec,
                               const ss_snapshot *snap, bool rowids, void **scan);
const ss_rowid *memory_scan_rowids(void *scan);
int memory_scan_begin(ss_ctx *ctx, void *table, const ss_scan_spec *spec, void **scan);
int memory_scan_next_batch(ss_ctx *ctx, void *scan, ss_batch *out);
int memory_scan_next_row(ss_ctx *ctx, void *scan, ss_value *values, bool *has_row);
void memory_scan_end(void *scan);
/* For memory_versions.c: the scan's row-id buffer (freed by scan_end), and how many
   batches (chunks) it has returned. */
ss_rowid **memory_scan_rowid_slot(void *scan);
size_t memory_scan_batches_returned(const void *scan);

/* Row versions, vtable version 3 (memory_versions.c): row id = chunk index << 16 | row
   within the chunk; every stored row is visible to every snapshot. */
int memory_insert_versions(ss_ctx *ctx, void *table, const ss_batch *rows, ss_rowid *rowids);
int memory_scan_begin_snapshot(ss_ctx *ctx, void *table, const ss_scan_spec *spec,
                               const ss_snapshot *snap, bool rowids, void **scan);
const ss_rowid *memory_scan_rowids(void *scan);
int memory_fetch_versions(ss_ctx *ctx, void *table, const ss_scan_spec *spec,
                          const ss_snapshot *snap, const ss_rowid *rowids, uint32_t n,
                          ss_batch *out, bool *found);

/* Delete / update / lock, vtable version 4 (memory_locks.c). */
int memory_lock_versions(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, ss_xid xid,
                         uint32_t cid, const ss_xid *expect, ss_version_stamp *seen);
int memory_link_versions(ss_ctx *ctx, void *table, const ss_rowid *older, uint32_t n,
                         const ss_rowid *newer, ss_rowid *next);

/* ALTER TABLE ... ADD COLUMN in place, vtable version 5 (memory_alter.c). */
int memory_add_column(ss_ctx *ctx, void *table, ss_type type, const ss_value *fill);
void memory_drop_column(ss_ctx *ctx, void *table, uint32_t col);

/* VACUUM, vtable version 7 (memory_vacuum.c): whole dead chunks give back their vectors. */
int memory_vacuum(ss_ctx *ctx, void *table, const ss_snapshot *horizon, const ss_scan_spec *spec,
                  ss_vacuum_reclaimed_fn reclaimed, void *arg, ss_vacuum_stats *stats);

#endif
