/* index_describe.c — the "Indexes:" footer of \d TABLE as psql 15 prints it: one line per
 * index, the primary key first, then by name, each `"name" PRIMARY KEY, btree (cols)`,
 * `UNIQUE CONSTRAINT`, `UNIQUE` or plain, with the key columns as pg_get_indexdef shows
 * them (DESC, NULLS FIRST / NULLS LAST where they differ from the default). */
#include <stdlib.h>
#include <string.h>

#include "index/index.h"
#include "util/strbuf.h"

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
            ss_strbuf_printf(&sb, "%s%s%s%s", i ? ", " : "", t->cols[ix->cols[i]].name, desc ? " DESC" : "",
                             desc && !nf ? " NULLS LAST" : !desc && nf ? " NULLS FIRST" : "");
        }
        ss_strbuf_putc(&sb, ')');
    }
    free(order);
    if (sb.oom) {
        ss_strbuf_free(&sb);
        return NULL;
    }
    return sb.data;
}
