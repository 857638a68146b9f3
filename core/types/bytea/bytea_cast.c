/* bytea_cast.c — the I/O casts between bytea and the string types: text -> bytea reads the
 * text with byteain (hex or escape form), bytea -> text writes byteaout's text, as
 * PostgreSQL's casts through the types' I/O functions. */
#include "types/bytea/bytea.h"

#include "exec/vector.h"
#include "types/functions.h"

static int put_null(ss_ctx *ctx, ss_vector *out, uint32_t row)
{
    if (ss_vector_ensure_validity(ctx, out) != SS_OK)
        return SS_ERROR;
    ss_vector_set_null(out, row);
    return SS_OK;
}

int bytea_cast_from_text(ss_ctx *ctx, const ss_vector *in, const uint32_t *rows, uint32_t n,
                         ss_vector *out)
{
    const ss_text *a = in->data;
    SS_FOR_ROWS(rows, n, i, {
        if (ss_vector_is_null(in, i)) {
            if (put_null(ctx, out, i) != SS_OK)
                return SS_ERROR;
            continue;
        }
        unsigned char *p = (unsigned char *)ss_vector_text_alloc(ctx, out, a[i].len);
        size_t len;
        if (!p || bytea_decode_input(ctx, a[i].ptr, a[i].len, p, &len) != SS_OK)
            return SS_ERROR;
        ((ss_text *)out->data)[i] = (ss_text){(const char *)p, (uint32_t)len, 0};
        ss_vector_set_valid(out, i);
    });
    return SS_OK;
}

int bytea_cast_to_text(ss_ctx *ctx, const ss_vector *in, const uint32_t *rows, uint32_t n,
                       ss_vector *out)
{
    const ss_text *a = in->data;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        if (ss_vector_is_null(in, i)) {
            if ((rc = put_null(ctx, out, i)) != SS_OK)
                break;
            continue;
        }
        ss_strbuf_clear(&sb);
        bytea_format(&a[i], &sb);
        if ((rc = ss_vector_set_text(ctx, out, i, sb.data ? sb.data : "", sb.len)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    return rc;
}
