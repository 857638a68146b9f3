/* agg_ordered_set.c — percentile_cont(fraction) WITHIN GROUP (ORDER BY double precision),
 * percentile_disc(fraction) and mode() WITHIN GROUP (ORDER BY x) for x of a fixed width of
 * at most 8 bytes (integers, float, boolean, date, timestamp) or of variable width (text,
 * numeric, interval, ...), as plugins of kind aggregate (ordered_set).  The kernel feeds
 * each group's non-NULL values sorted as WITHIN GROUP says; the state keeps them (8 bytes
 * each, or a copy of a variable-width value's bytes) and final picks by position, PostgreSQL's
 * percentile_cont_final (linear interpolation), percentile_disc_final (the first value whose
 * position reaches fraction * count) and mode_final (the first longest run of equal values).
 * A fraction outside [0, 1] is 22003 even for a group without rows; a NULL fraction gives
 * NULL.  mode's equal values are those the type's equality calls equal.  The module also
 * registers the hypothetical-set aggregates (agg_hypothetical.c). */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "agg_hypothetical.h"
#include "sunstone/plugin.h"

static const ss_api *api;

typedef struct sorted_values {
    uint64_t *v; /* ss_api.alloc'd; the values' bytes, zero-padded to 8 */
    uint32_t n, cap;
    uint32_t width;
    bool varlen; /* variable-width values: t instead of v */
    ss_text *t;  /* ss_api.alloc'd, each value's bytes ss_api.alloc'd */
} sorted_values;

static bool variable_width(int32_t id)
{
    const ss_type_info *ti = api->type_info(id);
    return ti && ti->layout == SS_LAYOUT_VARLEN;
}

static bool fixed_width(int32_t id, uint32_t *width)
{
    const ss_type_info *ti = api->type_info(id);
    if (!ti || ti->layout != SS_LAYOUT_FIXED || ti->width == 0 || ti->width > 8)
        return false;
    *width = ti->width;
    return true;
}

static int cont_result_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)nargs;
    int32_t t = arg_types[0].id;
    if (t == SS_TYPE_FLOAT8 || t == SS_TYPE_FLOAT4 || t == SS_TYPE_INT2 || t == SS_TYPE_INT4 || t == SS_TYPE_INT8 ||
        t == SS_TYPE_NUMERIC) {
        arg_types[0] = (ss_type){SS_TYPE_FLOAT8, -1}; /* as an implicit cast to double precision */
        *out = arg_types[0];
        return SS_OK;
    }
    if (arg_types[0].id == SS_TYPE_INTERVAL)
        return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: percentile_cont of interval");
    return SS_ERROR; /* the kernel's 42883 */
}

static int any_result_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)nargs;
    uint32_t w;
    if (!fixed_width(arg_types[0].id, &w) && !variable_width(arg_types[0].id))
        return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: ordered-set aggregates of %s (values of variable width)",
                          api->type_name(arg_types[0]));
    *out = arg_types[0];
    return SS_OK;
}

static void values_init(const ss_aggregate_call_info *call, void *state)
{
    sorted_values *s = state;
    memset(s, 0, sizeof *s);
    uint32_t w = 8;
    fixed_width(call->arg_types[0].id, &w);
    s->width = w;
    s->varlen = variable_width(call->arg_types[0].id);
}

/* A copy of a variable-width value appended to s. */
static int push_text(ss_ctx *ctx, sorted_values *s, const ss_text *x)
{
    if (s->n == s->cap) {
        uint32_t cap = s->cap ? s->cap * 2 : 64;
        ss_text *p = api->realloc(s->t, (size_t)cap * sizeof *p);
        if (!p)
            return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        s->t = p;
        s->cap = cap;
    }
    char *bytes = api->alloc(x->len ? x->len : 1);
    if (!bytes)
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (x->len)
        memcpy(bytes, x->ptr, x->len);
    s->t[s->n++] = (ss_text){bytes, x->len, 0};
    return SS_OK;
}

static int values_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                       const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    (void)call;
    const char *data = args[0]->data;
    for (uint32_t k = 0; k < n; k++) {
        sorted_values *s = states[k];
        if (s->varlen) {
            if (push_text(ctx, s, &((const ss_text *)args[0]->data)[rows[k]]) != SS_OK)
                return SS_ERROR;
            continue;
        }
        if (s->n == s->cap) {
            uint32_t cap = s->cap ? s->cap * 2 : 64;
            uint64_t *p = api->realloc(s->v, (size_t)cap * sizeof *p);
            if (!p)
                return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            s->v = p;
            s->cap = cap;
        }
        uint64_t raw = 0;
        memcpy(&raw, data + (size_t)rows[k] * s->width, s->width);
        s->v[s->n++] = raw;
    }
    return SS_OK;
}

static void values_release(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    sorted_values *s = state;
    for (uint32_t i = 0; s->t && i < s->n; i++)
        api->free((void *)s->t[i].ptr);
    api->free(s->t);
    s->t = NULL;
    api->free(s->v);
    s->v = NULL;
    s->n = s->cap = 0;
}

static void put_raw(ss_vector *out, uint32_t row, uint32_t width, uint64_t raw)
{
    memcpy((char *)out->data + (size_t)row * width, &raw, width);
}

/* Value i of s written to row of out. */
static int put_value(ss_ctx *ctx, const sorted_values *s, uint32_t i, ss_vector *out, uint32_t row)
{
    if (!s->varlen) {
        put_raw(out, row, s->width, s->v[i]);
        return SS_OK;
    }
    ss_value v = {.is_null = false};
    v.v.s = s->t[i];
    return api->vector_set_value(ctx, out, row, &v);
}

/* The fraction d: SS_OK with *null when it is NULL, 22003 outside [0, 1]. */
static int fraction(ss_ctx *ctx, const ss_value *d, double *pct, bool *null)
{
    *null = d->is_null;
    if (*null)
        return SS_OK;
    *pct = d->v.f;
    if (*pct < 0 || *pct > 1 || isnan(*pct))
        return api->error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "percentile value %g is not between 0 and 1",
                          *pct);
    return SS_OK;
}

/* percentile_cont (interpolated, double precision) or, discrete, percentile_disc, of the
 * fraction d over the values of s, to row of out. */
static int percentile_of(ss_ctx *ctx, const ss_value *d, const sorted_values *s, ss_vector *out, uint32_t row,
                         bool discrete)
{
    double pct;
    bool null;
    if (fraction(ctx, d, &pct, &null) != SS_OK)
        return SS_ERROR;
    if (null || s->n == 0) {
        ss_vector_set_null(out, row);
        return SS_OK;
    }
    if (discrete) {
        int64_t rownum = (int64_t)ceil(pct * (double)s->n);
        if (rownum < 1)
            rownum = 1;
        if (rownum > (int64_t)s->n)
            rownum = s->n;
        return put_value(ctx, s, (uint32_t)(rownum - 1), out, row);
    }
    double pos = pct * (double)(s->n - 1);
    uint32_t first = (uint32_t)floor(pos), second = (uint32_t)ceil(pos);
    double lo, hi;
    memcpy(&lo, &s->v[first], sizeof lo);
    memcpy(&hi, &s->v[second], sizeof hi);
    ((double *)out->data)[row] = first == second ? lo : lo + (hi - lo) * (pos - (double)first);
    return SS_OK;
}

/* PostgreSQL's percentile_*_multi_final: the percentile of every fraction of the array
 * direct[0] (a NULL one gives a NULL item), in the array's shape; NULL without rows. */
static int percentile_array(ss_ctx *ctx, const ss_aggregate_call_info *call, const sorted_values *s, ss_vector *out,
                            uint32_t row, bool discrete)
{
    const ss_type_info *fi = api->type_info(SS_TYPE_FLOAT8_ARRAY), *ri = api->type_info(call->result_type.id);
    const ss_type_array *fa = fi ? fi->array : NULL, *ra = ri ? ri->array : NULL;
    if (!fa || !ra || ra->struct_size < offsetof(ss_type_array, build_shaped) + sizeof ra->build_shaped)
        return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: percentiles of an array of fractions on this kernel");
    if (s->n == 0) {
        ss_vector_set_null(out, row);
        return SS_OK;
    }
    const ss_text *shape = &call->direct[0].v.s;
    uint32_t n = fa->nitems(shape);
    ss_value *fractions = api->alloc(sizeof(ss_value) * (n ? n : 1) * 2);
    ss_vector *picks = api->vector_create((ss_type){ss_type_element_of(call->result_type.id), -1}, n ? n : 1);
    int rc = fractions && picks ? api->vector_ensure_validity(ctx, picks)
                                : api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc == SS_OK) {
        ss_value *items = fractions + n;
        fa->items(shape, fractions, n);
        for (uint32_t k = 0; k < n && rc == SS_OK; k++)
            rc = percentile_of(ctx, &fractions[k], s, picks, k, discrete);
        for (uint32_t k = 0; k < n && rc == SS_OK; k++)
            ss_vector_get_value(picks, k, &items[k]);
        if (rc == SS_OK)
            rc = ra->build_shaped(ctx, shape, items, n, out, row);
    }
    if (picks)
        api->vector_destroy(picks);
    api->free(fractions);
    return rc;
}

static int percentile_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const sorted_values *s,
                            ss_vector *out, uint32_t row, bool discrete)
{
    if (call->ndirect < 1)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "percentile without its fraction");
    if (call->struct_size >= offsetof(ss_aggregate_call_info, direct_array) + sizeof call->direct_array &&
        call->direct_array) {
        if (call->direct[0].is_null) {
            ss_vector_set_null(out, row);
            return SS_OK;
        }
        return percentile_array(ctx, call, s, out, row, discrete);
    }
    return percentile_of(ctx, &call->direct[0], s, out, row, discrete);
}

static int cont_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                      uint32_t row)
{
    return percentile_final(ctx, call, state, out, row, false);
}

static int disc_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                      uint32_t row)
{
    return percentile_final(ctx, call, state, out, row, true);
}

static bool same_text(const ss_aggregate_call_info *call, const ss_text *a, const ss_text *b)
{
    const ss_type_info *ti = api->type_info(call->arg_types[0].id);
    if (ti && ti->equal)
        return ti->equal(a, b);
    return a->len == b->len && (!a->len || memcmp(a->ptr, b->ptr, a->len) == 0);
}

static bool same_value(const ss_aggregate_call_info *call, uint64_t a, uint64_t b)
{
    if (call->arg_types[0].id == SS_TYPE_FLOAT8 || call->arg_types[0].id == SS_TYPE_FLOAT4) {
        double x, y;
        memcpy(&x, &a, sizeof x);
        memcpy(&y, &b, sizeof y);
        return x == y || (isnan(x) && isnan(y));
    }
    return a == b;
}

static int mode_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                      uint32_t row)
{
    const sorted_values *s = state;
    if (s->n == 0) {
        ss_vector_set_null(out, row);
        return SS_OK;
    }
    uint32_t best = 0, best_len = 0;
    for (uint32_t i = 0; i < s->n;) {
        uint32_t j = i + 1;
        while (j < s->n && (s->varlen ? same_text(call, &s->t[i], &s->t[j]) : same_value(call, s->v[i], s->v[j])))
            j++;
        if (j - i > best_len) {
            best = i;
            best_len = j - i;
        }
        i = j;
    }
    return put_value(ctx, s, best, out, row);
}

#define ORDERED_SET_VT(NAME, DESC, NDIRECT, RESULT, FINAL)                                          \
    {                                                                                               \
        .struct_size = sizeof(ss_aggregate_vtable), .version = SS_AGGREGATE_VTABLE_VERSION,         \
        .name = NAME, .description = DESC, .min_args = 1, .max_args = 1, .strict = true,            \
        .ordered_set = true, .direct_args = NDIRECT, .state_size = sizeof(sorted_values),           \
        .direct_type = {SS_TYPE_FLOAT8, -1}, .direct_array = NDIRECT == 1, .result_type = RESULT,  \
        .init = values_init,                                                                        \
        .step = values_step, .final = FINAL, .release = values_release                              \
    }

static const ss_aggregate_vtable ordered_set_aggs[] = {
    ORDERED_SET_VT("percentile_cont", "continuous percentile", 1, cont_result_type, cont_final),
    ORDERED_SET_VT("percentile_disc", "discrete percentile", 1, any_result_type, disc_final),
    ORDERED_SET_VT("mode", "most common value", 0, any_result_type, mode_final),
};

SS_PLUGIN_MAGIC("agg_ordered_set", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *a, ss_plugin *plugin)
{
    if (!SS_API_HAS(a, register_aggregate))
        return a->error(a->plugin_ctx(plugin), SS_SQLSTATE_PLUGIN_ERROR,
                        "agg_ordered_set needs a kernel with register_aggregate");
    api = a;
    for (size_t i = 0; i < sizeof ordered_set_aggs / sizeof ordered_set_aggs[0]; i++)
        if (a->register_aggregate(plugin, &ordered_set_aggs[i], false) != SS_OK)
            return SS_ERROR;
    return agg_hypothetical_register(a, plugin);
}
