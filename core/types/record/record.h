/* record.h — PostgreSQL's record and record[]: ROW(...), whole rows, the values SEARCH and
 * CYCLE of WITH RECURSIVE add to a query (bind/bind_cte_search.c), and the row types of tables
 * and views and of column definition lists, which are the record type with a typmod naming a
 * descriptor (record_desc.c).  Private to the kernel.
 *
 * Encoded value (the bytes of an ss_text in a record vector; host byte order, read with
 * memcpy, no alignment):
 *   uint32 nfields,
 *   nfields x (int32 field type id, uint8 1 when the field is NULL else 0, then for a
 *   non-NULL field its value in the array item encoding: fixed-width types by their vector
 *   width, variable-length ones as uint32 length + bytes; types/array/array.h).
 * Order, equality and hashing go through the fields' own types (PostgreSQL's btrecordcmp:
 * field by field, a NULL field above every value).  The registry's callbacks leave record_cmp's
 * errors (two unknown fields compared, NULL or not, dissimilar field types, lengths) to the
 * executor (types/deferred_error.h); the hash covers the fields before the first unknown one,
 * so that records equal that far are compared, as PostgreSQL's sort would. */
#ifndef SS_TYPES_RECORD_H
#define SS_TYPES_RECORD_H

#include "exec/context.h"
#include "types/functions.h"
#include "util/strbuf.h"

/* The most fields a record built here has (the binder refuses more, 0A000). */
#define REC_MAX_FIELDS 64

/* A row type (record_desc.c): a table's or view's (name set) or a column definition list's
 * (name NULL), numbered by the typmod of SS_TYPE_RECORD; field k is names[k] of types[k]. */
typedef struct rec_desc {
    const void *scope; /* a relation's schema (catalog/namespace.h's ss_schema), for identity:
                          the columns using a relation's row type are found by it and name */
    const char *name;
    uint32_t nfields;
    const char *const *names;
    const ss_type *types;
} rec_desc;
/* pg_typeof's regtype value of a named row type: this plus its typmod (above every OID a
 * built-in type has). */
#define REC_TYPE_OID_BASE 0x40000000
/* and of an array of one (t[]) */
#define REC_TYPE_ARRAY_OID_BASE 0x60000000
/* The typmod of the descriptor (registered once, an identical one reused), -1 when out of
 * memory. */
int32_t rec_desc_register(const void *scope, const char *name, uint32_t n, const char *const *names,
                          const ss_type *types);
/* The descriptor of typmod (NULL: -1 or unknown, the anonymous record). */
const rec_desc *rec_desc_get(int32_t typmod);
/* The position of the field named name, -1 when there is none. */
int rec_desc_field(const rec_desc *d, const char *name);
/* record_in for a row type (record_type.c): s[0..len) as PostgreSQL 15 reads "(f1,f2,...)",
 * each field through its type's input; 22P02 malformed record literal with its DETAIL. */
int rec_input(ss_ctx *ctx, const rec_desc *d, const char *s, size_t len, ss_value *out, ss_arena *arena);
/* The value of a field of type t from its text (a row type's through rec_input, others
 * through their input as an assignment cast from text), variable-length bytes in arena. */
int rec_field_input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena);
/* A non-NULL record value of type t as JSON text / as a jsonb tree in a (record_json.c): the
 * object of its fields named by t's descriptor, else f1, f2, ... */
struct jv;
int rec_json_append(ss_ctx *ctx, ss_type t, const ss_value *v, ss_strbuf *out);
int rec_jsonb_from(ss_ctx *ctx, ss_type t, const ss_value *v, ss_arena *a, struct jv *out);
/* The record of values[0..d->nfields), allocated in arena. */
int rec_make(ss_ctx *ctx, const rec_desc *d, const ss_value *values, ss_value *out, ss_arena *arena);

/* The record of fields[0..n) of types types[0..n), appended to sb. */
void rec_encode_buf(const int32_t *types, const ss_value *fields, uint32_t n, ss_strbuf *sb);
/* Field k of an encoded record (is_null when it is NULL or k is past the last field); its
 * type id in *type when type is not NULL. */
void rec_field(const ss_text *t, uint32_t k, ss_value *out, int32_t *type);
/* How many fields the encoded record t has. */
uint32_t rec_nfields(const ss_text *t);
/* btrecordcmp over two encoded records (const ss_text *: the registry's callbacks). */
int rec_compare(const void *a, const void *b);
uint64_t rec_hash(const void *a);

/* The evaluations behind SEARCH and CYCLE (record_func.c), non-strict, over a vector of each
 * argument's type (the binder builds the calls with make_func, never by name):
 *   rec_row_def        ROW(args...): the record of its arguments
 *   rec_array1_def     ARRAY[ROW(args...)]: a one-item record[]
 *   rec_append_def     (record[] path, args...): path || ARRAY[ROW(args...)]
 *   rec_depth_next_def (record seq, args...): ROW(seq's first field + 1, args...), ROW(0, args...)
 *                      when seq is NULL (BREADTH FIRST)
 *   rec_in_path_def    (record[] path, mark, default, args...): mark when ROW(args...) is an item
 *                      of path, else default (CYCLE's mark column)
 *   rec_unmarked_def   (col, mark): col is distinct from mark (the recursive term's filter) */
extern const ss_func_def rec_row_def, rec_array1_def, rec_append_def, rec_depth_next_def, rec_in_path_def,
    rec_unmarked_def;
/* record = <> < <= > >= record (record_func.c), in that order: strict, the fields compared as
 * btrecordcmp does, with PostgreSQL's 42804 for fields of different types and for records of
 * different lengths (when the fields compared agree); the binder calls them for two record
 * values (bind_row.c). */
extern const ss_func_def rec_cmp_defs[6];
/* c gets btrecordcmp's order of a and b: fields pairwise (NULLs equal to each other, after
   the rest), stopping at the first difference; two fields of different types, or records of
   different lengths that agree as far as the shorter goes, are 42804 as in PostgreSQL; two
   fields (NULL or not) of a type without comparison (rec_field_type_unordered) are 42883, worded as
   record_eq (equality: = <> IS DISTINCT FROM, = ANY) or as record_cmp. */
int rec_compare_checked(ss_ctx *ctx, const ss_text *a, const ss_text *b, bool equality, int *c);
/* Whether a field of type t has no comparison in PostgreSQL: unknown (an untyped literal in
   ROW(...)) and the types without a btree operator class (json). */
bool rec_field_type_unordered(int32_t type);
/* a IS DISTINCT FROM b, a IS NOT DISTINCT FROM b, NULLIF(a, b) of two record values
   (record_func.c), in that order: non-strict, compared as rec_compare_checked. */
extern const ss_func_def rec_distinct_defs[3];
/* The internal function ALTER TABLE of a relation calls to rebuild the values of a column
 * using its row type (catalog/rowtype_deps.c): REC_REMAP_FUNC(x, NULL::t, m1, ..., mn) is x
 * (a record or an array of them) laid out as t's n fields, field k from x's field mk (an int4
 * constant, 0-based; NULL: the field is NULL), NULL staying NULL (record_remap.c; the binder's
 * bind_row_remap types the call with t). */
#define REC_REMAP_FUNC "row type remap"
extern const ss_func_def rec_remap_def;
/* (record[] items, int4 typmod): items, after PostgreSQL's checks of the rows a function
 * returning record gives for a column definition list (typmod's descriptor): the non-NULL
 * items all of one row type (42804 "rows returned by function are not all of the same row
 * type"), then the first one against the list (42804 "function return row and
 * query-specified return row do not match" with its DETAIL); strict (record_func.c;
 * unnest(record[]) AS t(a int, ...), whose columns are then rec_field_select_def's). */
extern const ss_func_def rec_coldef_rows_check_def;
/* (record, int4 k): field k of the record (strict; record_func.c), the binder's (x).a. */
extern const ss_func_def rec_field_select_def;
/* x IS NULL, x IS NOT NULL of a record value x (record_func.c): PostgreSQL's row null tests
 * over its fields, non-strict. */
extern const ss_func_def rec_null_test_defs[2];

#endif
