/* agg_builtin_json.c — json_agg / jsonb_agg and json_object_agg / jsonb_object_agg as
 * registered aggregates over the kernel's JSON text: the binder hands each value (and key)
 * already converted by its JSON text functions and reads the result text back as json or
 * jsonb (core/bind/bind_json_agg.c), so a state only concatenates PostgreSQL's
 * json_agg_transfn / json_object_agg_transfn text: "[" or ", " before each value, "{ " or
 * ", " before each "key : value", the closing bracket added by final.  json_agg(DISTINCT x)
 * comes as two arguments, x itself (which DISTINCT sorts and compares) and its JSON text;
 * json_object_agg(DISTINCT k, v) as the record (k, v) and its "key : value" text. */
#include "agg_builtin.h"

#include <string.h>

#define api agg_builtin_api

#define STATE_AT(base, stride, g) ((agg_collect_state *)((char *)(base) + (size_t)(g) * (stride)))

static bool valid_at(const ss_vector *v, uint32_t p)
{
    return !v->validity || ((v->validity[p >> 6] >> (p & 63)) & 1u);
}

/* json_agg(element text) text, or json_agg(x, element text of x) text (DISTINCT) */
static int json_array_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)ctx;
    if (arg_types[nargs - 1].id != SS_TYPE_TEXT)
        return SS_ERROR;
    *out = (ss_type){SS_TYPE_TEXT, -1};
    return SS_OK;
}

/* json_object_agg(key JSON string, value JSON text) text, or json_object_agg(record (k, v),
 * "key : value" text) text (DISTINCT) */
static int json_object_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)ctx;
    if (nargs != 2 || (arg_types[0].id != SS_TYPE_TEXT && arg_types[0].id != SS_TYPE_RECORD) ||
        arg_types[1].id != SS_TYPE_TEXT)
        return SS_ERROR;
    *out = (ss_type){SS_TYPE_TEXT, -1};
    return SS_OK;
}

static int array_row(ss_ctx *ctx, agg_collect_state *s, const ss_vector *text, uint32_t p)
{
    if (!valid_at(text, p))
        return SS_OK; /* the kernel's element text is never NULL */
    const ss_text *v = (const ss_text *)text->data + p;
    if (agg_collect_append(ctx, s, s->n ? ", " : "[", s->n ? 2 : 1) != SS_OK ||
        agg_collect_append(ctx, s, v->ptr, v->len) != SS_OK)
        return SS_ERROR;
    s->n++;
    return SS_OK;
}

static int object_row(ss_ctx *ctx, agg_collect_state *s, const ss_vector *const *args, uint32_t p)
{
    if (args[0]->type.id == SS_TYPE_RECORD) { /* DISTINCT: the item text, NULL for a NULL key */
        if (!valid_at(args[1], p))
            return api->error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "field name must not be null");
        const ss_text *item = (const ss_text *)args[1]->data + p;
        if (agg_collect_append(ctx, s, s->n ? ", " : "{ ", 2) != SS_OK ||
            agg_collect_append(ctx, s, item->ptr, item->len) != SS_OK)
            return SS_ERROR;
        s->n++;
        return SS_OK;
    }
    if (!valid_at(args[0], p))
        return api->error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "field name must not be null");
    const ss_text *k = (const ss_text *)args[0]->data + p;
    bool has = args[1]->data && valid_at(args[1], p);
    const ss_text *v = has ? (const ss_text *)args[1]->data + p : NULL;
    if (agg_collect_append(ctx, s, s->n ? ", " : "{ ", 2) != SS_OK ||
        agg_collect_append(ctx, s, k->ptr, k->len) != SS_OK || agg_collect_append(ctx, s, " : ", 3) != SS_OK ||
        agg_collect_append(ctx, s, has ? v->ptr : "null", has ? v->len : 4) != SS_OK)
        return SS_ERROR;
    s->n++;
    return SS_OK;
}

static int array_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                       const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    const ss_vector *text = args[call->nargs - 1];
    for (uint32_t k = 0; k < n; k++)
        if (array_row(ctx, groups ? STATE_AT(states, stride, groups[k]) : states, text, rows[k]) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

static int array_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                      const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    const ss_vector *text = args[call->nargs - 1];
    for (uint32_t k = 0; k < n; k++)
        if (array_row(ctx, states[k], text, rows[k]) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

static int object_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                        const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    (void)call;
    for (uint32_t k = 0; k < n; k++)
        if (object_row(ctx, groups ? STATE_AT(states, stride, groups[k]) : states, args, rows[k]) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

static int object_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                       const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    (void)call;
    for (uint32_t k = 0; k < n; k++)
        if (object_row(ctx, states[k], args, rows[k]) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

/* The group's text with its closing bracket, in out's heap; NULL without rows. */
static int close_text(ss_ctx *ctx, const agg_collect_state *s, const char *close, ss_vector *out, uint32_t row)
{
    if (!s->n) {
        ss_vector_set_null(out, row);
        return SS_OK;
    }
    size_t cl = strlen(close);
    char *p = api->vector_text_alloc(ctx, out, s->len + cl);
    if (!p)
        return SS_ERROR;
    memcpy(p, s->ptr, s->len);
    memcpy(p + s->len, close, cl);
    ((ss_text *)out->data)[row] = (ss_text){p, (uint32_t)(s->len + cl), 0};
    return SS_OK;
}

static int array_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                       uint32_t row)
{
    (void)call;
    return close_text(ctx, state, "]", out, row);
}

static int object_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                        uint32_t row)
{
    (void)call;
    return close_text(ctx, state, " }", out, row);
}

#define JSON_VTABLE(NAME, DESC, MINARGS, TYPE, STEP, DENSE, FINAL)                                                   \
    {.struct_size = sizeof(ss_aggregate_vtable),                                                                     \
     .version = SS_AGGREGATE_VTABLE_VERSION,                                                                         \
     .name = NAME,                                                                                                   \
     .description = DESC,                                                                                            \
     .min_args = MINARGS,                                                                                            \
     .max_args = 2,                                                                                                  \
     .strict = false,                                                                                                \
     .state_size = sizeof(agg_collect_state),                                                                        \
     .result_type = TYPE,                                                                                            \
     .init = agg_collect_init,                                                                                       \
     .step = STEP,                                                                                                   \
     .final = FINAL,                                                                                                 \
     .release = agg_collect_release,                                                                                 \
     .step_dense = DENSE}

const ss_aggregate_vtable agg_builtin_json_agg_vt =
    JSON_VTABLE("json_agg", "the values as a json array (over the kernel's JSON text)", 1, json_array_type,
                array_step, array_dense, array_final);
const ss_aggregate_vtable agg_builtin_jsonb_agg_vt =
    JSON_VTABLE("jsonb_agg", "the values as a jsonb array (over the kernel's JSON text)", 1, json_array_type,
                array_step, array_dense, array_final);
const ss_aggregate_vtable agg_builtin_json_object_agg_vt =
    JSON_VTABLE("json_object_agg", "key / value pairs as a json object (over the kernel's JSON text)", 2,
                json_object_type, object_step, object_dense, object_final);
const ss_aggregate_vtable agg_builtin_jsonb_object_agg_vt =
    JSON_VTABLE("jsonb_object_agg", "key / value pairs as a jsonb object (over the kernel's JSON text)", 2,
                json_object_type, object_step, object_dense, object_final);
