/* timestamp_type.c — the timestamp and timestamptz descriptors of the type catalog: int64
 * microseconds since 2000-01-01 (vectors share int8's layout and order), input / output
 * (timestamptz in the session's TimeZone), timestamp(p) typmods, and their operators:
 * ± interval (months and days in local time for timestamptz), timestamp - timestamp, and the
 * comparisons between timestamp and timestamptz. */
#include "types/datetime/dt_types.h"

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)arena;
    dt_session sess;
    dt_session_of(ctx, &sess);
    int64_t v;
    if (dt_timestamp_in(ctx, &sess, s, len, t.typmod, t.id == TSTZ, &v))
        return SS_ERROR;
    memset(out, 0, sizeof *out);
    out->v.i = v;
    return SS_OK;
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    const dt_session *s = dt_session_current();
    if (t.id == TSTZ)
        dt_timestamptz_out_style(v->v.i, s->zone, s->date_style, s->date_order, out);
    else
        dt_timestamp_out_style(v->v.i, s->date_style, s->date_order, out);
}

static bool ts_typmod_out(int32_t typmod, char *buf, size_t n)
{
    return dt_typmod_out_named(typmod, buf, n, "timestamp", " without time zone");
}

static bool tstz_typmod_out(int32_t typmod, char *buf, size_t n)
{
    return dt_typmod_out_named(typmod, buf, n, "timestamp", " with time zone");
}

/* timestamp(p) -> timestamp(q): rounding */
static int coerce(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode, ss_value *out, ss_arena *arena)
{
    (void)ctx, (void)from, (void)mode, (void)arena;
    int64_t v = in->v.i;
    dt_adjust_timestamp(&v, to.typmod);
    *out = *in;
    out->v.i = v;
    return SS_OK;
}

/* ss_type_arith (generate_series): a timestamp plus an interval element b, months and days
 * in the session's zone for timestamptz; 22008 on overflow */
static int arith_add(ss_ctx *ctx, const void *a, const void *b, ss_vector *out, uint32_t row)
{
    int64_t t = *(const int64_t *)a, r;
    dt_interval iv;
    dt_interval_decode(b, &iv);
    bool ok = out->type.id == TSTZ ? dt_timestamptz_pl_interval(t, &iv, dt_ctx_zone(ctx), &r)
                                   : dt_timestamp_pl_interval(t, &iv, &r);
    if (!ok)
        return dt_err_timestamp_range(ctx);
    ((int64_t *)out->data)[row] = r;
    return SS_OK;
}

static int arith_classify(const void *a)
{
    int64_t t = *(const int64_t *)a;
    return t == DT_NOBEGIN ? SS_VALUE_NINF : t == DT_NOEND ? SS_VALUE_PINF : t > 0 ? SS_VALUE_POSITIVE
           : t < 0 ? SS_VALUE_NEGATIVE : SS_VALUE_ZERO;
}

static const ss_type_arith ts_arith = {sizeof(ss_type_arith), arith_add, arith_classify};

static const ss_type_info ts_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_TIMESTAMP,
    .name = "timestamp without time zone",
    .layout = SS_LAYOUT_FIXED,
    .width = sizeof(int64_t),
    .arith = &ts_arith,
    .physical = SS_TYPE_INT8,
};

static const ss_type_info tstz_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_TIMESTAMPTZ,
    .name = "timestamp with time zone",
    .layout = SS_LAYOUT_FIXED,
    .width = sizeof(int64_t),
    .arith = &ts_arith,
    .physical = SS_TYPE_INT8,
};

const ss_type_def ss_timestamp_type_def = {
    .info = &ts_info,
    .internal_name = "timestamp",
    .display_name = "timestamp without time zone",
    .category = 'D',
    .typmod_in = dt_typmod_in_timestamp,
    .typmod_out = ts_typmod_out,
    .input = input,
    .output = output,
    .coerce_typmod = coerce,
    .functions = dt_timestamp_functions,
    .operators = dt_timestamp_operators,
    .casts = dt_timestamp_casts,
};

const ss_type_def ss_timestamptz_type_def = {
    .info = &tstz_info,
    .internal_name = "timestamptz",
    .display_name = "timestamp with time zone",
    .category = 'D',
    .preferred = true,
    .typmod_in = dt_typmod_in_timestamptz,
    .typmod_out = tstz_typmod_out,
    .input = input,
    .output = output,
    .coerce_typmod = coerce,
    .casts = dt_timestamptz_casts,
};

/* timestamp(tz) ± interval, either order for + */
static int ts_interval(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                       bool minus)
{
    bool ts_first = args[0]->type.id != IVL;
    const int64_t *t = args[ts_first ? 0 : 1]->data;
    const ss_vector *iv = args[ts_first ? 1 : 0];
    bool tz = out->type.id == TSTZ;
    const dt_zone *z = tz ? dt_ctx_zone(ctx) : NULL;
    int64_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        dt_interval v;
        dt_iv_at(iv, i, &v);
        if (minus && !dt_interval_um(&v, &v))
            return dt_err_interval_range(ctx);
        if (!(tz ? dt_timestamptz_pl_interval(t[i], &v, z, &r[i]) : dt_timestamp_pl_interval(t[i], &v, &r[i])))
            return dt_err_timestamp_range(ctx);
    });
    return SS_OK;
}
DT_FN(ts_pl_interval)
{
    (void)nargs;
    return ts_interval(ctx, args, rows, n, out, false);
}
DT_FN(ts_mi_interval)
{
    (void)nargs;
    return ts_interval(ctx, args, rows, n, out, true);
}

DT_FN(ts_mi)
{
    (void)nargs;
    const int64_t *a = args[0]->data, *b = args[1]->data;
    SS_FOR_ROWS(rows, n, i, {
        if (a[i] == DT_NOBEGIN || a[i] == DT_NOEND || b[i] == DT_NOBEGIN || b[i] == DT_NOEND)
            return ss_ctx_error(ctx, "22008", "cannot subtract infinite timestamps");
        dt_interval v;
        if (!dt_timestamp_mi(a[i], b[i], &v))
            return dt_err_interval_range(ctx);
        if (dt_set_interval(ctx, out, i, &v))
            return SS_ERROR;
    });
    return SS_OK;
}

/* timestamp vs timestamptz comparisons, either side first */
static int cmp_cross(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, int op)
{
    bool plain_first = args[0]->type.id == TS;
    const int64_t *a = args[plain_first ? 0 : 1]->data, *b = args[plain_first ? 1 : 0]->data;
    const dt_zone *z = dt_ctx_zone(ctx);
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        int c = dt_cmp_timestamp_timestamptz(a[i], b[i], z);
        if (!plain_first)
            c = -c;
        r[i] = op == SS_TYPE_CMP_EQ ? c == 0 : op == SS_TYPE_CMP_NE ? c != 0 : op == SS_TYPE_CMP_LT ? c < 0
               : op == SS_TYPE_CMP_LE ? c <= 0 : op == SS_TYPE_CMP_GT ? c > 0 : c >= 0;
    });
    return SS_OK;
}
#define CMPX(NAME, OP) DT_FN(NAME) { (void)nargs; return cmp_cross(ctx, args, rows, n, out, OP); }
CMPX(tsx_eq, SS_TYPE_CMP_EQ)
CMPX(tsx_ne, SS_TYPE_CMP_NE)
CMPX(tsx_lt, SS_TYPE_CMP_LT)
CMPX(tsx_le, SS_TYPE_CMP_LE)
CMPX(tsx_gt, SS_TYPE_CMP_GT)
CMPX(tsx_ge, SS_TYPE_CMP_GE)

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}
#define CMPT(NAME, OP) DT_FN(NAME) { (void)ctx, (void)nargs; return ss_type_compare_rows(args, rows, n, out, OP, cmp_i64); }
CMPT(ts_eq, SS_TYPE_CMP_EQ)
CMPT(ts_ne, SS_TYPE_CMP_NE)
CMPT(ts_lt, SS_TYPE_CMP_LT)
CMPT(ts_le, SS_TYPE_CMP_LE)
CMPT(ts_gt, SS_TYPE_CMP_GT)
CMPT(ts_ge, SS_TYPE_CMP_GE)

#define CMP_SETS(SYM, SAME, CROSS)                                                                  \
    DT_DEF(SYM, SAME, BOOLT, TS, TS), DT_DEF(SYM, SAME, BOOLT, TSTZ, TSTZ), DT_CMP(SYM, CROSS, TS, TSTZ), \
        DT_CMP(SYM, CROSS, TSTZ, TS)

const ss_func_def dt_timestamp_operators[] = {
    DT_DEF("+", ts_pl_interval, TS, TS, IVL),
    DT_DEF("+", ts_pl_interval, TS, IVL, TS),
    DT_DEF("-", ts_mi_interval, TS, TS, IVL),
    DT_DEF("+", ts_pl_interval, TSTZ, TSTZ, IVL),
    DT_DEF("+", ts_pl_interval, TSTZ, IVL, TSTZ),
    DT_DEF("-", ts_mi_interval, TSTZ, TSTZ, IVL),
    DT_DEF("-", ts_mi, IVL, TS, TS),
    DT_DEF("-", ts_mi, IVL, TSTZ, TSTZ),
    CMP_SETS("=", ts_eq, tsx_eq),
    CMP_SETS("<>", ts_ne, tsx_ne),
    CMP_SETS("<", ts_lt, tsx_lt),
    CMP_SETS("<=", ts_le, tsx_le),
    CMP_SETS(">", ts_gt, tsx_gt),
    CMP_SETS(">=", ts_ge, tsx_ge),
    {0},
};
