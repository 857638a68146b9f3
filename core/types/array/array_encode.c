/* array_encode.c — the encoded array value (layout in array.h): decoding the header,
 * iterating and indexing items, encoding items into a new array. */
#include "types/array/array.h"

#include <stdlib.h>
#include <string.h>

#include "exec/context.h"

static int32_t rd32(const char *p)
{
    int32_t v;
    memcpy(&v, p, 4);
    return v;
}

static void wr32(ss_strbuf *sb, int32_t v)
{
    ss_strbuf_append(sb, (const char *)&v, 4);
}

static bool elem_is_float(int32_t elem)
{
    return elem == SS_TYPE_FLOAT8 || elem == SS_TYPE_FLOAT4;
}

int32_t arr_elem_type(const ss_text *t)
{
    return t->len >= ARR_HDR ? rd32(t->ptr) : SS_TYPE_INVALID;
}

void arr_decode(const ss_text *t, ss_array *out)
{
    memset(out, 0, sizeof *out);
    const char *p = t->ptr;
    out->elem = rd32(p);
    out->ndims = rd32(p + 4);
    out->nitems = (uint32_t)rd32(p + 8);
    uint32_t flags = (uint32_t)rd32(p + 12);
    p += ARR_HDR;
    for (int d = 0; d < out->ndims && d < ARR_MAXDIM; d++) {
        out->dims[d] = rd32(p);
        out->lbound[d] = rd32(p + 4);
        p += 8;
    }
    if (flags & ARR_HAS_NULLS) {
        out->nulls = (const uint8_t *)p;
        p += (out->nitems + 7) / 8;
    }
    out->data = p;
    out->end = t->ptr + t->len;
}

static bool item_is_null(const ss_array *a, uint32_t k)
{
    return a->nulls && (a->nulls[k >> 3] >> (k & 7)) & 1;
}

/* Reads one non-NULL item at p into v; returns the pointer past it. */
static const char *read_item(int32_t elem, const char *p, ss_value *v)
{
    v->is_null = false;
    if (ss_type_is_varlen(elem)) {
        uint32_t len;
        memcpy(&len, p, 4);
        v->v.s.ptr = p + 4;
        v->v.s.len = len;
        v->v.s.reserved = 0;
        return p + 4 + len;
    }
    size_t w = ss_type_width(elem);
    if (elem == SS_TYPE_BOOL) {
        v->v.b = *p != 0;
    } else if (elem_is_float(elem)) {
        memcpy(&v->v.f, p, sizeof(double));
    } else if (w == 2) {
        int16_t x;
        memcpy(&x, p, 2);
        v->v.i = x;
    } else if (w == 4) {
        int32_t x;
        memcpy(&x, p, 4);
        v->v.i = x;
    } else {
        memcpy(&v->v.i, p, 8);
    }
    return p + w;
}

void arr_iter_init(arr_iter *it, const ss_array *a)
{
    it->a = a;
    it->i = 0;
    it->p = a->data;
}

bool arr_iter_next(arr_iter *it, ss_value *v)
{
    const ss_array *a = it->a;
    if (it->i >= a->nitems)
        return false;
    memset(v, 0, sizeof *v);
    if (item_is_null(a, it->i))
        v->is_null = true;
    else
        it->p = read_item(a->elem, it->p, v);
    it->i++;
    return true;
}

void arr_item(const ss_array *a, uint32_t k, ss_value *v)
{
    memset(v, 0, sizeof *v);
    if (item_is_null(a, k)) {
        v->is_null = true;
        return;
    }
    const char *p = a->data;
    if (!ss_type_is_varlen(a->elem)) {
        uint32_t before = k;
        if (a->nulls)
            for (uint32_t j = 0; j < k; j++)
                before -= item_is_null(a, j);
        read_item(a->elem, p + (size_t)before * ss_type_width(a->elem), v);
        return;
    }
    for (uint32_t j = 0; j < k; j++) {
        if (item_is_null(a, j))
            continue;
        uint32_t len;
        memcpy(&len, p, 4);
        p += 4 + len;
    }
    read_item(a->elem, p, v);
}

static void write_item(int32_t elem, const ss_value *v, ss_strbuf *sb)
{
    if (ss_type_is_varlen(elem)) {
        wr32(sb, (int32_t)v->v.s.len);
        ss_strbuf_append(sb, v->v.s.ptr, v->v.s.len);
        return;
    }
    size_t w = ss_type_width(elem);
    if (elem == SS_TYPE_BOOL) {
        ss_strbuf_putc(sb, v->v.b ? 1 : 0);
    } else if (elem_is_float(elem)) {
        ss_strbuf_append(sb, (const char *)&v->v.f, sizeof(double));
    } else if (w == 2) {
        int16_t x = (int16_t)v->v.i;
        ss_strbuf_append(sb, (const char *)&x, 2);
    } else if (w == 4) {
        int32_t x = (int32_t)v->v.i;
        ss_strbuf_append(sb, (const char *)&x, 4);
    } else {
        ss_strbuf_append(sb, (const char *)&v->v.i, 8);
    }
}

void arr_encode_buf(int32_t elem, int ndims, const int32_t *dims, const int32_t *lbound,
                    const ss_value *items, uint32_t n, ss_strbuf *out)
{
    if (n == 0)
        ndims = 0;
    bool nulls = false;
    for (uint32_t k = 0; k < n; k++)
        nulls |= items[k].is_null;
    wr32(out, elem);
    wr32(out, ndims);
    wr32(out, (int32_t)n);
    wr32(out, nulls ? (int32_t)ARR_HAS_NULLS : 0);
    for (int d = 0; d < ndims; d++) {
        wr32(out, dims[d]);
        wr32(out, lbound ? lbound[d] : 1);
    }
    if (nulls) {
        size_t nb = (n + 7) / 8;
        size_t at = out->len;
        for (size_t k = 0; k < nb; k++)
            ss_strbuf_putc(out, 0);
        if (!out->oom)
            for (uint32_t k = 0; k < n; k++)
                if (items[k].is_null)
                    out->data[at + (k >> 3)] |= (char)(1u << (k & 7));
    }
    for (uint32_t k = 0; k < n; k++)
        if (!items[k].is_null)
            write_item(elem, &items[k], out);
}

int arr_encode(ss_ctx *ctx, int32_t elem, int ndims, const int32_t *dims, const int32_t *lbound,
               const ss_value *items, uint32_t n, ss_text *out)
{
    for (int d = 0; d < ndims && n > 0; d++) {
        int64_t ub = (int64_t)(lbound ? lbound[d] : 1) + dims[d];
        if (ub > INT32_MAX)
            return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                                "array upper bound is too large: %lld", (long long)ub);
    }
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    arr_encode_buf(elem, ndims, dims, lbound, items, n, &sb);
    if (sb.oom) {
        ss_strbuf_free(&sb);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    char *p = ss_ctx_alloc(ctx, sb.len ? sb.len : 1);
    if (!p) {
        ss_strbuf_free(&sb);
        return SS_ERROR;
    }
    memcpy(p, sb.data, sb.len);
    out->ptr = p;
    out->len = (uint32_t)sb.len;
    out->reserved = 0;
    ss_strbuf_free(&sb);
    return SS_OK;
}

int arr_encode_1d(ss_ctx *ctx, int32_t elem, const ss_value *items, uint32_t n, ss_text *out)
{
    int32_t dim = (int32_t)n, lb = 1;
    return arr_encode(ctx, elem, n ? 1 : 0, &dim, &lb, items, n, out);
}

bool arr_same_shape(const ss_array *a, const ss_array *b)
{
    return a->ndims == b->ndims && memcmp(a->dims, b->dims, sizeof(int32_t) * (size_t)a->ndims) == 0 &&
           memcmp(a->lbound, b->lbound, sizeof(int32_t) * (size_t)a->ndims) == 0;
}

int arr_shape_up(ss_ctx *ctx, const ss_array *sub, uint32_t count, int32_t *dims, int32_t *lb)
{
    if (sub->ndims + 1 > ARR_MAXDIM) {
        ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                     "number of array dimensions (%d) exceeds the maximum allowed (%d)", sub->ndims + 1, ARR_MAXDIM);
        return -1;
    }
    dims[0] = (int32_t)count;
    lb[0] = 1;
    memcpy(dims + 1, sub->dims, sizeof(int32_t) * (size_t)sub->ndims);
    memcpy(lb + 1, sub->lbound, sizeof(int32_t) * (size_t)sub->ndims);
    return sub->ndims + 1;
}

int arr_items(ss_ctx *ctx, const ss_array *a, ss_value **items)
{
    *items = NULL;
    if (a->nitems == 0)
        return SS_OK;
    ss_value *v = malloc(sizeof *v * a->nitems);
    if (!v)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    arr_iter it;
    arr_iter_init(&it, a);
    for (uint32_t k = 0; k < a->nitems; k++)
        arr_iter_next(&it, &v[k]);
    *items = v;
    return SS_OK;
}

const char *arr_read_item(int32_t elem, const char *p, ss_value *v)
{
    memset(v, 0, sizeof *v);
    return read_item(elem, p, v);
}

void arr_write_item(int32_t elem, const ss_value *v, ss_strbuf *sb)
{
    write_item(elem, v, sb);
}
