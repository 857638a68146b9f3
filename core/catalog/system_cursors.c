/* system_cursors.c — the rows of pg_cursors (system_views.c serves the view): the running
 * session's open cursors (ctx->cursors, exec/cursors.h) with PostgreSQL's columns. */
#include <string.h>

#include "catalog/system_session_views.h"
#include "exec/cursors.h"

int ss_system_cursors_fill(ss_ctx *ctx, ss_view_row_fn add, void *arg)
{
    const ss_cursor_set *s = ctx->cursors;
    for (uint32_t i = 0; s && i < s->n; i++) {
        const ss_cursor *c = s->items[i];
        ss_value created = {0};
        created.v.i = c->created;
        ss_value row[6] = {ss_row_text(c->name),
                           ss_row_text(c->statement),
                           ss_row_bool(c->options & AST_CURSOR_HOLD),
                           ss_row_bool(c->options & AST_CURSOR_BINARY),
                           ss_row_bool(!(c->options & AST_CURSOR_NO_SCROLL)),
                           created};
        if (add(ctx, arg, row))
            return SS_ERROR;
    }
    return SS_OK;
}
