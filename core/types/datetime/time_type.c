/* time_type.c — the time and timetz descriptors of the type catalog: time is int64
 * microseconds since midnight (int8's layout and order), timetz the 12-byte {time, zone}
 * encoding ordered by UTC time then zone (dt_encode.c); input / output, time(p) typmods and
 * their operators (± interval, time - time, comparisons), and the bounds of RANGE offset
 * frames over them. */
#include "types/datetime/dt_types.h"

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    dt_session sess;
    dt_session_of(ctx, &sess);
    if (t.id == TIMETZ) {
        dt_timetz v;
        if (dt_timetz_in(ctx, &sess, s, len, t.typmod, &v))
            return SS_ERROR;
        return dt_value_timetz(ctx, arena, &v, out);
    }
    int64_t v;
    if (dt_time_in(ctx, &sess, s, len, t.typmod, &v))
        return SS_ERROR;
    memset(out, 0, sizeof *out);
    out->v.i = v;
    return SS_OK;
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    if (t.id == TIMETZ) {
        dt_timetz tz;
        dt_timetz_decode(&v->v.s, &tz);
        dt_timetz_out(&tz, out);
    } else {
        dt_time_out(v->v.i, out);
    }
}

static bool time_typmod_out(int32_t typmod, char *buf, size_t n)
{
    return dt_typmod_out_named(typmod, buf, n, "time", " without time zone");
}

static bool timetz_typmod_out(int32_t typmod, char *buf, size_t n)
{
    return dt_typmod_out_named(typmod, buf, n, "time", " with time zone");
}

static int coerce(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode, ss_value *out, ss_arena *arena)
{
    (void)from, (void)mode;
    if (to.id == TIMETZ) {
        dt_timetz v;
        dt_timetz_decode(&in->v.s, &v);
        dt_adjust_time(&v.time, to.typmod);
        return dt_value_timetz(ctx, arena, &v, out);
    }
    *out = *in;
    dt_adjust_time(&out->v.i, to.typmod);
    return SS_OK;
}

static int tz_compare(const void *a, const void *b)
{
    dt_timetz x, y;
    dt_timetz_decode(a, &x);
    dt_timetz_decode(b, &y);
    return dt_timetz_cmp(&x, &y);
}

static bool tz_equal(const void *a, const void *b)
{
    return tz_compare(a, b) == 0;
}

static uint64_t tz_hash(const void *a)
{
    dt_timetz x;
    dt_timetz_decode(a, &x);
    uint64_t h = (uint64_t)x.time * UINT64_C(0x9E3779B97F4A7C15) ^ (uint64_t)(uint32_t)x.zone;
    h ^= h >> 29;
    return h * UINT64_C(0xbf58476d1ce4e5b9);
}

static void tz_hash_batch(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *out)
{
    const ss_text *t = v->data;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t r = rows ? rows[k] : k;
        if (!ss_vector_is_null(v, r))
            out[k] = tz_hash(&t[r]);
    }
}

/* range_bound: in_range_time_interval / in_range_timetz_interval's base +/- offset->time,
 * month and day ignored, not wrapped around midnight (the compare is arithmetic). */
static int range_offset_time(ss_ctx *ctx, const void *offset, int64_t *out)
{
    dt_interval iv;
    dt_interval_decode(offset, &iv);
    if (iv.time < 0)
        return ss_ctx_error(ctx, "22013", "invalid preceding or following size in window function");
    *out = iv.time;
    return SS_OK;
}

static int time_range_bound(ss_ctx *ctx, const void *base, const void *offset, bool sub, ss_vector *out,
                            uint32_t row)
{
    int64_t off = 0, b = *(const int64_t *)base, r;
    if (range_offset_time(ctx, offset, &off))
        return SS_ERROR;
    if (sub ? __builtin_sub_overflow(b, off, &r) : __builtin_add_overflow(b, off, &r))
        r = sub ? INT64_MIN : INT64_MAX; /* beyond every time */
    ((int64_t *)out->data)[row] = r;
    return SS_OK;
}

static int timetz_range_bound(ss_ctx *ctx, const void *base, const void *offset, bool sub, ss_vector *out,
                              uint32_t row)
{
    int64_t off = 0;
    dt_timetz t;
    if (range_offset_time(ctx, offset, &off))
        return SS_ERROR;
    dt_timetz_decode(base, &t);
    if (sub ? __builtin_sub_overflow(t.time, off, &t.time) : __builtin_add_overflow(t.time, off, &t.time))
        t.time = sub ? INT64_MIN / 2 : INT64_MAX / 2; /* beyond every time, the zone still added */
    return dt_set_timetz(ctx, out, row, &t);
}

static const ss_type_info time_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_TIME,
    .name = "time without time zone",
    .layout = SS_LAYOUT_FIXED,
    .width = sizeof(int64_t),
    .physical = SS_TYPE_INT8,
    .range_bound = time_range_bound,
};

static const ss_type_info timetz_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_TIMETZ,
    .name = "time with time zone",
    .layout = SS_LAYOUT_VARLEN,
    .width = sizeof(ss_text),
    .compare = tz_compare,
    .equal = tz_equal,
    .hash = tz_hash,
    .hash_batch = tz_hash_batch,
    .physical = 0,
    .range_bound = timetz_range_bound,
};

const ss_type_def ss_time_type_def = {
    .info = &time_info,
    .internal_name = "time",
    .display_name = "time without time zone",
    .category = 'D',
    .typmod_in = dt_typmod_in_time,
    .typmod_out = time_typmod_out,
    .input = input,
    .output = output,
    .coerce_typmod = coerce,
    .functions = dt_time_functions,
    .operators = dt_time_operators,
    .casts = dt_time_casts,
};

const ss_type_def ss_timetz_type_def = {
    .info = &timetz_info,
    .internal_name = "timetz",
    .display_name = "time with time zone",
    .category = 'D',
    .typmod_in = dt_typmod_in_timetz,
    .typmod_out = timetz_typmod_out,
    .input = input,
    .output = output,
    .coerce_typmod = coerce,
};

/* time ± interval wraps around midnight (time_pl_interval) */
static int64_t wrap_day(int64_t t)
{
    t -= t / USECS_PER_DAY * USECS_PER_DAY;
    return t < 0 ? t + USECS_PER_DAY : t;
}

static int time_interval(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                         bool minus)
{
    bool t_first = args[0]->type.id != IVL;
    const ss_vector *tv = args[t_first ? 0 : 1], *iv = args[t_first ? 1 : 0];
    SS_FOR_ROWS(rows, n, i, {
        dt_interval v;
        dt_iv_at(iv, i, &v);
        int64_t d = minus ? -v.time : v.time;
        if (tv->type.id == TIMETZ) {
            dt_timetz t;
            dt_tz_at(tv, i, &t);
            t.time = wrap_day(t.time + d);
            if (dt_set_timetz(ctx, out, i, &t))
                return SS_ERROR;
        } else {
            ((int64_t *)out->data)[i] = wrap_day(((const int64_t *)tv->data)[i] + d);
        }
    });
    return SS_OK;
}
DT_FN(time_pl_interval)
{
    (void)nargs;
    return time_interval(ctx, args, rows, n, out, false);
}
DT_FN(time_mi_interval)
{
    (void)nargs;
    return time_interval(ctx, args, rows, n, out, true);
}

DT_FN(time_mi_time)
{
    (void)nargs;
    const int64_t *a = args[0]->data, *b = args[1]->data;
    SS_FOR_ROWS(rows, n, i, {
        dt_interval v = {a[i] - b[i], 0, 0};
        if (dt_set_interval(ctx, out, i, &v))
            return SS_ERROR;
    });
    return SS_OK;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}
#define CMPT(NAME, OP) DT_FN(NAME) { (void)ctx, (void)nargs; return ss_type_compare_rows(args, rows, n, out, OP, cmp_i64); }
#define CMPZ(NAME, OP) DT_FN(NAME) { (void)ctx, (void)nargs; return ss_type_compare_rows(args, rows, n, out, OP, tz_compare); }
CMPT(time_eq, SS_TYPE_CMP_EQ)
CMPT(time_ne, SS_TYPE_CMP_NE)
CMPT(time_lt, SS_TYPE_CMP_LT)
CMPT(time_le, SS_TYPE_CMP_LE)
CMPT(time_gt, SS_TYPE_CMP_GT)
CMPT(time_ge, SS_TYPE_CMP_GE)
CMPZ(timetz_eq, SS_TYPE_CMP_EQ)
CMPZ(timetz_ne, SS_TYPE_CMP_NE)
CMPZ(timetz_lt, SS_TYPE_CMP_LT)
CMPZ(timetz_le, SS_TYPE_CMP_LE)
CMPZ(timetz_gt, SS_TYPE_CMP_GT)
CMPZ(timetz_ge, SS_TYPE_CMP_GE)

#define CMP_SETS(SYM, T, Z) DT_DEF(SYM, T, BOOLT, TIME, TIME), DT_DEF(SYM, Z, BOOLT, TIMETZ, TIMETZ)

const ss_func_def dt_time_operators[] = {
    DT_DEF("+", time_pl_interval, TIME, TIME, IVL),
    DT_DEF("+", time_pl_interval, TIME, IVL, TIME),
    DT_DEF("-", time_mi_interval, TIME, TIME, IVL),
    DT_DEF("+", time_pl_interval, TIMETZ, TIMETZ, IVL),
    DT_DEF("+", time_pl_interval, TIMETZ, IVL, TIMETZ),
    DT_DEF("-", time_mi_interval, TIMETZ, TIMETZ, IVL),
    DT_DEF("-", time_mi_time, IVL, TIME, TIME),
    CMP_SETS("=", time_eq, timetz_eq),
    CMP_SETS("<>", time_ne, timetz_ne),
    CMP_SETS("<", time_lt, timetz_lt),
    CMP_SETS("<=", time_le, timetz_le),
    CMP_SETS(">", time_gt, timetz_gt),
    CMP_SETS(">=", time_ge, timetz_ge),
    {0},
};
