/* run_modify.h — UPDATE, DELETE and TRUNCATE (run_modify.c, run_truncate.c). */
#ifndef SS_API_RUN_MODIFY_H
#define SS_API_RUN_MODIFY_H

#include "api/statement.h"

/* AST_UPDATE / AST_DELETE: the bound query's rows changed; tag "UPDATE n" / "DELETE n". */
int ss_run_modify(sunstone_stmt *st);
/* AST_TRUNCATE: every version of each table deleted by the transaction; tag "TRUNCATE TABLE". */
int ss_run_truncate(sunstone_stmt *st);

/* EXPLAIN UPDATE / DELETE: "Update on t" / "Delete on t" above the lines of the query
 * that finds the rows (lines[0..n) replaced, in the statement's arena). */
int ss_modify_explain(sunstone_stmt *st, char ***lines, uint32_t *n);
/* Deletes every version of t the statement's snapshot sees, with run_modify.c's row locks
 * (TRUNCATE). */
int ss_modify_delete_all(sunstone_stmt *st, ss_table *t);
#endif
