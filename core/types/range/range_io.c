/* range_io.c — the range types' text input and output as PostgreSQL 15's range_in /
 * range_parse / range_parse_bound and range_out / range_bound_escape, and the six catalog
 * descriptors. */
#include "types/range/range.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "types/typeio.h"

static int malformed(ss_ctx *ctx, const char *s, size_t len, const char *detail)
{
    ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, "malformed range literal: \"%.*s\"", (int)len, s);
    ss_ctx_error_detail(ctx, "%s", detail);
    return SS_ERROR;
}

/* range_parse_bound: from s[*pos], an empty bound (infinite) or the bound's text with
 * quotes and backslashes undone into sb, up to an unquoted ',' ')' or ']'. */
static int parse_bound(ss_ctx *ctx, const char *s, size_t len, size_t *pos, ss_strbuf *sb, bool *infinite)
{
    size_t i = *pos;
    if (i < len && (s[i] == ',' || s[i] == ')' || s[i] == ']')) {
        *infinite = true;
        return SS_OK;
    }
    *infinite = false;
    bool inquote = false;
    while (inquote || !(i < len && (s[i] == ',' || s[i] == ')' || s[i] == ']'))) {
        if (i >= len)
            return malformed(ctx, s, len, "Unexpected end of input.");
        char ch = s[i++];
        if (ch == '\\') {
            if (i >= len)
                return malformed(ctx, s, len, "Unexpected end of input.");
            ss_strbuf_putc(sb, s[i++]);
        } else if (ch == '"') {
            if (!inquote)
                inquote = true;
            else if (i < len && s[i] == '"')
                ss_strbuf_putc(sb, s[i++]);
            else
                inquote = false;
        } else
            ss_strbuf_putc(sb, ch);
    }
    *pos = i;
    return SS_OK;
}

/* one bound's text read by the subtype's input function */
static int bound_value(ss_ctx *ctx, int32_t sub, const ss_strbuf *sb, ss_value *v)
{
    if (sb->oom)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return ss_value_parse(ctx, (ss_type){sub, -1}, sb->data ? sb->data : "", sb->len, v);
}

static void skip_space(const char *s, size_t len, size_t *i)
{
    while (*i < len && isspace((unsigned char)s[*i]))
        (*i)++;
}

static int parse(ss_ctx *ctx, int32_t type, const char *s, size_t len, ss_strbuf *out)
{
    int32_t sub = rng_subtype(type);
    size_t i = 0;
    skip_space(s, len, &i);
    if (len - i >= 5 && strncasecmp(s + i, "empty", 5) == 0) {
        i += 5;
        skip_space(s, len, &i);
        if (i != len)
            return malformed(ctx, s, len, "Junk after \"empty\" key word.");
        rng_make_empty(type, out);
        return SS_OK;
    }
    rng_bound lo = {.lower = true}, hi = {0};
    if (i < len && s[i] == '[') {
        lo.inclusive = true;
        i++;
    } else if (i < len && s[i] == '(')
        i++;
    else
        return malformed(ctx, s, len, "Missing left parenthesis or bracket.");
    ss_strbuf lb, ub;
    ss_strbuf_init(&lb);
    ss_strbuf_init(&ub);
    int rc = parse_bound(ctx, s, len, &i, &lb, &lo.infinite);
    if (rc == SS_OK) {
        if (i < len && s[i] == ',')
            i++;
        else
            rc = malformed(ctx, s, len, "Missing comma after lower bound.");
    }
    if (rc == SS_OK)
        rc = parse_bound(ctx, s, len, &i, &ub, &hi.infinite);
    if (rc == SS_OK) {
        if (i < len && s[i] == ']') {
            hi.inclusive = true;
            i++;
        } else if (i < len && s[i] == ')')
            i++;
        else
            rc = malformed(ctx, s, len, "Too many commas.");
    }
    if (rc == SS_OK) {
        skip_space(s, len, &i);
        if (i != len)
            rc = malformed(ctx, s, len, "Junk after right parenthesis or bracket.");
    }
    if (rc == SS_OK && !lo.infinite)
        rc = bound_value(ctx, sub, &lb, &lo.val);
    if (rc == SS_OK && !hi.infinite)
        rc = bound_value(ctx, sub, &ub, &hi.val);
    if (rc == SS_OK)
        rc = rng_make(ctx, type, lo, hi, false, out);
    ss_strbuf_free(&lb);
    ss_strbuf_free(&ub);
    return rc;
}

int rng_input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    memset(out, 0, sizeof *out);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = parse(ctx, t.id, s, len, &sb);
    if (rc == SS_OK && sb.oom)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc == SS_OK) {
        char *p = ss_arena_alloc(arena ? arena : ctx->arena, sb.len);
        if (!p)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        else {
            memcpy(p, sb.data, sb.len);
            out->v.s = (ss_text){p, (uint32_t)sb.len, 0};
        }
    }
    ss_strbuf_free(&sb);
    return rc;
}

/* range_bound_escape: the subtype's text, in double quotes (with '"' and '\' doubled) when
 * it is empty or holds a quote, backslash, parenthesis, bracket, comma or white space */
static void put_bound(int32_t sub, const ss_value *v, ss_strbuf *out)
{
    ss_strbuf tb;
    ss_strbuf_init(&tb);
    ss_value_format((ss_type){sub, -1}, v, &tb);
    bool quote = tb.len == 0;
    for (size_t k = 0; k < tb.len && !quote; k++) {
        char ch = tb.data[k];
        quote = ch == '"' || ch == '\\' || ch == '(' || ch == ')' || ch == '[' || ch == ']' || ch == ',' ||
                isspace((unsigned char)ch);
    }
    if (quote)
        ss_strbuf_putc(out, '"');
    for (size_t k = 0; k < tb.len; k++) {
        if (tb.data[k] == '"' || tb.data[k] == '\\')
            ss_strbuf_putc(out, tb.data[k]);
        ss_strbuf_putc(out, tb.data[k]);
    }
    if (quote)
        ss_strbuf_putc(out, '"');
    ss_strbuf_free(&tb);
}

void rng_output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    rng_value r;
    rng_decode(&v->v.s, &r);
    if (r.empty) {
        ss_strbuf_puts(out, "empty");
        return;
    }
    ss_strbuf_putc(out, r.lo.inclusive ? '[' : '(');
    if (!r.lo.infinite)
        put_bound(r.subtype, &r.lo.val, out);
    ss_strbuf_putc(out, ',');
    if (!r.hi.infinite)
        put_bound(r.subtype, &r.hi.val, out);
    ss_strbuf_putc(out, r.hi.inclusive ? ']' : ')');
}

/* PostgreSQL has no min / max over ranges (no anyrange aggregate) */
#define RANGE_DEF(NAME)                                                                      \
    const ss_type_def ss_##NAME##_type_def = {                                               \
        .info = &ss_##NAME##_type_info, .internal_name = #NAME, .display_name = #NAME,      \
        .category = 'R', .input = rng_input, .output = rng_output, .no_minmax = true,       \
        .functions = rng_##NAME##_functions, .operators = rng_##NAME##_operators}

RANGE_DEF(int4range);
RANGE_DEF(int8range);
RANGE_DEF(numrange);
RANGE_DEF(daterange);
RANGE_DEF(tsrange);
RANGE_DEF(tstzrange);
