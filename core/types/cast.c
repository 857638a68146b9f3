/* cast.c — PostgreSQL's cast rules for the built-in types: cast contexts (pg_cast) and the
 * scalar conversion of one value. */
#include "types/cast.h"

#include <math.h>
#include <string.h>

#include "exec/expr.h"
#include "types/array/array.h"
#include "types/numeric/numeric.h"
#include "types/type_def.h"
#include "types/typeio.h"
#include "types/utf8.h"

#define LEVEL_NONE (-1)

/* The context of a cast from or to a catalog type (type_def.h): the listed pg_cast row, else
 * PostgreSQL's I/O conversions (to a string type in assignment, from one explicitly). */
static int catalog_level(int32_t f, int32_t t)
{
    if (f == t || f == SS_TYPE_UNKNOWN)
        return CAST_IMPLICIT; /* identity / typmod coercion, or the input function */
    const ss_cast_def *c = ss_type_def_cast(f, t);
    if (c)
        return c->context;
    if (t == SS_TYPE_UNKNOWN)
        return LEVEL_NONE;
    if (ss_type_is_text(t) && ss_type_def_get(f) && ss_type_def_get(f)->output)
        return CAST_ASSIGNMENT;
    if (ss_type_is_text(f) && ss_type_def_get(t) && ss_type_def_get(t)->input)
        return CAST_EXPLICIT;
    return LEVEL_NONE;
}

/* Context a cast needs: CAST_IMPLICIT, CAST_ASSIGNMENT, CAST_EXPLICIT or LEVEL_NONE. */
static int cast_level(ss_type from, ss_type to)
{
    int32_t f = from.id, t = to.id;
    if (ss_type_width(f) == 0 || ss_type_width(t) == 0)
        return LEVEL_NONE;
    if (ss_type_def_get(f) || ss_type_def_get(t))
        return catalog_level(f, t);
    if (f == t)
        return CAST_IMPLICIT; /* identity, or varchar(n) length coercion */
    if (ss_type_is_array(f) && ss_type_is_array(t)) /* the element cast's context */
        return cast_level((ss_type){ss_type_element_of(f), -1}, (ss_type){ss_type_element_of(t), -1});
    if (f == SS_TYPE_UNKNOWN)
        return CAST_IMPLICIT; /* untyped literal: the target's input function */
    if (t == SS_TYPE_UNKNOWN)
        return LEVEL_NONE;
    bool fs = ss_type_is_text(f), ts = ss_type_is_text(t);
    if (fs && ts)
        return CAST_IMPLICIT; /* text <-> varchar */
    if (ts)
        return CAST_ASSIGNMENT; /* I/O conversion to a string type */
    if (fs)
        return CAST_EXPLICIT; /* I/O conversion from a string type */
    if (ss_type_is_integer(f) && ss_type_is_integer(t))
        return ss_type_width(t) > ss_type_width(f) ? CAST_IMPLICIT : CAST_ASSIGNMENT;
    if (ss_type_is_integer(f) && t == SS_TYPE_FLOAT8)
        return CAST_IMPLICIT;
    if (ss_type_is_integer(f) && t == SS_TYPE_NUMERIC)
        return CAST_IMPLICIT;
    if (f == SS_TYPE_NUMERIC && t == SS_TYPE_FLOAT8)
        return CAST_IMPLICIT;
    if ((f == SS_TYPE_NUMERIC && ss_type_is_integer(t)) || (f == SS_TYPE_FLOAT8 && t == SS_TYPE_NUMERIC))
        return CAST_ASSIGNMENT;
    if (f == SS_TYPE_FLOAT8 && ss_type_is_integer(t))
        return CAST_ASSIGNMENT;
    if ((f == SS_TYPE_BOOL && t == SS_TYPE_INT4) || (f == SS_TYPE_INT4 && t == SS_TYPE_BOOL))
        return CAST_EXPLICIT;
    return LEVEL_NONE;
}

bool ss_cast_exists(ss_type from, ss_type to, int mode)
{
    int level = cast_level(from, to);
    return level != LEVEL_NONE && level <= mode;
}

int ss_cast_int_overflow(ss_ctx *ctx, int32_t id)
{
    const char *name = id == SS_TYPE_INT2 ? "smallint" : id == SS_TYPE_INT4 ? "integer" : "bigint";
    return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "%s out of range", name);
}

int ss_cast_float_to_int(ss_ctx *ctx, double f, int32_t to, int64_t *out)
{
    double r = rint(f);
    bool fits;
    if (to == SS_TYPE_INT2)
        fits = r >= (double)INT16_MIN && r < -(double)INT16_MIN;
    else if (to == SS_TYPE_INT4)
        fits = r >= (double)INT32_MIN && r < -(double)INT32_MIN;
    else
        fits = r >= (double)INT64_MIN && r < -(double)INT64_MIN;
    if (!fits) /* also NaN */
        return ss_cast_int_overflow(ctx, to);
    *out = (int64_t)r;
    return SS_OK;
}

int ss_cast_fit_varchar(ss_ctx *ctx, const char *s, uint32_t *len, ss_type to, int mode)
{
    if (to.id != SS_TYPE_VARCHAR || to.typmod < 4)
        return SS_OK;
    uint32_t maxlen = (uint32_t)(to.typmod - 4);
    if (*len <= maxlen)
        return SS_OK; /* bytes >= characters */
    uint32_t clip = ss_utf8_clip(s, *len, maxlen);
    if (clip == *len)
        return SS_OK;
    if (mode != CAST_EXPLICIT) {
        for (uint32_t i = clip; i < *len; i++)
            if (s[i] != ' ')
                return ss_ctx_error(ctx, SS_SQLSTATE_STRING_DATA_RIGHT_TRUNCATION,
                                    "value too long for type character varying(%u)", maxlen);
    }
    *len = clip;
    return SS_OK;
}

void ss_cast_text_of(ss_type from, const ss_value *in, ss_strbuf *out)
{
    if (from.id == SS_TYPE_BOOL)
        ss_strbuf_puts(out, in->v.b ? "true" : "false");
    else
        ss_value_format(from, in, out);
}

int ss_cast_io_from_string(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode, ss_value *out,
                           ss_arena *arena)
{
    (void)from, (void)mode, (void)arena;
    memset(out, 0, sizeof *out);
    return ss_value_parse(ctx, to, in->v.s.ptr, in->v.s.len, out);
}

static int no_cast(ss_ctx *ctx, ss_type from, ss_type to)
{
    char a[64], b[64];
    return ss_ctx_error(ctx, "42846", "cannot cast type %s to %s",
                        ss_type_display_name(from, a, sizeof a), ss_type_display_name(to, b, sizeof b));
}

static int cast_numeric(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, ss_value *res)
{
    int32_t f = from.id, t = to.id;
    ss_text n;
    if (t == SS_TYPE_NUMERIC) {
        int rc;
        if (f == SS_TYPE_NUMERIC)
            n = in->v.s, rc = SS_OK;
        else if (ss_type_is_integer(f))
            rc = num_from_int64(ctx, in->v.i, &n);
        else if (f == SS_TYPE_FLOAT8)
            rc = num_from_double(ctx, in->v.f, 15, &n);
        else /* a string type */
            rc = num_parse(ctx, in->v.s.ptr, in->v.s.len, &n);
        if (rc != SS_OK || num_apply_typmod(ctx, &n, to.typmod, &n) != SS_OK)
            return SS_ERROR;
        res->v.s = n;
        return SS_OK;
    }
    if (ss_type_is_integer(t))
        return num_to_int(ctx, &in->v.s, t, &res->v.i);
    if (t == SS_TYPE_FLOAT8) {
        return num_to_float8(ctx, &in->v.s, &res->v.f);
    }
    /* a string type */
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    num_format(&in->v.s, &sb);
    char *p = sb.oom ? NULL : num_alloc(ctx, sb.len + 1);
    if (p)
        memcpy(p, sb.data ? sb.data : "", sb.len);
    res->v.s = (ss_text){p, (uint32_t)sb.len, 0};
    ss_strbuf_free(&sb);
    return p ? SS_OK : SS_ERROR;
}

int ss_cast_numeric_value(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                          ss_value *out)
{
    memset(out, 0, sizeof *out);
    if (in->is_null) {
        out->is_null = true;
        return SS_OK;
    }
    if (cast_numeric(ctx, in, from, to, out) != SS_OK)
        return SS_ERROR;
    if (ss_type_is_text(to.id))
        return ss_cast_fit_varchar(ctx, out->v.s.ptr, &out->v.s.len, to, mode);
    return SS_OK;
}

/* A cast from or to a catalog type, of a non-NULL value: its typmod coercion, its input or
 * output function, or the listed cast's function (type_def.h). */
static int catalog_cast(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                        ss_value *out, ss_arena *arena)
{
    const ss_type_def *fd = ss_type_def_get(from.id), *td = ss_type_def_get(to.id);
    ss_value res;
    memset(&res, 0, sizeof res);
    if (from.id == to.id) {
        res = *in;
    } else if (ss_type_is_text(from.id)) {
        /* the input function, then the typmod coercion in the cast's mode (char(n)) */
        if (td->input(ctx, to, in->v.s.ptr, in->v.s.len, &res, arena) != SS_OK)
            return SS_ERROR;
    } else {
        const ss_cast_def *c = ss_type_def_cast(from.id, to.id);
        if (c) {
            if (c->fn(ctx, in, from, to, mode, &res, arena) != SS_OK)
                return SS_ERROR;
        } else { /* the output function, to a string type */
            ss_strbuf sb;
            ss_strbuf_init(&sb);
            fd->output(from, in, &sb);
            const char *s = sb.data ? sb.data : "";
            char *p = sb.oom ? NULL : arena ? ss_arena_strndup(arena, s, sb.len) : ss_ctx_alloc(ctx, sb.len + 1);
            if (p && !arena)
                memcpy(p, s, sb.len);
            res.v.s = (ss_text){p, (uint32_t)sb.len, 0};
            ss_strbuf_free(&sb);
            if (!p)
                return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
    }
    if (ss_type_is_text(to.id) && ss_cast_fit_varchar(ctx, res.v.s.ptr, &res.v.s.len, to, mode) != SS_OK)
        return SS_ERROR;
    if (td && to.typmod >= 0 && td->coerce_typmod) {
        ss_value v = res;
        if (td->coerce_typmod(ctx, &v, to, to, mode, &res, arena) != SS_OK)
            return SS_ERROR;
    }
    *out = res;
    return SS_OK;
}

int ss_cast_value(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                  ss_value *out, ss_arena *arena)
{
    if (cast_level(from, to) == LEVEL_NONE)
        return no_cast(ctx, from, to);
    ss_value res;
    memset(&res, 0, sizeof res);
    if (in->is_null) {
        res.is_null = true;
        *out = res;
        return SS_OK;
    }
    int32_t f = from.id, t = to.id;
    if (ss_type_is_array(f) && ss_type_is_array(t)) {
        if (arr_cast_value(ctx, &in->v.s, from, to, mode, &res.v.s, arena) != SS_OK)
            return SS_ERROR;
        *out = res;
        return SS_OK;
    }
    if (ss_type_def_get(f) || ss_type_def_get(t))
        return catalog_cast(ctx, in, from, to, mode, out, arena);
    if (t == SS_TYPE_NUMERIC || f == SS_TYPE_NUMERIC) {
        if (cast_numeric(ctx, in, from, to, &res) != SS_OK)
            return SS_ERROR;
        if (t == SS_TYPE_NUMERIC || ss_type_is_text(t)) {
            /* the result's bytes are scratch: keep them in the caller's arena */
            char *p = ss_arena_alloc(arena, res.v.s.len ? res.v.s.len : 1);
            if (!p)
                return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            memcpy(p, res.v.s.ptr, res.v.s.len);
            res.v.s.ptr = p;
        }
        if (ss_type_is_text(t) && ss_cast_fit_varchar(ctx, res.v.s.ptr, &res.v.s.len, to, mode) != SS_OK)
            return SS_ERROR;
        *out = res;
        return SS_OK;
    }
    if (ss_type_is_text(t)) {
        if (ss_type_is_text(f)) {
            res.v.s = in->v.s;
        } else {
            ss_strbuf sb;
            ss_strbuf_init(&sb);
            ss_cast_text_of(from, in, &sb);
            char *p = sb.oom ? NULL : ss_arena_strndup(arena, sb.data ? sb.data : "", sb.len);
            res.v.s.len = (uint32_t)sb.len;
            ss_strbuf_free(&sb);
            if (!p)
                return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            res.v.s.ptr = p;
        }
        if (ss_cast_fit_varchar(ctx, res.v.s.ptr, &res.v.s.len, to, mode) != SS_OK)
            return SS_ERROR;
    } else if (ss_type_is_text(f)) {
        if (ss_value_parse(ctx, to, in->v.s.ptr, in->v.s.len, &res) != SS_OK)
            return SS_ERROR;
    } else if (ss_type_is_integer(t)) {
        if (ss_type_is_integer(f)) {
            if (!ss_cast_int_fits(in->v.i, t))
                return ss_cast_int_overflow(ctx, t);
            res.v.i = in->v.i;
        } else if (f == SS_TYPE_FLOAT8) {
            if (ss_cast_float_to_int(ctx, in->v.f, t, &res.v.i) != SS_OK)
                return SS_ERROR;
        } else { /* bool -> int4 */
            res.v.i = in->v.b ? 1 : 0;
        }
    } else if (t == SS_TYPE_FLOAT8) {
        res.v.f = f == SS_TYPE_FLOAT8 ? in->v.f : (double)in->v.i;
    } else { /* bool target: from bool or int4 */
        res.v.b = f == SS_TYPE_BOOL ? in->v.b : in->v.i != 0;
    }
    *out = res;
    return SS_OK;
}
