/* fkey_types.h — which column types a foreign key may pair (those of one btree operator
 * family in PostgreSQL: the integers, the floats, text and varchar; any other type with
 * itself), a key value carried from one type of a pair to the other, and the equality and
 * hash of key values that the referencing side's scan compares with. */
#ifndef SS_FKEY_FKEY_TYPES_H
#define SS_FKEY_FKEY_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "sunstone/types.h"

struct ss_table;
struct ss_index;

bool ss_fkey_types_compatible(int32_t a, int32_t b);
/* v (of type from) as a value of type to, for a compatible pair; false when no value of
   type to equals it (an int8 beyond int4's range, a float8 no float4 holds). */
bool ss_fkey_convert(int32_t from, int32_t to, const ss_value *v, ss_value *out);
/* Equality and hash of two non-NULL values of type id, as a btree index orders them. */
bool ss_fkey_values_equal(int32_t id, const ss_value *a, const ss_value *b);
uint64_t ss_fkey_value_hash(int32_t id, const ss_value *v);
/* The unique index of ref, not DEFERRABLE, whose columns are ref_cols[0..n) (in any order), or
   NULL. */
const struct ss_index *ss_fkey_find_index(const struct ss_table *ref, const uint32_t *ref_cols, uint32_t n);

#endif
