/* vector.c — allocation of ss_vector (typed data, lazy validity bitmap, per-vector string
 * heap) and ss_batch (a batch that remembers and owns its own vectors). */
#include "exec/vector.h"

#include <stdlib.h>
#include <string.h>

#include "types/registry.h"
#include "types/typeio.h"

#define HEAP_CHUNK 8192

/* One block of string bytes; bump-allocated from the front. */
typedef struct heap_chunk {
    struct heap_chunk *next;
    size_t size, used;
    char data[];
} heap_chunk;

/* The opaque object behind ss_vector.heap: string chunks plus a spare validity bitmap kept
 * across resets so that a vector with NULLs does not reallocate it every batch. */
typedef struct vec_heap {
    heap_chunk *head;   /* chunk serving small strings; the chain links every chunk */
    heap_chunk *first;  /* first standard-size chunk, kept by ss_vector_reset */
    uint64_t *spare_validity;
} vec_heap;

/* An ss_batch created by ss_batch_create: remembers the vectors it owns. */
typedef struct own_batch {
    ss_batch pub;        /* must stay first: ss_batch * and own_batch * are interchangeable */
    ss_vector **own;     /* ncols vectors created with the batch */
} own_batch;

static size_t validity_words(uint32_t capacity)
{
    return ((size_t)capacity + 63) / 64;
}

/* A vector, its string heap and its data array in one allocation: small statements create
 * and drop a handful of vectors per execution, and three mallocs each showed up at the top
 * of the INSERT profile. */
typedef struct vec_block {
    ss_vector v;
    vec_heap h;
    _Alignas(16) unsigned char data[];
} vec_block;

/* The data array is not zeroed: batch.h leaves the data at NULL rows unspecified and every
 * reader reads only rows that were written (the live rows below count), so clearing it
 * only cost time — a 1024-row text vector is 16 kB, and zeroing the vectors of a 200-row
 * point lookup was most of its instructions.  Builds with assertions fill it with a pattern
 * instead, as the evaluator's pool does for reused temporaries, so that a reader of a row
 * nobody wrote sees garbage (a text pointer that faults) in the tests, not a lucky zero. */
ss_vector *ss_vector_create(ss_type type, uint32_t capacity)
{
    size_t width = ss_type_width(type.id);
    if (width == 0)
        return NULL;
    size_t n = capacity ? capacity : 1;
    if (n > (SIZE_MAX - sizeof(vec_block)) / width)
        return NULL;
    vec_block *b = malloc(sizeof(vec_block) + n * width);
    if (!b)
        return NULL;
    memset(b, 0, sizeof *b);
#ifndef NDEBUG
    memset(b->data, 0xa5, n * width);
#endif
    b->v.type = type;
    b->v.capacity = capacity;
    b->v.data = b->data;
    b->v.heap = &b->h;
    return &b->v;
}

static void heap_free_chain(heap_chunk *c)
{
    while (c) {
        heap_chunk *n = c->next;
        free(c);
        c = n;
    }
}

void ss_vector_destroy(ss_vector *v)
{
    if (!v)
        return;
    vec_heap *h = v->heap;
    heap_free_chain(h->head);
    free(h->spare_validity);
    free(v->validity);
    free(v); /* the vec_block: v is its first member */
}

void ss_vector_reset(ss_vector *v)
{
    vec_heap *h = v->heap;
    if (h && h->head) {
        heap_chunk *keep = h->first;
        for (heap_chunk *c = h->head; c;) {
            heap_chunk *n = c->next;
            if (c != keep)
                free(c);
            c = n;
        }
        if (keep) {
            keep->next = NULL;
            keep->used = 0;
        }
        h->head = keep;
    }
    if (v->validity) {
        if (h && !h->spare_validity) {
            h->spare_validity = v->validity;
        } else {
            free(v->validity);
        }
        v->validity = NULL;
    }
}

int ss_vector_ensure_validity(ss_ctx *ctx, ss_vector *v)
{
    if (v->validity)
        return SS_OK;
    size_t words = validity_words(v->capacity ? v->capacity : 1);
    vec_heap *h = v->heap;
    uint64_t *bits;
    if (h && h->spare_validity) {
        bits = h->spare_validity;
        h->spare_validity = NULL;
    } else {
        bits = malloc(words * sizeof *bits);
        if (!bits)
            return ctx ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory") : SS_ERROR;
    }
    memset(bits, 0xff, words * sizeof *bits);
    v->validity = bits;
    return SS_OK;
}

char *ss_vector_text_alloc(ss_ctx *ctx, ss_vector *v, size_t len)
{
    vec_heap *h = v->heap;
    if (!h) {
        h = calloc(1, sizeof *h);
        if (!h)
            goto oom;
        v->heap = h;
    }
    size_t need = len + 1; /* room for a terminating NUL, convenient for parsers */
    heap_chunk *c = h->head;
    if (!c || c->size - c->used < need) {
        size_t size = need > HEAP_CHUNK ? need : HEAP_CHUNK;
        heap_chunk *nc = malloc(sizeof *nc + size);
        if (!nc)
            goto oom;
        nc->size = size;
        nc->used = 0;
        if (c && need > HEAP_CHUNK) {
            /* An oversized string gets a chunk of its own behind the current one, so the
               current chunk keeps serving small strings. */
            nc->next = c->next;
            c->next = nc;
            nc->used = need;
            nc->data[len] = '\0';
            return nc->data;
        }
        nc->next = c;
        h->head = nc;
        if (!h->first && size == HEAP_CHUNK)
            h->first = nc;
        c = nc;
    }
    char *p = c->data + c->used;
    c->used += need;
    p[len] = '\0';
    return p;
oom:
    if (ctx)
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return NULL;
}

int ss_vector_set_text(ss_ctx *ctx, ss_vector *v, uint32_t row, const char *s, size_t len)
{
    if (len > UINT32_MAX)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "string is too long");
    char *p = ss_vector_text_alloc(ctx, v, len);
    if (!p)
        return SS_ERROR;
    if (len)
        memcpy(p, s, len);
    ss_text *t = (ss_text *)v->data + row;
    t->ptr = p;
    t->len = (uint32_t)len;
    t->reserved = 0;
    ss_vector_set_valid(v, row);
    return SS_OK;
}

int ss_vector_set_value(ss_ctx *ctx, ss_vector *v, uint32_t row, const ss_value *val)
{
    if (val->is_null) {
        if (ss_vector_ensure_validity(ctx, v) != SS_OK)
            return SS_ERROR;
        ss_vector_set_null(v, row);
        return SS_OK;
    }
    switch (ss_type_physical(v->type.id)) {
    case SS_TYPE_BOOL: ((uint8_t *)v->data)[row] = val->v.b ? 1 : 0; break;
    case SS_TYPE_INT2: ((int16_t *)v->data)[row] = (int16_t)val->v.i; break;
    case SS_TYPE_INT4: ((int32_t *)v->data)[row] = (int32_t)val->v.i; break;
    case SS_TYPE_INT8: ((int64_t *)v->data)[row] = val->v.i; break;
    case SS_TYPE_FLOAT8: ((double *)v->data)[row] = val->v.f; break;
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN:
    case SS_TYPE_NUMERIC: return ss_vector_set_text(ctx, v, row, val->v.s.ptr, val->v.s.len);
    default:
        if (ss_type_is_varlen(v->type.id))
            return ss_vector_set_text(ctx, v, row, val->v.s.ptr, val->v.s.len);
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "vector of unsupported type %d",
                            (int)v->type.id);
    }
    ss_vector_set_valid(v, row);
    return SS_OK;
}

int ss_vector_gather(ss_ctx *ctx, const ss_vector *src, const uint32_t *rows, uint32_t n, ss_vector *dst)
{
    size_t width = ss_type_width(src->type.id);
    if (width == 0 || width != ss_type_width(dst->type.id) ||
        ss_type_is_text(src->type.id) != ss_type_is_text(dst->type.id) ||
        (ss_type_physical(src->type.id) == SS_TYPE_FLOAT8) != (ss_type_physical(dst->type.id) == SS_TYPE_FLOAT8) ||
        (src->type.id == SS_TYPE_NUMERIC) != (dst->type.id == SS_TYPE_NUMERIC))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "vector_gather: %s vector into %s vector",
                            ss_type_display_name(src->type, NULL, 0), ss_type_display_name(dst->type, NULL, 0));
    if (n > dst->capacity)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "vector_gather: %u rows into a vector of %u", n,
                            dst->capacity);
    ss_vector_reset(dst);
    const unsigned char *from = src->data;
    unsigned char *to = dst->data;
    if (!rows) {
        memcpy(to, from, n * width);
    } else {
#define GATHER(CTYPE)                                                                        \
    for (uint32_t k = 0; k < n; k++)                                                         \
        ((CTYPE *)dst->data)[k] = ((const CTYPE *)src->data)[rows[k]];                       \
    break
        switch (width) {
        case sizeof(uint8_t): GATHER(uint8_t);
        case sizeof(int16_t): GATHER(int16_t);
        case sizeof(int32_t): GATHER(int32_t);
        case sizeof(int64_t): GATHER(int64_t);
        case sizeof(ss_text): GATHER(ss_text);
        default:
            for (uint32_t k = 0; k < n; k++)
                memcpy(to + (size_t)k * width, from + (size_t)rows[k] * width, width);
            break;
        }
#undef GATHER
    }
    if (!src->validity)
        return SS_OK;
    for (uint32_t k = 0; k < n; k++)
        if (ss_vector_is_null(src, rows ? rows[k] : k)) {
            if (ss_vector_ensure_validity(ctx, dst) != SS_OK)
                return SS_ERROR;
            ss_vector_set_null(dst, k);
        }
    return SS_OK;
}

ss_batch *ss_batch_create(uint32_t ncols, const ss_type *types, uint32_t capacity)
{
    own_batch *ob = calloc(1, sizeof *ob);
    if (!ob)
        return NULL;
    size_t n = ncols ? ncols : 1;
    ob->own = calloc(n, sizeof *ob->own);
    ob->pub.cols = calloc(n, sizeof *ob->pub.cols);
    if (!ob->own || !ob->pub.cols) {
        free(ob->own);
        free(ob->pub.cols);
        free(ob);
        return NULL;
    }
    ob->pub.ncols = ncols;
    for (uint32_t i = 0; i < ncols; i++) {
        ob->own[i] = ss_vector_create(types[i], capacity);
        if (!ob->own[i]) {
            ss_batch_destroy(&ob->pub);
            return NULL;
        }
        ob->pub.cols[i] = ob->own[i];
    }
    return &ob->pub;
}

void ss_batch_destroy(ss_batch *b)
{
    if (!b)
        return;
    own_batch *ob = (own_batch *)b;
    for (uint32_t i = 0; i < b->ncols; i++)
        ss_vector_destroy(ob->own[i]);
    free(ob->own);
    free(b->cols);
    free(ob);
}

void ss_batch_reset(ss_batch *b)
{
    own_batch *ob = (own_batch *)b;
    b->count = 0;
    b->sel = NULL;
    b->sel_count = 0;
    for (uint32_t i = 0; i < b->ncols; i++) {
        b->cols[i] = ob->own[i];
        ss_vector_reset(ob->own[i]);
    }
}

int ss_batch_append_row(ss_ctx *ctx, ss_batch *dst, const ss_batch *src, uint32_t row)
{
    for (uint32_t c = 0; c < dst->ncols; c++) {
        ss_value v;
        ss_vector_get_value(src->cols[c], row, &v);
        if (ss_vector_set_value(ctx, dst->cols[c], dst->count, &v))
            return SS_ERROR;
    }
    dst->count++;
    return SS_OK;
}
