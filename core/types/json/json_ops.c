/* json_ops.c — the operators of json and jsonb as vectorised evaluation callbacks: -> and ->>
 * (key, index, negative index), #> and #>> (paths), jsonb's @>, <@, ?, ?|, ?&, ||, - (key,
 * index, keys), #- and its comparisons (PostgreSQL's jsonb_cmp). */
#include "types/json/json_fn.h"

/* ->> and #>> of a jsonb value: NULL for null, a string's text, any other value as jsonb_out. */
static int set_jsonb_text(ss_ctx *ctx, ss_vector *out, uint32_t row, const char *p, ss_strbuf *sb)
{
    if (!p || p[0] == JB_NULL)
        return jfn_set_null(ctx, out, row);
    ss_strbuf_clear(sb);
    jb_format_text(p, sb);
    return jfn_set_buf(ctx, out, row, sb);
}

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

enum { NAV_FIELD, NAV_ELEM, NAV_PATH };

/* jsonb -> / ->> (how: NAV_FIELD or NAV_ELEM, plus 8 for the text form), #> / #>> */
static int jb_nav_row(jfn_row *r, int how)
{
    bool as_text = how & 8;
    const char *doc = jfn_text(r, 0)->ptr, *v;
    switch (how & 7) {
    case NAV_FIELD: v = jb_object_get(doc, jfn_text(r, 1)->ptr, jfn_text(r, 1)->len); break;
    case NAV_ELEM: v = jb_elem(doc, jfn_int(r, 1)); break;
    default: {
        json_path path;
        if (jfn_path(r->ctx, r->args[1], r->i, r->a, &path) != SS_OK)
            return SS_ERROR;
        return jb_path_emit(r->ctx, r->out, r->i, doc, &path, as_text, r->sb);
    }
    }
    return as_text ? set_jsonb_text(r->ctx, r->out, r->i, v, r->sb) : jfn_set_jsonb(r->ctx, r->out, r->i, v);
}

JFN_ROWS(jb_op_field, jb_nav_row, NAV_FIELD)
JFN_ROWS(jb_op_field_text, jb_nav_row, NAV_FIELD | 8)
JFN_ROWS(jb_op_elem, jb_nav_row, NAV_ELEM)
JFN_ROWS(jb_op_elem_text, jb_nav_row, NAV_ELEM | 8)
JFN_ROWS(jb_op_path, jb_nav_row, NAV_PATH)
JFN_ROWS(jb_op_path_text, jb_nav_row, NAV_PATH | 8)

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

static int js_nav_row(jfn_row *r, int how)
{
    bool as_text = how & 8;
    const ss_text *doc = jfn_text(r, 0);
    if ((how & 7) == NAV_PATH) {
        json_path path;
        if (jfn_path(r->ctx, r->args[1], r->i, r->a, &path) != SS_OK)
            return SS_ERROR;
        return js_path_emit(r->ctx, r->out, r->i, doc, &path, as_text, r->a);
    }
    jv *v;
    if (json_parse_spans(r->ctx, doc->ptr, doc->len, r->a, &v) != SS_OK)
        return SS_ERROR;
    const jv *res = (how & 7) == NAV_FIELD ? js_field(v, jfn_text(r, 1)->ptr, jfn_text(r, 1)->len)
                                           : js_elem(v, jfn_int(r, 1));
    return set_js(r->ctx, r->out, r->i, res, as_text);
}

JFN_ROWS(js_op_field, js_nav_row, NAV_FIELD)
JFN_ROWS(js_op_field_text, js_nav_row, NAV_FIELD | 8)
JFN_ROWS(js_op_elem, js_nav_row, NAV_ELEM)
JFN_ROWS(js_op_elem_text, js_nav_row, NAV_ELEM | 8)
JFN_ROWS(js_op_path, js_nav_row, NAV_PATH)
JFN_ROWS(js_op_path_text, js_nav_row, NAV_PATH | 8)

/* ---- containment, existence, comparison ---- */

enum { B_CONTAINS, B_CONTAINED, B_EQ, B_NE, B_LT, B_LE, B_GT, B_GE, B_EXISTS, B_ANY, B_ALL };

/* ?| and ?&: whether any / all of the (non-NULL) keys exist */
static int exists_keys(jfn_row *r, bool all, bool *v)
{
    json_path keys;
    if (jfn_path(r->ctx, r->args[1], r->i, r->a, &keys) != SS_OK)
        return SS_ERROR;
    *v = all;
    for (uint32_t k = 0; k < keys.n; k++) {
        if (keys.elem[k].isnull)
            continue; /* NULL keys are skipped, as jsonb_exists_any / _all do */
        if (jb_exists(jfn_text(r, 0)->ptr, keys.elem[k].s, keys.elem[k].len) != all) {
            *v = !all;
            break;
        }
    }
    return SS_OK;
}

static int bool_row(jfn_row *r, int op)
{
    const char *a = jfn_text(r, 0)->ptr, *b = jfn_text(r, 1)->ptr;
    bool v;
    switch (op) {
    case B_CONTAINS: v = jb_contains(a, b); break;
    case B_CONTAINED: v = jb_contains(b, a); break;
    case B_EXISTS: v = jb_exists(a, b, jfn_text(r, 1)->len); break;
    case B_ANY:
    case B_ALL:
        if (exists_keys(r, op == B_ALL, &v) != SS_OK)
            return SS_ERROR;
        break;
    default: {
        int c = jb_compare(a, b);
        v = op == B_EQ ? c == 0 : op == B_NE ? c != 0 : op == B_LT ? c < 0 : op == B_LE ? c <= 0
            : op == B_GT ? c > 0 : c >= 0;
    }
    }
    ((uint8_t *)r->out->data)[r->i] = v;
    return SS_OK;
}

JFN_ROWS(jb_op_contains, bool_row, B_CONTAINS)
JFN_ROWS(jb_op_contained, bool_row, B_CONTAINED)
JFN_ROWS(jb_op_eq, bool_row, B_EQ)
JFN_ROWS(jb_op_ne, bool_row, B_NE)
JFN_ROWS(jb_op_lt, bool_row, B_LT)
JFN_ROWS(jb_op_le, bool_row, B_LE)
JFN_ROWS(jb_op_gt, bool_row, B_GT)
JFN_ROWS(jb_op_ge, bool_row, B_GE)
JFN_ROWS(jb_op_exists, bool_row, B_EXISTS)
JFN_ROWS(jb_op_exists_any, bool_row, B_ANY)
JFN_ROWS(jb_op_exists_all, bool_row, B_ALL)

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

static int concat_row(jfn_row *r, int how)
{
    (void)how;
    jv *x = jb_decode(r->ctx, jfn_text(r, 0)->ptr, r->a), *y = jb_decode(r->ctx, jfn_text(r, 1)->ptr, r->a);
    jv res;
    if (!x || !y || jb_concat_trees(r->ctx, x, y, r->a, &res) != SS_OK)
        return SS_ERROR;
    return jfn_set_tree(r->ctx, r->out, r->i, &res, r->a);
}

JFN_ROWS(jb_op_concat, concat_row, 0)

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

static int delete_row(jfn_row *r, int how)
{
    const char *p = jfn_text(r, 0)->ptr;
    if (p[0] != JB_ARRAY && p[0] != JB_OBJECT)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "cannot delete from scalar");
    if (how == DEL_INDEX && p[0] == JB_OBJECT)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "cannot delete from object using integer index");
    jv *v = jb_decode(r->ctx, p, r->a);
    if (!v)
        return SS_ERROR;
    if (how == DEL_INDEX) {
        int64_t ix = jfn_int(r, 1);
        if (ix < 0)
            ix += v->n;
        if (ix >= 0 && ix < v->n) {
            memmove(v->items + ix, v->items + ix + 1, (size_t)(v->n - ix - 1) * sizeof(jv));
            v->n--;
        }
    } else {
        json_path keys;
        json_path_elem one = {jfn_text(r, 1)->ptr, jfn_text(r, 1)->len, false};
        if (how == DEL_KEY)
            keys = (json_path){1, &one};
        else if (jfn_path(r->ctx, r->args[1], r->i, r->a, &keys) != SS_OK)
            return SS_ERROR;
        delete_keys(v, &keys);
    }
    return jfn_set_tree(r->ctx, r->out, r->i, v, r->a);
}

JFN_ROWS(jb_op_delete_key, delete_row, DEL_KEY)
JFN_ROWS(jb_op_delete_keys, delete_row, DEL_KEYS)
JFN_ROWS(jb_op_delete_index, delete_row, DEL_INDEX)
