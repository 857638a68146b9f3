/* dt_glue.c — helpers of the date/time descriptors: encoded interval / timetz results in
 * vectors and values, the session zone of a context, PostgreSQL's range errors, and the
 * typmod input and output of timestamp(p), time(p) and interval fields(p). */
#include "types/datetime/dt_types.h"

#include <stdio.h>
#include <string.h>

#include "catalog/settings.h"

int dt_set_interval(ss_ctx *ctx, ss_vector *out, uint32_t row, const dt_interval *iv)
{
    char buf[DT_INTERVAL_LEN];
    dt_interval_encode_buf(iv, buf);
    return ss_vector_set_text(ctx, out, row, buf, sizeof buf);
}

int dt_set_timetz(ss_ctx *ctx, ss_vector *out, uint32_t row, const dt_timetz *t)
{
    char buf[DT_TIMETZ_LEN];
    dt_timetz_encode_buf(t, buf);
    return ss_vector_set_text(ctx, out, row, buf, sizeof buf);
}

static int value_bytes(ss_ctx *ctx, ss_arena *arena, const char *buf, uint32_t len, ss_value *out)
{
    char *p = arena ? ss_arena_alloc(arena, len) : ss_ctx_alloc(ctx, len);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(p, buf, len);
    memset(out, 0, sizeof *out);
    out->v.s = (ss_text){p, len, 0};
    return SS_OK;
}

int dt_value_interval(ss_ctx *ctx, ss_arena *arena, const dt_interval *iv, ss_value *out)
{
    char buf[DT_INTERVAL_LEN];
    dt_interval_encode_buf(iv, buf);
    return value_bytes(ctx, arena, buf, sizeof buf, out);
}

int dt_value_timetz(ss_ctx *ctx, ss_arena *arena, const dt_timetz *t, ss_value *out)
{
    char buf[DT_TIMETZ_LEN];
    dt_timetz_encode_buf(t, buf);
    return value_bytes(ctx, arena, buf, sizeof buf, out);
}

const dt_zone *dt_ctx_zone(ss_ctx *ctx)
{
    dt_session s;
    dt_session_of(ctx, &s);
    return s.zone;
}

int dt_err_timestamp_range(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, "22008", "timestamp out of range");
}

int dt_err_date_range(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, "22008", "date out of range");
}

int dt_err_interval_range(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, "22008", "interval out of range");
}

int dt_err_date_for_timestamp(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, "22008", "date out of range for timestamp");
}

/* anytime_typmod_check: negative is an error, above 6 a warning and 6 */
static int precision_typmod(ss_ctx *ctx, const char *what, bool tz, const int32_t *mods, uint32_t nmods,
                            int32_t *typmod)
{
    const char *suffix = tz ? " WITH TIME ZONE" : "";
    if (nmods != 1)
        return ss_ctx_error(ctx, "22023", "invalid type modifier");
    if (mods[0] < 0)
        return ss_ctx_error(ctx, "22023", "%s(%d)%s precision must not be negative", what, mods[0], suffix);
    if (mods[0] > MAX_TIMESTAMP_PRECISION) {
        ss_ctx_message(ctx, SS_MSG_WARNING, "%s(%d)%s precision reduced to maximum allowed, %d", what, mods[0],
                       suffix, MAX_TIMESTAMP_PRECISION);
        *typmod = MAX_TIMESTAMP_PRECISION;
        return SS_OK;
    }
    *typmod = mods[0];
    return SS_OK;
}

int dt_typmod_in_timestamp(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod)
{
    return precision_typmod(ctx, "TIMESTAMP", false, mods, nmods, typmod);
}

int dt_typmod_in_timestamptz(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod)
{
    return precision_typmod(ctx, "TIMESTAMP", true, mods, nmods, typmod);
}

int dt_typmod_in_time(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod)
{
    return precision_typmod(ctx, "TIME", false, mods, nmods, typmod);
}

int dt_typmod_in_timetz(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod)
{
    return precision_typmod(ctx, "TIME", true, mods, nmods, typmod);
}

#define M(f) INTERVAL_MASK(DTF_##f)
static const struct {
    int mask;
    const char *text;
} interval_fields[] = {
    {M(YEAR), " year"},
    {M(MONTH), " month"},
    {M(DAY), " day"},
    {M(HOUR), " hour"},
    {M(MINUTE), " minute"},
    {M(SECOND), " second"},
    {M(YEAR) | M(MONTH), " year to month"},
    {M(DAY) | M(HOUR), " day to hour"},
    {M(DAY) | M(HOUR) | M(MINUTE), " day to minute"},
    {M(DAY) | M(HOUR) | M(MINUTE) | M(SECOND), " day to second"},
    {M(HOUR) | M(MINUTE), " hour to minute"},
    {M(HOUR) | M(MINUTE) | M(SECOND), " hour to second"},
    {M(MINUTE) | M(SECOND), " minute to second"},
    {INTERVAL_FULL_RANGE, ""},
};
#undef M

int dt_typmod_in_interval(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod)
{
    if (nmods < 1 || nmods > 2)
        return ss_ctx_error(ctx, "22023", "invalid INTERVAL type modifier");
    bool known = false;
    for (size_t i = 0; i < sizeof interval_fields / sizeof interval_fields[0]; i++)
        known |= interval_fields[i].mask == mods[0];
    if (!known)
        return ss_ctx_error(ctx, "22023", "invalid INTERVAL type modifier");
    if (nmods == 1) {
        *typmod = mods[0] == INTERVAL_FULL_RANGE ? -1 : INTERVAL_TYPMOD(INTERVAL_FULL_PRECISION, mods[0]);
        return SS_OK;
    }
    if (mods[1] < 0)
        return ss_ctx_error(ctx, "22023", "INTERVAL(%d) precision must not be negative", mods[1]);
    if (mods[1] > MAX_INTERVAL_PRECISION) {
        ss_ctx_message(ctx, SS_MSG_WARNING, "INTERVAL(%d) precision reduced to maximum allowed, %d", mods[1],
                       MAX_INTERVAL_PRECISION);
        *typmod = INTERVAL_TYPMOD(MAX_INTERVAL_PRECISION, mods[0]);
        return SS_OK;
    }
    *typmod = INTERVAL_TYPMOD(mods[1], mods[0]);
    return SS_OK;
}

bool dt_typmod_out_named(int32_t typmod, char *buf, size_t n, const char *head, const char *tail)
{
    if (typmod >= 0)
        snprintf(buf, n, "%s(%d)%s", head, typmod, tail);
    else
        snprintf(buf, n, "%s%s", head, tail);
    return true;
}

bool dt_typmod_out_interval(int32_t typmod, char *buf, size_t n)
{
    const char *fields = "";
    int range = INTERVAL_RANGE(typmod), prec = INTERVAL_PRECISION(typmod);
    for (size_t i = 0; i < sizeof interval_fields / sizeof interval_fields[0]; i++)
        if (interval_fields[i].mask == range)
            fields = interval_fields[i].text;
    if (prec != INTERVAL_FULL_PRECISION)
        snprintf(buf, n, "%s(%d)", fields, prec);
    else
        snprintf(buf, n, "%s", fields);
    return false;
}
