/* native_bytes.h — a growable byte buffer (commit records, encoded chunks, row group headers). */
#ifndef SS_NATIVE_BYTES_H
#define SS_NATIVE_BYTES_H

#include <stddef.h>
#include <stdint.h>

typedef struct native_bytes {
    uint8_t *p;
    size_t len, cap;
    int oom; /* an allocation failed: every later grow returns NULL */
} native_bytes;

/* n more bytes at the end (uninitialised), or NULL when out of memory. */
uint8_t *native_bytes_grow(native_bytes *b, size_t n);

#endif
