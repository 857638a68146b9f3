/* expr_volatility.h — the volatility class of a bound expression (PostgreSQL's
 * contain_mutable_functions / contain_volatile_functions): the greatest class of the
 * functions, operators and casts it calls.  DDL that needs an immutable expression
 * (generation expressions; index expressions and predicates) asks ss_expr_is_immutable. */
#ifndef SS_EXEC_EXPR_VOLATILITY_H
#define SS_EXEC_EXPR_VOLATILITY_H

#include "exec/expr.h"
#include "types/func_volatility.h"

/* The class of one call (EXPR_FUNC) e, not counting its arguments: its definition's
 * (ss_func_volatility), but for the built-ins PostgreSQL writes in SQL and inlines
 * before it looks at volatility (anytextcat / textanycat, the || of text and a non-text
 * value; quote_literal and quote_nullable of a non-text value): the class of their
 * argument's cast to text (immutable for int, stable for timestamptz). */
ss_volatility ss_call_volatility(const ss_expr *e);

/* The greatest class among e's function and operator calls (types/func_volatility.h) and
 * casts (ss_cast_volatility from the argument's type to the cast's); a sequence-parameter
 * assignment (EXPR_SET_PARAM) counts as volatile.  Subqueries are not looked into (the
 * callers refuse them first).  SS_IMMUTABLE for NULL. */
ss_volatility ss_expr_volatility(const ss_expr *e);

/* Whether e calls only immutable functions, operators and casts: PostgreSQL's test for
 * generation expressions (42P17 "generation expression is not immutable") and index
 * expressions and predicates (42P17 "functions in index expression must be marked
 * IMMUTABLE" / "functions in index predicate must be marked IMMUTABLE"). */
bool ss_expr_is_immutable(const ss_expr *e);

#endif
