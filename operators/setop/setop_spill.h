/* setop_spill.h — INTERSECT / EXCEPT beyond work_mem * hash_mem_multiplier: once the distinct
 * rows counted in memory outgrow the budget, rows of either input that are not among them are
 * written to pairs of partition files by their hash (rows of the second input that match
 * nothing in memory are otherwise dropped: they cannot be emitted).  After the rows in memory
 * are emitted, each pair is counted and emitted afresh, splitting again if still too large.
 * Equal rows always share a pair, so every count, and the output, is the in-memory one; only
 * the order of the distinct rows differs. */
#ifndef SETOP_SPILL_H
#define SETOP_SPILL_H

#include "sunstone/plugin.h"

#include "common/group_table.h"
#include "common/spill_file.h"

typedef struct setop_pair {
    ops_spill_writer w[2];  /* rows of child 0, child 1 */
    uint32_t depth;         /* the split level its rows were routed at */
} setop_pair;

typedef struct setop_spill {
    ops_spill_conf conf;    /* budget, row types, partitions per split, current depth */
    bool spilling;          /* this pass writes rows not in memory to parts */
    ops_spill_parts parts[2];  /* rows of child 0, child 1 */
    bool reading;           /* the current pass reads in[] */
    ops_spill_reader in[2];
    setop_pair *pending;    /* pairs not counted yet (a stack) */
    uint32_t npending, cap_pending;
    uint64_t rows_spilled;
    uint32_t pairs;
} setop_spill;

void setop_spill_init(setop_spill *sp, const ss_api *api, size_t budget, uint32_t ncols, const ss_type *types);
/* The next batch of input side (0, 1) in the current pass: the child's or its partition's. */
int setop_spill_next_input(ss_ctx *ctx, setop_spill *sp, int side, ss_op *child, ss_batch **out);
/* After a batch of child 0 was counted: starts spilling when memory bytes exceed the budget. */
int setop_spill_check(ss_ctx *ctx, setop_spill *sp, size_t memory);
/* While spilling: writes row pos of b (side's input) with its hash to its partition. */
int setop_spill_write(ss_ctx *ctx, setop_spill *sp, int side, ss_batch *b, uint32_t pos, uint64_t hash);
/* Both inputs of the pass ended: its pairs wait their turn. */
int setop_spill_end_pass(ss_ctx *ctx, setop_spill *sp);
/* Starts the next pass on a waiting pair: *more false when none is left. */
int setop_spill_next_pass(ss_ctx *ctx, setop_spill *sp, bool *more);
/* Closes every file and forgets every pair (rescan, close). */
void setop_spill_reset(ss_ctx *ctx, setop_spill *sp);

#endif
