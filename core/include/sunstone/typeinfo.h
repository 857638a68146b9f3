/* sunstone/typeinfo.h — what a module needs to know about a type it was not written for.
 *
 * Every type the kernel knows is described once, in the kernel's type registry
 * (core/types/registry.c), by an ss_type_info that modules reach through
 * ss_api.type_info(id).  The description says how a vector of the type is laid out and,
 * when the layout's own bytes do not decide equality, order and hashing, which callbacks
 * do.  A module that only moves values (scans, filters, gathers, spills, storage) needs the
 * layout; a module that compares or hashes values (sort, grouping, DISTINCT, joins, min/max)
 * uses the layout's own fast loops when `compare` is NULL and the callbacks otherwise.
 *
 * Layouts (the vector's data array, batch.h):
 *   SS_LAYOUT_FIXED   `width` bytes per element, copied with memcpy (bool 1, int2 2, int4 4,
 *                     float4 4, int8 8, float8 8; a 16-byte interval or uuid would be 16).
 *   SS_LAYOUT_VARLEN  ss_text per element (pointer + length); the bytes are owned as text's
 *                     are (the vector's heap, or storage pages), copied by whoever keeps them.
 *                     text and varchar hold characters; numeric holds its encoded value
 *                     (opaque to modules: print it with the kernel, compare it with the
 *                     callbacks).
 *
 * Order and equality: when `compare` is NULL the layout's natural order applies (integers
 * and floats numerically with PostgreSQL's NaN rules, variable-length bytes by memcmp then
 * length) and equal bytes mean equal values.  Otherwise `compare`, `equal` and `hash` are all
 * set: equal values (compare == 0, e.g. numeric 1.0 and 1.00) have equal hashes, and
 * bytewise comparison must not be used.  Each callback receives pointers to two elements in
 * the layout (const ss_text * for SS_LAYOUT_VARLEN, the element's bytes for SS_LAYOUT_FIXED);
 * NULLs are the caller's business.  `hash_batch` hashes rows[0..n) (rows NULL: 0..n-1) of a
 * vector of the type into out[0..n), non-NULL rows only (NULL rows are left alone).
 *
 * The struct grows at the end only (struct_size). */
#ifndef SUNSTONE_TYPEINFO_H
#define SUNSTONE_TYPEINFO_H

#include "sunstone/batch.h"

typedef struct ss_ctx ss_ctx;

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ss_type_layout {
    SS_LAYOUT_NONE = 0,   /* not a type the kernel knows */
    SS_LAYOUT_FIXED = 1,  /* width bytes per element */
    SS_LAYOUT_VARLEN = 2  /* ss_text per element */
} ss_type_layout;

/* Flags of ss_type_info. */
#define SS_TYPEINFO_NUMBER 0x1u  /* a number: printed right-aligned by the shell */

/* Running sums of a type whose arithmetic is the kernel's (numeric, interval): the states
 * behind sum and avg over its values, and over integers where PostgreSQL's result is this
 * type (sum(bigint) and avg(integer) are numeric).  A state is state_size bytes; all-zero bytes
 * are an empty sum. */
typedef struct ss_type_sum {
    uint32_t struct_size;
    uint32_t state_size;
    /* adds the non-NULL values at rows pos[0..n) of v (of the type, or int2/int4/int8) to
       state gids[k] of the array states (gids NULL: every value to state 0) */
    int (*add)(ss_ctx *ctx, void *states, const ss_vector *v, const uint32_t *pos,
               const uint32_t *gids, uint32_t n);
    /* writes a state's sum (count 0) or average (count > 0 values were added: the sum
       divided by count with the type's rules) to row of out, a vector of the type */
    int (*result)(ss_ctx *ctx, const void *state, int64_t count, ss_vector *out, uint32_t row);
    /* frees what a state holds (not the state itself); NULL when states hold nothing */
    void (*release)(void *state);
} ss_type_sum;

/* Classes of a value of a type with ss_type_arith (what classify returns). */
enum {
    SS_VALUE_ZERO = 0,
    SS_VALUE_POSITIVE = 1,  /* finite, above zero */
    SS_VALUE_NEGATIVE = 2,  /* finite, below zero */
    SS_VALUE_NAN = 3,
    SS_VALUE_PINF = 4,      /* +Infinity */
    SS_VALUE_NINF = 5       /* -Infinity */
};

/* Arithmetic of a type whose arithmetic is the kernel's (numeric), for modules that make
 * new values of it (generate_series over numeric).  Values are elements in the type's
 * layout (const ss_text * for numeric).  timestamp and timestamptz add an interval element
 * (b is const ss_text *: calendar months and days, in the session's time zone for
 * timestamptz); interval's classify gives the sign of its order against zero. */
typedef struct ss_type_arith {
    uint32_t struct_size;
    /* writes a + b with the type's rules (numeric: the display scale is the larger of the
       two; 22003 on overflow) to row of out, a vector of the type */
    int (*add)(ss_ctx *ctx, const void *a, const void *b, ss_vector *out, uint32_t row);
    /* the value's SS_VALUE_* class */
    int (*classify)(const void *a);
} ss_type_arith;

/* The items of an array type's values (opaque encoded ss_text elements), for modules that
 * take arrays apart (unnest) or build them (array_agg).  Items are ss_values in the element
 * type's layout (types.h); their bytes point into the array value. */
typedef struct ss_type_array {
    uint32_t struct_size;
    int32_t elem;        /* element type id */
    /* the number of items of an array value (all dimensions) */
    uint32_t (*nitems)(const ss_text *a);
    /* writes the first min(n, nitems) items in row-major order to out */
    void (*items)(const ss_text *a, ss_value *out, uint32_t n);
    /* writes to row of out (a vector of the array type) the one-dimensional array of
       items[0..n) (lower bound 1; n 0: the empty array) */
    int (*build)(ss_ctx *ctx, const ss_value *items, uint32_t n, ss_vector *out, uint32_t row);
    /* writes to row of out the array one dimension up of the arrays subs[0..n) (array_agg
       over arrays): 22004 for a NULL one, 2202E for an empty one or differing dimensions */
    int (*build_nested)(ss_ctx *ctx, const ss_value *subs, uint32_t n, ss_vector *out, uint32_t row);
    /* (appended: read it only when struct_size covers it) writes to row of out the array of
       items[0..n) with the dimensions and lower bounds of shape, an array of n items
       (PostgreSQL's percentile_cont(float8[]) answers in its argument's shape) */
    int (*build_shaped)(ss_ctx *ctx, const ss_text *shape, const ss_value *items, uint32_t n, ss_vector *out,
                        uint32_t row);
} ss_type_array;

typedef struct ss_type_info {
    uint32_t struct_size;
    int32_t id;           /* ss_type_id (PostgreSQL OID) */
    const char *name;     /* PostgreSQL's name without modifier, as ss_api.type_name */
    uint32_t layout;      /* ss_type_layout */
    uint32_t width;       /* bytes per vector element (sizeof(ss_text) for SS_LAYOUT_VARLEN) */
    uint32_t flags;       /* SS_TYPEINFO_* */
    /* NULL for the layout's own order; otherwise all three are set (see above) */
    int (*compare)(const void *a, const void *b);
    bool (*equal)(const void *a, const void *b);
    uint64_t (*hash)(const void *a);
    void (*hash_batch)(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *out);
    /* sum/avg support, or NULL when the type has none (the primitive types' sums are the
       operators' own typed loops) */
    const ss_type_sum *sum;
    /* addition and classification, or NULL when the type has none (appended: read it only
       when struct_size covers it) */
    const ss_type_arith *arith;
    /* the primitive type id (SS_TYPE_INT4, SS_TYPE_INT8, SS_TYPE_FLOAT8, SS_TYPE_TEXT) whose
       vector layout and natural order this type's vectors share: date is int4, timestamp
       int8, float4 float8, bytea and uuid text (bytewise memcmp, then length).  A module
       treats such a vector as one of that type for moving, comparing and hashing.  0: the
       type's own callbacks above decide (or it has no order).  The primitive types name
       themselves.  (Appended: read it only when struct_size covers it.) */
    int32_t physical;
    /* for array types their items, NULL for the others (appended: read it only when
       struct_size covers it) */
    const ss_type_array *array;
    /* RANGE offset PRECEDING / FOLLOWING frames ordered by a type whose bound is not its own
       addition (PostgreSQL's in_range_time_interval / in_range_timetz_interval: the
       interval's month and day fields ignored, no wrap around midnight), NULL for the
       others (appended: read it only when struct_size covers it): writes to row of out (a
       vector of this type) base + offset (sub: base - offset; offset an interval element),
       a value that may lie outside the type's range but compares in its order; 22013 when
       the offset is negative for this type (its time field below zero). */
    int (*range_bound)(ss_ctx *ctx, const void *base, const void *offset, bool sub, ss_vector *out, uint32_t row);
} ss_type_info;

#ifdef __cplusplus
}
#endif
#endif
