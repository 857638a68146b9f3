/* bpchar_cast.c — casts into and out of character(n): from text / varchar / unknown /
 * character with the typmod's padding and length rules, and to text / varchar with the
 * trailing spaces removed, as PostgreSQL's bpchar() and rtrim1(). */
#include "types/bpchar/bpchar.h"

#include "exec/vector.h"
#include "exec/expr.h"
#include "types/cast.h"
#include "types/functions.h"

int bpchar_cast_from_text(ss_ctx *ctx, const ss_vector *in, const uint32_t *rows, uint32_t n,
                          bool explicit_cast, ss_vector *out)
{
    const ss_text *a = in->data;
    int32_t typmod = out->type.typmod;
    SS_FOR_ROWS(rows, n, i, {
        if (ss_vector_is_null(in, i)) {
            if (ss_vector_ensure_validity(ctx, out) != SS_OK)
                return SS_ERROR;
            ss_vector_set_null(out, i);
        } else if (bpchar_set(ctx, out, i, a[i].ptr, a[i].len, typmod, explicit_cast) != SS_OK) {
            return SS_ERROR;
        }
    });
    return SS_OK;
}

int bpchar_cast_to_text(ss_ctx *ctx, const ss_vector *in, const uint32_t *rows, uint32_t n,
                        bool explicit_cast, ss_vector *out)
{
    const ss_text *a = in->data;
    SS_FOR_ROWS(rows, n, i, {
        if (ss_vector_is_null(in, i)) {
            if (ss_vector_ensure_validity(ctx, out) != SS_OK)
                return SS_ERROR;
            ss_vector_set_null(out, i);
        } else {
            ss_text t = bpchar_to_text(&a[i]);
            if (ss_cast_fit_varchar(ctx, t.ptr, &t.len, out->type,
                                    explicit_cast ? CAST_EXPLICIT : CAST_ASSIGNMENT) != SS_OK ||
                ss_vector_set_text(ctx, out, i, t.ptr, t.len) != SS_OK)
                return SS_ERROR;
        }
    });
    return SS_OK;
}
