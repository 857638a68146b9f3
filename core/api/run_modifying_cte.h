/* run_modifying_cte.h — running a statement's data-modifying WITH queries
 * (run_modifying_cte.c). */
#ifndef SS_API_RUN_MODIFYING_CTE_H
#define SS_API_RUN_MODIFYING_CTE_H

#include "api/statement.h"

/* Runs st (whose binding has data-modifying WITH queries) with them: each exactly once and
 * to completion, with st's snapshot and command, its RETURNING rows kept as the worktable
 * the statement's queries read it by; main runs st itself.  The rows live until st stops. */
int ss_modifying_ctes_run(sunstone_stmt *st, int (*main)(sunstone_stmt *));
/* EXPLAIN (without ANALYZE, which is 0A000) of such a statement: after the listing's top
 * line, each data-modifying WITH query as PostgreSQL shows it, "CTE name" over "Insert on t"
 * / "Update on t" / "Delete on t" over the plan of its query. */
int ss_modifying_ctes_explain(sunstone_stmt *st, char ***lines, uint32_t *n);
/* Frees what the last run kept (ss_stmt_stop). */
void ss_modifying_ctes_free(sunstone_stmt *st);

#endif
