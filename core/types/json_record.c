/* json_record.c — json_populate_record(set), json_to_record(set) and their jsonb forms, as
 * PostgreSQL 15's populate_record / populate_recordset: each field of the row type takes the
 * value of the object's key of its name (a json object's last duplicate), or the base
 * record's field, else NULL.  A JSON null is NULL; a string is its value through the field
 * type's input; numbers and booleans their text; an object or array its JSON text, except
 * into a row-typed field (the object's fields, a string through record_in) and an array
 * field (a JSON array, nested ones for more dimensions, through array_in). */
#include "types/json_record.h"

#include <stdio.h>
#include <string.h>

#include "exec/vector.h"
#include "types/json/json.h"
#include "types/record/record.h"
#include "types/typeio.h"

static const struct {
    const char *name;
    json_record_kind kind;
} funcs[] = {
    {"json_populate_record", {true, false, false}}, {"json_populate_recordset", {true, true, false}},
    {"json_to_record", {false, false, false}},      {"json_to_recordset", {false, true, false}},
    {"jsonb_populate_record", {true, false, true}}, {"jsonb_populate_recordset", {true, true, true}},
    {"jsonb_to_record", {false, false, true}},      {"jsonb_to_recordset", {false, true, true}},
};

bool json_record_function(const char *name, json_record_kind *kind)
{
    for (size_t i = 0; i < sizeof funcs / sizeof funcs[0]; i++)
        if (!strcmp(funcs[i].name, name)) {
            if (kind)
                *kind = funcs[i].kind;
            return true;
        }
    return false;
}

typedef struct jr_state {
    ss_ctx *ctx;
    bool jsonb;
    ss_arena *arena;
} jr_state;

/* The JSON text of v: as written (json), as jsonb_out prints it (jsonb). */
static int text_of(jr_state *st, const jv *v, ss_strbuf *sb)
{
    if (!st->jsonb) {
        ss_strbuf_append(sb, v->src, v->srclen);
        return SS_OK;
    }
    ss_text t;
    if (jb_encode(st->ctx, v, st->arena, &t))
        return SS_ERROR;
    jb_format(t.ptr, false, sb);
    return SS_OK;
}

static int populate_values(jr_state *st, const rec_desc *d, const ss_value *base, const jv *obj, ss_value *vals);

static int expected_array(jr_state *st, const char *key, const char *path)
{
    ss_ctx_error(st->ctx, "22P02", "expected JSON array");
    if (path[0])
        ss_ctx_error_hint(st->ctx, "See the array element %s of key \"%s\".", path, key);
    else
        ss_ctx_error_hint(st->ctx, "See the value of key \"%s\".", key);
    return SS_ERROR;
}

/* The array literal of the JSON array v ("{...}", items quoted) for elements of type elem. */
static int array_literal(jr_state *st, ss_type elem, const jv *v, const char *key, const char *path, ss_strbuf *sb)
{
    bool nested = false;
    for (uint32_t i = 0; i < v->n; i++)
        nested |= v->items[i].kind == JB_ARRAY;
    ss_strbuf_putc(sb, '{');
    ss_strbuf item;
    ss_strbuf_init(&item);
    int rc = SS_OK;
    for (uint32_t i = 0; i < v->n && rc == SS_OK; i++) {
        const jv *x = &v->items[i];
        char sub[256];
        snprintf(sub, sizeof sub, "%s[%u]", path, i);
        if (i)
            ss_strbuf_putc(sb, ',');
        if (nested != (x->kind == JB_ARRAY)) {
            rc = expected_array(st, key, nested ? sub : path);
            break;
        }
        if (x->kind == JB_ARRAY) {
            rc = array_literal(st, elem, x, key, sub, sb);
            continue;
        }
        if (x->kind == JB_NULL) {
            ss_strbuf_append(sb, "NULL", 4);
            continue;
        }
        ss_strbuf_clear(&item);
        const rec_desc *rd = elem.id == SS_TYPE_RECORD ? rec_desc_get(elem.typmod) : NULL;
        if (rd && x->kind == JB_OBJECT) {
            ss_value vals[REC_MAX_FIELDS], r;
            if ((rc = populate_values(st, rd, NULL, x, vals)) || (rc = rec_make(st->ctx, rd, vals, &r, st->arena)))
                break;
            ss_value_format(elem, &r, &item);
        } else if (x->kind == JB_STRING && elem.id != SS_TYPE_JSON && elem.id != SS_TYPE_JSONB)
            ss_strbuf_append(&item, x->s, x->len);
        else if ((rc = text_of(st, x, &item)))
            break;
        ss_strbuf_putc(sb, '"');
        for (size_t k = 0; k < item.len; k++) {
            if (item.data[k] == '"' || item.data[k] == '\\')
                ss_strbuf_putc(sb, '\\');
            ss_strbuf_putc(sb, item.data[k]);
        }
        ss_strbuf_putc(sb, '"');
    }
    ss_strbuf_free(&item);
    ss_strbuf_putc(sb, '}');
    return rc;
}

static int not_object(jr_state *st, int kind)
{
    return ss_ctx_error(st->ctx, "22023", "cannot call populate_composite on %s",
                        kind == JB_ARRAY ? "an array" : "a scalar");
}

/* The value of a field of type t from the JSON value v of key. */
static int field_value(jr_state *st, ss_type t, const jv *v, const char *key, ss_value *out)
{
    memset(out, 0, sizeof *out);
    if (v->kind == JB_NULL) {
        out->is_null = true;
        return SS_OK;
    }
    const rec_desc *rd = t.id == SS_TYPE_RECORD ? rec_desc_get(t.typmod) : NULL;
    if (rd) {
        if (v->kind == JB_STRING)
            return rec_input(st->ctx, rd, v->s, v->len, out, st->arena);
        if (v->kind != JB_OBJECT)
            return not_object(st, v->kind);
        ss_value vals[REC_MAX_FIELDS];
        return populate_values(st, rd, NULL, v, vals) ? SS_ERROR : rec_make(st->ctx, rd, vals, out, st->arena);
    }
    if (t.id == SS_TYPE_RECORD)
        return ss_ctx_error(st->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: a field of an anonymous record type");
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    if (ss_type_is_array(t.id) && v->kind == JB_STRING)
        ss_strbuf_append(&sb, v->s, v->len); /* an array literal */
    else if (ss_type_is_array(t.id)) {
        if (v->kind != JB_ARRAY)
            rc = expected_array(st, key, "");
        else
            rc = array_literal(st, (ss_type){ss_type_element_of(t.id), t.typmod}, v, key, "", &sb);
    } else if (v->kind == JB_STRING && t.id != SS_TYPE_JSON && t.id != SS_TYPE_JSONB)
        ss_strbuf_append(&sb, v->s, v->len);
    else
        rc = text_of(st, v, &sb);
    if (rc == SS_OK && sb.oom)
        rc = ss_ctx_error(st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc == SS_OK)
        rc = rec_field_input(st->ctx, t, sb.data ? sb.data : "", sb.len, out, st->arena);
    ss_strbuf_free(&sb);
    return rc;
}

/* The fields of d from the object obj over base (NULL or a NULL value: none). */
static int populate_values(jr_state *st, const rec_desc *d, const ss_value *base, const jv *obj, ss_value *vals)
{
    for (uint32_t k = 0; k < d->nfields && k < REC_MAX_FIELDS; k++) {
        const jv *found = NULL;
        size_t klen = strlen(d->names[k]);
        for (uint32_t i = obj->n; i-- > 0 && !found;)
            if (obj->items[2 * i].len == klen && memcmp(obj->items[2 * i].s, d->names[k], klen) == 0)
                found = &obj->items[2 * i + 1];
        if (found) {
            if (field_value(st, d->types[k], found, d->names[k], &vals[k]))
                return SS_ERROR;
        } else if (base && !base->is_null)
            rec_field(&base->v.s, k, &vals[k], NULL);
        else
            memset(&vals[k], 0, sizeof vals[k]), vals[k].is_null = true;
    }
    return SS_OK;
}

static int parse(jr_state *st, const ss_text *t, jv **out)
{
    if (st->jsonb)
        return (*out = jb_decode(st->ctx, t->ptr, st->arena)) ? SS_OK : SS_ERROR;
    return json_parse_spans(st->ctx, t->ptr, t->len, st->arena, out);
}

/* A row's fields to the scan's emit: as its columns, or (whole) as one record. */
typedef struct emit_state {
    const rec_desc *d;
    bool whole;
    ss_srf_emit_fn emit;
    void *arg;
    jr_state *st;
    ss_ctx *ctx;
} emit_state;

static int emit_row(void *arg, const ss_value *vals)
{
    emit_state *es = arg;
    if (!es->whole)
        return es->emit(es->arg, vals);
    ss_value r;
    ss_arena *a = es->st ? es->st->arena : NULL;
    bool own = !a;
    if (own && !(a = ss_arena_create()))
        return ss_ctx_error(es->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = rec_make(es->ctx, es->d, vals, &r, a);
    if (rc == SS_OK)
        rc = es->emit(es->arg, &r);
    if (own)
        ss_arena_destroy(a);
    return rc;
}

int json_record_expand(ss_ctx *ctx, const char *function, const ss_value *args, uint32_t nargs, ss_srf_emit_fn emit,
                       void *arg)
{
    json_record_kind kind;
    if (!json_record_function(function, &kind) || nargs < 3)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: function %s in FROM",
                            function);
    const rec_desc *d = rec_desc_get((int32_t)args[nargs - 2].v.i);
    bool whole = args[nargs - 1].v.i == 1;
    if (!d)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "row type of %s not found", function);
    const ss_value *base = kind.populate ? &args[0] : NULL, *json = &args[kind.populate ? 1 : 0];
    ss_value vals[REC_MAX_FIELDS];
    emit_state es = {d, whole, emit, arg, NULL, ctx};
    emit = emit_row, arg = &es;
    if (json->is_null) {
        if (kind.set)
            return SS_OK;
        for (uint32_t k = 0; k < d->nfields && k < REC_MAX_FIELDS; k++) {
            if (base && !base->is_null)
                rec_field(&base->v.s, k, &vals[k], NULL);
            else
                memset(&vals[k], 0, sizeof vals[k]), vals[k].is_null = true;
        }
        return emit(arg, vals);
    }
    jr_state st = {ctx, kind.jsonb, ss_arena_create()};
    if (!st.arena)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    es.st = &st;
    jv *v;
    int rc = parse(&st, &json->v.s, &v);
    if (rc == SS_OK && !kind.set) {
        if (v->kind != JB_OBJECT)
            rc = not_object(&st, v->kind);
        else if ((rc = populate_values(&st, d, base, v, vals)) == SS_OK)
            rc = emit(arg, vals);
    } else if (rc == SS_OK) {
        if (v->kind != JB_ARRAY)
            rc = ss_ctx_error(ctx, "22023", "cannot call %s on %s", function,
                              v->kind == JB_OBJECT ? "an object" : "a scalar");
        for (uint32_t i = 0; rc == SS_OK && i < v->n; i++) {
            if (v->items[i].kind != JB_OBJECT)
                rc = ss_ctx_error(ctx, "22023", "argument of %s must be an array of objects", function);
            else if ((rc = populate_values(&st, d, base, &v->items[i], vals)) == SS_OK)
                rc = emit(arg, vals);
        }
    }
    ss_arena_destroy(st.arena);
    return rc;
}

static int eval_populate(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                         ss_vector *out, bool jsonb)
{
    jr_state st = {ctx, jsonb, ss_arena_create()};
    if (!st.arena)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = SS_OK;
    for (uint32_t k = 0; k < n && rc == SS_OK; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_value base, json, tm, r;
        ss_vector_get_value(args[0], row, &base);
        ss_vector_get_value(args[1], row, &json);
        ss_vector_get_value(args[nargs - 1], row, &tm);
        const rec_desc *d = rec_desc_get((int32_t)tm.v.i);
        ss_value vals[REC_MAX_FIELDS];
        jv *v;
        if (!d)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "row type of json_populate_record not found");
        else if (json.is_null)
            r = base;
        else if ((rc = parse(&st, &json.v.s, &v)) == SS_OK) {
            if (v->kind != JB_OBJECT)
                rc = not_object(&st, v->kind);
            else if ((rc = populate_values(&st, d, &base, v, vals)) == SS_OK)
                rc = rec_make(ctx, d, vals, &r, st.arena);
        }
        if (rc == SS_OK && r.is_null)
            rc = ss_vector_ensure_validity(ctx, out);
        if (rc == SS_OK)
            rc = ss_vector_set_value(ctx, out, row, &r);
        ss_arena_reset(st.arena);
    }
    ss_arena_destroy(st.arena);
    return rc;
}

static int eval_json_populate(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                              ss_vector *out)
{
    return eval_populate(ctx, args, nargs, rows, n, out, false);
}

static int eval_jsonb_populate(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                               uint32_t n, ss_vector *out)
{
    return eval_populate(ctx, args, nargs, rows, n, out, true);
}

const ss_func_def json_populate_record_def = {.name = "json_populate_record", .nargs = 3, .variadic_any = true,
                                              .result = SS_TYPE_RECORD, .eval = eval_json_populate};
const ss_func_def jsonb_populate_record_def = {.name = "jsonb_populate_record", .nargs = 3, .variadic_any = true,
                                               .result = SS_TYPE_RECORD, .eval = eval_jsonb_populate};
