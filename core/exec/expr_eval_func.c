/* expr_eval_func.c — calls of built-in scalar functions: arguments are evaluated at the
 * current rows, NULLs are handled here for strict functions, then the function's vectorised
 * callback runs once over the remaining rows. */
#include "exec/expr_eval_impl.h"

#include <stdlib.h>

#define LOCAL_ARGS 4

int ev_func(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
            ss_vector *out)
{
    if (e->u.func.variadic)
        return ev_func_variadic(ctx, e, in, sel, n, out);
    const ss_func_def *def = e->u.func.def;
    uint32_t nargs = e->u.func.nargs;
    if (!def || !def->eval)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "function call without definition");
    if (def->variadic_any ? nargs < def->nargs : nargs != def->nargs)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "wrong number of arguments for %s()",
                            def->name);
    /* SS_TYPE_INVALID: polymorphic, the call's own type (array functions) */
    if (def->result != SS_TYPE_INVALID && !ev_same_layout(out->type.id, def->result))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "result type of %s() does not match",
                            def->name);
    ev_operand local_ops[LOCAL_ARGS];
    ss_vector *local_vs[LOCAL_ARGS];
    ev_operand *ops = nargs <= LOCAL_ARGS ? local_ops : calloc(nargs, sizeof *ops);
    ss_vector **vs = nargs <= LOCAL_ARGS ? local_vs : calloc(nargs, sizeof *vs);
    int rc = SS_OK;
    uint32_t done = 0;
    if (!ops || !vs) {
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    } else {
        for (; done < nargs; done++) {
            const ss_expr *arg = e->u.func.args[done];
            if (!def->variadic_any && def->args[done] != SS_FUNC_ANY && !ev_same_layout(arg->type.id, def->args[done])) {
                ops[done] = (ev_operand){0};
                rc = ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                  "argument %u of %s() has the wrong type", done + 1, def->name);
                done++;
                break;
            }
            rc = ev_operand_eval(ctx, arg, in, sel, n, &ops[done]);
            vs[done] = ops[done].v;
            if (rc != SS_OK) {
                done++;
                break;
            }
        }
    }
    if (rc == SS_OK) {
        if (def->strict) {
            ev_rows rows;
            rc = ev_nonnull_rows(ctx, sel, n, vs, nargs, out, &rows);
            if (rc == SS_OK && rows.n > 0)
                rc = def->eval(ctx, vs, nargs, rows.sel, rows.n, out);
            ev_rows_free(&rows);
        } else {
            rc = def->eval(ctx, vs, nargs, sel, n, out);
        }
    }
    for (uint32_t k = 0; ops && k < done; k++)
        ev_operand_release(&ops[k]);
    if (ops != local_ops)
        free(ops);
    if (vs != local_vs)
        free(vs);
    return rc;
}
