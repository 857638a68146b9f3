/* dt_types.h — what the date/time type descriptors of this folder share: the six
 * ss_type_def tables and the vector helpers of their operators, casts and functions. */
#ifndef SS_TYPES_DT_TYPES_H
#define SS_TYPES_DT_TYPES_H

#include <string.h>

#include "exec/expr.h"
#include "exec/vector.h"
#include "types/datetime/datetime.h"
#include "types/type_def.h"

#define DATE SS_TYPE_DATE
#define TIME SS_TYPE_TIME
#define TIMETZ SS_TYPE_TIMETZ
#define TS SS_TYPE_TIMESTAMP
#define TSTZ SS_TYPE_TIMESTAMPTZ
#define IVL SS_TYPE_INTERVAL
#define BOOLT SS_TYPE_BOOL
#define I4 SS_TYPE_INT4
#define F8 SS_TYPE_FLOAT8
#define TXT SS_TYPE_TEXT
#define NUM SS_TYPE_NUMERIC

/* Defines the ss_func_eval_fn NAME. */
#define DT_FN(NAME)                                                                                \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n, \
                    ss_vector *out)

/* to_date(text, text) and to_timestamp(text, text) (to_timestamp.c) */
int dt_fn_to_date_text(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                       ss_vector *out);
int dt_fn_to_timestamp_text(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                            ss_vector *out);

/* overlaps(s1, e1, s2, e2) (dt_overlaps.c) */
int dt_fn_overlaps(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                   ss_vector *out);

/* date_bin(stride, source, origin) (dt_bin.c) */
int dt_fn_date_bin(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                   ss_vector *out);

/* table entries: name, arity, strict, argument types, result, eval */
#define DT_DEF(NAME, EVAL, RES, ...) {NAME, sizeof((int32_t[]){__VA_ARGS__}) / sizeof(int32_t), false, true, {__VA_ARGS__}, RES, EVAL, false}
#define DT_DEF0(NAME, EVAL, RES) {NAME, 0, false, true, {0}, RES, EVAL, true}
#define DT_CMP(NAME, EVAL, A, B) DT_DEF(NAME, EVAL, BOOLT, A, B)

/* elements of the encoded types */
static inline void dt_iv_at(const ss_vector *v, uint32_t row, dt_interval *iv)
{
    dt_interval_decode(&((const ss_text *)v->data)[row], iv);
}
static inline void dt_tz_at(const ss_vector *v, uint32_t row, dt_timetz *t)
{
    dt_timetz_decode(&((const ss_text *)v->data)[row], t);
}
int dt_set_interval(ss_ctx *ctx, ss_vector *out, uint32_t row, const dt_interval *iv);
int dt_set_timetz(ss_ctx *ctx, ss_vector *out, uint32_t row, const dt_timetz *t);
/* an encoded value in arena (NULL: ctx's) as an ss_value */
int dt_value_interval(ss_ctx *ctx, ss_arena *arena, const dt_interval *iv, ss_value *out);
int dt_value_timetz(ss_ctx *ctx, ss_arena *arena, const dt_timetz *t, ss_value *out);

/* the session zone of ctx */
const dt_zone *dt_ctx_zone(ss_ctx *ctx);

/* PostgreSQL's range errors (22008) */
int dt_err_timestamp_range(ss_ctx *ctx);
int dt_err_date_range(ss_ctx *ctx);
int dt_err_interval_range(ss_ctx *ctx);
int dt_err_date_for_timestamp(ss_ctx *ctx);

/* the descriptors' tables (each ends with an all-zero entry) */
extern const ss_func_def dt_date_operators[], dt_time_operators[], dt_timestamp_operators[], dt_interval_operators[];
extern const ss_func_def dt_date_functions[], dt_timestamp_functions[], dt_interval_functions[], dt_time_functions[];
extern const ss_cast_def dt_date_casts[], dt_timestamp_casts[], dt_timestamptz_casts[], dt_time_casts[];

/* typmods of timestamp(p) / time(p) / interval fields and precision */
int dt_typmod_in_timestamp(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod);
int dt_typmod_in_timestamptz(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod);
int dt_typmod_in_time(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod);
int dt_typmod_in_timetz(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod);
int dt_typmod_in_interval(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod);
bool dt_typmod_out_named(int32_t typmod, char *buf, size_t n, const char *head, const char *tail);
bool dt_typmod_out_interval(int32_t typmod, char *buf, size_t n);

#endif
