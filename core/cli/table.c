/* table.c — an in-memory result set that the printer formats: construction, row storage and
 * the per-type column alignment rule. */
#include "table.h"

#include <stdlib.h>

#include "xalloc.h"

void table_init(result_table *t, size_t ncols)
{
    t->ncols = ncols;
    t->headers = xcalloc(ncols ? ncols : 1, sizeof(char *));
    t->aligns = xcalloc(ncols ? ncols : 1, sizeof(col_align));
    for (size_t i = 0; i < ncols; i++)
        t->headers[i] = xstrdup("");
    t->nrows = 0;
    t->row_cap = 0;
    t->cells = NULL;
    t->title = NULL;
    t->footers = NULL;
    t->nfooters = 0;
    t->row_count_footer = true;
}

void table_free(result_table *t)
{
    for (size_t i = 0; i < t->ncols; i++)
        free(t->headers[i]);
    free(t->headers);
    free(t->aligns);
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        free(t->cells[i]);
    free(t->cells);
    free(t->title);
    for (size_t i = 0; i < t->nfooters; i++)
        free(t->footers[i]);
    free(t->footers);
    t->headers = NULL;
    t->aligns = NULL;
    t->cells = NULL;
    t->title = NULL;
    t->footers = NULL;
    t->ncols = t->nrows = t->row_cap = t->nfooters = 0;
}

void table_set_column(result_table *t, size_t col, const char *name, col_align align)
{
    free(t->headers[col]);
    t->headers[col] = xstrdup(name ? name : "");
    t->aligns[col] = align;
}

void table_add_row(result_table *t, const char *const *values)
{
    if (t->nrows == t->row_cap) {
        t->row_cap = t->row_cap ? t->row_cap * 2 : 16;
        t->cells = xrealloc(t->cells, t->row_cap * (t->ncols ? t->ncols : 1) * sizeof(char *));
    }
    char **row = t->cells + t->nrows * t->ncols;
    for (size_t i = 0; i < t->ncols; i++)
        row[i] = values[i] ? xstrdup(values[i]) : NULL;
    t->nrows++;
}

void table_set_title(result_table *t, const char *title)
{
    free(t->title);
    t->title = title ? xstrdup(title) : NULL;
}

void table_add_footer(result_table *t, const char *line)
{
    t->footers = xrealloc(t->footers, (t->nfooters + 1) * sizeof(char *));
    t->footers[t->nfooters++] = xstrdup(line);
}

const char *table_cell(const result_table *t, size_t row, size_t col)
{
    return t->cells[row * t->ncols + col];
}

col_align align_for_type(uint32_t type_oid)
{
    switch (type_oid) {
    case 20:   /* int8 */
    case 21:   /* int2 */
    case 23:   /* int4 */
    case 26:   /* oid */
    case 28:   /* xid */
    case 29:   /* cid */
    case 700:  /* float4 */
    case 701:  /* float8 */
    case 790:  /* money */
    case 1700: /* numeric */
    case 5069: /* xid8 */
        return ALIGN_RIGHT;
    default:
        return ALIGN_LEFT;
    }
}
