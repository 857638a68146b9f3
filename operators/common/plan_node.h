/* plan_node.h — the checked accessor of sunstone/operator.h (SS_PLAN_NODE_AS) with the error
 * an operator module reports when the kernel hands it a node of another kind. */
#ifndef OPS_PLAN_NODE_H
#define OPS_PLAN_NODE_H

#include "sunstone/plugin.h"

/* node as its kind's struct, or NULL after recording XX000 on ctx (`who` names the operator). */
static inline const void *ops_node_of(ss_ctx *ctx, const ss_api *api, const ss_plan_node *node, int32_t kind,
                                      size_t size, const char *who)
{
    const void *n = ss_plan_node_as(node, kind, size);
    if (!n)
        api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "%s: plan node of kind %d (%u bytes) is not the kind %d it implements",
                   who, node ? (int)node->kind : 0, node ? node->struct_size : 0u, (int)kind);
    return n;
}

#define OPS_NODE_OF(ctx, api, node, kind, type, who) \
    ((const type *)ops_node_of((ctx), (api), (node), (kind), sizeof(type), (who)))

#endif
