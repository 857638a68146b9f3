/* numeric_disk_size.c — the size of a numeric as PostgreSQL 15 stores it (a numeric varlena
 * with a 4-byte header): what pg_column_size reports and what jsonb's on-disk layout (the
 * .keyvalue() ids of jsonpath) counts. */
#include "types/numeric/numeric.h"

uint32_t num_pg_size(const ss_text *t)
{
    uint8_t buf[24];
    ss_num n;
    num_decode(t, &n, buf);
    if (n.kind != NUM_BIG)
        return 4 + 2; /* NaN, Infinity: the short header alone */
    /* base-10000 digits between the first and the last non-zero one (PostgreSQL strips the
       others), grouped from the decimal point */
    int32_t first = INT32_MIN, last = INT32_MAX;
    for (int32_t k = 0; k < n.ndig; k++) {
        if (!n.dig[k])
            continue;
        int32_t e = n.ndig - 1 - k - n.dscale; /* the digit's power of ten */
        int32_t g = e >= 0 ? e / 4 : -((-e + 3) / 4); /* its base-10000 group */
        if (first == INT32_MIN)
            first = g;
        last = g;
    }
    int32_t ndigits = first == INT32_MIN ? 0 : first - last + 1, weight = first == INT32_MIN ? 0 : first;
    bool shrt = n.dscale <= 63 && weight <= 63 && weight >= -64; /* NUMERIC_CAN_BE_SHORT */
    return 4 + (shrt ? 2u : 4u) + 2u * (uint32_t)ndigits;
}
