/* bind_update.h — binding UPDATE / DELETE and TRUNCATE (bind_update.c).  Private to
 * core/bind/. */
#ifndef SS_BIND_UPDATE_H
#define SS_BIND_UPDATE_H

#include "bind/binder_internal.h"

/* AST_UPDATE / AST_DELETE: out->table, out->checks (UPDATE) and out->query, whose rows are
 * the row id (bigint) of each row to change, then for UPDATE the new version's columns. */
int bind_modify(binder *b, const ast_stmt *st, ss_bound_stmt *out);
/* AST_TRUNCATE: every name a table of a backend with delete (out->drop_names, cascade). */
int bind_truncate(binder *b, const ast_stmt *st, ss_bound_stmt *out);
/* The column of t that SET target i of st names (*out), with PostgreSQL's errors (42703,
   multiple assignments 42601, GENERATED ALWAYS 428C9); assigned[] marks the columns. */
int bind_set_column(binder *b, const ast_stmt *st, const ss_table *t, uint32_t i, bool *assigned, uint32_t *out);
/* Whether SET may assign column c of t (to_default: SET c = DEFAULT): 428C9 for a generated
   column or a GENERATED ALWAYS identity column given a value. */
int bind_column_settable(binder *b, const ss_table *t, uint32_t c, bool to_default);
/* 0A000 for `what` (UPDATE, DELETE, ON CONFLICT) on a table whose backend lacks row versions
   with delete / update (storage.h version 4). */
int bind_check_row_versions(binder *b, const ss_table *t, int location, const char *what);
/* Every SET target of st resolved (bind_set_column): assigned[c] per column of t,
   target_col[i] per target. */
int bind_set_targets(binder *b, const ast_stmt *st, const ss_table *t, bool **assigned, uint32_t **target_col);
/* Binds the query q that carries SET values (untyped literals kept for the columns'
   types; aggregates refused as in `verb`) into sub. */
int bind_set_query(binder *b, const ast_select *q, const char *verb, ss_bound_stmt *sub);
/* The GET of t bound first in op (the statement's own FROM item: lowest relation id). */
ss_lop *bind_find_target(ss_lop *op, const ss_table *t);
/* Makes GET get of table t yield the row id as its column t->ncols (int8) too. */
int bind_add_rowid_column(binder *b, ss_lop *get, const ss_table *t);
/* (LK) Whether an UPDATE assigning the columns assigned[c] sets a key column (one of a
   unique index): its row locks are then UPDATE strength, else NO KEY UPDATE. */
bool bind_assigns_key_column(const ss_table *t, const bool *assigned);
/* SET value e for column c of t, assignment-cast, with INSERT's wording for a mismatch. */
ss_expr *bind_assign_value(binder *b, const ss_table *t, uint32_t c, ss_expr *e, int location);

#endif
