/* api_memory.h — thin wrappers over the kernel's allocator (ss_api.alloc/realloc/free) that
 * do not rely on realloc(NULL) or free(NULL) being accepted, and zeroing allocation. */
#ifndef OPS_API_MEMORY_H
#define OPS_API_MEMORY_H

#include <string.h>

#include "sunstone/plugin.h"

static inline void ops_free(const ss_api *api, void *p)
{
    if (p)
        api->free(p);
}

static inline void *ops_realloc(const ss_api *api, void *p, size_t n)
{
    return p ? api->realloc(p, n) : api->alloc(n);
}

/* n zeroed bytes, or NULL after recording out-of-memory on ctx. */
static inline void *ops_zalloc(ss_ctx *ctx, const ss_api *api, size_t n)
{
    void *p = api->alloc(n ? n : 1);
    if (!p) {
        api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    memset(p, 0, n);
    return p;
}

/* count * size zeroed bytes with overflow check, or NULL after recording out-of-memory. */
static inline void *ops_zalloc_array(ss_ctx *ctx, const ss_api *api, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) {
        api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    return ops_zalloc(ctx, api, count * size);
}

/* Grows *array (of *cap elements of size bytes) to hold at least need elements, doubling
 * from first; SS_ERROR after recording out-of-memory. */
static inline int ops_array_reserve(ss_ctx *ctx, const ss_api *api, void **array, uint32_t *cap, uint32_t need,
                                    size_t size, uint32_t first)
{
    if (need <= *cap)
        return SS_OK;
    uint64_t c = *cap ? *cap : first;
    while (c < need)
        c *= 2;
    if (c > UINT32_MAX)
        c = UINT32_MAX;
    void *p = ops_realloc(api, *array, (size_t)c * size);
    if (!p)
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *array = p;
    *cap = (uint32_t)c;
    return SS_OK;
}

#endif
