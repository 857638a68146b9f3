/* test_oldvtable.c — loader test plugin that registers an operator vtable whose struct_size
 * stops before the required callbacks (as if built against an older, smaller vtable);
 * registration must fail without reading past struct_size. */
#include <stddef.h>

#include "passthrough_op.h"

static const ss_operator_vtable test_oldvtable_op = {
    .struct_size = offsetof(ss_operator_vtable, open),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "test_oldvtable_op",
    .node_kind = SS_NODE_LIMIT,
    .description = "loader test: vtable too small",
    .open = passthrough_op_open,
    .next_batch = passthrough_op_next_batch,
    .close = passthrough_op_close,
    .rescan = passthrough_op_rescan,
};

SS_PLUGIN_MAGIC("test_oldvtable", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    passthrough_op_bind(api);
    return api->register_operator(plugin, &test_oldvtable_op, false);
}
