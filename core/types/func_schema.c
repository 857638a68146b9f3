/* func_schema.c — current_schema() and current_schemas(include_implicit) over the session's
 * search path as PostgreSQL's: the existing schemas only, current_schema NULL when none,
 * current_schemas(true) with pg_catalog first when the path does not place it. */
#include <string.h>

#include "catalog/catalog.h"
#include "catalog/namespace.h"
#include "types/func_impl.h"
#include "types/array/array.h"

#define MAX_SCHEMAS 64

int ss_fn_current_schema(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                         ss_vector *out)
{
    (void)args;
    (void)nargs;
    const char *names[1];
    uint32_t m = ctx->catalog ? ss_ns_current_schemas(ctx->catalog, false, names, 1) : 0;
    SS_FOR_ROWS(rows, n, i, {
        if (!m) {
            if (ss_vector_ensure_validity(ctx, out))
                return SS_ERROR;
            ss_vector_set_null(out, i);
        } else if (ss_vector_set_text(ctx, out, i, names[0], (uint32_t)strlen(names[0]))) {
            return SS_ERROR;
        }
    });
    return SS_OK;
}

int ss_fn_current_schemas(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                          ss_vector *out)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        if (ss_vector_is_null(args[0], i)) {
            if (ss_vector_ensure_validity(ctx, out))
                return SS_ERROR;
            ss_vector_set_null(out, i);
            continue;
        }
        bool implicit = ((const bool *)args[0]->data)[i];
        const char *names[MAX_SCHEMAS];
        uint32_t m = ctx->catalog ? ss_ns_current_schemas(ctx->catalog, implicit, names, MAX_SCHEMAS) : 0;
        ss_value items[MAX_SCHEMAS];
        for (uint32_t k = 0; k < m; k++) {
            items[k] = (ss_value){0};
            items[k].v.s = (ss_text){names[k], (uint32_t)strlen(names[k]), 0};
        }
        ss_text arr;
        if (arr_encode_1d(ctx, SS_TYPE_NAME, items, m, &arr) ||
            ss_vector_set_text(ctx, out, i, arr.ptr, arr.len))
            return SS_ERROR;
    });
    return SS_OK;
}
