/* func_viewdef.c — the SQL function pg_get_viewdef(text [, pretty bool]) over the view the
 * text names (read as PostgreSQL's regclass input reads "v", "s.v", "\"V\""); NULL for a
 * table. */
#include <stdlib.h>
#include <string.h>

#include "catalog/sequences.h"
#include "deparse/deparse.h"
#include "types/func_impl.h"

int ss_fn_pg_get_viewdef(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                         ss_vector *out)
{
    if (!ctx->catalog)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: pg_get_viewdef outside a session");
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *t = &((const ss_text *)args[0]->data)[i];
        bool pretty = nargs > 1 && ((const bool *)args[1]->data)[i];
        char name[256], *def;
        ss_seq_name_from_text(t->ptr, t->len, name, sizeof name);
        if (ss_viewdef_by_name(ctx, ctx->catalog, name, pretty, &def))
            return SS_ERROR;
        int rc = SS_OK;
        if (!def) {
            if (ss_vector_ensure_validity(ctx, out))
                return SS_ERROR;
            ss_vector_set_null(out, i);
        } else
            rc = ss_vector_set_text(ctx, out, i, def, strlen(def));
        free(def);
        if (rc)
            return SS_ERROR;
    });
    return SS_OK;
}
