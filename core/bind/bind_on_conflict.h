/* bind_on_conflict.h — the bound ON CONFLICT clause of INSERT (bind_on_conflict.c) and what
 * the executor needs of it (api/run_on_conflict.c). */
#ifndef SS_BIND_ON_CONFLICT_H
#define SS_BIND_ON_CONFLICT_H

#include "bind/binder.h"

struct ss_index;

typedef struct ss_bound_on_conflict {
    int action;                     /* AST_ON_CONFLICT_NOTHING / _UPDATE */
    /* the arbiter unique indexes: a conflict in any of them is the row's conflict */
    struct ss_index **arbiters;
    uint32_t narbiters;
    /* DO UPDATE: the query over one row of worktable worktable_id, whose columns are the
       existing row's then the proposed (EXCLUDED) row's; its columns are the new version's,
       then (has_where) the DO UPDATE WHERE condition; plan is the planner's */
    ss_lop *query;
    ss_plan *plan;
    uint32_t worktable_id;
    bool has_where;
    bool update_keys; /* (LK) DO UPDATE sets a key column: its row lock's strength */
} ss_bound_on_conflict;

struct binder;
/* INSERT: binds st's ON CONFLICT clause over out->table into out->on_conflict (a no-op
   without one), with PostgreSQL's errors (42P10, 42704, 42703). */
int bind_on_conflict(struct binder *b, const ast_stmt *st, ss_bound_stmt *out);

#endif
