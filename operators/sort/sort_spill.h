/* sort_spill.h — the sort's external merge beyond work_mem: the rows held in memory are
 * sorted and written to a temporary file as a run whenever they outgrow the budget; at the
 * end every run is merged k ways (in several passes when there are more runs than the
 * budget has read buffers for), ties going to the earlier run, so the output is the same
 * stable order the in-memory sort gives.  Runs are merged while the input is still read,
 * whenever the last fan-in runs are of one level (each merge makes a run of the next
 * level), so the files open at once stay few however long the input. */
#ifndef SORT_SPILL_H
#define SORT_SPILL_H

#include "sunstone/plugin.h"

#include "common/column_buffer.h"
#include "common/owned_batch.h"
#include "common/spill_file.h"

typedef struct sort_run {
    ops_spill_writer w;  /* finished: its file goes to the reader at merge time */
    uint32_t level;      /* 0: written from memory; n + 1: a merge of runs of level n */
} sort_run;

typedef struct sort_spill {
    const ss_api *api;
    const ss_sort_key *keys;
    uint32_t nkeys, ncols;
    const ss_type *types;
    size_t budget;       /* work_mem bytes the merges' read buffers fit in */
    sort_run *runs;      /* written runs, in input order */
    uint32_t nruns, cap_runs;
    uint32_t passes;     /* merge passes before the final one */
    uint64_t rows;       /* rows spilled */
    /* the final merge */
    bool merging;
    uint32_t nin;
    ops_spill_reader *in;    /* nin readers */
    ss_batch **cur;          /* each reader's current batch (NULL: exhausted) */
    uint32_t *pos;           /* each reader's live row in cur */
    uint32_t *heap;          /* reader indexes, min-heap by current row then index */
    uint32_t nheap;
} sort_spill;

/* Bytes the sort holds for nrows rows in cols, with what sorting them takes. */
size_t sort_spill_memory(const ops_column *cols, uint32_t ncols, uint32_t nrows);
void sort_spill_init(sort_spill *sp, const ss_api *api, const ss_sort_key *keys, uint32_t nkeys,
                     uint32_t ncols, const ss_type *types, size_t budget);
/* Sorts the nrows rows of cols and writes them as a new run; the caller then empties cols. */
int sort_spill_write_run(ss_ctx *ctx, sort_spill *sp, const ops_column *cols, uint32_t nrows);
/* After the last run: merges runs until few enough remain for one pass, then opens the final
 * merge. */
int sort_spill_start_merge(ss_ctx *ctx, sort_spill *sp);
/* The next output rows of the final merge into out (its vectors), *out_batch NULL at the end. */
int sort_spill_next(ss_ctx *ctx, sort_spill *sp, ops_owned_batch *out, ss_batch **out_batch);
/* Closes every file and frees everything; the spill is empty again. */
void sort_spill_release(ss_ctx *ctx, sort_spill *sp);

#endif
