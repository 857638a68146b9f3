/* bind_index.h — the binder's side of CREATE INDEX: expression keys and a partial index's
 * predicate (bind_index_exprs.c). */
#ifndef SS_BIND_BIND_INDEX_H
#define SS_BIND_BIND_INDEX_H

#include "catalog/catalog.h"
#include "exec/expr.h"
#include "sql/ast.h"

/* Binds the expression keys of CREATE INDEX st (keys[k], NULL for a plain column; keys has
 * st->nindex_keys entries) and its WHERE (*pred, NULL: none) over t's row (column i at
 * batch position i), every node in arena.  PostgreSQL's errors: 42803 aggregates, 42P20
 * window functions, 0A000 subqueries, 42P02 parameters, 42P17 "functions in index
 * expression / predicate must be marked IMMUTABLE" (any function Sunstone marks volatile,
 * which includes PostgreSQL's stable ones), 42804 a predicate not boolean, 42703 unknown
 * columns. */
int ss_bind_index_exprs(ss_ctx *ctx, const ss_table *t, const ast_stmt *st, ss_arena *arena, ss_expr **keys,
                        ss_expr **pred);

#endif
