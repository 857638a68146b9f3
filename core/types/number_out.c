/* number_out.c — text output of integers and of float8 the way PostgreSQL 15 prints it by
 * default (extra_float_digits = 1): the shortest decimal that reads back to the same double,
 * in fixed notation when the decimal exponent is in [-4, 15) and as d.ddde+XX otherwise. */
#include "types/typeio.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t ss_int64_to_text(int64_t v, char *buf)
{
    char tmp[SS_NUMBER_BUFLEN];
    size_t n = 0;
    /* work on the negative magnitude so INT64_MIN needs no special case */
    int64_t x = v < 0 ? v : -v;
    do {
        tmp[n++] = (char)('0' - (x % 10));
        x /= 10;
    } while (x != 0);
    size_t len = 0;
    if (v < 0)
        buf[len++] = '-';
    while (n > 0)
        buf[len++] = tmp[--n];
    buf[len] = '\0';
    return len;
}

/* A candidate decimal: digits (no leading zero) times 10^(exp10 - ndigits + 1). */
typedef struct decimal {
    char digits[24];
    int ndigits;
    int exp10; /* exponent of the first digit */
} decimal;

/* Reads "d.ddde+XX" (printf %e output) into a decimal. */
static void parse_sci(const char *s, decimal *d)
{
    d->ndigits = 0;
    for (; *s && *s != 'e'; s++)
        if (*s >= '0' && *s <= '9')
            d->digits[d->ndigits++] = *s;
    d->exp10 = *s == 'e' ? atoi(s + 1) : 0;
}

static double decimal_value(const decimal *d)
{
    char buf[48];
    snprintf(buf, sizeof buf, "%.*se%d", d->ndigits, d->digits, d->exp10 - d->ndigits + 1);
    return strtod(buf, NULL);
}

/* Adds delta (+1 or -1) to the last digit of d, keeping ndigits digits where possible. */
static void decimal_step(decimal *d, int delta)
{
    int i = d->ndigits - 1;
    if (delta > 0) {
        while (i >= 0 && d->digits[i] == '9')
            d->digits[i--] = '0';
        if (i >= 0) {
            d->digits[i]++;
        } else { /* 999 + 1 = 1000: one digit more, same value as 100 x 10 */
            d->digits[0] = '1';
            d->exp10++;
        }
    } else {
        while (i >= 0 && d->digits[i] == '0')
            d->digits[i--] = '9';
        d->digits[i]--; /* i >= 0: the first digit is never 0 */
        if (d->digits[0] == '0') { /* 1000 - 1 = 0999: drop the leading zero */
            memmove(d->digits, d->digits + 1, (size_t)d->ndigits - 1);
            d->digits[d->ndigits - 1] = '9';
            d->exp10--;
        }
    }
}

/* Is there an n-digit decimal that reads back as x (x finite, > 0)?  If so, stores the one
 * closest to x.  Only the two n-digit neighbours of x can qualify: the correctly rounded one
 * printf gives, and the next one on the other side of x. */
static bool try_digits(double x, int n, decimal *out)
{
    char buf[48];
    snprintf(buf, sizeof buf, "%.*e", n - 1, x);
    parse_sci(buf, out);
    double back = decimal_value(out);
    if (back == x)
        return true;
    decimal other = *out;
    decimal_step(&other, back > x ? -1 : 1);
    if (decimal_value(&other) == x) {
        *out = other;
        return true;
    }
    return false;
}

/* Shortest digits for x: the property "some n-digit decimal reads back as x" is monotonic
 * in n (an n-digit decimal is also an (n+1)-digit one), so binary search 1..17. */
static void shortest(double x, decimal *d)
{
    int lo = 1, hi = 17;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (try_digits(x, mid, d))
            hi = mid;
        else
            lo = mid + 1;
    }
    try_digits(x, lo, d);
    while (d->ndigits > 1 && d->digits[d->ndigits - 1] == '0')
        d->ndigits--;
}

size_t ss_float8_to_text(double x, char *buf)
{
    if (isnan(x))
        return (size_t)snprintf(buf, SS_NUMBER_BUFLEN, "NaN");
    if (isinf(x))
        return (size_t)snprintf(buf, SS_NUMBER_BUFLEN, x < 0 ? "-Infinity" : "Infinity");
    size_t len = 0;
    if (signbit(x)) {
        buf[len++] = '-';
        x = -x;
    }
    if (x == 0) {
        buf[len++] = '0';
        buf[len] = '\0';
        return len;
    }
    decimal d;
    shortest(x, &d);
    int e = d.exp10;
    if (e >= -4 && e < 15) {
        if (e < 0) {
            buf[len++] = '0';
            buf[len++] = '.';
            for (int i = -1; i > e; i--)
                buf[len++] = '0';
            memcpy(buf + len, d.digits, (size_t)d.ndigits);
            len += (size_t)d.ndigits;
        } else {
            for (int i = 0; i <= e || i < d.ndigits; i++) {
                if (i == e + 1)
                    buf[len++] = '.';
                buf[len++] = i < d.ndigits ? d.digits[i] : '0';
            }
        }
    } else {
        buf[len++] = d.digits[0];
        if (d.ndigits > 1) {
            buf[len++] = '.';
            memcpy(buf + len, d.digits + 1, (size_t)d.ndigits - 1);
            len += (size_t)d.ndigits - 1;
        }
        len += (size_t)snprintf(buf + len, SS_NUMBER_BUFLEN - len, "e%c%02d", e < 0 ? '-' : '+',
                                e < 0 ? -e : e);
    }
    buf[len] = '\0';
    return len;
}
