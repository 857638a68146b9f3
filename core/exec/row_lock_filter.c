/* row_lock_filter.c — the predicate that locks a nested query's rows (row_lock_filter.h). */
#include "exec/row_lock_filter.h"

#include <stdint.h>

#include "exec/row_lock_take.h"
#include "types/functions.h"

static int64_t arg_int(const ss_vector *v, uint32_t row, bool *is_null)
{
    ss_value x;
    ss_vector_get_value(v, row, &x);
    *is_null = x.is_null;
    return x.is_null ? 0 : x.v.i;
}

static int eval_lock(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                     ss_vector *out)
{
    uint8_t *res = out->data;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t r = rows ? rows[k] : k;
        bool keep = true;
        for (uint32_t a = 0; keep && a + 3 < nargs; a += 4) {
            bool null_id, null_other;
            int64_t id = arg_int(args[a + 3], r, &null_id);
            if (null_id)
                continue; /* no row of that relation */
            const ss_table *t = (const ss_table *)(intptr_t)arg_int(args[a], r, &null_other);
            ss_row_lock_mode mode = (ss_row_lock_mode)arg_int(args[a + 1], r, &null_other);
            ss_row_lock_wait wait = (ss_row_lock_wait)arg_int(args[a + 2], r, &null_other);
            ss_row_lock_result got;
            if (ss_row_lock_take(ctx, t, (ss_rowid)id, mode, wait, &got) != SS_OK)
                return SS_ERROR;
            if (got == SS_ROW_LOCK_TAKEN)
                continue;
            keep = false;
            if (got == SS_ROW_LOCK_CHANGED) {
                if (!ctx->lock_restart_ok)
                    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                        "feature not supported: a locking clause here meeting a row of \"%s\" "
                                        "that a concurrent transaction changed and committed (READ COMMITTED)",
                                        t->name);
                /* the pass stops here (an error the runner clears) and starts again */
                ctx->lock_restart = true;
                return ss_ctx_error(ctx, "40001", "the statement reads again (READ COMMITTED)");
            }
        }
        res[r] = keep;
    }
    return SS_OK;
}

const struct ss_func_def *ss_row_lock_filter_def(void)
{
    static const ss_func_def def = {
        .name = "lockrows",
        .nargs = 4,
        .variadic_any = true,
        .strict = false,
        .result = SS_TYPE_BOOL,
        .eval = eval_lock,
        .is_volatile = true,
    };
    return &def;
}
