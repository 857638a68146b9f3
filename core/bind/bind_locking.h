/* bind_locking.h — SELECT ... FOR UPDATE / FOR NO KEY UPDATE / FOR SHARE / FOR KEY SHARE
 * [OF ...] [NOWAIT | SKIP LOCKED] bound (bind_locking.c): which relations of FROM are
 * locked, at which strength and wait policy, and where each one's row id sits in the rows
 * of the query's plan.  api/run_locking.c locks the rows as they come, then applies OFFSET
 * and LIMIT (PostgreSQL's LockRows sits below Limit). */
#ifndef SS_BIND_LOCKING_H
#define SS_BIND_LOCKING_H

#include "bind/binder_internal.h"
#include "exec/row_lock_take.h"

typedef struct ss_bound_lock_target {
    const ss_table *table;
    ss_row_lock_mode mode;
    ss_row_lock_wait wait;
    uint32_t col;             /* its row id column in the plan's rows (int8) */
    ss_expr *rowid;           /* the column while binding (bind_locking_targets) */
} ss_bound_lock_target;

typedef struct ss_bound_locking {
    ss_bound_lock_target *targets;
    uint32_t ntargets, cap;
    uint32_t nvisible;        /* the client's columns: the plan's first ones */
    ss_expr *limit, *offset;  /* over no columns, NULL: none */
    uint32_t nties;           /* (EPQ) FETCH FIRST ... WITH TIES: the ORDER BY keys, */
    const uint32_t *ties;     /* their columns in the plan's rows */
    const int32_t *tie_types; /* and their type ids */
    const char *name;         /* "SELECT FOR UPDATE" ... (the first clause: 25006's wording) */
    uint32_t nfixed;          /* (EPQ) a top-level clause: the FROM's tables not locked, */
    uint32_t fixed_col;       /* their row ids in the plan's columns fixed_col.. (bind_epq_fixed.h) */
} ss_bound_locking;

/* "FOR UPDATE" ... for an ast_locking strength. */
const char *bind_locking_name(uint8_t strength);

/* The relations s's locking clauses lock among the FROM scope entries of the query being
 * bound (from: its FROM's plan), with PostgreSQL's errors (OF a name not in FROM 42P01, a
 * function / WITH query / VALUES 0A000, the nullable side of an outer join 0A000); their
 * GETs now yield row ids.  Subqueries and views in FROM, which PostgreSQL locks through,
 * are 0A000. */
int bind_locking_targets(binder *b, const ast_select *s, ss_lop *from, ss_bound_locking **out);

/* (LK) The clause a subquery or view of FROM referenced as ref is locked through with (the
 * strongest of the enclosing query's clauses naming it or naming none), NULL: none (or an
 * allocation failed, the error set). */
struct ast_locking *bind_locking_through(binder *b, const char *ref);
/* PostgreSQL's refusals of locking (through) query s: UNION / INTERSECT / EXCEPT, DISTINCT,
 * GROUP BY, HAVING, aggregates, window functions (0A000). */
int bind_locking_through_refused(binder *b, const ast_select *s, const struct ast_locking *c);

/* (LK) A nested query's own locking clause (a subquery, WITH query, view, INSERT ... SELECT,
 * cursor; exec/row_lock_filter.h): a filter over *top (the query's rows, sorted, before its
 * LIMIT) whose predicate locks lk's targets' row ids, columns of cols (the query's
 * projection); b->nested_locking names the first such clause. */
int bind_locking_filter(binder *b, const ss_bound_locking *lk, const ss_lop *cols, ss_lop **top);
/* (LK) A top-level SELECT without a locking clause of its own whose nested queries have
 * some: a locking run without targets (out->locking), so that the statement's rows are
 * kept until its end and it can read again (READ COMMITTED, row_lock_filter.h). */
int bind_locking_nested_top(binder *b, ss_bound_stmt *out);

#endif
