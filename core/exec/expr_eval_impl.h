/* expr_eval_impl.h — private interface between the files of the vectorised expression
 * evaluator (expr_eval*.c): the recursive node evaluator, operands, NULL splitting and the
 * per-kind evaluators.
 *
 * Rows: every evaluator works on a row set (sel, n): positions sel[0..n), increasing and
 * < in->count, or 0..n-1 when sel is NULL.  It writes the node's value at exactly those
 * positions of out and nowhere else.  Entry invariant: those rows are valid in out (out is
 * fresh or reset, or the rows were never written before); an evaluator marks NULL rows with
 * ss_vector_set_null and only has to mark a row valid again if it marked it NULL itself.
 * Text results point into out's string heap, or at bytes that outlive the batch (input
 * columns, constants in the plan arena, bound parameters). */
#ifndef SS_EXEC_EXPR_EVAL_IMPL_H
#define SS_EXEC_EXPR_EVAL_IMPL_H

#include "exec/expr.h"
#include "exec/vector.h"
#include "types/functions.h" /* SS_FOR_ROWS */

/* Evaluates e at (sel, n) into out (e's type).  expr_eval.c */
int ev_node(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
            ss_vector *out);

/* A child's value at the current rows: an input column used in place, or a temporary. */
typedef struct ev_operand {
    ss_vector *v;
    bool owned; /* a temporary to destroy */
} ev_operand;

/* expr_eval_rows.c */
int ev_operand_eval(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                    uint32_t n, ev_operand *op);
void ev_operand_release(ev_operand *op);
/* A fresh vector of type t able to hold any row of in; records OOM on failure. */
ss_vector *ev_temp(ss_ctx *ctx, ss_type t, const ss_batch *in);

/* The rows of (sel, n) where none of vs[0..nv) is NULL.  The other rows are marked NULL in
 * out.  rows->sel is sel itself when no input has NULLs, else rows->buf (malloc'd). */
typedef struct ev_rows {
    const uint32_t *sel;
    uint32_t n;
    uint32_t *buf;
} ev_rows;

int ev_nonnull_rows(ss_ctx *ctx, const uint32_t *sel, uint32_t n, ss_vector *const *vs,
                    uint32_t nv, ss_vector *out, ev_rows *rows);
void ev_rows_free(ev_rows *rows);
/* A malloc'd copy of the row set as an explicit position list (n entries, at least 1). */
uint32_t *ev_rows_copy(ss_ctx *ctx, const uint32_t *sel, uint32_t n);

/* Whether vectors of these two types share a physical layout. */
static inline bool ev_same_layout(int32_t a, int32_t b)
{
    return a == b || (ss_type_is_text(a) && ss_type_is_text(b));
}

/* Leaves (same contract as ev_node).  expr_eval_leaf.c */
int ev_broadcast(ss_ctx *ctx, const ss_value *val, const uint32_t *sel, uint32_t n,
                 ss_vector *out); /* one value (or NULL) at every row; out's type */
int ev_param(ss_ctx *ctx, const ss_expr *e, const uint32_t *sel, uint32_t n, ss_vector *out);
int ev_column(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
              uint32_t n, ss_vector *out);

/* Per-kind evaluators (same contract as ev_node). */
int ev_arith(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
             ss_vector *out); /* expr_eval_arith.c: + - * / % unary -, || */
int ev_compare(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
               uint32_t n, ss_vector *out); /* expr_eval_compare.c */
int ev_logic(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
             ss_vector *out); /* expr_eval_logic.c: AND OR NOT IS [NOT] NULL */
int ev_case(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
            ss_vector *out); /* expr_eval_case.c */
int ev_cast(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
            ss_vector *out); /* expr_eval_cast.c */
int ev_func(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
            ss_vector *out); /* expr_eval_func.c */

#endif
