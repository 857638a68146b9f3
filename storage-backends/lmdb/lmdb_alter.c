/* lmdb_alter.c — ALTER TABLE ... ADD COLUMN in place (storage.h version 5) without touching a
 * stored version: add_column appends a physical column whose fill the versions written before
 * it read; drop_column only takes a logical column out of the table's map (lmdb_backend.h,
 * "Columns").  The kernel holds the table's exclusive lock meanwhile. */
#include <string.h>

#include "lmdb_backend.h"

int lmdb_add_column(ss_ctx *ctx, void *table, ss_type type, const ss_value *fill)
{
    lmdb_table *t = table;
    const ss_api *api = t->api;
    lmdb_column col;
    if (lmdb_column_init(ctx, api, &col, type, "(new)") != SS_OK)
        return SS_ERROR;
    if (!fill->is_null) {
        col.fill = *fill;
        if (col.storage == SS_TYPE_TEXT) {
            col.fill_bytes = api->alloc(fill->v.s.len ? fill->v.s.len : 1);
            if (!col.fill_bytes)
                return lmdb_out_of_memory(api, ctx);
            if (fill->v.s.len)
                memcpy(col.fill_bytes, fill->v.s.ptr, fill->v.s.len);
            col.fill.v.s.ptr = col.fill_bytes;
        }
    }
    lmdb_column *phys = api->realloc(t->phys, (t->nphys + 1) * sizeof *phys);
    if (phys)
        t->phys = phys;
    uint32_t *map = phys ? api->realloc(t->map, (t->ncols + 1) * sizeof *map) : NULL;
    if (map)
        t->map = map;
    if (!phys || !map) {
        if (col.fill_bytes)
            api->free(col.fill_bytes);
        return lmdb_out_of_memory(api, ctx);
    }
    t->phys[t->nphys] = col;
    t->map[t->ncols++] = t->nphys++;
    return SS_OK;
}

void lmdb_drop_column(ss_ctx *ctx, void *table, uint32_t col)
{
    (void)ctx;
    lmdb_table *t = table;
    if (col >= t->ncols)
        return;
    memmove(&t->map[col], &t->map[col + 1], (t->ncols - col - 1) * sizeof *t->map);
    t->ncols--;
}
