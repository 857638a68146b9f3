/* typeio.c — the input and output functions of the built-in types (PostgreSQL's int2in,
 * int4in, int8in, float8in, boolin, textin and their output counterparts). */
#include "types/typeio.h"

#include "types/array/array.h"
#include "types/numeric/numeric.h"
#include "types/type_def.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int invalid_syntax(ss_ctx *ctx, const char *type_name, const char *s, size_t len)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION,
                        "invalid input syntax for type %s: \"%.*s\"", type_name, (int)len, s);
}

/* pg_strtoint16/32/64: optional whitespace, sign, at least one digit, optional whitespace.
 * Overflow is detected while accumulating, before trailing garbage is seen. */
static int parse_int(ss_ctx *ctx, int32_t id, const char *s, size_t len, int64_t *out)
{
    const char *type_name = id == SS_TYPE_INT2 ? "smallint" : id == SS_TYPE_INT4 ? "integer" : "bigint";
    int64_t min = id == SS_TYPE_INT2 ? INT16_MIN : id == SS_TYPE_INT4 ? INT32_MIN : INT64_MIN;
    size_t i = 0;
    while (i < len && is_space(s[i]))
        i++;
    bool neg = false;
    if (i < len && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    if (i >= len || s[i] < '0' || s[i] > '9')
        return invalid_syntax(ctx, type_name, s, len);
    /* accumulate negatively: the negative range is the larger one */
    int64_t acc = 0;
    for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
        if (__builtin_mul_overflow(acc, 10, &acc) || __builtin_sub_overflow(acc, s[i] - '0', &acc) ||
            acc < min)
            goto out_of_range;
    }
    while (i < len && is_space(s[i]))
        i++;
    if (i != len)
        return invalid_syntax(ctx, type_name, s, len);
    if (!neg) {
        if (acc == min)
            goto out_of_range;
        acc = -acc;
    }
    *out = acc;
    return SS_OK;
out_of_range:
    return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE,
                        "value \"%.*s\" is out of range for type %s", (int)len, s, type_name);
}

static bool prefix_ci(const char *s, size_t len, const char *word)
{
    size_t wl = strlen(word);
    return len >= wl && strncasecmp(s, word, wl) == 0;
}

/* float8in (float4in when single): strtod (strtof), plus the NaN / Infinity spellings, plus
 * PostgreSQL's out-of-range rule (an ERANGE result that is zero or infinite; denormals are
 * accepted), whose message quotes the number (float4in: the whole input). */
int ss_float_parse(ss_ctx *ctx, const char *s, size_t len, bool single, double *out)
{
    const char *type_name = single ? "real" : "double precision";
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
        rc = invalid_syntax(ctx, type_name, s, len);
        goto done;
    }
    errno = 0;
    char *end;
    double val = single ? (double)strtof(num, &end) : strtod(num, &end);
    if (end == num || errno != 0) {
        int save_errno = errno;
        size_t rest = len - (size_t)(num - buf);
        if (prefix_ci(num, rest, "NaN")) {
            val = NAN;
            end = (char *)num + 3;
        } else if (prefix_ci(num, rest, "Infinity")) {
            val = INFINITY;
            end = (char *)num + 8;
        } else if (prefix_ci(num, rest, "+Infinity")) {
            val = INFINITY;
            end = (char *)num + 9;
        } else if (prefix_ci(num, rest, "-Infinity")) {
            val = -INFINITY;
            end = (char *)num + 9;
        } else if (prefix_ci(num, rest, "inf")) {
            val = INFINITY;
            end = (char *)num + 3;
        } else if (prefix_ci(num, rest, "+inf")) {
            val = INFINITY;
            end = (char *)num + 4;
        } else if (prefix_ci(num, rest, "-inf")) {
            val = -INFINITY;
            end = (char *)num + 4;
        } else if (save_errno == ERANGE) {
            if (val == 0.0 || (single ? fabs(val) >= HUGE_VALF : fabs(val) >= HUGE_VAL)) {
                rc = ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE,
                                  "\"%.*s\" is out of range for type %s", single ? (int)len : (int)(end - num),
                                  single ? s : num, type_name);
                goto done;
            }
        } else {
            rc = invalid_syntax(ctx, type_name, s, len);
            goto done;
        }
    }
    while (*end && is_space(*end))
        end++;
    if (*end != '\0') {
        rc = invalid_syntax(ctx, type_name, s, len);
        goto done;
    }
    *out = val;
done:
    if (buf != local)
        free(buf);
    return rc;
}

/* boolin / parse_bool_with_len: trimmed, case-insensitive, any prefix of true/false/yes/no,
 * at least two letters of on/off, and exactly 1 or 0. */
static int parse_bool(ss_ctx *ctx, const char *s, size_t len, bool *out)
{
    const char *p = s;
    size_t n = len;
    while (n > 0 && is_space(*p)) {
        p++;
        n--;
    }
    while (n > 0 && is_space(p[n - 1]))
        n--;
    if (n > 0) {
        switch (p[0]) {
        case 't': case 'T':
            if (n <= 4 && strncasecmp(p, "true", n) == 0) { *out = true; return SS_OK; }
            break;
        case 'f': case 'F':
            if (n <= 5 && strncasecmp(p, "false", n) == 0) { *out = false; return SS_OK; }
            break;
        case 'y': case 'Y':
            if (n <= 3 && strncasecmp(p, "yes", n) == 0) { *out = true; return SS_OK; }
            break;
        case 'n': case 'N':
            if (n <= 2 && strncasecmp(p, "no", n) == 0) { *out = false; return SS_OK; }
            break;
        case 'o': case 'O':
            /* a lone "o" is ambiguous */
            if (n == 2 && strncasecmp(p, "on", 2) == 0) { *out = true; return SS_OK; }
            if ((n == 2 || n == 3) && strncasecmp(p, "off", n) == 0) { *out = false; return SS_OK; }
            break;
        case '1':
            if (n == 1) { *out = true; return SS_OK; }
            break;
        case '0':
            if (n == 1) { *out = false; return SS_OK; }
            break;
        default:
            break;
        }
    }
    return invalid_syntax(ctx, "boolean", s, len);
}

int ss_value_parse(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out)
{
    memset(out, 0, sizeof *out);
    switch (t.id) {
    case SS_TYPE_BOOL:
        return parse_bool(ctx, s, len, &out->v.b);
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8:
        return parse_int(ctx, t.id, s, len, &out->v.i);
    case SS_TYPE_FLOAT8:
        return ss_float_parse(ctx, s, len, false, &out->v.f);
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN:
        if (len > UINT32_MAX)
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "string is too long");
        out->v.s.ptr = s;
        out->v.s.len = (uint32_t)len;
        return SS_OK;
    case SS_TYPE_NUMERIC:
        return num_parse(ctx, s, len, &out->v.s); /* the typmod is the cast's business */
    default: {
        const ss_type_def *d = ss_type_def_get(t.id); /* a catalog type's input function */
        if (d && d->input)
            return d->input(ctx, t, s, len, out, NULL);
        if (ss_type_is_array(t.id))
            return arr_parse(ctx, ss_type_element_of(t.id), t.typmod, s, len, &out->v.s);
    }
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "input of values of type %s is not supported",
                            ss_type_internal_name(t.id));
    }
}

void ss_value_format(ss_type t, const ss_value *v, ss_strbuf *out)
{
    if (v->is_null)
        return;
    char buf[SS_NUMBER_BUFLEN];
    switch (t.id) {
    case SS_TYPE_BOOL:
        ss_strbuf_putc(out, v->v.b ? 't' : 'f');
        break;
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8:
        ss_strbuf_append(out, buf, ss_int64_to_text(v->v.i, buf));
        break;
    case SS_TYPE_FLOAT8:
        ss_strbuf_append(out, buf, ss_float8_to_text(v->v.f, buf));
        break;
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN:
        ss_strbuf_append(out, v->v.s.ptr, v->v.s.len);
        break;
    case SS_TYPE_NUMERIC:
        num_format(&v->v.s, out);
        break;
    default: {
        const ss_type_def *d = ss_type_def_get(t.id); /* a catalog type's output function */
        if (d && d->output)
            d->output(t, v, out);
        else if (ss_type_is_array(t.id))
            arr_format(&v->v.s, out);
        break;
    }
    }
}
