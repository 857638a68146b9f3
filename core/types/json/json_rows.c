/* json_rows.c — what the evaluation callbacks of json and jsonb share: the row driver (one
 * function per row, with a scratch arena and a string buffer renewed for each row) and the
 * ways a row's result is written (NULL, an encoded jsonb value, a tree, a string buffer). */
#include "types/json/json_fn.h"

#include "types/array/array.h"

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

int jfn_path(ss_ctx *ctx, const ss_vector *v, uint32_t row, ss_arena *a, json_path *out)
{
    const ss_text *t = &((const ss_text *)v->data)[row];
    if (v->type.id != SS_TYPE_TEXT_ARRAY)
        return json_path_parse(ctx, t, a, out);
    /* a text[] value: its items in row-major order, as deconstruct_array gives them */
    ss_array arr;
    arr_decode(t, &arr);
    memset(out, 0, sizeof *out);
    out->elem = ss_arena_alloc(a, sizeof *out->elem * (arr.nitems ? arr.nitems : 1));
    if (!out->elem)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t k = 0; k < arr.nitems; k++) {
        ss_value item;
        arr_item(&arr, k, &item);
        out->elem[k] = (json_path_elem){.s = item.v.s.ptr, .len = item.v.s.len, .isnull = item.is_null};
    }
    out->n = arr.nitems;
    return SS_OK;
}

int jfn_rows(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
             ss_vector *out, jfn_row_fn fn, int how)
{
    ss_arena *a = ss_arena_create();
    if (!a)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    jfn_row r = {ctx, args, nargs, 0, out, a, &sb};
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_arena_reset(a);
        ss_strbuf_clear(&sb);
        r.i = i;
        if ((rc = fn(&r, how)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    ss_arena_destroy(a);
    return rc;
}
