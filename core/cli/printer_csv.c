/* printer_csv.c — psql 15's CSV output (\pset format csv): a header line unless tuples only,
 * then one line per row; expanded, one "name,value" line per field.  A field is quoted (with
 * its quotes doubled) when it holds the separator, a quote, a newline or a carriage return,
 * or is exactly \. (the end-of-data marker of COPY); NULL prints the null display.  No
 * title and no footers. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "printer.h"

static void put_field(FILE *out, const char *s, char sep)
{
    bool quote = strchr(s, sep) || strpbrk(s, "\"\n\r") || strcmp(s, "\\.") == 0;
    if (!quote) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (const char *p = s; *p; p++) {
        if (*p == '"')
            fputc('"', out);
        fputc(*p, out);
    }
    fputc('"', out);
}

void print_csv(FILE *out, const result_table *t, const print_opts *opt, bool expanded)
{
    char sep = opt->csv_fieldsep ? opt->csv_fieldsep : ',';
    if (expanded) {
        for (size_t r = 0; r < t->nrows; r++)
            for (size_t j = 0; j < t->ncols; j++) {
                put_field(out, t->headers[j], sep);
                fputc(sep, out);
                put_field(out, print_cell_text(t, r, j, opt), sep);
                fputc('\n', out);
            }
        return;
    }
    if (!opt->tuples_only && t->ncols > 0) {
        for (size_t j = 0; j < t->ncols; j++) {
            if (j > 0)
                fputc(sep, out);
            put_field(out, t->headers[j], sep);
        }
        fputc('\n', out);
    }
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t j = 0; j < t->ncols; j++) {
            if (j > 0)
                fputc(sep, out);
            put_field(out, print_cell_text(t, r, j, opt), sep);
        }
        fputc('\n', out);
    }
}
