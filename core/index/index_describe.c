/* index_describe.c — the "Indexes:" footer of \d TABLE as psql 15 prints it: one line per
 * index, the primary key first, then by name, each `"name" PRIMARY KEY, btree (cols)`,
 * `UNIQUE CONSTRAINT`, `UNIQUE` or plain, with the key columns as pg_get_indexdef shows
 * them (DESC, NULLS FIRST / NULLS LAST where they differ from the default), expression keys
 * and a partial index's WHERE printed from their trees with the columns' names of now
 * (so a RENAME COLUMN shows). */
#include <stdlib.h>
#include <string.h>

#include "exec/expr_text.h"
#include "index/index.h"
#include "types/func_impl.h"
#include "util/strbuf.h"

/* The name now of the column an expression tree of ix (arg) reads. */
static const char *col_name(const void *arg, uint32_t index)
{
    const ss_index *ix = arg;
    if (index >= ix->expr_ncols)
        return NULL;
    uint32_t now = ix->cols[ix->nkeys + index];
    return now < ix->table->ncols ? ix->table->cols[now].name : NULL;
}

char *ss_index_key_sql(const ss_index *ix, uint32_t k, bool pretty)
{
    const ss_expr *e = ix->exprs ? ix->exprs[k] : NULL;
    if (!e)
        return strdup(ix->table->cols[ix->cols[k]].name);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    bool function = ss_expr_sql_is_call(e); /* ruleutils' looks_like_function */
    if (!function)
        ss_strbuf_putc(&sb, '(');
    bool ok = ss_expr_sql(&sb, e, 0, col_name, ix, pretty);
    if (!function)
        ss_strbuf_putc(&sb, ')');
    if (!ok || sb.oom) {
        ss_strbuf_free(&sb);
        return NULL;
    }
    return sb.data;
}

char *ss_index_pred_sql(const ss_index *ix, bool pretty)
{
    if (!ix->pred)
        return NULL;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    if (!ss_expr_sql(&sb, ix->pred, 0, col_name, ix, pretty) || sb.oom) {
        ss_strbuf_free(&sb);
        return NULL;
    }
    return sb.data;
}

char *ss_index_def_sql(const ss_index *ix, const char *schema)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_strbuf_puts(&sb, ix->unique ? "CREATE UNIQUE INDEX " : "CREATE INDEX ");
    ss_quote_ident_append(&sb, ix->name, strlen(ix->name));
    ss_strbuf_puts(&sb, " ON ");
    ss_quote_ident_append(&sb, schema, strlen(schema));
    ss_strbuf_putc(&sb, '.');
    ss_quote_ident_append(&sb, ix->table->name, strlen(ix->table->name));
    ss_strbuf_printf(&sb, " USING %s (", ix->am);
    bool ok = true;
    for (uint32_t k = 0; k < ix->nkeys && ok; k++) {
        bool desc = ix->flags[k] & SS_INDEX_DESC, nf = ix->flags[k] & SS_INDEX_NULLS_FIRST;
        if (k)
            ss_strbuf_puts(&sb, ", ");
        if (ix->cols[k] == SS_INDEX_EXPR_KEY) {
            char *key = ss_index_key_sql(ix, k, false);
            ok = key != NULL;
            ss_strbuf_puts(&sb, key ? key : "");
            free(key);
        } else {
            const char *col = ix->table->cols[ix->cols[k]].name;
            ss_quote_ident_append(&sb, col, strlen(col));
        }
        ss_strbuf_puts(&sb, desc ? " DESC" : "");
        ss_strbuf_puts(&sb, desc && !nf ? " NULLS LAST" : !desc && nf ? " NULLS FIRST" : "");
    }
    ss_strbuf_putc(&sb, ')');
    if (ok && ix->pred) {
        char *pred = ss_index_pred_sql(ix, false);
        ok = pred != NULL;
        if (pred)
            ss_strbuf_printf(&sb, " WHERE %s", pred);
        free(pred);
    }
    if (!ok || sb.oom) {
        ss_strbuf_free(&sb);
        return NULL;
    }
    return sb.data;
}

static const ss_index *const *sort_list;

static int cmp_index(const void *a, const void *b)
{
    const ss_index *x = sort_list[*(const uint32_t *)a], *y = sort_list[*(const uint32_t *)b];
    if (x->primary != y->primary)
        return x->primary ? -1 : 1;
    return strcmp(x->name, y->name);
}

char *ss_index_describe_lines(const ss_table *t)
{
    const ss_table_indexes *ti = t->indexes;
    if (!ti || ti->n == 0)
        return NULL;
    uint32_t *order = malloc(sizeof(uint32_t) * ti->n);
    if (!order)
        return NULL;
    for (uint32_t i = 0; i < ti->n; i++)
        order[i] = i;
    sort_list = (const ss_index *const *)ti->list;
    qsort(order, ti->n, sizeof *order, cmp_index);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    for (uint32_t k = 0; k < ti->n; k++) {
        const ss_index *ix = ti->list[order[k]];
        const char *kind = ix->primary ? " PRIMARY KEY," : ix->constraint ? " UNIQUE CONSTRAINT," : ix->unique ? " UNIQUE," : "";
        ss_strbuf_printf(&sb, "%s\"%s\"%s %s (", k ? "\n" : "", ix->name, kind, ix->am);
        for (uint32_t i = 0; i < ix->nkeys; i++) {
            bool desc = ix->flags[i] & SS_INDEX_DESC, nf = ix->flags[i] & SS_INDEX_NULLS_FIRST;
            char *key = ss_index_key_sql(ix, i, true);
            ss_strbuf_printf(&sb, "%s%s%s%s", i ? ", " : "", key ? key : "?", desc ? " DESC" : "",
                             desc && !nf ? " NULLS LAST" : !desc && nf ? " NULLS FIRST" : "");
            free(key);
        }
        ss_strbuf_putc(&sb, ')');
        char *pred = ss_index_pred_sql(ix, true);
        if (pred)
            ss_strbuf_printf(&sb, " WHERE %s", pred);
        free(pred);
        if (ix->deferrable) /* psql's footer, after pg_get_indexdef's text */
            ss_strbuf_puts(&sb, " DEFERRABLE");
        if (ix->initdeferred)
            ss_strbuf_puts(&sb, " INITIALLY DEFERRED");
    }
    free(order);
    if (sb.oom) {
        ss_strbuf_free(&sb);
        return NULL;
    }
    return sb.data;
}
