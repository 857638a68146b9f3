/* native_page.c — page checksums (zlib crc32). */
#include "native_page.h"

#include <zlib.h>

uint32_t native_crc(uint32_t seed, const void *data, size_t n)
{
    uLong c = seed;
    const Bytef *p = data;
    while (n > 0) {
        uInt chunk = n > (1u << 30) ? (1u << 30) : (uInt)n;
        c = crc32(c, p, chunk);
        p += chunk;
        n -= chunk;
    }
    return (uint32_t)c;
}

uint32_t native_page_checksum(const uint8_t *page, uint64_t pgno)
{
    uint8_t seed[8];
    native_put64(seed, pgno);
    uint32_t c = native_crc(0, seed, 8);
    return native_crc(c, page + 4, NATIVE_PAGE_SIZE - 4);
}

void native_page_seal(uint8_t *page, uint64_t pgno, uint64_t lsn)
{
    native_put64(page + 8, lsn);
    native_put32(page, native_page_checksum(page, pgno));
}

int native_page_verify(const uint8_t *page, uint64_t pgno)
{
    return native_get32(page) == native_page_checksum(page, pgno);
}
