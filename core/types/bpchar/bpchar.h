/* bpchar.h — PostgreSQL's character(n) (bpchar): a string stored padded with spaces to n
 * characters, whose trailing spaces do not count in comparisons, equality, hashing, length()
 * or a cast to text.  The vector element is an ss_text of the padded bytes (the same layout as
 * text, so text routines that read bytes, such as LIKE, apply unchanged).
 *
 * A typmod is n + 4 as in PostgreSQL; below 4 (-1: `bpchar` written without a length) the
 * value is kept exactly as given, without padding or a length check. */
#ifndef SS_TYPES_BPCHAR_H
#define SS_TYPES_BPCHAR_H

#include "exec/context.h"
#include "sunstone/typeinfo.h"
#include "util/arena.h"

#define BPCHAR_MAX_LENGTH 10485760 /* PostgreSQL's MaxAttrSize in characters */

/* ---- I/O and typmods (bpchar_io.c) ---- */

/* How s[0..len) fits typmod: the value is the first *keep bytes of s followed by *pad spaces.
 * Longer than n characters: explicit_cast truncates (bpchar(bpchar, int, true)); otherwise
 * the cut characters must all be spaces, else 22001 "value too long for type character(n)". */
int bpchar_fit(ss_ctx *ctx, const char *s, uint32_t len, int32_t typmod, bool explicit_cast,
               uint32_t *keep, uint32_t *pad);
/* bpchar_fit, then the value's bytes allocated in arena (a view of s when nothing is padded). */
int bpchar_make(ss_ctx *ctx, ss_arena *arena, const char *s, uint32_t len, int32_t typmod,
                bool explicit_cast, ss_text *out);
/* bpchar_fit, then the value stored at row of out (a vector of bpchar), copied to its heap. */
int bpchar_set(ss_ctx *ctx, ss_vector *out, uint32_t row, const char *s, uint32_t len,
               int32_t typmod, bool explicit_cast);
/* The typmod of character(n) for a declared length n (bpchartypmodin): 22023 "length for type
 * char must be at least 1" / "length for type char cannot exceed 10485760". */
int bpchar_typmod_in(ss_ctx *ctx, int64_t n, int32_t *typmod);
/* "(n)" for a typmod >= 4, "" otherwise; written to buf. */
void bpchar_typmod_text(int32_t typmod, char *buf, size_t n);

/* ---- order, equality, hashing (bpchar_ops.c) ---- */

/* Bytes of s[0..len) without its trailing spaces (PostgreSQL's bcTruelen). */
static inline uint32_t bpchar_true_len(const char *s, uint32_t len)
{
    while (len > 0 && s[len - 1] == ' ')
        len--;
    return len;
}
/* bpcharcmp under the C collation: the values without trailing spaces, bytewise. */
int bpchar_compare(const ss_text *a, const ss_text *b);
bool bpchar_equal(const ss_text *a, const ss_text *b);
/* Equal for values that bpchar_equal calls equal ('a' and 'a  '). */
uint64_t bpchar_hash(const ss_text *a);
extern const ss_type_info ss_bpchar_type_info;

/* ---- casts (bpchar_cast.c) ---- */

/* character(n) -> text / varchar (PostgreSQL's rtrim1): a view of in without trailing spaces. */
static inline ss_text bpchar_to_text(const ss_text *in)
{
    ss_text t = *in;
    t.len = bpchar_true_len(t.ptr, t.len);
    return t;
}
/* The vectorised cast of rows[0..n) of in (text, varchar, unknown or bpchar) to out, a vector
 * of bpchar with out's typmod (bpchar_set's rules). */
int bpchar_cast_from_text(ss_ctx *ctx, const ss_vector *in, const uint32_t *rows, uint32_t n,
                          bool explicit_cast, ss_vector *out);
/* The vectorised cast of rows[0..n) of in (bpchar) to out, a vector of text or varchar:
 * trailing spaces stripped, then out's varchar(n) rule applied (explicit_cast truncates). */
int bpchar_cast_to_text(ss_ctx *ctx, const ss_vector *in, const uint32_t *rows, uint32_t n,
                        bool explicit_cast, ss_vector *out);

/* ---- functions (bpchar_func.c), with functions.h's ss_func_eval_fn signature ---- */

/* length / char_length / character_length(character): characters without trailing spaces. */
int ss_fn_bpchar_length(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                        const uint32_t *rows, uint32_t n, ss_vector *out);
/* octet_length(character): bytes including the padding. */
int ss_fn_bpchar_octet_length(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                              const uint32_t *rows, uint32_t n, ss_vector *out);
/* The comparison operators of (character, character) as functions: bool results. */
int ss_fn_bpchar_eq(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out);
int ss_fn_bpchar_ne(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out);
int ss_fn_bpchar_lt(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out);
int ss_fn_bpchar_le(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out);
int ss_fn_bpchar_gt(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out);
int ss_fn_bpchar_ge(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out);

#endif
