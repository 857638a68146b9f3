/* test_opv1.c — loader test plugin that registers an operator vtable of version 1 (the layout
 * of ABI 1.x, which ended before set_bound): the kernel must refuse it naming its version. */
#include <stddef.h>

#include "passthrough_op.h"

static const ss_operator_vtable test_opv1_op = {
    .struct_size = offsetof(ss_operator_vtable, set_bound),
    .version = 1,
    .name = "test_opv1_op",
    .node_kind = SS_NODE_LIMIT,
    .description = "loader test: an operator vtable of version 1",
    .open = passthrough_op_open,
    .next_batch = passthrough_op_next_batch,
    .close = passthrough_op_close,
    .rescan = passthrough_op_rescan,
};

SS_PLUGIN_MAGIC("test_opv1", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    passthrough_op_bind(api);
    return api->register_operator(plugin, &test_opv1_op, false);
}
