/* functions.h — the built-in scalar functions: their definitions (struct ss_func_def, as
 * forward-declared by exec/expr.h), PostgreSQL-style overload resolution, and the contract of
 * the vectorised evaluation callbacks. */
#ifndef SS_TYPES_FUNCTIONS_H
#define SS_TYPES_FUNCTIONS_H

#include "exec/context.h"

#define SS_FUNC_MAX_ARGS 7

/* A parameter type of ss_func_def.args that accepts a value of any type as it is
 * (PostgreSQL's "any", its OID): pg_typeof, to_json (anyelement there). */
#define SS_FUNC_ANY 2276

/* Evaluates the function at rows[0..n) (rows NULL: positions 0..n-1) of the argument
 * vectors, writing results at the same positions of out (whose type is the function's
 * result type).  Those rows are valid in out on entry; a function that returns NULL marks
 * the row with ss_vector_ensure_validity + ss_vector_set_null.  For a strict function the
 * evaluator passes only rows where no argument is NULL (and marks the others NULL itself);
 * a non-strict function gets every live row and handles NULL arguments.  Text results go
 * into out's string heap.  Returns SS_OK, or SS_ERROR after recording the error on ctx. */
typedef int (*ss_func_eval_fn)(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                               const uint32_t *rows, uint32_t n, ss_vector *out);

typedef struct ss_func_def {
    const char *name;               /* lower case, as the parser gives it */
    uint32_t nargs;                 /* arity; the minimum when variadic_any */
    bool variadic_any;              /* accepts nargs or more arguments of any type (but the
                                       leading ones whose args[i] is set) */
    bool strict;                    /* NULL argument -> NULL result, eval not called */
    int32_t args[SS_FUNC_MAX_ARGS]; /* parameter type ids (typmod -1) */
    int32_t result;                 /* result type id (typmod -1) */
    ss_func_eval_fn eval;
    bool is_volatile;               /* never folded: a new value per row (random), per
                                       statement (now()) or a side effect (setseed) */
} ss_func_def;

/* Picks the function `name` (case-insensitive) for arguments of types argtypes[0..nargs):
 * an exact match first, else PostgreSQL's rules over the candidates every argument reaches
 * by implicit casts (most exact matches, then preferred types at converted positions, then
 * unknown literals resolved by type category, preferring strings).  On success stores the
 * definition, the type each argument must be cast to (param_types[0..nargs)) and the result
 * type, and returns SS_OK.  Returns SS_ERROR without recording anything when no function
 * matches (the binder reports 42883), SS_FUNC_AMBIGUOUS when several remain (42725). */
#define SS_FUNC_AMBIGUOUS 2
int ss_func_resolve(const char *name, uint32_t nargs, const ss_type *argtypes,
                    const ss_func_def **def, ss_type *param_types, ss_type *result);

/* The definitions behind conditional syntax (func_conditional.c), non-strict calls over
 * arguments already converted to one type: IS [NOT] DISTINCT FROM (two arguments, bool),
 * NULLIF (two, the type of the first), GREATEST / LEAST (any number, their type).  NULL when
 * the type has none. */
typedef enum ss_cond_kind {
    SS_COND_DISTINCT = 1,
    SS_COND_NOT_DISTINCT,
    SS_COND_NULLIF,
    SS_COND_GREATEST,
    SS_COND_LEAST
} ss_cond_kind;
const ss_func_def *ss_func_conditional(ss_cond_kind kind, int32_t type);
/* NULLIF, GREATEST and LEAST of a type created at run time (an enum), into out[0..3). */
void ss_func_conditional_defs(int32_t type, ss_func_def out[3]);

/* Whether a built-in overload of name with nargs arguments has type at argument i. */
bool ss_func_has_arg_type(const char *name, uint32_t nargs, uint32_t i, int32_t type);

/* The same resolution for an operator (PostgreSQL's oper_select_candidate) over the catalog
 * types' operators (type_def.h) and the built-in types' ones, after binary_oper_exact's rule
 * that an unknown operand of a binary operator is first tried as the other operand's type.
 * A built-in type's operator comes back with eval NULL: the binder makes it an EXPR_OP. */
int ss_oper_resolve(const char *name, uint32_t nargs, const ss_type *argtypes,
                    const ss_func_def **def, ss_type *param_types, ss_type *result);

/* PostgreSQL's typcategory and typispreferred of a type (catalog types answer from their
 * descriptor; 'X' for a type without one). */
char ss_type_category(int32_t id);
bool ss_type_preferred(int32_t id);

/* The columns of SELECT * FROM a sequence (func_sequence.c): 0 last_value, 1 log_cnt,
 * 2 is_called, each a volatile function of the sequence's name (text). */
const ss_func_def *ss_func_sequence_column(int which);

/* pg_column_size(any) of a value read from a table column: PostgreSQL's packed datum, a
 * 1-byte header for short varlena values (func_column_size.c; the binder chooses it). */
extern const ss_func_def ss_column_size_stored_def;
/* The same size of one non-NULL value of type t as PostgreSQL stores it in a table row (a
 * short varlena's 1-byte header; no TOAST compression), -1 for a type whose on-disk form is not
 * modelled (ANALYZE's avg_width, core/stats). */
int32_t ss_value_stored_size(ss_ctx *ctx, ss_type t, const ss_value *v);

/* Whether any built-in function has this name (for the binder's messages). */
bool ss_func_name_exists(const char *name);

/* Iterates i over rows[0..n) (or 0..n-1 when rows is NULL) running the statements given. */
#define SS_FOR_ROWS(rows, n, i, ...)                                                        \
    do {                                                                                   \
        const uint32_t *rows_ = (rows);                                                    \
        uint32_t n_ = (n);                                                                 \
        if (rows_) {                                                                       \
            for (uint32_t k_ = 0; k_ < n_; k_++) {                                         \
                const uint32_t i = rows_[k_];                                              \
                __VA_ARGS__                                                                \
            }                                                                              \
        } else {                                                                           \
            for (uint32_t i = 0; i < n_; i++) {                                            \
                __VA_ARGS__                                                                \
            }                                                                              \
        }                                                                                  \
    } while (0)

#endif
