/* func_volatility.h — PostgreSQL's volatility classes (pg_proc.provolatile) of the built-in
 * functions, operators and casts, from the data gen_func_volatility.sh takes from
 * PostgreSQL 15.  The constant folder folds only immutable calls; DDL that requires an
 * immutable expression (generation expressions, index expressions) refuses the others. */
#ifndef SS_TYPES_FUNC_VOLATILITY_H
#define SS_TYPES_FUNC_VOLATILITY_H

#include "types/functions.h"

/* Ordered: the class of an expression is the greatest of its parts'. */
typedef enum ss_volatility {
    SS_IMMUTABLE = 0, /* same result for the same arguments, forever: folded at bind time */
    SS_STABLE = 1,    /* same result within a statement (settings such as TimeZone, the
                         statement's snapshot, now()): computed when the statement runs */
    SS_VOLATILE = 2   /* a new value per call (random(), nextval()) or a side effect */
} ss_volatility;

/* The class of a function or operator definition: PostgreSQL's provolatile of the built-in
 * of the same name whose argument types match def's best (an operator, a name not starting
 * with a letter, by pg_operator's function); when none matches, the greatest class among the
 * same-named built-ins with as many arguments (or of any arity); SS_IMMUTABLE for a name
 * PostgreSQL does not have.  A definition marked is_volatile is never immutable: SS_STABLE
 * when its PostgreSQL signature is stable (now(), age(timestamp)), else SS_VOLATILE. */
ss_volatility ss_func_volatility(const ss_func_def *def);

/* The class of the cast from type `from` to type `to` (PostgreSQL's coercion pathway):
 * its pg_cast function's, immutable for a binary-coercible cast, and for a conversion
 * through text (pg_cast's 'i' method, or any cast to or from a string type without a
 * pg_cast entry) the greater of from's output and to's input function (stable for a type
 * PostgreSQL 15 does not have built in, as enum_in, record_in and domain_in are); arrays
 * by their elements. */
ss_volatility ss_cast_volatility(int32_t from, int32_t to);

#endif
