/* expr_eval_impl.h — private interface between the files of the vectorised expression
 * evaluator (expr_eval*.c): the recursive node evaluator, operands (vectors or one value
 * for every row), pooled scratch memory, NULL splitting and the per-kind evaluators.
 *
 * Rows: every evaluator works on a row set (sel, n): positions sel[0..n), increasing and
 * < in->count, or 0..n-1 when sel is NULL.  It writes the node's value at exactly those
 * positions of out and nowhere else.  Entry invariant: those rows are valid in out (out is
 * fresh or reset, or the rows were never written before); an evaluator marks NULL rows with
 * ss_vector_set_null and only has to mark a row valid again if it marked it NULL itself.
 * Data at positions outside the row set is unspecified (temporaries are reused), so no
 * evaluator reads a row it was not asked about.
 * Text results point into out's string heap, or at bytes that outlive the batch (input
 * columns, constants in the plan arena, bound parameters). */
#ifndef SS_EXEC_EXPR_EVAL_IMPL_H
#define SS_EXEC_EXPR_EVAL_IMPL_H

/* The kernels are written as plain typed loops without early exits so that GCC can
   vectorise them; at -O2 its default "very cheap" cost model refuses any loop whose trip
   count is not a known multiple of the vector width, so core/CMakeLists.txt compiles the
   evaluator's files with -fvect-cost-model=dynamic. */

/* Dense kernels whose loops vectorise well also get an AVX2 copy on x86-64 (the build
   targets the baseline ISA); the dynamic loader picks one for the running CPU.  Sanitizer
   builds keep the single baseline copy, as does -DEV_NO_SIMD_CLONES (to test it). */
#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && defined(__OPTIMIZE__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(EV_NO_SIMD_CLONES)
#define EV_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define EV_SIMD_CLONES
#endif

#include "exec/expr.h"
#include "exec/vector.h"
#include "types/functions.h" /* SS_FOR_ROWS */
#include "types/registry.h"

/* Evaluates e at (sel, n) into out (e's type).  expr_eval.c */
int ev_node(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
            ss_vector *out);

/* ---- scratch memory (expr_eval_rows.c) ------------------------------------------------
 * Temporaries and row lists are taken from a small process-wide pool of vectors that can
 * hold SS_BATCH_CAPACITY elements of any type, so evaluating a batch allocates nothing in
 * the steady state; the pool keeps at most a fixed number of vectors (memory is bounded
 * whatever the number of batches or statements).  Larger batches get exact-size vectors
 * that are freed on release. */

/* A fresh vector of type t able to hold any row of in; records OOM on failure.  Give it
   back with ev_temp_release. */
ss_vector *ev_temp(ss_ctx *ctx, ss_type t, const ss_batch *in);
void ev_temp_release(ss_vector *v);

/* A buffer of at least n row positions. */
typedef struct ev_buf {
    uint32_t *p;
    ss_vector *holder; /* pooled vector whose data is p, or NULL when p is malloc'd */
} ev_buf;

int ev_buf_get(ss_ctx *ctx, uint32_t n, ev_buf *b);
void ev_buf_release(ev_buf *b);

/* ---- operands (expr_eval_rows.c) ----------------------------------------------------- */

/* A child's value at the current rows: an input column used in place, a temporary, or (for
   children that do not depend on the row: constants, parameters, casts and arithmetic of
   those) one value shared by every row. */
typedef struct ev_operand {
    ss_vector *v;   /* the values by row; for a scalar, NULL or the 1-row temporary that
                       holds sv's text bytes */
    bool owned;     /* v is a temporary to release */
    bool scalar;    /* every row's value is sv (sv.is_null: every row is NULL) */
    ss_value sv;
} ev_operand;

/* Whether e's value is the same at every row (no columns, no functions). */
bool ev_rowless(const ss_expr *e);
/* The input vector an EXPR_COLUMN e reads (in's column, checked against e's type), or NULL
   with XX000 recorded on ctx. */
ss_vector *ev_input_column(ss_ctx *ctx, const ss_expr *e, const ss_batch *in);
/* Evaluates e as a vector operand (never scalar). */
int ev_operand_eval(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                    uint32_t n, ev_operand *op);
/* Like ev_operand_eval, but a row-independent e (ev_rowless) becomes a scalar operand,
   evaluated once.  Only for n > 0, as for ev_node. */
int ev_operand_eval_arg(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                        uint32_t n, bool allow_scalar, ev_operand *op);
void ev_operand_release(ev_operand *op);

/* Marks every row of (sel, n) NULL in out. */
int ev_set_all_null(ss_ctx *ctx, const uint32_t *sel, uint32_t n, ss_vector *out);

/* The rows of (sel, n) where none of vs[0..nv) is NULL (entries of vs may be NULL: no
 * vector).  The other rows are marked NULL in out unless out is NULL.  rows->sel is sel
 * itself when no input has NULLs, else rows->buf.p. */
typedef struct ev_rows {
    const uint32_t *sel;
    uint32_t n;
    ev_buf buf;
} ev_rows;

int ev_nonnull_rows(ss_ctx *ctx, const uint32_t *sel, uint32_t n, ss_vector *const *vs,
                    uint32_t nv, ss_vector *out, ev_rows *rows);
void ev_rows_free(ev_rows *rows);
/* A copy of the row set as an explicit position list (n entries) in b. */
int ev_rows_copy(ss_ctx *ctx, const uint32_t *sel, uint32_t n, ev_buf *b);

/* Whether vectors of these two types share a physical layout. */
static inline bool ev_same_layout(int32_t a, int32_t b)
{
    return a == b || (ss_type_is_text(a) && ss_type_is_text(b)) ||
           ss_type_physical(a) == ss_type_physical(b); /* float4 and float8, date and int4 */
}

/* Element i of an int2 / int4 / int8 vector. */
static inline int64_t ev_int_at(const ss_vector *v, uint32_t i)
{
    switch (v->type.id) {
    case SS_TYPE_INT2: return ((const int16_t *)v->data)[i];
    case SS_TYPE_INT4: return ((const int32_t *)v->data)[i];
    default: return ((const int64_t *)v->data)[i];
    }
}

/* Leaves (same contract as ev_node).  expr_eval_leaf.c */
int ev_broadcast(ss_ctx *ctx, const ss_value *val, const uint32_t *sel, uint32_t n,
                 ss_vector *out); /* one value (or NULL) at every row; out's type */
int ev_param(ss_ctx *ctx, const ss_expr *e, const uint32_t *sel, uint32_t n, ss_vector *out);
/* The bound value of a parameter node after the checks ev_param makes; NULL with the error
 * recorded on ctx. */
const ss_value *ev_param_value(ss_ctx *ctx, const ss_expr *e);
int ev_column(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
              uint32_t n, ss_vector *out);

/* Per-kind evaluators (same contract as ev_node). */
int ev_arith(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
             ss_vector *out); /* expr_eval_arith.c: + - * / % unary -, || */
int ev_compare(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
               uint32_t n, ss_vector *out); /* expr_eval_compare.c */
/* A comparison used as a filter: writes the rows of (sel, n) where e is true (not false,
   not NULL) to out_sel in row-set order and their number to *m.  out_sel may be sel
   itself.  expr_eval_compare.c */
int ev_compare_select(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                      uint32_t n, uint32_t *out_sel, uint32_t *m);
/* For a filter over a whole batch (no selection): the number of leading args that compare
   columns and constants only — they cannot fail, so they may be evaluated at every row —
   and their conjunction, written as the increasing list of rows where all are true.
   expr_eval_compare.c */
uint32_t ev_compare_plain_prefix(ss_expr *const *args, uint32_t nargs, const ss_batch *in);
int ev_compare_select_all(ss_ctx *ctx, ss_expr *const *args, uint32_t nargs,
                          const ss_batch *in, uint32_t *out_sel, uint32_t *m);
int ev_logic(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
             ss_vector *out); /* expr_eval_logic.c: AND OR NOT IS [NOT] NULL */
int ev_case(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
            ss_vector *out); /* expr_eval_case.c */
int ev_cast(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
            ss_vector *out); /* expr_eval_cast.c */
int ev_func(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
            ss_vector *out);
/* A call f(..., VARIADIC arr) (u.func.variadic; expr_eval_variadic.c). */
int ev_func_variadic(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
                     ss_vector *out); /* expr_eval_func.c */
/* numeric (expr_eval_numeric.c): rows are non-NULL, results go to the same rows of out. */
int ev_numeric_binary(ss_ctx *ctx, ss_expr_op op, const ev_operand *x, const ev_operand *y,
                      const uint32_t *rows, uint32_t n, ss_vector *out);
int ev_numeric_negate(ss_ctx *ctx, const ss_vector *a, const uint32_t *rows, uint32_t n,
                      ss_vector *out);
/* CAST(integer AS numeric) op small constant without building the cast's vector; *done
   false (nothing evaluated) when e is not of that shape */
int ev_numeric_int_const(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                         uint32_t n, ss_vector *out, bool *done);
/* a cast whose source or target is numeric */
int ev_numeric_cast(ss_ctx *ctx, const ss_vector *a, const uint32_t *rows, uint32_t n,
                    ss_type from, ss_type to, int mode, ss_vector *out);
int ev_in(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
          ss_vector *out); /* expr_eval_in.c: x [NOT] IN (constants) */

#endif
