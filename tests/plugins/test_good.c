/* test_good.c — loader test plugin that loads cleanly: registers operator "test_good_op". */
#include "passthrough_op.h"

static const ss_operator_vtable test_good_op = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "test_good_op",
    .node_kind = SS_NODE_LIMIT,
    .description = "loader test: passes its child's rows through",
    .open = passthrough_op_open,
    .next_batch = passthrough_op_next_batch,
    .close = passthrough_op_close,
    .rescan = passthrough_op_rescan,
};

SS_PLUGIN_MAGIC("test_good", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    passthrough_op_bind(api);
    return api->register_operator(plugin, &test_good_op, false);
}
