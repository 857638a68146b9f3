/* sunstone/window.h — window functions, plugins of kind window (row_number, rank, lag, ...).
 *
 * The window operator (operators/window) gets the rows sorted by PARTITION BY and ORDER BY
 * (a sort below it) and calls evaluate once per partition with the whole partition as
 * column vectors; the function writes one result per row.  Peer groups (rows equal under
 * ORDER BY) are given as a run start flag per row so rank-like functions need no
 * comparisons of their own.  The binder looks the function up by name when a call has an
 * OVER clause (PostgreSQL's 42809 "window function f requires an OVER clause" without one),
 * checks min_args / max_args, converts the arguments as integer_args / common_args say, then
 * asks result_type.  Both structs grow at the end only. */
#ifndef SUNSTONE_WINDOW_H
#define SUNSTONE_WINDOW_H

#include "sunstone/operator.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_WINDOW_VTABLE_VERSION 1

typedef struct ss_window_partition {
    uint32_t nrows;
    uint32_t nargs;
    const ss_vector *const *args;  /* argument values, nrows each, partition order */
    const uint8_t *peer_start;     /* 1 where a new ORDER BY peer group starts */
    /* frame of each row as [frame_start[i], frame_end[i]) positions in the partition;
       NULL when the function declared it ignores frames */
    const uint32_t *frame_start;
    const uint32_t *frame_end;
    /* (appended) the frame's exclusion (SS_WINDOW_FRAME_EXCLUDE_* bits of operator.h, 0:
       none) and each row's peer group as [peer_first[i], peer_end[i]): with EXCLUDE the
       frame of row i is frame_start..frame_end without row i (CURRENT ROW), without its
       peer group (GROUP) or without its peers other than itself (TIES) */
    uint32_t exclude;
    uint32_t reserved;
    const uint32_t *peer_first;
    const uint32_t *peer_end;
} ss_window_partition;

typedef struct ss_window_vtable {
    uint32_t struct_size;
    uint32_t version;      /* SS_WINDOW_VTABLE_VERSION */
    const char *name;      /* SQL function name, lower case */
    const char *description;
    uint32_t min_args;
    uint32_t max_args;
    bool uses_frame;       /* false: frame_start/frame_end are not computed */
    uint8_t reserved[7];

    /* required: result type for these argument types, or SS_ERROR (42883) */
    int (*result_type)(ss_ctx *ctx, const ss_type *arg_types, uint32_t nargs, ss_type *out);
    /* required: out has the result type and capacity >= part->nrows */
    int (*evaluate)(ss_ctx *ctx, const ss_window_partition *part, ss_vector *out);
    /* (appended) argument conversions the binder makes before result_type: bit i of
       integer_args: argument i is converted to integer (lag's offset, ntile's buckets);
       common_args: those arguments are converted to their common type (lag's value and
       default) */
    uint32_t integer_args;
    uint32_t common_args;
} ss_window_vtable;

#ifdef __cplusplus
}
#endif
#endif
