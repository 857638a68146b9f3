/* memory_stmt.c — statement atomicity for the memory backend (storage.h, stmt_begin /
 * stmt_commit / stmt_abort): the first write of a statement to a table remembers how many
 * chunks the table had, how many rows its tail held and its row count; an abort cuts the
 * table back to exactly that, destroying the chunks added since.
 *
 * Rows are only appended, so the remembered state is a prefix of the table, and every scan
 * begun before the statement (its snapshot is at or below that prefix, memory_scan.c) keeps
 * seeing what it saw.  Cutting back does not move or free anything such a scan may point at:
 * the tail chunk stays, only its count goes back.  Text bytes and a validity bitmap the
 * undone rows gave the tail stay allocated, unreferenced, until the chunk is freed (as after
 * a failed insert, memory_insert.c); the next rows written to those positions set their own
 * values and NULL flags. */
#include "memory.h"

int memory_stmt_begin(ss_ctx *ctx, void *backend)
{
    memory_backend *b = backend;
    if (b->in_stmt)
        return b->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                             "memory backend: a statement began while another one is open");
    b->in_stmt = true;
    b->stmt_written = NULL;
    return SS_OK;
}

void memory_stmt_note_write(memory_table *t)
{
    memory_backend *b = t->backend;
    if (!b->in_stmt || t->stmt_marked)
        return;
    t->stmt_marked = true;
    t->stmt_nchunks = t->nchunks;
    t->stmt_tail_count = t->nchunks > 0 ? t->chunks[t->nchunks - 1]->count : 0;
    t->stmt_nrows = t->nrows;
    t->stmt_next = b->stmt_written;
    b->stmt_written = t;
}

void memory_stmt_forget(memory_table *t)
{
    if (!t->stmt_marked)
        return;
    memory_table **link = &t->backend->stmt_written;
    while (*link != t)
        link = &(*link)->stmt_next;
    *link = t->stmt_next;
    t->stmt_marked = false;
    t->stmt_next = NULL;
}

/* Ends the statement scope: every table leaves the chain. */
static void end_scope(memory_backend *b, bool undo)
{
    while (b->stmt_written) {
        memory_table *t = b->stmt_written;
        b->stmt_written = t->stmt_next;
        if (undo) {
            for (size_t i = t->stmt_nchunks; i < t->nchunks; i++)
                memory_chunk_destroy(t, t->chunks[i]);
            t->nchunks = t->stmt_nchunks;
            if (t->nchunks > 0) {
                memory_chunk *tail = t->chunks[t->nchunks - 1];
                tail->count = t->stmt_tail_count;
                /* the positions undone are written again: the all-visible mark and the last
                   freeze try must not cover them (memory.h) */
                if (atomic_load_explicit(&tail->frozen, memory_order_relaxed) > tail->count)
                    atomic_store_explicit(&tail->frozen, tail->count, memory_order_release);
                if (atomic_load_explicit(&tail->freeze_tried, memory_order_relaxed) > tail->count)
                    atomic_store_explicit(&tail->freeze_tried, tail->count, memory_order_relaxed);
            }
            t->nrows = t->stmt_nrows;
        }
        t->stmt_marked = false;
        t->stmt_next = NULL;
    }
    b->in_stmt = false;
}

int memory_stmt_commit(ss_ctx *ctx, void *backend)
{
    (void)ctx;
    end_scope(backend, false);
    return SS_OK;
}

void memory_stmt_abort(ss_ctx *ctx, void *backend)
{
    (void)ctx;
    end_scope(backend, true);
}
