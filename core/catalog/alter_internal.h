/* alter_internal.h — what the files of ALTER TABLE share (alter_table.c: the statement and
 * its simple subcommands; alter_columns.c: ADD / DROP COLUMN; alter_checks.c: CHECK
 * constraints; alter_rewrite.c: the table rewrite).  Private to core/catalog/. */
#ifndef SS_CATALOG_ALTER_INTERNAL_H
#define SS_CATALOG_ALTER_INTERNAL_H

#include "catalog/alter_state.h"
#include "catalog/settings.h"
#include "sql/ast.h"
#include "txn/txn_session.h"

/* One ALTER TABLE statement being run. */
typedef struct alter_run {
    ss_ctx *ctx;
    ss_catalog *c;
    const ast_stmt *st;
    ss_table *t;
    alter_saved *saved;
} alter_run;

/* Every committed version and the transaction's own, as its exclusive lock sees them. */
void ss_alter_snapshot(ss_ctx *ctx, ss_snapshot *out);
/* Rewrites t (already in its new layout: ncols, cols, types) from its current handle, whose
 * rows have old_ncols columns of old_types: new column j is old column from[j], or (from[j]
 * < 0) exprs[j] evaluated over the old row (column i at position i).  NOT NULL columns are
 * checked (23502 "column ... contains null values"), indexes filled again (23505). */
int ss_alter_rewrite(ss_ctx *ctx, alter_saved *s, ss_table *t, uint32_t old_ncols, const ss_type *old_types,
                     const int *from, ss_expr *const *exprs);
/* Whether t holds a row version the altering transaction sees. */
int ss_alter_has_rows(ss_ctx *ctx, ss_table *t, bool *any);

/* The column of t named name, or -1. */
int ss_alter_column(const ss_table *t, const char *name);
/* The same of r's table into *col: 42703 "column ... of relation ... does not exist". */
int ss_alter_find_column(alter_run *r, const char *name, uint32_t *col);
/* The views of c whose query reads column col of t (col -1: any of t's columns), in creation
 * order: their query bound again with the column hidden fails, or changes its columns. */
int ss_alter_dependent_views(alter_run *r, int col, ss_view ***out, uint32_t *n);
/* The views of c whose GROUP BY needs primary key ix of t (a column functionally dependent
 * on it): their query bound again with ix not primary fails, or changes its columns. */
int ss_alter_pkey_views(alter_run *r, ss_index *ix, ss_view ***out, uint32_t *n);

int ss_alter_add_column(alter_run *r, const ast_alter_cmd *a);
/* alter_generated.c: PostgreSQL 15's refusals for generated columns before a command runs
 * (SET / DROP DEFAULT of one 42601, ALTER TYPE of a column one reads 0A000, DROP COLUMN of
 * a column one reads 2BP01, CASCADE 0A000); DROP EXPRESSION (55000 when the column is not
 * generated, a NOTICE with IF EXISTS); \d's texts again after a rename. */
int ss_alter_generated_guard(alter_run *r, const ast_alter_cmd *a);
int ss_alter_drop_expression(alter_run *r, const ast_alter_cmd *a);
int ss_alter_generated_retext(alter_run *r);
int ss_alter_drop_column(alter_run *r, const ast_alter_cmd *a);
/* SET / DROP NOT NULL of column col (23502 when a row holds NULL; 42P16 for a primary key or
 * identity column). */
int ss_alter_set_not_null(ss_ctx *ctx, ss_table *t, uint32_t col, bool on);
/* ADD PRIMARY KEY / UNIQUE: the statement's key_constraints[k] as a unique index built over
 * the rows (23505), a primary key's columns made NOT NULL first (23502), 42P16 for a second
 * primary key. */
int ss_alter_add_key(alter_run *r, uint32_t k);
/* ADD FOREIGN KEY: the statement's fkeys[k] with CREATE TABLE's checks (fkey_ddl.c), the
 * rows validated unless not_valid (23503). */
int ss_alter_add_fkey(alter_run *r, uint32_t k, bool not_valid);
/* ALTER COLUMN ... TYPE: the table rewritten, its CHECKs validated again. */
int ss_alter_column_type(alter_run *r, const ast_alter_cmd *a);
/* ADD CHECK: the statement's checks[k] over t as it is now, validated unless not_valid. */
int ss_alter_add_check(alter_run *r, uint32_t k, bool not_valid);
int ss_alter_drop_constraint(alter_run *r, const ast_alter_cmd *a);
int ss_alter_rename_constraint(alter_run *r, const ast_alter_cmd *a);
/* t's CHECKs bound again (after a rename or a type change): \d's texts with the columns'
 * names as they are now, and with validate_rows every row checked again (23514). */
int ss_alter_recheck(alter_run *r, bool validate_rows);
/* Takes CHECK k off t. */
void ss_alter_remove_check(ss_table *t, uint32_t k);
/* DROP ... CASCADE of views names[0..n) (the caller gives the NOTICE naming them; their
 * own dependents' NOTICE comes from the drop). */
int ss_alter_drop_views(alter_run *r, const char *const *names, uint32_t n);
/* Every row of t the altering transaction sees, all columns, batch by batch to each(arg, b)
 * until it fails. */
int ss_alter_each_batch(ss_ctx *ctx, ss_table *t, int (*each)(void *arg, const ss_batch *b), void *arg);
/* VALIDATE CONSTRAINT of a CHECK or a foreign key (alter_checks.c). */
int ss_alter_validate_constraint(alter_run *r, const ast_alter_cmd *a);
/* ALTER CONSTRAINT name [NOT] DEFERRABLE [INITIALLY ...]: foreign keys only, as PostgreSQL 15
   (42809 for another kind, 42704 for none). */
int ss_alter_constraint_deferrability(alter_run *r, const ast_alter_cmd *a);

/* ---- foreign keys (alter_fkeys.c) ---- */
struct ss_fkey;
/* The foreign key of t named name, or NULL. */
struct ss_fkey *ss_alter_fkey_named(const ss_table *t, const char *name);
/* The foreign keys needing index ix of r's table (DROP CONSTRAINT of its PRIMARY KEY /
 * UNIQUE): 2BP01 "cannot drop constraint ... because other objects depend on it" unless
 * cascade, which drops them (NOTICE "drop cascades to constraint ... on table ..."). */
int ss_alter_drop_index_fkeys(alter_run *r, ss_index *ix, bool cascade);
/* DROP COLUMN col of r's table: the foreign keys referencing it and the views reading it
 * 2BP01 unless cascade (then dropped), the table's own foreign keys on it dropped, the
 * column positions of the others moved down. */
int ss_alter_drop_column_fkeys(alter_run *r, uint32_t col, bool cascade);
/* After ALTER COLUMN col TYPE: each foreign key on the column (either side) with its type
 * pair checked (42804) and its rows again (23503; not for NOT VALID ones). */
int ss_alter_column_type_fkeys(alter_run *r, uint32_t col);
/* Every row of fk's table checked against fk (23503). */
int ss_alter_validate_fkey_rows(alter_run *r, const struct ss_fkey *fk);
/* VALIDATE CONSTRAINT of fk: its rows checked, then it is valid. */
int ss_alter_validate_fkey(alter_run *r, struct ss_fkey *fk);
int ss_alter_rename_fkey(alter_run *r, struct ss_fkey *fk, const char *new_name);

/* ---- identity columns (alter_identity.c) ---- */
/* ALTER COLUMN ... ADD GENERATED ... AS IDENTITY (55000 unless NOT NULL, not yet identity,
 * without a default), SET GENERATED and DROP IDENTITY [IF EXISTS] (55000 for a column that
 * is not one). */
int ss_alter_add_identity(alter_run *r, const ast_alter_cmd *a);
int ss_alter_set_generated(alter_run *r, const ast_alter_cmd *a);
int ss_alter_drop_identity(alter_run *r, const ast_alter_cmd *a);
/* The sequence column col owns (SERIAL, identity) dropped, and its default with it. */
int ss_alter_drop_column_sequence(alter_run *r, uint32_t col);

/* Whether a constraint of t (CHECK, index constraint, foreign key) is named name. */
bool ss_alter_constraint_taken(const ss_table *t, const char *name);

#endif
