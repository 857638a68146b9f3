/* column_buffer.c — growth, append (typed copy loops) and gather for ops_column. */
#include "common/column_buffer.h"

#include <string.h>

#include "common/api_memory.h"

static size_t layout_width(ops_layout layout)
{
    switch (layout) {
    case OPS_LAYOUT_BOOL: return sizeof(uint8_t);
    case OPS_LAYOUT_INT2: return sizeof(int16_t);
    case OPS_LAYOUT_INT4: return sizeof(int32_t);
    case OPS_LAYOUT_INT8: return sizeof(int64_t);
    case OPS_LAYOUT_FLOAT8: return sizeof(double);
    case OPS_LAYOUT_TEXT:
    case OPS_LAYOUT_CUSTOM: return sizeof(ss_text);
    case OPS_LAYOUT_NONE: break;
    }
    return 0;
}

int ops_column_init(ss_ctx *ctx, ops_column *c, const ss_api *api, ss_type type,
                    const char *who)
{
    memset(c, 0, sizeof *c);
    c->api = api;
    c->type = type;
    ops_types_bind(api); /* a module that forgot to at init still sees every type */
    c->layout = ops_layout_of(type.id);
    c->info = c->layout == OPS_LAYOUT_CUSTOM ? ops_type_info(type.id) : NULL;
    c->width = (uint32_t)layout_width(c->layout);
    ops_text_arena_init(&c->text, api);
    if (c->layout == OPS_LAYOUT_NONE)
        return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "%s does not support values of type id %d", who, (int)type.id);
    return SS_OK;
}

void ops_column_release(ops_column *c)
{
    if (!c->api)
        return;
    ops_free(c->api, c->data);
    ops_free(c->api, c->validity);
    ops_text_arena_clear(&c->text);
    c->data = NULL;
    c->validity = NULL;
    c->count = 0;
    c->capacity = 0;
}

static size_t validity_words(uint32_t capacity)
{
    return ((size_t)capacity + 63) / 64;
}

int ops_column_reserve(ss_ctx *ctx, ops_column *c, uint32_t extra)
{
    if (extra <= c->capacity - c->count)
        return SS_OK;
    if (extra > UINT32_MAX - c->count)
        return c->api->error(ctx, OPS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                             "too many rows: more than %u", (unsigned)UINT32_MAX);
    uint64_t want = (uint64_t)c->count + extra;
    uint64_t cap = c->capacity ? (uint64_t)c->capacity * 2 : 1024;
    while (cap < want)
        cap *= 2;
    if (cap > UINT32_MAX)
        cap = UINT32_MAX;
    void *data = ops_realloc(c->api, c->data, (size_t)cap * c->width);
    if (!data)
        return c->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    c->data = data;
    if (c->validity) {
        size_t old_words = validity_words(c->capacity), new_words = validity_words((uint32_t)cap);
        uint64_t *validity = ops_realloc(c->api, c->validity, new_words * sizeof(uint64_t));
        if (!validity)
            return c->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        /* bits past the old capacity start valid, like every row appended before */
        for (size_t w = old_words; w < new_words; w++)
            validity[w] = ~UINT64_C(0);
        c->validity = validity;
    }
    c->capacity = (uint32_t)cap;
    return SS_OK;
}

/* Creates the validity bitmap at the first NULL: every existing row is valid. */
static int ensure_validity(ss_ctx *ctx, ops_column *c)
{
    if (c->validity)
        return SS_OK;
    size_t words = validity_words(c->capacity);
    c->validity = c->api->alloc(words * sizeof(uint64_t));
    if (!c->validity)
        return c->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (size_t w = 0; w < words; w++)
        c->validity[w] = ~UINT64_C(0);
    return SS_OK;
}

#define OPS_APPEND_FIXED(CTYPE)                                                           \
    do {                                                                                  \
        CTYPE *dst = (CTYPE *)c->data + c->count;                                         \
        const CTYPE *src = (const CTYPE *)v->data;                                        \
        if (!rows) {                                                                      \
            memcpy(dst, src, (size_t)n * sizeof(CTYPE));                                  \
        } else {                                                                          \
            for (uint32_t k = 0; k < n; k++)                                              \
                dst[k] = src[rows[k]];                                                    \
        }                                                                                 \
    } while (0)

static int append_text(ss_ctx *ctx, ops_column *c, const ss_vector *v, const uint32_t *rows,
                       uint32_t n)
{
    ss_text *dst = (ss_text *)c->data + c->count;
    const ss_text *src = (const ss_text *)v->data;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row = rows ? rows[k] : k;
        if (ss_vector_is_null(v, row)) {
            dst[k] = (ss_text){"", 0, 0};
            continue;
        }
        const char *bytes = ops_text_arena_copy(&c->text, src[row].ptr, src[row].len);
        if (!bytes)
            return c->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        dst[k] = (ss_text){bytes, src[row].len, 0};
    }
    return SS_OK;
}

int ops_column_append(ss_ctx *ctx, ops_column *c, const ss_vector *v, const uint32_t *rows,
                      uint32_t n)
{
    if (n == 0)
        return SS_OK;
    if (ops_column_reserve(ctx, c, n) != SS_OK)
        return SS_ERROR;
    switch (c->layout) {
    case OPS_LAYOUT_BOOL: OPS_APPEND_FIXED(uint8_t); break;
    case OPS_LAYOUT_INT2: OPS_APPEND_FIXED(int16_t); break;
    case OPS_LAYOUT_INT4: OPS_APPEND_FIXED(int32_t); break;
    case OPS_LAYOUT_INT8: OPS_APPEND_FIXED(int64_t); break;
    case OPS_LAYOUT_FLOAT8: OPS_APPEND_FIXED(double); break;
    case OPS_LAYOUT_TEXT:
    case OPS_LAYOUT_CUSTOM:
        if (append_text(ctx, c, v, rows, n) != SS_OK)
            return SS_ERROR;
        break;
    case OPS_LAYOUT_NONE:
        return c->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "column buffer has no layout");
    }
    if (v->validity) {
        char *base = (char *)c->data;
        for (uint32_t k = 0; k < n; k++) {
            uint32_t row = rows ? rows[k] : k;
            if (!ss_vector_is_null(v, row))
                continue;
            if (ensure_validity(ctx, c) != SS_OK)
                return SS_ERROR;
            uint32_t i = c->count + k;
            c->validity[i >> 6] &= ~(UINT64_C(1) << (i & 63));
            if (!ops_layout_is_varlen(c->layout))
                memset(base + (size_t)i * c->width, 0, c->width);
        }
    }
    c->count += n;
    return SS_OK;
}

#define OPS_SLICE_FIXED(CTYPE)                                                            \
    memcpy(out->data, (const CTYPE *)c->data + first, (size_t)n * sizeof(CTYPE))

int ops_column_gather(ss_ctx *ctx, const ops_column *c, const uint32_t *idx, uint32_t first,
                      uint32_t n, ss_vector *out)
{
    if (idx) {
        /* the column has a vector's layout: the kernel's column gather reads it as one */
        const ss_vector view = ops_column_view(c);
        return c->api->vector_gather(ctx, &view, idx, n, out);
    }
    switch (c->layout) {
    case OPS_LAYOUT_BOOL: OPS_SLICE_FIXED(uint8_t); break;
    case OPS_LAYOUT_INT2: OPS_SLICE_FIXED(int16_t); break;
    case OPS_LAYOUT_INT4: OPS_SLICE_FIXED(int32_t); break;
    case OPS_LAYOUT_INT8: OPS_SLICE_FIXED(int64_t); break;
    case OPS_LAYOUT_FLOAT8: OPS_SLICE_FIXED(double); break;
    case OPS_LAYOUT_TEXT:
    case OPS_LAYOUT_CUSTOM: OPS_SLICE_FIXED(ss_text); break;
    case OPS_LAYOUT_NONE:
        return c->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "column buffer has no layout");
    }
    if (!c->validity)
        return SS_OK;
    bool any_null = false;
    for (uint32_t k = 0; k < n && !any_null; k++)
        any_null = ops_column_is_null(c, first + k);
    if (!any_null)
        return SS_OK;
    if (c->api->vector_ensure_validity(ctx, out) != SS_OK)
        return SS_ERROR;
    for (uint32_t k = 0; k < n; k++) {
        if (ops_column_is_null(c, first + k))
            ss_vector_set_null(out, k);
        else
            ss_vector_set_valid(out, k);
    }
    return SS_OK;
}

int ops_column_keep_one(ss_ctx *ctx, ops_column *c, const ss_vector *v, uint32_t row, const char *who)
{
    const ss_api *api = c->api;
    ss_type type = c->type;
    ops_column_release(c);
    if (ops_column_init(ctx, c, api, type, who) != SS_OK)
        return SS_ERROR;
    return ops_column_append(ctx, c, v, &row, 1);
}
