/* bind_alter.h — the expressions of ALTER TABLE, bound while the statement runs (the catalog
 * changes between its subcommands, so core/catalog/alter_*.c binds each when it gets to it):
 * a new DEFAULT and a CHECK over the table as it is now.  Each call binds with ctx's catalog,
 * settings and execution arena (the results live as long as that arena). */
#ifndef SS_BIND_BIND_ALTER_H
#define SS_BIND_BIND_ALTER_H

#include "catalog/constraints.h"
#include "exec/expr.h"
#include "sql/ast.h"

/* DEFAULT a for column col of type: no column references, no subquery or aggregate, coerced
 * to type (42804 "column ... is of type ... but default expression is of type ..."); *text is
 * what \d shows (NULL: a form it does not print), *is_volatile whether it calls a volatile
 * function (a value per row). */
int ss_bind_alter_default(ss_ctx *ctx, const ast_expr *a, const char *col, ss_type type, ss_expr **out,
                          bool *is_volatile, const char **text);
/* t's CHECK read from src, bound over t's row (column i at batch position i): boolean (42804),
 * no subquery or aggregate, unknown columns 42703.  *one_col is the column it reads when it
 * reads exactly one (PostgreSQL names the constraint after it), else -1; *text is \d's
 * "CHECK (...)" with the columns' names as they are now (NULL: a form it does not print). */
int ss_bind_alter_check(ss_ctx *ctx, const ss_table *t, const ss_cons_src *src, ss_expr **out, int *one_col,
                        const char **text);
/* information_schema's view of t's CHECK read from src (bind_check_usage.c): *clause its
 * check_clause, "(" pg_get_constraintdef's unpretty expression ")", malloc'd; used (t->ncols,
 * NULL: not wanted) gets true for each column it reads.  Binds in an arena of its own. */
int ss_bind_check_usage(ss_ctx *ctx, const ss_table *t, const ss_cons_src *src, char **clause, bool *used);
/* *user: a generated column of t (not col itself) whose expression reads column col, -1:
 * none.  texts[c] (ncols of them): \d's text of each generated column c with the columns'
 * names as they are now (NULL: not generated), in the statement's arena. */
int ss_bind_generated_user(ss_ctx *ctx, const ss_table *t, uint32_t col, int *user);
/* The same for every one: users[c] (t->ncols of them) tells whether generated column c reads
 * column col. */
int ss_bind_generated_users(ss_ctx *ctx, const ss_table *t, uint32_t col, bool *users);
int ss_bind_generated_texts(ss_ctx *ctx, const ss_table *t, char **texts);
/* ADD COLUMN's generation expression a of column col of t (just appended, marked generated
 * by the caller or not): bound over t's row (column i at position i) with CREATE TABLE's
 * checks (42P17 for a generated column it reads, itself included, or a volatile call),
 * coerced to the column's type without the typmod; *text is \d's "generated always as (...)
 * stored". */
int ss_bind_alter_generation(ss_ctx *ctx, const ss_table *t, uint32_t col, const ast_expr *a, ss_expr **out,
                             const char **text);
/* The type of ALTER TABLE ... ADD COLUMN's column d (42704 unknown type); *serial tells a
 * SMALLSERIAL / SERIAL / BIGSERIAL (its integer type in *out). */
int ss_bind_alter_type(ss_ctx *ctx, const ast_column_def *d, ss_type *out, bool *serial);
/* ALTER COLUMN TYPE ... COLLATE: d's collation (none: SS_OK) for the new type (bind_collate.c). */
int ss_bind_alter_collation(ss_ctx *ctx, const ast_column_def *d, ss_type type);
struct ss_seq_new_def;
/* The sequence of ADD COLUMN's SERIAL or identity column d of type, table the statement's
 * reference (bind_constraints.h bind_column_sequence); *default_text \d's default. */
int ss_bind_alter_sequence(ss_ctx *ctx, const char *table, const ast_column_def *d, ss_type type,
                           struct ss_seq_new_def *sc, char **default_text);
struct ss_sequence;
struct ss_seq_change;
/* ALTER SEQUENCE's options o over sequence cur, as PostgreSQL's init_params for an existing
 * sequence (an AS type whose bounds were the old type's takes the new one's, NO MINVALUE /
 * NO MAXVALUE by the increment's sign, RESTART [WITH], the current value checked against
 * the bounds; its 22023 errors), into *out (ss_seq_alter's change). */
int ss_bind_seq_alter(ss_ctx *ctx, const struct ss_sequence *cur, const ast_seq_options *o,
                      struct ss_seq_change *out);
/* nextval of sequence seq as a value of type (the rows a SERIAL / identity column gets). */
ss_expr *ss_bind_alter_nextval(ss_ctx *ctx, const char *seq, ss_type type);
/* e coerced to type with its typmod, as INSERT assigns (NULL after an error on ctx); a NULL
 * constant of type. */
ss_expr *ss_bind_alter_assign(ss_ctx *ctx, ss_expr *e, ss_type type);
ss_expr *ss_bind_alter_null(ss_ctx *ctx, ss_type type);
/* ALTER COLUMN col TYPE type [USING a] of t: the new value of the column over t's row (column
 * i at position i), coerced as an assignment: without USING, 42804 "column ... cannot be
 * cast automatically to type ..." with PostgreSQL's HINT; with it, "result of USING clause
 * ...".  type: resolved from tn into *type. */
int ss_bind_alter_using(ss_ctx *ctx, const ss_table *t, uint32_t col, const ast_type_name *tn, const ast_expr *a,
                        ss_type *type, ss_expr **out);
/* The default of column col of t bound again for its type now (after ALTER COLUMN TYPE):
 * 42804 "default for column ... cannot be cast automatically to type ..."; *text is \d's. */
int ss_bind_alter_redefault(ss_ctx *ctx, const ss_table *t, uint32_t col, const char **text);
/* Whether e calls a volatile function (random(), nextval(), clock_timestamp() ...). */
bool ss_expr_has_volatile(const ss_expr *e);

#endif
