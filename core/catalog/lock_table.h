/* lock_table.h — LOCK TABLE: the table lock ALTER and DROP TABLE take, taken by a statement
 * for the rest of the transaction. */
#ifndef SS_CATALOG_LOCK_TABLE_H
#define SS_CATALOG_LOCK_TABLE_H

#include "catalog/catalog.h"
#include "sql/ast.h"

/* LOCK [TABLE] names [IN mode MODE] [NOWAIT] (AST_LOCK_TABLE): only in a transaction block
 * (25P01); each relation must be a table (42P01).  ACCESS EXCLUSIVE (the default) locks it
 * as ALTER TABLE does (catalog_txn.h); the seven other modes are entries of the table-lock
 * table (txn/txn_table_locks.h) with PostgreSQL's conflicts, among themselves and with the
 * statements' own locks (ROW EXCLUSIVE of writers, ROW SHARE of row lockers); waits as row
 * locks' (40P01, lock_timeout 55P03, cancel); NOWAIT gives 55P03 instead of waiting.  Views
 * and system relations are 0A000.  A transaction block's reads hold ACCESS SHARE (recorded
 * by the catalog's lookup, catalog_txn.c), which ACCESS EXCLUSIVE waits for. */
int ss_catalog_lock_stmt(ss_ctx *ctx, ss_catalog *c, const ast_stmt *st);

/* (LK) A statement's own lock of t in mode 2..7 for the rest of its transaction (CREATE
 * INDEX: SHARE), with LOCK TABLE's waits; nothing without a transaction or on a system table. */
int ss_table_lock_take(ss_ctx *ctx, ss_table *t, int mode);

/* (LK) A statement's table lock in mode (ROW EXCLUSIVE: INSERT / UPDATE / DELETE, ROW SHARE:
 * a row lock; ACCESS EXCLUSIVE: ALTER / DROP TABLE) against the LOCK TABLE locks of other
 * transactions on t: waits while one conflicts (40P01, lock_timeout 55P03, cancel).  Costs
 * one atomic read when no LOCK TABLE lock is held anywhere. */
int ss_table_lock_check(ss_ctx *ctx, const ss_table *t, int mode);

#endif
