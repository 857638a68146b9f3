/* cursors.c — the rows and position of SQL-level cursors (cursors.h).  The position rules
 * follow PostgreSQL's portal code: PortalRunSelect moves the executor forward or backward and
 * keeps portalPos / atStart / atEnd, DoPortalRunFetch reduces every FETCH direction to such
 * moves, DoPortalRewind goes back to the start. */
#include "exec/cursors.h"

#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"
#include "util/grow.h"

ss_cursor *ss_cursor_find(const ss_cursor_set *s, const char *name)
{
    for (uint32_t i = 0; s && i < s->n; i++)
        if (strcmp(s->items[i]->name, name) == 0)
            return s->items[i];
    return NULL;
}

static void release_source(ss_cursor *c)
{
    if (c->src.release)
        c->src.release(c->src.self);
    memset(&c->src, 0, sizeof c->src);
}

void ss_cursor_set_source(ss_cursor *c, ss_cursor_source src)
{
    c->src = src;
}

static void cursor_free(ss_cursor *c)
{
    if (!c)
        return;
    release_source(c);
    for (uint32_t i = 0; i < c->nbatches; i++)
        ss_batch_destroy(c->batches[i]);
    free(c->batches);
    for (uint32_t i = 0; c->col_names && i < c->ncols; i++)
        free(c->col_names[i]);
    free(c->col_names);
    free(c->types);
    free(c->statement);
    free(c->name);
    free(c);
}

int ss_cursor_create(ss_ctx *ctx, ss_cursor_set *s, const char *name, const char *statement, int options,
                     uint32_t ncols, const char *const *col_names, const ss_type *types, uint32_t depth,
                     ss_cursor **out)
{
    if (ss_cursor_find(s, name))
        return ss_ctx_error(ctx, "42P03", "cursor \"%s\" already exists", name);
    ss_cursor *c = calloc(1, sizeof *c);
    bool ok = c && (c->name = strdup(name)) && (c->statement = strdup(statement)) &&
              (c->col_names = calloc(ncols ? ncols : 1, sizeof *c->col_names)) &&
              (c->types = calloc(ncols ? ncols : 1, sizeof *c->types)) &&
              ss_grow((void **)&s->items, &s->cap, s->n + 1, sizeof *s->items, 4);
    if (c && c->col_names)
        c->ncols = ncols; /* the names so far are freed with it */
    for (uint32_t i = 0; ok && i < ncols; i++) {
        ok = (c->col_names[i] = strdup(col_names[i])) != NULL;
        c->types[i] = types[i];
    }
    if (!ok) {
        cursor_free(c);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    c->options = options;
    c->depth = depth;
    c->pending = true;
    c->at_start = true;
    s->items[s->n++] = c;
    *out = c;
    return SS_OK;
}

int ss_cursor_append(ss_ctx *ctx, ss_cursor *c, const ss_batch *b)
{
    uint32_t live = ss_batch_rows(b);
    for (uint32_t k = 0; k < live; k++) {
        ss_batch *dst = c->nbatches ? c->batches[c->nbatches - 1] : NULL;
        if (!dst || dst->count == SS_BATCH_CAPACITY) {
            ss_batch **p = realloc(c->batches, (c->nbatches + 1) * sizeof *p);
            if (!p || !(dst = ss_batch_create(c->ncols, c->types, SS_BATCH_CAPACITY))) {
                if (p)
                    c->batches = p;
                return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            }
            c->batches = p;
            c->batches[c->nbatches++] = dst;
        }
        if (ss_batch_append_row(ctx, dst, b, ss_batch_row(b, k)))
            return SS_ERROR;
        c->nrows++;
    }
    return SS_OK;
}

void ss_cursor_close(ss_cursor_set *s, ss_cursor *c)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        if (!c || s->items[i] == c)
            cursor_free(s->items[i]);
        else
            s->items[k++] = s->items[i];
    }
    s->n = k;
    if (!s->n) {
        free(s->items);
        s->items = NULL;
        s->cap = 0;
    }
}

const ss_batch *ss_cursor_row(const ss_cursor *c, int64_t r, uint32_t *row)
{
    *row = (uint32_t)((r - 1) % SS_BATCH_CAPACITY);
    return c->batches[(r - 1) / SS_BATCH_CAPACITY];
}

/* ---- FETCH and MOVE ------------------------------------------------------------------ */

typedef struct fetch_run {
    ss_ctx *ctx;
    ss_cursor *c;
    int64_t *rows;       /* the rows returned (NULL: MOVE) */
    int64_t n;
    size_t cap;
    bool failed;
} fetch_run;

/* Whether row r (1-based) of the query exists, reading more of it from the source when the
   rows read so far end before r (PostgreSQL's executor running forward). */
static bool have_row(fetch_run *f, int64_t r)
{
    ss_cursor *c = f->c;
    if (r > c->nrows && c->failed && !f->failed) {
        f->failed = true;
        ss_ctx_error(f->ctx, "55000", "portal \"%s\" cannot be run", c->name);
    }
    while (r > c->nrows && c->src.pull && !c->src_done && !f->failed) {
        bool done = false;
        if (c->src.pull(c->src.self, f->ctx, c, &done) != SS_OK) {
            f->failed = c->failed = true;
            release_source(c);
            break;
        }
        c->src_done = done; /* the source stays until CLOSE: its query keeps its tables in use */
    }
    return r <= c->nrows;
}

static int scan_forward_only(fetch_run *f)
{
    f->failed = true;
    ss_ctx_error(f->ctx, "55000", "cursor can only scan forward");
    ss_ctx_error_hint(f->ctx, "Declare it with SCROLL option to enable backward scan.");
    return SS_ERROR;
}

static void emit(fetch_run *f, bool to_dest, int64_t r)
{
    if (!to_dest || !f->rows || f->failed)
        return;
    if (!ss_grow((void **)&f->rows, &f->cap, (size_t)f->n + 1, sizeof *f->rows, 16)) {
        f->failed = true;
        ss_ctx_error(f->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return;
    }
    f->rows[f->n++] = r;
}

/* PortalRunSelect: up to count rows (AST_FETCH_ALL: all) forward or backward, to the
   result when to_dest; the number of rows moved over. */
static int64_t run_select(fetch_run *f, bool forward, int64_t count, bool to_dest)
{
    ss_cursor *c = f->c;
    if (f->failed)
        return 0;
    bool all = count == AST_FETCH_ALL;
    int64_t n = 0;
    if (forward) {
        if (c->at_end || count <= 0)
            return 0;
        while ((all || n < count) && have_row(f, c->cur + 1)) {
            emit(f, to_dest, ++c->cur);
            n++;
        }
        if (f->failed)
            return n;
        if (all || n < count)
            c->cur = c->nrows + 1; /* the executor ran off the end */
        if (n > 0)
            c->at_start = false;
        if (all || n < count)
            c->at_end = true;
        c->portal_pos += n;
        return n;
    }
    if (c->options & AST_CURSOR_NO_SCROLL)
        return scan_forward_only(f);
    if (c->at_start || count <= 0)
        return 0;
    while ((all || n < count) && c->cur > 1) {
        emit(f, to_dest, --c->cur);
        n++;
    }
    if (all || n < count)
        c->cur = 0;
    if (n > 0 && c->at_end) {
        c->at_end = false;
        c->portal_pos++;
    }
    if (all || n < count) {
        c->at_start = true;
        c->portal_pos = 0;
    } else {
        c->portal_pos -= n;
    }
    return n;
}

/* DoPortalRewind. */
static void rewind_cursor(fetch_run *f)
{
    ss_cursor *c = f->c;
    if (f->failed || (c->at_start && !c->at_end))
        return;
    if (c->options & AST_CURSOR_NO_SCROLL) {
        scan_forward_only(f);
        return;
    }
    c->cur = 0;
    c->at_start = true;
    c->at_end = false;
    c->portal_pos = 0;
}

/* DoPortalRunFetch. */
static int64_t run_fetch(fetch_run *f, ast_fetch_direction dir, int64_t count, bool move)
{
    ss_cursor *c = f->c;
    switch (dir) {
    case AST_FETCH_FORWARD:
        if (count < 0) {
            dir = AST_FETCH_BACKWARD;
            count = -count;
        }
        break;
    case AST_FETCH_BACKWARD:
        if (count < 0) {
            dir = AST_FETCH_FORWARD;
            count = -count;
        }
        break;
    case AST_FETCH_ABSOLUTE:
        if (count > 0) {
            if (c->portal_pos == INT64_MAX || count - 1 < c->portal_pos) {
                rewind_cursor(f);
                if (count > 1)
                    run_select(f, true, count - 1, false);
            } else {
                int64_t pos = c->portal_pos + (c->at_end ? 1 : 0);
                if (count <= pos)
                    run_select(f, false, pos - count + 1, false);
                else if (count > pos + 1)
                    run_select(f, true, count - pos - 1, false);
            }
            return run_select(f, true, 1, true);
        }
        if (count < 0) {
            run_select(f, true, AST_FETCH_ALL, false);
            if (count < -1)
                run_select(f, false, -count - 1, false);
            return run_select(f, false, 1, true);
        }
        rewind_cursor(f);
        return run_select(f, true, 0, true);
    case AST_FETCH_RELATIVE:
        if (count > 0) {
            if (count > 1)
                run_select(f, true, count - 1, false);
            return run_select(f, true, 1, true);
        }
        if (count < 0) {
            if (count < -1)
                run_select(f, false, -count - 1, false);
            return run_select(f, false, 1, true);
        }
        dir = AST_FETCH_FORWARD; /* RELATIVE 0 is FORWARD 0 */
        break;
    }
    bool forward = dir == AST_FETCH_FORWARD;
    if (count == 0) { /* the current row again, if there is one */
        bool on_row = !c->at_start && !c->at_end;
        if (move)
            return on_row ? 1 : 0;
        if (on_row) {
            run_select(f, false, 1, false);
            count = 1;
            forward = true;
        }
    }
    if (!forward && count == AST_FETCH_ALL && move) { /* MOVE BACKWARD ALL: a rewind */
        int64_t result = c->portal_pos;
        if (result > 0 && !c->at_end)
            result--;
        rewind_cursor(f);
        return result;
    }
    return run_select(f, forward, count, true);
}

/* A NO SCROLL cursor never goes back before its current row: the batches wholly before it
   are freed (their slots stay, NULL, so row numbers keep their batch). */
static void drop_passed_rows(ss_cursor *c)
{
    if (!(c->options & AST_CURSOR_NO_SCROLL) || c->cur < 1)
        return;
    uint64_t keep_from = (uint64_t)(c->cur - 1) / SS_BATCH_CAPACITY;
    for (uint64_t i = 0; i < keep_from && i + 1 < c->nbatches; i++) { /* the last one takes appends */
        ss_batch_destroy(c->batches[i]);
        c->batches[i] = NULL;
    }
}

int ss_cursor_fetch(ss_ctx *ctx, ss_cursor *c, ast_fetch_direction dir, int64_t count, int64_t **rows,
                    int64_t *nrows, int64_t *processed)
{
    drop_passed_rows(c);
    fetch_run f = {ctx, c, NULL, 0, 0, false};
    if (rows && !(f.rows = malloc(sizeof *f.rows * 16)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    f.cap = rows ? 16 : 0;
    *processed = run_fetch(&f, dir, count, rows == NULL);
    if (f.failed) {
        free(f.rows);
        return SS_ERROR;
    }
    if (rows) {
        *rows = f.rows;
        *nrows = f.n;
    }
    return SS_OK;
}

/* ---- the transaction's end ----------------------------------------------------------- */

void ss_cursors_txn_end(ss_cursor_set *s, bool commit)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        ss_cursor *c = s->items[i];
        bool hold = c->options & AST_CURSOR_HOLD;
        if (!hold || (c->pending && !commit)) {
            cursor_free(c);
            continue;
        }
        c->pending = false;
        c->depth = 0;
        s->items[k++] = c;
    }
    s->n = k;
}

void ss_cursors_rollback_to(ss_cursor_set *s, uint32_t index)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        ss_cursor *c = s->items[i];
        if (c->pending && c->depth > index)
            cursor_free(c);
        else
            s->items[k++] = c;
    }
    s->n = k;
}

void ss_cursors_release(ss_cursor_set *s, uint32_t index)
{
    for (uint32_t i = 0; i < s->n; i++)
        if (s->items[i]->pending && s->items[i]->depth > index)
            s->items[i]->depth = index;
}
