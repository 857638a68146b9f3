/* numeric_io.c — numeric's text input (numeric_in), output (numeric_out) and typmod
 * (numeric(p,s): rounding on assignment and the field overflow check), as PostgreSQL 15. */
#include "types/numeric/numeric.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static int bad_input(ss_ctx *ctx, const char *s, size_t len)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION,
                        "invalid input syntax for type numeric: \"%.*s\"", (int)len, s);
}

static bool word_is(const char *p, size_t n, const char *w)
{
    return strlen(w) == n && strncasecmp(p, w, n) == 0;
}

int num_parse(ss_ctx *ctx, const char *s, size_t len, ss_text *out)
{
    size_t b = 0, e = len;
    while (b < e && isspace((unsigned char)s[b]))
        b++;
    while (e > b && isspace((unsigned char)s[e - 1]))
        e--;
    const char *p = s + b;
    size_t n = e - b;
    if (word_is(p, n, "NaN"))
        return num_encode_special(ctx, NUM_NAN, out);
    if (word_is(p, n, "Infinity") || word_is(p, n, "+Infinity") || word_is(p, n, "inf") ||
        word_is(p, n, "+inf"))
        return num_encode_special(ctx, NUM_PINF, out);
    if (word_is(p, n, "-Infinity") || word_is(p, n, "-inf"))
        return num_encode_special(ctx, NUM_NINF, out);
    size_t i = 0;
    bool neg = false;
    if (i < n && (p[i] == '+' || p[i] == '-'))
        neg = p[i++] == '-';
    uint8_t *dig = num_alloc(ctx, n + 1);
    if (!dig)
        return SS_ERROR;
    int32_t nd = 0, frac = 0;
    bool point = false, any = false;
    for (; i < n; i++) {
        char c = p[i];
        if (c >= '0' && c <= '9') {
            if (nd > 0 || c != '0' || point)
                dig[nd++] = (uint8_t)(c - '0');
            if (point)
                frac++;
            any = true;
        } else if (c == '.' && !point) {
            point = true;
        } else {
            break;
        }
    }
    if (!any)
        return bad_input(ctx, s, len);
    long exp = 0;
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        i++;
        bool eneg = false;
        if (i < n && (p[i] == '+' || p[i] == '-'))
            eneg = p[i++] == '-';
        if (i >= n || !isdigit((unsigned char)p[i]))
            return bad_input(ctx, s, len);
        while (i < n && isdigit((unsigned char)p[i])) {
            if (exp <= 10 * (NUM_MAX_INT_DIGITS + NUM_MAX_DSCALE))
                exp = exp * 10 + (p[i] - '0');
            i++;
        }
        if (i == n && exp > 2 * (NUM_MAX_INT_DIGITS + NUM_MAX_DSCALE))
            return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE,
                                "value overflows numeric format");
        if (eneg)
            exp = -exp;
    }
    if (i != n)
        return bad_input(ctx, s, len);
    long dscale = frac - exp;
    if (dscale < 0) {
        uint8_t *d2 = num_alloc(ctx, (size_t)nd - (size_t)dscale + 1);
        if (!d2)
            return SS_ERROR;
        memcpy(d2, dig, (size_t)nd);
        memset(d2 + nd, 0, (size_t)-dscale);
        nd += (int32_t)-dscale;
        dig = d2;
        dscale = 0;
    }
    return num_make(ctx, neg, dig, nd, (int32_t)dscale, out);
}

void num_format(const ss_text *t, ss_strbuf *out)
{
    uint8_t buf[20];
    ss_num a;
    num_decode(t, &a, buf);
    if (a.kind == NUM_NAN) {
        ss_strbuf_puts(out, "NaN");
        return;
    }
    if (a.kind == NUM_PINF || a.kind == NUM_NINF) {
        ss_strbuf_puts(out, a.kind == NUM_PINF ? "Infinity" : "-Infinity");
        return;
    }
    if (a.neg && a.ndig)
        ss_strbuf_putc(out, '-');
    int32_t intd = a.ndig - a.dscale;
    if (intd <= 0)
        ss_strbuf_putc(out, '0');
    for (int32_t i = 0; i < intd; i++)
        ss_strbuf_putc(out, (char)('0' + a.dig[i]));
    if (a.dscale > 0) {
        ss_strbuf_putc(out, '.');
        for (int32_t k = 0; k < a.dscale; k++) {
            int32_t i = intd + k;
            ss_strbuf_putc(out, (char)(i >= 0 ? '0' + a.dig[i] : '0'));
        }
    }
}

static void typmod_parts(int32_t typmod, int *precision, int *scale)
{
    *precision = ((typmod - 4) >> 16) & 0xffff;
    *scale = (((typmod - 4) & 0x7ff) ^ 1024) - 1024;
}

void num_typmod_text(int32_t typmod, char *buf, size_t n)
{
    int p, s;
    typmod_parts(typmod, &p, &s);
    snprintf(buf, n, "(%d,%d)", p, s);
}

int num_apply_typmod(ss_ctx *ctx, const ss_text *in, int32_t typmod, ss_text *out)
{
    if (typmod < 4) {
        *out = *in;
        return SS_OK;
    }
    int precision, scale;
    typmod_parts(typmod, &precision, &scale);
    uint8_t buf[20];
    ss_num a;
    num_decode(in, &a, buf);
    if (a.kind == NUM_NAN) {
        *out = *in;
        return SS_OK;
    }
    if (a.kind != NUM_BIG) {
        ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "numeric field overflow");
        ss_ctx_error_detail(ctx, "A field with precision %d, scale %d cannot hold an infinite value.",
                            precision, scale);
        return SS_ERROR;
    }
    int64_t c;
    int ds;
    if (num_small(in, &c, &ds) && ds == scale) {
        *out = *in; /* already at the scale: only the digit check remains */
    } else if (num_round_scale(ctx, &a, scale, false, out) != SS_OK) {
        return SS_ERROR;
    }
    num_decode(out, &a, buf);
    int maxdigits = precision - scale;
    if (a.ndig > 0 && a.ndig - a.dscale > maxdigits) {
        ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "numeric field overflow");
        ss_ctx_error_detail(ctx,
                            "A field with precision %d, scale %d must round to an absolute value less than %s%d.",
                            precision, scale, maxdigits ? "10^" : "", maxdigits ? maxdigits : 1);
        return SS_ERROR;
    }
    return SS_OK;
}
