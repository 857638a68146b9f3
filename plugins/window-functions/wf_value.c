/* wf_value.c — lag, lead, first_value, last_value and nth_value: a value of another row of
 * the partition (lag / lead by offset, with a default) or of the current row's frame (with
 * its exclusion), of any type. */
#include "window_functions.h"

static int value_result(ss_ctx *ctx, const ss_type *t, uint32_t n, ss_type *out)
{
    (void)ctx;
    if (n < 1)
        return SS_ERROR;
    *out = t[0];
    return SS_OK;
}

static int nth_result(ss_ctx *ctx, const ss_type *t, uint32_t n, ss_type *out)
{
    if (n != 2 || t[1].id != SS_TYPE_INT4)
        return SS_ERROR;
    return value_result(ctx, t, n, out);
}

static int lag_result(ss_ctx *ctx, const ss_type *t, uint32_t n, ss_type *out)
{
    if (n >= 2 && t[1].id != SS_TYPE_INT4)
        return SS_ERROR;
    return value_result(ctx, t, n, out);
}

/* out[i] = v[row] (NULL when row is NULL in v). */
static int copy_value(ss_ctx *ctx, const ss_vector *v, uint32_t row, ss_vector *out, uint32_t i)
{
    ss_value val;
    ss_vector_get_value(v, row, &val);
    return wf_api->vector_set_value(ctx, out, i, &val);
}

static int shifted(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out, int sign)
{
    for (uint32_t i = 0; i < p->nrows; i++) {
        int64_t off = 1;
        if (p->nargs >= 2) {
            if (ss_vector_is_null(p->args[1], i)) {
                ss_vector_set_null(out, i);
                continue;
            }
            off = ((const int32_t *)p->args[1]->data)[i];
        }
        int64_t r = (int64_t)i + sign * off;
        int rc;
        if (r >= 0 && r < (int64_t)p->nrows)
            rc = copy_value(ctx, p->args[0], (uint32_t)r, out, i);
        else if (p->nargs >= 3)
            rc = copy_value(ctx, p->args[2], i, out, i);
        else {
            ss_vector_set_null(out, i);
            rc = SS_OK;
        }
        if (rc)
            return SS_ERROR;
    }
    return SS_OK;
}

static int lag_eval(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out)
{
    return shifted(ctx, p, out, -1);
}

static int lead_eval(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out)
{
    return shifted(ctx, p, out, 1);
}

/* Whether row r of row i's frame is excluded (ss_window_partition.exclude). */
static bool excluded(const ss_window_partition *p, uint32_t i, uint32_t r)
{
    if (!p->exclude)
        return false;
    bool peer = r >= p->peer_first[i] && r < p->peer_end[i];
    if (p->exclude & 0x8000u) /* SS_WINDOW_FRAME_EXCLUDE_CURRENT_ROW */
        return r == i;
    if (p->exclude & 0x10000u) /* EXCLUDE GROUP */
        return peer;
    return peer && r != i; /* EXCLUDE TIES */
}

/* The n-th (1-based; from the end when last) row of row i's frame, or -1. */
static int64_t frame_row(const ss_window_partition *p, uint32_t i, int64_t n, bool last)
{
    if (!last) {
        for (uint32_t r = p->frame_start[i]; r < p->frame_end[i]; r++)
            if (!excluded(p, i, r) && --n == 0)
                return r;
    } else {
        for (uint32_t r = p->frame_end[i]; r > p->frame_start[i]; r--)
            if (!excluded(p, i, r - 1) && --n == 0)
                return r - 1;
    }
    return -1;
}

static int pick(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out, int which)
{
    for (uint32_t i = 0; i < p->nrows; i++) {
        int64_t n = 1;
        if (which == 2) {
            if (ss_vector_is_null(p->args[1], i)) {
                ss_vector_set_null(out, i);
                continue;
            }
            n = ((const int32_t *)p->args[1]->data)[i];
            if (n <= 0)
                return wf_api->error(ctx, "22016", "argument of nth_value must be greater than zero");
        }
        int64_t r = frame_row(p, i, n, which == 1);
        if (r < 0)
            ss_vector_set_null(out, i);
        else if (copy_value(ctx, p->args[0], (uint32_t)r, out, i))
            return SS_ERROR;
    }
    return SS_OK;
}

static int first_eval(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out)
{
    return pick(ctx, p, out, 0);
}

static int last_eval(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out)
{
    return pick(ctx, p, out, 1);
}

static int nth_eval(ss_ctx *ctx, const ss_window_partition *p, ss_vector *out)
{
    return pick(ctx, p, out, 2);
}

#define WV(fname, desc, lo, hi, frame, res, ev, ints, common)                                                \
    {.struct_size = sizeof(ss_window_vtable), .version = SS_WINDOW_VTABLE_VERSION, .name = fname,            \
     .description = desc, .min_args = lo, .max_args = hi, .uses_frame = frame, .result_type = res,           \
     .evaluate = ev, .integer_args = ints, .common_args = common}

static const ss_window_vtable values[] = {
    WV("lag", "value at the row offset rows before the current row in the partition (default 1), or the default",
       1, 3, false, lag_result, lag_eval, 2, 5),
    WV("lead", "value at the row offset rows after the current row in the partition (default 1), or the default",
       1, 3, false, lag_result, lead_eval, 2, 5),
    WV("first_value", "value at the first row of the window frame", 1, 1, true, value_result, first_eval, 0, 0),
    WV("last_value", "value at the last row of the window frame", 1, 1, true, value_result, last_eval, 0, 0),
    WV("nth_value", "value at the n-th row of the window frame (from 1)", 2, 2, true, nth_result, nth_eval, 2, 0),
};

int wf_value_register(const ss_api *api, ss_plugin *plugin)
{
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        if (api->register_window(plugin, &values[i], false) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}
