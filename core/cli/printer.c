/* printer.c — formats a result_table the way psql 15 does (its print_aligned_text and
 * print_unaligned_text), and picks the form: table or expanded, aligned, unaligned or CSV.
 *
 * Aligned: a centered title, a header row with each name centered over its column, a dash
 * line, one line per row (numbers right-aligned), a "(N rows)" footer and a blank line.
 * Border 0 separates columns by a space, border 1 (the default) by " | " with "-+-" in the
 * dash line, border 2 adds an outer frame.  Values spanning several lines are printed one
 * line under the other with a "+" in the separator after every line that continues; tabs are
 * expanded to 8-column stops and control characters shown as \r or \xHH.
 * Unaligned: fields joined by the field separator, records by the record separator, values
 * verbatim. */
#include "printer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "buf.h"
#include "width.h"
#include "xalloc.h"

void print_opts_init(print_opts *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->format = PRINT_ALIGNED;
    opt->border = 1;
    opt->fieldsep = "|";
    opt->recordsep = "\n";
    opt->csv_fieldsep = ',';
}

static void add_line(cell_lines *c, buf *b, size_t width)
{
    c->text = xrealloc(c->text, (c->nlines + 1) * sizeof(char *));
    c->width = xrealloc(c->width, (c->nlines + 1) * sizeof(size_t));
    c->text[c->nlines] = buf_detach(b);
    c->width[c->nlines] = width;
    c->nlines++;
}

/* Splits a value into lines and renders each for display. */
void cell_lines_format(const char *value, cell_lines *c)
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

void cell_lines_free(cell_lines *c)
{
    for (size_t i = 0; i < c->nlines; i++)
        free(c->text[i]);
    free(c->text);
    free(c->width);
}

void print_spaces(FILE *out, size_t n)
{
    print_repeat(out, ' ', n);
}

void print_repeat(FILE *out, char ch, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fputc(ch, out);
}

const char *print_cell_text(const result_table *t, size_t row, size_t col, const print_opts *opt)
{
    const char *v = table_cell(t, row, col);
    return v ? v : opt->null_display ? opt->null_display : "";
}

static const char *title_of(const result_table *t, const print_opts *opt)
{
    return opt->title ? opt->title : t->title;
}

static void put_footers(FILE *out, const result_table *t, const print_opts *opt)
{
    if (t->nfooters > 0) {
        for (size_t i = 0; i < t->nfooters; i++)
            fprintf(out, "%s\n", t->footers[i]);
    } else if (t->row_count_footer && !opt->no_footer) {
        fprintf(out, t->nrows == 1 ? "(%zu row)\n" : "(%zu rows)\n", t->nrows);
    }
}

/* The display width of the aligned table (psql's width_total): columns, separators, frame. */
static size_t aligned_width(const size_t *widths, size_t ncols, int border)
{
    size_t total = border == 0 ? ncols : border == 1 ? (ncols ? ncols * 3 - 1 : 0) : ncols * 3 + 1;
    for (size_t j = 0; j < ncols; j++)
        total += widths[j];
    return total;
}

/* A rule line: border 1's dash line under the header ("-----+---"), border 2's frame lines
   ("+-----+---+"), border 0's "--- ---". */
static void put_rule(FILE *out, const size_t *widths, size_t ncols, int border)
{
    if (border == 2)
        fputc('+', out);
    for (size_t j = 0; j < ncols; j++) {
        if (border == 0) {
            if (j > 0)
                fputc(' ', out);
            print_repeat(out, '-', widths[j]);
        } else {
            if (j > 0 && border == 1)
                fputc('+', out);
            print_repeat(out, '-', widths[j] + 2);
            if (border == 2)
                fputc('+', out);
        }
    }
    fputc('\n', out);
}

/* What goes between column j's text (and its wrap marker) and column j + 1's, and after the
   last column: border 0 nothing, 1 "| " between, 2 "| " between and "|" at the end. */
static void put_separator(FILE *out, bool last, int border)
{
    if (border == 0)
        return;
    if (!last)
        fputs("| ", out);
    else if (border == 2)
        fputc('|', out);
}

static void put_line_start(FILE *out, int border)
{
    if (border == 2)
        fputs("| ", out);
    else if (border == 1)
        fputc(' ', out);
}

static void put_header_lines(FILE *out, const cell_lines *heads, const size_t *widths, size_t ncols, int border)
{
    size_t hlines = 0;
    for (size_t j = 0; j < ncols; j++)
        if (heads[j].nlines > hlines)
            hlines = heads[j].nlines;
    for (size_t k = 0; k < hlines; k++) {
        put_line_start(out, border);
        for (size_t j = 0; j < ncols; j++) {
            if (k < heads[j].nlines) {
                size_t free_cols = widths[j] - heads[j].width[k];
                print_spaces(out, free_cols / 2);
                fputs(heads[j].text[k], out);
                print_spaces(out, free_cols - free_cols / 2);
            } else {
                print_spaces(out, widths[j]);
            }
            fputc(k + 1 < heads[j].nlines ? '+' : ' ', out);
            put_separator(out, j + 1 == ncols, border);
        }
        fputc('\n', out);
    }
}

static void put_row_lines(FILE *out, const result_table *t, const cell_lines *row, const size_t *widths, int border)
{
    size_t ncols = t->ncols, nlines = 0;
    for (size_t j = 0; j < ncols; j++)
        if (row[j].nlines > nlines)
            nlines = row[j].nlines;
    for (size_t k = 0; k < nlines; k++) {
        put_line_start(out, border);
        for (size_t j = 0; j < ncols; j++) {
            bool last = j + 1 == ncols;
            bool pad_last = border == 2; /* the frame needs the last column padded too */
            if (k >= row[j].nlines) {
                if (!last || pad_last) {
                    print_spaces(out, widths[j]);
                    fputc(' ', out);
                }
                put_separator(out, last, border);
                continue;
            }
            bool more = k + 1 < row[j].nlines;
            size_t free_cols = widths[j] - row[j].width[k];
            if (t->aligns[j] == ALIGN_RIGHT) {
                print_spaces(out, free_cols);
                fputs(row[j].text[k], out);
            } else {
                fputs(row[j].text[k], out);
                if (!last || more || pad_last)
                    print_spaces(out, free_cols);
            }
            if (more)
                fputc('+', out);
            else if (!last || pad_last)
                fputc(' ', out);
            put_separator(out, last, border);
        }
        fputc('\n', out);
    }
}

/* The cells of t laid out for display, and each column's width (headers included). */
static void layout(const result_table *t, const print_opts *opt, cell_lines **heads_out, cell_lines **cells_out,
                   size_t **widths_out)
{
    size_t ncols = t->ncols, ncells = t->nrows * ncols;
    cell_lines *heads = xcalloc(ncols ? ncols : 1, sizeof(cell_lines));
    cell_lines *cells = xcalloc(ncells ? ncells : 1, sizeof(cell_lines));
    size_t *widths = xcalloc(ncols ? ncols : 1, sizeof(size_t));
    for (size_t j = 0; j < ncols; j++) {
        cell_lines_format(t->headers[j], &heads[j]);
        for (size_t k = 0; k < heads[j].nlines; k++)
            if (heads[j].width[k] > widths[j])
                widths[j] = heads[j].width[k];
    }
    for (size_t i = 0; i < ncells; i++) {
        size_t j = i % ncols;
        cell_lines_format(print_cell_text(t, i / ncols, j, opt), &cells[i]);
        for (size_t k = 0; k < cells[i].nlines; k++)
            if (cells[i].width[k] > widths[j])
                widths[j] = cells[i].width[k];
    }
    *heads_out = heads;
    *cells_out = cells;
    *widths_out = widths;
}

static void free_layout(const result_table *t, cell_lines *heads, cell_lines *cells, size_t *widths)
{
    for (size_t j = 0; j < t->ncols; j++)
        cell_lines_free(&heads[j]);
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        cell_lines_free(&cells[i]);
    free(heads);
    free(cells);
    free(widths);
}

/* The width expanded auto compares the table with: \pset columns, else the terminal's. */
static size_t target_width(FILE *out, const print_opts *opt)
{
    if (opt->columns > 0)
        return (size_t)opt->columns;
    struct winsize ws;
    if (isatty(fileno(out)) && ioctl(fileno(out), TIOCGWINSZ, &ws) == 0)
        return ws.ws_col;
    return 0;
}

/* Prints t as an aligned table, or returns false when expanded auto finds it too wide. */
static bool print_aligned(FILE *out, const result_table *t, const print_opts *opt)
{
    size_t ncols = t->ncols;
    int border = opt->border > 2 ? 2 : opt->border;
    cell_lines *heads, *cells;
    size_t *widths;
    layout(t, opt, &heads, &cells, &widths);
    size_t total = aligned_width(widths, ncols, border);
    if (opt->expanded == EXPANDED_AUTO && ncols > 1) {
        size_t target = target_width(out, opt);
        if (target > 0 && total > target) {
            free_layout(t, heads, cells, widths);
            return false;
        }
    }

    const char *title = title_of(t, opt);
    if (!opt->tuples_only && title) {
        size_t tw = utf8_display_width(title, strlen(title));
        if (total > tw)
            print_spaces(out, (total - tw) / 2);
        fprintf(out, "%s\n", title);
    }
    if (border == 2 && ncols > 0)
        put_rule(out, widths, ncols, border);
    if (!opt->tuples_only) {
        if (ncols > 0)
            put_header_lines(out, heads, widths, ncols, border);
        if (border == 1 && ncols == 0)
            fputs("--\n", out); /* psql's rule for a result without columns */
        else if (border != 2 || ncols > 0)
            put_rule(out, widths, ncols, border);
    }
    for (size_t r = 0; r < t->nrows && ncols > 0; r++)
        put_row_lines(out, t, cells + r * ncols, widths, border);
    if (border == 2 && ncols > 0)
        put_rule(out, widths, ncols, border);

    if (!opt->tuples_only)
        put_footers(out, t, opt);
    fputc('\n', out);
    free_layout(t, heads, cells, widths);
    return true;
}

static void print_unaligned(FILE *out, const result_table *t, const print_opts *opt)
{
    const char *sep = opt->fieldsep ? opt->fieldsep : "|";
    const char *rsep = opt->recordsep ? opt->recordsep : "\n";
    bool need_sep = false;

    if (!opt->tuples_only) {
        const char *title = title_of(t, opt);
        if (title)
            fprintf(out, "%s%s", title, rsep);
        for (size_t j = 0; j < t->ncols; j++) {
            if (j > 0)
                fputs(sep, out);
            fputs(t->headers[j], out);
        }
        need_sep = true;
    }
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t j = 0; j < t->ncols; j++) {
            if (need_sep) {
                fputs(rsep, out);
                need_sep = false;
            }
            fputs(print_cell_text(t, r, j, opt), out);
            if (j + 1 == t->ncols)
                need_sep = true;
            else
                fputs(sep, out);
        }
    }
    if (!opt->tuples_only) {
        bool has_footer = t->nfooters > 0 || (t->row_count_footer && !opt->no_footer);
        if (need_sep && has_footer)
            fputs(rsep, out);
        else if (need_sep)
            fputc('\n', out);
        need_sep = false;
        put_footers(out, t, opt);
    }
    if (need_sep)
        fputc('\n', out);
}

void print_table(FILE *out, const result_table *t, const print_opts *opt)
{
    bool expanded = opt->expanded == EXPANDED_ON;
    switch (opt->format) {
    case PRINT_CSV:
        print_csv(out, t, opt, expanded);
        return;
    case PRINT_UNALIGNED:
        if (expanded)
            print_expanded_unaligned(out, t, opt);
        else
            print_unaligned(out, t, opt);
        return;
    case PRINT_ALIGNED:
        if (expanded || !print_aligned(out, t, opt))
            print_expanded_aligned(out, t, opt);
        return;
    }
}
