/* printer.h — formats a result_table the way psql 15 does: aligned (the default) or
 * unaligned (-A), with or without header and footer (-t). */
#ifndef SUNSTONE_CLI_PRINTER_H
#define SUNSTONE_CLI_PRINTER_H

#include <stdbool.h>
#include <stdio.h>

#include "table.h"

typedef struct print_opts {
    bool aligned;         /* false: unaligned (-A) */
    bool tuples_only;     /* -t: no title, header or footer */
    const char *fieldsep; /* unaligned field separator (-F), "|" by default */
} print_opts;

void print_table(FILE *out, const result_table *t, const print_opts *opt);

#endif
