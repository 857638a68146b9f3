/* json_agg.c — the kernel's half of json_agg / jsonb_agg / json_object_agg / jsonb_object_agg:
 * the aggregate module concatenates JSON text (operators/aggregate, AGG_JSON_ARRAY and
 * AGG_JSON_OBJECT), fed per row by the functions here, which the binder puts around the
 * arguments (a value as JSON text, NULL as null; an object key as a JSON string), and the
 * result is read back as json or parsed as jsonb (so jsonb_object_agg's duplicate keys keep the
 * last value). */
#include "types/json/json_agg.h"

#include "types/json/json_fn.h"

/* A value as datum_to_json / datum_to_jsonb writes it (how 1: jsonb); NULL is null (never SQL
 * NULL). */
static int elem_row(jfn_row *r, int how)
{
    ss_value v;
    json_read_value(r->args[0], r->i, &v);
    if (how) {
        jv t;
        ss_text enc;
        if (jsonb_from_value(r->ctx, r->args[0]->type, &v, r->a, &t) != SS_OK ||
            jb_encode(r->ctx, &t, r->a, &enc) != SS_OK)
            return SS_ERROR;
        jb_format(enc.ptr, false, r->sb);
    } else if (json_append_value(r->ctx, r->args[0]->type, &v, r->sb) != SS_OK) {
        return SS_ERROR;
    }
    return jfn_set_buf(r->ctx, r->out, r->i, r->sb);
}

static JFN_ROWS(js_agg_elem, elem_row, 0)
static JFN_ROWS(jb_agg_elem, elem_row, 1)

/* An object key: its output text as a JSON string; NULL stays NULL (the module's error). */
static int key_row(jfn_row *r, int how)
{
    (void)how;
    int32_t t = r->args[0]->type.id;
    if (t == SS_TYPE_JSON || t == SS_TYPE_JSONB)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "key value must be scalar, not array, composite, or json");
    ss_value v;
    json_read_value(r->args[0], r->i, &v);
    if (v.is_null)
        return jfn_set_null(r->ctx, r->out, r->i);
    /* the key's JSON text, then as a string: numbers and booleans become "1", "true" */
    ss_strbuf key;
    ss_strbuf_init(&key);
    int rc = json_append_value(r->ctx, r->args[0]->type, &v, &key);
    const char *k = key.data ? key.data : "";
    if (key.len && k[0] == '"')
        ss_strbuf_append(r->sb, k, key.len);
    else
        json_escape(k, key.len, r->sb);
    ss_strbuf_free(&key);
    return rc == SS_OK ? jfn_set_buf(r->ctx, r->out, r->i, r->sb) : SS_ERROR;
}

static JFN_ROWS(agg_key, key_row, 0)

/* json_object_agg(DISTINCT k, v)'s item: key JSON string " : " value JSON text (strict: a NULL
 * key stays NULL, the module's error). */
static int pair_row(jfn_row *r, int how)
{
    (void)how;
    const ss_text *k = jfn_text(r, 0), *v = jfn_text(r, 1);
    ss_strbuf_append(r->sb, k->ptr, k->len);
    ss_strbuf_append(r->sb, " : ", 3);
    ss_strbuf_append(r->sb, v->ptr, v->len);
    return jfn_set_buf(r->ctx, r->out, r->i, r->sb);
}

static JFN_ROWS(agg_pair, pair_row, 0)

/* The module's text as json (a copy) or parsed as jsonb (how 1). */
static int result_row(jfn_row *r, int how)
{
    const ss_text *t = jfn_text(r, 0);
    ss_value v;
    if (how) {
        if (jsonb_input(r->ctx, t->ptr, t->len, &v, r->a) != SS_OK)
            return SS_ERROR;
        t = &v.v.s;
    }
    return ss_vector_set_text(r->ctx, r->out, r->i, t->ptr, t->len);
}

static JFN_ROWS(js_agg_result, result_row, 0)

/* json_agg of arrays or rows: the module's "[a, b]" with "\n " after each top-level ", "
 * that an array or row element follows (NULL elements, written null, get none), as json_agg_transfn writes. */
static int array_result_row(jfn_row *r, int how)
{
    (void)how;
    const ss_text *t = jfn_text(r, 0);
    int depth = 0;
    bool in_string = false;
    for (uint32_t k = 0; k < t->len; k++) {
        char c = t->ptr[k];
        ss_strbuf_putc(r->sb, c);
        if (in_string) {
            if (c == '\\' && k + 1 < t->len)
                ss_strbuf_putc(r->sb, t->ptr[++k]);
            else if (c == '"')
                in_string = false;
            continue;
        }
        if (c == '"')
            in_string = true;
        else if (c == '[' || c == '{')
            depth++;
        else if (c == ']' || c == '}')
            depth--;
        else if (c == ',' && depth == 1 && k + 2 < t->len && t->ptr[k + 1] == ' ' &&
                 (t->ptr[k + 2] == '[' || t->ptr[k + 2] == '{')) {
            ss_strbuf_puts(r->sb, " \n");
        }
    }
    return jfn_set_buf(r->ctx, r->out, r->i, r->sb);
}

static JFN_ROWS(js_agg_array_result, array_result_row, 0)
static JFN_ROWS(jb_agg_result, result_row, 1)

const ss_func_def json_agg_elem_def = {"to_json", 1, true, false, {0}, SS_TYPE_TEXT, js_agg_elem, false};
const ss_func_def jsonb_agg_elem_def = {"to_jsonb", 1, true, false, {0}, SS_TYPE_TEXT, jb_agg_elem, false};
const ss_func_def json_agg_key_def = {"json_object_agg_key", 1, true, false, {0}, SS_TYPE_TEXT, agg_key, false};
const ss_func_def json_agg_pair_def = {"json_object_agg_pair", 2, false, true, {SS_TYPE_TEXT, SS_TYPE_TEXT},
                                       SS_TYPE_TEXT, agg_pair, false};
const ss_func_def json_agg_result_def = {"json", 1, false, true, {SS_TYPE_TEXT}, SS_TYPE_JSON, js_agg_result, false};
const ss_func_def json_agg_array_result_def = {"json", 1, false, true, {SS_TYPE_TEXT}, SS_TYPE_JSON,
                                               js_agg_array_result, false};
const ss_func_def jsonb_agg_result_def = {"jsonb", 1, false, true, {SS_TYPE_TEXT}, SS_TYPE_JSONB, jb_agg_result, false};
