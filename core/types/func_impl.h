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

/* func_trig.c */
int ss_fn_sin(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_cos(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_tan(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_cot(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_asin(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_acos(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_atan(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_atan2(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_sind(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_cosd(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_tand(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_cotd(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_asind(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_acosd(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_atand(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_atan2d(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_degrees(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_radians(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_pi(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);

/* func_float.c */
int ss_fn_cbrt(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_exp(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_ln(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_log10(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_width_bucket(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_random(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_setseed(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_gcd(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_lcm(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);

/* numeric/numeric_transcendental.c, numeric/numeric_intfunc.c */
int ss_fn_num_sqrt(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_num_exp(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_num_ln(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_num_log10(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_num_log(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_num_power(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_num_gcd(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_num_lcm(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_factorial(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_num_width_bucket(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);

/* func_text.c, func_quote.c, func_case.c (initcap) */
int ss_fn_translate(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_chr(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_ascii(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_starts_with(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_lpad(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_rpad(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_split_part(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_concat_ws(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_to_hex(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_overlay(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_md5(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_quote_ident(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_quote_literal(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_format(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_initcap(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
/* Appends s[0..len) quoted as an identifier when it needs it (quote_ident) / as a literal
 * (quote_literal: 'it''s', E'a\\b'). */
struct ss_strbuf;
void ss_quote_ident_append(struct ss_strbuf *sb, const char *s, size_t len);
void ss_quote_literal_append(struct ss_strbuf *sb, const char *s, size_t len);

/* func_regex.c */
int ss_fn_regex_eq(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_regex_ieq(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_regexp_like(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_regexp_count(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_regexp_replace(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_regexp_substr(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);
int ss_fn_similar_to_escape(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out);

#endif
