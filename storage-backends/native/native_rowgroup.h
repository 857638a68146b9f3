/* native_rowgroup.h — columnar tables of the native storage library: a table is a chain of
 * TABLE pages listing row groups; a row group holds N rows as typed column chunks (each with
 * a NULL bitmap, min/max zone map and the smallest of plain / bit-packed / RLE / dictionary
 * encodings) plus a version-stamp column (xmin, cmin, cmax, xmax per row) updated in place
 * through WAL patches. Scans decode row groups into vectors and skip the row groups whose
 * zone maps cannot match a conjunction of simple predicates. */
#ifndef SS_NATIVE_ROWGROUP_H
#define SS_NATIVE_ROWGROUP_H

#include "native_db.h"

typedef enum native_col_type {
    NATIVE_COL_INT64 = 1,   /* every integer, date, time and timestamp type */
    NATIVE_COL_FLOAT64 = 2, /* ordered as PostgreSQL orders float8: NaN above everything */
    NATIVE_COL_BOOL = 3,
    NATIVE_COL_BYTES = 4,   /* text, bytea, ...: zone maps order bytes (memcmp), so pushed-down
                             * range predicates are only valid for the C collation; equality
                             * is valid for any deterministic collation */
} native_col_type;

/* A vector of nrows values (input of an append, output of a scan). */
typedef struct native_column {
    native_col_type type;
    const uint8_t *nulls;    /* one byte per row, nonzero = NULL; NULL: no NULLs */
    const int64_t *i64;      /* INT64 */
    const double *f64;       /* FLOAT64 */
    const uint8_t *b;        /* BOOL, 0 or 1 */
    const uint32_t *offsets; /* BYTES: value i is bytes[offsets[i], offsets[i+1]) */
    const uint8_t *bytes;
} native_column;

/* A new empty table: its root page (the caller keeps it with the table's id, e.g. in the
 * catalog blob). */
int native_table_create(native_txn *txn, uint64_t *root, native_error *err);
/* Frees every page of the table at commit. */
int native_table_drop(native_txn *txn, uint64_t root, native_error *err);
/* Appends one row group of nrows rows (1..65536) whose versions are (xmin, cmin, xmax 0);
 * *rowgroup_id identifies it for native_rowgroup_set_xmax. */
int native_table_append(native_txn *txn, uint64_t root, const native_column *cols, unsigned ncols, uint32_t nrows,
                        uint64_t xmin, uint32_t cmin, uint64_t *rowgroup_id, native_error *err);
/* As native_table_append, but each row i gets its own stamps (xmin[i], cmin[i], cmax[i],
 * xmax[i]): rewriting a row group keeps the stamps its rows had. */
int native_table_append_versions(native_txn *txn, uint64_t root, const native_column *cols, unsigned ncols, uint32_t nrows,
                                 const uint64_t *xmin, const uint32_t *cmin, const uint32_t *cmax, const uint64_t *xmax,
                                 uint64_t *rowgroup_id, native_error *err);
/* Writes one row group (as native_table_append_versions) without listing it in a table:
 * *rowgroup_id names it (native_table_replace_last lists it). */
int native_rowgroup_write(native_txn *txn, const native_column *cols, unsigned ncols, uint32_t nrows, const uint64_t *xmin,
                          const uint32_t *cmin, const uint32_t *cmax, const uint64_t *xmax, uint64_t *rowgroup_id,
                          native_error *err);
/* The length of the header blob of a row group of nrows rows and ncols columns (the `len`
 * that names it with its first page). */
uint64_t native_rowgroup_header_len(uint32_t nrows, unsigned ncols);
/* Replaces the table's last row group entry, which must be (old_first, ...), by (new_first,
 * new_len): the row group keeps its position in the table. The old row group's pages are not
 * freed (native_rowgroup_free). */
int native_table_replace_last(native_txn *txn, uint64_t root, uint64_t old_first, uint64_t new_first, uint64_t new_len,
                              native_error *err);
/* Empties the table's entry number `index` (0-based, in table order), which must name row
 * group `first`: it becomes (0, 0), a slot without rows (listed with nrows 0, skipped by
 * scans), so the later row groups keep their positions. The row group's pages are not freed
 * (native_rowgroup_free). */
int native_table_clear_entry(native_txn *txn, uint64_t root, uint64_t index, uint64_t first, native_error *err);
/* Frees the pages of row group (first, len) at commit. */
int native_rowgroup_free(native_txn *txn, uint64_t first, uint64_t len, native_error *err);
/* Calls visit(ctx, first, len, nrows) for each row group of the table, in table order. */
int native_table_list(native_db *db, native_txn *txn, uint64_t root,
                      int (*visit)(void *ctx, uint64_t first, uint64_t len, uint32_t nrows, native_error *err), void *ctx,
                      native_error *err);
/* The stamps of row `row` of row group rowgroup_id (as txn sees it, or committed). */
int native_rowgroup_get_stamp(native_db *db, native_txn *txn, uint64_t rowgroup_id, uint32_t row, uint64_t *xmin,
                              uint32_t *cmin, uint32_t *cmax, uint64_t *xmax, native_error *err);
/* Rewrites the stamps of every row of row group rowgroup_id (nrows of them) whole. */
int native_rowgroup_set_stamps(native_txn *txn, uint64_t rowgroup_id, uint32_t nrows, const uint64_t *xmin,
                               const uint32_t *cmin, const uint32_t *cmax, const uint64_t *xmax, native_error *err);
/* Sets xmax/cmax of one row (a delete, or the old version of an update), as a WAL patch. */
int native_rowgroup_set_xmax(native_txn *txn, uint64_t rowgroup_id, uint32_t row, uint64_t xmax, uint32_t cmax, native_error *err);

/* Open tails (native_tail.c): an uncompressed row group of at most NATIVE_TAIL_MAX_ROWS rows
 * appended in place with WAL patches of the bytes added. A table entry (first, len) names one
 * when len has NATIVE_TAIL_FLAG; in the (first, len) pairs given to scans the low 32 bits of
 * len, when nonzero, are the rows to read (those the tail had when it was listed: rows
 * appended later are not read). native_table_list gives FLAG | its row count. The stamp
 * calls above (get, set_xmax, set_stamps) and native_rowgroup_free take a tail too. */
#define NATIVE_TAIL_FLAG (UINT64_C(1) << 63)
#define NATIVE_TAIL_MAX_ROWS 1024u
static inline int native_is_tail(uint64_t len) { return (len & NATIVE_TAIL_FLAG) != 0; }
/* A new empty tail of ncols columns of the given types, listed as the table's last entry
 * (len NATIVE_TAIL_FLAG); *tail names it. 0A000 past the columns a tail page can describe. */
int native_table_append_tail(native_txn *txn, uint64_t root, const native_col_type *types, unsigned ncols, uint64_t *tail,
                             native_error *err);
/* Appends nrows rows stamped (xmin, cmin, 0, 0) to the tail in place; *first_row gets the
 * first one's position. 1 when they do not fit (rows or bytes; nothing changed), 0, or -1. */
int native_tail_append(native_txn *txn, uint64_t tail, const native_column *cols, unsigned ncols, uint32_t nrows,
                       uint64_t xmin, uint32_t cmin, uint32_t *first_row, native_error *err);
/* Frees the tail's pages at commit (native_rowgroup_free does this for a tail's entry). */
int native_tail_free(native_txn *txn, uint64_t tail, native_error *err);

typedef enum native_pred_op {
    NATIVE_OP_EQ, NATIVE_OP_LT, NATIVE_OP_LE, NATIVE_OP_GT, NATIVE_OP_GE, NATIVE_OP_IS_NULL, NATIVE_OP_IS_NOT_NULL
} native_pred_op;

/* column op constant (the constant of the column's type; BOOL in i64 as 0/1). */
typedef struct native_pred {
    unsigned col;
    native_pred_op op;
    int64_t i64;
    double f64;
    const uint8_t *bytes;
    uint32_t len;
} native_pred;

/* One decoded row group. Valid until the next native_scan_next or native_scan_close. */
typedef struct native_batch {
    uint64_t rowgroup_id;
    uint32_t group_index; /* its position in the table (in the list of native_scan_open_groups) */
    uint32_t nrows;
    unsigned ncols;      /* the projected columns, in projection order */
    native_column *cols;
    const uint64_t *xmin, *xmax;
    const uint32_t *cmin, *cmax;
    int uniform;         /* every row has the same stamps (a row group one statement wrote) */
    int stamps_skipped;  /* the caller's skip_stamps said every row is visible to every
                            snapshot: the stamps were not read (xmin ... NULL) */
    int tail;            /* an open tail (rows are appended to it in place, under the same first
                            page): never all-visible, its stamps always read */
} native_batch;

typedef struct native_scan native_scan;

/* A scan of table root as txn sees it (NULL: committed state) decoding the columns proj[0..
 * nproj) and skipping row groups no row of which can satisfy all of preds. The predicates
 * only skip whole row groups: the caller still filters rows. */
native_scan *native_scan_open(native_db *db, native_txn *txn, uint64_t root, const unsigned *proj, unsigned nproj,
                              const native_pred *preds, unsigned npreds, native_error *err);
/* A scan of the given row groups only (groups: n (first, len) pairs), without predicates. */
native_scan *native_scan_open_groups(native_db *db, native_txn *txn, const uint64_t *groups, size_t n, const unsigned *proj,
                                     unsigned nproj, native_error *err);
/* 1 with *out, 0 at the end, -1 with err. */
int native_scan_next(native_scan *s, native_batch **out, native_error *err);
void native_scan_counts(const native_scan *s, uint64_t *groups_read, uint64_t *groups_skipped);
/* The rows of the row groups read and skipped so far. */
void native_scan_row_counts(const native_scan *s, uint64_t *rows_read, uint64_t *rows_skipped);
/* Sets the scan's predicates (replacing those it was opened with; the bytes constants are
 * copied) before its first native_scan_next; an error after. */
int native_scan_set_preds(native_scan *s, const native_pred *preds, unsigned npreds, native_error *err);
/* From now on a batch whose rows are all stamped alike (uniform) holds row 0's stamps only
 * (xmin[0], ...), saving the filling of its arrays; other batches hold every row's. */
void native_scan_lazy_stamps(native_scan *s);
/* Before the stamps of a row group are read, skip(arg, group_index, rowgroup_id) is asked:
 * 1 leaves them unread (the batch's stamps_skipped; the caller knows every row visible). */
void native_scan_skip_stamps(native_scan *s, int (*skip)(void *arg, uint32_t group_index, uint64_t rowgroup_id),
                             void *arg);
void native_scan_close(native_scan *s);

#endif
