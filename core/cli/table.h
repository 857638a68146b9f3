/* table.h — an in-memory result set (column names, alignments, rows of text values, optional
 * title and footers) that the printer formats; filled from query results or by hand. */
#ifndef SUNSTONE_CLI_TABLE_H
#define SUNSTONE_CLI_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum col_align { ALIGN_LEFT, ALIGN_RIGHT } col_align;

typedef struct result_table {
    size_t ncols;
    char **headers;
    col_align *aligns;
    size_t nrows;
    size_t row_cap;
    char **cells;          /* nrows * ncols values, row-major; NULL is SQL NULL */
    char *title;           /* NULL: no title line */
    char **footers;        /* extra footer lines; when present they replace "(N rows)" */
    size_t nfooters;
    bool row_count_footer; /* print "(N rows)" when there are no extra footers */
} result_table;

void table_init(result_table *t, size_t ncols);
void table_free(result_table *t);
void table_set_column(result_table *t, size_t col, const char *name, col_align align);
/* Appends a row; values holds ncols entries (NULL entries are SQL NULLs) which are copied. */
void table_add_row(result_table *t, const char *const *values);
void table_set_title(result_table *t, const char *title);
void table_add_footer(result_table *t, const char *line);
const char *table_cell(const result_table *t, size_t row, size_t col);

/* psql's alignment rule: numeric types (int2/4/8, float4/8, numeric, oid, xid, xid8, cid,
 * money) are right-aligned, everything else left-aligned. */
col_align align_for_type(uint32_t type_oid);

#endif
