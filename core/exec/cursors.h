/* cursors.h — a session's SQL-level cursors (DECLARE / FETCH / MOVE / CLOSE): each holds the
 * rows of its query read so far (all of them when computed at DECLARE; otherwise a row source
 * reads more as FETCH / MOVE go forward), always with the DECLARE's snapshot (so later changes
 * are never seen, PostgreSQL's INSENSITIVE behaviour), and PostgreSQL's portal position
 * (portalPos, atStart, atEnd), which FETCH and MOVE move as its DoPortalRunFetch does.  The
 * set lives with the session (core/api), the binder reads it for FETCH's result columns, and
 * the transaction's end closes what it must (ss_cursors_txn_end). */
#ifndef SS_EXEC_CURSORS_H
#define SS_EXEC_CURSORS_H

#include <stdbool.h>
#include <stdint.h>

#include "exec/context.h"
#include "sql/ast.h"

struct ss_cursor;

/* Where a cursor's rows come from when its query runs as FETCH asks (core/api/run_cursor.c):
 * pull appends the query's next rows to c (ss_cursor_append) and sets *done at its end (the
 * source then holds nothing more); SS_ERROR with the error recorded on ctx.  release frees
 * the source (its query stopped) when the cursor closes. */
typedef struct ss_cursor_source {
    void *self;
    int (*pull)(void *self, ss_ctx *ctx, struct ss_cursor *c, bool *done);
    void (*release)(void *self);
} ss_cursor_source;

typedef struct ss_cursor {
    char *name;
    char *statement;      /* the DECLARE's text (pg_cursors.statement) */
    int options;          /* AST_CURSOR_* */
    int64_t created;      /* pg_cursors.creation_time (a timestamptz value), set by DECLARE */
    uint32_t ncols;
    char **col_names;
    ss_type *types;
    ss_batch **batches;   /* the rows, SS_BATCH_CAPACITY to a batch but the last */
    uint32_t nbatches;
    int64_t nrows;
    int64_t cur;          /* 0: before the first row; nrows + 1: after the last; else on row cur */
    int64_t portal_pos;   /* PostgreSQL's portalPos, atStart, atEnd */
    bool at_start, at_end;
    uint32_t depth;       /* the savepoint depth it was declared at */
    bool pending;         /* declared by the transaction still running */
    ss_cursor_source src; /* src.pull NULL: every row is in batches */
    bool src_done;        /* the source has given its last row */
    bool failed;          /* a pull failed: the query cannot go on (PostgreSQL's failed portal) */
} ss_cursor;

typedef struct ss_cursor_set {
    ss_cursor **items;
    uint32_t n;
    size_t cap;
} ss_cursor_set;

/* The cursor of that name in s, or NULL. */
ss_cursor *ss_cursor_find(const ss_cursor_set *s, const char *name);
/* A new empty cursor (its rows appended with ss_cursor_append) added to s; 42P03 when the
 * name is taken. */
int ss_cursor_create(ss_ctx *ctx, ss_cursor_set *s, const char *name, const char *statement, int options,
                     uint32_t ncols, const char *const *col_names, const ss_type *types, uint32_t depth,
                     ss_cursor **out);
/* Gives c a row source (before any FETCH); the cursor releases it when it closes. */
void ss_cursor_set_source(ss_cursor *c, ss_cursor_source src);
/* Copies the live rows of b into c. */
int ss_cursor_append(ss_ctx *ctx, ss_cursor *c, const ss_batch *b);
/* Closes (frees) cursor c of s; NULL closes every cursor. */
void ss_cursor_close(ss_cursor_set *s, ss_cursor *c);

/* FETCH / MOVE direction count on c: the rows a FETCH returns (row numbers, 1-based, in the
 * order returned) in *rows / *nrows (malloc'd, NULL when none; NULL rows: MOVE, none kept)
 * and the count its tag shows in *processed.  55000 "cursor can only scan forward" for a
 * NO SCROLL cursor moved backward. */
int ss_cursor_fetch(ss_ctx *ctx, ss_cursor *c, ast_fetch_direction dir, int64_t count, int64_t **rows,
                    int64_t *nrows, int64_t *processed);
/* Row r (1-based) of c: its batch and the row in it. */
const ss_batch *ss_cursor_row(const ss_cursor *c, int64_t r, uint32_t *row);

/* The end of the session's transaction: cursors without HOLD close; with HOLD, those it
 * declared are kept on commit and closed on abort. */
void ss_cursors_txn_end(ss_cursor_set *s, bool commit);
/* ROLLBACK TO SAVEPOINT index: cursors declared after it close; RELEASE index: those
 * declared after it belong to the level below. */
void ss_cursors_rollback_to(ss_cursor_set *s, uint32_t index);
void ss_cursors_release(ss_cursor_set *s, uint32_t index);

#endif
