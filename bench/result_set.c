/* result_set.c — capturing a result as text cells and comparing two engines' results
 * (exact for integers and text, relative tolerance for floats, optionally order-blind). */
#include "result_set.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

void result_set_init(result_set *r)
{
    memset(r, 0, sizeof *r);
}

static void clear_cells(result_set *r)
{
    for (size_t i = 0; i < r->ncells; i++)
        free(r->cells[i]);
    r->ncells = 0;
    r->nrows = 0;
}

void result_set_begin(result_set *r, int ncols)
{
    clear_cells(r);
    r->ncols = ncols;
}

void result_set_add(result_set *r, const char *text)
{
    if (r->ncells == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        char **grown = realloc(r->cells, cap * sizeof(char *));
        if (grown == NULL)
            bench_die("out of memory");
        r->cells = grown;
        r->cap = cap;
    }
    char *copy = NULL;
    if (text != NULL) {
        size_t len = strlen(text);
        copy = malloc(len + 1);
        if (copy == NULL)
            bench_die("out of memory");
        memcpy(copy, text, len + 1);
    }
    r->cells[r->ncells++] = copy;
    if (r->ncols > 0 && r->ncells % (size_t)r->ncols == 0)
        r->nrows++;
}

void result_set_free(result_set *r)
{
    clear_cells(r);
    free(r->cells);
    memset(r, 0, sizeof *r);
}

/* The whole text is a number: sets *out.  Leading/trailing blanks are not accepted. */
static bool parse_number(const char *s, double *out)
{
    if (s == NULL || *s == '\0')
        return false;
    char *end;
    *out = strtod(s, &end);
    return *end == '\0';
}

/* Printed as a float by its engine (rather than as an integer): has a fraction, an
 * exponent, or is one of the special values. */
static bool looks_float(const char *s)
{
    return strpbrk(s, ".eE") != NULL || strstr(s, "nf") != NULL || strstr(s, "NaN") != NULL ||
           strstr(s, "nan") != NULL;
}

static bool cell_equal(const char *x, const char *y, double rel_tol)
{
    if (x == NULL || y == NULL)
        return x == y;
    if (strcmp(x, y) == 0)
        return true;
    double dx, dy;
    if (!(looks_float(x) || looks_float(y)) || !parse_number(x, &dx) || !parse_number(y, &dy))
        return false;
    if (isnan(dx) || isnan(dy))
        return isnan(dx) && isnan(dy);
    if (isinf(dx) || isinf(dy))
        return dx == dy;
    double scale = fmax(fabs(dx), fabs(dy));
    return fabs(dx - dy) <= rel_tol * scale;
}

/* Total order on cells for sorting rows: NULL first, then numbers by value, then text. */
static int cell_order(const char *x, const char *y)
{
    if (x == NULL || y == NULL)
        return (x != NULL) - (y != NULL);
    double dx, dy;
    bool nx = parse_number(x, &dx), ny = parse_number(y, &dy);
    if (nx && ny && dx != dy)
        return dx < dy ? -1 : 1;
    if (nx != ny)
        return nx ? -1 : 1;
    return nx ? 0 : strcmp(x, y);
}

/* qsort has no context argument: the column count of the rows being sorted. */
static int sort_ncols;

static int row_order(const void *a, const void *b)
{
    char *const *ra = *(char *const *const *)a;
    char *const *rb = *(char *const *const *)b;
    for (int c = 0; c < sort_ncols; c++) {
        int o = cell_order(ra[c], rb[c]);
        if (o != 0)
            return o;
    }
    return 0;
}

/* Pointers to the start of each row, sorted when !ordered. */
static char ***row_index(result_set *r, bool ordered)
{
    char ***rows = malloc((r->nrows ? r->nrows : 1) * sizeof(char **));
    if (rows == NULL)
        bench_die("out of memory");
    for (size_t i = 0; i < r->nrows; i++)
        rows[i] = r->cells + i * (size_t)r->ncols;
    if (!ordered) {
        sort_ncols = r->ncols;
        qsort(rows, r->nrows, sizeof(char **), row_order);
    }
    return rows;
}

static const char *show(const char *s)
{
    return s ? s : "NULL";
}

int result_set_compare(result_set *a, const char *an, result_set *b, const char *bn, bool ordered,
                       double rel_tol)
{
    if (a->ncols != b->ncols || a->nrows != b->nrows) {
        fprintf(stderr, "  %s: %zu rows x %d columns, %s: %zu rows x %d columns\n", an, a->nrows,
                a->ncols, bn, b->nrows, b->ncols);
        return 1;
    }
    char ***ra = row_index(a, ordered), ***rb = row_index(b, ordered);
    int differ = 0;
    for (size_t i = 0; i < a->nrows && !differ; i++) {
        for (int c = 0; c < a->ncols; c++) {
            if (!cell_equal(ra[i][c], rb[i][c], rel_tol)) {
                fprintf(stderr, "  %srow %zu column %d: %s says %s, %s says %s\n",
                        ordered ? "" : "sorted ", i + 1, c + 1, an, show(ra[i][c]), bn,
                        show(rb[i][c]));
                differ = 1;
                break;
            }
        }
    }
    free(ra);
    free(rb);
    return differ;
}
