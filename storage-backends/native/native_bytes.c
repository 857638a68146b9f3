/* native_bytes.c — the growable byte buffer of native_bytes.h. */
#include "native_bytes.h"

#include <stdlib.h>

uint8_t *native_bytes_grow(native_bytes *b, size_t n)
{
    if (b->oom)
        return NULL;
    if (b->len + n > b->cap) {
        size_t c = b->cap ? b->cap : 4096;
        while (c < b->len + n)
            c *= 2;
        uint8_t *np = realloc(b->p, c);
        if (!np) {
            b->oom = 1;
            return NULL;
        }
        b->p = np;
        b->cap = c;
    }
    uint8_t *r = b->p + b->len;
    b->len += n;
    return r;
}
