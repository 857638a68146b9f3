/* native_encode.c — encoders and decoders of column chunk values (see FORMAT.md):
 * INT64 plain / bit-packed offsets from the minimum / runs; FLOAT64 plain; BOOL bitmap;
 * BYTES plain (offsets + bytes) / dictionary of distinct values with bit-packed codes. */
#include "native_encode.h"

#include "native_page.h"

#include <stdlib.h>
#include <string.h>

static unsigned bits_for(uint64_t range)
{
    unsigned w = 0;
    while (w < 64 && (range >> w) != 0)
        w++;
    return w;
}

static size_t packed_size(uint32_t n, unsigned width) { return ((size_t)n * width + 7) / 8; }

static void pack(uint8_t *dst, const uint64_t *v, uint32_t n, unsigned width)
{
    memset(dst, 0, packed_size(n, width));
    for (uint32_t i = 0; i < n; i++) {
        uint64_t bit = (uint64_t)i * width;
        for (unsigned k = 0; k < width;) {
            size_t byte = (size_t)((bit + k) / 8);
            unsigned sh = (unsigned)((bit + k) % 8), take = 8 - sh < width - k ? 8 - sh : width - k;
            dst[byte] |= (uint8_t)(((v[i] >> k) & ((1u << take) - 1)) << sh);
            k += take;
        }
    }
}

static uint64_t unpack_one(const uint8_t *src, uint64_t bit, unsigned width)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < width;) {
        size_t byte = (size_t)((bit + k) / 8);
        unsigned sh = (unsigned)((bit + k) % 8), take = 8 - sh < width - k ? 8 - sh : width - k;
        v |= (uint64_t)((src[byte] >> sh) & ((1u << take) - 1)) << k;
        k += take;
    }
    return v;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* Groups of 8 values of a width W known when compiled (W bytes each): every load's offset and
 * shift are constants, so the loop unrolls (buf11: the scan's decoding). groups: how many,
 * each of whose loads stays inside the data. */
static inline __attribute__((always_inline)) void unpack_groups(const uint8_t *src, uint32_t groups, unsigned W,
                                                                uint64_t base, int64_t *out)
{
    const uint64_t mask = (UINT64_C(1) << W) - 1;
    for (uint32_t g = 0; g < groups; g++, src += W, out += 8)
        for (unsigned j = 0; j < 8; j++) {
            uint64_t w;
            memcpy(&w, src + (j * W) / 8, 8);
            out[j] = (int64_t)(base + ((w >> ((j * W) % 8)) & mask));
        }
}

/* The whole groups of 8 at the front of n values of width bits that unpack_groups can take
 * (src: psize bytes); 0 for a width without its own loop. */
static uint32_t unpack_fast(const uint8_t *src, size_t psize, uint32_t n, unsigned width, uint64_t base, int64_t *out)
{
    /* group g's last load reads bytes [g*W + 7W/8, g*W + 7W/8 + 8) */
    size_t tail = (7u * width) / 8 + 8;
    uint32_t groups = n / 8;
    if (psize < tail)
        return 0;
    if ((size_t)groups * width > psize - tail)
        groups = (uint32_t)((psize - tail) / width);
    switch (width) {
#define NV_UNPACK_CASE(W) case W: unpack_groups(src, groups, W, base, out); break;
    NV_UNPACK_CASE(1) NV_UNPACK_CASE(2) NV_UNPACK_CASE(3) NV_UNPACK_CASE(4) NV_UNPACK_CASE(5)
    NV_UNPACK_CASE(6) NV_UNPACK_CASE(7) NV_UNPACK_CASE(8) NV_UNPACK_CASE(9) NV_UNPACK_CASE(10)
    NV_UNPACK_CASE(11) NV_UNPACK_CASE(12) NV_UNPACK_CASE(13) NV_UNPACK_CASE(14) NV_UNPACK_CASE(15)
    NV_UNPACK_CASE(16) NV_UNPACK_CASE(17) NV_UNPACK_CASE(18) NV_UNPACK_CASE(19) NV_UNPACK_CASE(20)
    NV_UNPACK_CASE(21) NV_UNPACK_CASE(22) NV_UNPACK_CASE(23) NV_UNPACK_CASE(24) NV_UNPACK_CASE(25)
    NV_UNPACK_CASE(26) NV_UNPACK_CASE(27) NV_UNPACK_CASE(28) NV_UNPACK_CASE(29) NV_UNPACK_CASE(30)
    NV_UNPACK_CASE(31) NV_UNPACK_CASE(32)
#undef NV_UNPACK_CASE
    default:
        return 0;
    }
    return groups * 8;
}
#endif

/* out[i] = base + the i-th of n packed values of width bits (src: psize bytes).  On a
 * little-endian host a value is one unaligned 64-bit load (a value spans at most 8 bytes:
 * width <= 56), the last few, whose load would pass the end, bit by bit. */
static void unpack_all(const uint8_t *src, size_t psize, uint32_t n, unsigned width, uint64_t base, int64_t *out)
{
    uint32_t i = 0;
    if (width == 0) {
        for (; i < n; i++)
            out[i] = (int64_t)base;
        return;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    i = unpack_fast(src, psize, n, width, base, out);
    uint64_t mask = (UINT64_C(1) << width) - 1;
    for (; i < n; i++) {
        uint64_t bit = (uint64_t)i * width;
        size_t byte = (size_t)(bit / 8);
        if (byte + 8 > psize)
            break;
        uint64_t w;
        memcpy(&w, src + byte, 8);
        out[i] = (int64_t)(base + ((w >> (bit % 8)) & mask));
    }
#else
    (void)psize;
#endif
    for (; i < n; i++)
        out[i] = (int64_t)(base + unpack_one(src, (uint64_t)i * width, width));
}

static void encode_int64(const native_column *c, uint32_t n, native_bytes *out)
{
    int64_t min = INT64_MAX, max = INT64_MIN;
    uint32_t runs = 0;
    int have = 0;
    int64_t prev = 0;
    for (uint32_t i = 0; i < n; i++) {
        int64_t v = (c->nulls && c->nulls[i]) ? (have ? prev : 0) : c->i64[i];
        if (c->nulls && c->nulls[i] && !have) {
            /* leading NULLs take the first value seen later; 0 is as good */
        }
        if (v < min)
            min = v;
        if (v > max)
            max = v;
        if (!have || v != prev)
            runs++;
        prev = v;
        have = 1;
    }
    unsigned width = bits_for((uint64_t)max - (uint64_t)min);
    size_t plain = (size_t)n * 8, bitpack = width <= 56 ? 9 + packed_size(n, width) : SIZE_MAX, rle = 4 + (size_t)runs * 12;
    uint64_t *tmp = NULL;
    if (rle < plain && rle <= bitpack) {
        uint8_t *p = native_bytes_grow(out, 1 + rle);
        if (!p)
            return;
        *p++ = NATIVE_ENC_RLE;
        native_put32(p, runs);
        p += 4;
        uint32_t count = 0;
        for (uint32_t i = 0; i < n; i++) {
            int64_t v = (c->nulls && c->nulls[i]) ? (i ? prev : 0) : c->i64[i];
            if (i > 0 && v != prev) {
                native_put64(p, (uint64_t)prev);
                native_put32(p + 8, count);
                p += 12;
                count = 0;
            }
            prev = v;
            count++;
        }
        native_put64(p, (uint64_t)prev);
        native_put32(p + 8, count);
        return;
    }
    if (bitpack < plain && (tmp = malloc((size_t)n * sizeof *tmp)) != NULL) {
        uint8_t *p = native_bytes_grow(out, 1 + bitpack);
        if (p) {
            *p++ = NATIVE_ENC_BITPACK;
            native_put64(p, (uint64_t)min);
            p[8] = (uint8_t)width;
            for (uint32_t i = 0; i < n; i++)
                tmp[i] = (c->nulls && c->nulls[i]) ? 0 : (uint64_t)c->i64[i] - (uint64_t)min;
            pack(p + 9, tmp, n, width);
        }
        free(tmp);
        return;
    }
    uint8_t *p = native_bytes_grow(out, 1 + plain);
    if (!p)
        return;
    *p++ = NATIVE_ENC_PLAIN;
    for (uint32_t i = 0; i < n; i++)
        native_put64(p + (size_t)i * 8, (c->nulls && c->nulls[i]) ? 0 : (uint64_t)c->i64[i]);
}

static int bytes_cmp(const uint8_t *a, uint32_t al, const uint8_t *b, uint32_t bl)
{
    int r = memcmp(a, b, al < bl ? al : bl);
    return r ? r : (al < bl ? -1 : al > bl);
}

/* Dictionary: distinct values by a hash of their bytes. */
static void encode_bytes(const native_column *c, uint32_t n, native_bytes *out)
{
    size_t total = c->offsets[n] - c->offsets[0], plain = 4 * ((size_t)n + 1) + total;
    size_t cap = 16;
    while (cap < (size_t)n * 2)
        cap <<= 1;
    int32_t *slots = malloc(cap * sizeof *slots);
    uint32_t *codes = malloc(((size_t)n + 1) * sizeof *codes), *first = malloc(((size_t)n + 1) * sizeof *first);
    uint32_t ndict = 0;
    size_t dict_bytes = 0;
    int use_dict = slots && codes && first;
    if (use_dict) {
        for (size_t i = 0; i < cap; i++)
            slots[i] = -1;
        for (uint32_t i = 0; i < n && use_dict; i++) {
            const uint8_t *v = c->bytes + c->offsets[i];
            uint32_t len = (c->nulls && c->nulls[i]) ? 0 : c->offsets[i + 1] - c->offsets[i];
            uint32_t h = native_crc(0, v, len);
            size_t j = h & (cap - 1);
            for (;; j = (j + 1) & (cap - 1)) {
                if (slots[j] < 0) {
                    slots[j] = (int32_t)ndict;
                    first[ndict] = i;
                    codes[i] = ndict++;
                    dict_bytes += len;
                    break;
                }
                uint32_t f = first[slots[j]];
                uint32_t flen = (c->nulls && c->nulls[f]) ? 0 : c->offsets[f + 1] - c->offsets[f];
                if (flen == len && memcmp(c->bytes + c->offsets[f], v, len) == 0) {
                    codes[i] = (uint32_t)slots[j];
                    break;
                }
            }
        }
    }
    unsigned width = ndict > 1 ? bits_for(ndict - 1) : 0;
    size_t dict = 4 + 4 * ((size_t)ndict + 1) + dict_bytes + 1 + packed_size(n, width);
    if (use_dict && dict < plain) {
        uint8_t *p = native_bytes_grow(out, 1 + dict);
        uint64_t *tmp = malloc(((size_t)n + 1) * sizeof *tmp);
        if (p && tmp) {
            *p++ = NATIVE_ENC_DICT;
            native_put32(p, ndict);
            uint8_t *offs = p + 4, *data = offs + 4 * ((size_t)ndict + 1);
            uint32_t at = 0;
            for (uint32_t d = 0; d < ndict; d++) {
                uint32_t f = first[d], len = (c->nulls && c->nulls[f]) ? 0 : c->offsets[f + 1] - c->offsets[f];
                native_put32(offs + 4 * (size_t)d, at);
                memcpy(data + at, c->bytes + c->offsets[f], len);
                at += len;
            }
            native_put32(offs + 4 * (size_t)ndict, at);
            uint8_t *w = data + at;
            *w = (uint8_t)width;
            for (uint32_t i = 0; i < n; i++)
                tmp[i] = codes[i];
            pack(w + 1, tmp, n, width);
        }
        free(tmp);
    } else {
        uint8_t *p = native_bytes_grow(out, 1 + plain);
        if (p) {
            *p++ = NATIVE_ENC_PLAIN;
            uint32_t at = 0;
            uint8_t *data = p + 4 * ((size_t)n + 1);
            for (uint32_t i = 0; i < n; i++) {
                uint32_t len = (c->nulls && c->nulls[i]) ? 0 : c->offsets[i + 1] - c->offsets[i];
                native_put32(p + 4 * (size_t)i, at);
                memcpy(data + at, c->bytes + c->offsets[i], len);
                at += len;
            }
            native_put32(p + 4 * (size_t)n, at);
            out->len -= total - at; /* NULL rows kept no bytes */
        }
    }
    free(slots);
    free(codes);
    free(first);
}

void native_encode_values(const native_column *c, uint32_t n, native_bytes *out)
{
    switch (c->type) {
    case NATIVE_COL_INT64:
        encode_int64(c, n, out);
        break;
    case NATIVE_COL_FLOAT64: {
        uint8_t *p = native_bytes_grow(out, 1 + (size_t)n * 8);
        if (!p)
            return;
        *p++ = NATIVE_ENC_PLAIN;
        for (uint32_t i = 0; i < n; i++) {
            double v = (c->nulls && c->nulls[i]) ? 0.0 : c->f64[i];
            memcpy(p + (size_t)i * 8, &v, 8);
        }
        break;
    }
    case NATIVE_COL_BOOL: {
        uint8_t *p = native_bytes_grow(out, 1 + ((size_t)n + 7) / 8);
        if (!p)
            return;
        *p++ = NATIVE_ENC_PLAIN;
        memset(p, 0, ((size_t)n + 7) / 8);
        for (uint32_t i = 0; i < n; i++)
            if (!(c->nulls && c->nulls[i]) && c->b[i])
                p[i / 8] |= (uint8_t)(1u << (i % 8));
        break;
    }
    case NATIVE_COL_BYTES:
        encode_bytes(c, n, out);
        break;
    }
}

void native_decoded_free(native_decoded *d)
{
    free(d->i64);
    free(d->f64);
    free(d->b);
    free(d->offsets);
    free(d->bytes);
    memset(d, 0, sizeof *d);
}

static int decode_int64(const uint8_t *p, size_t len, uint32_t n, native_decoded *d)
{
    if (len < 1 || !(d->i64 = malloc(((size_t)n + 1) * 8)))
        return -1;
    int enc = *p++;
    len--;
    if (enc == NATIVE_ENC_PLAIN) {
        if (len != (size_t)n * 8)
            return -1;
        for (uint32_t i = 0; i < n; i++)
            d->i64[i] = (int64_t)native_get64(p + (size_t)i * 8);
    } else if (enc == NATIVE_ENC_BITPACK) {
        if (len < 9)
            return -1;
        uint64_t base = native_get64(p);
        unsigned width = p[8];
        if (width > 56 || len != 9 + packed_size(n, width))
            return -1;
        unpack_all(p + 9, packed_size(n, width), n, width, base, d->i64);
    } else if (enc == NATIVE_ENC_RLE) {
        if (len < 4)
            return -1;
        uint32_t runs = native_get32(p);
        if (len != 4 + (size_t)runs * 12)
            return -1;
        uint32_t at = 0;
        for (uint32_t r = 0; r < runs; r++) {
            int64_t v = (int64_t)native_get64(p + 4 + (size_t)r * 12);
            uint32_t count = native_get32(p + 12 + (size_t)r * 12);
            if (count > n - at)
                return -1;
            for (uint32_t k = 0; k < count; k++)
                d->i64[at++] = v;
        }
        if (at != n)
            return -1;
    } else
        return -1;
    return 0;
}

static int decode_bytes(const uint8_t *p, size_t len, uint32_t n, native_decoded *d)
{
    if (len < 5 || !(d->offsets = malloc(((size_t)n + 1) * 4)))
        return -1;
    int enc = *p++;
    len--;
    if (enc == NATIVE_ENC_PLAIN) {
        size_t hdr = 4 * ((size_t)n + 1);
        if (len < hdr)
            return -1;
        uint32_t total = native_get32(p + 4 * (size_t)n);
        if (len != hdr + total || !(d->bytes = malloc(total ? total : 1)))
            return -1;
        uint32_t prev = 0;
        for (uint32_t i = 0; i <= n; i++) {
            uint32_t o = native_get32(p + 4 * (size_t)i);
            if (o < prev || o > total)
                return -1;
            d->offsets[i] = prev = o;
        }
        if (d->offsets[0] != 0)
            return -1;
        memcpy(d->bytes, p + hdr, total);
        return 0;
    }
    if (enc != NATIVE_ENC_DICT)
        return -1;
    uint32_t ndict = native_get32(p);
    if (ndict == 0 || ndict > n || len < 4 + 4 * ((size_t)ndict + 1) + 1)
        return -1;
    const uint8_t *offs = p + 4, *data = offs + 4 * ((size_t)ndict + 1);
    uint32_t dtotal = native_get32(offs + 4 * (size_t)ndict);
    size_t fixed = 4 + 4 * ((size_t)ndict + 1);
    if (len < fixed + (size_t)dtotal + 1)
        return -1;
    unsigned width = data[dtotal];
    if (width > 32 || len != fixed + dtotal + 1 + packed_size(n, width))
        return -1;
    for (uint32_t k = 0, prev = 0; k <= ndict; k++) {
        uint32_t o = native_get32(offs + 4 * (size_t)k);
        if (o < prev || o > dtotal || (k == 0 && o != 0))
            return -1;
        prev = o;
    }
    uint64_t total = 0;
    uint32_t *codes = malloc(((size_t)n + 1) * sizeof *codes);
    if (!codes)
        return -1;
    for (uint32_t i = 0; i < n; i++) {
        codes[i] = (uint32_t)unpack_one(data + dtotal + 1, (uint64_t)i * width, width);
        if (codes[i] >= ndict) {
            free(codes);
            return -1;
        }
        total += native_get32(offs + 4 * ((size_t)codes[i] + 1)) - native_get32(offs + 4 * (size_t)codes[i]);
    }
    if (total > UINT32_MAX || !(d->bytes = malloc(total ? total : 1))) {
        free(codes);
        return -1;
    }
    uint32_t at = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t s = native_get32(offs + 4 * (size_t)codes[i]), e = native_get32(offs + 4 * ((size_t)codes[i] + 1));
        d->offsets[i] = at;
        memcpy(d->bytes + at, data + s, e - s);
        at += e - s;
    }
    d->offsets[n] = at;
    free(codes);
    return 0;
}

int native_decode_values(native_col_type type, const uint8_t *data, size_t len, uint32_t nrows, native_decoded *d)
{
    memset(d, 0, sizeof *d);
    switch (type) {
    case NATIVE_COL_INT64:
        return decode_int64(data, len, nrows, d);
    case NATIVE_COL_FLOAT64:
        if (len != 1 + (size_t)nrows * 8 || data[0] != NATIVE_ENC_PLAIN || !(d->f64 = malloc(((size_t)nrows + 1) * 8)))
            return -1;
        memcpy(d->f64, data + 1, (size_t)nrows * 8);
        return 0;
    case NATIVE_COL_BOOL:
        if (len != 1 + ((size_t)nrows + 7) / 8 || data[0] != NATIVE_ENC_PLAIN || !(d->b = malloc((size_t)nrows + 1)))
            return -1;
        for (uint32_t i = 0; i < nrows; i++)
            d->b[i] = (data[1 + i / 8] >> (i % 8)) & 1;
        return 0;
    case NATIVE_COL_BYTES:
        return decode_bytes(data, len, nrows, d);
    }
    return -1;
}

int native_bytes_compare(const uint8_t *a, uint32_t al, const uint8_t *b, uint32_t bl) { return bytes_cmp(a, al, b, bl); }
