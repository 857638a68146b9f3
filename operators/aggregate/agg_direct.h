/* agg_direct.h — the direct arguments of an ordered-set aggregate call that have a value per
 * group (ss_agg_extra.direct_per_group: percentile_cont(g / 4.0) WITHIN GROUP (...) ... GROUP
 * BY g, an outer-query column, a subquery): evaluated over each input batch and kept for a
 * group from its first row (PostgreSQL evaluates them once per group; over grouped columns
 * every row of a group gives the same value); final then sees the group's values in
 * call_info.direct.  A group without rows (an aggregate without GROUP BY over no rows) gets
 * them evaluated once without a row. */
#ifndef AGG_DIRECT_H
#define AGG_DIRECT_H

#include "sunstone/plugin.h"

#include "agg_spec.h"

typedef struct agg_direct {
    const ss_api *api;
    const agg_spec *spec;
    ss_vector *vecs[SS_AGG_MAX_DIRECT]; /* the arguments over the current batch */
    ss_value *values;                   /* capacity * ndirect; text bytes owned (api->alloc) */
    uint8_t *has;                       /* per group: its values are set */
    uint32_t capacity;
} agg_direct;

/* Prepares d for spec's per-group direct arguments (a zeroed d stays unused otherwise). */
int agg_direct_init(ss_ctx *ctx, const ss_api *api, agg_direct *d, const agg_spec *spec);
/* Forgets every group's values (rescan, the next spill pass). */
void agg_direct_clear(agg_direct *d);
void agg_direct_release(agg_direct *d);
/* Records the values of the groups gids[0..n) (NULL: group 0) not seen yet from the rows
 * pos[0..n) of b. */
int agg_direct_note(ss_ctx *ctx, agg_direct *d, const ss_batch *b, const uint32_t *pos, const uint32_t *gids,
                    uint32_t n);
/* The ndirect values of group g in *out. */
int agg_direct_of(ss_ctx *ctx, agg_direct *d, uint32_t g, const ss_value **out);

#endif
