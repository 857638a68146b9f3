/* native_error.c — filling native_error records. */
#include "native_error.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int native_fail(native_error *err, const char *sqlstate, const char *fmt, ...)
{
    if (err) {
        memcpy(err->sqlstate, sqlstate, 5);
        err->sqlstate[5] = '\0';
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return -1;
}

const char *native_errno_sqlstate(int errnum)
{
    return (errnum == ENOSPC || errnum == EDQUOT) ? "53100" : "58030";
}
