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
int ss_fn_num_inc(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
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

/* Defines the evaluation callback NAME as the expression CALL over its parameters (ctx, args,
 * nargs, rows, n, out). */
#define SS_FN_DEFINE(NAME, CALL)                                                                   \
    int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n, \
             ss_vector *out)                                                                       \
    {                                                                                              \
        (void)ctx, (void)args, (void)nargs, (void)rows, (void)n, (void)out;                        \
        return CALL;                                                                               \
    }

/* Declares the evaluation callback ss_fn_<NAME>. */
#define SS_FN_DECL(NAME)                                                                           \
    int ss_fn_##NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,   \
                     uint32_t n, ss_vector *out);

/* func_trig.c, func_float.c: the float8 -> float8 functions, each ss_fn_NAME */
#define SS_F8_UNARY_FUNCTIONS(X)                                                                   \
    X(sin) X(cos) X(tan) X(cot) X(asin) X(acos) X(atan) X(sind) X(cosd) X(tand) X(cotd) X(asind)  \
    X(acosd) X(atand) X(degrees) X(radians) X(cbrt) X(exp) X(ln)
SS_F8_UNARY_FUNCTIONS(SS_FN_DECL)

/* func_trig.c */
SS_FN_DECL(atan2) SS_FN_DECL(atan2d) SS_FN_DECL(pi)

/* func_float.c; ss_width_bucket_rows runs one row's bucket (float8 or numeric) over rows. */
typedef int (*ss_bucket_row_fn)(ss_ctx *ctx, ss_vector *const *args, uint32_t i, int32_t *res);
int ss_width_bucket_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                         ss_bucket_row_fn f);
/* func_column_size.c */
SS_FN_DECL(column_size)
/* func_sequence.c */
SS_FN_DECL(nextval) SS_FN_DECL(currval) SS_FN_DECL(setval) SS_FN_DECL(lastval)

SS_FN_DECL(log10) SS_FN_DECL(width_bucket) SS_FN_DECL(random) SS_FN_DECL(setseed) SS_FN_DECL(gcd)
SS_FN_DECL(lcm)

/* numeric/numeric_transcendental.c, numeric/numeric_intfunc.c */
SS_FN_DECL(num_sqrt) SS_FN_DECL(num_exp) SS_FN_DECL(num_ln) SS_FN_DECL(num_log10)
SS_FN_DECL(num_log) SS_FN_DECL(num_power) SS_FN_DECL(num_gcd) SS_FN_DECL(num_lcm)
SS_FN_DECL(factorial) SS_FN_DECL(num_width_bucket)

/* func_text.c, func_quote.c, func_case.c (initcap) */
SS_FN_DECL(translate) SS_FN_DECL(chr) SS_FN_DECL(ascii) SS_FN_DECL(starts_with) SS_FN_DECL(lpad)
SS_FN_DECL(rpad) SS_FN_DECL(split_part) SS_FN_DECL(concat_ws) SS_FN_DECL(to_hex)
SS_FN_DECL(overlay) SS_FN_DECL(md5) SS_FN_DECL(to_ascii) SS_FN_DECL(quote_ident) SS_FN_DECL(quote_literal)
SS_FN_DECL(format) SS_FN_DECL(initcap)
/* func_count_nulls.c */
SS_FN_DECL(num_nulls) SS_FN_DECL(num_nonnulls)
/* func_bitwise.c: & | # << >> ~ of integers */
SS_FN_DECL(int_and) SS_FN_DECL(int_or) SS_FN_DECL(int_xor) SS_FN_DECL(int_shl) SS_FN_DECL(int_shr) SS_FN_DECL(int_not)
/* func_like.c, func_unistr.c, func_normalize.c, func_parse_ident.c, func_size.c */
SS_FN_DECL(like_escape) SS_FN_DECL(unistr) SS_FN_DECL(normalize) SS_FN_DECL(is_normalized) SS_FN_DECL(parse_ident) SS_FN_DECL(pg_size_pretty) SS_FN_DECL(pg_size_bytes)
/* func_hyperbolic.c */
SS_FN_DECL(sinh) SS_FN_DECL(cosh) SS_FN_DECL(tanh) SS_FN_DECL(asinh) SS_FN_DECL(acosh) SS_FN_DECL(atanh)
/* num_to_char.c */
SS_FN_DECL(to_char_num)
SS_FN_DECL(to_number)
/* The text result of row i, appended to sb (which comes empty), or *null set; the state is
 * the caller's (a compiled pattern).  SS_OK, or SS_ERROR with the error recorded. */
struct ss_strbuf;
typedef int (*ss_text_row_fn)(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i,
                              struct ss_strbuf *sb, bool *null, void *state);
/* Runs fn over rows[0..n) into out (func_text.c). */
int ss_text_rows(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                 ss_vector *out, ss_text_row_fn fn, void *state);
/* Defines the evaluation callback NAME as ss_text_rows over ROW without state. */
#define SS_TEXT_FN(NAME, ROW) SS_FN_DEFINE(NAME, ss_text_rows(ctx, args, nargs, rows, n, out, ROW, NULL))

/* Appends s[0..len) quoted as an identifier when it needs it (quote_ident) / as a literal
 * (quote_literal: 'it''s', E'a\\b'). */
void ss_quote_ident_append(struct ss_strbuf *sb, const char *s, size_t len);
void ss_quote_literal_append(struct ss_strbuf *sb, const char *s, size_t len);

/* func_regex.c */
SS_FN_DECL(regex_eq) SS_FN_DECL(regex_ieq) SS_FN_DECL(regexp_like) SS_FN_DECL(regexp_count)
SS_FN_DECL(regexp_replace) SS_FN_DECL(regexp_replace_start) SS_FN_DECL(regexp_substr) SS_FN_DECL(similar_to_escape) SS_FN_DECL(similar_substring)
SS_FN_DECL(regexp_match) SS_FN_DECL(regexp_split_to_array) SS_FN_DECL(regexp_instr) SS_FN_DECL(regexp_substr_nth)
/* regexp_matches(s, p [, flags]): emit gets the text[] of each match's groups in order (one
 * match without the g flag); SS_ERROR after recording an error (func_regex.c). */
int ss_regexp_matches_each(ss_ctx *ctx, const ss_text *s, const ss_text *p, const ss_text *flags,
                           int (*emit)(void *arg, const ss_text *groups), void *arg);
/* PostgreSQL's errors for flags (NULL: none) given to fn, a function without the g option. */
int ss_regexp_check_flags(ss_ctx *ctx, const ss_text *flags, const char *fn);

/* func_schema.c (N) */
int ss_fn_current_schema(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                         ss_vector *out);
int ss_fn_current_schemas(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                          ss_vector *out);
/* func_system.c */
int ss_fn_version(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                  ss_vector *out);
int ss_fn_current_database(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                           ss_vector *out);
/* func_txid.c */
int ss_fn_txid_current(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                       ss_vector *out);
/* The role an embedded session runs as, which owns everything it creates: the operating
 * system's user (as psql's default role), else "sunstone". */
const char *ss_role_name(void);
int ss_fn_current_user(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                       ss_vector *out);
int ss_fn_encoding_utf8(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                        ss_vector *out);
/* func_settings.c */
int ss_fn_current_setting(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                          ss_vector *out);
int ss_fn_set_config(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                     ss_vector *out);

#endif
