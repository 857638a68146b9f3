/* func_count_nulls.c — num_nulls(VARIADIC "any") and num_nonnulls(VARIADIC "any"): how many
 * of a row's arguments are NULL / not NULL (never NULL themselves). */
#include "types/func_impl.h"

static int count_nulls(ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n, ss_vector *out,
                       bool nulls)
{
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        int32_t c = 0;
        for (uint32_t k = 0; k < nargs; k++)
            c += ss_vector_is_null(args[k], i) == nulls;
        r[i] = c;
    });
    return SS_OK;
}

SS_FN_DEFINE(ss_fn_num_nulls, count_nulls(args, nargs, rows, n, out, true))
SS_FN_DEFINE(ss_fn_num_nonnulls, count_nulls(args, nargs, rows, n, out, false))
