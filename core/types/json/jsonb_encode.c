/* jsonb_encode.c — jsonb's binary form (layout in json.h): jsonb_in (parse, then encode),
 * encoding a tree, decoding one, and reading an encoded container in place (sizes, object
 * keys, array elements). */
#include "types/json/json_fn.h"

static size_t encoded_size(const jv *v)
{
    switch (v->kind) {
    case JB_STRING:
    case JB_NUMBER: return 5 + (size_t)v->len;
    case JB_ARRAY: {
        size_t n = 9;
        for (uint32_t i = 0; i < v->n; i++)
            n += encoded_size(&v->items[i]);
        return n;
    }
    case JB_OBJECT: {
        size_t n = 9;
        for (uint32_t i = 0; i < v->n; i++)
            n += 4 + (size_t)v->items[2 * i].len + encoded_size(&v->items[2 * i + 1]);
        return n;
    }
    default: return 1;
    }
}

static void put_u32(char **o, uint32_t x)
{
    memcpy(*o, &x, 4);
    *o += 4;
}

static void write_value(const jv *v, char **o)
{
    *(*o)++ = (char)v->kind;
    switch (v->kind) {
    case JB_STRING:
    case JB_NUMBER:
        put_u32(o, v->len);
        if (v->len)
            memcpy(*o, v->s, v->len);
        *o += v->len;
        break;
    case JB_ARRAY:
    case JB_OBJECT: {
        put_u32(o, v->n);
        char *body_len = *o;
        *o += 4;
        char *body = *o;
        for (uint32_t i = 0; i < v->n; i++) {
            if (v->kind == JB_OBJECT) {
                const jv *k = &v->items[2 * i];
                put_u32(o, k->len);
                if (k->len)
                    memcpy(*o, k->s, k->len);
                *o += k->len;
                write_value(&v->items[2 * i + 1], o);
            } else {
                write_value(&v->items[i], o);
            }
        }
        uint32_t bl = (uint32_t)(*o - body);
        memcpy(body_len, &bl, 4);
        break;
    }
    default: break;
    }
}

int jb_encode(ss_ctx *ctx, const jv *v, ss_arena *arena, ss_text *out)
{
    size_t n = encoded_size(v);
    if (n > 0x3fffffff)
        return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                            "total size of jsonb array elements exceeds the maximum of %u bytes",
                            0x0fffffffu);
    char *buf = arena ? ss_arena_alloc(arena, n) : ss_ctx_alloc(ctx, n);
    if (!buf)
        return arena ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory") : SS_ERROR;
    char *o = buf;
    write_value(v, &o);
    *out = (ss_text){buf, (uint32_t)n, 0};
    return SS_OK;
}

uint32_t jb_size(const char *p)
{
    switch (p[0]) {
    case JB_STRING:
    case JB_NUMBER: return 5 + jb_u32(p + 1);
    case JB_ARRAY:
    case JB_OBJECT: return 9 + jb_u32(p + 5);
    default: return 1;
    }
}

static int decode_into(ss_ctx *ctx, const char *p, ss_arena *arena, jv *v)
{
    memset(v, 0, sizeof *v);
    v->kind = (uint8_t)p[0];
    switch (v->kind) {
    case JB_STRING:
    case JB_NUMBER:
        v->len = jb_u32(p + 1);
        v->s = p + 5;
        return SS_OK;
    case JB_ARRAY:
    case JB_OBJECT: {
        v->n = jb_count(p);
        size_t items = v->kind == JB_OBJECT ? 2 * (size_t)v->n : v->n;
        v->items = ss_arena_alloc(arena, items ? items * sizeof(jv) : 1);
        if (!v->items)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        const char *q = jb_first(p);
        for (uint32_t i = 0; i < v->n; i++) {
            if (v->kind == JB_OBJECT) {
                jv *k = &v->items[2 * i];
                k->kind = JB_STRING;
                k->s = jb_key(q, &k->len);
                q = jb_key_value(q);
                if (decode_into(ctx, q, arena, &v->items[2 * i + 1]) != SS_OK)
                    return SS_ERROR;
            } else if (decode_into(ctx, q, arena, &v->items[i]) != SS_OK) {
                return SS_ERROR;
            }
            q += jb_size(q);
        }
        return SS_OK;
    }
    default: return SS_OK;
    }
}

jv *jb_decode(ss_ctx *ctx, const char *p, ss_arena *arena)
{
    jv *v = ss_arena_alloc(arena, sizeof *v);
    if (!v) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    return decode_into(ctx, p, arena, v) == SS_OK ? v : NULL;
}

const char *jb_object_get(const char *p, const char *key, uint32_t klen)
{
    if (p[0] != JB_OBJECT)
        return NULL;
    uint32_t n = jb_count(p);
    const char *q = jb_first(p);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t len;
        const char *k = jb_key(q, &len);
        const char *val = jb_key_value(q);
        int c = jv_key_cmp(k, len, key, klen);
        if (c == 0)
            return val;
        if (c > 0)
            return NULL;
        q = val + jb_size(val);
    }
    return NULL;
}

const char *jb_array_get(const char *p, int64_t i)
{
    if (p[0] != JB_ARRAY)
        return NULL;
    int64_t n = jb_count(p);
    if (i < 0)
        i += n;
    if (i < 0 || i >= n)
        return NULL;
    const char *q = jb_first(p);
    while (i-- > 0)
        q += jb_size(q);
    return q;
}

int jsonb_input(ss_ctx *ctx, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    ss_arena *scratch = ss_arena_create();
    if (!scratch)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    jv *v;
    ss_text t;
    int rc = json_parse_tree(ctx, s, len, scratch, &v);
    if (rc == SS_OK)
        rc = jb_encode(ctx, v, arena, &t);
    ss_arena_destroy(scratch);
    if (rc != SS_OK)
        return SS_ERROR;
    memset(out, 0, sizeof *out);
    out->v.s = t;
    return SS_OK;
}
