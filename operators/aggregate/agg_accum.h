/* agg_accum.h — per-group running state of one aggregate (counts, sums, Youngs-Cramer avg
 * state, min/max values with owned text, string_agg's text, bool_and / bool_or) and its typed update and result loops. */
#ifndef AGG_ACCUM_H
#define AGG_ACCUM_H

#include "sunstone/plugin.h"

#include "agg_spec.h"

typedef struct agg_text {
    char *ptr;    /* owned copy (ss_api.alloc), NULL while empty */
    uint32_t len;
    uint32_t cap;
} agg_text;

typedef struct agg_accum {
    agg_spec spec;
    uint32_t capacity; /* groups the arrays below hold */
    int64_t *n;        /* non-NULL inputs per group (count's result, "has a value" otherwise) */
    int64_t *i;        /* integer sum; min/max of bool and integers; bool_and / bool_or */
    double *f;         /* float8 sum; avg's sum; min/max of float8 */
    double *f2;        /* avg: sum of squared deviations (PostgreSQL's overflow rules) */
    agg_text *t;       /* min/max of text and custom-ordered types; string_agg's text so far */
    void *states;      /* AGG_SUM_TYPED / AGG_AVG_TYPED: spec.sum->state_size bytes per group;
                          AGG_PLUGIN: the aggregate's states (agg_plugin.c) */
    void **plugin_states; /* AGG_PLUGIN: update's scratch, plugin_scratch entries each */
    uint32_t *plugin_rows;
    uint32_t plugin_scratch;
} agg_accum;

/* Argument values: a vector's or a column buffer's data and validity (bit set = not NULL). */
typedef struct agg_input {
    const void *data;
    const uint64_t *validity;
    const void *data2;        /* string_agg's delimiter (text), at the same positions */
    const uint64_t *validity2;
} agg_input;

void agg_accum_init(agg_accum *acc, const agg_spec *spec);
/* Frees all state; the accumulator can be grown again from zero groups. */
void agg_accum_release(const ss_api *api, agg_accum *acc);
/* Makes room for groups [0, capacity); new groups start empty. */
int agg_accum_grow(ss_ctx *ctx, const ss_api *api, agg_accum *acc, uint32_t capacity);
/* Folds the values at positions pos[0..n) into groups gids[0..n), in that order (gids NULL:
 * all into group 0, the one group of an aggregate without GROUP BY).  in is ignored by
 * count(*). */
int agg_accum_update(ss_ctx *ctx, const ss_api *api, agg_accum *acc, agg_input in,
                     const uint32_t *pos, const uint32_t *gids, uint32_t n);
/* Writes the results of groups [first, first + n) to rows 0..n-1 of out (reset, result
 * type).  Text results point into the accumulator. */
int agg_accum_result(ss_ctx *ctx, const ss_api *api, const agg_accum *acc, uint32_t first,
                     uint32_t n, ss_vector *out);

#endif
