/* expr_text.h — bound expressions printed as PostgreSQL prints them (expr_text.c). */
#ifndef SS_EXEC_EXPR_TEXT_H
#define SS_EXEC_EXPR_TEXT_H

#include "exec/expr.h"
#include "util/strbuf.h"

/* The name of column index of the relation printed (NULL: not printable). */
typedef const char *(*ss_expr_col_name)(const void *arg, uint32_t index);

/* Appends e to sb, columns of relation rel named by name(arg, index) (columns of other
 * relations make it fail): pretty false is ruleutils' plain form (EXPLAIN, pg_indexes),
 * true its PRETTY_PAREN form (\d).  false for a form this printer does not know or out of
 * memory (sb then holds a part). */
bool ss_expr_sql(ss_strbuf *sb, const ss_expr *e, uint32_t rel, ss_expr_col_name name, const void *arg, bool pretty);

/* Whether ss_expr_sql prints e as a function call (ruleutils' looks_like_function), not an
 * operator. */
bool ss_expr_sql_is_call(const ss_expr *e);

#endif
