/* agg_plugin.h — the accumulator of a call of a registered aggregate (sunstone/aggregate.h:
 * count / sum / avg / min / max of this module and any other module's): one state per group
 * laid out densely by the aggregate's state size, its step_dense (or step), final and
 * release callbacks driven from agg_accum.c. */
#ifndef AGG_PLUGIN_H
#define AGG_PLUGIN_H

#include "agg_accum.h"

/* Bytes of one group's state in acc->states (the call's state size rounded up to 16). */
size_t agg_plugin_state_bytes(const agg_spec *spec);
/* Makes room for groups [old, capacity) in acc->states and runs init on each. */
int agg_plugin_grow(ss_ctx *ctx, const ss_api *api, agg_accum *acc, uint32_t old, uint32_t capacity);
/* Runs release (if any) on every state and frees the scratch of update. */
void agg_plugin_release(const ss_api *api, agg_accum *acc);
/* Folds rows pos[0..n) into groups gids[0..n) (NULL: all into the one group). */
int agg_plugin_update(ss_ctx *ctx, const ss_api *api, agg_accum *acc, agg_input in, const uint32_t *pos,
                      const uint32_t *gids, uint32_t n);
/* Whether the groups' partial states of spec's call may go to a spill file and be joined with
 * combine (sunstone/aggregate.h: combine, flat states, a result that is not floating-point,
 * no DISTINCT, ORDER BY or direct arguments). */
bool agg_plugin_spills_states(const agg_spec *spec);
/* Joins a partial state's bytes (a flat state, as written from another accumulator of the
 * same call) into group g with combine. */
int agg_plugin_combine_bytes(ss_ctx *ctx, const ss_api *api, agg_accum *acc, uint32_t g, const ss_text *bytes);
int agg_plugin_result(ss_ctx *ctx, const ss_api *api, agg_accum *acc, uint32_t first, uint32_t n,
                      ss_vector *out);

#endif
