/* alter_table.h — ALTER TABLE over the catalog (alter_table.c). */
#ifndef SS_CATALOG_ALTER_TABLE_H
#define SS_CATALOG_ALTER_TABLE_H

#include "catalog/catalog.h"
#include "sql/ast.h"

/* ALTER TABLE [IF EXISTS] st->table with st->alter_cmds, in ctx's transaction: the table's
 * exclusive lock, then each subcommand (all or nothing: a failure fails the transaction,
 * whose rollback undoes the subcommands done). */
int ss_catalog_alter_table(ss_ctx *ctx, ss_catalog *c, const ast_stmt *st);

#endif
