/* window_internal.h — the window operator's shared state: the materialised input, the
 * partition being computed (peers and frames of its rows) and the per-call evaluation. */
#ifndef WINDOW_INTERNAL_H
#define WINDOW_INTERNAL_H

#include "sunstone/aggregate.h"
#include "sunstone/plugin.h"
#include "sunstone/window.h"

#include "common/column_buffer.h"

extern const ss_api *g_win_api;

/* Frame algorithms for moving aggregates (sunstone.window_frame_algorithm). */
typedef enum win_algo {
    WIN_ALGO_NAIVE = 0,        /* every row's frame aggregated again */
    WIN_ALGO_INCREMENTAL = 1,  /* rows entering added, rows leaving removed (inverse) */
    WIN_ALGO_SEGMENT_TREE = 2, /* combine over a tree of partial states */
    WIN_ALGO_AUTO = 3          /* incremental with an inverse, else the segment tree */
} win_algo;

typedef struct win_state {
    const ss_window_node *node;
    ss_op *child;
    uint32_t ncols;           /* the child's */
    ops_column *cols;         /* the child's rows, materialised */
    ops_column **args;        /* per call: its argument values (nargs columns) */
    ops_column *filters;      /* per call: FILTER's value (bool), used when the call has one */
    ops_column *results;      /* per call: its result per row */
    ss_vector ***scratch;     /* per call and argument: one batch of evaluated values */
    ss_vector **fscratch;     /* per call: one batch of FILTER values */
    uint32_t nrows;
    bool computed;
    uint32_t emitted;
    ss_batch *out;
    /* frame offsets of this execution (ROWS / GROUPS: in i; RANGE: the values) */
    ss_value start_off, end_off, start_neg, end_neg;
    win_algo algo;
    /* the partition being computed: rows [ps, ps + n) */
    uint32_t ps, n, cap;
    uint8_t *peer_start;
    uint32_t *peer_first, *peer_end, *group_of, *group_first, *group_end;
    uint32_t ngroups;
    uint32_t *frame_start, *frame_end;
} win_state;

/* window_frame.c: the offsets of an execution (22004 / 22013 as PostgreSQL), the peers and
 * each row's frame [frame_start, frame_end) of the partition at st->ps (st->n rows). */
int win_eval_offsets(ss_ctx *ctx, win_state *st);
int win_partition_frames(ss_ctx *ctx, win_state *st);
/* Whether row r (in the partition) is excluded from row i's frame. */
bool win_excluded(const win_state *st, uint32_t i, uint32_t r);
/* Whether two rows of the materialised input have equal values in column c (NULLs equal). */
bool win_rows_equal(const ops_column *c, uint32_t a, uint32_t b);

/* window_agg.c: call k, an aggregate, over every row's frame of the partition into out
 * (st->n rows, the result type, validity present). */
int win_aggregate(ss_ctx *ctx, win_state *st, uint32_t k, ss_vector *out);

#endif
