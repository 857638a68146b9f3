/* parse_window.c — window specifications: an OVER clause (OVER name or OVER (...)) and a
 * SELECT's WINDOW clause into ast_window (partition, order, frame bits and offsets). */
#include "sql/transform.h"

ast_window *tr_window_def(transform_state *ts, WindowDef *w)
{
    ast_window *out = tr_alloc(ts, sizeof *out);
    if (!out)
        return NULL;
    out->location = w->location;
    out->frame_options = w->frameOptions;
    if (w->name && !(out->name = tr_strdup(ts, w->name)))
        return NULL;
    if (w->refname && !(out->refname = tr_strdup(ts, w->refname)))
        return NULL;
    if (!tr_list(ts, w->partitionClause, &out->partition, &out->npartition) ||
        !tr_sort_list(ts, w->orderClause, &out->order, &out->norder))
        return NULL;
    if (w->startOffset && !(out->start_offset = tr_expr(ts, w->startOffset)))
        return NULL;
    if (w->endOffset && !(out->end_offset = tr_expr(ts, w->endOffset)))
        return NULL;
    return out;
}

bool tr_window_clause(transform_state *ts, List *l, ast_select *out)
{
    out->nwindows = (uint32_t)list_length(l);
    if (!(out->windows = tr_alloc(ts, sizeof(ast_window) * out->nwindows)))
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, l) {
        ast_window *w = tr_window_def(ts, lfirst(lc));
        if (!w)
            return false;
        out->windows[i++] = *w;
    }
    return true;
}
