/* sort_check.h — the cancel check the sort routines poll while they run (every pass of a
 * radix sort, every OPS_SORT_CHECK_EVERY steps of a merge): a caller-supplied function that
 * returns non-zero to stop (typically ss_api.check_interrupt on the statement's ctx). */
#ifndef OPS_SORT_CHECK_H
#define OPS_SORT_CHECK_H

#include <stddef.h>

#define OPS_SORT_CHECK_EVERY 65536

typedef struct ops_sort_check {
    int (*stop)(void *arg); /* NULL: never stop */
    void *arg;
} ops_sort_check;

static inline int ops_sort_should_stop(const ops_sort_check *c)
{
    return c && c->stop && c->stop(c->arg);
}

#endif
