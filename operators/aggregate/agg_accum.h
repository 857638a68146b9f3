/* agg_accum.h — per-group running state of one aggregate (the json aggregates' buffers; a
 * registered aggregate's states through
 * agg_plugin.h) and its typed update and result loops. */
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
    int64_t *n;        /* inputs per group ("has a value") */
    agg_text *t;       /* the json aggregates' buffers */
    void *states;      /* AGG_PLUGIN: the aggregate's states (agg_plugin.c) */
    size_t stride;     /* AGG_PLUGIN: bytes of one state (ss_aggregate_state_bytes) */
    void **plugin_states; /* AGG_PLUGIN: update's scratch, plugin_scratch entries each */
    uint32_t *plugin_rows;
    uint32_t *plugin_groups;
    uint32_t plugin_scratch;
    uint64_t *plugin_bits;     /* AGG_PLUGIN: result's scratch validity (agg_plugin_result) */
    size_t plugin_bits_words;
    void *plugin_other;        /* AGG_PLUGIN: a partial state read back (agg_plugin_combine_bytes) */
    struct agg_direct *direct; /* AGG_PLUGIN with direct arguments per group: each group's
                                  (agg_direct.h, the operator's), handed to final */
} agg_accum;

/* Argument values: a vector's or a column buffer's data and validity (bit set = not NULL). */
typedef struct agg_input {
    const void *data;
    const uint64_t *validity;
    const void *data2;        /* the second argument (string_agg's delimiter), at the same positions */
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
 * type).  Text results point into the accumulator; out has a validity bitmap only when
 * some result is NULL. */
int agg_accum_result(ss_ctx *ctx, const ss_api *api, agg_accum *acc, uint32_t first,
                     uint32_t n, ss_vector *out);

#endif
