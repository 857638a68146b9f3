/* array.h — PostgreSQL's arrays of any scalar type: the encoded vector element, the decoded
 * view of it, building new arrays, text input and output, order and hashing.  Private to
 * the kernel; the array code is generic over the element type: it reads and writes elements
 * as ss_values in the element type's vector layout (sunstone/types.h), prints and parses
 * them with the element type's own I/O and orders them with the element type's registry
 * description.
 *
 * Encoded element (the bytes of an ss_text in an array vector; host byte order, read with
 * memcpy, no alignment):
 *   int32 element type id, int32 ndims (0 for an empty array, at most ARR_MAXDIM),
 *   uint32 nitems, uint32 flags (ARR_HAS_NULLS),
 *   ndims x (int32 dimension length, int32 lower bound),
 *   when ARR_HAS_NULLS: ceil(nitems / 8) bytes of NULL bitmap (bit i set: item i is NULL),
 *   then the non-NULL items in row-major order: fixed-width element types by their vector
 *   width (bool 1 byte, int2 2, int4/date 4, int8/float8/time/timestamp 8), variable-length
 *   ones as uint32 length + bytes.
 * One array has one encoding (the bitmap is present only when an item is NULL), but
 * element values may have several (numeric 1.0 and 1.00), so order, equality and hashing go
 * through arr_compare / arr_hash. */
#ifndef SS_TYPES_ARRAY_H
#define SS_TYPES_ARRAY_H

#include "exec/context.h"
#include "sunstone/typeinfo.h"
#include "util/strbuf.h"

#define ARR_MAXDIM 6
#define ARR_HAS_NULLS 0x1u
#define ARR_HDR 16
/* PostgreSQL's MaxArraySize: the most items an array holds */
#define ARR_MAX_ITEMS 134217727
#define ARR_SQLSTATE_SUBSCRIPT "2202E" /* array_subscript_error */

typedef struct ss_array {
    int32_t elem;                 /* element type id */
    int ndims;
    int32_t dims[ARR_MAXDIM];
    int32_t lbound[ARR_MAXDIM];
    uint32_t nitems;
    const uint8_t *nulls;         /* bitmap, NULL when no item is NULL */
    const char *data;             /* first non-NULL item */
    const char *end;
} ss_array;

/* ---- the encoded value (array_encode.c) ---- */

/* Decodes the header of an encoded array (no copy: the view points into t). */
void arr_decode(const ss_text *t, ss_array *out);
/* The element type id of an encoded array without decoding the rest. */
int32_t arr_elem_type(const ss_text *t);

/* Iterates the items of a decoded array in row-major order. */
typedef struct arr_iter {
    const ss_array *a;
    uint32_t i;
    const char *p;
} arr_iter;
void arr_iter_init(arr_iter *it, const ss_array *a);
/* Stores the next item (is_null set for a NULL item) and returns true, false at the end. */
bool arr_iter_next(arr_iter *it, ss_value *v);
/* Item k (0-based, row-major) of a decoded array. */
void arr_item(const ss_array *a, uint32_t k, ss_value *v);

/* Encodes items[0..n) (n = product of dims; ndims 0 with n 0 is the empty array) of element
 * type elem into ctx's arena.  Varlen items' bytes are copied.  54000 when the bounds
 * overflow. */
int arr_encode(ss_ctx *ctx, int32_t elem, int ndims, const int32_t *dims, const int32_t *lbound,
               const ss_value *items, uint32_t n, ss_text *out);
/* A one-dimensional array of items[0..n), lower bound 1 (empty when n is 0). */
int arr_encode_1d(ss_ctx *ctx, int32_t elem, const ss_value *items, uint32_t n, ss_text *out);
/* The encoding into a strbuf (the caller copies it where it belongs). */
void arr_encode_buf(int32_t elem, int ndims, const int32_t *dims, const int32_t *lbound,
                    const ss_value *items, uint32_t n, ss_strbuf *out);
/* One non-NULL item of type elem in the encoding above: read from p into v (returns the
 * pointer past it), appended to sb.  Record fields use the same item encoding. */
const char *arr_read_item(int32_t elem, const char *p, ss_value *v);
void arr_write_item(int32_t elem, const ss_value *v, ss_strbuf *sb);
/* Whether two decoded arrays have the same dimensions and lower bounds. */
bool arr_same_shape(const ss_array *a, const ss_array *b);
/* The dimensions and lower bounds of count arrays shaped like sub stacked one dimension up
 * (the new one first, lower bound 1): their number, or -1 after 54000 beyond ARR_MAXDIM. */
int arr_shape_up(ss_ctx *ctx, const ss_array *sub, uint32_t count, int32_t *dims, int32_t *lb);
/* Decodes every item of a into a malloc'd array (*items, caller frees; varlen items point
 * into a's bytes); *items is NULL when a has none. */
int arr_items(ss_ctx *ctx, const ss_array *a, ss_value **items);

/* ---- text input and output (array_io.c) ---- */

/* array_in: s[0..len) as an array of element type elem (element typmod elem_typmod, applied
 * as the element type's input does: a row type's items read with its descriptor, other
 * typmods not at all here; casts apply them).  22P02
 * "malformed array literal" with PostgreSQL's DETAIL lines, 2202E, 54000, and the element
 * type's own input errors. */
int arr_parse(ss_ctx *ctx, int32_t elem, int32_t elem_typmod, const char *s, size_t len, ss_text *out);
/* array_out: appends the text form ("{1,2}", "[0:1]={a,b}", quoting as PostgreSQL). */
void arr_format(const ss_text *t, ss_strbuf *out);
/* Appends one element's text as array_out quotes it. */
void arr_format_item(const char *s, size_t len, ss_strbuf *out);

/* ---- casts (array_cast.c) ---- */

/* An array of type from as one of type to (element-wise ss_cast_value in context mode; the
 * element typmod is to's typmod), its bytes in arena. */
int arr_cast_value(ss_ctx *ctx, const ss_text *in, ss_type from, ss_type to, int mode,
                   ss_text *out, ss_arena *arena);

/* ---- order and hashing (array_ops.c) ---- */

/* Order of two element values of type elem (NULLs are the caller's business). */
int arr_elem_compare(int32_t elem, const ss_value *a, const ss_value *b);
bool arr_elem_equal(int32_t elem, const ss_value *a, const ss_value *b);
uint64_t arr_elem_hash(int32_t elem, const ss_value *a);
/* PostgreSQL's btarraycmp: element-wise (a NULL item above every value), then the number
 * of items, ndims, dimensions, lower bounds. */
int arr_compare(const void *a, const void *b); /* const ss_text *: the registry's callbacks */
uint64_t arr_hash(const void *a);

/* An array of type `type` in ctx's arena: of items[0..n) (one-dimensional), or (nested) of
 * the arrays items[0..n) one dimension up with array_agg's errors (array_type.c). */
int arr_build_value(ss_ctx *ctx, int32_t type, bool nested, const ss_value *items, uint32_t n, ss_text *out);

/* The registry descriptions of the array types (array_type.c); NULL for a non-array id. */
const ss_type_info *arr_type_info(int32_t id);
/* The description of array type id of elem named name (a user-defined enum's array,
 * types/enum/), written to *info and *items (which it points to). */
void arr_type_info_fill(int32_t id, int32_t elem, const char *name, ss_type_info *info, ss_type_array *items);

#endif
