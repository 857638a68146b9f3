/* bpchar.h — PostgreSQL's character(n) (bpchar): a string stored padded with spaces to n
 * characters, whose trailing spaces do not count in comparisons, equality, hashing, length()
 * or a cast to text.  The vector element is an ss_text of the padded bytes (the same layout as
 * text, so text routines that read bytes, such as LIKE, apply unchanged); the type's own
 * callbacks (bpchar_ops.c) decide order, equality and hashing.
 *
 * A typmod is n + 4 as in PostgreSQL; below 4 (-1: `bpchar` written without a length) the
 * value is kept exactly as given, without padding or a length check.  The catalog descriptor
 * (type_def.h) is ss_bpchar_type_def, in bpchar_io.c. */
#ifndef SS_TYPES_BPCHAR_H
#define SS_TYPES_BPCHAR_H

#include "types/type_def.h"

#define BPCHAR_MAX_LENGTH 10485760 /* PostgreSQL's MaxAttrSize in characters */

/* ---- I/O and typmods (bpchar_io.c) ---- */

/* How s[0..len) fits typmod: the value is the first *keep bytes of s followed by *pad spaces.
 * Longer than n characters: explicit_cast truncates (bpchar(bpchar, int, true)); otherwise
 * the cut characters must all be spaces, else 22001 "value too long for type character(n)". */
int bpchar_fit(ss_ctx *ctx, const char *s, uint32_t len, int32_t typmod, bool explicit_cast,
               uint32_t *keep, uint32_t *pad);
/* bpchar_fit, then the value's bytes allocated in arena (NULL: ctx's arena; a view of s when
 * nothing is padded). */
int bpchar_make(ss_ctx *ctx, ss_arena *arena, const char *s, uint32_t len, int32_t typmod,
                bool explicit_cast, ss_text *out);
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
/* bpcharcmp under the C collation: the values (const ss_text *) without trailing spaces,
 * bytewise; -1, 0 or 1.  These three are the type's ss_type_info callbacks. */
int bpchar_compare(const void *a, const void *b);
bool bpchar_equal(const void *a, const void *b);
/* Equal for values that bpchar_equal calls equal ('a' and 'a  '). */
uint64_t bpchar_hash(const void *a);
extern const ss_type_info ss_bpchar_type_info;

/* character(n) -> text / varchar (PostgreSQL's rtrim1): a view of in without trailing spaces. */
static inline ss_text bpchar_to_text(const ss_text *in)
{
    ss_text t = *in;
    t.len = bpchar_true_len(t.ptr, t.len);
    return t;
}

/* ---- the descriptor's tables (type_def.h: each ends with an all-zero entry) ---- */
extern const ss_func_def bpchar_operators[]; /* bpchar_ops.c */
extern const ss_cast_def bpchar_casts[];     /* bpchar_cast.c */
extern const ss_func_def bpchar_functions[]; /* bpchar_func.c */

#endif
