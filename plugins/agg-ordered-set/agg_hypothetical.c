/* agg_hypothetical.c — PostgreSQL's hypothetical-set aggregates rank, dense_rank, percent_rank
 * and cume_dist (args) WITHIN GROUP (ORDER BY keys), registered as aggregates (ordered_set,
 * hypothetical) by agg_ordered_set.c.  The kernel feeds each group's rows (NULLs too: these
 * aggregates are not strict) sorted as WITHIN GROUP says; the state keeps them (one ss_value
 * per key, text bytes copied) and final places the hypothetical row (the direct arguments,
 * in the keys' types) among them under the call's sort keys (call_info.order_keys: ASC /
 * DESC, NULLS FIRST / LAST), as PostgreSQL's hypothetical_rank_common: rank counts the rows
 * that sort before it, cume_dist those that do not sort after it, dense_rank the distinct
 * rows before it (adjacent rows equal under the types' equality). */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "agg_hypothetical.h"

static const ss_api *api;

#define MAX_KEYS 4

typedef struct hypo_rows {
    ss_value *v;    /* ss_api.alloc'd; n rows of nkeys values, text bytes ss_api.alloc'd */
    uint32_t n, cap;
} hypo_rows;

/* The storage classes final can compare: integers, floats, booleans, the date/time types
 * stored as integers, and variable-width values (by the type's compare, else bytewise). */
static int hypo_result_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out, bool fraction)
{
    for (uint32_t i = 0; i < nargs; i++)
        if (!ss_type_storage(arg_types[i].id) || nargs > MAX_KEYS)
            return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "feature not supported: hypothetical-set aggregates over %s",
                              api->type_name(arg_types[i]));
    *out = (ss_type){fraction ? SS_TYPE_FLOAT8 : SS_TYPE_INT8, -1};
    return SS_OK;
}

static int count_result_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    return hypo_result_type(ctx, arg_types, nargs, out, false);
}

static int fraction_result_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    return hypo_result_type(ctx, arg_types, nargs, out, true);
}

static void hypo_init(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    memset(state, 0, sizeof(hypo_rows));
}

static int hypo_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                     const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    uint32_t nk = call->nargs;
    for (uint32_t k = 0; k < n; k++) {
        hypo_rows *s = states[k];
        if (s->n == s->cap) {
            uint32_t cap = s->cap ? s->cap * 2 : 64;
            ss_value *p = api->realloc(s->v, (size_t)cap * nk * sizeof *p);
            if (!p)
                return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            s->v = p;
            s->cap = cap;
        }
        ss_value *row = &s->v[(size_t)s->n * nk];
        for (uint32_t c = 0; c < nk; c++) {
            ss_vector_get_value(args[c], rows[k], &row[c]);
            if (row[c].is_null || ss_type_storage(call->arg_types[c].id) != SS_TYPE_TEXT)
                continue;
            char *bytes = api->alloc(row[c].v.s.len ? row[c].v.s.len : 1);
            if (!bytes) {
                for (uint32_t j = 0; j < c; j++)
                    if (!row[j].is_null && ss_type_storage(call->arg_types[j].id) == SS_TYPE_TEXT)
                        api->free((void *)row[j].v.s.ptr);
                return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            }
            if (row[c].v.s.len)
                memcpy(bytes, row[c].v.s.ptr, row[c].v.s.len);
            row[c].v.s.ptr = bytes;
        }
        s->n++;
    }
    return SS_OK;
}

static void hypo_release(const ss_aggregate_call_info *call, void *state)
{
    hypo_rows *s = state;
    uint32_t nk = call->nargs;
    for (uint32_t r = 0; s->v && r < s->n; r++)
        for (uint32_t c = 0; c < nk; c++) {
            const ss_value *x = &s->v[(size_t)r * nk + c];
            if (!x->is_null && ss_type_storage(call->arg_types[c].id) == SS_TYPE_TEXT)
                api->free((void *)x->v.s.ptr);
        }
    api->free(s->v);
    memset(s, 0, sizeof *s);
}

/* Two non-NULL values of type t in their order: <0, 0, >0. */
static int compare_values(int32_t t, const ss_value *a, const ss_value *b)
{
    switch (ss_type_storage(t)) {
    case SS_TYPE_BOOL: return (a->v.b > b->v.b) - (a->v.b < b->v.b);
    case SS_TYPE_FLOAT8:
        if (isnan(a->v.f))
            return isnan(b->v.f) ? 0 : 1;
        if (isnan(b->v.f))
            return -1;
        return (a->v.f > b->v.f) - (a->v.f < b->v.f);
    case SS_TYPE_TEXT: {
        const ss_type_info *ti = api->type_info(t);
        if (ti && ti->compare) {
            int c = ti->compare(&a->v.s, &b->v.s);
            return (c > 0) - (c < 0);
        }
        uint32_t n = a->v.s.len < b->v.s.len ? a->v.s.len : b->v.s.len;
        int c = n ? memcmp(a->v.s.ptr, b->v.s.ptr, n) : 0;
        if (c)
            return c < 0 ? -1 : 1;
        return (a->v.s.len > b->v.s.len) - (a->v.s.len < b->v.s.len);
    }
    default: return (a->v.i > b->v.i) - (a->v.i < b->v.i);
    }
}

/* Row a against row b under the call's sort keys (with `sorted` false: plain equality,
 * NULLs equal, as PostgreSQL's execTuplesMatch). */
static int compare_rows(const ss_aggregate_call_info *call, const ss_value *a, const ss_value *b, bool sorted)
{
    bool keys = call->struct_size >= offsetof(ss_aggregate_call_info, norder) + sizeof call->norder &&
                call->order_keys && call->norder == call->nargs;
    for (uint32_t c = 0; c < call->nargs; c++) {
        bool desc = sorted && keys && call->order_keys[c].descending;
        bool nulls_first = sorted && keys && call->order_keys[c].nulls_first;
        int cmp;
        if (a[c].is_null || b[c].is_null)
            cmp = a[c].is_null && b[c].is_null ? 0 : a[c].is_null == nulls_first ? -1 : 1;
        else
            cmp = desc ? -compare_values(call->arg_types[c].id, &a[c], &b[c])
                       : compare_values(call->arg_types[c].id, &a[c], &b[c]);
        if (cmp)
            return cmp;
    }
    return 0;
}

typedef struct hypo_counts {
    int64_t before;   /* rows sorting before the hypothetical row */
    int64_t peers;    /* rows equal to it */
    int64_t distinct; /* distinct rows among those before it */
    int64_t rows;
} hypo_counts;

static int counts_of(ss_ctx *ctx, const ss_aggregate_call_info *call, const hypo_rows *s, hypo_counts *out)
{
    memset(out, 0, sizeof *out);
    if (call->ndirect != call->nargs || !call->direct)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "hypothetical-set aggregate without its direct arguments");
    uint32_t nk = call->nargs;
    out->rows = s->n;
    for (uint32_t r = 0; r < s->n; r++) {
        const ss_value *row = &s->v[(size_t)r * nk];
        int cmp = compare_rows(call, row, call->direct, true);
        if (cmp < 0) {
            out->before++;
            if (r == 0 || compare_rows(call, row, row - nk, false) != 0)
                out->distinct++;
        } else if (cmp == 0) {
            out->peers++;
        }
    }
    return SS_OK;
}

enum { HYPO_RANK, HYPO_DENSE_RANK, HYPO_PERCENT_RANK, HYPO_CUME_DIST };

/* PostgreSQL's hypothetical_rank_final / dense_rank / percent_rank / cume_dist. */
static int hypo_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                      uint32_t row, int kind)
{
    hypo_counts c;
    if (counts_of(ctx, call, state, &c) != SS_OK)
        return SS_ERROR;
    switch (kind) {
    case HYPO_RANK: ((int64_t *)out->data)[row] = c.before + 1; break;
    case HYPO_DENSE_RANK: ((int64_t *)out->data)[row] = c.distinct + 1; break;
    case HYPO_PERCENT_RANK: ((double *)out->data)[row] = c.rows ? (double)c.before / (double)c.rows : 0.0; break;
    default: ((double *)out->data)[row] = (double)(c.before + c.peers + 1) / (double)(c.rows + 1); break;
    }
    return SS_OK;
}

#define HYPO_FINAL(FN, KIND)                                                                                   \
    static int FN(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,          \
                  uint32_t row)                                                                                \
    {                                                                                                          \
        return hypo_final(ctx, call, state, out, row, KIND);                                                   \
    }
HYPO_FINAL(rank_final, HYPO_RANK)
HYPO_FINAL(dense_rank_final, HYPO_DENSE_RANK)
HYPO_FINAL(percent_rank_final, HYPO_PERCENT_RANK)
HYPO_FINAL(cume_dist_final, HYPO_CUME_DIST)

#define HYPOTHETICAL_VT(NAME, DESC, RESULT, FINAL)                                                   \
    {                                                                                               \
        .struct_size = sizeof(ss_aggregate_vtable), .version = SS_AGGREGATE_VTABLE_VERSION,         \
        .name = NAME, .description = DESC, .min_args = 1, .max_args = 2, .strict = false,           \
        .ordered_set = true, .hypothetical = 1, .state_size = sizeof(hypo_rows),                    \
        .result_type = RESULT, .init = hypo_init, .step = hypo_step, .final = FINAL,                \
        .release = hypo_release                                                                     \
    }

static const ss_aggregate_vtable hypothetical_aggs[] = {
    HYPOTHETICAL_VT("rank", "rank of hypothetical row", count_result_type, rank_final),
    HYPOTHETICAL_VT("dense_rank", "rank of hypothetical row without gaps", count_result_type, dense_rank_final),
    HYPOTHETICAL_VT("percent_rank", "fractional rank of hypothetical row", fraction_result_type,
                    percent_rank_final),
    HYPOTHETICAL_VT("cume_dist", "cumulative distribution of hypothetical row", fraction_result_type,
                    cume_dist_final),
};

int agg_hypothetical_register(const ss_api *a, ss_plugin *plugin)
{
    api = a;
    for (size_t i = 0; i < sizeof hypothetical_aggs / sizeof hypothetical_aggs[0]; i++)
        if (a->register_aggregate(plugin, &hypothetical_aggs[i], false) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}
