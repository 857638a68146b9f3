/* mr_io.c — the multirange types' text input and output as PostgreSQL 15's multirange_in /
 * multirange_out, and their catalog descriptors. */
#include "types/multirange/multirange.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "types/type_def.h"

static int malformed(ss_ctx *ctx, const char *s, size_t len, const char *detail)
{
    ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, "malformed multirange literal: \"%.*s\"", (int)len, s);
    ss_ctx_error_detail(ctx, "%s", detail);
    return SS_ERROR;
}

enum { BEFORE_RANGE, IN_RANGE, IN_RANGE_ESCAPED, IN_RANGE_QUOTED, IN_RANGE_QUOTED_ESCAPED, AFTER_RANGE, FINISHED };

/* The ranges of s[0..len) as multirange_in scans them, each read by rng_input into arena. */
static int scan(ss_ctx *ctx, int32_t rt, const char *s, size_t len, ss_arena *arena, rng_value **ranges,
                uint32_t *n)
{
    size_t i = 0, cap = 0, begin = 0;
    while (i < len && isspace((unsigned char)s[i]))
        i++;
    if (i >= len || s[i] != '{')
        return malformed(ctx, s, len, "Missing left brace.");
    i++;
    int state = BEFORE_RANGE;
    uint32_t seen = 0;
    for (; state != FINISHED; i++) {
        if (i >= len || s[i] == '\0')
            return malformed(ctx, s, len, "Unexpected end of input.");
        char ch = s[i];
        if (isspace((unsigned char)ch))
            continue;
        switch (state) {
        case BEFORE_RANGE:
            if (ch == '[' || ch == '(') {
                begin = i;
                state = IN_RANGE;
            } else if (ch == '}' && seen == 0) {
                state = FINISHED;
            } else if (len - i >= 5 && strncasecmp(s + i, "empty", 5) == 0) {
                seen++;
                i += 4;
                state = AFTER_RANGE;
            } else {
                return malformed(ctx, s, len, "Expected range start.");
            }
            break;
        case IN_RANGE:
            if (ch == ']' || ch == ')') {
                ss_value v;
                if (rng_input(ctx, (ss_type){rt, -1}, s + begin, i - begin + 1, &v, arena) != SS_OK)
                    return SS_ERROR;
                if (*n == cap) {
                    cap = cap ? cap * 2 : 8;
                    rng_value *p = realloc(*ranges, sizeof(rng_value) * cap);
                    if (!p)
                        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                    *ranges = p;
                }
                rng_decode(&v.v.s, &(*ranges)[(*n)++]);
                seen++;
                state = AFTER_RANGE;
            } else if (ch == '"') {
                state = IN_RANGE_QUOTED;
            } else if (ch == '\\') {
                state = IN_RANGE_ESCAPED;
            }
            break;
        case IN_RANGE_ESCAPED:
            state = IN_RANGE;
            break;
        case IN_RANGE_QUOTED:
            if (ch == '"') {
                if (i + 1 < len && s[i + 1] == '"')
                    i++; /* a doubled quote mark */
                else
                    state = IN_RANGE;
            } else if (ch == '\\') {
                state = IN_RANGE_QUOTED_ESCAPED;
            }
            break;
        case IN_RANGE_QUOTED_ESCAPED:
            state = IN_RANGE_QUOTED;
            break;
        case AFTER_RANGE:
            if (ch == ',')
                state = BEFORE_RANGE;
            else if (ch == '}')
                state = FINISHED;
            else
                return malformed(ctx, s, len, "Expected comma or end of multirange.");
            break;
        default: break;
        }
    }
    while (i < len && isspace((unsigned char)s[i]))
        i++;
    if (i < len)
        return malformed(ctx, s, len, "Junk after closing right brace.");
    return SS_OK;
}

int mr_input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    memset(out, 0, sizeof *out);
    rng_value *ranges = NULL;
    uint32_t n = 0;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = scan(ctx, mr_range_type(t.id), s, len, arena, &ranges, &n);
    if (rc == SS_OK)
        rc = mr_make(ctx, t.id, ranges, n, &sb);
    free(ranges);
    if (rc != SS_OK) {
        ss_strbuf_free(&sb);
        return SS_ERROR;
    }
    return mr_store_value(ctx, &sb, arena, out);
}

void mr_output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    const char *p = v->v.s.ptr;
    uint32_t n;
    memcpy(&n, p, 4);
    p += 4;
    ss_strbuf_putc(out, '{');
    for (uint32_t k = 0; k < n; k++) {
        uint32_t len;
        memcpy(&len, p, 4);
        ss_value r = {.v.s = {.ptr = p + 4, .len = len}};
        if (k)
            ss_strbuf_putc(out, ',');
        rng_output((ss_type){mr_range_type(t.id), -1}, &r, out);
        p += 4 + len;
    }
    ss_strbuf_putc(out, '}');
}

/* PostgreSQL has no min / max over multiranges */
#define MULTIRANGE_DEF(NAME)                                                                 \
    const ss_type_def ss_##NAME##_type_def = {                                               \
        .info = &ss_##NAME##_type_info, .internal_name = #NAME, .display_name = #NAME,      \
        .category = 'R', .input = mr_input, .output = mr_output, .no_minmax = true,         \
        .functions = mr_##NAME##_functions, .operators = mr_##NAME##_operators,             \
        .casts = mr_##NAME##_casts}

MULTIRANGE_DEF(int4multirange);
MULTIRANGE_DEF(int8multirange);
MULTIRANGE_DEF(nummultirange);
MULTIRANGE_DEF(datemultirange);
MULTIRANGE_DEF(tsmultirange);
MULTIRANGE_DEF(tstzmultirange);
