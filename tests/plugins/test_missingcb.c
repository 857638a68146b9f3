/* test_missingcb.c — loader test plugin that registers an operator vtable without the required
 * next_batch callback; registration must fail naming it. */
#include "passthrough_op.h"

static const ss_operator_vtable test_missingcb_op = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "test_missingcb_op",
    .node_kind = SS_NODE_LIMIT,
    .description = "loader test: next_batch is missing",
    .open = passthrough_op_open,
    .next_batch = NULL,
    .close = passthrough_op_close,
    .rescan = passthrough_op_rescan,
};

SS_PLUGIN_MAGIC("test_missingcb", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    passthrough_op_bind(api);
    return api->register_operator(plugin, &test_missingcb_op, false);
}
