/* rowtype_deps.h — the columns that use a relation's row type (CREATE TABLE q (x p), x p[]),
 * PostgreSQL's dependencies of a column on a composite type: DROP of the relation refuses
 * them or drops the columns (views.c), ALTER TABLE of it refuses what would change the type
 * under them (alter_table.c).  Private to core/catalog/. */
#ifndef SS_CATALOG_ROWTYPE_DEPS_H
#define SS_CATALOG_ROWTYPE_DEPS_H

#include "catalog/catalog.h"
#include "sql/ast.h"

typedef struct ss_rowtype_use {
    ss_table *table;
    char column[64]; /* the column's name (positions move when columns are dropped) */
    bool array;      /* its type is t[] */
} ss_rowtype_use;

/* The columns of the visible tables of c whose type is the row type of relation name in
 * schema ns, or an array of it, in creation order; *out malloc'd (NULL when *n is 0). */
int ss_rowtype_uses(ss_ctx *ctx, const ss_catalog *c, const void *ns, const char *name, ss_rowtype_use **out,
                    uint32_t *n);
/* "column x of table q" into buf. */
const char *ss_rowtype_use_name(const ss_catalog *c, const ss_rowtype_use *u, char *buf, size_t bufsz);
/* ALTER TABLE t whose subcommand kind (ast.h's ast_alter_kind) would change t's row type
 * while a column uses it: PostgreSQL's 0A000 for ALTER COLUMN TYPE and for ADD COLUMN added
 * with a default (a rewrite of t), 0A000 naming what is not supported for the others; SS_OK
 * when nothing uses it, or when the statement's only subcommand (single) is ADD / DROP /
 * RENAME COLUMN and the using columns (t or t[]) are of tables whose own row type no column
 * uses: ss_rowtype_follow then carries the change to them. */
int ss_rowtype_check_alter(ss_ctx *ctx, const ss_catalog *c, const ss_table *t, int kind, bool single,
                           const ast_column_def *added);
/* After ALTER TABLE t's subcommand kind (t had old_ncols columns old_cols before it): each
 * column using t's row type is altered to the new row type, its values rebuilt with the
 * new layout (an added field NULL, a dropped one gone, a renamed one kept; NULL stays
 * NULL), as PostgreSQL's composite values read after such a change. */
int ss_rowtype_follow(ss_ctx *ctx, ss_catalog *c, ss_table *t, int kind, uint32_t old_ncols,
                      const ss_column_def *old_cols);
/* DROP ... CASCADE: the column u goes (ALTER TABLE ... DROP COLUMN in the same transaction). */
int ss_rowtype_drop_use(ss_ctx *ctx, ss_catalog *c, const ss_rowtype_use *u);

#endif
