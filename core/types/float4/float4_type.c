/* float4_type.c — the float4 (real) descriptor of the type catalog, with its input and
 * output functions (PostgreSQL's float4in / float4out). */
#include "types/float4/float4.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "types/typeio.h"

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int invalid(ss_ctx *ctx, const char *s, size_t len)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION,
                        "invalid input syntax for type real: \"%.*s\"", (int)len, s);
}

/* The special spellings strtof may not take (PostgreSQL accepts them case-insensitively). */
static bool special(const char *num, float *val, const char **end)
{
    static const struct { const char *word; float v; } words[] = {
        {"NaN", NAN},          {"Infinity", INFINITY}, {"+Infinity", INFINITY},
        {"-Infinity", -INFINITY}, {"inf", INFINITY},   {"+inf", INFINITY},
        {"-inf", -INFINITY}};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        size_t wl = strlen(words[k].word);
        if (strncasecmp(num, words[k].word, wl) == 0) {
            *val = words[k].v;
            *end = num + wl;
            return true;
        }
    }
    return false;
}

int float4_parse(ss_ctx *ctx, const char *s, size_t len, float *out)
{
    char local[128];
    char *buf = len < sizeof local ? local : malloc(len + 1);
    if (!buf)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(buf, s, len);
    buf[len] = '\0';
    int rc = SS_OK;
    const char *num = buf;
    while (*num && is_space(*num))
        num++;
    if (*num == '\0' || strlen(buf) != len) {
        rc = invalid(ctx, s, len);
        goto done;
    }
    errno = 0;
    char *endp;
    float val = strtof(num, &endp);
    const char *end = endp;
    if (end == num || errno != 0) {
        int save_errno = errno;
        if (special(num, &val, &end)) {
            /* taken */
        } else if (save_errno == ERANGE) {
            /* denormals are accepted; zero or infinity means the input was out of range */
            if (val == 0.0f || val >= HUGE_VALF || val <= -HUGE_VALF) {
                rc = ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE,
                                  "\"%.*s\" is out of range for type real", (int)len, s);
                goto done;
            }
        } else {
            rc = invalid(ctx, s, len);
            goto done;
        }
    }
    while (*end && is_space(*end))
        end++;
    if (*end != '\0') {
        rc = invalid(ctx, s, len);
        goto done;
    }
    *out = val;
done:
    if (buf != local)
        free(buf);
    return rc;
}

/* Writes digits d[0..nd) times 10^(e - nd + 1) as float4out lays it out: fixed notation for
 * a decimal exponent e in [-4, 6), d.ddde+XX otherwise. */
static size_t layout(const char *d, int nd, int e, char *buf, size_t len)
{
    if (e >= -4 && e < 6) {
        if (e < 0) {
            buf[len++] = '0';
            buf[len++] = '.';
            for (int i = -1; i > e; i--)
                buf[len++] = '0';
            memcpy(buf + len, d, (size_t)nd);
            len += (size_t)nd;
        } else {
            for (int i = 0; i <= e || i < nd; i++) {
                if (i == e + 1)
                    buf[len++] = '.';
                buf[len++] = i < nd ? d[i] : '0';
            }
        }
    } else {
        buf[len++] = d[0];
        if (nd > 1) {
            buf[len++] = '.';
            memcpy(buf + len, d + 1, (size_t)nd - 1);
            len += (size_t)nd - 1;
        }
        buf[len++] = 'e';
        buf[len++] = e < 0 ? '-' : '+';
        int ae = e < 0 ? -e : e;
        if (ae >= 100)
            buf[len++] = (char)('0' + ae / 100);
        buf[len++] = (char)('0' + ae / 10 % 10);
        buf[len++] = (char)('0' + ae % 10);
    }
    buf[len] = '\0';
    return len;
}

size_t float4_to_text(float x, char *buf)
{
    if (isnan(x) || isinf(x)) {
        const char *s = isnan(x) ? "NaN" : x < 0 ? "-Infinity" : "Infinity";
        size_t n = strlen(s);
        memcpy(buf, s, n + 1);
        return n;
    }
    int extra = ss_float8_extra_digits();
    if (extra <= 0) {
        int ndig = FLT_DIG + extra;
        int n = snprintf(buf, SS_NUMBER_BUFLEN, "%.*g", ndig < 1 ? 1 : ndig, (double)x);
        return n < 0 ? 0 : (size_t)n;
    }
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
    /* the fewest significant digits (1..9) whose correctly rounded decimal reads back as x */
    char sci[40];
    for (int p = 1; p <= 9; p++) {
        snprintf(sci, sizeof sci, "%.*e", p - 1, (double)x);
        if (strtof(sci, NULL) == x || p == 9)
            break;
    }
    char d[16];
    int nd = 0;
    const char *c = sci;
    for (; *c && *c != 'e'; c++)
        if (*c >= '0' && *c <= '9')
            d[nd++] = *c;
    int e = *c == 'e' ? atoi(c + 1) : 0;
    while (nd > 1 && d[nd - 1] == '0')
        nd--;
    return layout(d, nd, e, buf, len);
}

int float4_overflow(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value out of range: overflow");
}

int float4_underflow(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value out of range: underflow");
}

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t;
    (void)arena;
    float f;
    if (float4_parse(ctx, s, len, &f) != SS_OK)
        return SS_ERROR;
    memset(out, 0, sizeof *out);
    out->v.f = f;
    return SS_OK;
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    char buf[SS_NUMBER_BUFLEN];
    ss_strbuf_append(out, buf, float4_to_text((float)v->v.f, buf));
}

static const ss_type_info float4_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_FLOAT4,
    .name = "real",
    .layout = SS_LAYOUT_FIXED,
    .width = sizeof(double),
    .flags = SS_TYPEINFO_NUMBER,
    .physical = SS_TYPE_FLOAT8, /* a float value held in a double orders as float8 */
};

const ss_type_def ss_float4_type_def = {
    .info = &float4_info,
    .internal_name = "float4",
    .display_name = "real",
    .sql_names = NULL, /* the grammar turns REAL and FLOAT(1..24) into float4 */
    .category = 'N',
    .preferred = false,
    .input = input,
    .output = output,
    .functions = float4_functions,
    .operators = float4_operators,
    .casts = float4_casts,
};
