/* transform_util.c — error recording and arena helpers for the parse-tree transform. */
#include "sql/transform.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void tr_error(transform_state *ts, const char *sqlstate, int location, const char *fmt, ...)
{
    if (ts->failed)
        return;
    ts->failed = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ts->err->message, sizeof ts->err->message, fmt, ap);
    va_end(ap);
    snprintf(ts->err->sqlstate, sizeof ts->err->sqlstate, "%s", sqlstate);
    ts->err->position = location >= 0 ? location + 1 : 0;
    ts->err->position_in_bytes = true;
}

void tr_unsupported(transform_state *ts, int location, const char *what)
{
    tr_error(ts, "0A000", location, "feature not supported: %s", what);
}

void *tr_alloc(transform_state *ts, size_t n)
{
    void *p = ss_arena_alloc(ts->arena, n);
    if (!p)
        tr_error(ts, "53200", -1, "out of memory");
    return p;
}

const char *tr_strdup(transform_state *ts, const char *s)
{
    if (!s)
        return NULL;
    char *p = ss_arena_strdup(ts->arena, s);
    if (!p)
        tr_error(ts, "53200", -1, "out of memory");
    return p;
}
