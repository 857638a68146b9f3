/* uuid.h — PostgreSQL's uuid: 16 bytes, stored as an ss_text of exactly those bytes, so the
 * variable-length layout's order (memcmp) is PostgreSQL's uuid order and the type needs no
 * callbacks.  Text form: PostgreSQL 15's uuid_in (32 hex digits, upper or lower case, a
 * hyphen allowed after any group of four, optionally inside braces) and uuid_out (lower
 * case, 8-4-4-4-12). */
#ifndef SS_TYPES_UUID_H
#define SS_TYPES_UUID_H

#include "exec/context.h"
#include "sunstone/typeinfo.h"
#include "util/arena.h"

#define UUID_LEN 16
#define UUID_TEXT_LEN 36

/* ---- I/O (uuid_io.c) ---- */

/* uuid_in over s[0..len) into out; 22P02 "invalid input syntax for type uuid: "s"". */
int uuid_parse(ss_ctx *ctx, const char *s, size_t len, unsigned char out[UUID_LEN]);
/* uuid_out: 36 characters written to out (not NUL-terminated). */
void uuid_format(const unsigned char in[UUID_LEN], char out[UUID_TEXT_LEN]);

/* ---- operators (uuid_ops.c) ---- */

extern const ss_type_info ss_uuid_type_info;
/* The comparison operators as functions (functions.h's ss_func_eval_fn): bool results. */
#define UUID_FN(NAME)                                                                      \
    int ss_fn_uuid_##NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,             \
                          const uint32_t *rows, uint32_t n, ss_vector *out)
UUID_FN(eq);
UUID_FN(ne);
UUID_FN(lt);
UUID_FN(le);
UUID_FN(gt);
UUID_FN(ge);

/* ---- casts (uuid_cast.c) ---- */

/* text / varchar / unknown -> uuid (uuid_in), rows[0..n) of in to out. */
int uuid_cast_from_text(ss_ctx *ctx, const ss_vector *in, const uint32_t *rows, uint32_t n,
                        ss_vector *out);
/* uuid -> text / varchar (uuid_out), rows[0..n) of in to out. */
int uuid_cast_to_text(ss_ctx *ctx, const ss_vector *in, const uint32_t *rows, uint32_t n,
                      ss_vector *out);

/* ---- functions (uuid_func.c) ---- */

/* gen_random_uuid(): a version 4 UUID from OpenSSL's RAND_bytes, a new one per row
 * (volatile). */
UUID_FN(gen_random);

#endif
