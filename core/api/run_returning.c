/* run_returning.c — the rows of INSERT / UPDATE / DELETE ... RETURNING (bind/bind_returning.h).
 *
 * The statement changes all its rows first (as PostgreSQL's client sees it: the rows come
 * after the command has run); the RETURNING values of the rows it wrote are kept in a row
 * store on the statement, which sunstone_step then returns one by one, with the command's
 * own tag ("INSERT 0 2").  UPDATE / DELETE hand over their changed rows' RETURNING columns
 * (api/run_modify.c); INSERT hands over the written rows, which the RETURNING query reads as
 * its worktable (the ss_worktable published in the tree's shared slot). */
#include <stdlib.h>
#include <string.h>

#include "api/run_returning.h"
#include "bind/bind_returning.h"
#include "exec/executor.h"
#include "exec/interrupt.h"
#include "exec/vector.h"

struct ss_row_store {
    uint32_t ncols;
    const ss_type *types;
    ss_batch **batches;
    uint32_t n, cap;
    uint64_t total;
    /* reading (sunstone_step): the batch and row returned last */
    uint32_t read_batch;
    uint32_t read_row;
    bool started;
};

ss_row_store *ss_row_store_new(uint32_t ncols, const ss_type *types)
{
    ss_row_store *s = calloc(1, sizeof *s);
    if (s) {
        s->ncols = ncols;
        s->types = types;
    }
    return s;
}

void ss_row_store_free(ss_row_store *s)
{
    if (!s)
        return;
    for (uint32_t i = 0; i < s->n; i++)
        ss_batch_destroy(s->batches[i]);
    free(s->batches);
    free(s);
}

/* Live rows from..from+n of b's column col to rows at..at+n of dst (values copied). */
static int copy_column(ss_ctx *ctx, const ss_batch *b, uint32_t col, uint32_t from, uint32_t n, ss_vector *dst,
                       uint32_t at)
{
    for (uint32_t k = 0; k < n; k++) {
        ss_value v;
        ss_vector_get_value(b->cols[col], ss_batch_row(b, from + k), &v);
        if (ss_vector_set_value(ctx, dst, at + k, &v))
            return SS_ERROR;
    }
    return SS_OK;
}

/* The store's last batch if it has room, else a new one (NULL: out of memory, recorded). */
static ss_batch *store_tail(ss_ctx *ctx, ss_row_store *s)
{
    if (s->n && s->batches[s->n - 1]->count < SS_BATCH_CAPACITY)
        return s->batches[s->n - 1];
    if (s->n == s->cap) {
        uint32_t cap = s->cap ? s->cap * 2 : 4;
        ss_batch **p = realloc(s->batches, cap * sizeof *p);
        if (!p) {
            ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
        s->batches = p;
        s->cap = cap;
    }
    ss_batch *b = ss_batch_create(s->ncols, s->types, SS_BATCH_CAPACITY);
    if (!b)
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    else
        s->batches[s->n++] = b;
    return b;
}

int ss_row_store_add(ss_ctx *ctx, ss_row_store *s, const ss_batch *b)
{
    uint32_t live = ss_batch_rows(b);
    for (uint32_t done = 0; done < live;) {
        ss_batch *dst = store_tail(ctx, s);
        if (!dst)
            return SS_ERROR;
        uint32_t take = SS_BATCH_CAPACITY - dst->count;
        if (take > live - done)
            take = live - done;
        for (uint32_t c = 0; c < s->ncols; c++)
            if (copy_column(ctx, b, c, done, take, dst->cols[c], dst->count) != SS_OK)
                return SS_ERROR;
        dst->count += take;
        s->total += take;
        done += take;
    }
    return SS_OK;
}

/* ss_worktable.read over a row store: rows from *pos on, at most out's capacity. */
static int store_read(ss_ctx *ctx, void *impl, uint64_t *pos, ss_batch *out)
{
    ss_row_store *s = impl;
    ss_batch_reset(out);
    uint64_t seen = 0;
    for (uint32_t i = 0; i < s->n && out->count < SS_BATCH_CAPACITY; i++) {
        const ss_batch *b = s->batches[i];
        if (*pos >= seen + b->count) {
            seen += b->count;
            continue;
        }
        uint32_t from = (uint32_t)(*pos - seen), take = b->count - from;
        if (take > SS_BATCH_CAPACITY - out->count)
            take = SS_BATCH_CAPACITY - out->count;
        for (uint32_t c = 0; c < s->ncols; c++)
            if (copy_column(ctx, b, c, from, take, out->cols[c], out->count) != SS_OK)
                return SS_ERROR;
        out->count += take;
        *pos += take;
        seen += b->count;
    }
    return SS_OK;
}

int ss_returning_begin(sunstone_stmt *st)
{
    ss_row_store_free(st->returning_rows);
    st->returning_rows = NULL;
    if (!st->bound->returning)
        return SS_OK;
    if (!(st->returning_rows = ss_row_store_new(st->bound->ncols, st->bound->col_types)))
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

int ss_returning_add_rows(sunstone_stmt *st, const ss_batch *rows)
{
    return st->returning_rows ? ss_row_store_add(&st->ctx, st->returning_rows, rows) : SS_OK;
}

void ss_row_store_clear(ss_row_store *s)
{
    for (uint32_t i = 0; i < s->n; i++)
        ss_batch_destroy(s->batches[i]);
    s->n = 0;
    s->total = 0;
}

void ss_row_store_worktable(ss_row_store *s, ss_worktable *wt)
{
    *wt = (ss_worktable){sizeof(ss_worktable), 0, s, store_read};
}

int ss_row_store_each(ss_ctx *ctx, ss_row_store *s, ss_table *t, int (*fn)(ss_ctx *, ss_table *, const ss_batch *))
{
    for (uint32_t i = 0; i < s->n; i++)
        if (fn(ctx, t, s->batches[i]) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

int ss_row_store_each_arg(ss_ctx *ctx, ss_row_store *s, void *arg, int (*fn)(ss_ctx *, void *, const ss_batch *))
{
    for (uint32_t i = 0; i < s->n; i++)
        if (fn(ctx, arg, s->batches[i]) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

int ss_returning_run_insert(sunstone_stmt *st, ss_batch *const *batches, uint32_t nbatches)
{
    const ss_table *t = st->bound->table;
    ss_row_store view = {.ncols = t->ncols, .types = t->types, .batches = (ss_batch **)batches, .n = nbatches};
    return ss_returning_run_store(st, &view);
}

int ss_returning_run_store(sunstone_stmt *st, ss_row_store *written)
{
    const ss_bound_returning *r = st->bound->returning;
    if (!r || !st->returning_rows)
        return SS_OK;
    ss_ctx *ctx = &st->ctx;
    ss_op *root = NULL;
    if (ss_exec_start(ctx, r->plan, 0, &root) != SS_OK)
        return SS_ERROR;
    ss_worktable wt;
    ss_row_store_worktable(written, &wt);
    void **slot = ss_exec_shared_slot(ctx, root, SS_NODE_RECURSIVE_UNION, r->worktable_id);
    int rc = slot ? SS_OK : SS_ERROR;
    if (slot)
        *slot = &wt;
    while (rc == SS_OK) {
        ss_batch *b = NULL;
        if ((rc = ss_exec_next(ctx, root, &b)) != SS_OK || !b)
            break;
        rc = ss_row_store_add(ctx, st->returning_rows, b);
    }
    ss_exec_finish(ctx, root);
    return rc;
}

int ss_returning_next_row(sunstone_stmt *st)
{
    ss_row_store *s = st->returning_rows;
    if (!s->started) {
        s->started = true;
        s->read_batch = 0;
        s->read_row = 0;
    } else {
        s->read_row++;
    }
    while (s->read_batch < s->n && s->read_row >= s->batches[s->read_batch]->count) {
        s->read_batch++;
        s->read_row = 0;
    }
    if (s->read_batch >= s->n) {
        st->batch = NULL;
        return SUNSTONE_DONE;
    }
    st->batch = s->batches[s->read_batch];
    st->batch_pos = s->read_row;
    return SUNSTONE_ROW;
}
