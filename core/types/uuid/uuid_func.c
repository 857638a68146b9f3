/* uuid_func.c — gen_random_uuid(): RFC 4122 version 4 UUIDs from OpenSSL's RAND_bytes, one
 * per row. */
#include "types/uuid/uuid.h"

#include <openssl/rand.h>

#include "exec/vector.h"
#include "types/functions.h"

int ss_fn_uuid_gen_random(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                          const uint32_t *rows, uint32_t n, ss_vector *out)
{
    (void)nargs;
    (void)args;
    SS_FOR_ROWS(rows, n, i, {
        unsigned char u[UUID_LEN];
        if (RAND_bytes(u, UUID_LEN) != 1)
            return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "could not generate random values");
        u[6] = (unsigned char)((u[6] & 0x0f) | 0x40); /* version 4 */
        u[8] = (unsigned char)((u[8] & 0x3f) | 0x80); /* variant RFC 4122 */
        if (ss_vector_set_text(ctx, out, i, (const char *)u, UUID_LEN) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

const ss_func_def uuid_functions[] = {
    {"gen_random_uuid", 0, false, false, {0}, SS_TYPE_UUID, ss_fn_uuid_gen_random, true},
    {0},
};
