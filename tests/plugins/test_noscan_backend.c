/* test_noscan_backend.c — test plugin: the memory backend's own code (compiled into this
 * module from storage-backends/memory/) registered as "noscan", whose scan_begin always fails
 * ("noscan backend: scan_begin called").  EXPLAIN must work on its tables (the tree is opened
 * with SS_OPEN_EXPLAIN_ONLY, so no scan starts) and SELECT must fail
 * (tests/embed/test_abi2_execution.c). */
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

static int noscan_scan_begin(ss_ctx *ctx, void *table, const ss_scan_spec *spec, void **scan)
{
    (void)table;
    (void)spec;
    *scan = NULL;
    return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "noscan backend: scan_begin called");
}

static const ss_storage_vtable noscan_vtable = {
    .struct_size = sizeof(ss_storage_vtable),
    .version = SS_STORAGE_VTABLE_VERSION,
    .name = "noscan",
    .description = "test: memory tables that refuse every scan",
    .backend_open = memory_backend_open,
    .backend_close = memory_backend_close,
    .table_create = memory_table_create,
    .table_drop = memory_table_drop,
    .table_row_estimate = memory_table_row_estimate,
    .insert = memory_insert,
    .scan_begin = noscan_scan_begin,
    .scan_next_batch = memory_scan_next_batch,
    .scan_next_row = memory_scan_next_row,
    .scan_end = memory_scan_end,
    .stmt_begin = memory_stmt_begin,
    .stmt_commit = memory_stmt_commit,
    .stmt_abort = memory_stmt_abort,
};

SS_PLUGIN_MAGIC("test_noscan_backend", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    g_api = api;
    return api->register_storage(plugin, &noscan_vtable, false);
}
