/* schema_ddl.h — CREATE SCHEMA, DROP SCHEMA and ALTER SCHEMA ... RENAME TO (schema_ddl.c),
 * in ctx's transaction; notices (skipping, drop cascades to ...) go to ctx's sink. */
#ifndef SS_CATALOG_SCHEMA_DDL_H
#define SS_CATALOG_SCHEMA_DDL_H

#include "catalog/catalog.h"

/* 42P06 when it exists (a NOTICE with if_not_exists), 42939 for a pg_ name. */
int ss_schema_create(ss_ctx *ctx, ss_catalog *c, const char *name, bool if_not_exists);
/* 3F000 for a missing name (a NOTICE with missing_ok); what a schema holds refused (2BP01
 * with PostgreSQL's DETAIL and HINT) or, with cascade, dropped with it. */
int ss_schema_drop(ss_ctx *ctx, ss_catalog *c, const char *const *names, uint32_t n, bool missing_ok, bool cascade);
/* 3F000 when name is missing, 42P06 when new_name exists. */
int ss_schema_rename(ss_ctx *ctx, ss_catalog *c, const char *name, const char *new_name);

#endif
