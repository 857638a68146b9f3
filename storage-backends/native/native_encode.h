/* native_encode.h — column chunk encodings of native row groups: choosing the smallest of
 * plain, bit-packed (frame of reference), run-length and dictionary, and decoding back. */
#ifndef SS_NATIVE_ENCODE_H
#define SS_NATIVE_ENCODE_H

#include <stddef.h>
#include <stdint.h>

#include "native_bytes.h"
#include "native_rowgroup.h"

enum { NATIVE_ENC_PLAIN = 0, NATIVE_ENC_BITPACK = 1, NATIVE_ENC_RLE = 2, NATIVE_ENC_DICT = 3 };


/* Appends the encoded values of column c over nrows rows (NULL rows encoded as any value) to
 * out: one encoding byte, then the encoding's data. */
void native_encode_values(const native_column *c, uint32_t nrows, native_bytes *out);

/* A decoded vector's storage. */
typedef struct native_decoded {
    int64_t *i64;
    double *f64;
    uint8_t *b;
    uint32_t *offsets;
    uint8_t *bytes;
} native_decoded;

/* Decodes nrows values of type from data[0, len) into d (malloc'd arrays). 0, or -1 when the
 * data does not fit what its header says. */
int native_decode_values(native_col_type type, const uint8_t *data, size_t len, uint32_t nrows, native_decoded *d);
void native_decoded_free(native_decoded *d);



/* memcmp order, a shorter prefix first (the zone-map order of BYTES). */
int native_bytes_compare(const uint8_t *a, uint32_t al, const uint8_t *b, uint32_t bl);
#endif
