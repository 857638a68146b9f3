/* generated_columns.h — the values of a table's GENERATED ALWAYS AS (...) STORED columns,
 * computed over each new row (INSERT, UPDATE, COPY, ON CONFLICT) before its checks. */
#ifndef SS_CATALOG_GENERATED_COLUMNS_H
#define SS_CATALOG_GENERATED_COLUMNS_H

#include "catalog/constraints.h"

/* Evaluates checks->gen_exprs over rows and writes each result into column gen_cols[i] of
 * every live row of rows (the row's other columns are read as they are). */
int ss_generated_fill(ss_ctx *ctx, const ss_bound_checks *checks, const ss_batch *rows);

#endif
