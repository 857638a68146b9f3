/* type_ddl.h — user-defined types of a database: CREATE TYPE ... AS ENUM, ALTER TYPE, DROP
 * TYPE with PostgreSQL's checks and messages, and the resolution of a type's name by the
 * search path.  The types themselves live in the process-wide enum registry
 * (types/enum/enum.h), owned by the database's catalog. */
#ifndef SS_CATALOG_TYPE_DDL_H
#define SS_CATALOG_TYPE_DDL_H

#include "catalog/catalog.h"
#include "sql/ast.h"

struct ss_enum_type;

/* The enum type schema.name (schema NULL: by the search path) of c, or NULL; *schema_missing
 * (may be NULL) is set when the schema named does not exist. */
struct ss_enum_type *ss_type_find_enum(const ss_catalog *c, const char *schema, const char *name,
                                       bool *schema_missing);
/* CREATE TABLE / VIEW rel in schema ns where an enum type has that name: PostgreSQL's 42710
 * (the relation's row type would take the name) with its HINT; SS_OK when there is none. */
struct ss_schema;
int ss_type_relation_conflict(ss_ctx *ctx, const ss_catalog *c, const struct ss_schema *ns, const char *rel);
/* The columns using e or e[] (rowtype_deps.h's uses: those of e[] first), *out malloc'd. */
struct ss_rowtype_use;
int ss_type_enum_uses(ss_ctx *ctx, ss_catalog *c, const struct ss_enum_type *e, struct ss_rowtype_use **out,
                      uint32_t *n);
/* DROP SCHEMA ... CASCADE of e's schema: the columns using e dropped, then e (undone by a
 * ROLLBACK of ctx's transaction). */
int ss_type_drop_enum_cascade(ss_ctx *ctx, ss_catalog *c, struct ss_enum_type *e);
/* Runs a CREATE TYPE, ALTER TYPE or DROP TYPE statement; NOTICEs go to notice(arg, text). */
int ss_type_ddl_run(ss_ctx *ctx, ss_catalog *c, const ast_stmt *a, void (*notice)(void *arg, const char *text),
                    void *arg);

#endif
