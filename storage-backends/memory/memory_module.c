/* memory_module.c — entry points of the "memory" module: its magic descriptor, and an init that
 * registers the memory storage backend's vtable with the kernel. */
#include "memory.h"

/* The kernel's function table.  The same table serves every database that loads the module,
 * so this is not per-database state; everything per database lives in memory_backend. */
static const ss_api *memory_kernel_api;

const ss_api *memory_api(void)
{
    return memory_kernel_api;
}

int memory_out_of_memory(const ss_api *api, ss_ctx *ctx)
{
    return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

static const ss_storage_vtable memory_vtable = {
    .struct_size = sizeof(ss_storage_vtable),
    .version = SS_STORAGE_VTABLE_VERSION,
    .name = "memory",
    .description = "in-memory columnar tables; rows live until the database is closed",
    .backend_open = memory_backend_open,
    .backend_close = memory_backend_close,
    .table_create = memory_table_create,
    .table_drop = memory_table_drop,
    .table_row_estimate = memory_table_row_estimate,
    .insert = memory_insert,
    .scan_begin = memory_scan_begin,
    .scan_next_batch = memory_scan_next_batch,
    .scan_next_row = memory_scan_next_row,
    .scan_end = memory_scan_end,
    .stmt_begin = memory_stmt_begin,
    .stmt_commit = memory_stmt_commit,
    .stmt_abort = memory_stmt_abort,
    .insert_versions = memory_insert_versions,
    .scan_begin_snapshot = memory_scan_begin_snapshot,
    .scan_rowids = memory_scan_rowids,
    .fetch_versions = memory_fetch_versions,
    .lock_versions = memory_lock_versions,
    .link_versions = memory_link_versions,
    .add_column = memory_add_column,
    .drop_column = memory_drop_column,
    .vacuum = memory_vacuum,
    .versions_stored = memory_versions_stored,
};

SS_PLUGIN_MAGIC("memory", "0.1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    memory_kernel_api = api;
    return api->register_storage(plugin, &memory_vtable, false);
}
