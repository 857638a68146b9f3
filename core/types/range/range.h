/* range.h — PostgreSQL 15's built-in range types (int4range, int8range, numrange,
 * daterange, tsrange, tstzrange): the encoded vector element, the decoded view of it,
 * PostgreSQL's make_range (bound checks, emptiness and the canonical form of the discrete
 * types), order and hashing.  The code is generic over the subtype: bounds are ss_values in
 * the subtype's vector layout, compared and hashed with the array code's element helpers
 * (types/array/array.h) and printed / parsed with the subtype's own I/O.
 *
 * Encoded element (the bytes of an ss_text in a range vector; no alignment):
 *   uint8 flags (RNG_EMPTY, RNG_LB_INC, RNG_UB_INC, RNG_LB_INF, RNG_UB_INF with PostgreSQL's
 *   flag values), int32 range type id (host order, memcpy), then for a non-empty range the
 *   finite bounds, lower first, in the array item encoding (arr_write_item).
 * Values are made only by rng_make, so an empty range has no bounds, an infinite bound is
 * never inclusive and int4range / int8range / daterange are always in '[)' form.  Subtype
 * values may have several encodings (numeric 1.0 and 1.00): order, equality and hashing go
 * through rng_compare / rng_hash. */
#ifndef SS_TYPES_RANGE_H
#define SS_TYPES_RANGE_H

#include "types/type_def.h"

#define RNG_EMPTY 0x01u
#define RNG_LB_INC 0x02u
#define RNG_UB_INC 0x04u
#define RNG_LB_INF 0x08u
#define RNG_UB_INF 0x10u
#define RNG_SQLSTATE_DATA_EXCEPTION "22000"

typedef struct rng_bound {
    ss_value val;   /* the subtype value (unset when infinite) */
    bool infinite;
    bool inclusive;
    bool lower;     /* a lower bound (PostgreSQL's RangeBound.lower) */
} rng_bound;

typedef struct rng_value {
    int32_t type;    /* the range type id */
    int32_t subtype;
    bool empty;
    rng_bound lo, hi;
} rng_value;

/* ---- the encoded value and its order (range_encode.c) ---- */

/* The subtype of a range type (int4range -> int4), 0 for any other id. */
int32_t rng_subtype(int32_t range_type);
/* Decodes an encoded range (bounds point into t's bytes). */
void rng_decode(const ss_text *t, rng_value *out);
/* PostgreSQL's range_cmp_bounds: two bounds of one subtype (lower or upper, either side). */
int rng_cmp_bounds(int32_t subtype, const rng_bound *a, const rng_bound *b);
/* PostgreSQL's make_range: lo and hi (lower, upper) checked (22000 "range lower bound must
 * be less than or equal to range upper bound"), made empty when they meet without both
 * being inclusive, put in canonical form (22003 at the integer limits), encoded into sb. */
int rng_make(ss_ctx *ctx, int32_t range_type, rng_bound lo, rng_bound hi, bool empty, ss_strbuf *sb);
/* rng_make of the empty range. */
void rng_make_empty(int32_t range_type, ss_strbuf *sb);
/* Stores the encoding in sb at row of out (a range vector; its heap copies it) and frees
 * sb; SS_ERROR on a failed allocation. */
int rng_store(ss_ctx *ctx, ss_vector *out, uint32_t row, ss_strbuf *sb);
/* PostgreSQL's range_cmp (empty first, then lower bounds, then upper bounds) and a hash
 * equal for equal ranges, over const ss_text * (the registry's callbacks). */
int rng_compare(const void *a, const void *b);
uint64_t rng_hash(const void *a);

/* The registry descriptions of the six types (range_encode.c). */
extern const ss_type_info ss_int4range_type_info, ss_int8range_type_info, ss_numrange_type_info,
    ss_daterange_type_info, ss_tsrange_type_info, ss_tstzrange_type_info;

/* ---- text I/O (range_io.c) ---- */

/* range_in over s[0..len) for range type t: 22P02 "malformed range literal" with
 * PostgreSQL's DETAIL, the subtype's input errors, rng_make's errors; bytes in arena. */
int rng_input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena);
/* range_out: "empty", or the bounds in brackets, quoted as range_bound_escape. */
void rng_output(ss_type t, const ss_value *v, ss_strbuf *out);

/* ---- the descriptors' tables (type_def.h: each ends with an all-zero entry) ---- */
extern const ss_func_def rng_int4range_operators[], rng_int8range_operators[], rng_numrange_operators[],
    rng_daterange_operators[], rng_tsrange_operators[], rng_tstzrange_operators[]; /* range_ops.c */
extern const ss_func_def rng_int4range_functions[], rng_int8range_functions[], rng_numrange_functions[],
    rng_daterange_functions[], rng_tsrange_functions[], rng_tstzrange_functions[]; /* range_func.c */

/* ---- operator kernels shared by range_ops.c and range_func.c (range_ops.c) ---- */

/* PostgreSQL's range_overlaps_internal and range_adjacent_internal. */
bool rng_overlaps(const rng_value *a, const rng_value *b);
bool rng_adjacent(const rng_value *a, const rng_value *b);
/* range_union_internal: strict gives 22000 "result of range union would not be contiguous"
 * (the + operator), otherwise the smallest range covering both (range_merge). */
int rng_union(ss_ctx *ctx, const rng_value *a, const rng_value *b, bool strict, ss_strbuf *sb);

#endif
