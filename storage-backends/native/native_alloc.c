/* native_alloc.c — page allocation from the free-space bitmaps (a clear bit is a free page),
 * else past the end of the file. A page handed to an open transaction is reserved in memory
 * until that transaction commits (its bit is set by the commit record) or aborts. */
#include "native_internal.h"

int native_alloc_reserve(native_db *db, uint64_t *pgno, native_error *err)
{
    uint64_t p = db->alloc_hint < 2 ? 2 : db->alloc_hint;
    uint64_t first_clear = db->meta.page_count;
    while (p < db->meta.page_count) {
        uint64_t g = p / NATIVE_BITMAP_SPAN, base = g * NATIVE_BITMAP_SPAN;
        native_frame *f;
        if (native_cache_get(db, base + 1, 0, &f, err) != 0)
            return -1;
        const uint8_t *bits = f->data + NATIVE_PAGE_HEADER;
        uint64_t limit = db->meta.page_count - base < NATIVE_BITMAP_SPAN ? db->meta.page_count - base : NATIVE_BITMAP_SPAN;
        for (uint64_t i = p - base; i < limit; i++) {
            if ((i % 8) == 0 && bits[i / 8] == 0xFF && i + 8 <= limit) {
                i += 7;
                continue;
            }
            if (bits[i / 8] & (1u << (i % 8)))
                continue;
            uint64_t cand = base + i;
            if (first_clear > cand)
                first_clear = cand;
            if (NATIVE_IS_BITMAP_PAGE(cand) || cand == 0 || native_pgset_has(&db->reserved, cand))
                continue;
            native_cache_unpin(f);
            if (native_pgset_add(&db->reserved, cand) != 0)
                return native_fail(err, "53200", "out of memory");
            db->alloc_hint = first_clear;
            *pgno = cand;
            return 0;
        }
        native_cache_unpin(f);
        p = base + NATIVE_BITMAP_SPAN;
    }
    db->alloc_hint = first_clear;
    uint64_t cand = db->reserve_high > db->meta.page_count ? db->reserve_high : db->meta.page_count;
    if (NATIVE_IS_BITMAP_PAGE(cand))
        cand++;
    if (native_pgset_add(&db->reserved, cand) != 0)
        return native_fail(err, "53200", "out of memory");
    db->reserve_high = cand + 1;
    *pgno = cand;
    return 0;
}

void native_alloc_release(native_db *db, uint64_t pgno)
{
    native_pgset_remove(&db->reserved, pgno);
    if (pgno < db->alloc_hint)
        db->alloc_hint = pgno;
}
