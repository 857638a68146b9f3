/* func_size.c — pg_size_pretty(bigint | numeric) and pg_size_bytes(text): byte counts in
 * PostgreSQL 15's units (bytes, kB, MB, GB, TB, PB; each unit kept below 20 * 1024 - 1 and
 * rounded half away from zero, bytes below 10 * 1024) and back, with its 22023 / 22003 errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "types/func_impl.h"
#include "types/numeric/numeric.h"
#include "util/strbuf.h"

typedef struct size_unit {
    const char *name;
    int64_t limit; /* values below it are shown in this unit */
    bool round;    /* half-rounded when shown */
    int bits;      /* log2 of the unit */
} size_unit;

static const size_unit units[] = {
    {"bytes", 10 * 1024, false, 0}, {"kB", 20 * 1024 - 1, true, 10}, {"MB", 20 * 1024 - 1, true, 20},
    {"GB", 20 * 1024 - 1, true, 30}, {"TB", 20 * 1024 - 1, true, 40}, {"PB", 20 * 1024 - 1, true, 50},
};
#define NUNITS (sizeof units / sizeof units[0])

/* How many bits to divide by when leaving unit u for the next (PostgreSQL's rule: one less
 * when the next unit half-rounds, one more when this one does). */
static int step_bits(size_t u)
{
    return units[u + 1].bits - units[u].bits - (units[u + 1].round ? 1 : 0) + (units[u].round ? 1 : 0);
}

/* ---- pg_size_pretty(bigint) ---- */
static int64_t half_rounded(int64_t x)
{
    return (x + (x < 0 ? -1 : 1)) / 2;
}

static void pretty_int8(int64_t size, ss_strbuf *sb)
{
    for (size_t u = 0; u < NUNITS; u++) {
        bool below = size < 0 ? size > -units[u].limit : size < units[u].limit;
        if (u + 1 == NUNITS || below) {
            ss_strbuf_printf(sb, "%lld %s", (long long)(units[u].round ? half_rounded(size) : size), units[u].name);
            return;
        }
        size /= INT64_C(1) << step_bits(u);
    }
}

/* ---- pg_size_pretty(numeric): the same steps over the decimal digits of the magnitude
   (truncating divisions and half-rounding are symmetric in the sign) ---- */

/* Divides the magnitude dig[0..*n) by d, truncating; strips leading zeros. */
static void digits_div(uint8_t *dig, int32_t *n, int64_t d)
{
    int64_t rem = 0;
    for (int32_t k = 0; k < *n; k++) {
        rem = rem * 10 + dig[k];
        dig[k] = (uint8_t)(rem / d);
        rem %= d;
    }
    int32_t z = 0;
    while (z < *n && dig[z] == 0)
        z++;
    memmove(dig, dig + z, (size_t)(*n - z));
    *n -= z;
}

static void digits_add_one(uint8_t *dig, int32_t *n)
{
    int32_t k = *n - 1;
    while (k >= 0 && dig[k] == 9)
        dig[k--] = 0;
    if (k >= 0) {
        dig[k]++;
        return;
    }
    memmove(dig + 1, dig, (size_t)*n);
    dig[0] = 1;
    (*n)++;
}

static bool digits_below(const uint8_t *dig, int32_t n, int64_t limit)
{
    if (n > 18)
        return false;
    int64_t v = 0;
    for (int32_t k = 0; k < n; k++)
        v = v * 10 + dig[k];
    return v < limit;
}

static int pretty_numeric(ss_ctx *ctx, const ss_text *t, ss_strbuf *sb)
{
    uint8_t buf[24];
    ss_num x;
    num_decode(t, &x, buf);
    if (x.kind != NUM_BIG) { /* NaN and the infinities pass every unit */
        num_format(t, sb);
        ss_strbuf_puts(sb, " PB");
        return SS_OK;
    }
    int32_t n = x.ndig > x.dscale ? x.ndig - x.dscale : 0; /* the integer digits */
    uint8_t *dig = ss_ctx_alloc(ctx, (size_t)n + 2);
    if (!dig)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(dig, x.dig, (size_t)n);
    for (size_t u = 0; u < NUNITS; u++) {
        if (u + 1 == NUNITS || digits_below(dig, n, units[u].limit)) {
            if (u == 0) {
                num_format(t, sb);
            } else {
                if (units[u].round) {
                    digits_add_one(dig, &n);
                    digits_div(dig, &n, 2);
                }
                if (n == 0)
                    ss_strbuf_putc(sb, '0');
                else if (x.neg)
                    ss_strbuf_putc(sb, '-');
                for (int32_t k = 0; k < n; k++)
                    ss_strbuf_putc(sb, (char)('0' + dig[k]));
            }
            ss_strbuf_printf(sb, " %s", units[u].name);
            return SS_OK;
        }
        digits_div(dig, &n, INT64_C(1) << step_bits(u));
    }
    return SS_OK;
}

static int pretty_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                      void *state)
{
    (void)nargs, (void)null, (void)state;
    if (args[0]->type.id == SS_TYPE_INT8) {
        pretty_int8(((const int64_t *)args[0]->data)[i], sb);
        return SS_OK;
    }
    return pretty_numeric(ctx, &((const ss_text *)args[0]->data)[i], sb);
}

SS_TEXT_FN(ss_fn_pg_size_pretty, pretty_row)

/* ---- pg_size_bytes(text) ---- */
static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int invalid_size(ss_ctx *ctx, const ss_text *s)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "invalid size: \"%.*s\"", (int)s->len, s->ptr);
}

static int size_bytes(ss_ctx *ctx, const ss_text *s, int64_t *out)
{
    const char *p = s->ptr, *end = s->ptr + s->len;
    while (p < end && is_space(*p))
        p++;
    const char *num = p;
    bool digits = false;
    if (p < end && (*p == '-' || *p == '+'))
        p++;
    for (; p < end && is_digit(*p); p++)
        digits = true;
    if (p < end && *p == '.')
        for (p++; p < end && is_digit(*p); p++)
            digits = true;
    if (!digits)
        return invalid_size(ctx, s);
    if (p < end && (*p == 'e' || *p == 'E')) { /* an exponent if digits follow, else part of the unit */
        const char *q = p + 1;
        while (q < end && is_space(*q))
            q++;
        if (q < end && (*q == '-' || *q == '+'))
            q++;
        if (q < end && is_digit(*q)) {
            while (q < end && is_digit(*q))
                q++;
            p = q;
        }
    }
    ss_text v;
    if (num_parse(ctx, num, (size_t)(p - num), &v) != SS_OK)
        return SS_ERROR;
    while (p < end && is_space(*p))
        p++;
    if (p < end) {
        const char *e = end;
        while (e > p && is_space(e[-1]))
            e--;
        size_t len = (size_t)(e - p);
        size_t u = 0;
        while (u < NUNITS && !(strlen(units[u].name) == len && strncasecmp(p, units[u].name, len) == 0))
            u++;
        if (u == NUNITS) {
            invalid_size(ctx, s);
            ss_ctx_error_detail(ctx, "Invalid size unit: \"%.*s\".", (int)len, p);
            ss_ctx_error_hint(ctx, "Valid units are \"bytes\", \"kB\", \"MB\", \"GB\", \"TB\", and \"PB\".");
            return SS_ERROR;
        }
        if (units[u].bits > 0) {
            ss_text m, r;
            if (num_from_int64(ctx, INT64_C(1) << units[u].bits, &m) != SS_OK ||
                num_binop(ctx, NUM_OP_MUL, &v, &m, &r) != SS_OK)
                return SS_ERROR;
            v = r;
        }
    }
    return num_to_int(ctx, &v, SS_TYPE_INT8, out);
}

int ss_fn_pg_size_bytes(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                        ss_vector *out)
{
    (void)nargs;
    int64_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        if (size_bytes(ctx, &((const ss_text *)args[0]->data)[i], &r[i]) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}
