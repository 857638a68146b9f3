/* bind_returning.h — the bound RETURNING list of INSERT, UPDATE and DELETE (bind_returning.c)
 * and what the executor needs of it (api/run_returning.c, api/run_modify.c). */
#ifndef SS_BIND_RETURNING_H
#define SS_BIND_RETURNING_H

#include "bind/binder.h"

typedef struct ss_bound_returning {
    /* INSERT: the query over the written rows, which it reads as worktable worktable_id
       (published by api/run_returning.c); plan is the planner's (api/statement.c) */
    ss_lop *query;
    ss_plan *plan;
    uint32_t worktable_id;
    /* UPDATE / DELETE: the RETURNING values are the finding query's columns first_col..,
       ss_bound_stmt.ncols of them */
    uint32_t first_col;
} ss_bound_returning;

struct binder;
/* UPDATE / DELETE: sub is the bound finding query, get its read of the target; new_values
   (UPDATE) the new version's value of each column of the target, NULL for DELETE.  Appends
   the RETURNING values to exprs[0..*n) (the projection the executor consumes) and sets
   out's result columns and out->returning. */
int bind_returning_modify(struct binder *b, const ast_stmt *st, const ss_bound_stmt *sub, const ss_lop *get,
                          ss_expr *const *new_values, uint32_t *n, ss_expr ***exprs, ss_bound_stmt *out);
/* 42803 for an aggregate in an UPDATE's / DELETE's RETURNING (top: the finding query). */
int bind_returning_check_modify(struct binder *b, const ast_stmt *st, const ss_lop *top);
/* e with every column c < ncols of relation rel replaced by values[c], copied on the way
   (the binder may share nodes); sublinks' arguments included.  NULL on OOM (recorded). */
ss_expr *bind_replace_columns(struct binder *b, ss_expr *e, uint32_t rel, uint32_t ncols, ss_expr *const *values);
/* INSERT: binds st->returning_select over out->table (a no-op without RETURNING). */
int bind_returning_insert(struct binder *b, const ast_stmt *st, ss_bound_stmt *out);

#endif
