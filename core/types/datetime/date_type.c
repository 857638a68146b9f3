/* date_type.c — the date descriptor of the type catalog: int32 days since 2000-01-01
 * (vectors share int4's layout and order), PostgreSQL's date_in / date_out, and date's
 * operators (date ± integer, date - date, date + interval / time, comparisons with date,
 * timestamp and timestamptz). */
#include "types/datetime/dt_types.h"

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t, (void)arena;
    dt_session sess;
    dt_session_of(ctx, &sess);
    int32_t d;
    if (dt_date_in(ctx, &sess, s, len, &d))
        return SS_ERROR;
    memset(out, 0, sizeof *out);
    out->v.i = d;
    return SS_OK;
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    const dt_session *s = dt_session_current();
    dt_date_out_style((int32_t)v->v.i, s->date_style, s->date_order, out);
}

static const ss_type_info date_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_DATE,
    .name = "date",
    .layout = SS_LAYOUT_FIXED,
    .width = sizeof(int32_t),
    .physical = SS_TYPE_INT4,
};

const ss_type_def ss_date_type_def = {
    .info = &date_info,
    .internal_name = "date",
    .display_name = "date",
    .category = 'D',
    .input = input,
    .output = output,
    .functions = dt_date_functions,
    .operators = dt_date_operators,
    .casts = dt_date_casts,
};

static bool finite_date(int32_t d)
{
    return d != DATEVAL_NOBEGIN && d != DATEVAL_NOEND;
}

/* date + days (date_pli); infinities stay */
static int add_days(ss_ctx *ctx, int32_t d, int64_t days, int32_t *out)
{
    if (!finite_date(d)) {
        *out = d;
        return SS_OK;
    }
    int64_t r = (int64_t)d + days;
    if (r < INT32_MIN || r > INT32_MAX || !IS_VALID_DATE(r))
        return dt_err_date_range(ctx);
    *out = (int32_t)r;
    return SS_OK;
}

/* date + integer, integer + date (sign 1), date - integer (sign -1) */
static int add_days_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                         int sign)
{
    bool date_first = args[0]->type.id == DATE;
    const int32_t *d = args[date_first ? 0 : 1]->data, *k = args[date_first ? 1 : 0]->data;
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        if (add_days(ctx, d[i], sign * (int64_t)k[i], &r[i]))
            return SS_ERROR;
    });
    return SS_OK;
}
DT_FN(date_pli)
{
    (void)nargs;
    return add_days_rows(ctx, args, rows, n, out, 1);
}
DT_FN(date_mii)
{
    (void)nargs;
    return add_days_rows(ctx, args, rows, n, out, -1);
}

DT_FN(date_mi)
{
    (void)nargs;
    const int32_t *a = args[0]->data, *b = args[1]->data;
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        if (!finite_date(a[i]) || !finite_date(b[i]))
            return ss_ctx_error(ctx, "22008", "cannot subtract infinite dates");
        r[i] = a[i] - b[i];
    });
    return SS_OK;
}

/* date ± interval -> timestamp (date_pl_interval / date_mi_interval) */
static int date_interval(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                         bool minus)
{
    bool date_first = args[0]->type.id == DATE;
    const int32_t *d = args[date_first ? 0 : 1]->data;
    const ss_vector *iv = args[date_first ? 1 : 0];
    int64_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        dt_interval v;
        dt_iv_at(iv, i, &v);
        int64_t ts;
        if (!dt_date2timestamp(d[i], &ts))
            return dt_err_date_for_timestamp(ctx);
        if (minus && !dt_interval_um(&v, &v))
            return dt_err_interval_range(ctx);
        if (!dt_timestamp_pl_interval(ts, &v, &r[i]))
            return dt_err_timestamp_range(ctx);
    });
    return SS_OK;
}
DT_FN(date_pl_interval)
{
    (void)nargs;
    return date_interval(ctx, args, rows, n, out, false);
}
DT_FN(date_mi_interval)
{
    (void)nargs;
    return date_interval(ctx, args, rows, n, out, true);
}

/* date + time -> timestamp (datetime_timestamp) */
DT_FN(date_pl_time)
{
    (void)nargs;
    bool date_first = args[0]->type.id == DATE;
    const int32_t *d = args[date_first ? 0 : 1]->data;
    const int64_t *t = args[date_first ? 1 : 0]->data;
    int64_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        int64_t ts;
        if (!dt_date2timestamp(d[i], &ts))
            return dt_err_date_for_timestamp(ctx);
        if (ts != DT_NOBEGIN && ts != DT_NOEND) {
            ts += t[i];
            if (!IS_VALID_TIMESTAMP(ts))
                return dt_err_timestamp_range(ctx);
        }
        r[i] = ts;
    });
    return SS_OK;
}

/* date + timetz -> timestamptz (datetimetz_timestamptz) */
DT_FN(date_pl_timetz)
{
    (void)nargs;
    bool date_first = args[0]->type.id == DATE;
    const int32_t *d = args[date_first ? 0 : 1]->data;
    const ss_vector *tv = args[date_first ? 1 : 0];
    int64_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        dt_timetz t;
        dt_tz_at(tv, i, &t);
        if (d[i] == DATEVAL_NOBEGIN)
            r[i] = DT_NOBEGIN;
        else if (d[i] == DATEVAL_NOEND)
            r[i] = DT_NOEND;
        else {
            if (d[i] >= TIMESTAMP_END_JULIAN - POSTGRES_EPOCH_JDATE)
                return dt_err_date_for_timestamp(ctx);
            int64_t v = (int64_t)d[i] * USECS_PER_DAY + t.time + (int64_t)t.zone * USECS_PER_SEC;
            if (!IS_VALID_TIMESTAMP(v))
                return dt_err_date_for_timestamp(ctx);
            r[i] = v;
        }
    });
    return SS_OK;
}

/* comparisons of date with timestamp / timestamptz, either side first */
static int cmp_date_ts(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, int op)
{
    bool date_first = args[0]->type.id == DATE;
    const int32_t *d = args[date_first ? 0 : 1]->data;
    const ss_vector *tv = args[date_first ? 1 : 0];
    const int64_t *t = tv->data;
    bool tz = tv->type.id == TSTZ;
    const dt_zone *z = tz ? dt_ctx_zone(ctx) : NULL;
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        int c = tz ? dt_cmp_date_timestamptz(d[i], t[i], z) : dt_cmp_date_timestamp(d[i], t[i]);
        if (!date_first)
            c = -c;
        r[i] = op == SS_TYPE_CMP_EQ ? c == 0 : op == SS_TYPE_CMP_NE ? c != 0 : op == SS_TYPE_CMP_LT ? c < 0
               : op == SS_TYPE_CMP_LE ? c <= 0 : op == SS_TYPE_CMP_GT ? c > 0 : c >= 0;
    });
    return SS_OK;
}
#define CMPX(NAME, OP) DT_FN(NAME) { (void)nargs; return cmp_date_ts(ctx, args, rows, n, out, OP); }
CMPX(dts_eq, SS_TYPE_CMP_EQ)
CMPX(dts_ne, SS_TYPE_CMP_NE)
CMPX(dts_lt, SS_TYPE_CMP_LT)
CMPX(dts_le, SS_TYPE_CMP_LE)
CMPX(dts_gt, SS_TYPE_CMP_GT)
CMPX(dts_ge, SS_TYPE_CMP_GE)

/* date = date and the others: the binder runs them as int4 comparisons (physical) */
static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return x < y ? -1 : x > y;
}
#define CMPD(NAME, OP) DT_FN(NAME) { (void)ctx, (void)nargs; return ss_type_compare_rows(args, rows, n, out, OP, cmp_i32); }
CMPD(date_eq, SS_TYPE_CMP_EQ)
CMPD(date_ne, SS_TYPE_CMP_NE)
CMPD(date_lt, SS_TYPE_CMP_LT)
CMPD(date_le, SS_TYPE_CMP_LE)
CMPD(date_gt, SS_TYPE_CMP_GT)
CMPD(date_ge, SS_TYPE_CMP_GE)

#define CMP_SETS(SYM, DD, DX)                                                                       \
    DT_DEF(SYM, DD, BOOLT, DATE, DATE), DT_CMP(SYM, DX, DATE, TS), DT_CMP(SYM, DX, TS, DATE),          \
        DT_CMP(SYM, DX, DATE, TSTZ), DT_CMP(SYM, DX, TSTZ, DATE)

const ss_func_def dt_date_operators[] = {
    DT_DEF("+", date_pli, DATE, DATE, I4),
    DT_DEF("+", date_pli, DATE, I4, DATE),
    DT_DEF("-", date_mii, DATE, DATE, I4),
    DT_DEF("-", date_mi, I4, DATE, DATE),
    DT_DEF("+", date_pl_interval, TS, DATE, IVL),
    DT_DEF("+", date_pl_interval, TS, IVL, DATE),
    DT_DEF("-", date_mi_interval, TS, DATE, IVL),
    DT_DEF("+", date_pl_time, TS, DATE, TIME),
    DT_DEF("+", date_pl_time, TS, TIME, DATE),
    DT_DEF("+", date_pl_timetz, TSTZ, DATE, TIMETZ),
    DT_DEF("+", date_pl_timetz, TSTZ, TIMETZ, DATE),
    CMP_SETS("=", date_eq, dts_eq),
    CMP_SETS("<>", date_ne, dts_ne),
    CMP_SETS("<", date_lt, dts_lt),
    CMP_SETS("<=", date_le, dts_le),
    CMP_SETS(">", date_gt, dts_gt),
    CMP_SETS(">=", date_ge, dts_ge),
    {0},
};
