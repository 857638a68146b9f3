/* system_information_schema.h — the rows of PostgreSQL's relation-listing catalog views
 * (system_views.c serves them): pg_tables, pg_indexes and pg_namespace in pg_catalog
 * (system_pg_tables.c), pg_constraint (system_pg_constraint.c), and information_schema's tables, columns, schemata and views
 * (system_information_schema.c).  Only user relations are listed (none of pg_catalog's or
 * information_schema's own); schemata and pg_namespace list every schema. */
#ifndef SS_CATALOG_SYSTEM_INFORMATION_SCHEMA_H
#define SS_CATALOG_SYSTEM_INFORMATION_SCHEMA_H

#include "catalog/catalog.h"
#include "catalog/system_session_views.h"

/* PostgreSQL 15's columns of each view, in its order (name is text, cardinal_number int4,
 * sql_identifier / character_data / yes_or_no text). */
extern const ss_column_def ss_pg_tables_cols[];
extern const ss_column_def ss_pg_indexes_cols[];
extern const ss_column_def ss_pg_namespace_cols[];
extern const ss_column_def ss_pg_constraint_cols[];
extern const ss_column_def ss_is_tables_cols[];
extern const ss_column_def ss_is_columns_cols[];
extern const ss_column_def ss_is_schemata_cols[];
extern const ss_column_def ss_is_views_cols[];
#define SS_PG_TABLES_NCOLS 8
#define SS_PG_INDEXES_NCOLS 5
#define SS_PG_NAMESPACE_NCOLS 3
/* pg_type and pg_enum (system_pg_type.c) */
#define SS_PG_TYPE_NCOLS 6
#define SS_PG_ENUM_NCOLS 3
extern const ss_column_def ss_pg_type_cols[SS_PG_TYPE_NCOLS];
extern const ss_column_def ss_pg_enum_cols[SS_PG_ENUM_NCOLS];
int ss_system_pg_type_fill(ss_ctx *ctx, const struct ss_catalog *c, ss_view_row_fn add, void *arg);
int ss_system_pg_enum_fill(ss_ctx *ctx, const struct ss_catalog *c, ss_view_row_fn add, void *arg);
/* sunstone_types: the user-defined types (name, schema, display_name as format_type, internal
   name, elements: the labels one per line, visible on the search path), for the shell's \dT */
#define SS_SUNSTONE_TYPES_NCOLS 6
extern const ss_column_def ss_sunstone_types_cols[SS_SUNSTONE_TYPES_NCOLS];
int ss_system_sunstone_types_fill(ss_ctx *ctx, const struct ss_catalog *c, ss_view_row_fn add, void *arg);
#define SS_PG_CONSTRAINT_NCOLS 17
#define SS_IS_TABLES_NCOLS 12
#define SS_IS_COLUMNS_NCOLS 44
#define SS_IS_SCHEMATA_NCOLS 7
#define SS_IS_VIEWS_NCOLS 10

/* Each fill gives every row to add; wanted[i] tells whether the scan reads column i (a
 * view's updatability is worked out only when read). */
int ss_system_pg_tables_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg);
int ss_system_pg_indexes_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg);
int ss_system_pg_namespace_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg);
/* pg_constraint (system_pg_constraint.c): its columns without the oid-valued ones and the key arrays. */
int ss_system_pg_constraint_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg);
int ss_system_is_tables_fill(ss_ctx *ctx, const ss_catalog *c, const bool *wanted, ss_view_row_fn add, void *arg);
int ss_system_is_columns_fill(ss_ctx *ctx, const ss_catalog *c, const bool *wanted, ss_view_row_fn add, void *arg);
int ss_system_is_schemata_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg);
int ss_system_is_views_fill(ss_ctx *ctx, const ss_catalog *c, const bool *wanted, ss_view_row_fn add, void *arg);

/* information_schema's constraint views, sequences and triggers (system_is_constraints.c). */
#define SS_IS_TABLE_CONSTRAINTS_NCOLS 11
#define SS_IS_KEY_COLUMN_USAGE_NCOLS 9
#define SS_IS_REFERENTIAL_CONSTRAINTS_NCOLS 9
#define SS_IS_CHECK_CONSTRAINTS_NCOLS 4
#define SS_IS_CONSTRAINT_COLUMN_USAGE_NCOLS 7
#define SS_IS_CONSTRAINT_TABLE_USAGE_NCOLS 6
#define SS_IS_SEQUENCES_NCOLS 12
#define SS_IS_TRIGGERS_NCOLS 17
extern const ss_column_def ss_is_table_constraints_cols[SS_IS_TABLE_CONSTRAINTS_NCOLS];
extern const ss_column_def ss_is_key_column_usage_cols[SS_IS_KEY_COLUMN_USAGE_NCOLS];
extern const ss_column_def ss_is_referential_constraints_cols[SS_IS_REFERENTIAL_CONSTRAINTS_NCOLS];
extern const ss_column_def ss_is_check_constraints_cols[SS_IS_CHECK_CONSTRAINTS_NCOLS];
extern const ss_column_def ss_is_constraint_column_usage_cols[SS_IS_CONSTRAINT_COLUMN_USAGE_NCOLS];
extern const ss_column_def ss_is_constraint_table_usage_cols[SS_IS_CONSTRAINT_TABLE_USAGE_NCOLS];
extern const ss_column_def ss_is_sequences_cols[SS_IS_SEQUENCES_NCOLS];
/* triggers: Sunstone has no triggers, so it has no rows */
extern const ss_column_def ss_is_triggers_cols[SS_IS_TRIGGERS_NCOLS];
typedef enum ss_is_constraint_view {
    SS_IS_TABLE_CONSTRAINTS, SS_IS_KEY_COLUMN_USAGE, SS_IS_REFERENTIAL_CONSTRAINTS, SS_IS_CHECK_CONSTRAINTS,
    SS_IS_CONSTRAINT_COLUMN_USAGE, SS_IS_CONSTRAINT_TABLE_USAGE
} ss_is_constraint_view;
/* The rows of constraint view which (wanted as above: check_clause is deparsed only when read). */
int ss_system_is_constraints_fill(ss_ctx *ctx, const ss_catalog *c, ss_is_constraint_view which, const bool *wanted,
                                  ss_view_row_fn add, void *arg);
int ss_system_is_sequences_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg);

#endif
