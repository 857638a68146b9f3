/* printer.h — formats a result_table the way psql 15 does: aligned (the default, borders 0 to
 * 2), unaligned (-A) or CSV, each as a table or expanded (one record per block, \x), with or
 * without header and footer (-t, \pset footer), with psql's null display and title. */
#ifndef SUNSTONE_CLI_PRINTER_H
#define SUNSTONE_CLI_PRINTER_H

#include <stdbool.h>
#include <stdio.h>

#include "table.h"

typedef enum print_format { PRINT_ALIGNED, PRINT_UNALIGNED, PRINT_CSV } print_format;
typedef enum print_expanded { EXPANDED_OFF, EXPANDED_ON, EXPANDED_AUTO } print_expanded;

typedef struct print_opts {
    print_format format;
    bool tuples_only;         /* -t: no title, header or footer */
    const char *fieldsep;     /* unaligned field separator (-F), "|" by default */
    const char *recordsep;    /* unaligned record separator, "\n" by default (NULL: "\n") */
    char csv_fieldsep;        /* ',' by default (0: ',') */
    int border;               /* 0, 1 (default) or 2; psql accepts more and draws them as 2 */
    print_expanded expanded;  /* \x */
    bool no_footer;           /* \pset footer off: no "(N rows)" (tables' own footers stay) */
    const char *null_display; /* \pset null: what a NULL shows (NULL: empty) */
    const char *title;        /* \pset title: the title of query results (NULL: the table's) */
    int columns;              /* \pset columns: the width expanded auto compares with (0: the
                                 terminal's, when the output is one) */
} print_opts;

/* The defaults: aligned, border 1, footers, "|" and ",", no null display or title. */
void print_opts_init(print_opts *opt);

void print_table(FILE *out, const result_table *t, const print_opts *opt);

/* printer_expanded.c: the expanded (vertical) forms of aligned and unaligned output. */
void print_expanded_aligned(FILE *out, const result_table *t, const print_opts *opt);
void print_expanded_unaligned(FILE *out, const result_table *t, const print_opts *opt);
/* printer_csv.c: CSV, as a table or expanded (name,value lines). */
void print_csv(FILE *out, const result_table *t, const print_opts *opt, bool expanded);

/* printer.c's cell layout, shared with printer_expanded.c: a value broken into display lines
 * (tabs expanded, control characters escaped) with each line's display width. */
typedef struct cell_lines {
    size_t nlines;
    char **text;
    size_t *width;
} cell_lines;
void cell_lines_format(const char *value, cell_lines *c);
void cell_lines_free(cell_lines *c);
/* The text a cell shows: the value, or the null display for a NULL ("" without one). */
const char *print_cell_text(const result_table *t, size_t row, size_t col, const print_opts *opt);
void print_spaces(FILE *out, size_t n);
void print_repeat(FILE *out, char ch, size_t n);

#endif
