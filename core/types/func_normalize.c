/* func_normalize.c — normalize(text [, form]) and text IS [NOT] [form] NORMALIZED (the grammar's
 * is_normalized(text [, form])): Unicode normalization forms NFC, NFD, NFKC and NFKD (the
 * form's name in any case, NFC by default) through ICU's unorm2, 22023 for another name. */
#include <stdlib.h>
#include <strings.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#include "types/func_impl.h"
#include "util/strbuf.h"

/* The normalizer named by argument 1 of row i (NFC without one); NULL after an error. */
static const UNormalizer2 *form_of(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i)
{
    const char *name = "NFC";
    uint32_t len = 3;
    if (nargs > 1) {
        const ss_text *f = &((const ss_text *)args[1]->data)[i];
        name = f->ptr, len = f->len;
    }
    UErrorCode err = U_ZERO_ERROR;
    const UNormalizer2 *n = NULL;
    if (len == 3 && strncasecmp(name, "NFC", 3) == 0)
        n = unorm2_getNFCInstance(&err);
    else if (len == 3 && strncasecmp(name, "NFD", 3) == 0)
        n = unorm2_getNFDInstance(&err);
    else if (len == 4 && strncasecmp(name, "NFKC", 4) == 0)
        n = unorm2_getNFKCInstance(&err);
    else if (len == 4 && strncasecmp(name, "NFKD", 4) == 0)
        n = unorm2_getNFKDInstance(&err);
    else {
        ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "invalid normalization form: %.*s", (int)len, name);
        return NULL;
    }
    if (U_FAILURE(err) || !n) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "Unicode normalization unavailable: %s", u_errorName(err));
        return NULL;
    }
    return n;
}

/* Row i's text as UTF-16 in ctx's arena; NULL after an error. */
static UChar *utf16_of(ss_ctx *ctx, const ss_text *s, int32_t *len)
{
    UErrorCode err = U_ZERO_ERROR;
    u_strFromUTF8(NULL, 0, len, s->ptr, (int32_t)s->len, &err);
    if (err != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(err)) {
        ss_ctx_error(ctx, "22021", "invalid byte sequence for encoding \"UTF8\"");
        return NULL;
    }
    UChar *u = ss_ctx_alloc(ctx, sizeof(UChar) * (size_t)(*len + 1));
    if (!u) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    err = U_ZERO_ERROR;
    u_strFromUTF8(u, *len + 1, len, s->ptr, (int32_t)s->len, &err);
    return u;
}

static int normalize_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                         void *state)
{
    (void)null, (void)state;
    const UNormalizer2 *form = form_of(ctx, args, nargs, i);
    int32_t len;
    UChar *u = form ? utf16_of(ctx, &((const ss_text *)args[0]->data)[i], &len) : NULL;
    if (!u)
        return SS_ERROR;
    UErrorCode err = U_ZERO_ERROR;
    int32_t need = unorm2_normalize(form, u, len, NULL, 0, &err);
    UChar *r = ss_ctx_alloc(ctx, sizeof(UChar) * (size_t)(need + 1));
    if (!r)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    err = U_ZERO_ERROR;
    need = unorm2_normalize(form, u, len, r, need + 1, &err);
    int32_t blen = 0;
    err = U_ZERO_ERROR;
    u_strToUTF8(NULL, 0, &blen, r, need, &err);
    char *b = ss_ctx_alloc(ctx, (size_t)blen + 1);
    if (!b)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    err = U_ZERO_ERROR;
    u_strToUTF8(b, blen + 1, &blen, r, need, &err);
    if (U_FAILURE(err))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "Unicode normalization failed: %s", u_errorName(err));
    ss_strbuf_append(sb, b, (size_t)blen);
    return SS_OK;
}

SS_TEXT_FN(ss_fn_normalize, normalize_row)

int ss_fn_is_normalized(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                        ss_vector *out)
{
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        const UNormalizer2 *form = form_of(ctx, args, nargs, i);
        int32_t len;
        UChar *u = form ? utf16_of(ctx, &((const ss_text *)args[0]->data)[i], &len) : NULL;
        if (!u)
            return SS_ERROR;
        UErrorCode err = U_ZERO_ERROR;
        UBool yes = unorm2_isNormalized(form, u, len, &err);
        if (U_FAILURE(err))
            return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "Unicode normalization failed: %s", u_errorName(err));
        r[i] = yes ? 1 : 0;
    });
    return SS_OK;
}
