/* distinct_set.h — input of one DISTINCT aggregate: the set of (group, value) pairs seen,
 * NULLs excluded.  At the end it feeds each group's distinct values to the aggregate in
 * ascending value order, as PostgreSQL does (it sorts DISTINCT aggregate input), so float
 * sums and int8 overflow behave the same.  Beyond its work_mem budget the entries are sorted
 * and written as a run (agg_runs.h) and the set starts over; the feed merges the runs, each
 * (group, value) once. */
#ifndef DISTINCT_SET_H
#define DISTINCT_SET_H

#include "sunstone/plugin.h"

#include "agg_accum.h"
#include "agg_runs.h"
#include "common/column_buffer.h"

typedef struct distinct_set {
    const ss_api *api;
    ops_column values; /* one entry per distinct (group, value) */
    uint32_t *gids;    /* group of each entry */
    uint64_t *hashes;  /* hash of each entry */
    uint32_t count;
    uint32_t capacity;
    uint32_t *slots;   /* open addressing: entry + 1, 0 = empty */
    uint32_t nslots;
    size_t budget;     /* bytes held before a run is written (0: in memory only) */
    agg_runs runs;
} distinct_set;

/* Prepares an empty set for values of this type; 0A000 when it has no layout. */
int distinct_set_init(ss_ctx *ctx, const ss_api *api, distinct_set *ds, ss_type type);
/* Beyond budget bytes (0: never) the entries go to sorted runs on temporary files. */
int distinct_set_set_budget(ss_ctx *ctx, distinct_set *ds, size_t budget);
/* Forgets every entry and run; the set stays usable. */
void distinct_set_clear(ss_ctx *ctx, distinct_set *ds);
/* Frees everything; tolerates a zeroed struct. */
void distinct_set_release(ss_ctx *ctx, distinct_set *ds);
/* Bytes the set holds in memory. */
size_t distinct_set_memory(const distinct_set *ds);
/* Adds the non-NULL values of v at pos[k] for groups gids[k] (k < n) not seen before.
 * hashes is scratch for n values. */
int distinct_set_add(ss_ctx *ctx, distinct_set *ds, const ss_vector *v, const uint32_t *pos,
                     const uint32_t *gids, uint32_t n, uint64_t *hashes);
/* Feeds every entry to acc, group by group, values in ascending order. */
int distinct_set_feed(ss_ctx *ctx, distinct_set *ds, agg_accum *acc);

#endif
