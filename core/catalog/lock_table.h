/* lock_table.h — LOCK TABLE: the table lock ALTER and DROP TABLE take, taken by a statement
 * for the rest of the transaction. */
#ifndef SS_CATALOG_LOCK_TABLE_H
#define SS_CATALOG_LOCK_TABLE_H

#include "catalog/catalog.h"
#include "sql/ast.h"

/* LOCK [TABLE] names [IN mode MODE] [NOWAIT] (AST_LOCK_TABLE): only in a transaction block
 * (25P01); each relation must be a table (42P01).  ACCESS EXCLUSIVE (the default) locks it
 * as ALTER TABLE does (catalog_txn.h); ACCESS SHARE, ROW SHARE and ROW EXCLUSIVE wait for
 * that lock's holder and then make ALTER / DROP TABLE wait for the transaction, as a writer
 * of the table; NOWAIT gives 55P03 instead of waiting.  SHARE UPDATE EXCLUSIVE, SHARE, SHARE
 * ROW EXCLUSIVE and EXCLUSIVE are 0A000 (they would need a lock that lets readers in but
 * not writers), views and system relations too. */
int ss_catalog_lock_stmt(ss_ctx *ctx, ss_catalog *c, const ast_stmt *st);

#endif
