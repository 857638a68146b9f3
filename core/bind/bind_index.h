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

/* ON CONFLICT's inference (bind_on_conflict.c): st's expression elements (exprs[i], NULL
 * for a column; st->nconflict_cols entries) and its WHERE (*where, NULL: none) bound over
 * t's columns as a new relation *rel, with the index expressions' rules. */
struct binder;
/* A scope of t's columns alone (the name t) as a new relation *rel, for an expression over
 * one row of it. */
int bind_table_scope(struct binder *b, const ss_table *t, uint32_t *rel);
int bind_conflict_inference(struct binder *b, const ss_table *t, const ast_stmt *st, uint32_t *rel, ss_expr **exprs,
                            ss_expr **where);

#endif
