/* agg_direct.c — per-group direct arguments of ordered-set aggregates (agg_direct.h). */
#include "agg_direct.h"

#include <string.h>

#include "common/api_memory.h"

int agg_direct_init(ss_ctx *ctx, const ss_api *api, agg_direct *d, const agg_spec *spec)
{
    memset(d, 0, sizeof *d);
    d->api = api;
    d->spec = spec;
    for (uint32_t i = 0; i < spec->ndirect; i++) {
        d->vecs[i] = api->vector_create(api->expr_type(spec->extra->direct[i]), SS_BATCH_CAPACITY);
        if (!d->vecs[i])
            return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    return SS_OK;
}

static void free_values(agg_direct *d)
{
    uint32_t nd = d->spec ? d->spec->ndirect : 0;
    for (uint32_t g = 0; d->has && g < d->capacity; g++)
        for (uint32_t i = 0; d->has[g] && i < nd; i++) {
            ss_value *v = &d->values[(size_t)g * nd + i];
            if (!v->is_null && ss_type_storage(d->api->expr_type(d->spec->extra->direct[i]).id) == SS_TYPE_TEXT)
                ops_free(d->api, (void *)v->v.s.ptr);
        }
    if (d->has)
        memset(d->has, 0, d->capacity);
}

void agg_direct_clear(agg_direct *d)
{
    if (d->api)
        free_values(d);
}

void agg_direct_release(agg_direct *d)
{
    if (!d->api)
        return;
    free_values(d);
    for (uint32_t i = 0; i < SS_AGG_MAX_DIRECT; i++)
        if (d->vecs[i])
            d->api->vector_destroy(d->vecs[i]);
    ops_free(d->api, d->values);
    ops_free(d->api, d->has);
    memset(d, 0, sizeof *d);
}

static int ensure(ss_ctx *ctx, agg_direct *d, uint32_t g)
{
    if (g < d->capacity)
        return SS_OK;
    uint32_t cap = d->capacity ? d->capacity : 16, nd = d->spec->ndirect;
    while (cap <= g)
        cap *= 2;
    ss_value *values = ops_realloc(d->api, d->values, (size_t)cap * nd * sizeof *values);
    if (values)
        d->values = values;
    uint8_t *has = ops_realloc(d->api, d->has, cap);
    if (!values || !has)
        return d->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memset(has + d->capacity, 0, cap - d->capacity);
    d->has = has;
    d->capacity = cap;
    return SS_OK;
}

/* v kept for group g: text bytes copied. */
static int keep(ss_ctx *ctx, agg_direct *d, uint32_t g, uint32_t i, ss_value v)
{
    if (!v.is_null && ss_type_storage(d->api->expr_type(d->spec->extra->direct[i]).id) == SS_TYPE_TEXT) {
        char *p = d->api->alloc(v.v.s.len ? v.v.s.len : 1);
        if (!p)
            return d->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        if (v.v.s.len)
            memcpy(p, v.v.s.ptr, v.v.s.len);
        v.v.s.ptr = p;
    }
    d->values[(size_t)g * d->spec->ndirect + i] = v;
    return SS_OK;
}

int agg_direct_note(ss_ctx *ctx, agg_direct *d, const ss_batch *b, const uint32_t *pos, const uint32_t *gids,
                    uint32_t n)
{
    uint32_t nd = d->spec->ndirect;
    bool evaluated = false;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t g = gids ? gids[k] : 0;
        if (ensure(ctx, d, g) != SS_OK)
            return SS_ERROR;
        if (d->has[g])
            continue;
        for (uint32_t i = 0; !evaluated && i < nd; i++)
            if (d->api->expr_eval(ctx, d->spec->extra->direct[i], b, d->vecs[i]) != SS_OK)
                return SS_ERROR;
        evaluated = true;
        for (uint32_t i = 0; i < nd; i++) {
            ss_value v;
            ss_vector_get_value(d->vecs[i], pos[k], &v);
            if (keep(ctx, d, g, i, v) != SS_OK) {
                for (uint32_t j = 0; j < i; j++) /* the group stays unset: its copies go */
                    if (ss_type_storage(d->api->expr_type(d->spec->extra->direct[j]).id) == SS_TYPE_TEXT &&
                        !d->values[(size_t)g * nd + j].is_null)
                        ops_free(d->api, (void *)d->values[(size_t)g * nd + j].v.s.ptr);
                return SS_ERROR;
            }
        }
        d->has[g] = 1;
    }
    return SS_OK;
}

int agg_direct_of(ss_ctx *ctx, agg_direct *d, uint32_t g, const ss_value **out)
{
    uint32_t nd = d->spec->ndirect;
    if (ensure(ctx, d, g) != SS_OK)
        return SS_ERROR;
    if (!d->has[g]) {
        /* a group without rows: no column is read, only what has no row (outer columns,
           subqueries) */
        for (uint32_t i = 0; i < nd; i++) {
            ss_value v;
            if (d->api->expr_eval_scalar(ctx, d->spec->extra->direct[i], &v) != SS_OK ||
                keep(ctx, d, g, i, v) != SS_OK)
                return SS_ERROR;
        }
        d->has[g] = 1;
    }
    *out = &d->values[(size_t)g * nd];
    return SS_OK;
}
