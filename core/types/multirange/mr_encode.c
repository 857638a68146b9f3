/* mr_encode.c — the multirange types' encoded value (multirange.h): decoding, PostgreSQL's
 * canonical form (multirange_canonicalize), multirange_cmp, hashing and the six registry
 * descriptions. */
#include "types/multirange/multirange.h"

#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"
#include "util/hash_mix.h"
#include "util/tls.h"

int32_t mr_range_type(int32_t mr_type)
{
    switch (mr_type) {
    case SS_TYPE_INT4MULTIRANGE: return SS_TYPE_INT4RANGE;
    case SS_TYPE_INT8MULTIRANGE: return SS_TYPE_INT8RANGE;
    case SS_TYPE_NUMMULTIRANGE: return SS_TYPE_NUMRANGE;
    case SS_TYPE_DATEMULTIRANGE: return SS_TYPE_DATERANGE;
    case SS_TYPE_TSMULTIRANGE: return SS_TYPE_TSRANGE;
    case SS_TYPE_TSTZMULTIRANGE: return SS_TYPE_TSTZRANGE;
    default: return 0;
    }
}

int32_t mr_of_range(int32_t range_type)
{
    switch (range_type) {
    case SS_TYPE_INT4RANGE: return SS_TYPE_INT4MULTIRANGE;
    case SS_TYPE_INT8RANGE: return SS_TYPE_INT8MULTIRANGE;
    case SS_TYPE_NUMRANGE: return SS_TYPE_NUMMULTIRANGE;
    case SS_TYPE_DATERANGE: return SS_TYPE_DATEMULTIRANGE;
    case SS_TYPE_TSRANGE: return SS_TYPE_TSMULTIRANGE;
    case SS_TYPE_TSTZRANGE: return SS_TYPE_TSTZMULTIRANGE;
    default: return 0;
    }
}

static uint32_t rd32(const char *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* The range at p (decoded into r); the position after it. */
static const char *next_range(const char *p, rng_value *r)
{
    uint32_t len = rd32(p);
    ss_text t = {.ptr = p + 4, .len = len};
    rng_decode(&t, r);
    return p + 4 + len;
}

int mr_decode(ss_ctx *ctx, int32_t mr_type, const ss_text *t, mr_value *out)
{
    memset(out, 0, sizeof *out);
    out->type = mr_type;
    out->range_type = mr_range_type(mr_type);
    out->n = rd32(t->ptr);
    if (!out->n)
        return SS_OK;
    if (!(out->r = malloc(sizeof(rng_value) * out->n)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    const char *p = t->ptr + 4;
    for (uint32_t k = 0; k < out->n; k++)
        p = next_range(p, &out->r[k]);
    return SS_OK;
}

void mr_free(mr_value *m)
{
    free(m->r);
    m->r = NULL;
    m->n = 0;
}

void mr_span(const mr_value *m, rng_value *out)
{
    memset(out, 0, sizeof *out);
    out->type = m->range_type;
    out->subtype = rng_subtype(m->range_type);
    if (!m->n) {
        out->empty = true;
        return;
    }
    out->lo = m->r[0].lo;
    out->hi = m->r[m->n - 1].hi;
}

static SS_TLS int32_t sort_subtype;

/* range_compare over non-empty ranges: lower bounds, then upper bounds */
static int cmp_ranges(const void *x, const void *y)
{
    const rng_value *a = x, *b = y;
    int c = rng_cmp_bounds(sort_subtype, &a->lo, &b->lo);
    return c ? c : rng_cmp_bounds(sort_subtype, &a->hi, &b->hi);
}

int mr_make(ss_ctx *ctx, int32_t mr_type, const rng_value *in, uint32_t n, ss_strbuf *sb)
{
    int32_t rt = mr_range_type(mr_type), sub = rng_subtype(rt);
    ss_strbuf all;
    ss_strbuf_init(&all);
    uint32_t *off = malloc(sizeof(uint32_t) * (n + 1));
    rng_value *r = malloc(sizeof(rng_value) * (n ? n : 1));
    int rc = SS_OK;
    if (!off || !r) {
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        goto done;
    }
    /* each range in its canonical form first (rng_make's checks and discrete forms) */
    for (uint32_t k = 0; k < n; k++) {
        off[k] = (uint32_t)all.len;
        if (in[k].empty)
            rng_make_empty(rt, &all);
        else if ((rc = rng_make(ctx, rt, in[k].lo, in[k].hi, false, &all)) != SS_OK)
            goto done;
    }
    off[n] = (uint32_t)all.len;
    if (all.oom) {
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        goto done;
    }
    uint32_t m = 0;
    for (uint32_t k = 0; k < n; k++) {
        ss_text t = {.ptr = all.data + off[k], .len = off[k + 1] - off[k]};
        rng_decode(&t, &r[m]);
        if (!r[m].empty)
            m++;
    }
    sort_subtype = sub;
    if (m > 1)
        qsort(r, m, sizeof *r, cmp_ranges);
    /* merged as multirange_canonicalize: adjacent or overlapping ranges become one */
    uint32_t out = 0;
    for (uint32_t k = 0; k < m; k++) {
        if (out && (rng_adjacent(&r[out - 1], &r[k]) || rng_overlaps(&r[out - 1], &r[k]))) {
            if (rng_cmp_bounds(sub, &r[k].hi, &r[out - 1].hi) > 0)
                r[out - 1].hi = r[k].hi;
            continue;
        }
        r[out++] = r[k];
    }
    ss_strbuf_append(sb, (const char *)&out, 4);
    for (uint32_t k = 0; k < out; k++) {
        size_t at = sb->len;
        uint32_t len = 0;
        ss_strbuf_append(sb, (const char *)&len, 4);
        if ((rc = rng_make(ctx, rt, r[k].lo, r[k].hi, false, sb)) != SS_OK)
            goto done;
        if (sb->oom)
            break;
        len = (uint32_t)(sb->len - at - 4);
        memcpy(sb->data + at, &len, 4);
    }
    if (sb->oom)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
done:
    free(off);
    free(r);
    ss_strbuf_free(&all);
    return rc;
}

int mr_compare(const void *x, const void *y)
{
    const ss_text *a = x, *b = y;
    uint32_t na = rd32(a->ptr), nb = rd32(b->ptr);
    const char *pa = a->ptr + 4, *pb = b->ptr + 4;
    for (uint32_t k = 0; k < na || k < nb; k++) {
        if (k >= na)
            return -1;
        if (k >= nb)
            return 1;
        rng_value ra, rb;
        pa = next_range(pa, &ra);
        pb = next_range(pb, &rb);
        int c = rng_cmp_bounds(ra.subtype, &ra.lo, &rb.lo);
        if (!c)
            c = rng_cmp_bounds(ra.subtype, &ra.hi, &rb.hi);
        if (c)
            return c;
    }
    return 0;
}

uint64_t mr_hash(const void *x)
{
    const ss_text *a = x;
    uint32_t n = rd32(a->ptr);
    const char *p = a->ptr + 4;
    uint64_t h = ss_hash_mix64(n);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t len = rd32(p);
        ss_text t = {.ptr = p + 4, .len = len};
        h = ss_hash_mix64(h * 31 + rng_hash(&t));
        p += 4 + len;
    }
    return h;
}

static bool info_equal(const void *a, const void *b)
{
    return mr_compare(a, b) == 0;
}

static void info_hash_batch(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *out)
{
    for (uint32_t k = 0; k < n; k++)
        if (!ss_vector_is_null(v, rows ? rows[k] : k))
            out[k] = mr_hash((const ss_text *)v->data + (rows ? rows[k] : k));
}

#define MULTIRANGE_INFO(NAME, ID)                                                           \
    const ss_type_info ss_##NAME##_type_info = {.struct_size = sizeof(ss_type_info),        \
                                                .id = ID,                                   \
                                                .name = #NAME,                              \
                                                .layout = SS_LAYOUT_VARLEN,                 \
                                                .width = sizeof(ss_text),                   \
                                                .compare = mr_compare,                      \
                                                .equal = info_equal,                        \
                                                .hash = mr_hash,                            \
                                                .hash_batch = info_hash_batch,              \
                                                .physical = 0 /* multirange_cmp's callbacks */}

MULTIRANGE_INFO(int4multirange, SS_TYPE_INT4MULTIRANGE);
MULTIRANGE_INFO(int8multirange, SS_TYPE_INT8MULTIRANGE);
MULTIRANGE_INFO(nummultirange, SS_TYPE_NUMMULTIRANGE);
MULTIRANGE_INFO(datemultirange, SS_TYPE_DATEMULTIRANGE);
MULTIRANGE_INFO(tsmultirange, SS_TYPE_TSMULTIRANGE);
MULTIRANGE_INFO(tstzmultirange, SS_TYPE_TSTZMULTIRANGE);

int mr_store_value(ss_ctx *ctx, ss_strbuf *sb, ss_arena *arena, ss_value *out)
{
    int rc = sb->oom ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory") : SS_OK;
    char *p = rc == SS_OK ? ss_arena_alloc(arena ? arena : ctx->arena, sb->len ? sb->len : 1) : NULL;
    if (rc == SS_OK && !p)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc == SS_OK) {
        memcpy(p, sb->data, sb->len);
        memset(out, 0, sizeof *out);
        out->v.s = (ss_text){p, (uint32_t)sb->len, 0};
    }
    ss_strbuf_free(sb);
    return rc;
}
