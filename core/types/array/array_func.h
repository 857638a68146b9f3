/* array_func.h — the array expressions and functions as built-in function definitions
 * (types/functions.h) for the binder (bind_array.c) and their evaluation callbacks
 * (array_func.c).  Their result type is the call's (ss_func_def.result SS_TYPE_INVALID:
 * polymorphic), their argument types are checked by the binder. */
#ifndef SS_TYPES_ARRAY_FUNC_H
#define SS_TYPES_ARRAY_FUNC_H

#include "types/array/array.h"
#include "types/functions.h"

/* The shape argument of a subscript call (an int8 constant): a slice, and per subscript k
 * whether its lower / upper bound is omitted (bits ARR_SHAPE_NO_LOWER + k, ...). */
#define ARR_SHAPE_SLICE 1
#define ARR_SHAPE_NO_LOWER 8
#define ARR_SHAPE_NO_UPPER 16

/* The operator argument of op ANY / ALL (an int4 constant). */
enum { ARR_CMP_EQ = 1, ARR_CMP_NE, ARR_CMP_LT, ARR_CMP_LE, ARR_CMP_GT, ARR_CMP_GE,
       ARR_CMP_LIKE, ARR_CMP_ILIKE, ARR_CMP_NOT_LIKE, ARR_CMP_NOT_ILIKE, /* over text */
       ARR_CMP_REGEX, ARR_CMP_IREGEX, ARR_CMP_NOT_REGEX, ARR_CMP_NOT_IREGEX /* ~ ~* !~ !~* */ };
#define ARR_CMP_ALL 0x100

/* Internal forms: ARRAY[...], subscripts, op ANY / ALL, @> <@ &&, ||. */
extern const ss_func_def arr_def_construct, arr_def_subscript, arr_def_any, arr_def_contains,
    arr_def_contained, arr_def_overlap, arr_def_cat, arr_def_append, arr_def_prepend;
/* (array, value, int4 subscripts...): the array with that item set (array_store.c). */
extern const ss_func_def arr_def_store;
/* a[lo:hi]... = src: (array, src array, shape int4, lo1, hi1, ...) (array_store.c) */
extern const ss_func_def arr_def_slice_store;

/* The definition of array function name (array_length, ...) for nargs arguments, or NULL. */
const ss_func_def *arr_func_lookup(const char *name, uint32_t nargs);

#define ARR_FN(NAME)                                                                         \
    int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,        \
             uint32_t n, ss_vector *out)
ARR_FN(arr_fn_construct);
ARR_FN(arr_fn_subscript);
ARR_FN(arr_fn_any);
ARR_FN(arr_fn_contains);
ARR_FN(arr_fn_contained);
ARR_FN(arr_fn_overlap);
ARR_FN(arr_fn_cat);
ARR_FN(arr_fn_append);
ARR_FN(arr_fn_prepend);
ARR_FN(arr_fn_length);
ARR_FN(arr_fn_lower);
ARR_FN(arr_fn_upper);
ARR_FN(arr_fn_ndims);
ARR_FN(arr_fn_dims);
ARR_FN(arr_fn_cardinality);
ARR_FN(arr_fn_position);
ARR_FN(arr_fn_positions);
ARR_FN(arr_fn_remove);
ARR_FN(arr_fn_replace);
ARR_FN(arr_fn_trim);
ARR_FN(arr_fn_width_bucket);
ARR_FN(arr_fn_to_string);
ARR_FN(arr_fn_string_to_array);
ARR_FN(arr_fn_fill);
#undef ARR_FN

#endif
