/* test_dup.c — loader test plugin that registers operator "test_dup_op" twice without
 * replace; the second registration must fail, and init returns its result. */
#include "passthrough_op.h"

static const ss_operator_vtable test_dup_op = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "test_dup_op",
    .node_kind = SS_NODE_LIMIT,
    .description = "loader test: registered twice",
    .open = passthrough_op_open,
    .next_batch = passthrough_op_next_batch,
    .close = passthrough_op_close,
    .rescan = passthrough_op_rescan,
};

SS_PLUGIN_MAGIC("test_dup", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    passthrough_op_bind(api);
    int first = api->register_operator(plugin, &test_dup_op, false);
    if (first != SS_OK)
        return first;
    return api->register_operator(plugin, &test_dup_op, false);
}
