/* bytea_digest.c — md5(bytea) (32 lower-case hex digits as text) and sha224 / sha256 /
 * sha384 / sha512(bytea) (the digest's bytes), computed with OpenSSL's EVP interface. */
#include "types/bytea/bytea.h"

#include <openssl/evp.h>

#include "exec/vector.h"
#include "types/functions.h"

static int digest(ss_ctx *ctx, const EVP_MD *md, const char *name, const ss_text *in,
                  unsigned char *out, unsigned int *outlen)
{
    if (!md || !EVP_Digest(in->ptr ? in->ptr : "", in->len, out, outlen, md, NULL))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "could not compute %s hash", name);
    return SS_OK;
}

BYTEA_FN(md5)
{
    (void)nargs;
    const ss_text *a = args[0]->data;
    SS_FOR_ROWS(rows, n, i, {
        unsigned char md[EVP_MAX_MD_SIZE];
        unsigned int len;
        if (digest(ctx, EVP_md5(), "MD5", &a[i], md, &len) != SS_OK)
            return SS_ERROR;
        char *p = ss_vector_text_alloc(ctx, out, 2 * (size_t)len);
        if (!p)
            return SS_ERROR;
        bytea_hex_encode(md, len, p);
        ((ss_text *)out->data)[i] = (ss_text){p, 2 * len, 0};
        ss_vector_set_valid(out, i);
    });
    return SS_OK;
}

static int sha(ss_ctx *ctx, const EVP_MD *md, const char *name, ss_vector *const *args,
               const uint32_t *rows, uint32_t n, ss_vector *out)
{
    const ss_text *a = args[0]->data;
    SS_FOR_ROWS(rows, n, i, {
        unsigned char d[EVP_MAX_MD_SIZE];
        unsigned int len;
        if (digest(ctx, md, name, &a[i], d, &len) != SS_OK ||
            ss_vector_set_text(ctx, out, i, (const char *)d, len) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

#define SHA_FN(BITS)                                                                       \
    BYTEA_FN(sha##BITS)                                                                    \
    {                                                                                      \
        (void)nargs;                                                                       \
        return sha(ctx, EVP_sha##BITS(), "SHA" #BITS, args, rows, n, out);                 \
    }
SHA_FN(224)
SHA_FN(256)
SHA_FN(384)
SHA_FN(512)
