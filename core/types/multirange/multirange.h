/* multirange.h — PostgreSQL 15's built-in multirange types (int4multirange, int8multirange,
 * nummultirange, datemultirange, tsmultirange, tstzmultirange): the encoded vector element,
 * its decoded view, PostgreSQL's canonical form (multirange_canonicalize: the ranges sorted,
 * empty ones dropped, overlapping or adjacent ones merged), order and hashing.  The ranges
 * are the range types' own (types/range/range.h).
 *
 * Encoded element (the bytes of an ss_text in a multirange vector; no alignment):
 *   uint32 count, then count x (uint32 length, the range's encoding), in canonical form. */
#ifndef SS_TYPES_MULTIRANGE_H
#define SS_TYPES_MULTIRANGE_H

#include "types/range/range.h"

typedef struct mr_value {
    int32_t type;       /* the multirange type id */
    int32_t range_type; /* its range type */
    uint32_t n;
    rng_value *r;       /* n ranges (malloc'd, NULL when n is 0), bounds into the bytes */
} mr_value;

/* ---- encoding, order (mr_encode.c) ---- */

/* The range type of a multirange type (int4multirange -> int4range), 0 for any other id;
   and the multirange type of a range type, 0 for any other id. */
int32_t mr_range_type(int32_t mr_type);
int32_t mr_of_range(int32_t range_type);
/* Decodes an encoded multirange of type mr_type; SS_ERROR (out of memory) recorded on ctx. */
int mr_decode(ss_ctx *ctx, int32_t mr_type, const ss_text *t, mr_value *out);
void mr_free(mr_value *m);
/* The canonical multirange of ranges[0..n) (any order, empty ones allowed; each is first put
   through rng_make, with its errors), encoded into sb. */
int mr_make(ss_ctx *ctx, int32_t mr_type, const rng_value *ranges, uint32_t n, ss_strbuf *sb);
/* PostgreSQL's multirange_cmp (range by range, a shorter one first) and a hash equal for
   equal multiranges, over const ss_text * (the registry's callbacks). */
int mr_compare(const void *a, const void *b);
uint64_t mr_hash(const void *a);
/* The value of the encoding in sb, its bytes copied into arena (NULL: ctx's); frees sb. */
int mr_store_value(ss_ctx *ctx, ss_strbuf *sb, ss_arena *arena, ss_value *out);
/* The smallest range covering m (empty for an empty m), as rng_value (no bytes of its own). */
void mr_span(const mr_value *m, rng_value *out);

extern const ss_type_info ss_int4multirange_type_info, ss_int8multirange_type_info, ss_nummultirange_type_info,
    ss_datemultirange_type_info, ss_tsmultirange_type_info, ss_tstzmultirange_type_info;

/* ---- text I/O (mr_io.c) ---- */

/* multirange_in: "{range, ...}" with PostgreSQL's 22P02 "malformed multirange literal" and
   its DETAILs, each range through rng_input. */
int mr_input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena);
/* multirange_out: "{" the ranges as range_out "}" */
void mr_output(ss_type t, const ss_value *v, ss_strbuf *out);

/* ---- the descriptors' tables (each ends with an all-zero entry) ---- */
extern const ss_func_def mr_int4multirange_operators[], mr_int8multirange_operators[], mr_nummultirange_operators[],
    mr_datemultirange_operators[], mr_tsmultirange_operators[], mr_tstzmultirange_operators[]; /* mr_ops.c */
extern const ss_func_def mr_int4multirange_functions[], mr_int8multirange_functions[], mr_nummultirange_functions[],
    mr_datemultirange_functions[], mr_tsmultirange_functions[], mr_tstzmultirange_functions[]; /* mr_func.c */
extern const ss_cast_def mr_int4multirange_casts[], mr_int8multirange_casts[], mr_nummultirange_casts[],
    mr_datemultirange_casts[], mr_tsmultirange_casts[], mr_tstzmultirange_casts[]; /* mr_func.c */

/* (multirange) -> the array of its ranges, in order (mr_func.c): unnest(multirange) is unnest
   of it (bind/bind_function_scan.c); strict, typed by the binder (range[]). */
extern const ss_func_def mr_ranges_def;

/* ---- the aggregates' final functions (mr_agg.c) ----
 * range_agg(x) and range_intersect_agg(x) are bound as array_agg(x) (bind/bind_range_agg.c)
 * under one of these, over the array of the group's values (NULL: no rows): range_agg gives
 * the multirange of the non-NULL items' ranges (a range, or every range of a multirange; NULL
 * when there is none),
 * range_intersect_agg the intersection of the non-NULL items (NULL when there is none).
 * Indexed by mr_agg_index of the result type's multirange. */
extern const ss_func_def mr_range_agg_defs[6], mr_intersect_range_defs[6], mr_intersect_mr_defs[6];
/* 0..5 for a range or multirange type, -1 for any other */
int mr_agg_index(int32_t type);

#endif
