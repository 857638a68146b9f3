/* deparse.h — a view's query printed back as PostgreSQL 15's pg_get_viewdef prints it
 * (PostgreSQL's ruleutils' layout: qualified columns, implicit casts shown, * expanded), from the
 * statement the view was created with, resolved against the catalog.  Renames of the
 * relations and columns it reads can be applied while printing, which is how a view
 * follows ALTER ... RENAME.  Forms it does not know are 0A000, never wrong text. */
#ifndef SS_DEPARSE_DEPARSE_H
#define SS_DEPARSE_DEPARSE_H

#include <stdbool.h>
#include <stdint.h>

#include "catalog/catalog.h"

/* One rename to apply while printing: relation `rel` (schema-qualified "s.t", NULL: none)
 * renamed to new_rel (NULL: kept); when column is set, that column of it renamed to
 * new_column; when schema is set, schema `schema` renamed to new_schema; when moved_to is
 * set, rel moved to that schema. */
typedef struct ss_deparse_rename {
    const char *rel;
    const char *new_rel;
    const char *column;
    const char *new_column;
    const char *schema;
    const char *new_schema;
    const char *moved_to;   /* rel moved to schema moved_to (SET SCHEMA) */
} ss_deparse_rename;

/* A view's query text rewritten for a rename (every relation schema-qualified, so that it
 * binds under any search path): "CREATE VIEW s.v AS SELECT ...", keeping its CHECK OPTION;
 * malloc'd into *out. */
int ss_deparse_view_for_rename(ss_ctx *ctx, ss_catalog *c, const ss_view *v, const ss_deparse_rename *rename,
                               char **out);
/* The same with the options names[0..n) = values[0..n) instead of the view's own (ALTER VIEW
 * ... SET / RESET (options)). */
int ss_deparse_view_with_options(ss_ctx *ctx, ss_catalog *c, const ss_view *v, const char *const *names,
                                 const char *const *values, uint32_t n, char **out);
/* The same for materialized view t whose statement is sql: "CREATE MATERIALIZED VIEW ...". */
int ss_deparse_matview_for_rename(ss_ctx *ctx, ss_catalog *c, const ss_table *t, const char *sql,
                                  const ss_deparse_rename *rename, char **out);

/* The query of CREATE [MATERIALIZED] VIEW statement sql (created under search_path, NULL:
 * the current one) whose columns are named col_names[0..ncols) (NULL: the query's own),
 * as pg_get_viewdef(view, pretty) prints it, malloc'd into *out.  rename (NULL: none) is
 * applied to the names printed.  SS_ERROR with the error on ctx (0A000 for a form this
 * deparser does not print). */
int ss_deparse_view(ss_ctx *ctx, ss_catalog *c, const char *sql, const char *search_path, uint32_t ncols,
                    const char *const *col_names, bool pretty, const ss_deparse_rename *rename, char **out);

/* The same of materialized view t (its stored statement). */
int ss_deparse_matview(ss_ctx *ctx, ss_catalog *c, const ss_table *t, bool pretty, char **out);

/* pg_get_viewdef of the view or materialized view named ref (as text: "v" or "s.v",
 * resolved on the search path): *out malloc'd, or NULL when ref names a table. 42P01 when
 * nothing of that name exists. */
int ss_viewdef_by_name(ss_ctx *ctx, ss_catalog *c, const char *ref, bool pretty, char **out);
/* The same of a view of the catalog. */
int ss_viewdef_of_view(ss_ctx *ctx, ss_catalog *c, const ss_view *v, bool pretty, char **out);

/* Expression e over one relation's columns names[0..ncols) of types types, printed as
 * pg_get_expr(..., pretty) prints a column default or a CHECK's expression (columns
 * unqualified, printed as print_names[i], NULL: names); target (NULL: none) is the type a
 * default is coerced to. *out malloc'd; SS_ERROR (0A000 for a form this deparser does not
 * print) with the error on ctx (deparse_expr.c). */
struct ast_expr;
int ss_deparse_rel_expr(ss_ctx *ctx, ss_catalog *c, const struct ast_expr *e, uint32_t ncols,
                        const char *const *names, const char *const *print_names, const ss_type *types,
                        const ss_type *target, char **out);

/* The same printed as pg_get_constraintdef(oid) (not pretty: every operator parenthesized)
 * prints a CHECK's expression, for information_schema.check_constraints. */
int ss_deparse_rel_expr_plain(ss_ctx *ctx, ss_catalog *c, const struct ast_expr *e, uint32_t ncols,
                              const char *const *names, const char *const *print_names, const ss_type *types,
                              char **out);

/* pg_get_viewdef(text [, bool]) (func_viewdef.c; registered in types/functions.c) */
struct ss_vector;
int ss_fn_pg_get_viewdef(ss_ctx *ctx, struct ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                         struct ss_vector *out);

#endif
