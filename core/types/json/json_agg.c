/* json_agg.c — the kernel's half of json_agg / jsonb_agg / json_object_agg / jsonb_object_agg:
 * the aggregate module concatenates JSON text (operators/aggregate, AGG_JSON_ARRAY and
 * AGG_JSON_OBJECT), fed per row by the functions here, which the binder puts around the
 * arguments (a value as JSON text, NULL as null; an object key as a JSON string), and the
 * result is read back as json or parsed as jsonb (so jsonb_object_agg's duplicate keys keep the
 * last value). */
#include "types/json/json_agg.h"

#include "types/json/json_fn.h"

#define TXT(v) ((const ss_text *)(v)->data)

/* A value as datum_to_json / datum_to_jsonb writes it; NULL is null (never SQL NULL). */
static int elem_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                     ss_vector *out, bool jsonb)
{
    ss_arena *a = jsonb ? jfn_arena(ctx) : NULL;
    if (jsonb && !a)
        return SS_ERROR;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_value v;
        json_read_value(args[0], i, &v);
        ss_strbuf_clear(&sb);
        if (jsonb) {
            ss_arena_reset(a);
            jv t;
            ss_text enc;
            if ((rc = jsonb_from_value(ctx, args[0]->type, &v, a, &t)) != SS_OK ||
                (rc = jb_encode(ctx, &t, a, &enc)) != SS_OK)
                break;
            jb_format(enc.ptr, false, &sb);
        } else if ((rc = json_append_value(ctx, args[0]->type, &v, &sb)) != SS_OK) {
            break;
        }
        if ((rc = jfn_set_buf(ctx, out, i, &sb)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    if (a)
        ss_arena_destroy(a);
    return rc;
}

static int js_agg_elem(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                       uint32_t n, ss_vector *out)
{
    (void)nargs;
    return elem_rows(ctx, args, rows, n, out, false);
}

static int jb_agg_elem(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                       uint32_t n, ss_vector *out)
{
    (void)nargs;
    return elem_rows(ctx, args, rows, n, out, true);
}

/* An object key: its output text as a JSON string; NULL stays NULL (the module's error). */
static int agg_key(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                   uint32_t n, ss_vector *out)
{
    (void)nargs;
    int32_t t = args[0]->type.id;
    if (t == SS_TYPE_JSON || t == SS_TYPE_JSONB)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "key value must be scalar, not array, composite, or json");
    ss_strbuf sb, key;
    ss_strbuf_init(&sb);
    ss_strbuf_init(&key);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_value v;
        json_read_value(args[0], i, &v);
        if (v.is_null) {
            if ((rc = jfn_set_null(ctx, out, i)) != SS_OK)
                break;
            continue;
        }
        ss_strbuf_clear(&key);
        ss_strbuf_clear(&sb);
        /* the key's JSON text, then as a string: numbers and booleans become "1", "true" */
        if ((rc = json_append_value(ctx, args[0]->type, &v, &key)) != SS_OK)
            break;
        const char *k = key.data ? key.data : "";
        if (key.len && k[0] == '"')
            ss_strbuf_append(&sb, k, key.len);
        else
            json_escape(k, key.len, &sb);
        if ((rc = jfn_set_buf(ctx, out, i, &sb)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    ss_strbuf_free(&key);
    return rc;
}

/* The module's text as json (a copy) or parsed as jsonb. */
static int agg_result(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                      uint32_t n, ss_vector *out, bool jsonb)
{
    (void)nargs;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *t = &TXT(args[0])[i];
        if (jsonb) {
            ss_value v;
            if ((rc = jsonb_input(ctx, t->ptr, t->len, &v, NULL)) != SS_OK)
                break;
            t = &v.v.s;
            rc = ss_vector_set_text(ctx, out, i, t->ptr, t->len);
        } else {
            rc = ss_vector_set_text(ctx, out, i, t->ptr, t->len);
        }
        if (rc != SS_OK)
            break;
    });
    return rc;
}

static int js_agg_result(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                         uint32_t n, ss_vector *out)
{
    return agg_result(ctx, args, nargs, rows, n, out, false);
}

static int jb_agg_result(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                         uint32_t n, ss_vector *out)
{
    return agg_result(ctx, args, nargs, rows, n, out, true);
}

const ss_func_def json_agg_elem_def = {"to_json", 1, true, false, {0}, SS_TYPE_TEXT, js_agg_elem};
const ss_func_def jsonb_agg_elem_def = {"to_jsonb", 1, true, false, {0}, SS_TYPE_TEXT, jb_agg_elem};
const ss_func_def json_agg_key_def = {"json_object_agg_key", 1, true, false, {0}, SS_TYPE_TEXT, agg_key};
const ss_func_def json_agg_result_def = {"json", 1, false, true, {SS_TYPE_TEXT}, SS_TYPE_JSON, js_agg_result};
const ss_func_def jsonb_agg_result_def = {"jsonb", 1, false, true, {SS_TYPE_TEXT}, SS_TYPE_JSONB, jb_agg_result};
