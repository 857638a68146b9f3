/* type_layout.c — the module's view of the kernel's type descriptions (type_layout.h). */
#include "common/type_layout.h"

#include <stdatomic.h>

/* Bound again by every operator instance that opens, on any session's thread: atomic. */
static _Atomic(const ss_api *) bound_api;

void ops_types_bind(const ss_api *api)
{
    atomic_store_explicit(&bound_api, api, memory_order_relaxed);
}

const ss_type_info *ops_type_info(int32_t type_id)
{
    const ss_api *types_api = atomic_load_explicit(&bound_api, memory_order_relaxed);
    if (!types_api || !SS_API_HAS(types_api, type_info))
        return NULL;
    return types_api->type_info(type_id);
}
