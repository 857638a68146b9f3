/* hash_slots.c — growing an open-addressing slot array (hash_slots.h). */
#include "common/hash_slots.h"

#include "common/api_memory.h"
#include "common/column_buffer.h"

int ops_hash_slots_grow(ss_ctx *ctx, const ss_api *api, uint32_t **slots, uint32_t *nslots,
                        const uint64_t *hashes, uint32_t count, const char *too_many)
{
    uint32_t n = *nslots ? *nslots * 2 : 1024;
    if (n == 0 || n > (UINT32_C(1) << 31))
        return api->error(ctx, OPS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED, "%s", too_many);
    uint32_t *fresh = ops_zalloc_array(ctx, api, n, sizeof *fresh);
    if (!fresh)
        return SS_ERROR;
    uint32_t mask = n - 1;
    for (uint32_t e = 0; e < count; e++) {
        uint32_t s = (uint32_t)hashes[e] & mask;
        while (fresh[s])
            s = (s + 1) & mask;
        fresh[s] = e + 1;
    }
    ops_free(api, *slots);
    *slots = fresh;
    *nslots = n;
    return SS_OK;
}
