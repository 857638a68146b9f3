/* agg_accum.c — aggregate state arrays and their update / result loops for the kinds the
 * operator keeps (the json aggregates), following PostgreSQL's transition functions;
 * registered aggregates (count, sum, avg, min, max, bool_and, bool_or, every, string_agg and
 * array_agg among them) go to agg_plugin.c. */
#include "agg_accum.h"

#include <string.h>

#include "agg_plugin.h"
#include "common/api_memory.h"

void agg_accum_init(agg_accum *acc, const agg_spec *spec)
{
    memset(acc, 0, sizeof *acc);
    acc->spec = *spec;
}

void agg_accum_release(const ss_api *api, agg_accum *acc)
{
    if (acc->t) {
        for (uint32_t g = 0; g < acc->capacity; g++)
            ops_free(api, acc->t[g].ptr);
    }
    if (acc->spec.kind == AGG_PLUGIN)
        agg_plugin_release(api, acc);
    ops_free(api, acc->states);
    acc->states = NULL;
    ops_free(api, acc->n);
    ops_free(api, acc->t);
    acc->n = NULL;
    acc->t = NULL;
    acc->capacity = 0;
}

/* Reallocates *array from old to new elements of size bytes, zeroing the new ones. */
static int grow_array(ss_ctx *ctx, const ss_api *api, void **array, size_t size, uint32_t old,
                      uint32_t capacity)
{
    void *p = ops_realloc(api, *array, (size_t)capacity * size);
    if (!p)
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memset((char *)p + (size_t)old * size, 0, (size_t)(capacity - old) * size);
    *array = p;
    return SS_OK;
}

int agg_accum_grow(ss_ctx *ctx, const ss_api *api, agg_accum *acc, uint32_t capacity)
{
    if (capacity <= acc->capacity)
        return SS_OK;
    uint32_t old = acc->capacity;
    const agg_spec *s = &acc->spec;
    bool want_t = s->kind == AGG_JSON_ARRAY || s->kind == AGG_JSON_OBJECT;

    /* a registered aggregate keeps its own counts in its states */
    if (s->kind != AGG_PLUGIN && grow_array(ctx, api, (void **)&acc->n, sizeof *acc->n, old, capacity) != SS_OK)
        return SS_ERROR;
    if (s->kind == AGG_PLUGIN && agg_plugin_grow(ctx, api, acc, old, capacity) != SS_OK)
        return SS_ERROR;
    /* the text array grows last: release() walks it up to capacity */
    if (want_t && grow_array(ctx, api, (void **)&acc->t, sizeof *acc->t, old, capacity) != SS_OK)
        return SS_ERROR;
    acc->capacity = capacity;
    return SS_OK;
}

/* Appends len bytes to t, growing its buffer geometrically. */
static int append_text(ss_ctx *ctx, const ss_api *api, agg_text *t, const char *p, uint32_t len)
{
    if (len == 0)
        return SS_OK;
    if (len > UINT32_MAX - t->len)
        return api->error(ctx, "54000", "out of memory");
    if (t->len + len > t->cap) {
        uint64_t cap = t->cap ? (uint64_t)t->cap * 2 : 64;
        while (cap < (uint64_t)t->len + len)
            cap *= 2;
        if (cap > UINT32_MAX)
            cap = UINT32_MAX;
        char *np = ops_realloc(api, t->ptr, (size_t)cap);
        if (!np)
            return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        t->ptr = np;
        t->cap = (uint32_t)cap;
    }
    memcpy(t->ptr + t->len, p, len);
    t->len += len;
    return SS_OK;
}

static bool input_valid(const uint64_t *validity, uint32_t p)
{
    return !validity || ((validity[p >> 6] >> (p & 63)) & 1u);
}

/* json_agg_transfn / json_object_agg_transfn over JSON text: "[" or ", " before each value,
 * "{ " or ", " before each "key : value"; the closing bracket comes with the result. */
static int update_json_agg(ss_ctx *ctx, const ss_api *api, agg_accum *acc, agg_input in,
                           const uint32_t *pos, const uint32_t *gids, uint32_t n)
{
    bool object = acc->spec.kind == AGG_JSON_OBJECT;
    const ss_text *a = in.data, *b = in.data2;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t p = pos[k], g = gids ? gids[k] : 0;
        agg_text *t = &acc->t[g];
        if (!input_valid(in.validity, p)) {
            if (object)
                return api->error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "field name must not be null");
            continue; /* the kernel's element text is never NULL */
        }
        const char *sep = acc->n[g] ? ", " : object ? "{ " : "[";
        if (append_text(ctx, api, t, sep, strlen(sep)) != SS_OK ||
            append_text(ctx, api, t, a[p].ptr, a[p].len) != SS_OK)
            return SS_ERROR;
        if (object) {
            bool has = b && input_valid(in.validity2, p);
            if (append_text(ctx, api, t, " : ", 3) != SS_OK ||
                append_text(ctx, api, t, has ? b[p].ptr : "null", has ? b[p].len : 4) != SS_OK)
                return SS_ERROR;
        }
        acc->n[g]++;
    }
    return SS_OK;
}

/* The JSON text of groups [first, first + n) with its closing bracket, in out's heap. */
static int json_agg_results(ss_ctx *ctx, const ss_api *api, const agg_accum *acc, uint32_t first,
                            uint32_t n, ss_vector *out)
{
    const char *close = acc->spec.kind == AGG_JSON_OBJECT ? " }" : "]";
    size_t cl = strlen(close);
    for (uint32_t k = 0; k < n; k++) {
        const agg_text *t = &acc->t[first + k];
        if (acc->n[first + k] == 0) {
            ((ss_text *)out->data)[k] = (ss_text){"", 0, 0}; /* NULL, marked by the caller */
            continue;
        }
        char *p = api->vector_text_alloc(ctx, out, t->len + cl);
        if (!p)
            return SS_ERROR;
        memcpy(p, t->ptr, t->len);
        memcpy(p + t->len, close, cl);
        ((ss_text *)out->data)[k] = (ss_text){p, (uint32_t)(t->len + cl), 0};
    }
    return SS_OK;
}

int agg_accum_update(ss_ctx *ctx, const ss_api *api, agg_accum *acc, agg_input in,
                     const uint32_t *pos, const uint32_t *gids, uint32_t n)
{
    switch (acc->spec.kind) {
    case AGG_JSON_ARRAY:
    case AGG_JSON_OBJECT: return update_json_agg(ctx, api, acc, in, pos, gids, n);
    case AGG_PLUGIN: return agg_plugin_update(ctx, api, acc, in, pos, gids, n);
    }
    return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "unknown aggregate kind");
}

/* Marks the groups without input as NULL (all results but count's). */
static int mark_empty_groups(ss_ctx *ctx, const ss_api *api, const agg_accum *acc,
                             uint32_t first, uint32_t n, ss_vector *out)
{
    bool any_empty = false;
    for (uint32_t k = 0; k < n && !any_empty; k++)
        any_empty = acc->n[first + k] == 0;
    if (!any_empty)
        return SS_OK;
    if (api->vector_ensure_validity(ctx, out) != SS_OK)
        return SS_ERROR;
    for (uint32_t k = 0; k < n; k++) {
        if (acc->n[first + k] == 0)
            ss_vector_set_null(out, k);
        else
            ss_vector_set_valid(out, k);
    }
    return SS_OK;
}

int agg_accum_result(ss_ctx *ctx, const ss_api *api, agg_accum *acc, uint32_t first,
                     uint32_t n, ss_vector *out)
{
    const agg_spec *s = &acc->spec;
    switch (s->kind) {
    case AGG_PLUGIN: return agg_plugin_result(ctx, api, acc, first, n, out);
    case AGG_JSON_ARRAY:
    case AGG_JSON_OBJECT:
        if (json_agg_results(ctx, api, acc, first, n, out) != SS_OK)
            return SS_ERROR;
        break;
    }
    return mark_empty_groups(ctx, api, acc, first, n, out);
}
