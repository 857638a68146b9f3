/* agg_spill.h — hash aggregation beyond work_mem (PostgreSQL's hash aggregate spilling):
 * once the groups in memory outgrow the budget, rows of the groups already in memory are
 * still aggregated there, and every row of any other group is written — the input row
 * itself, not an aggregate state — to one of several partition files chosen by its group
 * key's hash.  When the input ends the groups in memory are emitted and forgotten, then each
 * partition is read back as the input of a fresh aggregation, which spills again (with a
 * new split of the hashes) if it is still too large.  Each group is aggregated whole in one
 * pass, from its rows in their input order, so every aggregate kind — order-sensitive or
 * DISTINCT — gives the in-memory answer; only the order of the groups differs. */
#ifndef AGG_SPILL_H
#define AGG_SPILL_H

#include "sunstone/plugin.h"

#include "agg_accum.h"
#include "common/group_table.h"
#include "common/spill_file.h"
#include "distinct_set.h"

typedef struct agg_partition {
    ops_spill_writer w;
    uint32_t depth;       /* the split level its rows were routed at */
} agg_partition;

typedef struct agg_spill {
    ops_spill_conf conf;  /* budget, row types, partitions per split, current depth */
    bool spilling;        /* this pass routes rows of new groups to parts */
    ops_spill_parts parts;
    agg_partition *pending; /* partitions not aggregated yet (a stack) */
    uint32_t npending, cap_pending;
    bool reading;         /* the current pass reads reader, not the child */
    ops_spill_reader reader;
    uint64_t rows_spilled;
    uint32_t files;       /* partitions written */
    uint32_t keep[SS_BATCH_CAPACITY];
    uint32_t gids[SS_BATCH_CAPACITY];
    uint64_t hashes[SS_BATCH_CAPACITY];
    uint32_t identity[SS_BATCH_CAPACITY];
    ss_batch kept;
} agg_spill;

/* Prepares sp for input rows of these column types with budget bytes (0: in memory only). */
void agg_spill_init(agg_spill *sp, const ss_api *api, size_t budget, uint32_t ncols, const ss_type *types);
/* Bytes the aggregation holds: groups, accumulators, DISTINCT sets. */
size_t agg_spill_memory(const group_table *groups, const agg_accum *accs, const distinct_set *distinct,
                        const agg_spec *specs, uint32_t naggs);
/* The next input batch of the current pass: the child's, or the partition's being re-read. */
int agg_spill_next_input(ss_ctx *ctx, agg_spill *sp, ss_op *child, ss_batch **out);
/* While spilling: writes b's rows whose group keys (groups[], evaluated into key_vectors) are
 * not in the table to their partitions and sets *kept to b narrowed to the other rows; else
 * *kept = b. */
int agg_spill_route(ss_ctx *ctx, agg_spill *sp, const group_table *gt, const ss_expr *const *groups,
                    ss_vector *const *key_vectors, ss_batch *b, ss_batch **kept);
/* After a consumed batch: starts spilling when memory bytes exceed the budget. */
int agg_spill_check(ss_ctx *ctx, agg_spill *sp, size_t memory);
/* The input of the pass ended: the partitions it wrote wait their turn. */
int agg_spill_end_pass(ss_ctx *ctx, agg_spill *sp);
/* Starts the next pass on a waiting partition: *more false when none is left. */
int agg_spill_next_pass(ss_ctx *ctx, agg_spill *sp, bool *more);
/* Closes every file and forgets every partition (rescan, close). */
void agg_spill_reset(ss_ctx *ctx, agg_spill *sp);

#endif
