/* run_schema.h — running CREATE SCHEMA with its schema elements. */
#ifndef SS_API_RUN_SCHEMA_H
#define SS_API_RUN_SCHEMA_H

#include "api/statement.h"

/* CREATE SCHEMA (AST_CREATE_SCHEMA): the schema (schema_ddl.c), then each of its elements
 * bound and run as a statement of its own, with the new schema first on the search path (as
 * PostgreSQL's override path), in the same transaction: a failing element fails the whole
 * statement.  The tag is CREATE SCHEMA. */
int ss_run_create_schema(sunstone_stmt *st);

#endif
