/* agg_runs.h — an ordered or DISTINCT aggregate's input beyond work_mem (PostgreSQL's
 * tuplesort under an ordered aggregate): the rows buffered so far (agg_ordered.c, or a
 * distinct_set's entries) are sorted by (group, the aggregate's sort keys) and written as a
 * run to a kernel temporary file, and the buffer starts over.  At the end the runs are
 * merged — several passes when there are more runs than the budget has read buffers for,
 * ties to the earlier run so the order is the stable in-memory one — and fed to the
 * accumulator group by group in that order, rows whose group and DISTINCT columns equal
 * the previous row's fed once.  While runs are written, each fan-in of runs of one level is
 * merged into one of the next (a merge tree), so that open files stay few.  Row layout in a run: the group id (int4), then the buffer's
 * columns. */
#ifndef AGG_RUNS_H
#define AGG_RUNS_H

#include "sunstone/plugin.h"

#include "agg_accum.h"
#include "common/column_buffer.h"
#include "common/spill_file.h"

typedef struct agg_run {
    ops_spill_writer w;       /* finished: its file, rewound */
    uint32_t level;           /* 0: written from a buffer; l + 1: merged from runs of level l */
} agg_run;

typedef struct agg_runs {
    const ss_api *api;
    size_t budget;            /* bytes a buffer may hold before it is written (0: never) */
    uint32_t ncols;           /* 1 + the buffer's columns */
    ss_type *types;           /* ncols: int4, then the buffer's */
    ops_layout *layouts;
    const ss_type_info **infos;
    ss_sort_key *keys;        /* over run columns: the group id first */
    uint32_t nkeys;
    uint32_t ndedup;          /* 0, or the leading run columns equal rows must differ in */
    uint32_t nfeed;           /* the argument columns fed: run columns 1 .. nfeed */
    agg_run *runs;            /* finished runs, oldest first; whenever the last ones are
                                 fan-in runs of one level they are merged into one */
    uint32_t nruns, cap;
    uint64_t rows_written;    /* rows written to runs (merge passes included) */
    uint32_t files;           /* runs written */
} agg_runs;

/* Prepares r for buffers of nbuf columns of these types sorted by keys (columns of the
 * buffer), DISTINCT over the buffer's first ndistinct columns (0: none), feeding its first
 * nfeed columns (1 or 2). */
int agg_runs_init(ss_ctx *ctx, const ss_api *api, agg_runs *r, size_t budget, uint32_t nbuf,
                  const ss_type *types, const ss_sort_key *keys, uint32_t nkeys, uint32_t ndistinct,
                  uint32_t nfeed);
/* Writes rows order[0..n) of the buffer (cols, nbuf columns; gids the group of each row),
 * sorted already, as one run. */
int agg_runs_write(ss_ctx *ctx, agg_runs *r, const ops_column *cols, const uint32_t *gids, const uint32_t *order,
                   uint32_t n);
/* Merges every run and feeds the rows to acc; the runs are gone afterwards. */
int agg_runs_feed(ss_ctx *ctx, agg_runs *r, agg_accum *acc);
/* Removes every run (a new pass, rescan); r stays usable. */
void agg_runs_reset(ss_ctx *ctx, agg_runs *r);
/* Frees everything; tolerates a zeroed struct. */
void agg_runs_release(ss_ctx *ctx, agg_runs *r);

#endif
