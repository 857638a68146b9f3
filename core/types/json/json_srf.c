/* json_srf.c — the set-returning functions of json and jsonb in FROM: jsonb_each /
 * jsonb_each_text / json_each / json_each_text (key, value), jsonb_array_elements(_text) /
 * json_array_elements(_text) (value), jsonb_object_keys / json_object_keys, jsonb_path_query(_tz)
 * (jsonpath_fn.c: target, path [, vars [, silent]]); the rows of one
 * call are handed to an emit callback, with PostgreSQL 15's errors for the wrong kind of value. */
#include "types/json/json_srf.h"

#include <string.h>

#include "types/json/jsonpath.h"

typedef struct srf_def {
    const char *name;
    int32_t arg;         /* json or jsonb */
    int what;            /* SRF_EACH, SRF_ELEMENTS, SRF_KEYS */
    bool as_text;
    const char *const *colnames;
    uint32_t ncols;
} srf_def;

enum { SRF_EACH, SRF_ELEMENTS, SRF_KEYS, SRF_PATH, SRF_PATH_TZ };

static const char *const each_cols[] = {"key", "value"};
static const char *const elem_cols[] = {"value"};

static const srf_def defs[] = {
    {"jsonb_each", SS_TYPE_JSONB, SRF_EACH, false, each_cols, 2},
    {"jsonb_each_text", SS_TYPE_JSONB, SRF_EACH, true, each_cols, 2},
    {"json_each", SS_TYPE_JSON, SRF_EACH, false, each_cols, 2},
    {"json_each_text", SS_TYPE_JSON, SRF_EACH, true, each_cols, 2},
    {"jsonb_array_elements", SS_TYPE_JSONB, SRF_ELEMENTS, false, elem_cols, 1},
    {"jsonb_array_elements_text", SS_TYPE_JSONB, SRF_ELEMENTS, true, elem_cols, 1},
    {"json_array_elements", SS_TYPE_JSON, SRF_ELEMENTS, false, elem_cols, 1},
    {"json_array_elements_text", SS_TYPE_JSON, SRF_ELEMENTS, true, elem_cols, 1},
    {"jsonb_object_keys", SS_TYPE_JSONB, SRF_KEYS, true, NULL, 1},
    {"json_object_keys", SS_TYPE_JSON, SRF_KEYS, true, NULL, 1},
    {"jsonb_path_query", SS_TYPE_JSONB, SRF_PATH, false, NULL, 1}, /* (target, path [, vars [, silent]]) */
    {"jsonb_path_query_tz", SS_TYPE_JSONB, SRF_PATH_TZ, false, NULL, 1},
};

static const srf_def *find(const char *name)
{
    for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
        if (strcmp(defs[i].name, name) == 0)
            return &defs[i];
    return NULL;
}

bool json_srf_exists(const char *name)
{
    return find(name) != NULL;
}

bool json_srf_describe(const char *name, int32_t *arg_type, uint32_t *ncols, ss_type *types,
                       const char **colnames)
{
    const srf_def *d = find(name);
    if (!d)
        return false;
    *arg_type = d->arg;
    *ncols = d->ncols;
    int32_t value = d->as_text ? SS_TYPE_TEXT : d->arg;
    if (d->what == SRF_EACH) {
        types[0] = (ss_type){SS_TYPE_TEXT, -1};
        types[1] = (ss_type){value, -1};
    } else {
        types[0] = (ss_type){d->what == SRF_KEYS ? SS_TYPE_TEXT : value, -1};
    }
    for (uint32_t i = 0; i < d->ncols; i++)
        colnames[i] = d->colnames ? d->colnames[i] : NULL;
    return true;
}

static int bad_kind(ss_ctx *ctx, const srf_def *d, int kind)
{
    bool jsonb = d->arg == SS_TYPE_JSONB;
    const char *msg;
    switch (d->what) {
    case SRF_EACH:
        if (jsonb)
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "cannot call %s on a non-object",
                                d->name);
        msg = kind == JB_ARRAY ? "cannot deconstruct an array as an object" : "cannot deconstruct a scalar";
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "%s", msg);
    case SRF_ELEMENTS:
        if (jsonb)
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "cannot extract elements from %s",
                                kind == JB_OBJECT ? "an object" : "a scalar");
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "cannot call %s on %s", d->name,
                            kind == JB_OBJECT ? "a non-array" : "a scalar");
    default:
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "cannot call %s on %s", d->name,
                            kind == JB_ARRAY ? "an array" : "a scalar");
    }
}

/* One value as the function's value column: jsonb (the encoded bytes), json (its text as
 * written) or text (NULL for null, a string's value, else the JSON text). */
static void value_of_jsonb(const srf_def *d, const char *p, ss_strbuf *sb, ss_value *out)
{
    memset(out, 0, sizeof *out);
    if (!d->as_text) {
        out->v.s = (ss_text){p, jb_size(p), 0};
        return;
    }
    if (p[0] == JB_NULL) {
        out->is_null = true;
        return;
    }
    ss_strbuf_clear(sb);
    jb_format_text(p, sb);
    out->v.s = (ss_text){sb->data ? sb->data : "", (uint32_t)sb->len, 0};
}

static void value_of_json(const srf_def *d, const jv *v, ss_value *out)
{
    memset(out, 0, sizeof *out);
    if (d->as_text && v->kind == JB_NULL)
        out->is_null = true;
    else if (d->as_text && v->kind == JB_STRING)
        out->v.s = (ss_text){v->s, v->len, 0};
    else
        out->v.s = (ss_text){v->src, v->srclen, 0};
}

static int expand_jsonb(ss_ctx *ctx, const srf_def *d, const char *p, json_srf_emit emit, void *arg)
{
    int want = d->what == SRF_ELEMENTS ? JB_ARRAY : JB_OBJECT;
    if (p[0] != want)
        return bad_kind(ctx, d, p[0]);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    uint32_t n = jb_count(p);
    const char *q = jb_first(p);
    int rc = SS_OK;
    for (uint32_t i = 0; i < n && rc == SS_OK; i++) {
        ss_value cols[2];
        if (want == JB_OBJECT) {
            uint32_t klen;
            const char *k = jb_key(q, &klen);
            memset(&cols[0], 0, sizeof cols[0]);
            cols[0].v.s = (ss_text){k, klen, 0};
            q = jb_key_value(q);
            if (d->what == SRF_EACH)
                value_of_jsonb(d, q, &sb, &cols[1]);
        } else {
            value_of_jsonb(d, q, &sb, &cols[0]);
        }
        rc = emit(arg, cols);
        q += jb_size(q);
    }
    ss_strbuf_free(&sb);
    return rc;
}

static int expand_json(ss_ctx *ctx, const srf_def *d, const ss_text *t, json_srf_emit emit, void *arg)
{
    ss_arena *a = ss_arena_create();
    if (!a)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    jv *v;
    int rc = json_parse_spans(ctx, t->ptr, t->len, a, &v);
    int want = d->what == SRF_ELEMENTS ? JB_ARRAY : JB_OBJECT;
    if (rc == SS_OK && v->kind != want)
        rc = bad_kind(ctx, d, v->kind);
    for (uint32_t i = 0; rc == SS_OK && i < v->n; i++) {
        ss_value cols[2];
        if (want == JB_OBJECT) {
            memset(&cols[0], 0, sizeof cols[0]);
            cols[0].v.s = (ss_text){v->items[2 * i].s, v->items[2 * i].len, 0};
            if (d->what == SRF_EACH)
                value_of_json(d, &v->items[2 * i + 1], &cols[1]);
        } else {
            value_of_json(d, &v->items[i], &cols[0]);
        }
        rc = emit(arg, cols);
    }
    ss_arena_destroy(a);
    return rc;
}

int json_srf_expand(ss_ctx *ctx, const char *function, const ss_value *args, uint32_t nargs,
                    json_srf_emit emit, void *arg)
{
    const srf_def *d = find(function);
    if (d && (d->what == SRF_PATH || d->what == SRF_PATH_TZ) && nargs >= 2 && nargs <= 4) {
        for (uint32_t k = 0; k < nargs; k++)
            if (args[k].is_null)
                return SS_OK; /* strict */
        return jp_query_rows(ctx, &args[0].v.s, &args[1].v.s, nargs > 2 ? &args[2].v.s : NULL,
                             nargs > 3 && args[3].v.b, d->what == SRF_PATH_TZ, emit, arg);
    }
    if (!d || nargs != 1)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: function %s in FROM",
                            function);
    if (args[0].is_null)
        return SS_OK; /* strict: no rows */
    if (d->arg == SS_TYPE_JSONB)
        return expand_jsonb(ctx, d, args[0].v.s.ptr, emit, arg);
    return expand_json(ctx, d, &args[0].v.s, emit, arg);
}
