/* array_srf.c — generate_subscripts(array, dim [, reverse]): the rows of one call, the
 * subscripts of one dimension between its lower and upper bound, handed to the function
 * scan's emit callback (PostgreSQL's generate_subscripts). */
#include "types/array/array_srf.h"

#include <string.h>

#include "types/array/array.h"

int arr_srf_generate_subscripts(ss_ctx *ctx, const char *function, const ss_value *args, uint32_t nargs,
                                ss_srf_emit_fn emit, void *arg)
{
    (void)ctx;
    (void)function;
    for (uint32_t k = 0; k < nargs; k++)
        if (args[k].is_null)
            return SS_OK; /* strict: no rows */
    ss_array a;
    arr_decode(&args[0].v.s, &a);
    int64_t dim = args[1].v.i;
    bool reverse = nargs > 2 && args[2].v.b;
    if (dim < 1 || dim > a.ndims)
        return SS_OK;
    int64_t lo = a.lbound[dim - 1], hi = lo + a.dims[dim - 1] - 1;
    ss_value col;
    memset(&col, 0, sizeof col);
    for (int64_t k = 0; k <= hi - lo; k++) {
        col.v.i = reverse ? hi - k : lo + k;
        if (emit(arg, &col) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}
