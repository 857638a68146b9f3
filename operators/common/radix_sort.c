/* radix_sort.c — byte-wise LSD radix sort behind ops_radix_sort_pairs.  One pass builds all
 * eight histograms; bytes that are equal across every key are skipped. */
#include "common/radix_sort.h"

#include <string.h>

int ops_radix_sort_pairs(uint64_t *keys, uint32_t *vals, uint64_t *tmp_keys,
                         uint32_t *tmp_vals, size_t n, const ops_sort_check *check)
{
    if (n < 2)
        return 0;
    static const unsigned nbytes = 8;
    size_t counts[8][256];
    memset(counts, 0, sizeof counts);
    for (size_t i = 0; i < n; i++) {
        uint64_t k = keys[i];
        for (unsigned b = 0; b < nbytes; b++)
            counts[b][(k >> (8 * b)) & 0xff]++;
    }

    uint64_t *src_k = keys, *dst_k = tmp_keys;
    uint32_t *src_v = vals, *dst_v = tmp_vals;
    for (unsigned b = 0; b < nbytes; b++) {
        size_t *count = counts[b];
        /* every key has the same byte here: this pass would not move anything */
        if (count[(src_k[0] >> (8 * b)) & 0xff] == n)
            continue;
        if (ops_sort_should_stop(check))
            return 1;
        size_t offset = 0;
        for (unsigned d = 0; d < 256; d++) {
            size_t c = count[d];
            count[d] = offset;
            offset += c;
        }
        unsigned shift = 8 * b;
        for (size_t i = 0; i < n; i++) {
            uint64_t k = src_k[i];
            size_t pos = count[(k >> shift) & 0xff]++;
            dst_k[pos] = k;
            dst_v[pos] = src_v[i];
        }
        uint64_t *tk = src_k;
        src_k = dst_k;
        dst_k = tk;
        uint32_t *tv = src_v;
        src_v = dst_v;
        dst_v = tv;
    }
    if (src_k != keys) {
        memcpy(keys, src_k, n * sizeof *keys);
        memcpy(vals, src_v, n * sizeof *vals);
    }
    return 0;
}
