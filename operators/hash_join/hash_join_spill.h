/* hash_join_spill.h — the hash join beyond work_mem * hash_mem_multiplier (a grace hash
 * join): when the build side outgrows the budget, the rows built so far, the rest of the
 * build input and then the whole probe input are written to pairs of partition files by the
 * hash of their join keys, and the join (common/join_core.c, unchanged) runs once per pair,
 * each pair being read back through the join's pull hook.  A pair whose build side is still
 * too large splits again with a new mix of the hashes.  Rows only ever meet rows of their own
 * pair, so inner, left, full (and any join type defined by its left rows' matches) give the
 * in-memory rows; only their order differs. */
#ifndef HASH_JOIN_SPILL_H
#define HASH_JOIN_SPILL_H

#include "sunstone/plugin.h"

#include "common/join_core.h"
#include "common/spill_file.h"

typedef struct hj_pending {
    ops_spill_writer build, probe;
    uint32_t depth;
} hj_pending;

typedef struct hj_spill {
    const ss_api *api;
    ops_join *j;
    size_t budget;          /* bytes; 0: in memory only */
    uint32_t nparts;        /* partitions per split, a power of two */
    const ss_type *ltypes, *rtypes;
    uint32_t depth;         /* the current pass: 0 reads the children */
    bool overflow;          /* the current pass's build stopped at the budget */
    bool partitioned;       /* a split happened: a rescan starts from scratch */
    bool reading;           /* the current pass reads build_in / probe_in */
    ops_spill_reader build_in, probe_in;
    hj_pending *pending;    /* pairs not joined yet (a stack) */
    uint32_t npending, cap_pending;
    ss_vector **lkeys, **rkeys; /* key scratch for partitioning */
    uint64_t rows_spilled;
    uint32_t pairs;         /* partition pairs written */
    uint64_t hashes[SS_BATCH_CAPACITY];
} hj_spill;

/* Prepares sp for j (opened for node) with budget bytes and installs the pull hook; with
 * budget 0 the join stays as it is. */
int hj_spill_init(ss_ctx *ctx, hj_spill *sp, const ss_api *api, ops_join *j, const ss_plan_node *node,
                  size_t budget);
/* The join's next output batch (*out NULL at the end), pass after pass. */
int hj_spill_next(ss_ctx *ctx, hj_spill *sp, ss_batch **out);
/* Rescan: true when the build side must be read again from the children (a split happened). */
bool hj_spill_partitioned(const hj_spill *sp);
/* Closes every file and forgets every pair; the next pass reads the children. */
void hj_spill_reset(ss_ctx *ctx, hj_spill *sp);
/* Frees everything (close). */
void hj_spill_release(ss_ctx *ctx, hj_spill *sp);

#endif
