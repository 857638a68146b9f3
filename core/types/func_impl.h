/* func_impl.h — the evaluation callbacks behind the built-in function table (private to
 * core/types/: functions.c lists them, func_math.c and func_string.c define them). */
#ifndef SS_TYPES_FUNC_IMPL_H
#define SS_TYPES_FUNC_IMPL_H

#include "exec/vector.h"
#include "types/functions.h"

/* func_math.c */
int ss_fn_abs(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_mod(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_round(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out);
int ss_fn_trunc(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out);
int ss_fn_floor(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out);
int ss_fn_ceil(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out);
int ss_fn_sign(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out);
int ss_fn_sqrt(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out);
int ss_fn_power(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out);

/* numeric/numeric_func.c: numeric's overloads */
int ss_fn_num_abs(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);
int ss_fn_num_sign(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);
int ss_fn_num_round(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);
int ss_fn_num_trunc(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);
int ss_fn_num_ceil(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);
int ss_fn_num_floor(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);
int ss_fn_num_trim_scale(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);
int ss_fn_num_mod(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);
int ss_fn_num_div(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);
int ss_fn_num_scale(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);
int ss_fn_num_min_scale(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);

/* func_string.c */
int ss_fn_char_length(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                      const uint32_t *rows, uint32_t n, ss_vector *out);
int ss_fn_octet_length(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                       const uint32_t *rows, uint32_t n, ss_vector *out);
int ss_fn_substr(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out);
int ss_fn_left(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out);
int ss_fn_right(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out);
int ss_fn_strpos(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out);
int ss_fn_replace(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);
int ss_fn_repeat(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out);
int ss_fn_reverse(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out);
int ss_fn_btrim(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out);
int ss_fn_ltrim(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out);
int ss_fn_rtrim(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out);
int ss_fn_concat(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out);

/* func_like.c */
int ss_fn_like(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out);
int ss_fn_ilike(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out);

/* func_case.c */
/* Maps s[0..len) to lower (or upper) case as lower() / upper() do, writing at most 4 * len
 * bytes to out; returns the bytes written.  ILIKE compares text lowered this way. */
uint32_t ss_case_map(const unsigned char *s, uint32_t len, char *out, bool upper);
int ss_fn_lower(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out);
int ss_fn_upper(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out);

#endif
