/* test_halfundo.c — loader test plugin: a storage vtable (the memory backend's callbacks) with
 * stmt_begin but without stmt_commit and stmt_abort.  Statement undo comes as all three
 * callbacks or none, so registration must fail, naming stmt_commit. */
#include "memory.h"

static const ss_api *g_api;

const ss_api *memory_api(void)
{
    return g_api;
}

int memory_out_of_memory(const ss_api *api, ss_ctx *ctx)
{
    return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

static const ss_storage_vtable halfundo_vtable = {
    .struct_size = sizeof(ss_storage_vtable),
    .version = SS_STORAGE_VTABLE_VERSION,
    .name = "halfundo",
    .description = "loader test: statement undo without commit and abort",
    .backend_open = memory_backend_open,
    .backend_close = memory_backend_close,
    .table_create = memory_table_create,
    .table_drop = memory_table_drop,
    .insert = memory_insert,
    .scan_begin = memory_scan_begin,
    .scan_next_batch = memory_scan_next_batch,
    .scan_next_row = memory_scan_next_row,
    .scan_end = memory_scan_end,
    .stmt_begin = memory_stmt_begin,
};

SS_PLUGIN_MAGIC("test_halfundo", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    g_api = api;
    return api->register_storage(plugin, &halfundo_vtable, false);
}
