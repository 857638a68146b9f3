/* native_rowgroup_format.h — the on-page layout of tables and row groups (FORMAT.md) and the
 * helpers the row-group writer and the scan share. Not part of the library's API. */
#ifndef SS_NATIVE_ROWGROUP_FORMAT_H
#define SS_NATIVE_ROWGROUP_FORMAT_H

#include "native_encode.h"
#include "native_rowgroup.h"

#define RG_MAGIC 0x31475252u /* "RRG1" */
#define RG_MAX_ROWS 65536u
#define RG_FIXED 16u         /* magic, nrows, ncols, number of version pages */
#define RG_DESC 64u          /* one column descriptor */
#define RG_PREFIX 16u        /* bytes of a BYTES min/max kept */
/* descriptor fields */
#define RG_D_TYPE 0u
#define RG_D_ENCODING 1u
#define RG_D_FLAGS 2u
#define RG_D_MINLEN 3u
#define RG_D_MAXLEN 4u
#define RG_D_NULLS 8u
#define RG_D_CHUNK 16u
#define RG_D_CHUNK_LEN 24u
#define RG_D_MIN 32u
#define RG_D_MAX 48u
/* descriptor flags */
#define RG_HAS_NULLS 1u
#define RG_HAS_MINMAX 2u
#define RG_MAX_TRUNCATED 4u

#define TABLE_HEADER 16u /* next table page, entry count */
#define TABLE_ENTRIES ((NATIVE_PAGE_PAYLOAD - TABLE_HEADER) / 16u)

#define VERSION_SIZE 24u /* xmin u64, cmin u32, cmax u32, xmax u64 */
#define VERSIONS_PER_PAGE (NATIVE_PAGE_PAYLOAD / VERSION_SIZE)

typedef struct native_rg_header {
    uint8_t *raw; /* the header blob (malloc'd) */
    uint64_t len;
    uint32_t nrows, ncols, nvp;
    const uint8_t *vpages; /* nvp u64 page numbers */
    const uint8_t *desc;   /* ncols descriptors */
} native_rg_header;

/* Reads and checks a row group header blob. */
int native_rowgroup_read_header(native_db *db, native_txn *txn, uint64_t first, uint64_t len, native_rg_header *out, native_error *err);
/* Calls visit for every row group (first, len) of the table, and with include_table_pages
 * for every table page too (len 0), after its row groups. */
int native_table_for_each_rowgroup(native_db *db, native_txn *txn, uint64_t root,
                                   int (*visit)(void *ctx, uint64_t first, uint64_t len, native_error *err), void *ctx,
                                   int include_table_pages, native_error *err);
/* Appends the entry (first, len) to the table's list of row groups. */
int native_table_append_entry(native_txn *txn, uint64_t root, uint64_t first, uint64_t len, native_error *err);

/* ---- open tails (native_tail.c; FORMAT.md, "Open tails") ---- */
/* root page (type NATIVE_PT_TAIL) fields, offsets within the page */
#define TL_MAGIC 16u
#define TL_MAGIC_VALUE 0x314C544Eu /* "NTL1" */
#define TL_NCOLS 20u
#define TL_NROWS 24u  /* then used (28), version pages (32), data pages (36): one 16-byte patch */
#define TL_USED 28u
#define TL_NVP 32u
#define TL_NDP 36u
#define TL_MAX_VPAGES ((NATIVE_TAIL_MAX_ROWS + VERSIONS_PER_PAGE - 1) / VERSIONS_PER_PAGE)
#define TL_VPAGES 40u
#define TL_MAX_DPAGES 32u
#define TL_DPAGES (TL_VPAGES + TL_MAX_VPAGES * 8u)
#define TL_TYPES (TL_DPAGES + TL_MAX_DPAGES * 8u)
#define TL_MAX_COLS (NATIVE_PAGE_SIZE - TL_TYPES)
#define TL_DATA_BYTES NATIVE_PAGE_PAYLOAD /* stream bytes per data page */

typedef struct native_tail_info {
    uint32_t ncols, nrows, used, nvp, ndp;
    uint64_t vpages[TL_MAX_VPAGES], dpages[TL_MAX_DPAGES];
    uint8_t types[TL_MAX_COLS];
} native_tail_info;

/* Reads and checks a tail's root page. */
int native_tail_read_info(native_db *db, native_txn *txn, uint64_t tail, native_tail_info *ti, native_error *err);
/* Decodes the first nrows rows (<= ti->nrows) of the columns proj into dec[i] (and nulls[i],
 * left NULL without NULLs), as native_decode_values would. */
int native_tail_decode(native_db *db, native_txn *txn, uint64_t tail, const native_tail_info *ti, uint32_t nrows,
                       const unsigned *proj, unsigned nproj, native_decoded *dec, uint8_t **nulls, native_error *err);

/* float8 order of PostgreSQL: NaN equals NaN and sorts above everything. */
int native_float_cmp(double a, double b);

#endif
