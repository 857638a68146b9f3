/* printer_expanded.c — psql 15's expanded output (\x): each row a block of "name | value"
 * lines.  Aligned: a record line ("-[ RECORD n ]" with border 1, "* Record n" with border 0,
 * "+-[ RECORD n ]-+" with border 2) heads each row, the value column is widened so the
 * lines are as wide as the widest record line, values continuing on another line end in "+",
 * and only a table's own footers follow (a result without rows shows its "(0 rows)").
 * Unaligned: name, field separator, value per line, rows separated by two record separators. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "printer.h"
#include "xalloc.h"

/* The record line of record number rec (0: none, as between rows without headers), laid out
   over the name column (hwidth) and the value column (dwidth): the label is written from the
   line's start, and the rule (dashes with the "+" over the column separator; spaces with
   border 0) continues where the label ends. */
static void put_record_line(FILE *out, unsigned long rec, size_t hwidth, size_t dwidth, int border)
{
    char fill = border > 0 ? '-' : ' ';
    long used = 0;
    if (border == 2)
        fputs("+-", out);
    else if (border == 1)
        fputc('-', out);
    if (rec > 0)
        used = fprintf(out, border == 0 ? "* Record %lu" : "[ RECORD %lu ]", rec);
    if (border != 2)
        used++;
    for (long i = used; i < (long)hwidth; i++)
        fputc(fill, out);
    used -= (long)hwidth;
    const char *mid = border > 0 ? "-+-" : " ";
    for (const char *m = mid; *m; m++, used--)
        if (used <= 0)
            fputc(*m, out);
    if (used < 0)
        used = 0;
    for (long i = used; i < (long)dwidth; i++)
        fputc(fill, out);
    if (border == 2)
        fputs("-+", out);
    fputc('\n', out);
}

static size_t record_label_width(unsigned long rec, int border)
{
    char label[48];
    return (size_t)snprintf(label, sizeof label, border == 0 ? "* Record %lu" : "[ RECORD %lu ]", rec);
}

/* One row: each column's name and value, line by line. */
static void put_record(FILE *out, const cell_lines *heads, const cell_lines *row, size_t ncols, size_t hwidth,
                       size_t dwidth, int border)
{
    for (size_t j = 0; j < ncols; j++) {
        const cell_lines *h = &heads[j], *v = &row[j];
        size_t n = h->nlines > v->nlines ? h->nlines : v->nlines;
        for (size_t k = 0; k < n; k++) {
            if (border == 2)
                fputs("| ", out);
            if (k < h->nlines) {
                fputs(h->text[k], out);
                print_spaces(out, hwidth - h->width[k]);
            } else {
                print_spaces(out, hwidth);
            }
            fputc(k + 1 < h->nlines ? '+' : ' ', out);
            if (border > 0)
                fputs("| ", out);
            if (k < v->nlines) {
                bool more = k + 1 < v->nlines;
                fputs(v->text[k], out);
                if (more || border == 2)
                    print_spaces(out, dwidth - v->width[k]);
                if (more)
                    fputc('+', out);
                else if (border == 2)
                    fputc(' ', out);
            } else if (border == 2) {
                print_spaces(out, dwidth + 1);
            }
            if (border == 2)
                fputc('|', out);
            fputc('\n', out);
        }
    }
}

void print_expanded_aligned(FILE *out, const result_table *t, const print_opts *opt)
{
    int border = opt->border > 2 ? 2 : opt->border;
    size_t ncols = t->ncols;
    if (t->nrows == 0 || ncols == 0) {
        if (!opt->tuples_only) {
            for (size_t i = 0; i < t->nfooters; i++)
                fprintf(out, "%s\n", t->footers[i]);
            if (t->nfooters == 0 && t->row_count_footer && !opt->no_footer)
                fprintf(out, t->nrows == 1 ? "(%zu row)\n" : "(%zu rows)\n", t->nrows);
        }
        fputc('\n', out);
        return;
    }
    cell_lines *heads = xcalloc(ncols, sizeof(cell_lines));
    cell_lines *cells = xcalloc(t->nrows * ncols, sizeof(cell_lines));
    size_t hwidth = 0, dwidth = 0;
    bool multiline = false;
    for (size_t j = 0; j < ncols; j++) {
        cell_lines_format(t->headers[j], &heads[j]);
        for (size_t k = 0; k < heads[j].nlines; k++)
            if (heads[j].width[k] > hwidth)
                hwidth = heads[j].width[k];
    }
    for (size_t i = 0; i < t->nrows * ncols; i++) {
        cell_lines_format(print_cell_text(t, i / ncols, i % ncols, opt), &cells[i]);
        multiline |= cells[i].nlines > 1;
        for (size_t k = 0; k < cells[i].nlines; k++)
            if (cells[i].width[k] > dwidth)
                dwidth = cells[i].width[k];
    }
    if (!opt->tuples_only) {
        /* the value column reaches the end of the widest record line */
        size_t label = record_label_width((unsigned long)t->nrows, border);
        size_t line = border == 0 ? label : border == 1 ? label + 1 : label + 4;
        size_t fixed = border == 0 ? hwidth + 1 + multiline : border == 1 ? hwidth + 3 + multiline : hwidth + 7;
        if (line > fixed + dwidth)
            dwidth = line - fixed;
        const char *title = opt->title ? opt->title : t->title;
        if (title)
            fprintf(out, "%s\n", title);
    }
    for (size_t r = 0; r < t->nrows; r++) {
        if (!opt->tuples_only)
            put_record_line(out, (unsigned long)r + 1, hwidth, dwidth, border);
        else if (r > 0 || border == 2)
            put_record_line(out, 0, hwidth, dwidth, border);
        put_record(out, heads, cells + r * ncols, ncols, hwidth, dwidth, border);
    }
    if (border == 2)
        put_record_line(out, 0, hwidth, dwidth, border);
    if (!opt->tuples_only)
        for (size_t i = 0; i < t->nfooters; i++)
            fprintf(out, "%s\n", t->footers[i]);
    fputc('\n', out);
    for (size_t j = 0; j < ncols; j++)
        cell_lines_free(&heads[j]);
    for (size_t i = 0; i < t->nrows * ncols; i++)
        cell_lines_free(&cells[i]);
    free(heads);
    free(cells);
}

void print_expanded_unaligned(FILE *out, const result_table *t, const print_opts *opt)
{
    const char *sep = opt->fieldsep ? opt->fieldsep : "|";
    const char *rsep = opt->recordsep ? opt->recordsep : "\n";
    bool need_rsep = false;
    const char *title = opt->title ? opt->title : t->title;
    if (!opt->tuples_only && title) {
        fputs(title, out);
        need_rsep = true;
    }
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t j = 0; j < t->ncols; j++) {
            if (need_rsep) { /* between rows: two record separators */
                fputs(rsep, out);
                fputs(rsep, out);
                need_rsep = false;
            }
            fprintf(out, "%s%s%s", t->headers[j], sep, print_cell_text(t, r, j, opt));
            if (j + 1 < t->ncols)
                fputs(rsep, out);
            else
                need_rsep = true;
        }
    }
    if (!opt->tuples_only)
        for (size_t i = 0; i < t->nfooters; i++) {
            fputs(rsep, out);
            fputs(t->footers[i], out);
            need_rsep = true;
        }
    if (need_rsep)
        fputc('\n', out);
}
