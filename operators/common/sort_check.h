/* sort_check.h — the cancel check the sort routines poll while they run (every pass of a
 * radix sort, every OPS_SORT_CHECK_EVERY steps of a merge): a caller-supplied function that
 * returns non-zero to stop (typically ss_api.check_interrupt on the statement's ctx:
 * ops_interrupt_stop). */
#ifndef OPS_SORT_CHECK_H
#define OPS_SORT_CHECK_H

#include <stddef.h>

#include "sunstone/plugin.h"

#define OPS_SORT_CHECK_EVERY 65536

typedef struct ops_sort_check {
    int (*stop)(void *arg); /* NULL: never stop */
    void *arg;
} ops_sort_check;

static inline int ops_sort_should_stop(const ops_sort_check *c)
{
    return c && c->stop && c->stop(c->arg);
}

/* The statement's cancel check as a sort check:
 *     ops_interrupt_arg arg = {api, ctx};
 *     const ops_sort_check check = {ops_interrupt_stop, &arg};
 * stops as soon as ss_api.check_interrupt fails (its 57014 error is then recorded on ctx). */
typedef struct ops_interrupt_arg {
    const ss_api *api;
    ss_ctx *ctx;
} ops_interrupt_arg;

static inline int ops_interrupt_stop(void *arg)
{
    const ops_interrupt_arg *c = arg;
    return c->api->check_interrupt(c->ctx) != SS_OK;
}

#endif
