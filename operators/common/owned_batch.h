/* owned_batch.h — an output batch whose vectors an operator creates and owns itself (through
 * ss_api.vector_create), for operators that compute their output: it works for any column
 * count, including zero. */
#ifndef OPS_OWNED_BATCH_H
#define OPS_OWNED_BATCH_H

#include "sunstone/plugin.h"

typedef struct ops_owned_batch {
    ss_batch batch;      /* what next_batch hands out */
    ss_vector **vectors; /* ncols vectors, capacity given at init */
    uint32_t ncols;
} ops_owned_batch;

/* Creates ncols vectors of these types; on failure records the error and leaves a state
 * that ops_owned_batch_release accepts. */
int ops_owned_batch_init(ss_ctx *ctx, const ss_api *api, ops_owned_batch *ob, uint32_t ncols,
                         const ss_type *types, uint32_t capacity);
/* count = 0, no selection, cols pointed back at the owned vectors, which are reset. */
void ops_owned_batch_reset(const ss_api *api, ops_owned_batch *ob);
/* For a computed result of total rows handed out a batch at a time: resets ob for the next
 * slice after the first `emitted` rows and returns its row count (at most
 * SS_BATCH_CAPACITY), 0 when every row went out. */
uint32_t ops_owned_batch_next_slice(const ss_api *api, ops_owned_batch *ob, uint32_t emitted, uint32_t total);
/* Hands out the n rows written into ob: sets its count, advances *emitted, *out = its batch. */
void ops_owned_batch_emit(ops_owned_batch *ob, uint32_t n, uint32_t *emitted, ss_batch **out);
/* Destroys the vectors; tolerates a zeroed or partially initialised struct. */
void ops_owned_batch_release(const ss_api *api, ops_owned_batch *ob);

#endif
