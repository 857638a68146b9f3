/* json_array.c — arrays as JSON (PostgreSQL 15's array_to_json inside datum_to_json and
 * datum_to_jsonb): one JSON array per dimension, the elements as json_build.c writes values
 * (a row type's array's items keyed by its descriptor), an empty array as []; and the SQL
 * function array_to_json(anyarray [, pretty bool]), whose pretty form breaks the line after
 * each comma of the outermost dimension only (",\n "), as array_dim_to_json does. */
#include "types/array/array.h"
#include "types/json/json_fn.h"

/* The items from *k of dimension d of a, written into out (lf: a line feed and a space after
 * each comma of this dimension, never of the inner ones). */
static int dim_text(ss_ctx *ctx, const ss_array *a, int32_t typmod, int d, bool lf, uint32_t *k, ss_strbuf *out)
{
    ss_strbuf_putc(out, '[');
    for (int32_t i = 0; i < a->dims[d]; i++) {
        if (i)
            ss_strbuf_puts(out, lf ? ",\n " : ",");
        if (d + 1 < a->ndims) {
            if (dim_text(ctx, a, typmod, d + 1, false, k, out))
                return SS_ERROR;
            continue;
        }
        ss_value v;
        arr_item(a, (*k)++, &v);
        if (json_append_value(ctx, (ss_type){.id = a->elem, .typmod = typmod}, &v, out))
            return SS_ERROR;
    }
    ss_strbuf_putc(out, ']');
    return SS_OK;
}

/* The typmod the items are read with: a row type's descriptor (the keys of its objects). */
static int32_t item_typmod(const ss_array *a, int32_t typmod)
{
    return a->elem == SS_TYPE_RECORD ? typmod : -1;
}

int json_append_array(ss_ctx *ctx, const ss_text *t, int32_t typmod, bool pretty, ss_strbuf *out)
{
    ss_array a;
    arr_decode(t, &a);
    if (a.ndims == 0) {
        ss_strbuf_puts(out, "[]");
        return SS_OK;
    }
    uint32_t k = 0;
    return dim_text(ctx, &a, item_typmod(&a, typmod), 0, pretty, &k, out);
}

static int dim_tree(ss_ctx *ctx, const ss_array *a, int32_t typmod, int d, uint32_t *k, ss_arena *ar, jv *out)
{
    *out = (jv){.kind = JB_ARRAY, .n = (uint32_t)a->dims[d]};
    out->items = ss_arena_alloc(ar, sizeof(jv) * (a->dims[d] ? (size_t)a->dims[d] : 1));
    if (!out->items)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (int32_t i = 0; i < a->dims[d]; i++) {
        if (d + 1 < a->ndims) {
            if (dim_tree(ctx, a, typmod, d + 1, k, ar, &out->items[i]))
                return SS_ERROR;
            continue;
        }
        ss_value v;
        arr_item(a, (*k)++, &v);
        if (jsonb_from_value(ctx, (ss_type){.id = a->elem, .typmod = typmod}, &v, ar, &out->items[i]))
            return SS_ERROR;
    }
    return SS_OK;
}

int jsonb_from_array(ss_ctx *ctx, const ss_text *t, int32_t typmod, ss_arena *ar, jv *out)
{
    ss_array a;
    arr_decode(t, &a);
    if (a.ndims == 0) {
        *out = (jv){.kind = JB_ARRAY};
        return SS_OK;
    }
    uint32_t k = 0;
    return dim_tree(ctx, &a, item_typmod(&a, typmod), 0, &k, ar, out);
}

/* array_to_json(a [, pretty]): strict, so both are non-NULL here (the binder admits only an
 * array for a). */
static int array_to_json_row(jfn_row *r, int how)
{
    (void)how;
    bool pretty = r->nargs > 1 && ((const bool *)r->args[1]->data)[r->i];
    if (json_append_array(r->ctx, jfn_text(r, 0), r->args[0]->type.typmod, pretty, r->sb) != SS_OK)
        return SS_ERROR;
    return jfn_set_buf(r->ctx, r->out, r->i, r->sb);
}

JFN_ROWS(js_fn_array_to_json, array_to_json_row, 0)
