/* json_ops.c — the operators of json and jsonb as vectorised evaluation callbacks: -> and ->>
 * (key, index, negative index), #> and #>> (paths), jsonb's @>, <@, ?, ?|, ?&, ||, - (key,
 * index, keys), #- and its comparisons (PostgreSQL's jsonb_cmp). */
#include "types/json/json_fn.h"

#include <stdlib.h>

/* ---- shared helpers ---- */

int jfn_set_null(ss_ctx *ctx, ss_vector *out, uint32_t row)
{
    if (ss_vector_ensure_validity(ctx, out) != SS_OK)
        return SS_ERROR;
    ss_vector_set_null(out, row);
    return SS_OK;
}

int jfn_set_jsonb(ss_ctx *ctx, ss_vector *out, uint32_t row, const char *p)
{
    if (!p)
        return jfn_set_null(ctx, out, row);
    return ss_vector_set_text(ctx, out, row, p, jb_size(p));
}

int jfn_set_tree(ss_ctx *ctx, ss_vector *out, uint32_t row, const jv *v, ss_arena *a)
{
    ss_text t;
    if (jb_encode(ctx, v, a, &t) != SS_OK)
        return SS_ERROR;
    return ss_vector_set_text(ctx, out, row, t.ptr, t.len);
}

int jfn_set_buf(ss_ctx *ctx, ss_vector *out, uint32_t row, ss_strbuf *sb)
{
    if (sb->oom)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return ss_vector_set_text(ctx, out, row, sb->data ? sb->data : "", sb->len);
}

/* ->> and #>> of a jsonb value: NULL for null, a string's text, any other value as jsonb_out. */
static int set_jsonb_text(ss_ctx *ctx, ss_vector *out, uint32_t row, const char *p, ss_strbuf *sb)
{
    if (!p || p[0] == JB_NULL)
        return jfn_set_null(ctx, out, row);
    ss_strbuf_clear(sb);
    jb_format_text(p, sb);
    return jfn_set_buf(ctx, out, row, sb);
}

int jfn_path(ss_ctx *ctx, const ss_vector *v, uint32_t row, ss_arena *a, json_path *out)
{
    return json_path_parse(ctx, &((const ss_text *)v->data)[row], a, out);
}

ss_arena *jfn_arena(ss_ctx *ctx)
{
    ss_arena *a = ss_arena_create();
    if (!a)
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return a;
}

#define TXT(v) ((const ss_text *)(v)->data)

/* ---- jsonb navigation ---- */

/* jsonb -> int: an array's element; PostgreSQL 15 treats a top-level scalar as an array of it. */
static const char *jb_elem(const char *p, int64_t i)
{
    if (p[0] == JB_ARRAY)
        return jb_array_get(p, i);
    if (p[0] == JB_OBJECT)
        return NULL;
    return i == 0 || i == -1 ? p : NULL;
}

/* get_jsonb_path_all: the value at path (NULL: none or a NULL step). */
static const char *jb_path_get(const char *p, const json_path *path)
{
    for (uint32_t k = 0; k < path->n && p; k++) {
        const json_path_elem *e = &path->elem[k];
        if (e->isnull)
            return NULL;
        if (p[0] == JB_OBJECT) {
            p = jb_object_get(p, e->s, e->len);
        } else if (p[0] == JB_ARRAY) {
            int64_t i;
            if (!json_path_index(e, &i))
                return NULL;
            p = jb_array_get(p, i);
        } else {
            return NULL;
        }
    }
    return p;
}

static bool path_has_null(const json_path *path)
{
    for (uint32_t k = 0; k < path->n; k++)
        if (path->elem[k].isnull)
            return true;
    return false;
}

int jb_op_field(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out)
{
    (void)nargs;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *k = &TXT(args[1])[i];
        if ((rc = jfn_set_jsonb(ctx, out, i, jb_object_get(TXT(args[0])[i].ptr, k->ptr, k->len))) != SS_OK)
            break;
    });
    return rc;
}

int jb_op_field_text(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    (void)nargs;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *k = &TXT(args[1])[i];
        if ((rc = set_jsonb_text(ctx, out, i, jb_object_get(TXT(args[0])[i].ptr, k->ptr, k->len), &sb)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    return rc;
}

int jb_op_elem(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out)
{
    (void)nargs;
    const int32_t *idx = args[1]->data;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        if ((rc = jfn_set_jsonb(ctx, out, i, jb_elem(TXT(args[0])[i].ptr, idx[i]))) != SS_OK)
            break;
    });
    return rc;
}

int jb_op_elem_text(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out)
{
    (void)nargs;
    const int32_t *idx = args[1]->data;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        if ((rc = set_jsonb_text(ctx, out, i, jb_elem(TXT(args[0])[i].ptr, idx[i]), &sb)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    return rc;
}

int jb_path_emit(ss_ctx *ctx, ss_vector *out, uint32_t row, const char *doc, const json_path *path,
                 bool as_text, ss_strbuf *sb)
{
    const char *r = path_has_null(path) ? NULL : jb_path_get(doc, path);
    if (!as_text)
        return jfn_set_jsonb(ctx, out, row, r);
    if (path->n == 0 && r && (r[0] == JB_ARRAY || r[0] == JB_OBJECT)) {
        ss_strbuf_clear(sb);
        jb_format(r, false, sb);
        return jfn_set_buf(ctx, out, row, sb);
    }
    return set_jsonb_text(ctx, out, row, r, sb);
}

static int path_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                     ss_vector *out, bool as_text)
{
    ss_arena *a = jfn_arena(ctx);
    if (!a)
        return SS_ERROR;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_arena_reset(a);
        json_path path;
        if ((rc = jfn_path(ctx, args[1], i, a, &path)) != SS_OK ||
            (rc = jb_path_emit(ctx, out, i, TXT(args[0])[i].ptr, &path, as_text, &sb)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    ss_arena_destroy(a);
    return rc;
}

int jb_op_path(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out)
{
    (void)nargs;
    return path_rows(ctx, args, rows, n, out, false);
}

int jb_op_path_text(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out)
{
    (void)nargs;
    return path_rows(ctx, args, rows, n, out, true);
}

/* ---- json (text) navigation: the value as written ---- */

/* json -> key: the last pair with that key (PostgreSQL's get_worker keeps the last match). */
static const jv *js_field(const jv *v, const char *k, uint32_t klen)
{
    if (!v || v->kind != JB_OBJECT)
        return NULL;
    const jv *r = NULL;
    for (uint32_t i = 0; i < v->n; i++)
        if (v->items[2 * i].len == klen && memcmp(v->items[2 * i].s, k, klen) == 0)
            r = &v->items[2 * i + 1];
    return r;
}

static const jv *js_elem(const jv *v, int64_t i)
{
    if (!v || v->kind != JB_ARRAY)
        return NULL;
    if (i < 0)
        i += v->n;
    return i >= 0 && i < v->n ? &v->items[i] : NULL;
}

/* Writes a json value: its text as written (json) or, as text, NULL for null and a string's
 * de-escaped value. */
static int set_js(ss_ctx *ctx, ss_vector *out, uint32_t row, const jv *v, bool as_text)
{
    if (!v || (as_text && v->kind == JB_NULL))
        return jfn_set_null(ctx, out, row);
    if (as_text && v->kind == JB_STRING)
        return ss_vector_set_text(ctx, out, row, v->s, v->len);
    return ss_vector_set_text(ctx, out, row, v->src, v->srclen);
}

static const jv *js_path_get(const jv *r, const json_path *path)
{
    for (uint32_t k = 0; k < path->n && r; k++) {
        const json_path_elem *e = &path->elem[k];
        int64_t ix;
        if (e->isnull)
            r = NULL;
        else if (r->kind == JB_OBJECT)
            r = js_field(r, e->s, e->len);
        else if (r->kind == JB_ARRAY && json_path_index(e, &ix))
            r = js_elem(r, ix);
        else
            r = NULL;
    }
    return r;
}

int js_path_emit(ss_ctx *ctx, ss_vector *out, uint32_t row, const ss_text *doc, const json_path *path,
                 bool as_text, ss_arena *a)
{
    if (path_has_null(path))
        return jfn_set_null(ctx, out, row);
    jv *v;
    if (json_parse_spans(ctx, doc->ptr, doc->len, a, &v) != SS_OK)
        return SS_ERROR;
    return set_js(ctx, out, row, js_path_get(v, path), as_text);
}

enum { JS_FIELD, JS_ELEM, JS_PATH };

static int js_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                   ss_vector *out, int how, bool as_text)
{
    ss_arena *a = jfn_arena(ctx);
    if (!a)
        return SS_ERROR;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_arena_reset(a);
        const ss_text *doc = &TXT(args[0])[i];
        if (how == JS_PATH) {
            json_path path;
            if ((rc = jfn_path(ctx, args[1], i, a, &path)) != SS_OK ||
                (rc = js_path_emit(ctx, out, i, doc, &path, as_text, a)) != SS_OK)
                break;
            continue;
        }
        jv *v;
        if ((rc = json_parse_spans(ctx, doc->ptr, doc->len, a, &v)) != SS_OK)
            break;
        const jv *r = how == JS_FIELD ? js_field(v, TXT(args[1])[i].ptr, TXT(args[1])[i].len)
                                      : js_elem(v, ((const int32_t *)args[1]->data)[i]);
        if ((rc = set_js(ctx, out, i, r, as_text)) != SS_OK)
            break;
    });
    ss_arena_destroy(a);
    return rc;
}

int js_op_field(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out)
{
    (void)nargs;
    return js_rows(ctx, args, rows, n, out, JS_FIELD, false);
}

int js_op_field_text(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    (void)nargs;
    return js_rows(ctx, args, rows, n, out, JS_FIELD, true);
}

int js_op_elem(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out)
{
    (void)nargs;
    return js_rows(ctx, args, rows, n, out, JS_ELEM, false);
}

int js_op_elem_text(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out)
{
    (void)nargs;
    return js_rows(ctx, args, rows, n, out, JS_ELEM, true);
}

int js_op_path(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out)
{
    (void)nargs;
    return js_rows(ctx, args, rows, n, out, JS_PATH, false);
}

int js_op_path_text(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out)
{
    (void)nargs;
    return js_rows(ctx, args, rows, n, out, JS_PATH, true);
}

/* ---- containment, existence, comparison ---- */

enum { B_CONTAINS, B_CONTAINED, B_EQ, B_NE, B_LT, B_LE, B_GT, B_GE };

static int bool_rows(ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, int op)
{
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        const char *a = TXT(args[0])[i].ptr, *b = TXT(args[1])[i].ptr;
        bool v;
        switch (op) {
        case B_CONTAINS: v = jb_contains(a, b); break;
        case B_CONTAINED: v = jb_contains(b, a); break;
        default: {
            int c = jb_compare(a, b);
            v = op == B_EQ ? c == 0 : op == B_NE ? c != 0 : op == B_LT ? c < 0 : op == B_LE ? c <= 0
                : op == B_GT ? c > 0 : c >= 0;
        }
        }
        r[i] = v;
    });
    return SS_OK;
}

#define BOOL_OP(NAME, OP)                                                                  \
    int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,    \
             uint32_t n, ss_vector *out)                                                   \
    {                                                                                      \
        (void)ctx;                                                                         \
        (void)nargs;                                                                       \
        return bool_rows(args, rows, n, out, OP);                                          \
    }
BOOL_OP(jb_op_contains, B_CONTAINS)
BOOL_OP(jb_op_contained, B_CONTAINED)
BOOL_OP(jb_op_eq, B_EQ)
BOOL_OP(jb_op_ne, B_NE)
BOOL_OP(jb_op_lt, B_LT)
BOOL_OP(jb_op_le, B_LE)
BOOL_OP(jb_op_gt, B_GT)
BOOL_OP(jb_op_ge, B_GE)

int jb_op_exists(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *k = &TXT(args[1])[i];
        r[i] = jb_exists(TXT(args[0])[i].ptr, k->ptr, k->len);
    });
    return SS_OK;
}

static int exists_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                       ss_vector *out, bool all)
{
    ss_arena *a = jfn_arena(ctx);
    if (!a)
        return SS_ERROR;
    uint8_t *r = out->data;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_arena_reset(a);
        json_path keys;
        if ((rc = jfn_path(ctx, args[1], i, a, &keys)) != SS_OK)
            break;
        bool v = all;
        for (uint32_t k = 0; k < keys.n; k++) {
            if (keys.elem[k].isnull)
                continue; /* NULL keys are skipped, as jsonb_exists_any / _all do */
            bool e = jb_exists(TXT(args[0])[i].ptr, keys.elem[k].s, keys.elem[k].len);
            if (all && !e) {
                v = false;
                break;
            }
            if (!all && e) {
                v = true;
                break;
            }
        }
        r[i] = v;
    });
    ss_arena_destroy(a);
    return rc;
}

int jb_op_exists_any(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    (void)nargs;
    return exists_rows(ctx, args, rows, n, out, false);
}

int jb_op_exists_all(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    (void)nargs;
    return exists_rows(ctx, args, rows, n, out, true);
}

/* ---- || and - ---- */

/* The elements of v as an array's: a scalar (PostgreSQL's raw scalar) is its one element. */
static void as_elems(jv *v, jv **items, uint32_t *n)
{
    if (v->kind == JB_ARRAY) {
        *items = v->items;
        *n = v->n;
    } else {
        *items = v;
        *n = 1;
    }
}

int jb_concat_trees(ss_ctx *ctx, jv *x, jv *y, ss_arena *a, jv *out)
{
    memset(out, 0, sizeof *out);
    if (x->kind == JB_OBJECT && y->kind == JB_OBJECT) {
        out->kind = JB_OBJECT;
        out->n = x->n + y->n;
        out->items = ss_arena_alloc(a, 2 * (size_t)out->n * sizeof(jv) + 1);
        if (!out->items)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memcpy(out->items, x->items, 2 * (size_t)x->n * sizeof(jv));
        memcpy(out->items + 2 * x->n, y->items, 2 * (size_t)y->n * sizeof(jv));
        jv_object_normalise(out);
        return SS_OK;
    }
    jv *xi, *yi;
    uint32_t xn, yn;
    /* an object next to an array (or scalar) becomes one element */
    if (x->kind == JB_OBJECT) {
        xi = x;
        xn = 1;
    } else {
        as_elems(x, &xi, &xn);
    }
    if (y->kind == JB_OBJECT) {
        yi = y;
        yn = 1;
    } else {
        as_elems(y, &yi, &yn);
    }
    out->kind = JB_ARRAY;
    out->n = xn + yn;
    out->items = ss_arena_alloc(a, (size_t)out->n * sizeof(jv) + 1);
    if (!out->items)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(out->items, xi, (size_t)xn * sizeof(jv));
    memcpy(out->items + xn, yi, (size_t)yn * sizeof(jv));
    return SS_OK;
}

int jb_op_concat(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out)
{
    (void)nargs;
    ss_arena *a = jfn_arena(ctx);
    if (!a)
        return SS_ERROR;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_arena_reset(a);
        jv *x = jb_decode(ctx, TXT(args[0])[i].ptr, a), *y = jb_decode(ctx, TXT(args[1])[i].ptr, a);
        jv r;
        if (!x || !y || (rc = jb_concat_trees(ctx, x, y, a, &r)) != SS_OK ||
            (rc = jfn_set_tree(ctx, out, i, &r, a)) != SS_OK) {
            rc = SS_ERROR;
            break;
        }
    });
    ss_arena_destroy(a);
    return rc;
}

/* Removes from v (decoded) the object keys or array string elements equal to one of keys. */
static void delete_keys(jv *v, const json_path *keys)
{
    bool obj = v->kind == JB_OBJECT;
    uint32_t w = 0;
    for (uint32_t i = 0; i < v->n; i++) {
        const jv *k = obj ? &v->items[2 * i] : &v->items[i];
        bool drop = false;
        if (k->kind == JB_STRING)
            for (uint32_t j = 0; j < keys->n && !drop; j++)
                drop = !keys->elem[j].isnull && keys->elem[j].len == k->len &&
                       memcmp(keys->elem[j].s, k->s, k->len) == 0;
        if (drop)
            continue;
        if (obj) {
            v->items[2 * w] = v->items[2 * i];
            v->items[2 * w + 1] = v->items[2 * i + 1];
        } else {
            v->items[w] = v->items[i];
        }
        w++;
    }
    v->n = w;
}

enum { DEL_KEY, DEL_KEYS, DEL_INDEX };

static int delete_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                       ss_vector *out, int how)
{
    ss_arena *a = jfn_arena(ctx);
    if (!a)
        return SS_ERROR;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_arena_reset(a);
        const char *p = TXT(args[0])[i].ptr;
        if (p[0] != JB_ARRAY && p[0] != JB_OBJECT) {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "cannot delete from scalar");
            break;
        }
        if (how == DEL_INDEX && p[0] == JB_OBJECT) {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                              "cannot delete from object using integer index");
            break;
        }
        jv *v = jb_decode(ctx, p, a);
        if (!v) {
            rc = SS_ERROR;
            break;
        }
        if (how == DEL_INDEX) {
            int64_t ix = ((const int32_t *)args[1]->data)[i];
            if (ix < 0)
                ix += v->n;
            if (ix >= 0 && ix < v->n) {
                memmove(v->items + ix, v->items + ix + 1, (size_t)(v->n - ix - 1) * sizeof(jv));
                v->n--;
            }
        } else {
            json_path keys;
            json_path_elem one;
            if (how == DEL_KEY) {
                one = (json_path_elem){TXT(args[1])[i].ptr, TXT(args[1])[i].len, false};
                keys = (json_path){1, &one};
            } else if ((rc = jfn_path(ctx, args[1], i, a, &keys)) != SS_OK) {
                break;
            }
            delete_keys(v, &keys);
        }
        if ((rc = jfn_set_tree(ctx, out, i, v, a)) != SS_OK)
            break;
    });
    ss_arena_destroy(a);
    return rc;
}

int jb_op_delete_key(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    (void)nargs;
    return delete_rows(ctx, args, rows, n, out, DEL_KEY);
}

int jb_op_delete_keys(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                      uint32_t n, ss_vector *out)
{
    (void)nargs;
    return delete_rows(ctx, args, rows, n, out, DEL_KEYS);
}

int jb_op_delete_index(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                       uint32_t n, ss_vector *out)
{
    (void)nargs;
    return delete_rows(ctx, args, rows, n, out, DEL_INDEX);
}
