/* native_error.h — the error record every call of the native storage library fills on failure:
 * a PostgreSQL SQLSTATE and a message naming the file (and page) concerned. */
#ifndef SS_NATIVE_ERROR_H
#define SS_NATIVE_ERROR_H

typedef struct native_error {
    char sqlstate[6]; /* "XX001" data corrupted, "58030" I/O error, "53100" disk full,
                       * "55006" file locked, "40001" write conflict, "0A000" not supported,
                       * "53200" cache full or out of memory, "55000" database failed */
    char message[512];
} native_error;

/* Fills err (when not NULL) and returns -1, so callers can `return native_fail(...)`. */
int native_fail(native_error *err, const char *sqlstate, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The SQLSTATE of an errno from a failed write or sync: 53100 for ENOSPC/EDQUOT, else 58030. */
const char *native_errno_sqlstate(int errnum);

#endif
