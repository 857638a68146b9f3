/* cast.h — conversions between the built-in types following PostgreSQL's pg_cast: which
 * casts exist in which context, the scalar conversion, and the per-value building blocks
 * that the vectorised CAST in the evaluator shares. */
#ifndef SS_TYPES_CAST_H
#define SS_TYPES_CAST_H

#include "exec/context.h"
#include "util/arena.h"
#include "util/strbuf.h"

/* Is there a cast from `from` to `to` usable in context mode (an ss_cast_mode)?  Implicit
 * casts are usable everywhere, assignment casts in CAST_ASSIGNMENT and CAST_EXPLICIT,
 * explicit-only casts in CAST_EXPLICIT. */
bool ss_cast_exists(ss_type from, ss_type to, int mode);

/* Converts one value.  mode only matters for varchar(n) targets: CAST_EXPLICIT truncates,
 * the other modes raise 22001 unless only spaces would be cut.  A text result made from a
 * non-string value is allocated in arena; a string-to-string cast returns a (possibly
 * shortened) view of the input bytes.  A NULL input gives NULL.  Errors: 22P02 / 22003 /
 * 22001 as PostgreSQL, 42846 when no such cast exists. */
int ss_cast_value(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                  ss_value *out, ss_arena *arena);

/* A cast whose source or target is numeric, into scratch memory (numeric.h's num_alloc:
 * copy the result's bytes to keep them). */
int ss_cast_numeric_value(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                          ss_value *out);

/* ---- building blocks ---- */

/* Records "smallint out of range" / "integer out of range" / "bigint out of range" (22003)
 * for integer type id and returns SS_ERROR. */
int ss_cast_int_overflow(ss_ctx *ctx, int32_t id);
/* Whether v fits integer type id. */
static inline bool ss_cast_int_fits(int64_t v, int32_t id)
{
    if (id == SS_TYPE_INT2)
        return v >= INT16_MIN && v <= INT16_MAX;
    if (id == SS_TYPE_INT4)
        return v >= INT32_MIN && v <= INT32_MAX;
    return true;
}
/* float8 -> integer type: rounds half to even (rint), 22003 when NaN or out of range. */
int ss_cast_float_to_int(ss_ctx *ctx, double f, int32_t to, int64_t *out);
/* Applies the varchar(n) length rule of `to` to s[0..*len): shortens *len to n characters,
 * or (mode other than CAST_EXPLICIT) raises 22001 when a non-space would be cut.  No-op for
 * targets without a length. */
int ss_cast_fit_varchar(ss_ctx *ctx, const char *s, uint32_t *len, ss_type to, int mode);
/* Appends the text a cast to text gives for a non-null value of a non-string type (bool
 * gives "true"/"false", other types their output function's text). */
void ss_cast_text_of(ss_type from, const ss_value *in, ss_strbuf *out);
/* An I/O conversion from a string type (character, name) to `to`: to's input function over
 * the value's bytes (an ss_cast_fn of type_def.h's cast tables). */
int ss_cast_io_from_string(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode, ss_value *out,
                           ss_arena *arena);

#endif
