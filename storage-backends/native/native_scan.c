/* native_scan.c — scanning a native table: row group by row group, skipping those whose zone
 * maps rule out a predicate, decoding the projected column chunks and the version stamps into
 * vectors. */
#include "native_blob.h"
#include "native_encode.h"
#include "native_internal.h"
#include "native_rowgroup_format.h"

#include <stdlib.h>
#include <string.h>

struct native_scan {
    native_db *db;
    native_txn *txn;
    unsigned *proj, nproj;
    native_pred *preds;
    unsigned npreds;
    uint8_t *pred_bytes; /* the bytes constants of preds set by native_scan_set_preds */
    uint64_t *groups; /* (first, len) pairs */
    size_t ngroups, capgroups, next;
    uint64_t read, skipped;
    uint64_t rows_read, rows_skipped;
    /* the current batch */
    native_batch batch;
    native_column *cols;
    native_decoded *dec;
    uint8_t **nulls;
    uint8_t **chunks;  /* per column: a plain 8-byte chunk read so that its values are aligned,
                          which the batch's vector points into (no decoding copy) */
    uint64_t *xmin, *xmax;                 /* capstamps each, kept from row group to row group */
    uint32_t *cmin, *cmax;
    uint32_t capstamps;
    uint32_t filled;                       /* rows whose stamps are in the arrays (lazy: 1) */
    int lazy;                              /* native_scan_lazy_stamps */
    int (*skip)(void *arg, uint32_t group_index, uint64_t rowgroup_id); /* native_scan_skip_stamps */
    void *skip_arg;
    int uniform;                           /* every row of the batch stamped alike */
    uint8_t first_stamp[VERSION_SIZE];     /* row 0's stamp as stored (for uniform) */
};

static int collect(void *ctx, uint64_t first, uint64_t len, native_error *err)
{
    native_scan *s = ctx;
    if (s->ngroups == s->capgroups) {
        size_t c = s->capgroups ? s->capgroups * 2 : 64;
        uint64_t *n = realloc(s->groups, c * 2 * sizeof *n);
        if (!n)
            return native_fail(err, "53200", "out of memory");
        s->groups = n;
        s->capgroups = c;
    }
    s->groups[2 * s->ngroups] = first;
    s->groups[2 * s->ngroups + 1] = len;
    s->ngroups++;
    return 0;
}

static void free_batch(native_scan *s)
{
    for (unsigned i = 0; i < s->nproj; i++) {
        native_decoded_free(&s->dec[i]);
        free(s->nulls[i]);
        s->nulls[i] = NULL;
        free(s->chunks[i]);
        s->chunks[i] = NULL;
    }
}

void native_scan_close(native_scan *s)
{
    if (!s)
        return;
    free_batch(s);
    free(s->xmin);
    free(s->xmax);
    free(s->cmin);
    free(s->cmax);
    free(s->proj);
    free(s->preds);
    free(s->pred_bytes);
    free(s->groups);
    free(s->cols);
    free(s->dec);
    free(s->nulls);
    free(s->chunks);
    free(s);
}

static native_scan *scan_new(native_db *db, native_txn *txn, const unsigned *proj, unsigned nproj, const native_pred *preds,
                             unsigned npreds, native_error *err)
{
    native_scan *s = calloc(1, sizeof *s);
    if (!s) {
        native_fail(err, "53200", "out of memory");
        return NULL;
    }
    s->db = db;
    s->txn = txn;
    s->nproj = nproj;
    s->npreds = npreds;
    s->proj = malloc((nproj + 1) * sizeof *s->proj);
    s->preds = malloc((npreds + 1) * sizeof *s->preds);
    s->cols = calloc(nproj + 1, sizeof *s->cols);
    s->dec = calloc(nproj + 1, sizeof *s->dec);
    s->nulls = calloc(nproj + 1, sizeof *s->nulls);
    s->chunks = calloc(nproj + 1, sizeof *s->chunks);
    if (!s->proj || !s->preds || !s->cols || !s->dec || !s->nulls || !s->chunks) {
        native_fail(err, "53200", "out of memory");
        native_scan_close(s);
        return NULL;
    }
    if (nproj)
        memcpy(s->proj, proj, nproj * sizeof *proj);
    if (npreds)
        memcpy(s->preds, preds, npreds * sizeof *preds);
    return s;
}

native_scan *native_scan_open(native_db *db, native_txn *txn, uint64_t root, const unsigned *proj, unsigned nproj,
                              const native_pred *preds, unsigned npreds, native_error *err)
{
    native_scan *s = scan_new(db, txn, proj, nproj, preds, npreds, err);
    if (s && native_table_for_each_rowgroup(db, txn, root, collect, s, 0, err) != 0) {
        native_scan_close(s);
        return NULL;
    }
    return s;
}

/* Whether no row of the column described by d can satisfy p. */
static int zone_excludes(const uint8_t *d, uint32_t nrows, const native_pred *p)
{
    uint32_t nulls = native_get32(d + RG_D_NULLS);
    uint8_t flags = d[RG_D_FLAGS];
    if (p->op == NATIVE_OP_IS_NULL)
        return nulls == 0;
    if (p->op == NATIVE_OP_IS_NOT_NULL)
        return nulls == nrows;
    if (nulls == nrows)
        return 1; /* a comparison with NULL is never true */
    if (!(flags & RG_HAS_MINMAX))
        return 0;
    int cmin, cmax; /* sign of (constant - min), (constant - max) */
    int have_max = 1;
    switch (d[RG_D_TYPE]) {
    case NATIVE_COL_INT64:
    case NATIVE_COL_BOOL: {
        int64_t mn = (int64_t)native_get64(d + RG_D_MIN), mx = (int64_t)native_get64(d + RG_D_MAX);
        cmin = p->i64 < mn ? -1 : p->i64 > mn;
        cmax = p->i64 < mx ? -1 : p->i64 > mx;
        break;
    }
    case NATIVE_COL_FLOAT64: {
        double mn, mx;
        memcpy(&mn, d + RG_D_MIN, 8);
        memcpy(&mx, d + RG_D_MAX, 8);
        cmin = native_float_cmp(p->f64, mn);
        cmax = native_float_cmp(p->f64, mx);
        break;
    }
    case NATIVE_COL_BYTES: {
        cmin = native_bytes_compare(p->bytes, p->len, d + RG_D_MIN, d[RG_D_MINLEN]);
        cmax = native_bytes_compare(p->bytes, p->len, d + RG_D_MAX, d[RG_D_MAXLEN]);
        have_max = !(flags & RG_MAX_TRUNCATED);
        break;
    }
    default:
        return 0;
    }
    switch (p->op) {
    case NATIVE_OP_EQ:
        return cmin < 0 || (have_max && cmax > 0);
    case NATIVE_OP_LT: /* some value < c needs min < c */
        return cmin <= 0;
    case NATIVE_OP_LE:
        return cmin < 0;
    case NATIVE_OP_GT:
        return have_max && cmax >= 0;
    case NATIVE_OP_GE:
        return have_max && cmax > 0;
    default:
        return 0;
    }
}

typedef struct version_page {
    native_scan *s;
    uint64_t pgno;
    uint32_t lo, hi;  /* the rows whose stamps the page holds */
    native_error *err;
} version_page;

/* Row r's stamps from entry e into the arrays. */
static void put_stamp(native_scan *s, uint32_t r, const uint8_t *e)
{
    s->xmin[r] = native_get64(e);
    s->cmin[r] = native_get32(e + 8);
    s->cmax[r] = native_get32(e + 12);
    s->xmax[r] = native_get64(e + 16);
}

/* The stamps of rows [lo, hi) from their version page, seen in the buffer cache. While every
 * row so far is stamped as row 0, a lazy scan keeps row 0's stamps only (s->filled 1); the
 * first row stamped otherwise fills the rows before it (row 0's stamps) and every later one. */
static int parse_versions(void *arg, const uint8_t *page)
{
    version_page *v = arg;
    native_scan *s = v->s;
    if (native_page_type(page) != NATIVE_PT_VERSIONS)
        return native_fail(v->err, "XX001", "page %llu of \"%s\" is damaged (not the version page expected)",
                           (unsigned long long)v->pgno, s->db->path);
    const uint8_t *first = page + NATIVE_PAGE_HEADER;
    uint32_t r = v->lo;
    if (r == 0) {
        memcpy(s->first_stamp, first, VERSION_SIZE);
        put_stamp(s, 0, first);
        s->filled = 1;
        r = 1;
    }
    if (s->uniform) {
        while (r < v->hi && memcmp(first + (size_t)(r - v->lo) * VERSION_SIZE, s->first_stamp, VERSION_SIZE) == 0)
            r++;
        if (r == v->hi && s->lazy)
            return 0;
        for (uint32_t k = s->filled; k < r; k++) {
            s->xmin[k] = s->xmin[0];
            s->cmin[k] = s->cmin[0];
            s->cmax[k] = s->cmax[0];
            s->xmax[k] = s->xmax[0];
        }
        if (r < v->hi)
            s->uniform = 0;
    }
    for (; r < v->hi; r++)
        put_stamp(s, r, first + (size_t)(r - v->lo) * VERSION_SIZE);
    s->filled = v->hi;
    return 0;
}

static int read_versions(native_scan *s, const native_rg_header *h, native_error *err)
{
    uint32_t n = h->nrows;
    if (n > s->capstamps) {
        free(s->xmin);
        free(s->xmax);
        free(s->cmin);
        free(s->cmax);
        s->xmin = malloc(n * sizeof *s->xmin);
        s->xmax = malloc(n * sizeof *s->xmax);
        s->cmin = malloc(n * sizeof *s->cmin);
        s->cmax = malloc(n * sizeof *s->cmax);
        s->capstamps = n;
        if (!s->xmin || !s->xmax || !s->cmin || !s->cmax) {
            s->capstamps = 0;
            return native_fail(err, "53200", "out of memory");
        }
    }
    s->uniform = 1;
    s->filled = 0;
    for (uint32_t v = 0; v < h->nvp; v++) {
        uint32_t lo = v * VERSIONS_PER_PAGE, hi = lo + VERSIONS_PER_PAGE < n ? lo + VERSIONS_PER_PAGE : n;
        version_page vp = {s, native_get64(h->vpages + (size_t)v * 8), lo, hi, err};
        if (native_page_view(s->db, s->txn, vp.pgno, parse_versions, &vp, err) != 0)
            return -1;
    }
    return 0;
}

void native_scan_lazy_stamps(native_scan *s)
{
    s->lazy = 1;
}

void native_scan_skip_stamps(native_scan *s, int (*skip)(void *arg, uint32_t group_index, uint64_t rowgroup_id),
                             void *arg)
{
    s->skip = skip;
    s->skip_arg = arg;
}

static int decode_column(native_scan *s, const native_rg_header *h, unsigned i, native_error *err)
{
    unsigned c = s->proj[i];
    if (c >= h->ncols)
        return native_fail(err, "22023", "column %u is not in the row group (it has %u)", c, h->ncols);
    const uint8_t *d = h->desc + (size_t)c * RG_DESC;
    uint8_t *chunk;
    uint64_t len = native_get64(d + RG_D_CHUNK_LEN);
    uint32_t n = h->nrows;
    native_col_type type = (native_col_type)d[RG_D_TYPE];
    size_t at = d[RG_D_FLAGS] & RG_HAS_NULLS ? ((size_t)n + 7) / 8 : 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* plain INT64 / FLOAT64 values are the vector itself once aligned: read the chunk so that
       its values start on an 8-byte boundary and point into it */
    if ((type == NATIVE_COL_INT64 || type == NATIVE_COL_FLOAT64) && d[RG_D_ENCODING] == NATIVE_ENC_PLAIN &&
        len == at + 1 + (size_t)n * 8) {
        uint8_t *buf = malloc(len + 16);
        if (!buf)
            return native_fail(err, "53200", "out of memory");
        size_t pad = (8 - ((uintptr_t)(buf + at + 1) & 7)) & 7;
        if (native_blob_read_to(s->db, s->txn, native_get64(d + RG_D_CHUNK), len, buf + pad, err) != 0) {
            free(buf);
            return -1;
        }
        chunk = buf + pad;
        if (chunk[at] == NATIVE_ENC_PLAIN) {
            if (at) {
                if (!(s->nulls[i] = malloc(n))) {
                    free(buf);
                    return native_fail(err, "53200", "out of memory");
                }
                for (uint32_t r = 0; r < n; r++)
                    s->nulls[i][r] = (chunk[r / 8] >> (r % 8)) & 1;
            }
            s->chunks[i] = buf;
            const void *values = chunk + at + 1;
            s->cols[i] = (native_column){.type = type, .nulls = s->nulls[i],
                                         .i64 = type == NATIVE_COL_INT64 ? values : NULL,
                                         .f64 = type == NATIVE_COL_FLOAT64 ? values : NULL};
            return 0;
        }
        free(buf);
    }
#endif
    if (native_blob_read(s->db, s->txn, native_get64(d + RG_D_CHUNK), len, &chunk, err) != 0)
        return -1;
    at = 0;
    int bad = 0;
    if (d[RG_D_FLAGS] & RG_HAS_NULLS) {
        size_t nb = ((size_t)n + 7) / 8;
        s->nulls[i] = malloc(n);
        if (len < nb || !s->nulls[i])
            bad = 1;
        else
            for (uint32_t r = 0; r < n; r++)
                s->nulls[i][r] = (chunk[r / 8] >> (r % 8)) & 1;
        at = nb;
    }
    if (!bad && native_decode_values(type, chunk + at, len - at, n, &s->dec[i]) != 0)
        bad = 1;
    free(chunk);
    if (bad)
        return native_fail(err, "XX001", "column chunk %u of row group %llu in \"%s\" is damaged", c,
                           (unsigned long long)s->groups[2 * (s->next - 1)], s->db->path);
    s->cols[i] = (native_column){.type = type, .nulls = s->nulls[i], .i64 = s->dec[i].i64, .f64 = s->dec[i].f64,
                                 .b = s->dec[i].b, .offsets = s->dec[i].offsets, .bytes = s->dec[i].bytes};
    return 0;
}

/* The rows of an open tail (native_tail.c): the first len's low 32 bits of them, or all. */
static int next_tail(native_scan *s, uint64_t first, uint64_t len, native_batch **out, native_error *err)
{
    native_tail_info *ti = calloc(1, sizeof *ti);
    if (!ti)
        return native_fail(err, "53200", "out of memory");
    int rc = native_tail_read_info(s->db, s->txn, first, ti, err);
    uint32_t nrows = rc == 0 && (uint32_t)len ? (uint32_t)len : ti->nrows;
    if (rc == 0)
        rc = native_tail_decode(s->db, s->txn, first, ti, nrows, s->proj, s->nproj, s->dec, s->nulls, err);
    uint8_t vpages[TL_MAX_VPAGES * 8];
    for (uint32_t v = 0; v < TL_MAX_VPAGES; v++)
        native_put64(vpages + (size_t)v * 8, ti->vpages[v]);
    native_rg_header h = {.nrows = nrows, .nvp = (nrows + VERSIONS_PER_PAGE - 1) / VERSIONS_PER_PAGE, .vpages = vpages};
    for (unsigned i = 0; i < s->nproj && rc == 0; i++)
        s->cols[i].type = (native_col_type)ti->types[s->proj[i]];
    free(ti);
    if (rc == 0)
        rc = read_versions(s, &h, err);
    if (rc != 0)
        return -1;
    for (unsigned i = 0; i < s->nproj; i++)
        s->cols[i] = (native_column){.type = s->cols[i].type, .nulls = s->nulls[i], .i64 = s->dec[i].i64,
                                     .f64 = s->dec[i].f64, .b = s->dec[i].b, .offsets = s->dec[i].offsets,
                                     .bytes = s->dec[i].bytes};
    s->read++;
    s->rows_read += nrows;
    s->batch = (native_batch){.rowgroup_id = first, .group_index = (uint32_t)(s->next - 1), .nrows = nrows, .ncols = s->nproj,
                              .cols = s->cols, .xmin = s->xmin, .xmax = s->xmax, .cmin = s->cmin, .cmax = s->cmax,
                              .uniform = s->uniform, .tail = 1};
    *out = &s->batch;
    return 1;
}

int native_scan_next(native_scan *s, native_batch **out, native_error *err)
{
    free_batch(s);
    while (s->next < s->ngroups) {
        uint64_t first = s->groups[2 * s->next], len = s->groups[2 * s->next + 1];
        s->next++;
        if (first == 0) /* a vacuumed row group's slot: no rows */
            continue;
        if (native_is_tail(len)) /* an open tail: always read (no zone maps) */
            return next_tail(s, first, len, out, err);
        native_rg_header h;
        if (native_rowgroup_read_header(s->db, s->txn, first, len, &h, err) != 0)
            return -1;
        int skip = 0;
        for (unsigned p = 0; p < s->npreds && !skip; p++)
            skip = s->preds[p].col < h.ncols && zone_excludes(h.desc + (size_t)s->preds[p].col * RG_DESC, h.nrows, &s->preds[p]);
        if (skip) {
            s->skipped++;
            s->rows_skipped += h.nrows;
            free(h.raw);
            continue;
        }
        int skipped = s->skip && s->skip(s->skip_arg, (uint32_t)(s->next - 1), first);
        int rc = skipped ? 0 : read_versions(s, &h, err);
        for (unsigned i = 0; i < s->nproj && rc == 0; i++)
            rc = decode_column(s, &h, i, err);
        uint32_t nrows = h.nrows;
        free(h.raw);
        if (rc != 0)
            return -1;
        s->read++;
        s->rows_read += nrows;
        s->batch = (native_batch){.rowgroup_id = first, .group_index = (uint32_t)(s->next - 1), .nrows = nrows, .ncols = s->nproj, .cols = s->cols,
                                  .xmin = skipped ? NULL : s->xmin, .xmax = skipped ? NULL : s->xmax,
                                  .cmin = skipped ? NULL : s->cmin, .cmax = skipped ? NULL : s->cmax,
                                  .uniform = skipped || s->uniform, .stamps_skipped = skipped};
        *out = &s->batch;
        return 1;
    }
    return 0;
}

native_scan *native_scan_open_groups(native_db *db, native_txn *txn, const uint64_t *groups, size_t n, const unsigned *proj,
                                     unsigned nproj, native_error *err)
{
    native_scan *s = scan_new(db, txn, proj, nproj, NULL, 0, err);
    for (size_t i = 0; s && i < n; i++)
        if (collect(s, groups[2 * i], groups[2 * i + 1], err) != 0) {
            native_scan_close(s);
            s = NULL;
        }
    return s;
}

void native_scan_counts(const native_scan *s, uint64_t *groups_read, uint64_t *groups_skipped)
{
    *groups_read = s->read;
    *groups_skipped = s->skipped;
}

void native_scan_row_counts(const native_scan *s, uint64_t *rows_read, uint64_t *rows_skipped)
{
    *rows_read = s->rows_read;
    *rows_skipped = s->rows_skipped;
}

int native_scan_set_preds(native_scan *s, const native_pred *preds, unsigned npreds, native_error *err)
{
    if (s->next > 0)
        return native_fail(err, "XX000", "native scan: predicates set after the first row group was read");
    size_t nbytes = 0;
    for (unsigned p = 0; p < npreds; p++)
        nbytes += preds[p].len;
    native_pred *np = malloc((npreds + 1) * sizeof *np);
    uint8_t *bytes = malloc(nbytes + 1);
    if (!np || !bytes) {
        free(np);
        free(bytes);
        return native_fail(err, "53200", "out of memory");
    }
    size_t at = 0;
    for (unsigned p = 0; p < npreds; p++) {
        np[p] = preds[p];
        if (preds[p].len) {
            memcpy(bytes + at, preds[p].bytes, preds[p].len);
            np[p].bytes = bytes + at;
            at += preds[p].len;
        }
    }
    free(s->preds);
    free(s->pred_bytes);
    s->preds = np;
    s->npreds = npreds;
    s->pred_bytes = bytes;
    return 0;
}
