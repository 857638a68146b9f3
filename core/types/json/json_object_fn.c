/* json_object_fn.c — json_object / jsonb_object over text arrays, PostgreSQL's: one array of
 * alternating keys and values (or of two-column rows), or an array of keys and one of values;
 * NULL keys refused, NULL values JSON null. */
#include "types/array/array.h"
#include "types/json/json_fn.h"

#define SUBSCRIPT_ERROR "2202E" /* ERRCODE_ARRAY_SUBSCRIPT_ERROR */

/* the pairs of one row: keys[k], vals[k] (is_null values allowed), *n of them */
typedef struct obj_pairs {
    ss_value *keys, *vals;
    uint32_t n;
} obj_pairs;

static int alloc_pairs(jfn_row *r, uint32_t n, obj_pairs *p)
{
    p->n = n;
    p->keys = ss_arena_alloc(r->a, sizeof(ss_value) * (n ? n : 1));
    p->vals = ss_arena_alloc(r->a, sizeof(ss_value) * (n ? n : 1));
    if (!p->keys || !p->vals)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

/* json_object(text[]): 1-D with an even count, or 2-D with two columns */
static int pairs_of_one(jfn_row *r, obj_pairs *p)
{
    ss_array arr;
    arr_decode(jfn_text(r, 0), &arr);
    if (arr.ndims == 1 && arr.dims[0] % 2)
        return ss_ctx_error(r->ctx, SUBSCRIPT_ERROR, "array must have even number of elements");
    if (arr.ndims == 2 && arr.dims[1] != 2)
        return ss_ctx_error(r->ctx, SUBSCRIPT_ERROR, "array must have two columns");
    if (arr.ndims > 2)
        return ss_ctx_error(r->ctx, SUBSCRIPT_ERROR, "wrong number of array subscripts");
    if (alloc_pairs(r, arr.nitems / 2, p) != SS_OK)
        return SS_ERROR;
    for (uint32_t k = 0; k < p->n; k++) {
        arr_item(&arr, 2 * k, &p->keys[k]);
        arr_item(&arr, 2 * k + 1, &p->vals[k]);
    }
    return SS_OK;
}

/* json_object(keys text[], values text[]): both 1-D (or both empty) of one length */
static int pairs_of_two(jfn_row *r, obj_pairs *p)
{
    ss_array ka, va;
    arr_decode(jfn_text(r, 0), &ka);
    arr_decode(jfn_text(r, 1), &va);
    if (ka.ndims > 1 || ka.ndims != va.ndims)
        return ss_ctx_error(r->ctx, SUBSCRIPT_ERROR, "wrong number of array subscripts");
    if (ka.nitems != va.nitems)
        return ss_ctx_error(r->ctx, SUBSCRIPT_ERROR, "mismatched array dimensions");
    if (alloc_pairs(r, ka.nitems, p) != SS_OK)
        return SS_ERROR;
    for (uint32_t k = 0; k < p->n; k++) {
        arr_item(&ka, k, &p->keys[k]);
        arr_item(&va, k, &p->vals[k]);
    }
    return SS_OK;
}

enum { OBJ_JSONB = 1 };

static int object_row(jfn_row *r, int how)
{
    obj_pairs p = {0};
    if ((r->nargs == 1 ? pairs_of_one(r, &p) : pairs_of_two(r, &p)) != SS_OK)
        return SS_ERROR;
    for (uint32_t k = 0; k < p.n; k++)
        if (p.keys[k].is_null)
            return ss_ctx_error(r->ctx, "22004", "null value not allowed for object key");
    if (!(how & OBJ_JSONB)) { /* json: {"k" : "v", ...} as written */
        ss_strbuf_putc(r->sb, '{');
        for (uint32_t k = 0; k < p.n; k++) {
            if (k)
                ss_strbuf_puts(r->sb, ", ");
            json_escape(p.keys[k].v.s.ptr, p.keys[k].v.s.len, r->sb);
            ss_strbuf_puts(r->sb, " : ");
            if (p.vals[k].is_null)
                ss_strbuf_puts(r->sb, "null");
            else
                json_escape(p.vals[k].v.s.ptr, p.vals[k].v.s.len, r->sb);
        }
        ss_strbuf_putc(r->sb, '}');
        return jfn_set_buf(r->ctx, r->out, r->i, r->sb);
    }
    jv res = {.kind = JB_OBJECT, .n = p.n};
    res.items = ss_arena_alloc(r->a, sizeof(jv) * 2 * (p.n ? p.n : 1));
    if (!res.items)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t k = 0; k < p.n; k++) {
        res.items[2 * k] = (jv){.kind = JB_STRING, .s = p.keys[k].v.s.ptr, .len = p.keys[k].v.s.len};
        res.items[2 * k + 1] = p.vals[k].is_null
                                   ? (jv){.kind = JB_NULL}
                                   : (jv){.kind = JB_STRING, .s = p.vals[k].v.s.ptr, .len = p.vals[k].v.s.len};
    }
    jv_object_normalise(&res);
    return jfn_set_tree(r->ctx, r->out, r->i, &res, r->a);
}

JFN_ROWS(js_fn_object, object_row, 0)
JFN_ROWS(jb_fn_object, object_row, OBJ_JSONB)
