/* agg_ordered.h — the input of one aggregate whose result depends on the order of its input
 * (ORDER BY inside the call; DISTINCT in string_agg, array_agg, json_agg): every (group, arguments, order keys)
 * row is kept, and at the end each group's rows are fed to the aggregate sorted by the
 * order keys (then the arguments, for DISTINCT, whose duplicates are dropped), as
 * PostgreSQL sorts an ordered aggregate's input.  Beyond its work_mem budget the rows held are
 * sorted and written as a run (agg_runs.h), merged back at the feed. */
#ifndef AGG_ORDERED_H
#define AGG_ORDERED_H

#include "sunstone/plugin.h"

#include "agg_accum.h"
#include "agg_runs.h"
#include "common/column_buffer.h"

typedef struct agg_ordered {
    const ss_api *api;
    uint32_t nargs;          /* argument columns: 0 (count(*)), 1, 2 (string_agg, json_agg(DISTINCT)) */
    uint32_t nkeys;          /* order key columns after them */
    ops_column *cols;        /* nargs + nkeys columns */
    ss_sort_key *keys;       /* per sort key: column in cols, direction */
    uint32_t nsort;
    bool distinct;           /* drop rows whose arguments equal the previous row's */
    uint32_t distinct_args;  /* the leading arguments DISTINCT compares */
    uint32_t *gids;          /* group of each row */
    uint32_t count, capacity;
    size_t budget;           /* bytes held before a run is written (0: in memory only) */
    agg_runs runs;           /* the runs written, when budget */
} agg_ordered;

/* Prepares an empty buffer: types[0..nargs) the arguments', then nkeys order keys' types with
 * their directions (keys[i].column is ignored); DISTINCT sorts by and compares the first
 * distinct_args arguments (0: no DISTINCT; json_agg(DISTINCT x) compares x, not its text). */
int agg_ordered_init(ss_ctx *ctx, const ss_api *api, agg_ordered *ao, uint32_t nargs, uint32_t nkeys,
                     const ss_type *types, const ss_sort_key *keys, uint32_t distinct_args);
/* Beyond budget bytes (0: never) the rows held go to sorted runs on temporary files. */
int agg_ordered_set_budget(ss_ctx *ctx, agg_ordered *ao, size_t budget);
void agg_ordered_clear(ss_ctx *ctx, agg_ordered *ao);
/* Frees everything; tolerates a zeroed struct. */
void agg_ordered_release(ss_ctx *ctx, agg_ordered *ao);
/* Appends the rows pos[0..n) of vecs (nargs + nkeys vectors) for groups gids[0..n). */
int agg_ordered_add(ss_ctx *ctx, agg_ordered *ao, ss_vector *const *vecs, const uint32_t *pos,
                    const uint32_t *gids, uint32_t n);
/* Feeds every row to acc, group by group, in order. */
int agg_ordered_feed(ss_ctx *ctx, agg_ordered *ao, agg_accum *acc);

#endif
