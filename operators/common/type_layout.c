/* type_layout.c — the module's view of the kernel's type descriptions (type_layout.h). */
#include "common/type_layout.h"

static const ss_api *types_api;

void ops_types_bind(const ss_api *api)
{
    types_api = api;
}

const ss_type_info *ops_type_info(int32_t type_id)
{
    if (!types_api || !SS_API_HAS(types_api, type_info))
        return NULL;
    return types_api->type_info(type_id);
}
