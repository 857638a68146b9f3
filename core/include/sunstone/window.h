/* sunstone/window.h — window functions, plugins of kind window (row_number, rank, lag, ...).
 *
 * EXPERIMENTAL: nothing in the kernel calls this vtable yet.  It may change (fields,
 * callbacks, version) until the window issue lands and uses it, without an ABI bump;
 * sunstone_plugins shows experimental = true for plugins of this kind.
 *
 * The kernel's window operator sorts rows by PARTITION BY and ORDER BY and calls the
 * function once per partition with the whole partition as column vectors; the function
 * writes one result per row.  Peer groups (rows equal under ORDER BY) are given as a run
 * start flag per row so rank-like functions need no comparisons of their own. */
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
} ss_window_vtable;

#ifdef __cplusplus
}
#endif
#endif
