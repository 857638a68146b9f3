/* api_table.c — the kernel's versioned function table (ss_api) handed to every plugin.
 * Append-only within a major version: new slots go at the end and bump SS_ABI_MINOR. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "catalog/catalog.h"
#include "catalog/settings.h"
#include "exec/executor.h"
#include "exec/interrupt.h"
#include "exec/temp_files.h"
#include "exec/expr.h"
#include "exec/vector.h"
#include "loader/loader.h"
#include "types/registry.h"
#include "loader/plugin_ctx.h"
#include "types/typeio.h"
#include "txn/txn_api.h"
#include "types/numeric/numeric.h"
#include "types/numeric/numeric_api.h"

static int api_error(ss_ctx *ctx, const char *sqlstate, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ss_ctx_verror(ctx, sqlstate, fmt, ap);
    va_end(ap);
    return SS_ERROR;
}

/* Detail and hint attach only to an error that is pending: a stray one would otherwise
   land on whatever error ctx records next. */
static void api_error_detail(ss_ctx *ctx, const char *fmt, ...)
{
    if (!ss_ctx_error_pending(ctx))
        return;
    va_list ap;
    va_start(ap, fmt);
    ss_ctx_verror_detail(ctx, fmt, ap);
    va_end(ap);
}

static void api_error_hint(ss_ctx *ctx, const char *fmt, ...)
{
    if (!ss_ctx_error_pending(ctx))
        return;
    va_list ap;
    va_start(ap, fmt);
    ss_ctx_verror_hint(ctx, fmt, ap);
    va_end(ap);
}

static void api_notice(ss_ctx *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ss_ctx_vmessage(ctx, SS_MSG_NOTICE, fmt, ap);
    va_end(ap);
}

static void *api_alloc(size_t n)
{
    return malloc(n ? n : 1);
}

static void *api_realloc(void *p, size_t n)
{
    return realloc(p, n ? n : 1);
}

static void api_free(void *p)
{
    free(p);
}

/* The operator-tree arena where a tree runs, else the execution arena (plugin.h). */
static void *api_arena_alloc(ss_ctx *ctx, size_t n)
{
    ss_arena *arena = ctx->tree_arena ? ctx->tree_arena : ctx->arena;
    if (!arena) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "no statement arena in this callback");
        return NULL;
    }
    void *p = ss_arena_alloc(arena, n);
    if (!p)
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return p;
}

static void *api_exec_arena_alloc(ss_ctx *ctx, size_t n)
{
    if (!ctx->arena) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "no execution arena in this callback");
        return NULL;
    }
    return ss_ctx_alloc(ctx, n);
}

static ss_type api_expr_type(const ss_expr *e)
{
    return e->type;
}

static int32_t api_expr_column(const ss_expr *e)
{
    return e->kind == EXPR_COLUMN ? (int32_t)e->u.column.index : -1;
}

static const ss_storage_vtable *api_table_storage(const ss_table *t, void **handle)
{
    *handle = t->handle;
    return t->storage;
}

static const char *api_table_name(const ss_table *t)
{
    return t->name;
}

static const char *api_setting(ss_ctx *ctx, const char *name)
{
    return ctx->settings ? ss_settings_get(ctx->settings, name) : NULL;
}

static size_t api_work_mem(ss_ctx *ctx, bool hash)
{
    double kb = ctx->settings ? ctx->settings->work_mem_kb : SS_WORK_MEM_DEFAULT_KB;
    if (hash)
        kb *= ctx->settings ? ctx->settings->hash_mem_multiplier : 2.0;
    double bytes = kb * 1024.0;
    return bytes >= (double)SIZE_MAX ? SIZE_MAX : (size_t)bytes;
}

static const char *api_type_name(ss_type type)
{
    return ss_type_display_name(type, NULL, 0);
}

/* The table of ABI 2.2, in the order of plugin.h. */
static const ss_api kernel_api = {
    .struct_size = sizeof(ss_api),
    .abi_major = SS_ABI_MAJOR,
    .abi_minor = SS_ABI_MINOR,
    /* errors and messages */
    .error = api_error,
    .error_detail = api_error_detail,
    .error_hint = api_error_hint,
    .notice = api_notice,
    .check_interrupt = ss_check_interrupt,
    /* memory */
    .alloc = api_alloc,
    .realloc = api_realloc,
    .free = api_free,
    .arena_alloc = api_arena_alloc,
    .exec_arena_alloc = api_exec_arena_alloc,
    /* registration */
    .plugin_ctx = ss_plugin_api_ctx,
    .register_operator = ss_plugin_register_operator,
    .register_storage = ss_plugin_register_storage,
    .register_auth = ss_plugin_register_auth,
    .register_window = ss_plugin_register_window,
    .register_snapshot = ss_plugin_register_snapshot,
    /* types, vectors and batches */
    .type_name = api_type_name,
    .vector_create = ss_vector_create,
    .vector_destroy = ss_vector_destroy,
    .vector_reset = ss_vector_reset,
    .vector_ensure_validity = ss_vector_ensure_validity,
    .vector_text_alloc = ss_vector_text_alloc,
    .vector_set_value = ss_vector_set_value,
    .vector_gather = ss_vector_gather,
    .batch_create = ss_batch_create,
    .batch_destroy = ss_batch_destroy,
    .batch_reset = ss_batch_reset,
    /* expressions */
    .expr_type = api_expr_type,
    .expr_eval = ss_expr_eval,
    .expr_select = ss_expr_select,
    .expr_eval_scalar = ss_expr_eval_scalar,
    /* child operators */
    .op_child = ss_exec_child,
    .op_next = ss_exec_next,
    .op_rescan = ss_exec_rescan,
    .op_set_bound = ss_exec_set_bound,
    /* storage access, settings */
    .table_storage = api_table_storage,
    .table_name = api_table_name,
    .setting = api_setting,
    /* ABI 2.1: memory budget, temporary files */
    .work_mem = api_work_mem,
    .temp_create = ss_temp_create,
    .temp_write = ss_temp_write,
    .temp_rewind = ss_temp_rewind,
    .temp_read = ss_temp_read,
    .temp_size = ss_temp_size,
    .temp_close = ss_temp_close,
    /* ABI 2.1: operator-tree shared slots */
    .shared_slot = ss_exec_shared_slot,
    /* type descriptions */
    .type_info = ss_type_registry_get,
    /* aggregates */
    .register_aggregate = ss_plugin_register_aggregate,
    /* index modules */
    .register_index = ss_plugin_register_index,
    /* ABI 2.2: transactions (core/txn) */
    .versions_visible = ss_api_versions_visible,
    .txn_current = ss_api_txn_current,
    .txn_snapshot = ss_api_txn_snapshot,
    .txn_horizon = ss_api_txn_horizon,
    /* numeric arithmetic (core/types/numeric/numeric_api.c) */
    .numeric_from_int64 = num_api_from_int64,
    .numeric_arith = num_api_arith,
    .numeric_sqrt = num_api_sqrt,
    .numeric_compare = num_compare,
    .numeric_scale = num_api_scale,
    /* expression introspection */
    .expr_column = api_expr_column,
    /* re-checks (core/txn/txn_api.c) */
    .txn_scan_snapshot = ss_api_txn_scan_snapshot,
};

const ss_api *ss_kernel_api(void)
{
    return &kernel_api;
}
