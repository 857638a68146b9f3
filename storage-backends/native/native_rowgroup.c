/* native_rowgroup.c — tables as chains of TABLE pages listing row groups; a row group's
 * header blob (row count, version-stamp pages, one descriptor per column with its zone map and
 * chunk blob), its column chunks, and its VERSIONS pages; appends and in-place xmax. */
#include "native_rowgroup.h"

#include "native_blob.h"
#include "native_encode.h"
#include "native_internal.h"
#include "native_rowgroup_format.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int native_table_create(native_txn *txn, uint64_t *root, native_error *err)
{
    return native_txn_alloc_page(txn, NATIVE_PT_TABLE, root, err);
}

/* The zone map of column c over n rows into the descriptor d. */
static void zone_map(const native_column *c, uint32_t n, uint8_t *d)
{
    uint32_t nulls = 0;
    int have = 0;
    uint8_t flags = 0;
    int64_t imin = 0, imax = 0;
    double fmin = 0, fmax = 0;
    uint32_t bmin = 0, bmax = 0; /* rows of the BYTES min and max */
    for (uint32_t i = 0; i < n; i++) {
        if (c->nulls && c->nulls[i]) {
            nulls++;
            continue;
        }
        switch (c->type) {
        case NATIVE_COL_INT64:
        case NATIVE_COL_BOOL: {
            int64_t v = c->type == NATIVE_COL_BOOL ? c->b[i] != 0 : c->i64[i];
            if (!have || v < imin)
                imin = v;
            if (!have || v > imax)
                imax = v;
            break;
        }
        case NATIVE_COL_FLOAT64: {
            double v = c->f64[i];
            if (!have || native_float_cmp(v, fmin) < 0)
                fmin = v;
            if (!have || native_float_cmp(v, fmax) > 0)
                fmax = v;
            break;
        }
        case NATIVE_COL_BYTES: {
            const uint8_t *v = c->bytes + c->offsets[i];
            uint32_t len = c->offsets[i + 1] - c->offsets[i];
            if (!have || native_bytes_compare(v, len, c->bytes + c->offsets[bmin], c->offsets[bmin + 1] - c->offsets[bmin]) < 0)
                bmin = i;
            if (!have || native_bytes_compare(v, len, c->bytes + c->offsets[bmax], c->offsets[bmax + 1] - c->offsets[bmax]) > 0)
                bmax = i;
            break;
        }
        }
        have = 1;
    }
    if (nulls)
        flags |= RG_HAS_NULLS;
    if (have) {
        flags |= RG_HAS_MINMAX;
        if (c->type == NATIVE_COL_FLOAT64) {
            memcpy(d + RG_D_MIN, &fmin, 8);
            memcpy(d + RG_D_MAX, &fmax, 8);
        } else if (c->type == NATIVE_COL_BYTES) {
            uint32_t ml = c->offsets[bmin + 1] - c->offsets[bmin], xl = c->offsets[bmax + 1] - c->offsets[bmax];
            if (ml > RG_PREFIX)
                ml = RG_PREFIX; /* a prefix of the minimum is still a lower bound */
            if (xl > RG_PREFIX) {
                xl = RG_PREFIX;
                flags |= RG_MAX_TRUNCATED; /* no upper bound */
            }
            memcpy(d + RG_D_MIN, c->bytes + c->offsets[bmin], ml);
            memcpy(d + RG_D_MAX, c->bytes + c->offsets[bmax], xl);
            d[RG_D_MINLEN] = (uint8_t)ml;
            d[RG_D_MAXLEN] = (uint8_t)xl;
        } else {
            native_put64(d + RG_D_MIN, (uint64_t)imin);
            native_put64(d + RG_D_MAX, (uint64_t)imax);
        }
    }
    d[RG_D_FLAGS] = flags;
    native_put32(d + RG_D_NULLS, nulls);
}

uint64_t native_rowgroup_header_len(uint32_t nrows, unsigned ncols)
{
    return RG_FIXED + (uint64_t)((nrows + VERSIONS_PER_PAGE - 1) / VERSIONS_PER_PAGE) * 8 + (uint64_t)ncols * RG_DESC;
}

int native_table_append_entry(native_txn *txn, uint64_t root, uint64_t first, uint64_t len, native_error *err)
{
    uint64_t pgno = root;
    for (unsigned hops = 0;; hops++) {
        uint8_t *page = native_txn_page_for_write(txn, pgno, err);
        if (!page)
            return -1;
        if (native_page_type(page) != NATIVE_PT_TABLE)
            return native_fail(err, "XX001", "page %llu is not a table page", (unsigned long long)pgno);
        uint8_t *pl = page + NATIVE_PAGE_HEADER;
        uint64_t next = native_get64(pl);
        uint32_t count = native_get32(pl + 8);
        if (next) {
            pgno = next;
            continue;
        }
        if (count < TABLE_ENTRIES) {
            native_put64(pl + TABLE_HEADER + (size_t)count * 16, first);
            native_put64(pl + TABLE_HEADER + (size_t)count * 16 + 8, len);
            native_put32(pl + 8, count + 1);
            return 0;
        }
        uint64_t np;
        if (native_txn_alloc_page(txn, NATIVE_PT_TABLE, &np, err) != 0)
            return -1;
        page = native_txn_page_for_write(txn, pgno, err);
        if (!page)
            return -1;
        native_put64(page + NATIVE_PAGE_HEADER, np);
        pgno = np;
    }
}

int native_table_append(native_txn *txn, uint64_t root, const native_column *cols, unsigned ncols, uint32_t nrows,
                        uint64_t xmin, uint32_t cmin, uint64_t *rowgroup_id, native_error *err)
{
    return native_table_append_versions(txn, root, cols, ncols, nrows, &xmin, &cmin, NULL, NULL, rowgroup_id, err);
}

int native_table_append_versions(native_txn *txn, uint64_t root, const native_column *cols, unsigned ncols, uint32_t nrows,
                                 const uint64_t *xmin, const uint32_t *cmin, const uint32_t *cmax, const uint64_t *xmax,
                                 uint64_t *rowgroup_id, native_error *err)
{
    uint64_t first = 0;
    if (native_rowgroup_write(txn, cols, ncols, nrows, xmin, cmin, cmax, xmax, &first, err) != 0 ||
        native_table_append_entry(txn, root, first, native_rowgroup_header_len(nrows, ncols), err) != 0)
        return -1;
    if (rowgroup_id)
        *rowgroup_id = first;
    return 0;
}

/* With cmax and xmax NULL: every row gets (xmin[0], cmin[0], 0, 0). */
int native_rowgroup_write(native_txn *txn, const native_column *cols, unsigned ncols, uint32_t nrows, const uint64_t *xmin,
                          const uint32_t *cmin, const uint32_t *cmax, const uint64_t *xmax, uint64_t *rowgroup_id,
                          native_error *err)
{
    if (nrows == 0 || nrows > RG_MAX_ROWS)
        return native_fail(err, "22023", "a row group holds 1 to %u rows, not %u", RG_MAX_ROWS, nrows);
    uint32_t nvp = (nrows + VERSIONS_PER_PAGE - 1) / VERSIONS_PER_PAGE;
    native_bytes hdr = {0}, chunk = {0};
    int rc = -1;
    uint8_t *h = native_bytes_grow(&hdr, RG_FIXED + (size_t)nvp * 8 + (size_t)ncols * RG_DESC);
    if (!h) {
        native_fail(err, "53200", "out of memory");
        goto out;
    }
    memset(h, 0, hdr.len);
    native_put32(h, RG_MAGIC);
    native_put32(h + 4, nrows);
    native_put32(h + 8, ncols);
    native_put32(h + 12, nvp);
    for (uint32_t v = 0; v < nvp; v++) {
        uint64_t pgno;
        if (native_txn_alloc_page(txn, NATIVE_PT_VERSIONS, &pgno, err) != 0)
            goto out;
        uint8_t *page = native_txn_page_for_write(txn, pgno, err);
        if (!page)
            goto out;
        uint32_t lo = v * VERSIONS_PER_PAGE, hi = lo + VERSIONS_PER_PAGE < nrows ? lo + VERSIONS_PER_PAGE : nrows;
        for (uint32_t r = lo; r < hi; r++) {
            uint8_t *e = page + NATIVE_PAGE_HEADER + (size_t)(r - lo) * VERSION_SIZE;
            int each = xmax != NULL;
            native_put64(e, xmin[each ? r : 0]);
            native_put32(e + 8, cmin[each ? r : 0]);
            native_put32(e + 12, each ? cmax[r] : 0);
            native_put64(e + 16, each ? xmax[r] : 0);
        }
        native_put64(hdr.p + RG_FIXED + (size_t)v * 8, pgno);
    }
    for (unsigned c = 0; c < ncols; c++) {
        uint8_t *d = hdr.p + RG_FIXED + (size_t)nvp * 8 + (size_t)c * RG_DESC;
        d[RG_D_TYPE] = (uint8_t)cols[c].type;
        zone_map(&cols[c], nrows, d);
        chunk.len = 0;
        if (d[RG_D_FLAGS] & RG_HAS_NULLS) {
            uint8_t *bm = native_bytes_grow(&chunk, ((size_t)nrows + 7) / 8);
            if (bm) {
                memset(bm, 0, ((size_t)nrows + 7) / 8);
                for (uint32_t i = 0; i < nrows; i++)
                    if (cols[c].nulls[i])
                        bm[i / 8] |= (uint8_t)(1u << (i % 8));
            }
        }
        size_t values_at = chunk.len;
        native_encode_values(&cols[c], nrows, &chunk);
        if (chunk.oom) {
            native_fail(err, "53200", "out of memory encoding a column chunk");
            goto out;
        }
        d[RG_D_ENCODING] = chunk.p[values_at];
        uint64_t first;
        if (native_blob_write(txn, chunk.p, chunk.len, &first, err) != 0)
            goto out;
        native_put64(d + RG_D_CHUNK, first);
        native_put64(d + RG_D_CHUNK_LEN, chunk.len);
    }
    uint64_t first;
    if (native_blob_write(txn, hdr.p, hdr.len, &first, err) != 0)
        goto out;
    *rowgroup_id = first;
    rc = 0;
out:
    free(hdr.p);
    free(chunk.p);
    return rc;
}

int native_rowgroup_read_header(native_db *db, native_txn *txn, uint64_t first, uint64_t len, native_rg_header *out, native_error *err)
{
    memset(out, 0, sizeof *out);
    if (native_blob_read(db, txn, first, len, &out->raw, err) != 0)
        return -1;
    out->len = len;
    if (len < RG_FIXED || native_get32(out->raw) != RG_MAGIC)
        goto damaged;
    out->nrows = native_get32(out->raw + 4);
    out->ncols = native_get32(out->raw + 8);
    out->nvp = native_get32(out->raw + 12);
    if (out->nrows == 0 || out->nrows > RG_MAX_ROWS || out->nvp != (out->nrows + VERSIONS_PER_PAGE - 1) / VERSIONS_PER_PAGE ||
        len != RG_FIXED + (uint64_t)out->nvp * 8 + (uint64_t)out->ncols * RG_DESC)
        goto damaged;
    out->vpages = out->raw + RG_FIXED;
    out->desc = out->vpages + (size_t)out->nvp * 8;
    for (uint32_t c = 0; c < out->ncols; c++) {
        uint8_t t = out->desc[(size_t)c * RG_DESC + RG_D_TYPE];
        if (t < NATIVE_COL_INT64 || t > NATIVE_COL_BYTES || native_get32(out->desc + (size_t)c * RG_DESC + RG_D_NULLS) > out->nrows ||
            out->desc[(size_t)c * RG_DESC + RG_D_MINLEN] > RG_PREFIX || out->desc[(size_t)c * RG_DESC + RG_D_MAXLEN] > RG_PREFIX)
            goto damaged;
    }
    return 0;
damaged:
    free(out->raw);
    out->raw = NULL;
    return native_fail(err, "XX001", "row group header at page %llu of \"%s\" is damaged", (unsigned long long)first, db->path);
}

/* The version page holding row `row` of row group rowgroup_id (*rows: its row count). The
 * fixed part and the version-page list are in the header blob's first page (65536 rows need
 * 193 version pages: 1560 bytes). */
static int version_page(native_db *db, native_txn *txn, uint64_t rowgroup_id, uint32_t row, uint64_t *vp, native_error *err)
{
    uint8_t *page = malloc(NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    int rc = native_page_read(db, txn, rowgroup_id, page, err);
    const uint8_t *pl = page + NATIVE_PAGE_HEADER, *data = pl + 16;
    uint32_t used = native_get32(pl + 8);
    if (rc == 0 && native_page_type(page) == NATIVE_PT_TAIL) { /* an open tail's root page */
        uint32_t nrows = native_get32(page + TL_NROWS), nvp = native_get32(page + TL_NVP);
        if (native_get32(page + TL_MAGIC) != TL_MAGIC_VALUE || nvp > TL_MAX_VPAGES ||
            nvp != (nrows + VERSIONS_PER_PAGE - 1) / VERSIONS_PER_PAGE)
            rc = native_fail(err, "XX001", "open tail at page %llu of \"%s\" is damaged", (unsigned long long)rowgroup_id, db->path);
        else if (row >= nrows)
            rc = native_fail(err, "22023", "row %u is not in row group %llu", row, (unsigned long long)rowgroup_id);
        else
            *vp = native_get64(page + TL_VPAGES + (size_t)(row / VERSIONS_PER_PAGE) * 8);
    } else if (rc == 0 && (native_page_type(page) != NATIVE_PT_BLOB || used < RG_FIXED || used > NATIVE_PAGE_PAYLOAD - 16 ||
                    native_get32(data) != RG_MAGIC))
        rc = native_fail(err, "XX001", "row group header at page %llu of \"%s\" is damaged", (unsigned long long)rowgroup_id, db->path);
    else if (rc == 0 && (row >= native_get32(data + 4) || RG_FIXED + (size_t)(row / VERSIONS_PER_PAGE + 1) * 8 > used))
        rc = native_fail(err, "22023", "row %u is not in row group %llu", row, (unsigned long long)rowgroup_id);
    else if (rc == 0)
        *vp = native_get64(data + RG_FIXED + (size_t)(row / VERSIONS_PER_PAGE) * 8);
    free(page);
    return rc;
}

int native_rowgroup_set_xmax(native_txn *txn, uint64_t rowgroup_id, uint32_t row, uint64_t xmax, uint32_t cmax, native_error *err)
{
    uint64_t vp = 0;
    if (version_page(native_txn_db(txn), txn, rowgroup_id, row, &vp, err) != 0)
        return -1;
    uint8_t stamp[12];
    native_put32(stamp, cmax);
    native_put64(stamp + 4, xmax);
    return native_txn_patch(txn, vp, NATIVE_PAGE_HEADER + (row % VERSIONS_PER_PAGE) * VERSION_SIZE + 12, stamp, 12, err);
}

int native_rowgroup_get_stamp(native_db *db, native_txn *txn, uint64_t rowgroup_id, uint32_t row, uint64_t *xmin,
                              uint32_t *cmin, uint32_t *cmax, uint64_t *xmax, native_error *err)
{
    uint64_t vp = 0;
    if (version_page(db, txn, rowgroup_id, row, &vp, err) != 0)
        return -1;
    uint8_t *page = malloc(NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    int rc = native_page_read(db, txn, vp, page, err);
    if (rc == 0 && native_page_type(page) != NATIVE_PT_VERSIONS)
        rc = native_fail(err, "XX001", "page %llu of \"%s\" is damaged (not the version page expected)", (unsigned long long)vp, db->path);
    if (rc == 0) {
        const uint8_t *e = page + NATIVE_PAGE_HEADER + (size_t)(row % VERSIONS_PER_PAGE) * VERSION_SIZE;
        *xmin = native_get64(e);
        *cmin = native_get32(e + 8);
        *cmax = native_get32(e + 12);
        *xmax = native_get64(e + 16);
    }
    free(page);
    return rc;
}

int native_rowgroup_set_stamps(native_txn *txn, uint64_t rowgroup_id, uint32_t nrows, const uint64_t *xmin,
                               const uint32_t *cmin, const uint32_t *cmax, const uint64_t *xmax, native_error *err)
{
    for (uint32_t lo = 0; lo < nrows; lo += VERSIONS_PER_PAGE) {
        uint64_t vp = 0;
        if (version_page(native_txn_db(txn), txn, rowgroup_id, lo, &vp, err) != 0)
            return -1;
        uint8_t *page = native_txn_page_for_write(txn, vp, err);
        if (!page)
            return -1;
        uint32_t hi = lo + VERSIONS_PER_PAGE < nrows ? lo + VERSIONS_PER_PAGE : nrows;
        for (uint32_t r = lo; r < hi; r++) {
            uint8_t *e = page + NATIVE_PAGE_HEADER + (size_t)(r - lo) * VERSION_SIZE;
            native_put64(e, xmin[r]);
            native_put32(e + 8, cmin[r]);
            native_put32(e + 12, cmax[r]);
            native_put64(e + 16, xmax[r]);
        }
    }
    return 0;
}

int native_table_replace_last(native_txn *txn, uint64_t root, uint64_t old_first, uint64_t new_first, uint64_t new_len,
                              native_error *err)
{
    native_db *db = native_txn_db(txn);
    uint8_t *page = malloc(NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    /* the last table page (a full page followed by an empty one: the entry is in the full one) */
    uint64_t pgno = root, last_nonempty = 0;
    int rc = 0;
    for (uint64_t hops = 0; pgno && rc == 0; hops++) {
        if ((rc = native_page_read(db, txn, pgno, page, err)) != 0)
            break;
        if (native_page_type(page) != NATIVE_PT_TABLE) {
            rc = native_fail(err, "XX001", "page %llu of \"%s\" is damaged (not the table page expected)", (unsigned long long)pgno, db->path);
            break;
        }
        if (native_get32(page + NATIVE_PAGE_HEADER + 8) > 0)
            last_nonempty = pgno;
        pgno = native_get64(page + NATIVE_PAGE_HEADER);
    }
    free(page);
    if (rc != 0)
        return -1;
    uint8_t *w = last_nonempty ? native_txn_page_for_write(txn, last_nonempty, err) : NULL;
    if (!w)
        return last_nonempty ? -1 : native_fail(err, "XX000", "table %llu has no row group to replace", (unsigned long long)root);
    uint8_t *pl = w + NATIVE_PAGE_HEADER;
    uint32_t count = native_get32(pl + 8);
    uint8_t *e = pl + TABLE_HEADER + (size_t)(count - 1) * 16;
    if (native_get64(e) != old_first)
        return native_fail(err, "XX000", "the last row group of table %llu is not %llu", (unsigned long long)root,
                           (unsigned long long)old_first);
    native_put64(e, new_first);
    native_put64(e + 8, new_len);
    return 0;
}

int native_table_clear_entry(native_txn *txn, uint64_t root, uint64_t index, uint64_t first, native_error *err)
{
    native_db *db = native_txn_db(txn);
    uint8_t *page = malloc(NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    uint64_t pgno = root, before = 0; /* entries of the earlier table pages */
    int rc = 0;
    for (uint64_t hops = 0; pgno && rc == 0; hops++) {
        if ((rc = native_page_read(db, txn, pgno, page, err)) != 0)
            break;
        uint32_t count = native_get32(page + NATIVE_PAGE_HEADER + 8);
        if (native_page_type(page) != NATIVE_PT_TABLE || count > TABLE_ENTRIES || hops > (1u << 30)) {
            rc = native_fail(err, "XX001", "page %llu of \"%s\" is damaged (not the table page expected)", (unsigned long long)pgno, db->path);
            break;
        }
        if (index < before + count)
            break;
        before += count;
        pgno = native_get64(page + NATIVE_PAGE_HEADER);
    }
    free(page);
    if (rc != 0)
        return -1;
    if (!pgno)
        return native_fail(err, "XX000", "table %llu has no row group %llu", (unsigned long long)root, (unsigned long long)index);
    uint8_t *w = native_txn_page_for_write(txn, pgno, err);
    if (!w)
        return -1;
    uint8_t *e = w + NATIVE_PAGE_HEADER + TABLE_HEADER + (size_t)(index - before) * 16;
    if (native_get64(e) != first)
        return native_fail(err, "XX000", "row group %llu of table %llu is not %llu", (unsigned long long)index,
                           (unsigned long long)root, (unsigned long long)first);
    native_put64(e, 0);
    native_put64(e + 8, 0);
    return 0;
}

typedef struct list_ctx {
    native_db *db;
    native_txn *txn;
    int (*visit)(void *ctx, uint64_t first, uint64_t len, uint32_t nrows, native_error *err);
    void *ctx;
} list_ctx;

static int list_one(void *ctx, uint64_t first, uint64_t len, native_error *err)
{
    list_ctx *l = ctx;
    if (first == 0) /* a vacuumed row group's slot */
        return l->visit(l->ctx, 0, 0, 0, err);
    if (native_is_tail(len)) {
        native_tail_info ti;
        if (native_tail_read_info(l->db, l->txn, first, &ti, err) != 0)
            return -1;
        return l->visit(l->ctx, first, NATIVE_TAIL_FLAG | ti.nrows, ti.nrows, err);
    }
    native_rg_header h;
    if (native_rowgroup_read_header(l->db, l->txn, first, len, &h, err) != 0)
        return -1;
    uint32_t nrows = h.nrows;
    free(h.raw);
    return l->visit(l->ctx, first, len, nrows, err);
}

int native_table_list(native_db *db, native_txn *txn, uint64_t root,
                      int (*visit)(void *ctx, uint64_t first, uint64_t len, uint32_t nrows, native_error *err), void *ctx,
                      native_error *err)
{
    list_ctx l = {db, txn, visit, ctx};
    return native_table_for_each_rowgroup(db, txn, root, list_one, &l, 0, err);
}

int native_table_for_each_rowgroup(native_db *db, native_txn *txn, uint64_t root,
                                   int (*visit)(void *ctx, uint64_t first, uint64_t len, native_error *err), void *ctx,
                                   int include_table_pages, native_error *err)
{
    uint8_t *page = malloc(NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    uint64_t pgno = root;
    int rc = 0;
    for (uint64_t hops = 0; pgno && rc == 0; hops++) {
        if (hops > (1u << 30)) {
            rc = native_fail(err, "XX001", "table chain at page %llu of \"%s\" loops", (unsigned long long)root, db->path);
            break;
        }
        if ((rc = native_page_read(db, txn, pgno, page, err)) != 0)
            break;
        const uint8_t *pl = page + NATIVE_PAGE_HEADER;
        uint32_t count = native_get32(pl + 8);
        if (native_page_type(page) != NATIVE_PT_TABLE || count > TABLE_ENTRIES) {
            rc = native_fail(err, "XX001", "page %llu of \"%s\" is damaged (not the table page expected)", (unsigned long long)pgno, db->path);
            break;
        }
        uint64_t here = pgno, next = native_get64(pl);
        for (uint32_t i = 0; i < count && rc == 0; i++)
            rc = visit(ctx, native_get64(pl + TABLE_HEADER + (size_t)i * 16), native_get64(pl + TABLE_HEADER + (size_t)i * 16 + 8), err);
        if (rc == 0 && include_table_pages)
            rc = visit(ctx, here, 0, err);
        pgno = next;
    }
    free(page);
    return rc;
}

typedef struct drop_ctx {
    native_txn *txn;
} drop_ctx;

int native_rowgroup_free(native_txn *txn, uint64_t first, uint64_t len, native_error *err)
{
    if (native_is_tail(len))
        return native_tail_free(txn, first, err);
    native_rg_header h;
    if (native_rowgroup_read_header(native_txn_db(txn), txn, first, len, &h, err) != 0)
        return -1;
    int rc = 0;
    for (uint32_t v = 0; v < h.nvp && rc == 0; v++)
        rc = native_txn_free_page(txn, native_get64(h.vpages + (size_t)v * 8), err);
    for (uint32_t c = 0; c < h.ncols && rc == 0; c++) {
        const uint8_t *d = h.desc + (size_t)c * RG_DESC;
        rc = native_blob_free(txn, native_get64(d + RG_D_CHUNK), native_get64(d + RG_D_CHUNK_LEN), err);
    }
    free(h.raw);
    return rc != 0 ? -1 : native_blob_free(txn, first, len, err);
}

static int drop_one(void *ctx, uint64_t first, uint64_t len, native_error *err)
{
    native_txn *txn = ((drop_ctx *)ctx)->txn;
    if (first == 0) /* a vacuumed row group's slot: nothing stored */
        return 0;
    if (len == 0) /* a table page */
        return native_txn_free_page(txn, first, err);
    return native_rowgroup_free(txn, first, len, err);
}

int native_table_drop(native_txn *txn, uint64_t root, native_error *err)
{
    drop_ctx ctx = {txn};
    return native_table_for_each_rowgroup(native_txn_db(txn), txn, root, drop_one, &ctx, 1, err);
}

int native_float_cmp(double a, double b)
{
    if (isnan(a))
        return isnan(b) ? 0 : 1;
    if (isnan(b))
        return -1;
    return a < b ? -1 : a > b;
}
