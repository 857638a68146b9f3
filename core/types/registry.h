/* registry.h — the kernel's one table of type descriptions (sunstone/typeinfo.h): layout,
 * width, name and, for types whose bytes do not decide equality and order, the callbacks.
 * ss_api.type_info is ss_type_registry_get. */
#ifndef SS_TYPES_REGISTRY_H
#define SS_TYPES_REGISTRY_H

#include "sunstone/typeinfo.h"

/* The description of type id, or NULL when the kernel does not know it. */
const ss_type_info *ss_type_registry_get(int32_t id);

/* Descriptions that live with their type's folder (core/types/<type>/). */
extern const ss_type_info ss_numeric_type_info;

#endif
