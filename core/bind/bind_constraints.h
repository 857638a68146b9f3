/* bind_constraints.h — the binder's side of defaults, identity, CHECK constraints and
 * sequences (bind_default.c, bind_sequence.c).  Private to core/bind/. */
#ifndef SS_BIND_CONSTRAINTS_H
#define SS_BIND_CONSTRAINTS_H

#include "bind/binder_internal.h"

struct ss_seq_params;

/* SERIAL / BIGSERIAL / SMALLSERIAL (serial4, serial8, serial2): 1 with *out the integer type,
 * 0 for any other type name. */
int bind_serial_type(const ast_type_name *tn, ss_type *out);
struct ss_seq_new_def;
/* The sequence of SERIAL or identity column d (of type) of table (a reference, "t" or
   "s.t"): 22023 for an identity of another type than smallint / integer / bigint, its
   options, its name (SEQUENCE NAME, 42P07 when taken, or table_col_seq avoiding
   taken[0..ntaken) and the catalog's relations), its owner; *default_text is \d's default. */
int bind_column_sequence(binder *b, const char *table, const ast_column_def *d, int32_t type,
                         const char *const *taken, uint32_t ntaken, struct ss_seq_new_def *sc, char **default_text);
/* nextval('seq') of a column of type (a SERIAL or identity column's default). */
ss_expr *bind_nextval(binder *b, const char *seq, ss_type type);
/* CREATE TABLE's defaults (coerced to their columns: 42804), CHECK constraints (boolean, no
 * subquery or aggregate, names as PostgreSQL generates them), SERIAL and identity columns
 * with their sequences: out->create_cons and out->seqs.  cols: the bound column types. */
int bind_create_constraints(binder *b, const ast_stmt *st, const ss_column_def *cols, ss_bound_stmt *out);
/* CREATE TABLE (bind_stmt.c): its columns, defaults and constraints into out. */
int bind_create(binder *b, const ast_stmt *st, ss_bound_stmt *out);
/* CREATE TABLE with LIKE elements (bind_create_like.c): the statement written again with
 * the sources' columns, bound as bind_create; out->create_ast and out->like_indexes. */
int bind_create_like(binder *b, const ast_stmt *st, ss_bound_stmt *out);
/* The value an INSERT gives column col of t when it names no value (or DEFAULT): its
 * default, nextval of its sequence, or NULL. */
ss_expr *bind_column_default(binder *b, const ss_table *t, uint32_t col);
/* The default of column col of view v (ALTER VIEW ... SET DEFAULT; v->defaults[col].sql set),
 * coerced to the column's type. */
ss_expr *bind_view_default(binder *b, const ss_view *v, uint32_t col);
/* A DEFAULT for column col of type (ALTER TABLE ... ADD COLUMN / SET DEFAULT): no columns,
 * coerced to the type without its typmod (42804 in PostgreSQL's words). */
ss_expr *bind_alter_default(binder *b, const ast_expr *a, const char *col, ss_type type);
/* The CHECK of t read from src, bound over t's columns as relation rel. */
struct ss_cons_src;
ss_expr *bind_table_check(binder *b, const ss_table *t, const struct ss_cons_src *src, uint32_t rel);
/* The expression of a DEFAULT read from src as its text has it (parsed again). */
const ast_expr *bind_source_default(binder *b, const ss_table *t, const struct ss_cons_src *src);
/* The expression of that CHECK as its text has it (parsed again). */
const ast_expr *bind_source_check(binder *b, const ss_table *t, const struct ss_cons_src *src);
/* t's CHECK constraints bound over its row (column i at position i) into out->checks. */
int bind_insert_checks(binder *b, const ss_table *t, ss_bound_stmt *out);
/* e assignment-cast to column col's type, 42804 "column ... is of type ... but <what>
 * expression is of type ..." as cookDefault words it (what: "default", "generation"). */
ss_expr *bind_coerce_to_column(binder *b, ss_expr *e, const char *col, ss_type type, const char *what, int location);
/* a over a scope entry for a table's columns names / types (relation rel): a CHECK's
 * boolean (generation false) or a generation expression (true), with their rules against
 * subqueries and aggregates. */
ss_expr *bind_row_expr(binder *b, const ast_expr *a, const char *table, uint32_t ncols, const char *const *names,
                      const ss_type *types, uint32_t rel, bool generation);

/* bind_generated.c: generated columns.  CREATE TABLE's column i of st (GENERATED ALWAYS AS
 * (default_expr) STORED) checked as PostgreSQL's cookDefault does (42P17 for another
 * generated column or a function not immutable), its \d text into cc; whether t has one;
 * t's generation expressions over its row (column i at position i) into bc; 428C9 when a
 * statement gives generated column col a value other than DEFAULT (doing: "insert a
 * non-DEFAULT value into" or "update"): SS_ERROR, else 0. */
struct ss_col_cons;
struct ss_bound_checks;
int bind_generated_column(binder *b, const ast_stmt *st, const char *const *names, const ss_type *types, uint32_t i,
                          struct ss_col_cons *cc);
bool bind_has_generated(const ss_table *t);
/* Generation expression a of column col over the columns names / types (gen: which are
 * generated) of table: bound and checked as bind_generated_column (42P17 for a generated
 * column it reads or a volatile call), over the row (column i at batch position i), coerced
 * without the typmod; *text is \d's "generated always as (...) stored". */
int bind_generation_checked(binder *b, const ast_expr *a, const char *table, uint32_t ncols,
                            const char *const *names, const ss_type *types, const bool *gen, uint32_t col,
                            ss_expr **out, char **text);
int bind_generated_exprs(binder *b, const ss_table *t, struct ss_bound_checks *bc);
int bind_generated_target(binder *b, const ss_table *t, uint32_t col, const char *doing);
/* \d's "generated always as (expr) stored" from bind_deparse_check's "CHECK (expr)". */
char *bind_generated_text(binder *b, const char *check_text);
/* bind_fkey_actions.c: out->fk_actions for an UPDATE or DELETE of t (fkey.h). */
int bind_fkey_actions(binder *b, ss_table *t, ss_bound_stmt *out);
/* 428C9 when the INSERT gives an identity GENERATED ALWAYS column a value other than DEFAULT
 * (unless OVERRIDING SYSTEM VALUE); whether the value is replaced by the default (OVERRIDING
 * USER VALUE on an identity column): 1, else 0; SS_ERROR. */
int bind_identity_target(binder *b, const ss_table *t, uint32_t col, char overriding);

/* bind_deparse.c: \d's text of a default (of a column of type) and of a CHECK over the
 * columns names / types; NULL for a form it does not print. */
const char *bind_deparse_default(binder *b, const ast_expr *a, ss_type type);
const char *bind_deparse_check(binder *b, const ast_expr *a, const char *const *names, const ss_type *types,
                               uint32_t n);
/* The same, printing out_names[i] for a column the text calls names[i] (after renames). */
const char *bind_deparse_check_as(binder *b, const ast_expr *a, const char *const *names,
                                  const char *const *out_names, const ss_type *types, uint32_t n);

/* bind_sequence.c: options resolved for a sequence of type (SS_TYPE_INT8 for CREATE
 * SEQUENCE, the column's for identity); CREATE SEQUENCE; whether a relation name is used;
 * PostgreSQL's ChooseRelationName / ChooseConstraintName (a_c_label, a_label, then label1,
 * label2 ...), avoiding taken[0..ntaken) and (relation) the catalog's relations. */
int bind_seq_params(binder *b, const ast_seq_options *o, int32_t type, struct ss_seq_params *p);
int bind_create_sequence(binder *b, const ast_stmt *st, ss_bound_stmt *out);
/* nextval / currval / setval of a constant name: 42P01 at the literal (location) when no
 * relation has it, as PostgreSQL's regclass constant. */
int bind_sequence_arg(binder *b, const struct ss_func_def *def, ss_expr *const *args, uint32_t n, int location);
/* A sequence in FROM: one row (last_value, log_cnt, is_called) read when the query runs. */
int bind_from_sequence(binder *b, const ast_from_item *f, ss_lop **out);
bool bind_relation_name_taken(binder *b, const char *name);
const char *bind_choose_name(binder *b, const char *a, const char *c, const char *label,
                             const char *const *taken, uint32_t ntaken, bool relation);

#endif
