/* join_core.h — the join loop the hash_join and nested_loop modules share: the right input
 * (the build side) materialised in column buffers with its key values, then each left batch
 * probed batch-at-a-time.  Candidate pairs (left row, right row) come from a chained hash
 * table on the keys (hash mode) or from every right row (scan mode, keys then compared one
 * by one); they are gathered into an output batch of up to SS_BATCH_CAPACITY joined rows,
 * where the condition (if any) narrows the selection.  A LEFT or FULL join then emits each
 * left row that no pair matched, with NULLs on the right; a FULL join, once the left input
 * has ended, each right row that no pair matched, with NULLs on the left.  A SEMI join emits
 * each left row some pair matched, once, an ANTI join each left row no pair matched (left
 * columns only; without a condition the first candidate of a row settles it).  A NULL key
 * never matches. */
#ifndef OPS_JOIN_CORE_H
#define OPS_JOIN_CORE_H

#include "sunstone/plugin.h"

#include "common/column_buffer.h"

typedef struct ops_join_spec {
    const char *who;                     /* operator name for messages */
    int32_t join_type;                   /* ss_join_type */
    uint32_t nkeys;
    const ss_expr *const *left_keys;     /* over child 0's output */
    const ss_expr *const *right_keys;    /* over child 1's output */
    const ss_expr *cond;                 /* over the joined row, NULL = none */
    bool use_hash;                       /* nkeys >= 1: candidates by the hash table */
} ops_join_spec;

typedef struct ops_join {
    const ss_api *api;
    ops_join_spec spec;
    const ss_plan_node *node;
    ss_op *left, *right;
    uint32_t nl, nr;                     /* columns of each side */
    /* the build side */
    bool built;
    uint32_t nbuild;
    ops_column *rcols;                   /* nr right columns */
    ops_column *kcols;                   /* nkeys right key values */
    uint64_t *hashes;                    /* per build row */
    uint32_t *next;                      /* per build row: next row of its chain + 1, 0 ends */
    uint32_t *heads;                     /* per bucket: first row + 1 */
    uint32_t mask;                       /* buckets - 1 */
    /* hash mode: a one-hash Bloom filter of the build keys (bit (hash >> 32) & bloom_mask),
       several bits per build row, so a probe row whose key is absent is dropped by one cached
       bit test far more often than by its bucket (one bucket per two rows) being empty */
    uint64_t *bloom;
    uint32_t bloom_mask;
    uint32_t cap_build;
    bool *matched_right;                 /* FULL: per build row, a pair matched it */
    bool left_done;                      /* FULL: the left input has ended */
    uint32_t ur;                         /* FULL: next build row for unmatched emission */
    ss_vector **key_vec;                 /* nkeys scratch vectors for key evaluation */
    ss_vector **key_vec_left;            /* nkeys, the current left batch's keys */
    /* the probe */
    ss_batch *lb;                        /* current left batch, NULL = pull the next */
    uint32_t nprobe;                     /* live rows of lb that may match (probe[0..nprobe)) */
    uint32_t lk;                         /* next entry of probe to resume at */
    uint32_t cand;                       /* lb's row lk: next candidate + 1, 0 = not started */
    bool started;
    bool unmatched_phase;
    uint32_t uk;                         /* next live row of lb for unmatched emission */
    ss_batch *out;
    /* SEMI / ANTI: the output is the left columns only; the joined pairs the condition is
       evaluated over are gathered here (left columns, then right) */
    ss_batch *pairs;
    bool semi_anti;
    uint64_t lhash[SS_BATCH_CAPACITY];
    bool lnull[SS_BATCH_CAPACITY];       /* per live row of lb: a key is NULL */
    /* live-row indices of lb with no NULL key and (hash mode) a non-empty bucket: the only
       rows whose candidates are walked; the rest cannot match */
    uint32_t probe[SS_BATCH_CAPACITY];
    bool matched[SS_BATCH_CAPACITY];     /* per physical row of lb */
    uint32_t pair_l[SS_BATCH_CAPACITY], pair_r[SS_BATCH_CAPACITY];
    uint32_t sel[SS_BATCH_CAPACITY];
    uint64_t tmp_hash[SS_BATCH_CAPACITY];
    uint64_t rows_out;
    /* Where the build side (side 1) and the probe side (side 0) come from: the children, or
       what pull returns when it is set (a spilling hash join's partitions,
       hash_join/hash_join_spill.c). */
    int (*pull)(ss_ctx *ctx, void *arg, int side, ss_batch **out);
    void *pull_arg;
} ops_join;

/* "inner", "left", "full", "semi" or "anti", for explain lines. */
static inline const char *ops_join_type_name(int32_t type)
{
    return type == SS_JOIN_LEFT ? "left"
           : type == SS_JOIN_FULL ? "full"
           : type == SS_JOIN_SEMI ? "semi"
           : type == SS_JOIN_ANTI ? "anti"
                                  : "inner";
}

/* Prepares j for node (two children) with spec; j is zeroed by the caller. */
int ops_join_open(ss_ctx *ctx, ops_join *j, const ss_api *api, ss_op *self, const ss_plan_node *node,
                  const ops_join_spec *spec);
int ops_join_next(ss_ctx *ctx, ops_join *j, ss_batch **out);
/* Restarts the stream: the left child is rescanned, the build side kept unless its
 * parameters changed. */
int ops_join_rescan(ss_ctx *ctx, ops_join *j, const ss_param_set *changed);
/* Reads the build side now if it is not built yet (ops_join_next does it on its first call). */
int ops_join_build(ss_ctx *ctx, ops_join *j);
/* Bytes the build side holds: its columns, keys, hashes and chains. */
size_t ops_join_memory(const ops_join *j);
/* Forgets the build side and the probe's position, as before the first ops_join_next, without
 * touching the inputs: the next call builds and probes anew from what pull returns. */
void ops_join_restart(ops_join *j);
/* Frees everything j holds (tolerates a partial open). */
void ops_join_release(ops_join *j);

/* A new ops_join in *state opened for node with spec (the join type checked first): the
 * open callback's work. */
int ops_join_open_state(ss_ctx *ctx, const ss_api *api, ss_op *self, const ss_plan_node *node,
                        const ops_join_spec *spec, void **state);
/* The spec of a hash-join node: its keys, its residual as the condition. */
static inline ops_join_spec ops_join_spec_of_hash(const ss_hash_join_node *n, const char *who, bool use_hash)
{
    return (ops_join_spec){.who = who,
                           .join_type = n->join_type,
                           .nkeys = n->nkeys,
                           .left_keys = n->left_keys,
                           .right_keys = n->right_keys,
                           .cond = n->residual,
                           .use_hash = use_hash};
}

/* The vtable callbacks of a join operator whose state is an ops_join allocated with
 * ops_zalloc (next_batch, rescan, close). */
int ops_join_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out);
int ops_join_rescan_state(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed);
void ops_join_close(ss_ctx *ctx, ss_op *self, void *state);

#endif
