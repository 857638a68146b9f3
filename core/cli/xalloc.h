/* xalloc.h — allocation helpers for the sunstone shell that exit cleanly on out-of-memory. */
#ifndef SUNSTONE_CLI_XALLOC_H
#define SUNSTONE_CLI_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
