/* void_sleep.c — pg_sleep(float8), pg_sleep_for(interval) and pg_sleep_until(timestamptz),
 * which return void: the session sleeps in short steps, checking its interrupt flag and
 * statement_timeout between them (57014 as PostgreSQL's CHECK_FOR_INTERRUPTS), once per row. */
#include "types/void/void.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "exec/interrupt.h"
#include "types/datetime/datetime.h"

#define STEP_NS INT64_C(10000000) /* 10 ms between interrupt checks */

static int64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Sleeps secs seconds (nothing for NaN or secs <= 0; "forever" beyond int64 nanoseconds). */
static int sleep_seconds(ss_ctx *ctx, double secs)
{
    if (!(secs > 0))
        return SS_OK;
    int64_t start = mono_ns();
    int64_t end = secs >= 9.0e9 ? INT64_MAX : start + (int64_t)(secs * 1e9);
    for (;;) {
        if (ss_check_interrupt(ctx) != SS_OK)
            return SS_ERROR;
        int64_t now = mono_ns(), left = end - now;
        if (left <= 0)
            return SS_OK;
        if (left > STEP_NS)
            left = STEP_NS;
        struct timespec d = {(time_t)(left / 1000000000), (long)(left % 1000000000)};
        nanosleep(&d, NULL);
    }
}

enum { SLEEP_SECS, SLEEP_FOR, SLEEP_UNTIL };

static int sleep_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, int how)
{
    dt_session s;
    if (how != SLEEP_SECS)
        dt_session_of(ctx, &s);
    SS_FOR_ROWS(rows, n, i, {
        ((uint8_t *)out->data)[i] = 0;
        double secs = 0;
        if (how == SLEEP_SECS) {
            secs = ((const double *)args[0]->data)[i];
        } else if (how == SLEEP_FOR) { /* extract(epoch from now() + $1) - extract(epoch from now()) */
            ss_value v;
            ss_vector_get_value(args[0], i, &v);
            dt_interval iv;
            dt_interval_decode(&v.v.s, &iv);
            int64_t to;
            if (!dt_timestamptz_pl_interval(s.stmt_start, &iv, s.zone, &to))
                return ss_ctx_error(ctx, "22008", "timestamp out of range");
            secs = to == INT64_MAX ? INFINITY : to == INT64_MIN ? -INFINITY : (double)(to - s.stmt_start) / 1e6;
        } else { /* extract(epoch from $1) - extract(epoch from clock_timestamp()) */
            int64_t to = ((const int64_t *)args[0]->data)[i];
            secs = to == INT64_MAX ? INFINITY : to == INT64_MIN ? -INFINITY : (double)(to - dt_clock_now()) / 1e6;
        }
        if (sleep_seconds(ctx, secs) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

#define SLEEP_FN(NAME, HOW)                                                                \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                            \
    {                                                                                      \
        (void)nargs;                                                                       \
        return sleep_rows(ctx, args, rows, n, out, HOW);                                   \
    }
SLEEP_FN(fn_pg_sleep, SLEEP_SECS)
SLEEP_FN(fn_pg_sleep_for, SLEEP_FOR)
SLEEP_FN(fn_pg_sleep_until, SLEEP_UNTIL)

const ss_func_def void_functions[] = {
    {"pg_sleep", 1, false, true, {SS_TYPE_FLOAT8}, SS_TYPE_VOID, fn_pg_sleep, true},
    {"pg_sleep_for", 1, false, true, {SS_TYPE_INTERVAL}, SS_TYPE_VOID, fn_pg_sleep_for, true},
    {"pg_sleep_until", 1, false, true, {SS_TYPE_TIMESTAMPTZ}, SS_TYPE_VOID, fn_pg_sleep_until, true},
    {0},
};
