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

#endif
