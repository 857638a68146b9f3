/* unnest.c — PostgreSQL's unnest over one or more arrays (ExecMakeTableFunctionResult of
 * unnest's ROWS FROM form): the arrays' items in row-major order, one column each, as many
 * rows as the longest array has items, the shorter ones padded with NULLs; a NULL array has
 * no items. */
#include "unnest.h"

#include <stddef.h>
#include <string.h>

#include "common/api_memory.h"

struct unnest_state {
    const ss_api *api;
    const ss_function_scan_node *node;
    uint32_t narrays;
    const ss_type_array **kinds; /* per array: its type's item access */
    ss_value **items;            /* per array: its items (bytes in the array value) */
    uint32_t *counts;
    uint32_t rows, next;         /* rows in all, the next one to emit */
};

int unnest_open(ss_ctx *ctx, const ss_api *api, const ss_function_scan_node *node, unnest_state **out)
{
    *out = NULL;
    uint32_t n = node->nargs;
    if (n == 0 || node->hdr.ncols != n + (node->with_ordinality ? 1u : 0u) ||
        (node->with_ordinality && node->hdr.col_types[n].id != SS_TYPE_INT8))
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "function_scan: unexpected unnest node");
    unnest_state *st = ops_zalloc(ctx, api, sizeof *st);
    if (!st)
        return SS_ERROR;
    *out = st;
    st->api = api;
    st->node = node;
    st->narrays = n;
    if (!(st->kinds = ops_zalloc(ctx, api, sizeof *st->kinds * n)) ||
        !(st->items = ops_zalloc(ctx, api, sizeof *st->items * n)) ||
        !(st->counts = ops_zalloc(ctx, api, sizeof *st->counts * n)))
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++) {
        const ss_type_info *ti = api->type_info(api->expr_type(node->args[i]).id);
        if (!ti || ti->struct_size < offsetof(ss_type_info, array) + sizeof ti->array || !ti->array ||
            ti->array->elem != node->hdr.col_types[i].id)
            return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "function_scan: unnest of a value that is not an array");
        st->kinds[i] = ti->array;
    }
    return SS_OK;
}

int unnest_start(ss_ctx *ctx, unnest_state *st)
{
    const ss_api *api = st->api;
    st->rows = st->next = 0;
    for (uint32_t i = 0; i < st->narrays; i++) {
        ss_value a;
        if (api->expr_eval_scalar(ctx, st->node->args[i], &a) != SS_OK)
            return SS_ERROR;
        uint32_t n = a.is_null ? 0 : st->kinds[i]->nitems(&a.v.s);
        ops_free(api, st->items[i]);
        st->items[i] = NULL;
        st->counts[i] = n;
        if (n) {
            if (!(st->items[i] = api->alloc(sizeof(ss_value) * n)))
                return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            st->kinds[i]->items(&a.v.s, st->items[i], n);
        }
        if (n > st->rows)
            st->rows = n;
    }
    return SS_OK;
}

int unnest_fill(ss_ctx *ctx, unnest_state *st, ops_owned_batch *out, uint32_t *n)
{
    const ss_api *api = st->api;
    uint32_t k = 0;
    ss_value null = {.is_null = true};
    for (; k < SS_BATCH_CAPACITY && st->next < st->rows; k++, st->next++) {
        for (uint32_t i = 0; i < st->narrays; i++) {
            const ss_value *v = st->next < st->counts[i] ? &st->items[i][st->next] : &null;
            if (api->vector_set_value(ctx, out->vectors[i], k, v) != SS_OK)
                return SS_ERROR;
        }
    }
    *n = k;
    return SS_OK;
}

void unnest_close(unnest_state *st)
{
    if (!st)
        return;
    for (uint32_t i = 0; st->items && i < st->narrays; i++)
        ops_free(st->api, st->items[i]);
    ops_free(st->api, st->items);
    ops_free(st->api, st->kinds);
    ops_free(st->api, st->counts);
    st->api->free(st);
}
