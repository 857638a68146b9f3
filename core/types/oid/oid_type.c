/* oid_type.c — (oid8) the oid type: PostgreSQL's oidin / oidout (an unsigned 32-bit number) and
 * its six comparisons. */
#include "types/oid/oid.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/typeio.h"

bool oid_is_number(const char *s, size_t len)
{
    while (len > 0 && isspace((unsigned char)*s))
        s++, len--;
    while (len > 0 && isspace((unsigned char)s[len - 1]))
        len--;
    if (len == 0)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!isdigit((unsigned char)s[i]))
            return false;
    return true;
}

int oid_parse(ss_ctx *ctx, const char *s, size_t len, const char *type, uint32_t *out)
{
    char buf[64];
    size_t i = 0, j = len;
    while (i < j && isspace((unsigned char)s[i]))
        i++;
    while (j > i && isspace((unsigned char)s[j - 1]))
        j--;
    bool ok = j > i && j - i < sizeof buf;
    long long v = 0;
    if (ok) {
        memcpy(buf, s + i, j - i);
        buf[j - i] = '\0';
        char *end;
        errno = 0;
        v = strtoll(buf, &end, 10);
        ok = *end == '\0' && end != buf && (isdigit((unsigned char)buf[0]) || buf[0] == '-' || buf[0] == '+');
        if (ok && (errno == ERANGE || v > 4294967295LL || v < -2147483648LL))
            return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value \"%.*s\" is out of range for type %s",
                                (int)len, s, type);
    }
    if (!ok)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, "invalid input syntax for type %s: \"%.*s\"",
                            type, (int)len, s);
    *out = (uint32_t)v;
    return SS_OK;
}

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t, (void)arena;
    uint32_t v;
    if (oid_parse(ctx, s, len, "oid", &v) != SS_OK)
        return SS_ERROR;
    memset(out, 0, sizeof *out);
    out->v.i = v;
    return SS_OK;
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    ss_strbuf_printf(out, "%u", (uint32_t)v->v.i);
}

static int compare(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

SS_TYPE_CMP_EVALS(oid_cmp, compare)

static const ss_func_def oid_operators[] = {
    SS_TYPE_CMP_OPERATORS(oid_cmp, SS_TYPE_OID),
    {0},
};

static const ss_type_info oid_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_OID,
    .name = "oid",
    .layout = SS_LAYOUT_FIXED,
    .width = sizeof(int64_t),
    .physical = SS_TYPE_INT8, /* ordered as the unsigned number it holds */
};

const ss_type_def ss_oid_type_def = {
    .info = &oid_info,
    .internal_name = "oid",
    .display_name = "oid",
    .category = 'N',
    .preferred = false,
    .input = input,
    .output = output,
    .operators = oid_operators,
    .casts = oid_casts,
};
