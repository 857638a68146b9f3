/* dt_overlaps.c — (s1, e1) OVERLAPS (s2, e2), which the grammar makes overlaps(s1, e1, s2, e2),
 * for timestamp, timestamptz, time and timetz pairs, an end given as an interval too (PostgreSQL
 * adds it to the start, as its SQL-language overloads do); date pairs reach the timestamptz form
 * by the implicit cast.  Not strict: a NULL end counts as the other end, and the answer is NULL
 * where the known ends do not decide it (PostgreSQL's overlaps_timestamp rules). */
#include "types/datetime/dt_types.h"


#define USECS_PER_DAY INT64_C(86400000000)

/* A point of time as something ordered: key, then sub (a timetz's zone). */
typedef struct point {
    int64_t key;
    int32_t sub;
    bool null;
} point;

static int point_cmp(const point *a, const point *b)
{
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return a->sub < b->sub ? -1 : a->sub > b->sub;
}

static int64_t wrap_day(int64_t t)
{
    t -= t / USECS_PER_DAY * USECS_PER_DAY;
    return t < 0 ? t + USECS_PER_DAY : t;
}

static point timetz_point(const dt_timetz *t)
{
    /* timetz_cmp: the UTC time first, then the zone */
    return (point){t->time + (int64_t)t->zone * 1000000, t->zone, false};
}

/* Argument k of row i as a point; an interval argument (k odd) is added to the start, which
 * is argument k - 1. */
static int arg_point(ss_ctx *ctx, ss_vector *const *args, uint32_t k, uint32_t i, point *out)
{
    const ss_vector *v = args[k];
    *out = (point){0, 0, true};
    if (ss_vector_is_null(v, i))
        return SS_OK;
    if (v->type.id != IVL) {
        if (v->type.id == TIMETZ) {
            dt_timetz t;
            dt_tz_at(v, i, &t);
            *out = timetz_point(&t);
        } else {
            *out = (point){((const int64_t *)v->data)[i], 0, false};
        }
        return SS_OK;
    }
    const ss_vector *s = args[k - 1];
    if (ss_vector_is_null(s, i))
        return SS_OK;
    dt_interval iv;
    dt_iv_at(v, i, &iv);
    int64_t r;
    switch (s->type.id) {
    case TS:
        if (!dt_timestamp_pl_interval(((const int64_t *)s->data)[i], &iv, &r))
            return dt_err_timestamp_range(ctx);
        break;
    case TSTZ:
        if (!dt_timestamptz_pl_interval(((const int64_t *)s->data)[i], &iv, dt_ctx_zone(ctx), &r))
            return dt_err_timestamp_range(ctx);
        break;
    case TIMETZ: {
        dt_timetz t;
        dt_tz_at(s, i, &t);
        t.time = wrap_day(t.time + iv.time);
        *out = timetz_point(&t);
        return SS_OK;
    }
    default: r = wrap_day(((const int64_t *)s->data)[i] + iv.time); break;
    }
    *out = (point){r, 0, false};
    return SS_OK;
}

/* Orders one period: a NULL start takes the end's place (the end is then unknown); both NULL
 * leaves the start NULL. */
static void order_period(point *s, point *e)
{
    if (s->null) {
        *s = *e;
        e->null = true;
    } else if (!e->null && point_cmp(s, e) > 0) {
        point t = *s;
        *s = *e;
        *e = t;
    }
}

/* 1 true, 0 false, -1 NULL */
static int overlaps(point s1, point e1, point s2, point e2)
{
    order_period(&s1, &e1);
    order_period(&s2, &e2);
    if (s1.null || s2.null)
        return -1;
    int c = point_cmp(&s1, &s2);
    if (c == 0)
        return e1.null || e2.null ? -1 : 1;
    /* the later start must come before the other period's end */
    const point *late = c > 0 ? &s1 : &s2, *early_end = c > 0 ? &e2 : &e1, *late_end = c > 0 ? &e1 : &e2;
    if (early_end->null)
        return -1;
    if (point_cmp(late, early_end) < 0)
        return 1;
    return late_end->null ? -1 : 0;
}

int dt_fn_overlaps(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                   ss_vector *out)
{
    (void)nargs;
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        point p[4];
        for (uint32_t k = 0; k < 4; k++)
            if (arg_point(ctx, args, k, i, &p[k]))
                return SS_ERROR;
        int v = overlaps(p[0], p[1], p[2], p[3]);
        if (v < 0) {
            if (ss_vector_ensure_validity(ctx, out))
                return SS_ERROR;
            ss_vector_set_null(out, i);
        } else {
            r[i] = (uint8_t)v;
        }
    });
    return SS_OK;
}
