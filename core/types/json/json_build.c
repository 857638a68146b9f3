/* json_build.c — values of any type as JSON (PostgreSQL 15's datum_to_json / datum_to_jsonb:
 * numbers unquoted unless NaN or infinite, booleans, strings escaped, date/time values in ISO
 * 8601 with a 'T', json and jsonb embedded) and the constructors built on them: to_json /
 * to_jsonb, json_build_object / jsonb_build_object, json_build_array / jsonb_build_array. */
#include "types/json/json_fn.h"

#include "types/numeric/numeric.h"
#include "types/record/record.h"
#include "types/typeio.h"

void json_read_value(const ss_vector *v, uint32_t row, ss_value *out)
{
    memset(out, 0, sizeof *out);
    if (ss_vector_is_null(v, row)) {
        out->is_null = true;
        return;
    }
    int32_t id = v->type.id;
    if (ss_type_is_varlen(id)) {
        out->v.s = ((const ss_text *)v->data)[row];
        return;
    }
    switch (ss_type_width(id)) {
    case 1: out->v.b = ((const uint8_t *)v->data)[row] != 0; break;
    case 2: out->v.i = ((const int16_t *)v->data)[row]; break;
    case 4: out->v.i = ((const int32_t *)v->data)[row]; break;
    case 8:
        if (id == SS_TYPE_FLOAT8 || id == SS_TYPE_FLOAT4)
            out->v.f = ((const double *)v->data)[row];
        else
            out->v.i = ((const int64_t *)v->data)[row];
        break;
    default: out->is_null = true; break;
    }
}

enum { K_BOOL, K_NUMBER, K_STRING, K_DATETIME, K_JSON, K_JSONB, K_OTHER };

static int kind_of(int32_t id)
{
    switch (id) {
    case SS_TYPE_BOOL: return K_BOOL;
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8:
    case SS_TYPE_FLOAT4:
    case SS_TYPE_FLOAT8:
    case SS_TYPE_NUMERIC: return K_NUMBER;
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN:
    case SS_TYPE_BPCHAR:
    case SS_TYPE_BYTEA:
    case SS_TYPE_INTERVAL:
    case SS_TYPE_UUID:
    case SS_TYPE_NAME:
    case SS_TYPE_BIT:
    case SS_TYPE_VARBIT:
    case SS_TYPE_JSONPATH:
    case SS_TYPE_INT4RANGE: /* ranges: their text, as PostgreSQL's JSONTYPE_OTHER */
    case SS_TYPE_INT8RANGE:
    case SS_TYPE_NUMRANGE:
    case SS_TYPE_DATERANGE:
    case SS_TYPE_TSRANGE:
    case SS_TYPE_TSTZRANGE:
    case SS_TYPE_INT4MULTIRANGE:
    case SS_TYPE_NUMMULTIRANGE:
    case SS_TYPE_TSMULTIRANGE:
    case SS_TYPE_TSTZMULTIRANGE:
    case SS_TYPE_DATEMULTIRANGE:
    case SS_TYPE_INT8MULTIRANGE:
    case SS_TYPE_DATE:
    case SS_TYPE_TIME: return K_STRING;
    case SS_TYPE_TIMESTAMP:
    case SS_TYPE_TIMESTAMPTZ:
    case SS_TYPE_TIMETZ: return K_DATETIME;
    case SS_TYPE_JSON: return K_JSON;
    case SS_TYPE_JSONB: return K_JSONB;
    default: return K_OTHER;
    }
}

static int unsupported(ss_ctx *ctx, ss_type t)
{
    char name[64];
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                        "feature not supported: values of type %s as json",
                        ss_type_display_name(t, name, sizeof name));
}

/* The ISO 8601 text of a timestamp, timestamptz or timetz (JsonEncodeDateTime): the output
 * text with a 'T' between date and time and the zone offset as +HH:MM. */
static void datetime_text(ss_type t, const ss_value *v, ss_strbuf *sb)
{
    ss_strbuf tmp;
    ss_strbuf_init(&tmp);
    ss_value_format(t, v, &tmp);
    const char *s = tmp.data ? tmp.data : "";
    size_t n = tmp.len;
    if (t.id != SS_TYPE_TIMETZ && n > 10 && s[10] == ' ') {
        ss_strbuf_append(sb, s, 10);
        ss_strbuf_putc(sb, 'T');
        ss_strbuf_append(sb, s + 11, n - 11);
    } else {
        ss_strbuf_append(sb, s, n);
    }
    /* a zone offset "+HH" (or "+HH:MM") at the end: PostgreSQL's JSON form always has minutes */
    if (t.id != SS_TYPE_TIMESTAMP && n >= 3) {
        const char *z = s + n - 3;
        if ((z[0] == '+' || z[0] == '-') && z[1] >= '0' && z[1] <= '9' && z[2] >= '0' && z[2] <= '9')
            ss_strbuf_puts(sb, ":00");
    }
    ss_strbuf_free(&tmp);
}

/* Whether a number's output text is NaN or an infinity (quoted in JSON). */
static bool special_number(const char *s)
{
    return s[0] == 'N' || s[0] == 'I' || (s[0] == '-' && s[1] == 'I');
}

int json_append_value(ss_ctx *ctx, ss_type t, const ss_value *v, ss_strbuf *out)
{
    if (v->is_null) {
        ss_strbuf_puts(out, "null");
        return SS_OK;
    }
    ss_strbuf tmp;
    switch (kind_of(t.id)) {
    case K_BOOL: ss_strbuf_puts(out, v->v.b ? "true" : "false"); return SS_OK;
    case K_JSON: ss_strbuf_append(out, v->v.s.ptr, v->v.s.len); return SS_OK;
    case K_JSONB: jb_format(v->v.s.ptr, false, out); return SS_OK;
    case K_NUMBER:
    case K_STRING:
    case K_DATETIME: break;
    default:
        if (ss_type_is_array(t.id))
            return json_append_array(ctx, &v->v.s, t.typmod, false, out);
        if (t.id == SS_TYPE_RECORD) /* composite_to_json (types/record/record_json.c) */
            return rec_json_append(ctx, t, v, out);
        return unsupported(ctx, t);
    }
    ss_strbuf_init(&tmp);
    int k = kind_of(t.id);
    if (k == K_DATETIME)
        datetime_text(t, v, &tmp);
    else
        ss_value_format(t, v, &tmp);
    const char *s = tmp.data ? tmp.data : "";
    if (k == K_NUMBER && !special_number(s))
        ss_strbuf_append(out, s, tmp.len);
    else
        json_escape(s, tmp.len, out);
    ss_strbuf_free(&tmp);
    return SS_OK;
}

static int copy_into(ss_ctx *ctx, ss_arena *a, const char *s, size_t n, jv *out, int kind)
{
    char *c = ss_arena_alloc(a, n + 1);
    if (!c)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(c, s, n);
    *out = (jv){.kind = (uint8_t)kind, .s = c, .len = (uint32_t)n};
    return SS_OK;
}

int jsonb_from_value(ss_ctx *ctx, ss_type t, const ss_value *v, ss_arena *a, jv *out)
{
    memset(out, 0, sizeof *out);
    if (v->is_null) {
        out->kind = JB_NULL;
        return SS_OK;
    }
    int k = kind_of(t.id);
    switch (k) {
    case K_BOOL: out->kind = v->v.b ? JB_TRUE : JB_FALSE; return SS_OK;
    case K_JSON: {
        jv *r;
        if (json_parse_tree(ctx, v->v.s.ptr, v->v.s.len, a, &r) != SS_OK)
            return SS_ERROR;
        *out = *r;
        return SS_OK;
    }
    case K_JSONB: {
        jv *r = jb_decode(ctx, v->v.s.ptr, a);
        if (!r)
            return SS_ERROR;
        *out = *r;
        return SS_OK;
    }
    case K_NUMBER:
    case K_STRING:
    case K_DATETIME: break;
    default:
        if (ss_type_is_array(t.id))
            return jsonb_from_array(ctx, &v->v.s, t.typmod, a, out);
        if (t.id == SS_TYPE_RECORD)
            return rec_jsonb_from(ctx, t, v, a, out);
        return unsupported(ctx, t);
    }
    if (t.id == SS_TYPE_NUMERIC) {
        ss_num num;
        uint8_t buf[24];
        num_decode(&v->v.s, &num, buf);
        if (num.kind == NUM_BIG)
            return copy_into(ctx, a, v->v.s.ptr, v->v.s.len, out, JB_NUMBER);
    }
    ss_strbuf tmp;
    ss_strbuf_init(&tmp);
    if (k == K_DATETIME)
        datetime_text(t, v, &tmp);
    else
        ss_value_format(t, v, &tmp);
    const char *s = tmp.data ? tmp.data : "";
    int rc;
    if (k == K_NUMBER && !special_number(s)) {
        ss_text num;
        num_scratch_begin();
        rc = num_parse(ctx, s, tmp.len, &num);
        if (rc == SS_OK)
            rc = copy_into(ctx, a, num.ptr, num.len, out, JB_NUMBER);
        num_scratch_end();
    } else {
        rc = copy_into(ctx, a, s, tmp.len, out, JB_STRING);
    }
    ss_strbuf_free(&tmp);
    return rc;
}

static int unknown_arg(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_DATATYPE_MISMATCH,
                        "could not determine polymorphic type because input has type unknown");
}

/* to_json / to_jsonb (how 1: jsonb) */
static int to_json_row(jfn_row *r, int how)
{
    if (r->args[0]->type.id == SS_TYPE_UNKNOWN)
        return unknown_arg(r->ctx);
    ss_value v;
    json_read_value(r->args[0], r->i, &v);
    if (v.is_null)
        return jfn_set_null(r->ctx, r->out, r->i);
    if (!how) {
        if (json_append_value(r->ctx, r->args[0]->type, &v, r->sb) != SS_OK)
            return SS_ERROR;
        return jfn_set_buf(r->ctx, r->out, r->i, r->sb);
    }
    jv t;
    if (jsonb_from_value(r->ctx, r->args[0]->type, &v, r->a, &t) != SS_OK)
        return SS_ERROR;
    return jfn_set_tree(r->ctx, r->out, r->i, &t, r->a);
}

JFN_ROWS(js_fn_to_json, to_json_row, 0)
JFN_ROWS(jb_fn_to_jsonb, to_json_row, 1)

/* The text of an object key: its output text; NULL keys and container keys are refused. */
static int key_text(ss_ctx *ctx, const ss_vector *v, uint32_t row, uint32_t argno, bool jsonb, ss_strbuf *out)
{
    ss_value val;
    json_read_value(v, row, &val);
    if (val.is_null && !jsonb) { /* PostgreSQL's json_build_object's wording; jsonb's below */
        ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "argument %u cannot be null", argno);
        ss_ctx_error_hint(ctx, "Object keys should be text.");
        return SS_ERROR;
    }
    if (val.is_null)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "argument %u: key must not be null", argno);
    int k = kind_of(v->type.id);
    if (k == K_JSON || k == K_JSONB)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "key value must be scalar, not array, composite, or json");
    if (k == K_OTHER)
        return unsupported(ctx, v->type);
    if (k == K_DATETIME)
        datetime_text(v->type, &val, out);
    else if (k == K_BOOL)
        ss_strbuf_puts(out, val.v.b ? "true" : "false");
    else
        ss_value_format(v->type, &val, out);
    return SS_OK;
}

static int odd_args(ss_ctx *ctx, const char *fn)
{
    ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "argument list must have even number of elements");
    ss_ctx_error_hint(ctx, "The arguments of %s() must consist of alternating keys and values.", fn);
    return SS_ERROR;
}

enum { BUILD_JSONB = 1, BUILD_OBJECT = 2 };

/* json_build_object / json_build_array as text ({"k" : v, ...}, [v, ...]) */
static int build_json(jfn_row *r, bool object)
{
    ss_strbuf key;
    ss_strbuf_init(&key);
    int rc = SS_OK;
    ss_strbuf_putc(r->sb, object ? '{' : '[');
    for (uint32_t k = 0; k < r->nargs && rc == SS_OK; k += object ? 2 : 1) {
        if (k)
            ss_strbuf_puts(r->sb, ", ");
        if (object) {
            ss_strbuf_clear(&key);
            if ((rc = key_text(r->ctx, r->args[k], r->i, k + 1, false, &key)) != SS_OK)
                break;
            json_escape(key.data ? key.data : "", key.len, r->sb);
            ss_strbuf_puts(r->sb, " : ");
        }
        uint32_t vk = object ? k + 1 : k;
        ss_value v;
        json_read_value(r->args[vk], r->i, &v);
        rc = json_append_value(r->ctx, r->args[vk]->type, &v, r->sb);
    }
    ss_strbuf_free(&key);
    if (rc != SS_OK)
        return SS_ERROR;
    ss_strbuf_putc(r->sb, object ? '}' : ']');
    return jfn_set_buf(r->ctx, r->out, r->i, r->sb);
}

/* jsonb_build_object / jsonb_build_array as a tree (keys deduplicated and sorted) */
static int build_jsonb(jfn_row *r, bool object)
{
    jv res = {.kind = object ? JB_OBJECT : JB_ARRAY, .n = object ? r->nargs / 2 : r->nargs};
    res.items = ss_arena_alloc(r->a, (size_t)r->nargs * sizeof(jv) + 1);
    if (!res.items)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t k = 0; k < r->nargs; k++) {
        if (object && k % 2 == 0) {
            ss_strbuf_clear(r->sb);
            if (key_text(r->ctx, r->args[k], r->i, k + 1, true, r->sb) != SS_OK ||
                copy_into(r->ctx, r->a, r->sb->data ? r->sb->data : "", r->sb->len, &res.items[k], JB_STRING) != SS_OK)
                return SS_ERROR;
            continue;
        }
        ss_value v;
        json_read_value(r->args[k], r->i, &v);
        if (jsonb_from_value(r->ctx, r->args[k]->type, &v, r->a, &res.items[k]) != SS_OK)
            return SS_ERROR;
    }
    if (object)
        jv_object_normalise(&res);
    return jfn_set_tree(r->ctx, r->out, r->i, &res, r->a);
}

static int build_row(jfn_row *r, int how)
{
    bool object = how & BUILD_OBJECT;
    if (object && r->nargs % 2)
        return odd_args(r->ctx, how & BUILD_JSONB ? "jsonb_build_object" : "json_build_object");
    return how & BUILD_JSONB ? build_jsonb(r, object) : build_json(r, object);
}

JFN_ROWS(js_fn_build_object, build_row, BUILD_OBJECT)
JFN_ROWS(js_fn_build_array, build_row, 0)
JFN_ROWS(jb_fn_build_object, build_row, BUILD_OBJECT | BUILD_JSONB)
JFN_ROWS(jb_fn_build_array, build_row, BUILD_JSONB)
