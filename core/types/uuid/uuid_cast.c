/* uuid_cast.c — the I/O casts between uuid and the string types (uuid_in / uuid_out). */
#include "types/uuid/uuid.h"

#include "exec/vector.h"
#include "types/functions.h"

static int put_null(ss_ctx *ctx, ss_vector *out, uint32_t row)
{
    if (ss_vector_ensure_validity(ctx, out) != SS_OK)
        return SS_ERROR;
    ss_vector_set_null(out, row);
    return SS_OK;
}

int uuid_cast_from_text(ss_ctx *ctx, const ss_vector *in, const uint32_t *rows, uint32_t n,
                        ss_vector *out)
{
    const ss_text *a = in->data;
    SS_FOR_ROWS(rows, n, i, {
        if (ss_vector_is_null(in, i)) {
            if (put_null(ctx, out, i) != SS_OK)
                return SS_ERROR;
            continue;
        }
        unsigned char u[UUID_LEN];
        if (uuid_parse(ctx, a[i].ptr, a[i].len, u) != SS_OK ||
            ss_vector_set_text(ctx, out, i, (const char *)u, UUID_LEN) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

int uuid_cast_to_text(ss_ctx *ctx, const ss_vector *in, const uint32_t *rows, uint32_t n,
                      ss_vector *out)
{
    const ss_text *a = in->data;
    SS_FOR_ROWS(rows, n, i, {
        if (ss_vector_is_null(in, i)) {
            if (put_null(ctx, out, i) != SS_OK)
                return SS_ERROR;
            continue;
        }
        char buf[UUID_TEXT_LEN];
        uuid_format((const unsigned char *)a[i].ptr, buf);
        if (ss_vector_set_text(ctx, out, i, buf, UUID_TEXT_LEN) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}
