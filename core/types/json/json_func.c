/* json_func.c — json's and jsonb's scalar functions: jsonb_typeof / json_typeof,
 * jsonb_array_length / json_array_length, jsonb_pretty, jsonb_strip_nulls / json_strip_nulls,
 * jsonb_set, jsonb_insert, #- (jsonb_delete_path) and jsonb_extract_path(_text) /
 * json_extract_path(_text), with PostgreSQL 15's rules and errors. */
#include "types/json/json_fn.h"

#include "types/typeio.h"

#include <inttypes.h>
#include <stdio.h>

#define TXT(v) ((const ss_text *)(v)->data)

const char *jb_type_name(int kind)
{
    switch (kind) {
    case JB_OBJECT: return "object";
    case JB_ARRAY: return "array";
    case JB_STRING: return "string";
    case JB_NUMBER: return "number";
    case JB_TRUE:
    case JB_FALSE: return "boolean";
    default: return "null";
    }
}

/* The kind of the json text's value: its first token decides. */
static int js_kind(const ss_text *t)
{
    for (uint32_t k = 0; k < t->len; k++) {
        switch (t->ptr[k]) {
        case ' ': case '\t': case '\n': case '\r': continue;
        case '{': return JB_OBJECT;
        case '[': return JB_ARRAY;
        case '"': return JB_STRING;
        case 't': return JB_TRUE;
        case 'f': return JB_FALSE;
        case 'n': return JB_NULL;
        default: return JB_NUMBER;
        }
    }
    return JB_NULL;
}

/* jsonb_typeof / json_typeof (how 1: json) */
static int typeof_row(jfn_row *r, int how)
{
    const char *t = jb_type_name(how ? js_kind(jfn_text(r, 0)) : jfn_text(r, 0)->ptr[0]);
    return ss_vector_set_text(r->ctx, r->out, r->i, t, strlen(t));
}

JFN_ROWS(jb_fn_typeof, typeof_row, 0)
JFN_ROWS(js_fn_typeof, typeof_row, 1)

static int array_length_error(ss_ctx *ctx, int kind)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                        kind == JB_OBJECT ? "cannot get array length of a non-array"
                                          : "cannot get array length of a scalar");
}

/* jsonb_array_length / json_array_length (how 1: json) */
static int array_length_row(jfn_row *r, int how)
{
    const ss_text *t = jfn_text(r, 0);
    int kind = how ? js_kind(t) : t->ptr[0];
    if (kind != JB_ARRAY)
        return array_length_error(r->ctx, kind);
    uint32_t n = jb_count(t->ptr);
    if (how) {
        jv *v;
        if (json_parse_spans(r->ctx, t->ptr, t->len, r->a, &v) != SS_OK)
            return SS_ERROR;
        n = v->n;
    }
    ((int32_t *)r->out->data)[r->i] = (int32_t)n;
    return SS_OK;
}

JFN_ROWS(jb_fn_array_length, array_length_row, 0)
JFN_ROWS(js_fn_array_length, array_length_row, 1)

static int pretty_row(jfn_row *r, int how)
{
    (void)how;
    jb_format(jfn_text(r, 0)->ptr, true, r->sb);
    return jfn_set_buf(r->ctx, r->out, r->i, r->sb);
}

JFN_ROWS(jb_fn_pretty, pretty_row, 0)

/* Drops object fields whose value is null, at every depth (array elements stay). */
static void strip_nulls(jv *v)
{
    if (v->kind == JB_ARRAY) {
        for (uint32_t i = 0; i < v->n; i++)
            strip_nulls(&v->items[i]);
    } else if (v->kind == JB_OBJECT) {
        uint32_t w = 0;
        for (uint32_t i = 0; i < v->n; i++) {
            if (v->items[2 * i + 1].kind == JB_NULL)
                continue;
            strip_nulls(&v->items[2 * i + 1]);
            v->items[2 * w] = v->items[2 * i];
            v->items[2 * w + 1] = v->items[2 * i + 1];
            w++;
        }
        v->n = w;
    }
}

/* json_strip_nulls writes the value back token by token, without whitespace. */
static void write_js_compact(const jv *v, ss_strbuf *sb)
{
    switch (v->kind) {
    case JB_OBJECT: {
        ss_strbuf_putc(sb, '{');
        bool first = true;
        for (uint32_t i = 0; i < v->n; i++) {
            if (v->items[2 * i + 1].kind == JB_NULL)
                continue;
            if (!first)
                ss_strbuf_putc(sb, ',');
            first = false;
            ss_strbuf_append(sb, v->items[2 * i].src, v->items[2 * i].srclen);
            ss_strbuf_putc(sb, ':');
            write_js_compact(&v->items[2 * i + 1], sb);
        }
        ss_strbuf_putc(sb, '}');
        break;
    }
    case JB_ARRAY:
        ss_strbuf_putc(sb, '[');
        for (uint32_t i = 0; i < v->n; i++) {
            if (i)
                ss_strbuf_putc(sb, ',');
            write_js_compact(&v->items[i], sb);
        }
        ss_strbuf_putc(sb, ']');
        break;
    default: ss_strbuf_append(sb, v->src, v->srclen);
    }
}

/* jsonb_strip_nulls / json_strip_nulls (how 1: json) */
static int strip_nulls_row(jfn_row *r, int how)
{
    const ss_text *t = jfn_text(r, 0);
    jv *v = NULL;
    if (how) {
        if (json_parse_spans(r->ctx, t->ptr, t->len, r->a, &v) != SS_OK)
            return SS_ERROR;
        write_js_compact(v, r->sb);
        return jfn_set_buf(r->ctx, r->out, r->i, r->sb);
    }
    if (!(v = jb_decode(r->ctx, t->ptr, r->a)))
        return SS_ERROR;
    strip_nulls(v);
    return jfn_set_tree(r->ctx, r->out, r->i, v, r->a);
}

JFN_ROWS(jb_fn_strip_nulls, strip_nulls_row, 0)
JFN_ROWS(js_fn_strip_nulls, strip_nulls_row, 1)

/* ---- setPath: jsonb_set, jsonb_insert, #- ---- */

/* OP_ASSIGN: subscript assignment (PostgreSQL's JB_PATH_CREATE | JB_PATH_FILL_GAPS |
   JB_PATH_CONSISTENT_POSITION): missing levels are created, an array is filled with nulls up
   to the index, and a scalar on the way or an index before the start is an error. */
enum { OP_REPLACE = 1, OP_CREATE = 2, OP_INSERT_BEFORE = 4, OP_INSERT_AFTER = 8, OP_DELETE = 16, OP_ASSIGN = 32 };
#define OP_CREATE_OR_INSERT (OP_CREATE | OP_INSERT_BEFORE | OP_INSERT_AFTER | OP_ASSIGN)

typedef struct set_state {
    ss_ctx *ctx;
    ss_arena *a;
    const json_path *path;
    const jv *newval;
    int op;
} set_state;

static int set_path(set_state *st, jv *v, uint32_t level);

static jv *grow(set_state *st, const jv *items, size_t n, size_t extra)
{
    jv *r = ss_arena_alloc(st->a, (n + extra) * sizeof(jv) + 1);
    if (!r) {
        ss_ctx_error(st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    if (n)
        memcpy(r, items, n * sizeof(jv));
    return r;
}

/* JSONB_MAX_ELEMS: the most elements an array may get by filling a gap. */
#define ASSIGN_MAX_ELEMS 0x0FFFFFFF

static int too_many_elements(set_state *st)
{
    return ss_ctx_error(st->ctx, "54000", "number of jsonb array elements exceeds the maximum allowed (%d)",
                        ASSIGN_MAX_ELEMS);
}

/* OP_ASSIGN past the existing levels: the value for path[level..] built from nothing
 * (PostgreSQL's push_path): an element that reads as an integer makes an array with that
 * many nulls before the rest, any other an object of one key. */
static int build_missing(set_state *st, uint32_t level, jv *out)
{
    if (level == st->path->n) {
        *out = *st->newval;
        return SS_OK;
    }
    const json_path_elem *e = &st->path->elem[level];
    if (e->isnull)
        return ss_ctx_error(st->ctx, "22004", "jsonb subscript in assignment must not be null");
    int64_t idx;
    bool array = json_path_index(e, &idx);
    size_t nulls = array && idx > 0 ? (size_t)idx : 0;
    if (nulls >= ASSIGN_MAX_ELEMS)
        return too_many_elements(st);
    jv *items = grow(st, NULL, 0, array ? nulls + 1 : 2);
    if (!items)
        return SS_ERROR;
    if (array) {
        for (size_t i = 0; i < nulls; i++)
            items[i] = (jv){.kind = JB_NULL};
        *out = (jv){.kind = JB_ARRAY, .n = (uint32_t)nulls + 1, .items = items};
        return build_missing(st, level + 1, &items[nulls]);
    }
    items[0] = (jv){.kind = JB_STRING, .s = e->s, .len = e->len};
    *out = (jv){.kind = JB_OBJECT, .n = 1, .items = items};
    return build_missing(st, level + 1, &items[1]);
}

static int assign_into_scalar(set_state *st)
{
    ss_ctx_error(st->ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "cannot replace existing key");
    ss_ctx_error_detail(st->ctx, "The path assumes key is a composite object, but it is a scalar value.");
    return SS_ERROR;
}

static int set_object(set_state *st, jv *v, uint32_t level)
{
    const json_path *path = st->path;
    const json_path_elem *e = &path->elem[level];
    bool last = level == path->n - 1;
    for (uint32_t i = 0; i < v->n; i++) {
        jv *k = &v->items[2 * i];
        if (k->len != e->len || memcmp(k->s, e->s, e->len) != 0)
            continue;
        if (!last)
            return set_path(st, &v->items[2 * i + 1], level + 1);
        if (st->op & (OP_INSERT_BEFORE | OP_INSERT_AFTER)) {
            ss_ctx_error(st->ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "cannot replace existing key");
            ss_ctx_error_hint(st->ctx, "Try using the function jsonb_set to replace key value.");
            return SS_ERROR;
        }
        if (st->op & OP_DELETE) {
            memmove(v->items + 2 * i, v->items + 2 * i + 2, 2 * (size_t)(v->n - i - 1) * sizeof(jv));
            v->n--;
        } else {
            v->items[2 * i + 1] = *st->newval;
        }
        return SS_OK;
    }
    if ((st->op & OP_CREATE_OR_INSERT) && (last || (st->op & OP_ASSIGN))) {
        jv *items = grow(st, v->items, 2 * (size_t)v->n, 2);
        if (!items)
            return SS_ERROR;
        items[2 * v->n] = (jv){.kind = JB_STRING, .s = e->s, .len = e->len};
        if (build_missing(st, level + 1, &items[2 * v->n + 1]) != SS_OK)
            return SS_ERROR;
        v->items = items;
        v->n++;
        jv_object_normalise(v);
    }
    return SS_OK;
}

static int set_array(set_state *st, jv *v, uint32_t level)
{
    const json_path *path = st->path;
    const json_path_elem *e = &path->elem[level];
    bool last = level == path->n - 1;
    int64_t n = v->n, idx;
    if (!json_path_index(e, &idx)) {
        ss_ctx_error(st->ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION,
                     "path element at position %u is not an integer: \"%.*s\"", level + 1,
                     (int)e->len, e->s);
        return SS_ERROR;
    }
    if (st->op & OP_ASSIGN) {
        if (idx < 0 && -idx > n)
            return ss_ctx_error(st->ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                                "path element at position %u is out of range: %" PRId64, level + 1, idx);
        if (idx < 0)
            idx += n;
        if (idx < n)
            return last ? (v->items[idx] = *st->newval, SS_OK) : set_path(st, &v->items[idx], level + 1);
        if (idx >= ASSIGN_MAX_ELEMS)
            return too_many_elements(st);
        jv *items = grow(st, v->items, (size_t)n, (size_t)(idx - n) + 1);
        if (!items)
            return SS_ERROR;
        for (int64_t i = n; i < idx; i++)
            items[i] = (jv){.kind = JB_NULL};
        v->items = items;
        v->n = (uint32_t)idx + 1;
        return build_missing(st, level + 1, &items[idx]);
    }
    bool prepend = false;
    if (idx < 0) {
        if (-idx > n)
            prepend = true;
        else
            idx += n;
    }
    if (!prepend && idx > n)
        idx = n;
    if ((prepend || n == 0) && last && (st->op & OP_CREATE_OR_INSERT)) {
        jv *items = grow(st, NULL, 0, (size_t)n + 1);
        if (!items)
            return SS_ERROR;
        items[0] = *st->newval;
        if (n)
            memcpy(items + 1, v->items, (size_t)n * sizeof(jv));
        v->items = items;
        v->n++;
        return SS_OK;
    }
    if (!prepend && idx < n) {
        if (!last)
            return set_path(st, &v->items[idx], level + 1);
        if (st->op & (OP_REPLACE | OP_CREATE)) {
            v->items[idx] = *st->newval;
        } else if (st->op & OP_DELETE) {
            memmove(v->items + idx, v->items + idx + 1, (size_t)(n - idx - 1) * sizeof(jv));
            v->n--;
        } else {
            jv *items = grow(st, NULL, 0, (size_t)n + 1);
            if (!items)
                return SS_ERROR;
            int64_t at = st->op & OP_INSERT_AFTER ? idx + 1 : idx;
            memcpy(items, v->items, (size_t)at * sizeof(jv));
            items[at] = *st->newval;
            memcpy(items + at + 1, v->items + at, (size_t)(n - at) * sizeof(jv));
            v->items = items;
            v->n++;
        }
        return SS_OK;
    }
    if ((st->op & OP_CREATE_OR_INSERT) && last && !prepend) {
        jv *items = grow(st, v->items, (size_t)n, 1);
        if (!items)
            return SS_ERROR;
        items[n] = *st->newval;
        v->items = items;
        v->n++;
    }
    return SS_OK;
}

static int set_path(set_state *st, jv *v, uint32_t level)
{
    if (ss_ctx_check_stack(st->ctx) != SS_OK)
        return SS_ERROR;
    if (st->path->elem[level].isnull) {
        if (st->op & OP_ASSIGN)
            return ss_ctx_error(st->ctx, "22004", "jsonb subscript in assignment must not be null");
        ss_ctx_error(st->ctx, JSON_SQLSTATE_NULL_NOT_ALLOWED, "path element at position %u is null",
                     level + 1);
        return SS_ERROR;
    }
    if (v->kind == JB_OBJECT)
        return set_object(st, v, level);
    if (v->kind == JB_ARRAY)
        return set_array(st, v, level);
    if (st->op & OP_ASSIGN)
        return assign_into_scalar(st);
    return SS_OK; /* a scalar on the way stays as it is */
}

/* jsonb_set / jsonb_insert / #- of one row; newval (an encoded jsonb) replaces argument 2 */
static int set_row_with(jfn_row *r, int kind, const char *newval)
{
    const char *p = jfn_text(r, 0)->ptr;
    bool flag = kind == OP_DELETE ? false : r->nargs > 3 ? ((const uint8_t *)r->args[3]->data)[r->i] != 0
                                                         : kind == OP_CREATE;
    int op = kind == OP_DELETE ? OP_DELETE
             : kind == OP_CREATE ? (flag ? OP_CREATE : OP_REPLACE)
                                 : (flag ? OP_INSERT_AFTER : OP_INSERT_BEFORE);
    if (p[0] != JB_ARRAY && p[0] != JB_OBJECT)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            op == OP_DELETE ? "cannot delete path in scalar" : "cannot set path in scalar");
    json_path path;
    if (jfn_path(r->ctx, r->args[1], r->i, r->a, &path) != SS_OK)
        return SS_ERROR;
    if (path.n == 0 || (op == OP_REPLACE && jb_count(p) == 0))
        return jfn_set_jsonb(r->ctx, r->out, r->i, p);
    jv *v = jb_decode(r->ctx, p, r->a);
    jv *nv = op == OP_DELETE ? NULL : jb_decode(r->ctx, newval ? newval : jfn_text(r, 2)->ptr, r->a);
    if (!v || (op != OP_DELETE && !nv))
        return SS_ERROR;
    set_state st = {r->ctx, r->a, &path, nv, op};
    if (set_path(&st, v, 0) != SS_OK)
        return SS_ERROR;
    return jfn_set_tree(r->ctx, r->out, r->i, v, r->a);
}

static int set_row(jfn_row *r, int kind)
{
    return set_row_with(r, kind, NULL);
}

/* jsonb_set_lax(target, path, new_value [, create_if_missing [, null_value_treatment]]),
   non-strict: a NULL new value is JSON null, deletes the key, returns the target or raises */
static int set_lax_row(jfn_row *r, int how)
{
    (void)how;
    static const char *const bad_treatment =
        "null_value_treatment must be \"delete_key\", \"return_target\", \"use_json_null\", or \"raise_exception\"";
    if (ss_vector_is_null(r->args[0], r->i) || ss_vector_is_null(r->args[1], r->i) ||
        (r->nargs > 3 && ss_vector_is_null(r->args[3], r->i)))
        return jfn_set_null(r->ctx, r->out, r->i);
    if (r->nargs > 4 && ss_vector_is_null(r->args[4], r->i))
        return ss_ctx_error(r->ctx, "22004", "%s", bad_treatment);
    if (!ss_vector_is_null(r->args[2], r->i))
        return set_row_with(r, OP_CREATE, NULL);
    const ss_text *t = r->nargs > 4 ? jfn_text(r, 4) : NULL;
    const char *how_s = t ? t->ptr : "use_json_null";
    size_t len = t ? t->len : strlen(how_s);
#define IS(w) (len == strlen(w) && memcmp(how_s, w, len) == 0)
    if (IS("raise_exception")) {
        ss_ctx_error(r->ctx, "22004", "JSON value must not be null");
        ss_ctx_error_detail(r->ctx, "Exception was raised because null_value_treatment is \"raise_exception\".");
        ss_ctx_error_hint(r->ctx, "To avoid, either change the null_value_treatment argument or ensure that an SQL NULL is not passed.");
        return SS_ERROR;
    }
    if (IS("use_json_null")) {
        jv null_v = {.kind = JB_NULL};
        ss_text enc;
        if (jb_encode(r->ctx, &null_v, r->a, &enc) != SS_OK)
            return SS_ERROR;
        return set_row_with(r, OP_CREATE, enc.ptr);
    }
    if (IS("delete_key"))
        return set_row_with(r, OP_DELETE, NULL);
    if (IS("return_target"))
        return jfn_set_jsonb(r->ctx, r->out, r->i, jfn_text(r, 0)->ptr);
#undef IS
    return ss_ctx_error(r->ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "%s", bad_treatment);
}

JFN_ROWS(jb_fn_set, set_row, OP_CREATE)
JFN_ROWS(jb_fn_set_lax, set_lax_row, 0)
JFN_ROWS(jb_fn_insert, set_row, OP_INSERT_BEFORE)
JFN_ROWS(jb_fn_delete_path, set_row, OP_DELETE)

/* jsonb subscript assignment: (base, value, path elements as text...), PostgreSQL's
   jsonb_subscript_assign.  A NULL base is an empty array when the first subscript was an
   integer (how = 1: the binder picks jb_def_subscript_assign[1] then), else an empty object;
   a NULL value is JSON null. */
static int assign_row(jfn_row *r, int how)
{
    (void)how;
    uint32_t depth = r->nargs - 2;
    json_path_elem *elems = ss_arena_alloc(r->a, depth * sizeof *elems + 1);
    if (!elems)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t k = 0; k < depth; k++) {
        const ss_vector *a = r->args[2 + k];
        bool isnull = ss_vector_is_null(a, r->i);
        if (isnull)
            return ss_ctx_error(r->ctx, "22004", "jsonb subscript in assignment must not be null");
        const ss_text *t = &((const ss_text *)a->data)[r->i];
        elems[k] = (json_path_elem){t->ptr, t->len, false};
    }
    json_path path = {depth, elems};
    static const jv json_null = {.kind = JB_NULL};
    const jv *nv = &json_null;
    if (!ss_vector_is_null(r->args[1], r->i) && !(nv = jb_decode(r->ctx, jfn_text(r, 1)->ptr, r->a)))
        return SS_ERROR;
    jv root;
    if (ss_vector_is_null(r->args[0], r->i)) {
        root = (jv){.kind = how ? JB_ARRAY : JB_OBJECT};
    } else {
        jv *v = jb_decode(r->ctx, jfn_text(r, 0)->ptr, r->a);
        if (!v)
            return SS_ERROR;
        root = *v;
    }
    set_state st = {r->ctx, r->a, &path, nv, OP_ASSIGN};
    if (set_path(&st, &root, 0) != SS_OK)
        return SS_ERROR;
    return jfn_set_tree(r->ctx, r->out, r->i, &root, r->a);
}

JFN_ROWS(jb_fn_subscript_assign_object, assign_row, 0)
JFN_ROWS(jb_fn_subscript_assign_array, assign_row, 1)

const ss_func_def jb_def_subscript_assign[2] = {
    {.name = "jsonb subscript assignment", .nargs = 3, .variadic_any = true, .result = SS_TYPE_JSONB,
     .eval = jb_fn_subscript_assign_object},
    {.name = "jsonb subscript assignment", .nargs = 3, .variadic_any = true, .result = SS_TYPE_JSONB,
     .eval = jb_fn_subscript_assign_array},
};

/* ---- jsonb_extract_path(from_json, VARIADIC path_elems text[]) ---- */

/* The path of a variadic call: arguments 1..nargs-1 at row (NULL arguments are NULL steps). */
static void variadic_path(ss_vector *const *args, uint32_t nargs, uint32_t row, json_path_elem *elems,
                          json_path *path)
{
    path->n = nargs - 1;
    path->elem = elems;
    for (uint32_t k = 1; k < nargs; k++) {
        const ss_text *t = &TXT(args[k])[row];
        elems[k - 1] = (json_path_elem){t->ptr, t->len, ss_vector_is_null(args[k], row)};
    }
}

/* The path elements of a variadic call must be text (PostgreSQL's VARIADIC text[]): else its
 * 42883 naming the argument types. */
static int check_text_args(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const char *fn)
{
    bool ok = true;
    for (uint32_t k = 1; k < nargs; k++)
        ok &= ss_type_is_text(args[k]->type.id);
    if (ok)
        return SS_OK;
    ss_strbuf sig;
    ss_strbuf_init(&sig);
    for (uint32_t k = 0; k < nargs; k++) {
        char name[64];
        ss_strbuf_puts(&sig, k ? ", " : "");
        ss_strbuf_puts(&sig, ss_type_display_name(args[k]->type, name, sizeof name));
    }
    ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_FUNCTION, "function %s(%s) does not exist", fn,
                 sig.data ? sig.data : "");
    ss_ctx_error_hint(ctx, "No function matches the given name and argument types. You might need to add "
                           "explicit type casts.");
    ss_strbuf_free(&sig);
    return SS_ERROR;
}

enum { EX_JSON = 1, EX_TEXT = 2 };

static const char *const extract_names[] = {"jsonb_extract_path", "json_extract_path", "jsonb_extract_path_text",
                                            "json_extract_path_text"};

/* jsonb_extract_path(_text) / json_extract_path(_text): the variadic arguments as the path of
 * #> / #>> (how: EX_JSON, EX_TEXT) */
static int extract_row(jfn_row *r, int how)
{
    if (check_text_args(r->ctx, r->args, r->nargs, extract_names[how]) != SS_OK)
        return SS_ERROR;
    if (ss_vector_is_null(r->args[0], r->i))
        return jfn_set_null(r->ctx, r->out, r->i);
    json_path_elem *elems = ss_arena_alloc(r->a, (size_t)r->nargs * sizeof *elems);
    if (!elems)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    json_path path;
    variadic_path(r->args, r->nargs, r->i, elems, &path);
    bool as_text = how & EX_TEXT;
    return how & EX_JSON ? js_path_emit(r->ctx, r->out, r->i, jfn_text(r, 0), &path, as_text, r->a)
                         : jb_path_emit(r->ctx, r->out, r->i, jfn_text(r, 0)->ptr, &path, as_text, r->sb);
}

JFN_ROWS(jb_fn_extract_path, extract_row, 0)
JFN_ROWS(js_fn_extract_path, extract_row, EX_JSON)
JFN_ROWS(jb_fn_extract_path_text, extract_row, EX_TEXT)
JFN_ROWS(js_fn_extract_path_text, extract_row, EX_JSON | EX_TEXT)
