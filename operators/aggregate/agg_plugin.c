/* agg_plugin.c — calls of registered aggregates (see agg_plugin.h): states of the call's size
 * (rounded up to 16 bytes) per group in one array, rows with a NULL argument dropped for a
 * strict aggregate (only in batches that have NULLs), then one step_dense call per batch
 * with the dense group ids (none without GROUP BY), or step with a pointer to each row's
 * state for an aggregate without step_dense.  Results: final over a scratch validity bitmap,
 * the output column's own only when some result is NULL. */
#include "agg_plugin.h"

#include <string.h>

#include "agg_direct.h"
#include "common/api_memory.h"

static ss_aggregate_call_info info_of(const agg_spec *s, ss_type *types)
{
    types[0] = s->arg_type;
    types[1] = s->arg2_type;
    return (ss_aggregate_call_info){.struct_size = sizeof(ss_aggregate_call_info),
                                    .nargs = s->call->arg ? (s->two_args ? 2 : 1) : 0,
                                    .arg_types = types,
                                    .result_type = s->call->result_type,
                                    .ndirect = s->ndirect,
                                    .direct_array = s->direct_array,
                                    .direct = s->direct,
                                    .moving = 0,
                                    .order_keys = s->ordered && s->extra ? s->extra->order_keys : NULL,
                                    .norder = s->ordered && s->extra ? s->extra->norder : 0};
}

size_t agg_plugin_state_bytes(const agg_spec *spec)
{
    ss_type types[2];
    ss_aggregate_call_info info = info_of(spec, types);
    return ss_aggregate_state_bytes(spec->function, &info);
}

static bool has_step_dense(const ss_aggregate_vtable *fn)
{
    return fn->struct_size >= offsetof(ss_aggregate_vtable, step_dense) + sizeof fn->step_dense && fn->step_dense;
}

int agg_plugin_grow(ss_ctx *ctx, const ss_api *api, agg_accum *acc, uint32_t old, uint32_t capacity)
{
    if (!acc->stride)
        acc->stride = agg_plugin_state_bytes(&acc->spec);
    size_t stride = acc->stride;
    void *p = ops_realloc(api, acc->states, (size_t)capacity * stride);
    if (!p)
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    acc->states = p;
    memset((char *)p + (size_t)old * stride, 0, (size_t)(capacity - old) * stride);
    ss_type types[2];
    ss_aggregate_call_info info = info_of(&acc->spec, types);
    for (uint32_t g = old; g < capacity; g++)
        acc->spec.function->init(&info, (char *)p + (size_t)g * stride);
    return SS_OK;
}

void agg_plugin_release(const ss_api *api, agg_accum *acc)
{
    const ss_aggregate_vtable *fn = acc->spec.function;
    if (acc->states && fn->release) {
        ss_type types[2];
        ss_aggregate_call_info info = info_of(&acc->spec, types);
        for (uint32_t g = 0; g < acc->capacity; g++)
            fn->release(&info, (char *)acc->states + (size_t)g * acc->stride);
    }
    ops_free(api, acc->states);
    ops_free(api, acc->plugin_states);
    ops_free(api, acc->plugin_rows);
    ops_free(api, acc->plugin_groups);
    ops_free(api, acc->plugin_bits);
    ops_free(api, acc->plugin_other);
    acc->plugin_other = NULL;
    acc->plugin_bits = NULL;
    acc->plugin_bits_words = 0;
    acc->states = NULL;
    acc->plugin_states = NULL;
    acc->plugin_rows = NULL;
    acc->plugin_groups = NULL;
    acc->plugin_scratch = 0;
}

static int ensure_scratch(ss_ctx *ctx, const ss_api *api, agg_accum *acc, uint32_t n)
{
    if (n <= acc->plugin_scratch)
        return SS_OK;
    uint32_t cap = n < SS_BATCH_CAPACITY ? SS_BATCH_CAPACITY : n;
    void **states = ops_realloc(api, acc->plugin_states, (size_t)cap * sizeof *states);
    if (states)
        acc->plugin_states = states;
    uint32_t *rows = ops_realloc(api, acc->plugin_rows, (size_t)cap * sizeof *rows);
    if (rows)
        acc->plugin_rows = rows;
    uint32_t *groups = ops_realloc(api, acc->plugin_groups, (size_t)cap * sizeof *groups);
    if (groups)
        acc->plugin_groups = groups;
    if (!states || !rows || !groups)
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    acc->plugin_scratch = cap;
    return SS_OK;
}

static bool bit_set(const uint64_t *validity, uint32_t p)
{
    return !validity || ((validity[p >> 6] >> (p & 63)) & 1u);
}

int agg_plugin_update(ss_ctx *ctx, const ss_api *api, agg_accum *acc, agg_input in, const uint32_t *pos,
                      const uint32_t *gids, uint32_t n)
{
    if (n == 0)
        return SS_OK;
    const agg_spec *s = &acc->spec;
    const ss_aggregate_vtable *fn = s->function;
    ss_type types[2];
    ss_aggregate_call_info info = info_of(s, types);
    const ss_vector view = {.type = s->arg_type, .capacity = UINT32_MAX, .data = (void *)in.data,
                            .validity = (uint64_t *)in.validity};
    const ss_vector view2 = {.type = s->arg2_type, .capacity = UINT32_MAX, .data = (void *)in.data2,
                             .validity = (uint64_t *)in.validity2};
    const ss_vector *args[2] = {&view, &view2};
    bool nulls = fn->strict && info.nargs && (in.validity || (s->two_args && in.validity2));
    if (nulls && has_step_dense(fn)) { /* a validity bitmap with every row valid: nothing to drop */
        uint32_t valid = 0;
        for (uint32_t k = 0; k < n; k++)
            valid += bit_set(in.validity, pos[k]) & (!s->two_args || bit_set(in.validity2, pos[k]));
        nulls = valid != n;
    }
    if (has_step_dense(fn) && !nulls) /* the rows and groups as they are */
        return fn->step_dense(ctx, &info, acc->states, acc->stride, gids, args, pos, n);
    if (ensure_scratch(ctx, api, acc, n) != SS_OK)
        return SS_ERROR;
    uint32_t m = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t p = pos[k];
        if (nulls && (!bit_set(in.validity, p) || (s->two_args && !bit_set(in.validity2, p))))
            continue;
        uint32_t g = gids ? gids[k] : 0;
        acc->plugin_rows[m] = p;
        acc->plugin_groups[m] = g;
        acc->plugin_states[m] = (char *)acc->states + (size_t)g * acc->stride;
        m++;
    }
    if (m == 0)
        return SS_OK;
    if (has_step_dense(fn))
        return fn->step_dense(ctx, &info, acc->states, acc->stride, gids ? acc->plugin_groups : NULL, args,
                              acc->plugin_rows, m);
    return fn->step(ctx, &info, acc->plugin_states, args, acc->plugin_rows, m);
}

/* final of group g to row k of out, with the group's own direct arguments when it has them. */
static int final_of(ss_ctx *ctx, const agg_accum *acc, ss_aggregate_call_info *info, uint32_t g, ss_vector *out,
                    uint32_t k)
{
    if (acc->direct && agg_direct_of(ctx, acc->direct, g, &info->direct) != SS_OK)
        return SS_ERROR;
    return acc->spec.function->final(ctx, info, (const char *)acc->states + (size_t)g * acc->stride, out, k);
}

/* Results into out through the vector's own bitmap: the rows valid, then final. */
static int results_with_bitmap(ss_ctx *ctx, const ss_api *api, const agg_accum *acc, uint32_t first, uint32_t n,
                               ss_vector *out, ss_aggregate_call_info *info)
{
    if (api->vector_ensure_validity(ctx, out) != SS_OK)
        return SS_ERROR;
    for (uint32_t k = 0; k < n; k++) {
        ss_vector_set_valid(out, k);
        if (final_of(ctx, acc, info, first + k, out, k) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

/* final sees a validity bitmap, as the vtable promises, but it is the accumulator's scratch
 * one: out gets a bitmap of its own only when some group's result is NULL, so a count (or a
 * sum whose groups all have rows) hands its consumers a column without one. */
int agg_plugin_result(ss_ctx *ctx, const ss_api *api, agg_accum *acc, uint32_t first, uint32_t n,
                      ss_vector *out)
{
    const agg_spec *s = &acc->spec;
    ss_type types[2];
    ss_aggregate_call_info info = info_of(s, types);
    size_t words = ((size_t)(out->capacity > n ? out->capacity : n) + 63) / 64;
    if (out->validity || n == 0)
        return results_with_bitmap(ctx, api, acc, first, n, out, &info);
    if (words > acc->plugin_bits_words) {
        uint64_t *bits = ops_realloc(api, acc->plugin_bits, words * sizeof *bits);
        if (!bits)
            return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        acc->plugin_bits = bits;
        acc->plugin_bits_words = words;
    }
    uint64_t *bits = acc->plugin_bits;
    memset(bits, 0xff, words * sizeof *bits);
    out->validity = bits;
    int rc = SS_OK;
    for (uint32_t k = 0; k < n && rc == SS_OK; k++)
        rc = final_of(ctx, acc, &info, first + k, out, k);
    if (out->validity != bits) /* final replaced the bitmap (it must not): keep what it made */
        return rc;
    out->validity = NULL;
    if (rc != SS_OK)
        return rc;
    uint64_t all = ~UINT64_C(0);
    for (size_t w = 0; w < ((size_t)n + 63) / 64; w++) {
        uint64_t want = w < n / 64 ? ~UINT64_C(0) : (UINT64_C(1) << (n & 63)) - 1;
        all &= bits[w] | ~want;
    }
    if (all == ~UINT64_C(0))
        return SS_OK; /* no NULL: no bitmap */
    if (api->vector_ensure_validity(ctx, out) != SS_OK)
        return SS_ERROR;
    memcpy(out->validity, bits, (((size_t)n + 63) / 64) * sizeof *bits);
    return SS_OK;
}

bool agg_plugin_spills_states(const agg_spec *s)
{
    const ss_aggregate_vtable *fn = s->function;
    if (s->kind != AGG_PLUGIN || !fn->combine || s->distinct || s->ordered || s->ndirect)
        return false;
    int32_t r = s->call->result_type.id;
    if (r == SS_TYPE_FLOAT8 || r == SS_TYPE_FLOAT4)
        return false; /* another grouping of the rows would round differently */
    if (fn->struct_size >= offsetof(ss_aggregate_vtable, flat_state) + sizeof fn->flat_state && fn->flat_state) {
        ss_type types[2];
        ss_aggregate_call_info info = info_of(s, types);
        return fn->flat_state(&info);
    }
    return !fn->release;
}

int agg_plugin_combine_bytes(ss_ctx *ctx, const ss_api *api, agg_accum *acc, uint32_t g, const ss_text *bytes)
{
    if (bytes->len != acc->stride)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "aggregate %s: a spilled state of %u bytes, not %zu",
                          acc->spec.call->name, bytes->len, acc->stride);
    if (!acc->plugin_other && !(acc->plugin_other = api->alloc(acc->stride)))
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(acc->plugin_other, bytes->ptr, acc->stride); /* aligned as a state */
    ss_type types[2];
    ss_aggregate_call_info info = info_of(&acc->spec, types);
    return acc->spec.function->combine(ctx, &info, (char *)acc->states + (size_t)g * acc->stride, acc->plugin_other);
}
