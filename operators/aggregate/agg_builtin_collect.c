/* agg_builtin_collect.c — string_agg and array_agg as registered aggregates: a state is a
 * growing byte buffer (memory of ss_api.alloc, freed by release) and the count of what it
 * holds.  string_agg (PostgreSQL's string_agg_transfn, not strict) skips a NULL value and
 * puts each row's delimiter (none when NULL) before every value after the first; array_agg
 * (array_accum, not strict) keeps NULLs, each item a flag byte (1: a value follows) and the
 * element's bytes, or a uint32 length and the bytes.  DISTINCT, ORDER BY and FILTER are the
 * operator's; final builds the text / array of a group with rows, NULL for one without. */
#include "agg_builtin.h"

#include <string.h>

#include "common/type_layout.h"

#define api agg_builtin_api

typedef agg_collect_state collect_state; /* agg_builtin.h */

#define STATE_AT(base, stride, g) ((collect_state *)((char *)(base) + (size_t)(g) * (stride)))

void agg_collect_init(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    (void)state; /* zeroed by the kernel */
}

void agg_collect_release(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    collect_state *s = state;
    if (s->ptr)
        api->free(s->ptr);
    s->ptr = NULL;
    s->len = s->cap = 0;
    s->n = 0;
}

static bool valid_at(const ss_vector *v, uint32_t p)
{
    return !v->validity || ((v->validity[p >> 6] >> (p & 63)) & 1u);
}

int agg_collect_append(ss_ctx *ctx, agg_collect_state *s, const void *p, uint32_t len)
{
    if (len == 0)
        return SS_OK;
    if (len > UINT32_MAX - s->len)
        return api->error(ctx, "54000", "out of memory");
    if (s->len + len > s->cap) {
        uint64_t cap = s->cap ? (uint64_t)s->cap * 2 : 64;
        while (cap < (uint64_t)s->len + len)
            cap *= 2;
        if (cap > UINT32_MAX)
            cap = UINT32_MAX;
        char *np = s->ptr ? api->realloc(s->ptr, (size_t)cap) : api->alloc((size_t)cap);
        if (!np)
            return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        s->ptr = np;
        s->cap = (uint32_t)cap;
    }
    memcpy(s->ptr + s->len, p, len);
    s->len += len;
    return SS_OK;
}

/* ---- string_agg ---- */

/* string_agg(text, text) text, string_agg(bytea, bytea) bytea (the binder coerces first) */
static int string_agg_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)ctx;
    if (nargs != 2)
        return SS_ERROR;
    int32_t t = arg_types[0].id == SS_TYPE_VARCHAR ? SS_TYPE_TEXT : arg_types[0].id;
    if (t != SS_TYPE_TEXT && t != SS_TYPE_BYTEA)
        return SS_ERROR;
    arg_types[0] = arg_types[1] = (ss_type){t, -1};
    *out = (ss_type){t, -1};
    return SS_OK;
}

static int string_agg_row(ss_ctx *ctx, collect_state *s, const ss_vector *const *args, uint32_t p)
{
    if (!valid_at(args[0], p))
        return SS_OK;
    const ss_text *v = (const ss_text *)args[0]->data + p;
    if (s->n > 0 && args[1]->data && valid_at(args[1], p)) {
        const ss_text *d = (const ss_text *)args[1]->data + p;
        if (agg_collect_append(ctx, s, d->ptr, d->len) != SS_OK)
            return SS_ERROR;
    }
    if (agg_collect_append(ctx, s, v->ptr, v->len) != SS_OK)
        return SS_ERROR;
    s->n++;
    return SS_OK;
}

static int string_agg_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                            const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    (void)call;
    for (uint32_t k = 0; k < n; k++)
        if (string_agg_row(ctx, groups ? STATE_AT(states, stride, groups[k]) : states, args, rows[k]) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

static int string_agg_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                           const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    (void)call;
    for (uint32_t k = 0; k < n; k++)
        if (string_agg_row(ctx, states[k], args, rows[k]) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

/* The text points into the state, which outlives the output batch (as the operator's own
 * result columns did). */
static int string_agg_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                            uint32_t row)
{
    (void)ctx;
    (void)call;
    const collect_state *s = state;
    if (!s->n)
        ss_vector_set_null(out, row);
    else
        ((ss_text *)out->data)[row] = (ss_text){s->ptr ? s->ptr : "", s->len, 0};
    return SS_OK;
}

/* ---- array_agg ---- */

/* array_agg(anynonarray) anyarray, array_agg(anyarray) anyarray (one dimension up) */
static int array_agg_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)ctx;
    if (nargs != 1)
        return SS_ERROR;
    int32_t t = arg_types[0].id;
    int32_t r = ss_type_is_array(t) ? t : ss_type_array_of(t);
    const ss_type_info *ati = ops_type_info(t);
    if (r == SS_TYPE_INVALID || !ati || ati->layout == SS_LAYOUT_NONE)
        return SS_ERROR;
    *out = (ss_type){r, -1};
    return SS_OK;
}

typedef struct elem_layout {
    uint32_t width;
    bool varlen;
} elem_layout;

static elem_layout layout_of(const ss_aggregate_call_info *call)
{
    const ss_type_info *ti = ops_type_info(call->arg_types[0].id);
    return (elem_layout){ti ? ti->width : 0, ti && ti->layout == SS_LAYOUT_VARLEN};
}

static int array_agg_row(ss_ctx *ctx, collect_state *s, elem_layout el, const ss_vector *arg, uint32_t p)
{
    char flag = valid_at(arg, p);
    if (agg_collect_append(ctx, s, &flag, 1) != SS_OK)
        return SS_ERROR;
    s->n++;
    if (!flag)
        return SS_OK;
    if (el.varlen) {
        const ss_text *v = (const ss_text *)arg->data + p;
        if (agg_collect_append(ctx, s, &v->len, sizeof v->len) != SS_OK ||
            agg_collect_append(ctx, s, v->ptr, v->len) != SS_OK)
            return SS_ERROR;
        return SS_OK;
    }
    return agg_collect_append(ctx, s, (const char *)arg->data + (size_t)p * el.width, el.width);
}

static int array_agg_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                           const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    elem_layout el = layout_of(call);
    for (uint32_t k = 0; k < n; k++)
        if (array_agg_row(ctx, groups ? STATE_AT(states, stride, groups[k]) : states, el, args[0], rows[k]) !=
            SS_OK)
            return SS_ERROR;
    return SS_OK;
}

static int array_agg_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                          const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    elem_layout el = layout_of(call);
    for (uint32_t k = 0; k < n; k++)
        if (array_agg_row(ctx, states[k], el, args[0], rows[k]) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

/* The items of a state's buffer as values (varlen ones pointing into it). */
static void array_items(const ss_aggregate_call_info *call, elem_layout el, const collect_state *s, ss_value *items)
{
    const char *p = s->ptr, *end = s->ptr + s->len;
    int32_t id = ss_type_storage(call->arg_types[0].id);
    for (uint32_t k = 0; p && p < end; k++) {
        ss_value *v = &items[k];
        memset(v, 0, sizeof *v);
        v->is_null = !*p++;
        if (v->is_null)
            continue;
        if (el.varlen) {
            memcpy(&v->v.s.len, p, sizeof v->v.s.len);
            v->v.s.ptr = p + sizeof v->v.s.len;
            p += sizeof v->v.s.len + v->v.s.len;
            continue;
        }
        if (id == SS_TYPE_BOOL) {
            v->v.b = *p != 0;
        } else if (id == SS_TYPE_FLOAT8 || id == SS_TYPE_FLOAT4) {
            memcpy(&v->v.f, p, sizeof(double));
        } else if (el.width == 2) {
            int16_t x;
            memcpy(&x, p, 2);
            v->v.i = x;
        } else if (el.width == 4) {
            int32_t x;
            memcpy(&x, p, 4);
            v->v.i = x;
        } else {
            memcpy(&v->v.i, p, 8);
        }
        p += el.width;
    }
}

static int array_agg_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                           uint32_t row)
{
    const collect_state *s = state;
    if (!s->n) {
        ss_vector_set_null(out, row);
        return SS_OK;
    }
    const ss_type_info *rti = ops_type_info(call->result_type.id);
    if (!rti || rti->struct_size < offsetof(ss_type_info, array) + sizeof rti->array || !rti->array)
        return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: array_agg returning %s",
                          api->type_name(call->result_type));
    ss_value *items = api->alloc(sizeof *items * (size_t)s->n);
    if (!items)
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    array_items(call, layout_of(call), s, items);
    bool nested = call->arg_types[0].id == call->result_type.id;
    int rc = nested ? rti->array->build_nested(ctx, items, (uint32_t)s->n, out, row)
                    : rti->array->build(ctx, items, (uint32_t)s->n, out, row);
    api->free(items);
    return rc;
}

#define COLLECT_VTABLE(NAME, DESC, NARGS, TYPE, STEP, DENSE, FINAL)                           \
    {.struct_size = sizeof(ss_aggregate_vtable),                                              \
     .version = SS_AGGREGATE_VTABLE_VERSION,                                                  \
     .name = NAME,                                                                            \
     .description = DESC,                                                                     \
     .min_args = NARGS,                                                                       \
     .max_args = NARGS,                                                                       \
     .strict = false,                                                                         \
     .state_size = sizeof(collect_state),                                                     \
     .result_type = TYPE,                                                                     \
     .init = agg_collect_init,                                                                \
     .step = STEP,                                                                            \
     .final = FINAL,                                                                          \
     .release = agg_collect_release,                                                          \
     .step_dense = DENSE}

const ss_aggregate_vtable agg_builtin_string_agg_vt =
    COLLECT_VTABLE("string_agg", "the values joined by the delimiter (text or bytea)", 2, string_agg_type,
                   string_agg_step, string_agg_dense, string_agg_final);
const ss_aggregate_vtable agg_builtin_array_agg_vt =
    COLLECT_VTABLE("array_agg", "the values, NULLs included, as an array", 1, array_agg_type, array_agg_step,
                   array_agg_dense, array_agg_final);
