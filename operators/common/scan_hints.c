/* scan_hints.c — the scan operators' side of storage vtable version 8: the node's hints
 * (ss_scan_node.hints) evaluated and passed to the backend's open scan before its first read,
 * and the backend's read / skipped counts gathered over the scans of a cursor for EXPLAIN
 * ANALYZE (table_cursor.h). */
#include "common/table_cursor.h"

#include <stddef.h>
#include <string.h>

#include "common/explain_text.h"

/* The hints of the node (none when the kernel built it without them). */
static uint32_t node_hints(const ss_scan_node *n, const ss_scan_node_hint **hints)
{
    if (n->hdr.struct_size < offsetof(ss_scan_node, hints) + sizeof n->hints || !n->hints)
        return 0;
    *hints = n->hints;
    return n->nhints;
}

int ops_cursor_send_hints(ss_ctx *ctx, ops_table_cursor *c)
{
    if (!c->hints_due)
        return SS_OK;
    c->hints_due = false;
    const ss_storage_vtable *vt = c->storage;
    const ss_scan_node_hint *nh = NULL;
    uint32_t n = node_hints(c->node, &nh);
    if (n == 0 || !c->scan || !SS_STORAGE_HAS(vt, scan_hint) || !vt->scan_hint)
        return SS_OK;
    const char *setting = c->api->setting(ctx, "sunstone.zone_map_pushdown");
    if (setting && strcmp(setting, "off") == 0)
        return SS_OK;
    ss_scan_hint *hints = c->api->alloc(sizeof *hints * n);
    if (!hints)
        return c->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        ss_scan_hint *h = &hints[k];
        h->column = nh[i].column;
        h->op = nh[i].op;
        memset(&h->value, 0, sizeof h->value);
        if (nh[i].value) {
            if (c->api->expr_eval_scalar(ctx, nh[i].value, &h->value) != SS_OK) {
                c->api->free(hints);
                return SS_ERROR;
            }
            if (h->value.is_null) /* `column op NULL` is never true: the filter drops every row */
                continue;
        }
        k++;
    }
    int rc = k ? vt->scan_hint(ctx, c->scan, hints, k) : SS_OK;
    c->api->free(hints);
    return rc;
}

void ops_cursor_add_stats(ops_table_cursor *c)
{
    const ss_storage_vtable *vt = c->storage;
    if (!c->scan || !SS_STORAGE_HAS(vt, scan_stats) || !vt->scan_stats)
        return;
    ss_scan_stats s;
    memset(&s, 0, sizeof s);
    s.struct_size = sizeof s;
    if (!vt->scan_stats(c->scan, &s))
        return;
    c->have_stats = true;
    c->stats.unit = s.unit;
    c->stats.blocks_read += s.blocks_read;
    c->stats.blocks_skipped += s.blocks_skipped;
    c->stats.rows_read += s.rows_read;
    c->stats.rows_skipped += s.rows_skipped;
}

int ops_cursor_explain_stats(const ops_table_cursor *c, char *buf, size_t buflen)
{
    ops_table_cursor now = *c; /* the ended scans' counts plus the open one's */
    ops_cursor_add_stats(&now);
    if (!now.have_stats)
        return SS_OK;
    return ops_explain_appendf(buf, buflen, "  %s: %llu read (%llu rows), %llu skipped (%llu rows)",
                               now.stats.unit ? now.stats.unit : "Blocks", (unsigned long long)now.stats.blocks_read,
                               (unsigned long long)now.stats.rows_read, (unsigned long long)now.stats.blocks_skipped,
                               (unsigned long long)now.stats.rows_skipped);
}
