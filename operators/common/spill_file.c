/* spill_file.c — encoding batch rows into a temporary file and decoding them back into
 * batches (spill_file.h). */
#include "common/spill_file.h"

#include <string.h>

#include "common/api_memory.h"
#include "common/value_hash.h"

static size_t layout_bytes(ops_layout l)
{
    switch (l) {
    case OPS_LAYOUT_BOOL: return 1;
    case OPS_LAYOUT_INT2: return 2;
    case OPS_LAYOUT_INT4: return 4;
    case OPS_LAYOUT_INT8:
    case OPS_LAYOUT_FLOAT8: return 8;
    case OPS_LAYOUT_TEXT:
    case OPS_LAYOUT_CUSTOM:
    case OPS_LAYOUT_NONE: break;
    }
    return 0;
}

static ops_layout *layouts_of(ss_ctx *ctx, const ss_api *api, uint32_t ncols, const ss_type *types)
{
    ops_layout *l = ops_zalloc_array(ctx, api, ncols ? ncols : 1, sizeof *l);
    if (!l)
        return NULL;
    for (uint32_t c = 0; c < ncols; c++) {
        l[c] = ops_layout_of(types[c].id);
        if (l[c] == OPS_LAYOUT_NONE) {
            api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                       "feature not supported: spilling values of type %s to temporary files",
                       api->type_name(types[c]));
            api->free(l);
            return NULL;
        }
    }
    return l;
}

int ops_spill_writer_init(ss_ctx *ctx, const ss_api *api, ops_spill_writer *w, uint32_t ncols,
                          const ss_type *types)
{
    memset(w, 0, sizeof *w);
    w->api = api;
    w->ncols = ncols;
    if (!(w->layouts = layouts_of(ctx, api, ncols, types)))
        return SS_ERROR;
    return SS_OK;
}

static int flush(ss_ctx *ctx, ops_spill_writer *w)
{
    if (w->len == 0)
        return SS_OK;
    if (!w->file && !(w->file = w->api->temp_create(ctx)))
        return SS_ERROR;
    if (w->api->temp_write(ctx, w->file, w->buf, w->len) != SS_OK)
        return SS_ERROR;
    w->len = 0;
    return SS_OK;
}

/* Grows *buf (*cap bytes, OPS_SPILL_BUFFER at first) to hold need bytes. */
static int grow_buffer(ss_ctx *ctx, const ss_api *api, char **buf, size_t *cap, size_t need)
{
    if (need <= *cap)
        return SS_OK;
    size_t c = *cap ? *cap : OPS_SPILL_BUFFER;
    while (c < need)
        c *= 2;
    char *b = ops_realloc(api, *buf, c);
    if (!b)
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *buf = b;
    *cap = c;
    return SS_OK;
}

/* Room for need more bytes in the buffer (flushing first, growing for a large row). */
static int reserve(ss_ctx *ctx, ops_spill_writer *w, size_t need)
{
    if (w->len + need <= w->cap)
        return SS_OK;
    if (flush(ctx, w) != SS_OK)
        return SS_ERROR;
    return grow_buffer(ctx, w->api, &w->buf, &w->cap, need);
}

/* Encoded size of one row. */
static size_t row_size(const ops_spill_writer *w, ss_vector *const *cols, uint32_t row)
{
    size_t n = 4 + (w->ncols + 7) / 8;
    for (uint32_t c = 0; c < w->ncols; c++) {
        const ss_vector *v = cols[c];
        if (ss_vector_is_null(v, row))
            continue;
        if (ops_layout_is_varlen(w->layouts[c]))
            n += 4 + ((const ss_text *)v->data)[row].len;
        else
            n += layout_bytes(w->layouts[c]);
    }
    return n;
}

int ops_spill_write_rows(ss_ctx *ctx, ops_spill_writer *w, ss_vector *const *cols, const uint32_t *rows,
                         uint32_t n)
{
    size_t nullbytes = (w->ncols + 7) / 8;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row = rows ? rows[k] : k;
        size_t size = row_size(w, cols, row);
        if (size - 4 > UINT32_MAX)
            return w->api->error(ctx, "54000", "row is too large to spill to a temporary file");
        if (reserve(ctx, w, size) != SS_OK)
            return SS_ERROR;
        char *p = w->buf + w->len;
        uint32_t body = (uint32_t)(size - 4);
        memcpy(p, &body, 4);
        p += 4;
        unsigned char *nulls = (unsigned char *)p;
        memset(nulls, 0, nullbytes);
        p += nullbytes;
        for (uint32_t c = 0; c < w->ncols; c++) {
            const ss_vector *v = cols[c];
            if (ss_vector_is_null(v, row)) {
                nulls[c >> 3] |= (unsigned char)(1u << (c & 7));
                continue;
            }
            if (ops_layout_is_varlen(w->layouts[c])) {
                const ss_text *t = &((const ss_text *)v->data)[row];
                memcpy(p, &t->len, 4);
                p += 4;
                if (t->len)
                    memcpy(p, t->ptr, t->len);
                p += t->len;
            } else {
                size_t b = layout_bytes(w->layouts[c]);
                memcpy(p, (const char *)v->data + (size_t)row * b, b);
                p += b;
            }
        }
        w->len += size;
        w->rows++;
    }
    return SS_OK;
}

int ops_spill_writer_finish(ss_ctx *ctx, ops_spill_writer *w)
{
    if (w->rows == 0)
        return SS_OK;
    if (flush(ctx, w) != SS_OK)
        return SS_ERROR;
    return w->api->temp_rewind(ctx, w->file);
}

/* What a writer and a reader both hold: the file (closed and removed), buffer and layouts. */
static void release_io(ss_ctx *ctx, const ss_api *api, ss_temp_file *file, char *buf, ops_layout *layouts)
{
    if (file)
        api->temp_close(ctx, file);
    ops_free(api, buf);
    ops_free(api, layouts);
}

void ops_spill_writer_release(ss_ctx *ctx, ops_spill_writer *w)
{
    if (!w->api)
        return;
    release_io(ctx, w->api, w->file, w->buf, w->layouts);
    memset(w, 0, sizeof *w);
}

int ops_spill_reader_open(ss_ctx *ctx, const ss_api *api, ops_spill_reader *r, ops_spill_writer *w,
                          const ss_type *types)
{
    memset(r, 0, sizeof *r);
    r->api = api;
    r->ncols = w->ncols;
    r->file = w->file;
    r->rows_left = w->rows;
    w->file = NULL;
    w->rows = 0;
    w->len = 0;
    if (!(r->layouts = layouts_of(ctx, api, r->ncols, types)))
        return SS_ERROR;
    return ops_owned_batch_init(ctx, api, &r->out, r->ncols, types, SS_BATCH_CAPACITY);
}

/* Makes at least need bytes available at r->buf + r->pos. */
static int fill(ss_ctx *ctx, ops_spill_reader *r, size_t need)
{
    if (r->len - r->pos >= need)
        return SS_OK;
    size_t have = r->len - r->pos;
    if (r->pos)
        memmove(r->buf, r->buf + r->pos, have);
    r->pos = 0;
    r->len = have;
    if (grow_buffer(ctx, r->api, &r->buf, &r->cap, need) != SS_OK)
        return SS_ERROR;
    size_t got;
    if (r->api->temp_read(ctx, r->file, r->buf + r->len, r->cap - r->len, &got) != SS_OK)
        return SS_ERROR;
    r->len += got;
    if (r->len < need)
        return r->api->error(ctx, "58030", "unexpected end of temporary file");
    return SS_OK;
}

int ops_spill_read_batch(ss_ctx *ctx, ops_spill_reader *r, ss_batch **out)
{
    *out = NULL;
    if (r->rows_left == 0) {
        if (r->file)
            r->api->temp_close(ctx, r->file); /* read once: the file goes at its end */
        r->file = NULL;
        return SS_OK;
    }
    const ss_api *api = r->api;
    ops_owned_batch_reset(api, &r->out);
    uint32_t n = r->rows_left < SS_BATCH_CAPACITY ? (uint32_t)r->rows_left : SS_BATCH_CAPACITY;
    size_t nullbytes = (r->ncols + 7) / 8;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t body;
        if (fill(ctx, r, 4) != SS_OK)
            return SS_ERROR;
        memcpy(&body, r->buf + r->pos, 4);
        if (fill(ctx, r, 4 + (size_t)body) != SS_OK)
            return SS_ERROR;
        const char *p = r->buf + r->pos + 4;
        const unsigned char *nulls = (const unsigned char *)p;
        p += nullbytes;
        for (uint32_t c = 0; c < r->ncols; c++) {
            ss_vector *v = r->out.vectors[c];
            if (nulls[c >> 3] & (1u << (c & 7))) {
                if (api->vector_ensure_validity(ctx, v) != SS_OK)
                    return SS_ERROR;
                ss_vector_set_null(v, k);
                continue;
            }
            if (ops_layout_is_varlen(r->layouts[c])) {
                uint32_t len;
                memcpy(&len, p, 4);
                p += 4;
                char *bytes = len ? api->vector_text_alloc(ctx, v, len) : NULL;
                if (len && !bytes)
                    return SS_ERROR;
                if (len)
                    memcpy(bytes, p, len);
                ((ss_text *)v->data)[k] = (ss_text){bytes ? bytes : "", len, 0};
                p += len;
            } else {
                size_t b = layout_bytes(r->layouts[c]);
                memcpy((char *)v->data + (size_t)k * b, p, b);
                p += b;
            }
        }
        r->pos += 4 + (size_t)body;
    }
    r->rows_left -= n;
    r->out.batch.count = n;
    *out = &r->out.batch;
    return SS_OK;
}

void ops_spill_reader_release(ss_ctx *ctx, ops_spill_reader *r)
{
    if (!r->api)
        return;
    release_io(ctx, r->api, r->file, r->buf, r->layouts);
    ops_owned_batch_release(r->api, &r->out);
    memset(r, 0, sizeof *r);
}

uint32_t ops_spill_partition(uint64_t hash, uint32_t depth, uint32_t nparts)
{
    uint64_t h = ops_hash_u64(hash + UINT64_C(0x9e3779b97f4a7c15) * (depth + 1));
    return (uint32_t)(h >> 40) & (nparts - 1);
}

void ops_spill_conf_init(ops_spill_conf *conf, const ss_api *api, size_t budget, uint32_t ncols,
                         const ss_type *types, uint32_t sides)
{
    *conf = (ops_spill_conf){api, budget, ncols, types, ops_spill_fanout(budget, sides), 0};
}

uint32_t ops_spill_fanout(size_t budget, uint32_t sides)
{
    size_t n = budget / (4 * (size_t)sides * OPS_SPILL_BUFFER);
    uint32_t parts = 4;
    while (parts < 32 && parts * 2 <= n)
        parts *= 2;
    return parts;
}

int ops_spill_parts_open(ss_ctx *ctx, const ss_api *api, ops_spill_parts *parts, uint32_t n, uint32_t ncols,
                         const ss_type *types)
{
    if (!(parts->w = ops_zalloc_array(ctx, api, n, sizeof *parts->w)))
        return SS_ERROR;
    parts->n = n;
    for (uint32_t p = 0; p < n; p++)
        if (ops_spill_writer_init(ctx, api, &parts->w[p], ncols, types) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

int ops_spill_parts_write(ss_ctx *ctx, ops_spill_parts *parts, ss_vector *const *cols, uint32_t pos, uint64_t hash,
                          uint32_t depth)
{
    return ops_spill_write_rows(ctx, &parts->w[ops_spill_partition(hash, depth, parts->n)], cols, &pos, 1);
}

void ops_spill_parts_release(ss_ctx *ctx, const ss_api *api, ops_spill_parts *parts)
{
    for (uint32_t p = 0; parts->w && p < parts->n; p++)
        ops_spill_writer_release(ctx, &parts->w[p]);
    ops_free(api, parts->w);
    parts->w = NULL;
}
