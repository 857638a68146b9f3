/* passthrough_op.h — operator callbacks shared by the loader test plugins: a one-child node
 * that hands its child's batches on unchanged. */
#ifndef SUNSTONE_TEST_PASSTHROUGH_OP_H
#define SUNSTONE_TEST_PASSTHROUGH_OP_H

#include "sunstone/plugin.h"

/* Records the kernel's function table; call from sunstone_plugin_init. */
void passthrough_op_bind(const ss_api *api);

int passthrough_op_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state);
int passthrough_op_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out);
void passthrough_op_close(ss_ctx *ctx, ss_op *self, void *state);
int passthrough_op_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed);

#endif
