/* window_frame.c — peers, peer groups and frames of one partition (PostgreSQL's
 * update_frameheadpos / update_frametailpos): ROWS, RANGE and GROUPS with UNBOUNDED, CURRENT
 * ROW and offset PRECEDING / FOLLOWING (RANGE offsets on integers, floats, numeric, date,
 * timestamp[tz], time[tz] (the type's range_bound) and interval keys, PostgreSQL's in_range
 * rules), and the EXCLUDE test. */
#include <string.h>

#include "window_internal.h"

#define g_api g_win_api

bool win_rows_equal(const ops_column *c, uint32_t a, uint32_t b)
{
    bool na = ops_column_is_null(c, a), nb = ops_column_is_null(c, b);
    if (na || nb)
        return na && nb;
    return ops_column_compare(c, a, b) == 0;
}

static int offset_value(ss_ctx *ctx, const ss_expr *e, bool start, ss_value *out)
{
    memset(out, 0, sizeof *out);
    if (!e)
        return SS_OK;
    if (g_api->expr_eval_scalar(ctx, e, out))
        return SS_ERROR;
    if (out->is_null)
        return g_api->error(ctx, "22004", "frame %s offset must not be null", start ? "starting" : "ending");
    return SS_OK;
}

/* Whether v (an offset of type t) is below zero (or NaN: PostgreSQL's in_range refuses
 * both, and -Infinity). */
static bool negative(ss_type t, const ss_value *v)
{
    int32_t p = ss_type_storage(t.id);
    if (p == SS_TYPE_INT2 || p == SS_TYPE_INT4 || p == SS_TYPE_INT8)
        return v->v.i < 0;
    if (p == SS_TYPE_FLOAT8)
        return v->v.f < 0 || v->v.f != v->v.f;
    const ss_type_info *info = g_api->type_info(t.id);
    int c = info && info->arith ? info->arith->classify(&v->v.s) : SS_VALUE_ZERO;
    return c == SS_VALUE_NEGATIVE || c == SS_VALUE_NAN || c == SS_VALUE_NINF;
}

int win_eval_offsets(ss_ctx *ctx, win_state *st)
{
    const ss_window_node *w = st->node;
    if (offset_value(ctx, w->start_offset, true, &st->start_off) ||
        offset_value(ctx, w->end_offset, false, &st->end_off) ||
        offset_value(ctx, w->start_neg, true, &st->start_neg) || offset_value(ctx, w->end_neg, false, &st->end_neg))
        return SS_ERROR;
    bool range = w->frame & SS_WINDOW_FRAME_RANGE;
    const ss_expr *offs[2] = {w->start_offset, w->end_offset};
    const ss_value *vals[2] = {&st->start_off, &st->end_off};
    for (int k = 0; k < 2; k++) {
        /* RANGE: checked where in_range would be, at each bound of a row with a key */
        if (range || !offs[k] || !negative(g_api->expr_type(offs[k]), vals[k]))
            continue;
        return g_api->error(ctx, "22013", "frame %s offset must not be negative", k == 0 ? "starting" : "ending");
    }
    return SS_OK;
}

/* ---- RANGE offsets: the bound key value and the rows' order against it ---- */

typedef struct range_bound {
    bool is_null;
    int kind;       /* 0 integer (i), 1 float (f), 2 ordered by the type's compare (text) */
    int64_t i;
    double f;
    ss_vector *v;   /* kind 2: the bound in row 0 */
    bool saturated; /* the integer bound overflowed: beyond every key (sign in i) */
    bool all;       /* base -/+ offset is undefined (+Inf - Inf): every key is inside */
} range_bound;

static int64_t key_int(const ops_column *c, uint32_t r)
{
    switch (c->layout) {
    case OPS_LAYOUT_INT2: return ((const int16_t *)c->data)[r];
    case OPS_LAYOUT_INT4: return ((const int32_t *)c->data)[r];
    default: return ((const int64_t *)c->data)[r];
    }
}

/* date keys count as timestamps (PostgreSQL's in_range(date, date, interval)) */
#define USECS_PER_DAY INT64_C(86400000000)

static int bad_offset(ss_ctx *ctx)
{
    return g_api->error(ctx, "22013", "invalid preceding or following size in window function");
}

/* The bound of row r's key plus offset (add: FOLLOWING in ascending order, PRECEDING in
 * descending order; else minus), into *b, as PostgreSQL's in_range functions compute it:
 * a negative (or NaN) offset is 22013 once a row with a key needs it; +Inf - Inf (and -Inf +
 * Inf) bounds take every key. */
static int make_bound(ss_ctx *ctx, const win_state *st, const ops_column *key, uint32_t r, bool start, bool add,
                      range_bound *b)
{
    const ss_value *pos = start ? &st->start_off : &st->end_off;
    const ss_value *off = add ? pos : (start ? &st->start_neg : &st->end_neg);
    ss_type ot = g_api->expr_type(start ? st->node->start_offset : st->node->end_offset);
    int32_t kt = key->type.id;
    b->is_null = ops_column_is_null(key, r);
    b->saturated = b->all = false;
    if (b->is_null)
        return SS_OK;
    const ss_type_info *kinfo = g_api->type_info(kt);
    bool own = kinfo && kinfo->struct_size >= offsetof(ss_type_info, range_bound) + sizeof kinfo->range_bound &&
               kinfo->range_bound;
    if (!own && negative(ot, pos)) /* (time / timetz: their range_bound checks) */
        return bad_offset(ctx);
    if (kt == SS_TYPE_INT2 || kt == SS_TYPE_INT4 || kt == SS_TYPE_INT8) {
        b->kind = 0;
        int64_t k = key_int(key, r), o = off->v.i;
        if (__builtin_add_overflow(k, o, &b->i)) {
            b->saturated = true;
            b->i = o < 0 ? -1 : 1;
        }
        return SS_OK;
    }
    if (kt == SS_TYPE_FLOAT4 || kt == SS_TYPE_FLOAT8) {
        b->kind = 1;
        double k = ((const double *)key->data)[r], o = pos->v.f;
        b->all = o - o != 0 && k - k != 0 && k == k && (add ? k < 0 : k > 0); /* both infinite */
        b->f = add ? k + o : k - o;
        return SS_OK;
    }
    b->kind = 2;
    ss_type bt = kt == SS_TYPE_DATE ? (ss_type){.id = SS_TYPE_TIMESTAMP, .typmod = -1} : key->type;
    const ss_type_info *info = kt == SS_TYPE_DATE ? g_api->type_info(bt.id) : kinfo;
    if (!info || (!own && !info->arith))
        return g_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: RANGE offsets over %s", g_api->type_name(key->type));
    if (!b->v && !(b->v = g_api->vector_create(bt, 1)))
        return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    g_api->vector_reset(b->v);
    int64_t ts;
    const void *kp;
    if (kt == SS_TYPE_DATE) { /* date2timestamp: infinite dates are infinite timestamps */
        int32_t d = ((const int32_t *)key->data)[r];
        ts = d == INT32_MIN ? INT64_MIN : d == INT32_MAX ? INT64_MAX : (int64_t)d * USECS_PER_DAY;
        kp = &ts;
    } else {
        kp = (const char *)key->data + (size_t)r * key->width;
    }
    if (own)
        return info->range_bound(ctx, kp, &pos->v.s, !add, b->v, 0);
    if (kt == SS_TYPE_NUMERIC && info->arith->classify(&pos->v.s) == SS_VALUE_PINF) {
        int c = info->arith->classify(kp); /* in_range_numeric_numeric's infinite offset */
        b->all = add ? c == SS_VALUE_NINF : c == SS_VALUE_PINF;
        if (b->all)
            return SS_OK;
    }
    return info->arith->add(ctx, kp, &off->v.s, b->v, 0);
}

/* Row r's key against the bound in the sort's direction: < 0 before it, 0 equal, > 0 after. */
static int against(const ops_column *key, uint32_t r, const range_bound *b, const ss_sort_key *sk)
{
    bool rn = ops_column_is_null(key, r);
    if (rn || b->is_null) {
        if (rn && b->is_null)
            return 0;
        /* NULLs sort first or last */
        return rn ? (sk->nulls_first ? -1 : 1) : (sk->nulls_first ? 1 : -1);
    }
    int c;
    if (b->all) { /* every key but NaN, which in_range still puts after any bound */
        const ss_type_info *info = key->info;
        bool nan = b->kind == 1 ? ((const double *)key->data)[r] != ((const double *)key->data)[r]
                                : info && info->arith &&
                                      info->arith->classify((const char *)key->data + (size_t)r * key->width) ==
                                          SS_VALUE_NAN;
        return nan ? (sk->descending ? -1 : 1) : 0;
    }
    if (b->kind == 0) {
        if (b->saturated)
            c = b->i > 0 ? -1 : 1;
        else {
            int64_t k = key_int(key, r);
            c = (k > b->i) - (k < b->i);
        }
    } else if (b->kind == 1) {
        double k = ((const double *)key->data)[r];
        c = ops_cmp_float8(k, b->f);
    } else if (key->type.id == SS_TYPE_DATE) {
        int32_t d = ((const int32_t *)key->data)[r];
        int64_t k = d == INT32_MIN ? INT64_MIN : d == INT32_MAX ? INT64_MAX : (int64_t)d * USECS_PER_DAY;
        int64_t v = ((const int64_t *)b->v->data)[0];
        c = (k > v) - (k < v);
    } else {
        const ss_type_info *info = key->info;
        const void *kp = (const char *)key->data + (size_t)r * key->width;
        if (info && info->compare)
            c = info->compare(kp, b->v->data);
        else if (key->layout == OPS_LAYOUT_TEXT)
            c = ops_cmp_text(kp, b->v->data);
        else {
            int64_t k = key_int(key, r), v = ((const int64_t *)b->v->data)[0];
            c = (k > v) - (k < v);
        }
    }
    return sk->descending ? -c : c;
}

/* The first row in [lo, hi) where against(...) >= 0 (strict: > 0). */
static uint32_t first_at(const ops_column *key, uint32_t lo, uint32_t hi, const range_bound *b,
                         const ss_sort_key *sk, bool strict)
{
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = against(key, mid, b, sk);
        if (strict ? c > 0 : c >= 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* ---- frames ---- */

int win_partition_frames(ss_ctx *ctx, win_state *st)
{
    const ss_window_node *w = st->node;
    uint32_t n = st->n, ps = st->ps;
    st->ngroups = 0;
    for (uint32_t i = 0; i < n; i++) {
        bool start = i == 0;
        for (uint32_t o = 0; !start && o < w->norder; o++)
            start = !win_rows_equal(&st->cols[w->order[o].column], ps + i - 1, ps + i);
        st->peer_start[i] = start;
        if (start)
            st->group_first[st->ngroups++] = i;
        st->group_of[i] = st->ngroups - 1;
    }
    for (uint32_t g = 0; g < st->ngroups; g++)
        st->group_end[g] = g + 1 < st->ngroups ? st->group_first[g + 1] : n;
    for (uint32_t i = 0; i < n; i++) {
        st->peer_first[i] = st->group_first[st->group_of[i]];
        st->peer_end[i] = st->group_end[st->group_of[i]];
    }
    uint32_t f = w->frame;
    bool rows = f & SS_WINDOW_FRAME_ROWS, groups = f & SS_WINDOW_FRAME_GROUPS;
    int64_t so = st->start_off.v.i, eo = st->end_off.v.i;
    const ops_column *key = w->norder ? &st->cols[w->order[0].column] : NULL;
    const ss_sort_key *sk = w->norder ? &w->order[0] : NULL;
    range_bound b = {0};
    int rc = SS_OK;
    for (uint32_t i = 0; i < n && rc == SS_OK; i++) {
        uint32_t g = st->group_of[i];
        int64_t s, e; /* [s, e) */
        /* start */
        if (f & SS_WINDOW_FRAME_START_UNBOUNDED_PRECEDING)
            s = 0;
        else if (f & SS_WINDOW_FRAME_START_CURRENT_ROW)
            s = rows ? i : st->peer_first[i];
        else if (rows)
            s = f & SS_WINDOW_FRAME_START_OFFSET_PRECEDING ? (int64_t)i - so : (int64_t)i + so;
        else if (groups) {
            int64_t gg = f & SS_WINDOW_FRAME_START_OFFSET_PRECEDING ? (int64_t)g - so : (int64_t)g + so;
            s = gg < 0 ? 0 : gg >= st->ngroups ? n : st->group_first[gg];
        } else {
            bool prec = f & SS_WINDOW_FRAME_START_OFFSET_PRECEDING;
            rc = make_bound(ctx, st, key, ps + i, true, prec == sk->descending, &b);
            s = rc ? 0 : (int64_t)first_at(key, ps, ps + n, &b, sk, false) - ps;
        }
        /* end */
        if (f & SS_WINDOW_FRAME_END_UNBOUNDED_FOLLOWING)
            e = n;
        else if (f & SS_WINDOW_FRAME_END_CURRENT_ROW)
            e = rows ? i + 1 : st->peer_end[i];
        else if (rows)
            e = (f & SS_WINDOW_FRAME_END_OFFSET_PRECEDING ? (int64_t)i - eo : (int64_t)i + eo) + 1;
        else if (groups) {
            int64_t gg = f & SS_WINDOW_FRAME_END_OFFSET_PRECEDING ? (int64_t)g - eo : (int64_t)g + eo;
            e = gg < 0 ? 0 : gg >= st->ngroups ? n : st->group_end[gg];
        } else if (rc == SS_OK) {
            bool prec = f & SS_WINDOW_FRAME_END_OFFSET_PRECEDING;
            rc = make_bound(ctx, st, key, ps + i, false, prec == sk->descending, &b);
            e = rc ? 0 : (int64_t)first_at(key, ps, ps + n, &b, sk, true) - ps;
        } else {
            e = 0;
        }
        if (s < 0)
            s = 0;
        if (s > n)
            s = n;
        if (e > n)
            e = n;
        if (e < s)
            e = s;
        st->frame_start[i] = (uint32_t)s;
        st->frame_end[i] = (uint32_t)e;
    }
    if (b.v)
        g_api->vector_destroy(b.v);
    return rc;
}

bool win_excluded(const win_state *st, uint32_t i, uint32_t r)
{
    uint32_t f = st->node->frame;
    if (f & SS_WINDOW_FRAME_EXCLUDE_CURRENT_ROW)
        return r == i;
    if (f & SS_WINDOW_FRAME_EXCLUDE_GROUP)
        return r >= st->peer_first[i] && r < st->peer_end[i];
    if (f & SS_WINDOW_FRAME_EXCLUDE_TIES)
        return r != i && r >= st->peer_first[i] && r < st->peer_end[i];
    return false;
}
