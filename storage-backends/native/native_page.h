/* native_page.h — the fixed-size page of a native database file: header layout (checksum, type,
 * LSN), little-endian field access, and the zlib crc32 checksum. See FORMAT.md. */
#ifndef SS_NATIVE_PAGE_H
#define SS_NATIVE_PAGE_H

#include <stdint.h>
#include <string.h>

#define NATIVE_PAGE_SIZE 8192u
#define NATIVE_PAGE_HEADER 16u
#define NATIVE_PAGE_PAYLOAD (NATIVE_PAGE_SIZE - NATIVE_PAGE_HEADER)
#define NATIVE_FORMAT_VERSION 1u
#define NATIVE_MAGIC "SunstoneNativeDB" /* 16 bytes, no terminator stored */

/* Page types (u16 at offset 4). */
enum {
    NATIVE_PT_FREE = 0,
    NATIVE_PT_META = 1,
    NATIVE_PT_BITMAP = 2,
    NATIVE_PT_BLOB = 3,
    NATIVE_PT_TABLE = 4,
    NATIVE_PT_VERSIONS = 5,
    NATIVE_PT_TAIL = 10,      /* an open tail's root (native_tail.c) */
    NATIVE_PT_TAIL_DATA = 11, /* an open tail's rows */
};

/* Pages tracked by one bitmap page, and where bitmap pages sit: page g*NATIVE_BITMAP_SPAN + 1
 * is the bitmap of pages [g*SPAN, (g+1)*SPAN). */
#define NATIVE_BITMAP_SPAN ((uint64_t)NATIVE_PAGE_PAYLOAD * 8u)

static inline uint16_t native_get16(const void *p) { uint16_t v; memcpy(&v, p, 2); return v; }
static inline uint32_t native_get32(const void *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static inline uint64_t native_get64(const void *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static inline void native_put16(void *p, uint16_t v) { memcpy(p, &v, 2); }
static inline void native_put32(void *p, uint32_t v) { memcpy(p, &v, 4); }
static inline void native_put64(void *p, uint64_t v) { memcpy(p, &v, 8); }

static inline uint16_t native_page_type(const uint8_t *page) { return native_get16(page + 4); }
static inline uint64_t native_page_lsn(const uint8_t *page) { return native_get64(page + 8); }
static inline void native_page_init(uint8_t *page, uint16_t type)
{
    memset(page, 0, NATIVE_PAGE_SIZE);
    native_put16(page + 4, type);
}
static inline uint8_t *native_page_payload(uint8_t *page) { return page + NATIVE_PAGE_HEADER; }

/* crc32 (zlib) of bytes [4, PAGE_SIZE) seeded with the page number, so a page written at the
 * wrong place fails its check too. */
uint32_t native_page_checksum(const uint8_t *page, uint64_t pgno);
/* Stamps lsn and the checksum into the page before it is written to the data file. */
void native_page_seal(uint8_t *page, uint64_t pgno, uint64_t lsn);
int native_page_verify(const uint8_t *page, uint64_t pgno);

/* crc32 of a buffer continuing from seed (WAL records). */
uint32_t native_crc(uint32_t seed, const void *data, size_t n);

#define NATIVE_IS_BITMAP_PAGE(pgno) ((pgno) % NATIVE_BITMAP_SPAN == 1u)

#endif
