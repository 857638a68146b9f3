/* uuid.h — PostgreSQL's uuid: 16 bytes, stored as an ss_text of exactly those bytes, so the
 * variable-length layout's order (memcmp) is PostgreSQL's uuid order and the type needs no
 * callbacks.  Text form: PostgreSQL 15's uuid_in (32 hex digits, upper or lower case, a
 * hyphen allowed after any group of four, optionally inside braces) and uuid_out (lower
 * case, 8-4-4-4-12).  Casts to and from the string types are the catalog's I/O conversions.
 * The catalog descriptor (type_def.h) is ss_uuid_type_def, in uuid_io.c. */
#ifndef SS_TYPES_UUID_H
#define SS_TYPES_UUID_H

#include "types/type_def.h"

#define UUID_LEN 16
#define UUID_TEXT_LEN 36

/* ---- I/O (uuid_io.c) ---- */

/* uuid_in over s[0..len) into out; 22P02 "invalid input syntax for type uuid: "s"". */
int uuid_parse(ss_ctx *ctx, const char *s, size_t len, unsigned char out[UUID_LEN]);
/* uuid_out: 36 characters written to out (not NUL-terminated). */
void uuid_format(const unsigned char in[UUID_LEN], char out[UUID_TEXT_LEN]);

/* ---- operators (uuid_ops.c) ---- */

extern const ss_type_info ss_uuid_type_info;

/* ---- functions (uuid_func.c) ---- */

/* gen_random_uuid(): a version 4 UUID from OpenSSL's RAND_bytes, a new one per row
 * (volatile), with functions.h's ss_func_eval_fn signature. */
int ss_fn_uuid_gen_random(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                          const uint32_t *rows, uint32_t n, ss_vector *out);

/* ---- the descriptor's tables (type_def.h: each ends with an all-zero entry) ---- */
extern const ss_func_def uuid_operators[]; /* uuid_ops.c */
extern const ss_func_def uuid_functions[]; /* uuid_func.c */

#endif
