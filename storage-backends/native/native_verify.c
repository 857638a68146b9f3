/* native_verify.c — the read-only page check of a native database (native_db_verify_pages):
 * every page the free-space bitmaps mark as in use is read as the committed state has it (the
 * buffer cache, else the data file) and must pass its checksum and carry a known page type.
 * Used by the module's integrity check (native_vt_check.c); it changes nothing. */
#include "native_internal.h"

#include <stdio.h>
#include <stdlib.h>

/* The highest page type the library and the module write (NATIVE_PT_VERSIONS, then the
 * module's commit log pages, type 6, its commit history chain, type 7 (native_vt_history.c), and
 * its B+tree anchors and nodes, types 8 and 9 (native_btree.h), open tails' root and data
 * pages, types 10 and 11 (native_tail.c)). */
#define HIGHEST_PAGE_TYPE 11u

int native_db_verify_pages(native_db *db, void (*report)(void *arg, uint64_t pgno, const char *problem), void *arg,
                           uint64_t *checked, native_error *err)
{
    uint8_t *bitmap = malloc(NATIVE_PAGE_SIZE), *page = malloc(NATIVE_PAGE_SIZE);
    if (!bitmap || !page) {
        free(bitmap);
        free(page);
        return native_fail(err, "53200", "out of memory");
    }
    char problem[640];
    /* the header, as the file has it (only a checkpoint rewrites it, under the mutex) */
    pthread_mutex_lock(&db->mu);
    uint64_t count = db->meta.page_count;
    ssize_t got = native_io_read(db->fd, page, NATIVE_PAGE_SIZE, 0);
    pthread_mutex_unlock(&db->mu);
    if (got != (ssize_t)NATIVE_PAGE_SIZE || !native_page_verify(page, 0)) {
        snprintf(problem, sizeof problem, "page 0 of \"%s\" is damaged (checksum mismatch)", db->path);
        report(arg, 0, problem);
    }
    uint64_t n = 1;
    int bitmap_ok = 0;
    for (uint64_t pgno = 1; pgno < count; pgno++) {
        uint64_t bit = pgno % NATIVE_BITMAP_SPAN;
        if (NATIVE_IS_BITMAP_PAGE(pgno)) { /* the bitmap page of this span */
            native_error e;
            bitmap_ok = native_page_read(db, NULL, pgno, bitmap, &e) == 0;
            n++;
            if (!bitmap_ok) {
                if (db->failed) {
                    *err = e;
                    break;
                }
                report(arg, pgno, e.message);
            } else if (native_page_type(bitmap) != NATIVE_PT_BITMAP) {
                snprintf(problem, sizeof problem, "page %llu of \"%s\" is damaged (a free-space bitmap page of type %u)",
                         (unsigned long long)pgno, db->path, native_page_type(bitmap));
                report(arg, pgno, problem);
                bitmap_ok = 0;
            }
            continue;
        }
        /* a span whose bitmap is damaged (reported) cannot say which pages are in use */
        if (!bitmap_ok || !(native_page_payload(bitmap)[bit / 8] & (1u << (bit % 8))))
            continue;
        native_error e;
        n++;
        if (native_page_read(db, NULL, pgno, page, &e) != 0) {
            if (db->failed) {
                *err = e;
                break;
            }
            report(arg, pgno, e.message);
            continue;
        }
        uint16_t type = native_page_type(page);
        if (type == NATIVE_PT_FREE || type == NATIVE_PT_META || type == NATIVE_PT_BITMAP || type > HIGHEST_PAGE_TYPE) {
            snprintf(problem, sizeof problem, "page %llu of \"%s\" is damaged (in use, but of page type %u)",
                     (unsigned long long)pgno, db->path, type);
            report(arg, pgno, problem);
        }
    }
    free(bitmap);
    free(page);
    if (checked)
        *checked = n;
    return db->failed ? -1 : 0;
}
