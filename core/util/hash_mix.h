/* hash_mix.h — the kernel's 64-bit hash finaliser (MurmurHash3's fmix64), shared by the
 * types whose hash callbacks combine their parts (numeric, arrays). */
#ifndef SS_UTIL_HASH_MIX_H
#define SS_UTIL_HASH_MIX_H

#include <stdint.h>

static inline uint64_t ss_hash_mix64(uint64_t h)
{
    static const uint64_t k[2] = {UINT64_C(0xff51afd7ed558ccd), UINT64_C(0xc4ceb9fe1a85ec53)};
    for (int i = 0; i < 2; i++)
        h = (h ^ (h >> 33)) * k[i];
    return h ^ (h >> 33);
}

#endif
