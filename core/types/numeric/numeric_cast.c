/* numeric_cast.c — casts between numeric and the integer and float types, as PostgreSQL's
 * int8_numeric / numeric_int8 / float8_numeric / numeric_float8. */
#include "types/numeric/numeric.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/cast.h"
#include "types/typeio.h"

int num_from_int64(ss_ctx *ctx, int64_t v, ss_text *out)
{
    return num_from_int128(ctx, v, 0, out);
}

static const char *int_name(int32_t to)
{
    return to == SS_TYPE_INT2 ? "smallint" : to == SS_TYPE_INT4 ? "integer" : "bigint";
}

int num_to_int(ss_ctx *ctx, const ss_text *x, int32_t to, int64_t *out)
{
    int64_t c;
    int s;
    if (num_small(x, &c, &s) && s == 0) {
        if (!ss_cast_int_fits(c, to))
            return ss_cast_int_overflow(ctx, to);
        *out = c;
        return SS_OK;
    }
    uint8_t buf[20];
    ss_num a;
    num_decode(x, &a, buf);
    if (a.kind == NUM_NAN)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "cannot convert NaN to %s",
                            int_name(to));
    if (a.kind != NUM_BIG)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "cannot convert infinity to %s", int_name(to));
    ss_text r;
    if (num_round_scale(ctx, &a, 0, false, &r) != SS_OK)
        return SS_ERROR;
    num_decode(&r, &a, buf);
    if (a.ndig > 19)
        return ss_cast_int_overflow(ctx, to);
    uint64_t u = 0;
    for (int32_t i = 0; i < a.ndig; i++)
        u = u * 10 + a.dig[i];
    if (a.ndig == 19 && (a.dig[0] > 1 || u > (uint64_t)INT64_MAX + (a.neg ? 1u : 0u)))
        return ss_cast_int_overflow(ctx, to);
    int64_t v = a.neg ? (int64_t)(0 - u) : (int64_t)u;
    if (!ss_cast_int_fits(v, to))
        return ss_cast_int_overflow(ctx, to);
    *out = v;
    return SS_OK;
}

int num_from_double(ss_ctx *ctx, double v, int digits, ss_text *out)
{
    if (isnan(v))
        return num_encode_special(ctx, NUM_NAN, out);
    if (isinf(v))
        return num_encode_special(ctx, v > 0 ? NUM_PINF : NUM_NINF, out);
    char buf[64];
    int n = snprintf(buf, sizeof buf, "%.*g", digits, v);
    return num_parse(ctx, buf, (size_t)n, out);
}

/* The small-coefficient fast path of both conversions: *out exact or correctly rounded. */
static bool small_to_double(const ss_text *x, double *out)
{
    int64_t c;
    int s;
    if (num_small(x, &c, &s) && s <= 22 && c > -(INT64_C(1) << 53) && c < (INT64_C(1) << 53)) {
        static const double p10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                     1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                     1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
        *out = (double)c / p10[s]; /* both exact: the quotient is correctly rounded */
        return true;
    }
    return false;
}

double num_to_double(const ss_text *x)
{
    double d;
    if (small_to_double(x, &d))
        return d;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    num_format(x, &sb);
    d = sb.data ? strtod(sb.data, NULL) : NAN;
    if (sb.data && strcmp(sb.data, "NaN") == 0)
        d = NAN;
    ss_strbuf_free(&sb);
    return d;
}

int num_to_float8(ss_ctx *ctx, const ss_text *x, double *out)
{
    if (small_to_double(x, out))
        return SS_OK;
    /* numeric_out then float8in, as PostgreSQL's numeric_float8: NaN and the infinities by
       name, 22003 quoting the digits when the value is beyond double's range */
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    num_format(x, &sb);
    if (sb.oom || !sb.data) {
        ss_strbuf_free(&sb);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    int rc = ss_float_parse(ctx, sb.data, sb.len, false, out);
    ss_strbuf_free(&sb);
    return rc;
}
