/* result_set.h — a query result captured as text cells (one engine's answer), and the
 * comparison of two engines' answers: exact for text and integers, numeric with a relative
 * tolerance where either side prints a float (engines format floats differently). */
#ifndef SUNSTONE_BENCH_RESULT_SET_H
#define SUNSTONE_BENCH_RESULT_SET_H

#include <stdbool.h>
#include <stddef.h>

typedef struct result_set {
    int ncols;
    size_t nrows;
    char **cells; /* nrows * ncols, row-major; NULL is SQL NULL */
    size_t ncells, cap;
} result_set;

void result_set_init(result_set *r);
/* Starts (or restarts) a capture of a result with ncols columns. */
void result_set_begin(result_set *r, int ncols);
/* Appends the next cell (text, or NULL for SQL NULL); every ncols cells make a row. */
void result_set_add(result_set *r, const char *text);
void result_set_free(result_set *r);

/* 0 when a and b hold the same answer.  ordered: rows must come in the same order;
 * otherwise both are compared as multisets of rows.  Floats (a cell with '.', 'e', inf or
 * nan on either side) match within rel_tol; integers and text must match exactly.  On a
 * difference, prints what differs to stderr, naming the engines an and bn. */
int result_set_compare(result_set *a, const char *an, result_set *b, const char *bn, bool ordered,
                       double rel_tol);

#endif
