/* explain_text.c — bounded appending for explain callbacks (see explain_text.h). */
#include "common/explain_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sunstone/plugin.h"

int ops_explain_appendf(char *buf, size_t buflen, const char *fmt, ...)
{
    if (!buf || buflen == 0)
        return SS_OK;
    size_t used = strnlen(buf, buflen);
    if (used == buflen)
        used = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, buflen - used, fmt, ap);
    va_end(ap);
    return SS_OK;
}
