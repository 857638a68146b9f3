/* json_row.c — to_json / row_to_json of a whole-row reference (SELECT to_json(t) FROM t) and
 * json_agg's elements for one: the row as row_to_json writes a composite, {"col":value,...}
 * without spaces, from the binder's call (bind/bind_whole_row.c) whose arguments alternate
 * the column names (text constants) and the columns' values. */
#include "types/json/json_agg.h"
#include "types/json/json_fn.h"

static int row_json(jfn_row *r, int how)
{
    (void)how;
    ss_strbuf_putc(r->sb, '{');
    for (uint32_t k = 0; k + 1 < r->nargs; k += 2) {
        if (k)
            ss_strbuf_putc(r->sb, ',');
        const ss_text *name = jfn_text(r, k);
        json_escape(name->ptr, name->len, r->sb);
        ss_strbuf_putc(r->sb, ':');
        ss_value v;
        json_read_value(r->args[k + 1], r->i, &v);
        if (json_append_value(r->ctx, r->args[k + 1]->type, &v, r->sb) != SS_OK)
            return SS_ERROR;
    }
    ss_strbuf_putc(r->sb, '}');
    return jfn_set_buf(r->ctx, r->out, r->i, r->sb);
}

static JFN_ROWS(js_row, row_json, 0)

const ss_func_def json_row_def = {"row_to_json", 2, true, false, {0}, SS_TYPE_JSON, js_row, false};
