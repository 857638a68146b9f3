/* test_undo_backend.c — test plugin: the memory backend's own code (compiled into this module
 * from storage-backends/memory/) registered twice with an insert that can be made to fail or
 * to stall, for the statement-atomicity tests (tests/embed/test_statement_atomicity.c), and
 * once with a scan that fails:
 *
 *   "failing"         memory with statement undo (stmt_begin / stmt_commit / stmt_abort);
 *                     inside a statement scope its insert fails (XX000, "failing backend:
 *                     insert call N refused") on call number test_undo.fail_insert_call
 *                     (default 2; 0 = never); every call sleeps test_undo.insert_sleep_ms
 *                     (default 0).
 *   "failing_noundo"  the same tables, registered with a version-1 vtable: no statement undo,
 *                     as a backend built before ABI 1.2.  Its insert never fails.
 *   "noscan"          "failing" whose scan_begin always fails ("noscan backend: scan_begin
 *                     called"): EXPLAIN must work on its tables, since the tree is opened
 *                     with SS_OPEN_EXPLAIN_ONLY and starts no scan, and SELECT must fail
 *                     (tests/embed/test_abi2_execution.c).
 *
 * The module test_halfundo (test_halfundo.c) registers a vtable with stmt_begin only, which
 * the loader must refuse.
 *
 * The call counter and the scope flag are process-wide (a test module; the tests run one
 * statement at a time), reset by stmt_begin. */
#include <stddef.h>
#include <stdlib.h>
#include <time.h>

#include "memory.h"

static const ss_api *g_api;
static unsigned g_calls; /* insert calls since the last stmt_begin */
static bool g_in_scope;  /* between stmt_begin and stmt_commit / stmt_abort */

const ss_api *memory_api(void)
{
    return g_api;
}

int memory_out_of_memory(const ss_api *api, ss_ctx *ctx)
{
    return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

static long setting_long(ss_ctx *ctx, const char *name, long dflt)
{
    const char *v = g_api->setting(ctx, name);
    return v && v[0] ? strtol(v, NULL, 10) : dflt;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

static int failing_insert(ss_ctx *ctx, void *table, const ss_batch *rows)
{
    unsigned call = ++g_calls;
    long pause = setting_long(ctx, "test_undo.insert_sleep_ms", 0);
    if (pause > 0)
        sleep_ms(pause);
    if (g_in_scope && setting_long(ctx, "test_undo.fail_insert_call", 2) == (long)call)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "failing backend: insert call %u refused", call);
    return memory_insert(ctx, table, rows);
}

static int noundo_insert(ss_ctx *ctx, void *table, const ss_batch *rows)
{
    ++g_calls;
    return memory_insert(ctx, table, rows);
}

static int failing_stmt_begin(ss_ctx *ctx, void *backend)
{
    g_calls = 0;
    g_in_scope = true;
    return memory_stmt_begin(ctx, backend);
}

static int failing_stmt_commit(ss_ctx *ctx, void *backend)
{
    g_in_scope = false;
    return memory_stmt_commit(ctx, backend);
}

static void failing_stmt_abort(ss_ctx *ctx, void *backend)
{
    g_in_scope = false;
    memory_stmt_abort(ctx, backend);
}

static const ss_storage_vtable failing_vtable = {
    .struct_size = sizeof(ss_storage_vtable),
    .version = SS_STORAGE_VTABLE_VERSION,
    .name = "failing",
    .description = "test: memory tables whose insert fails on a chosen call of a statement",
    .backend_open = memory_backend_open,
    .backend_close = memory_backend_close,
    .table_create = memory_table_create,
    .table_drop = memory_table_drop,
    .table_row_estimate = memory_table_row_estimate,
    .insert = failing_insert,
    .scan_begin = memory_scan_begin,
    .scan_next_batch = memory_scan_next_batch,
    .scan_next_row = memory_scan_next_row,
    .scan_end = memory_scan_end,
    .stmt_begin = failing_stmt_begin,
    .stmt_commit = failing_stmt_commit,
    .stmt_abort = failing_stmt_abort,
};

/* As compiled against a version-1 header: the struct ends before stmt_begin.  The callbacks
 * past struct_size are set all the same: the kernel must not read them. */
static const ss_storage_vtable noundo_vtable = {
    .struct_size = offsetof(ss_storage_vtable, stmt_begin),
    .version = 1,
    .name = "failing_noundo",
    .description = "test: memory tables through a version-1 vtable (no statement undo)",
    .backend_open = memory_backend_open,
    .backend_close = memory_backend_close,
    .table_create = memory_table_create,
    .table_drop = memory_table_drop,
    .table_row_estimate = memory_table_row_estimate,
    .insert = noundo_insert,
    .scan_begin = memory_scan_begin,
    .scan_next_batch = memory_scan_next_batch,
    .scan_next_row = memory_scan_next_row,
    .scan_end = memory_scan_end,
    .stmt_begin = failing_stmt_begin,
    .stmt_commit = failing_stmt_commit,
    .stmt_abort = failing_stmt_abort,
};

static int noscan_scan_begin(ss_ctx *ctx, void *table, const ss_scan_spec *spec, void **scan)
{
    (void)table;
    (void)spec;
    *scan = NULL;
    return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "noscan backend: scan_begin called");
}


SS_PLUGIN_MAGIC("test_undo_backend", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    g_api = api;
    if (api->register_storage(plugin, &failing_vtable, false) != SS_OK ||
        api->register_storage(plugin, &noundo_vtable, false) != SS_OK)
        return SS_ERROR;
    /* "failing" with another name and a scan that fails (the same value at every init) */
    static ss_storage_vtable noscan_vtable;
    noscan_vtable = failing_vtable;
    noscan_vtable.name = "noscan";
    noscan_vtable.description = "test: memory tables that refuse every scan";
    noscan_vtable.scan_begin = noscan_scan_begin;
    return api->register_storage(plugin, &noscan_vtable, false);
}
