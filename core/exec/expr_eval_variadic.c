/* expr_eval_variadic.c — calls written f(..., VARIADIC arr) of a function whose trailing
 * arguments are variadic (concat, format, json_build_object, num_nulls, jsonb_extract_path,
 * ...): PostgreSQL passes the array, and the function takes its items as its variadic
 * arguments.  Here each row's items are spread into one-row argument vectors of the array's
 * element type and the function's own callback runs on them, row by row (arrays differ in
 * length from row to row). */
#include "exec/expr_eval_impl.h"
#include "types/array/array.h"

#include <stdlib.h>

/* One row: the fixed arguments' values at row i, then the items of the array a (NULL:
   none), through def's callback into out[i]. */
static int spread_row(ss_ctx *ctx, const ss_func_def *def, ss_vector *const *fixed, uint32_t nfixed, uint32_t i,
                      const ss_array *a, ss_type elem, ss_vector *out)
{
    uint32_t nitems = a ? a->nitems : 0, nargs = nfixed + nitems;
    ss_vector **vs = calloc(nargs ? nargs : 1, sizeof *vs);
    ss_vector *res = ss_vector_create(out->type, 1);
    int rc = vs && res ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    bool any_null = false;
    arr_iter it;
    if (a)
        arr_iter_init(&it, a);
    for (uint32_t k = 0; rc == SS_OK && k < nargs; k++) {
        ss_value v;
        if (k < nfixed)
            ss_vector_get_value(fixed[k], i, &v);
        else if (!arr_iter_next(&it, &v))
            v = (ss_value){.is_null = true};
        if (!(vs[k] = ss_vector_create(k < nfixed ? fixed[k]->type : elem, 1)))
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        else
            rc = ss_vector_set_value(ctx, vs[k], 0, &v);
        any_null |= v.is_null;
    }
    if (rc == SS_OK) {
        ss_value r = {.is_null = true};
        if (!(def->strict && any_null) && (rc = def->eval(ctx, vs, nargs, NULL, 1, res)) == SS_OK)
            ss_vector_get_value(res, 0, &r);
        if (rc == SS_OK)
            rc = ss_vector_set_value(ctx, out, i, &r);
    }
    for (uint32_t k = 0; vs && k < nargs; k++)
        if (vs[k])
            ss_vector_destroy(vs[k]);
    free(vs);
    if (res)
        ss_vector_destroy(res);
    return rc;
}

int ev_func_variadic(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
                     ss_vector *out)
{
    const ss_func_def *def = e->u.func.def;
    uint32_t nargs = e->u.func.nargs;
    if (!def || !def->eval || nargs == 0 || !ss_type_is_array(e->u.func.args[nargs - 1]->type.id))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "VARIADIC call without an array");
    ss_type elem = {ss_type_element_of(e->u.func.args[nargs - 1]->type.id), -1};
    ev_operand *ops = calloc(nargs, sizeof *ops);
    ss_vector **vs = calloc(nargs, sizeof *vs);
    int rc = ops && vs ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t done = 0;
    for (; rc == SS_OK && done < nargs; done++) {
        rc = ev_operand_eval(ctx, e->u.func.args[done], in, sel, n, &ops[done]);
        vs[done] = ops[done].v;
    }
    SS_FOR_ROWS(sel, n, i, {
        if (rc != SS_OK)
            break;
        ss_value arr;
        ss_vector_get_value(vs[nargs - 1], i, &arr);
        ss_array a;
        if (!arr.is_null)
            arr_decode(&arr.v.s, &a);
        if (arr.is_null && e->u.func.variadic == SS_FUNC_VARIADIC_NULL_IS_NULL) {
            rc = ss_vector_set_value(ctx, out, i, &arr);
            continue;
        }
        rc = spread_row(ctx, def, vs, nargs - 1, i, arr.is_null ? NULL : &a, elem, out);
    });
    for (uint32_t k = 0; ops && k < done; k++)
        ev_operand_release(&ops[k]);
    free(ops);
    free(vs);
    return rc;
}
