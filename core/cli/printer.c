/* printer.c — formats a result_table the way psql 15 does.
 *
 * Aligned: a centered title, a header row with each name centered over its column, a dash
 * line with "-+-" crossings, one line per row with " | " separators (numbers right-aligned),
 * a "(N rows)" footer and a blank line.  Values spanning several lines are printed one line
 * under the other with a "+" in the separator after every line that continues; tabs are
 * expanded to 8-column stops and control characters shown as \r or \xHH.
 * Unaligned: fields joined by the separator, values verbatim. */
#include "printer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "width.h"
#include "xalloc.h"

/* One value broken into display lines. */
typedef struct cell_lines {
    size_t nlines;
    char **text;
    size_t *width;
} cell_lines;

static void add_line(cell_lines *c, buf *b, size_t width)
{
    c->text = xrealloc(c->text, (c->nlines + 1) * sizeof(char *));
    c->width = xrealloc(c->width, (c->nlines + 1) * sizeof(size_t));
    c->text[c->nlines] = buf_detach(b);
    c->width[c->nlines] = width;
    c->nlines++;
}

/* Splits a value into lines and renders each for display. */
static void format_cell(const char *value, cell_lines *c)
{
    c->nlines = 0;
    c->text = NULL;
    c->width = NULL;
    buf b;
    buf_init(&b);
    size_t width = 0;
    const char *s = value ? value : "";
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '\n') {
            add_line(c, &b, width);
            width = 0;
            i++;
        } else if (ch == '\t') {
            size_t next = (width / 8 + 1) * 8;
            buf_pad(&b, ' ', next - width);
            width = next;
            i++;
        } else if (ch == '\r') {
            buf_puts(&b, "\\r");
            width += 2;
            i++;
        } else if (ch < 0x20 || ch == 0x7F) {
            buf_printf(&b, "\\x%02X", ch);
            width += 4;
            i++;
        } else {
            int32_t cp;
            size_t len = utf8_decode(s + i, n - i, &cp);
            buf_append(&b, s + i, len);
            width += cp < 0 ? 1 : (size_t)codepoint_width(cp);
            i += len;
        }
    }
    add_line(c, &b, width);
    buf_free(&b);
}

static void free_cell(cell_lines *c)
{
    for (size_t i = 0; i < c->nlines; i++)
        free(c->text[i]);
    free(c->text);
    free(c->width);
}

static void put_spaces(FILE *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fputc(' ', out);
}

static void put_footers(FILE *out, const result_table *t)
{
    if (t->nfooters > 0) {
        for (size_t i = 0; i < t->nfooters; i++)
            fprintf(out, "%s\n", t->footers[i]);
    } else if (t->row_count_footer) {
        fprintf(out, t->nrows == 1 ? "(%zu row)\n" : "(%zu rows)\n", t->nrows);
    }
}

static void print_aligned(FILE *out, const result_table *t, const print_opts *opt)
{
    size_t ncols = t->ncols;
    size_t ncells = t->nrows * ncols;
    cell_lines *heads = xcalloc(ncols ? ncols : 1, sizeof(cell_lines));
    cell_lines *cells = xcalloc(ncells ? ncells : 1, sizeof(cell_lines));
    size_t *widths = xcalloc(ncols ? ncols : 1, sizeof(size_t));

    for (size_t j = 0; j < ncols; j++) {
        format_cell(t->headers[j], &heads[j]);
        for (size_t k = 0; k < heads[j].nlines; k++)
            if (heads[j].width[k] > widths[j])
                widths[j] = heads[j].width[k];
    }
    for (size_t i = 0; i < ncells; i++) {
        format_cell(t->cells[i], &cells[i]);
        size_t j = i % ncols;
        for (size_t k = 0; k < cells[i].nlines; k++)
            if (cells[i].width[k] > widths[j])
                widths[j] = cells[i].width[k];
    }

    if (!opt->tuples_only) {
        if (t->title) {
            size_t total = 0;
            for (size_t j = 0; j < ncols; j++)
                total += widths[j] + 3;
            if (total > 0)
                total -= 1;
            size_t tw = utf8_display_width(t->title, strlen(t->title));
            if (total > tw)
                put_spaces(out, (total - tw) / 2);
            fprintf(out, "%s\n", t->title);
        }
        if (ncols > 0) {
            size_t hlines = 0;
            for (size_t j = 0; j < ncols; j++)
                if (heads[j].nlines > hlines)
                    hlines = heads[j].nlines;
            for (size_t k = 0; k < hlines; k++) {
                for (size_t j = 0; j < ncols; j++) {
                    if (j > 0)
                        fputc('|', out);
                    fputc(' ', out);
                    if (k < heads[j].nlines) {
                        size_t free_cols = widths[j] - heads[j].width[k];
                        put_spaces(out, free_cols / 2);
                        fputs(heads[j].text[k], out);
                        put_spaces(out, free_cols - free_cols / 2);
                    } else {
                        put_spaces(out, widths[j]);
                    }
                    fputc(k + 1 < heads[j].nlines ? '+' : ' ', out);
                }
                fputc('\n', out);
            }
        }
        fputc('-', out);
        for (size_t j = 0; j < ncols; j++) {
            for (size_t k = 0; k < widths[j]; k++)
                fputc('-', out);
            if (j + 1 < ncols)
                fputs("-+-", out);
        }
        fputs("-\n", out);
    }

    for (size_t r = 0; r < t->nrows && ncols > 0; r++) {
        cell_lines *row = cells + r * ncols;
        size_t nlines = 0;
        for (size_t j = 0; j < ncols; j++)
            if (row[j].nlines > nlines)
                nlines = row[j].nlines;
        for (size_t k = 0; k < nlines; k++) {
            for (size_t j = 0; j < ncols; j++) {
                bool last = j + 1 == ncols;
                if (j > 0)
                    fputc('|', out);
                fputc(' ', out);
                if (k >= row[j].nlines) {
                    if (!last) {
                        put_spaces(out, widths[j]);
                        fputc(' ', out);
                    }
                    continue;
                }
                bool more = k + 1 < row[j].nlines;
                size_t free_cols = widths[j] - row[j].width[k];
                if (t->aligns[j] == ALIGN_RIGHT) {
                    put_spaces(out, free_cols);
                    fputs(row[j].text[k], out);
                } else {
                    fputs(row[j].text[k], out);
                    if (!last || more)
                        put_spaces(out, free_cols);
                }
                if (more)
                    fputc('+', out);
                else if (!last)
                    fputc(' ', out);
            }
            fputc('\n', out);
        }
    }

    if (!opt->tuples_only)
        put_footers(out, t);
    fputc('\n', out);

    for (size_t j = 0; j < ncols; j++)
        free_cell(&heads[j]);
    for (size_t i = 0; i < ncells; i++)
        free_cell(&cells[i]);
    free(heads);
    free(cells);
    free(widths);
}

static void print_unaligned(FILE *out, const result_table *t, const print_opts *opt)
{
    const char *sep = opt->fieldsep ? opt->fieldsep : "|";
    bool need_newline = false;

    if (!opt->tuples_only) {
        if (t->title)
            fprintf(out, "%s\n", t->title);
        for (size_t j = 0; j < t->ncols; j++) {
            if (j > 0)
                fputs(sep, out);
            fputs(t->headers[j], out);
        }
        need_newline = true;
    }
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t j = 0; j < t->ncols; j++) {
            if (need_newline) {
                fputc('\n', out);
                need_newline = false;
            }
            const char *v = table_cell(t, r, j);
            fputs(v ? v : "", out);
            if (j + 1 == t->ncols)
                need_newline = true;
            else
                fputs(sep, out);
        }
    }
    if (!opt->tuples_only) {
        if (need_newline)
            fputc('\n', out);
        need_newline = false;
        put_footers(out, t);
    }
    if (need_newline)
        fputc('\n', out);
}

void print_table(FILE *out, const result_table *t, const print_opts *opt)
{
    if (opt->aligned)
        print_aligned(out, t, opt);
    else
        print_unaligned(out, t, opt);
}
