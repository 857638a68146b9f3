/* type_def.h — the kernel's type catalog: one ss_type_def per catalog type (kernel-private).
 *
 * The built-in types bool, int2, int4, int8, float8, numeric, text, varchar and unknown keep
 * their hard-wired code (typeio.c, cast.c, functions.c, the evaluator's typed loops).  Every
 * other type is a catalog type: it lives in its own folder core/types/<type>/ and exports one
 * `const ss_type_def ss_<type>_type_def` (float4: float4_type.c), listed once in registry.c's
 * `catalog[]`.  The kernel reaches the type only through that descriptor:
 *
 *   names        ss_type_display_name / ss_type_internal_name / ss_type_lookup_name
 *                (typenames.c) and bind_type_name (bind_coerce.c, typmod_in)
 *   text I/O     ss_value_parse / ss_value_format (typeio.c): the binder's unknown-literal
 *                coercion, CAST from/to text, parameters and result output all use them
 *   physical     info->physical: a primitive type whose vector layout and natural order the
 *                type shares; ss_type_physical (registry.h) maps the id for the evaluator's
 *                typed loops and ops_layout_of (operators/common/type_layout.h) for modules
 *   functions    merged into ss_func_resolve's candidates (functions.c)
 *   operators    ss_func_def named by the symbol, resolved by ss_oper_resolve (functions.c)
 *                from bind_op (bind_oper.c) and evaluated as EXPR_FUNC (a comparison whose
 *                two parameter types share a physical type stays a vectorised EXPR_OP)
 *   casts        cast_level / ss_cast_value (cast.c), whichever folder lists them; the
 *                vectorised EXPR_CAST runs them per row (expr_eval_cast.c)
 *   categories   category / preferred feed func_select_candidate and select_common_type
 *
 * Adding a type: a folder core/types/<type>/ with a file for the descriptor, input and
 * output, one for operators, one for casts and one for functions as needed (float4_type.c,
 * float4_ops.c, float4_cast.c); one line in registry.c's catalog[] and one extern in registry.h.  CMake picks the
 * folder's sources up by its glob.  See core/types/float4/ for the worked example. */
#ifndef SS_TYPES_TYPE_DEF_H
#define SS_TYPES_TYPE_DEF_H

#include "exec/context.h"
#include "sunstone/typeinfo.h"
#include "types/functions.h"
#include "util/arena.h"
#include "util/strbuf.h"

/* Converts one non-NULL value `in` of type `from` to type `to` (typmod included) in context
 * mode (an ss_cast_mode).  Variable-length results go into arena (NULL: ctx's execution
 * arena, ss_ctx_alloc).  Returns SS_OK, or SS_ERROR after recording PostgreSQL's error. */
typedef int (*ss_cast_fn)(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                          ss_value *out, ss_arena *arena);

/* One row of pg_cast: a cast from `from` to `to` usable in `context` (CAST_IMPLICIT,
 * CAST_ASSIGNMENT or CAST_EXPLICIT, as pg_cast's castcontext i / a / e). */
typedef struct ss_cast_def {
    int32_t from, to;
    int context;
    ss_cast_fn fn;
} ss_cast_def;

typedef struct ss_type_def {
    /* the public description (layout, width, physical, callbacks); info->id is the type */
    const ss_type_info *info;
    /* pg_type.typname ("float4"): ss_type_internal_name and the "type modifier is not
       allowed for type" messages */
    const char *internal_name;
    /* format_type's name without a modifier ("real") */
    const char *display_name;
    /* NULL-terminated names ss_type_lookup_name accepts besides internal_name, as the parser
       delivers them (lower case; the grammar already maps REAL and FLOAT(p) to float4 /
       float8); NULL when none */
    const char *const *sql_names;
    /* pg_type.typcategory ('N' numeric, 'S' string, 'D' date/time, 'U' user ...) and
       typispreferred, for func_select_candidate and select_common_type */
    char category;
    bool preferred;
    /* typmod input: the parser's integer modifiers mods[0..nmods) to *typmod, or PostgreSQL's
       error (recorded on ctx, no position: the caller adds it).  NULL: modifiers are refused
       ("type modifier is not allowed for type"). */
    int (*typmod_in)(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod);
    /* the modifier's text for format_type ("(5)"), written to buf; NULL: the type never has
       one.  A type whose modifier sits inside its name ("timestamp(3) without time zone")
       writes the whole name and returns true; false means buf holds only the suffix. */
    bool (*typmod_out)(int32_t typmod, char *buf, size_t n);
    /* input function: s[0..len) (not NUL-terminated) to *out, for type t (its typmod is
       applied here when the input function does so in PostgreSQL); variable-length results go
       into arena (NULL: ss_ctx_alloc).  Errors as PostgreSQL (22P02, 22003, ...). */
    int (*input)(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena);
    /* output function: appends the text of a non-NULL value */
    void (*output)(ss_type t, const ss_value *v, ss_strbuf *out);
    /* length / precision coercion of a value of this type to typmod to.typmod (char(n)
       padding, timestamp(p) rounding), as the cast from the type to itself; NULL when the
       type has no modifier */
    ss_cast_fn coerce_typmod;
    /* what PostgreSQL's catalog lacks for the type: no btree / hash operator class (json:
       no equality or ordering, so GROUP BY, DISTINCT, ORDER BY, set operations over it are
       42883 even though its bytes can be carried), no min / max aggregate (json, jsonb,
       bytea, uuid) */
    bool no_ordering;
    bool no_minmax;
    /* The three tables below end with an all-zero entry (name NULL, from 0), so that each
       lives in its own file of the folder; NULL when the type has none. */
    /* functions taking or returning the type, merged into ss_func_resolve's candidates */
    const ss_func_def *functions;
    /* operators: ss_func_def whose name is the symbol ("+", "<", "@"), nargs 2 (binary) or
       1 (prefix) */
    const ss_func_def *operators;
    /* casts from or to the type (a cast between two catalog types is listed in one folder) */
    const ss_cast_def *casts;
} ss_type_def;

/* Comparison operators for ss_type_compare_rows. */
enum { SS_TYPE_CMP_EQ, SS_TYPE_CMP_NE, SS_TYPE_CMP_LT, SS_TYPE_CMP_LE, SS_TYPE_CMP_GT, SS_TYPE_CMP_GE };

/* The evaluation of a comparison operator of a catalog type (type_compare.c): out[i] =
 * compare(args[0][i], args[1][i]) op 0 at rows[0..n) (NULL: 0..n-1), where compare receives
 * pointers to the two elements in their vector layout (const ss_text * for variable-length
 * types) — typically the type's ss_type_info.compare.  A type's comparison ss_func_def evals
 * are one-line wrappers around it (float4_ops.c). */
int ss_type_compare_rows(ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                         int op, int (*compare)(const void *a, const void *b));

/* The six comparison evals PREFIX_eq .. PREFIX_ge (static) of a type over its compare
 * callback, and their entries "=" .. ">=" over (T, T) for the type's operator table. */
#define SS_TYPE_CMP_EVAL(NAME, OP, COMPARE)                                                \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                            \
    {                                                                                      \
        (void)ctx, (void)nargs;                                                            \
        return ss_type_compare_rows(args, rows, n, out, OP, COMPARE);                      \
    }
#define SS_TYPE_CMP_EVALS(PREFIX, COMPARE)                                                 \
    SS_TYPE_CMP_EVAL(PREFIX##_eq, SS_TYPE_CMP_EQ, COMPARE)                                 \
    SS_TYPE_CMP_EVAL(PREFIX##_ne, SS_TYPE_CMP_NE, COMPARE)                                 \
    SS_TYPE_CMP_EVAL(PREFIX##_lt, SS_TYPE_CMP_LT, COMPARE)                                 \
    SS_TYPE_CMP_EVAL(PREFIX##_le, SS_TYPE_CMP_LE, COMPARE)                                 \
    SS_TYPE_CMP_EVAL(PREFIX##_gt, SS_TYPE_CMP_GT, COMPARE)                                 \
    SS_TYPE_CMP_EVAL(PREFIX##_ge, SS_TYPE_CMP_GE, COMPARE)
#define SS_TYPE_CMP_OPERATOR(SYM, EVAL, T)                                                 \
    {.name = SYM, .nargs = 2, .strict = true, .args = {T, T}, .result = SS_TYPE_BOOL, .eval = EVAL}
#define SS_TYPE_CMP_OPERATORS(PREFIX, T)                                                   \
    SS_TYPE_CMP_OPERATOR("=", PREFIX##_eq, T), SS_TYPE_CMP_OPERATOR("<>", PREFIX##_ne, T),  \
        SS_TYPE_CMP_OPERATOR("<", PREFIX##_lt, T), SS_TYPE_CMP_OPERATOR("<=", PREFIX##_le, T), \
        SS_TYPE_CMP_OPERATOR(">", PREFIX##_gt, T), SS_TYPE_CMP_OPERATOR(">=", PREFIX##_ge, T)

/* eval, then NOT of its bool results at rows[0..n) (NULL: 0..n-1): NOT LIKE from LIKE. */
int ss_type_negated_rows(ss_func_eval_fn eval, ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                         const uint32_t *rows, uint32_t n, ss_vector *out);

/* The descriptor of catalog type id, or NULL for a built-in or unknown id. */
const ss_type_def *ss_type_def_get(int32_t id);
/* Every catalog type's descriptor: *n of them. */
const ss_type_def *const *ss_type_defs(uint32_t *n);
/* The catalog type whose internal name or one of whose SQL names is name (case-insensitive),
 * or NULL. */
const ss_type_def *ss_type_def_by_name(const char *name);
/* The cast from -> to listed by any catalog type, or NULL. */
const ss_cast_def *ss_type_def_cast(int32_t from, int32_t to);

#endif
