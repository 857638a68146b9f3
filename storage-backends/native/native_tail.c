/* native_tail.c — open tails (FORMAT.md, "Open tails"): an uncompressed row group appended in
 * place. Its root page (type 10) lists its version pages (type 5, the row groups' stamp
 * layout) and data pages (type 11) holding the rows one after the other; an append writes WAL
 * patches of only the bytes it adds (rows, stamps, the root's counters), so a one-row INSERT
 * logs about its row's size instead of a rewritten row group. Scans decode a tail like a row
 * group (never skipped: a tail keeps no zone maps); the module seals a full tail into a
 * compressed row group (native_vt_insert.c). */
#include "native_rowgroup.h"

#include "native_encode.h"
#include "native_internal.h"
#include "native_rowgroup_format.h"

#include <stdlib.h>
#include <string.h>

static int damaged(native_db *db, uint64_t tail, native_error *err)
{
    return native_fail(err, "XX001", "open tail at page %llu of \"%s\" is damaged", (unsigned long long)tail, db->path);
}

/* Checks the root page of a tail (a page as read) into *ti. */
static int parse_root(native_db *db, uint64_t tail, const uint8_t *page, native_tail_info *ti, native_error *err)
{
    memset(ti, 0, sizeof *ti);
    if (native_page_type(page) != NATIVE_PT_TAIL || native_get32(page + TL_MAGIC) != TL_MAGIC_VALUE)
        return damaged(db, tail, err);
    ti->ncols = native_get32(page + TL_NCOLS);
    ti->nrows = native_get32(page + TL_NROWS);
    ti->used = native_get32(page + TL_USED);
    ti->nvp = native_get32(page + TL_NVP);
    ti->ndp = native_get32(page + TL_NDP);
    if (ti->ncols > TL_MAX_COLS || ti->nrows > NATIVE_TAIL_MAX_ROWS || ti->nvp > TL_MAX_VPAGES || ti->ndp > TL_MAX_DPAGES ||
        ti->nvp != (ti->nrows + VERSIONS_PER_PAGE - 1) / VERSIONS_PER_PAGE || ti->used > (uint64_t)ti->ndp * TL_DATA_BYTES ||
        (ti->ndp && ti->used <= (uint64_t)(ti->ndp - 1) * TL_DATA_BYTES))
        return damaged(db, tail, err);
    for (uint32_t v = 0; v < ti->nvp; v++)
        ti->vpages[v] = native_get64(page + TL_VPAGES + (size_t)v * 8);
    for (uint32_t d = 0; d < ti->ndp; d++)
        ti->dpages[d] = native_get64(page + TL_DPAGES + (size_t)d * 8);
    for (uint32_t c = 0; c < ti->ncols; c++) {
        ti->types[c] = page[TL_TYPES + c];
        if (ti->types[c] < NATIVE_COL_INT64 || ti->types[c] > NATIVE_COL_BYTES)
            return damaged(db, tail, err);
    }
    return 0;
}

int native_tail_read_info(native_db *db, native_txn *txn, uint64_t tail, native_tail_info *ti, native_error *err)
{
    uint8_t *page = malloc(NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    int rc = native_page_read(db, txn, tail, page, err);
    if (rc == 0)
        rc = parse_root(db, tail, page, ti, err);
    free(page);
    return rc;
}

int native_table_append_tail(native_txn *txn, uint64_t root, const native_col_type *types, unsigned ncols, uint64_t *tail,
                             native_error *err)
{
    if (ncols > TL_MAX_COLS)
        return native_fail(err, "0A000", "feature not supported: an open tail of %u columns", ncols);
    uint64_t pgno;
    if (native_txn_alloc_page(txn, NATIVE_PT_TAIL, &pgno, err) != 0)
        return -1;
    uint8_t *page = native_txn_page_for_write(txn, pgno, err);
    if (!page)
        return -1;
    native_put32(page + TL_MAGIC, TL_MAGIC_VALUE);
    native_put32(page + TL_NCOLS, ncols);
    for (unsigned c = 0; c < ncols; c++)
        page[TL_TYPES + c] = (uint8_t)types[c];
    if (native_table_append_entry(txn, root, pgno, NATIVE_TAIL_FLAG, err) != 0)
        return -1;
    *tail = pgno;
    return 0;
}

/* The stream bytes of row r of cols (tag byte per column, then the value). */
static size_t row_size(const native_column *cols, unsigned ncols, uint32_t r)
{
    size_t n = 0;
    for (unsigned c = 0; c < ncols; c++) {
        n++;
        if (cols[c].nulls && cols[c].nulls[r])
            continue;
        switch (cols[c].type) {
        case NATIVE_COL_INT64:
        case NATIVE_COL_FLOAT64: n += 8; break;
        case NATIVE_COL_BOOL: n += 1; break;
        case NATIVE_COL_BYTES: n += 4 + (size_t)(cols[c].offsets[r + 1] - cols[c].offsets[r]); break;
        }
    }
    return n;
}

static uint8_t *put_row(uint8_t *p, const native_column *cols, unsigned ncols, uint32_t r)
{
    for (unsigned c = 0; c < ncols; c++) {
        const native_column *k = &cols[c];
        if (k->nulls && k->nulls[r]) {
            *p++ = 0;
            continue;
        }
        *p++ = 1;
        switch (k->type) {
        case NATIVE_COL_INT64: native_put64(p, (uint64_t)k->i64[r]); p += 8; break;
        case NATIVE_COL_FLOAT64: memcpy(p, &k->f64[r], 8); p += 8; break;
        case NATIVE_COL_BOOL: *p++ = k->b[r] != 0; break;
        case NATIVE_COL_BYTES: {
            uint32_t len = k->offsets[r + 1] - k->offsets[r];
            native_put32(p, len);
            memcpy(p + 4, k->bytes + k->offsets[r], len);
            p += 4 + len;
            break;
        }
        }
    }
    return p;
}

int native_tail_append(native_txn *txn, uint64_t tail, const native_column *cols, unsigned ncols, uint32_t nrows,
                       uint64_t xmin, uint32_t cmin, uint32_t *first_row, native_error *err)
{
    native_db *db = native_txn_db(txn);
    native_tail_info ti;
    if (native_tail_read_info(db, txn, tail, &ti, err) != 0)
        return -1;
    if (ti.ncols != ncols)
        return native_fail(err, "XX000", "an append of %u columns to an open tail of %u", ncols, ti.ncols);
    for (unsigned c = 0; c < ncols; c++)
        if (ti.types[c] != cols[c].type)
            return native_fail(err, "XX000", "an append of a column of type %d to an open tail column of type %d",
                               (int)cols[c].type, (int)ti.types[c]);
    if (nrows == 0 || ti.nrows + nrows > NATIVE_TAIL_MAX_ROWS)
        return nrows == 0 ? 0 : 1;
    size_t len = 0;
    for (uint32_t r = 0; r < nrows; r++)
        len += row_size(cols, ncols, r);
    if (len > (size_t)TL_MAX_DPAGES * TL_DATA_BYTES - ti.used)
        return 1; /* does not fit: nothing changed */
    uint8_t *buf = malloc(len ? len : 1);
    if (!buf)
        return native_fail(err, "53200", "out of memory");
    uint8_t *p = buf;
    for (uint32_t r = 0; r < nrows; r++)
        p = put_row(p, cols, ncols, r);
    int rc = 0;
    /* the rows: the bytes after the stream's end, page by page (new data pages as needed) */
    for (size_t done = 0; done < len && rc == 0;) {
        uint64_t pos = ti.used + done;
        uint32_t k = (uint32_t)(pos / TL_DATA_BYTES), off = (uint32_t)(pos % TL_DATA_BYTES);
        size_t n = TL_DATA_BYTES - off < len - done ? TL_DATA_BYTES - off : len - done;
        if (k == ti.ndp) {
            uint64_t dp;
            uint8_t pg[8];
            if ((rc = native_txn_alloc_page(txn, NATIVE_PT_TAIL_DATA, &dp, err)) != 0 ||
                !native_txn_page_for_write(txn, dp, err)) {
                rc = -1;
                break;
            }
            native_put64(pg, dp);
            if ((rc = native_txn_patch(txn, tail, TL_DPAGES + k * 8, pg, 8, err)) != 0)
                break;
            ti.dpages[ti.ndp++] = dp;
        }
        rc = native_txn_patch(txn, ti.dpages[k], NATIVE_PAGE_HEADER + off, buf + done, (unsigned)n, err);
        done += n;
    }
    free(buf);
    /* the stamps: (xmin, cmin, 0, 0) per new row, one patch per version page */
    uint8_t stamps[VERSIONS_PER_PAGE * VERSION_SIZE];
    for (uint32_t r = ti.nrows; r < ti.nrows + nrows && rc == 0;) {
        uint32_t v = r / VERSIONS_PER_PAGE, lo = r % VERSIONS_PER_PAGE;
        uint32_t n = VERSIONS_PER_PAGE - lo < ti.nrows + nrows - r ? VERSIONS_PER_PAGE - lo : ti.nrows + nrows - r;
        if (v == ti.nvp) {
            uint64_t vp;
            uint8_t pg[8];
            if ((rc = native_txn_alloc_page(txn, NATIVE_PT_VERSIONS, &vp, err)) != 0 || !native_txn_page_for_write(txn, vp, err)) {
                rc = -1;
                break;
            }
            native_put64(pg, vp);
            if ((rc = native_txn_patch(txn, tail, TL_VPAGES + v * 8, pg, 8, err)) != 0)
                break;
            ti.vpages[ti.nvp++] = vp;
        }
        memset(stamps, 0, (size_t)n * VERSION_SIZE);
        for (uint32_t i = 0; i < n; i++) {
            native_put64(stamps + (size_t)i * VERSION_SIZE, xmin);
            native_put32(stamps + (size_t)i * VERSION_SIZE + 8, cmin);
        }
        rc = native_txn_patch(txn, ti.vpages[v], NATIVE_PAGE_HEADER + lo * VERSION_SIZE, stamps, n * VERSION_SIZE, err);
        r += n;
    }
    if (rc == 0) {
        uint8_t counts[16];
        native_put32(counts, ti.nrows + nrows);
        native_put32(counts + 4, (uint32_t)(ti.used + len));
        native_put32(counts + 8, ti.nvp);
        native_put32(counts + 12, ti.ndp);
        rc = native_txn_patch(txn, tail, TL_NROWS, counts, 16, err);
    }
    if (rc == 0 && first_row)
        *first_row = ti.nrows;
    return rc == 0 ? 0 : -1;
}

int native_tail_free(native_txn *txn, uint64_t tail, native_error *err)
{
    native_tail_info ti;
    if (native_tail_read_info(native_txn_db(txn), txn, tail, &ti, err) != 0)
        return -1;
    int rc = 0;
    for (uint32_t v = 0; v < ti.nvp && rc == 0; v++)
        rc = native_txn_free_page(txn, ti.vpages[v], err);
    for (uint32_t d = 0; d < ti.ndp && rc == 0; d++)
        rc = native_txn_free_page(txn, ti.dpages[d], err);
    return rc != 0 ? -1 : native_txn_free_page(txn, tail, err);
}

/* A growable column of decoded values. */
typedef struct tail_col {
    native_decoded d;
    uint8_t *nulls;
    size_t nbytes, capbytes;
} tail_col;

int native_tail_decode(native_db *db, native_txn *txn, uint64_t tail, const native_tail_info *ti, uint32_t nrows,
                       const unsigned *proj, unsigned nproj, native_decoded *dec, uint8_t **nulls, native_error *err)
{
    for (unsigned i = 0; i < nproj; i++)
        if (proj[i] >= ti->ncols)
            return native_fail(err, "22023", "column %u is not in the row group (it has %u)", proj[i], ti->ncols);
    if (nrows > ti->nrows)
        return damaged(db, tail, err);
    /* the stream (as far as it went when ti was read: rows appended later follow it) */
    uint8_t *stream = malloc(ti->used ? ti->used : 1), *page = malloc(NATIVE_PAGE_SIZE);
    tail_col *tc = calloc(nproj ? nproj : 1, sizeof *tc);
    int *want = calloc(ti->ncols ? ti->ncols : 1, sizeof *want); /* projection index + 1 */
    int rc = stream && page && tc && want ? 0 : native_fail(err, "53200", "out of memory");
    for (uint32_t d = 0; d < ti->ndp && rc == 0; d++) {
        rc = native_page_read(db, txn, ti->dpages[d], page, err);
        if (rc == 0 && native_page_type(page) != NATIVE_PT_TAIL_DATA)
            rc = damaged(db, tail, err);
        uint64_t at = (uint64_t)d * TL_DATA_BYTES, n = ti->used - at < TL_DATA_BYTES ? ti->used - at : TL_DATA_BYTES;
        if (rc == 0)
            memcpy(stream + at, page + NATIVE_PAGE_HEADER, n);
    }
    for (unsigned i = 0; i < nproj && rc == 0; i++) {
        want[proj[i]] = (int)i + 1;
        native_col_type t = (native_col_type)ti->types[proj[i]];
        size_t n = nrows ? nrows : 1;
        tc[i].nulls = calloc(n, 1);
        int ok = tc[i].nulls != NULL;
        if (t == NATIVE_COL_INT64)
            ok &= (tc[i].d.i64 = calloc(n, 8)) != NULL;
        else if (t == NATIVE_COL_FLOAT64)
            ok &= (tc[i].d.f64 = calloc(n, 8)) != NULL;
        else if (t == NATIVE_COL_BOOL)
            ok &= (tc[i].d.b = calloc(n, 1)) != NULL;
        else
            ok &= (tc[i].d.offsets = calloc(n + 1, 4)) != NULL && (tc[i].d.bytes = malloc(tc[i].capbytes = 64)) != NULL;
        if (!ok)
            rc = native_fail(err, "53200", "out of memory");
    }
    size_t at = 0, end = ti->used;
    for (uint32_t r = 0; r < nrows && rc == 0; r++)
        for (uint32_t c = 0; c < ti->ncols && rc == 0; c++) {
            if (at >= end) {
                rc = damaged(db, tail, err);
                break;
            }
            int isnull = stream[at++] == 0;
            tail_col *k = want[c] ? &tc[want[c] - 1] : NULL;
            size_t vlen = 0;
            const uint8_t *v = stream + at;
            if (!isnull) {
                switch (ti->types[c]) {
                case NATIVE_COL_INT64:
                case NATIVE_COL_FLOAT64: vlen = 8; break;
                case NATIVE_COL_BOOL: vlen = 1; break;
                default:
                    if (end - at < 4) {
                        rc = damaged(db, tail, err);
                        continue;
                    }
                    vlen = 4 + (size_t)native_get32(v);
                    v += 4;
                }
                if (end - at < vlen) {
                    rc = damaged(db, tail, err);
                    continue;
                }
                at += vlen;
            }
            if (!k)
                continue;
            k->nulls[r] = (uint8_t)isnull;
            switch (ti->types[c]) {
            case NATIVE_COL_INT64: k->d.i64[r] = isnull ? 0 : (int64_t)native_get64(v); break;
            case NATIVE_COL_FLOAT64: if (!isnull) memcpy(&k->d.f64[r], v, 8); break;
            case NATIVE_COL_BOOL: k->d.b[r] = isnull ? 0 : *v != 0; break;
            default: {
                size_t bl = isnull ? 0 : vlen - 4;
                if (k->nbytes + bl > k->capbytes) {
                    size_t cap = k->capbytes * 2 > k->nbytes + bl ? k->capbytes * 2 : k->nbytes + bl;
                    uint8_t *nb = realloc(k->d.bytes, cap);
                    if (!nb) {
                        rc = native_fail(err, "53200", "out of memory");
                        continue;
                    }
                    k->d.bytes = nb;
                    k->capbytes = cap;
                }
                memcpy(k->d.bytes + k->nbytes, v, bl);
                k->nbytes += bl;
                k->d.offsets[r + 1] = (uint32_t)k->nbytes;
            }
            }
        }
    for (unsigned i = 0; i < nproj; i++) {
        if (tc && rc == 0) {
            int any = 0;
            for (uint32_t r = 0; r < nrows && !any; r++)
                any = tc[i].nulls[r];
            dec[i] = tc[i].d;
            if (any)
                nulls[i] = tc[i].nulls;
            else
                free(tc[i].nulls);
        } else if (tc) {
            native_decoded_free(&tc[i].d);
            free(tc[i].nulls);
        }
    }
    free(want);
    free(tc);
    free(page);
    free(stream);
    return rc;
}
