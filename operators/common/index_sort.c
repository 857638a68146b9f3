/* index_sort.c — bottom-up stable merge sort (insertion-sorted runs, skipped merges for
 * already ordered neighbours) behind ops_index_sort. */
#include "common/index_sort.h"

#include <string.h>

#define OPS_SORT_RUN 24

static void insertion_sort(uint32_t *idx, size_t n, ops_index_cmp cmp, const void *arg)
{
    for (size_t i = 1; i < n; i++) {
        uint32_t x = idx[i];
        size_t j = i;
        while (j > 0 && cmp(arg, idx[j - 1], x) > 0) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = x;
    }
}

/* Merges src[lo..mid) and src[mid..hi) into dst[lo..hi), left first on ties; non-zero when
 * check said stop (polled every OPS_SORT_CHECK_EVERY output rows). */
static int merge(const uint32_t *src, uint32_t *dst, size_t lo, size_t mid, size_t hi,
                 ops_index_cmp cmp, const void *arg, const ops_sort_check *check)
{
    if (mid >= hi || cmp(arg, src[mid - 1], src[mid]) <= 0) {
        memcpy(dst + lo, src + lo, (hi - lo) * sizeof *src);
        return 0;
    }
    size_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        dst[k++] = cmp(arg, src[i], src[j]) <= 0 ? src[i++] : src[j++];
        if ((k & (OPS_SORT_CHECK_EVERY - 1)) == 0 && ops_sort_should_stop(check))
            return 1;
    }
    while (i < mid)
        dst[k++] = src[i++];
    while (j < hi)
        dst[k++] = src[j++];
    return 0;
}

int ops_index_sort_checked(uint32_t *idx, uint32_t *scratch, size_t n, ops_index_cmp cmp,
                           const void *arg, const ops_sort_check *check)
{
    size_t since_check = 0;
    for (size_t lo = 0; lo < n; lo += OPS_SORT_RUN) {
        insertion_sort(idx + lo, n - lo < OPS_SORT_RUN ? n - lo : OPS_SORT_RUN, cmp, arg);
        if ((since_check += OPS_SORT_RUN) >= OPS_SORT_CHECK_EVERY) {
            since_check = 0;
            if (ops_sort_should_stop(check))
                return 1;
        }
    }

    uint32_t *src = idx, *dst = scratch;
    for (size_t width = OPS_SORT_RUN; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            if (merge(src, dst, lo, mid, hi, cmp, arg, check))
                return 1;
        }
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != idx)
        memcpy(idx, src, n * sizeof *idx);
    return 0;
}

void ops_index_sort(uint32_t *idx, uint32_t *scratch, size_t n, ops_index_cmp cmp,
                    const void *arg)
{
    ops_index_sort_checked(idx, scratch, n, cmp, arg, NULL);
}
