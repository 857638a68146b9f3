/* bytea.h — PostgreSQL's bytea: a string of bytes.  The vector element is an ss_text holding
 * the raw bytes; order and equality are the variable-length layout's own (memcmp, then the
 * shorter first), which is PostgreSQL's byteacmp, so the type needs no callbacks.
 *
 * Text forms as PostgreSQL 15: input is hex ("\x" then pairs of hex digits, whitespace
 * between pairs) or escape (bytes as they are, "\\" for a backslash, "\ooo" octal); output is
 * hex (bytea_output = 'hex', the default) or escape.  Casts to and from the string types are
 * the catalog's I/O conversions.  The catalog descriptor (type_def.h) is ss_bytea_type_def,
 * in bytea_io.c. */
#ifndef SS_TYPES_BYTEA_H
#define SS_TYPES_BYTEA_H

#include "types/type_def.h"

/* ---- text I/O (bytea_io.c) ---- */

/* byteain over s[0..len): the bytes allocated in arena.  Errors: 22023 "invalid hexadecimal
 * digit: "x"" / "invalid hexadecimal data: odd number of digits", 22P02 "invalid input syntax
 * for type bytea". */
int bytea_parse(ss_ctx *ctx, ss_arena *arena, const char *s, size_t len, ss_text *out);
/* byteain into buf (room for len bytes, the most the input can give); *outlen gets the bytes. */
int bytea_decode_input(ss_ctx *ctx, const char *s, size_t len, unsigned char *buf, size_t *outlen);
/* byteaout in the calling thread's bytea_output (bytea_set_output). */
void bytea_format(const ss_text *v, ss_strbuf *out);
/* Chooses byteaout's format for the calling thread: hex (true, the default) or escape. */
void bytea_set_output(bool hex);
/* Hex digits of s[0..len) (lower case) written to out (2 * len bytes). */
void bytea_hex_encode(const unsigned char *s, size_t len, char *out);
/* The value of hex digit c (either case), -1 when c is none. */
int bytea_hex_value(char c);
/* Decodes hex digits (whitespace between pairs skipped) into out (room for len / 2 bytes);
 * *outlen gets the bytes written.  22023 errors as bytea_parse's hex form. */
int bytea_hex_decode(ss_ctx *ctx, const char *s, size_t len, unsigned char *out, size_t *outlen);

/* ---- operators (bytea_ops.c) ---- */

extern const ss_type_info ss_bytea_type_info;
/* PostgreSQL's byteacmp: memcmp over the common length, then the shorter first. */
int bytea_compare(const void *a, const void *b); /* const ss_text *; -1, 0 or 1 */

/* ---- functions (bytea_func.c: bytes; bytea_codec.c: encode / decode / convert;
 *      bytea_digest.c: md5 and the SHA-2 family), functions.h's ss_func_eval_fn ---- */

/* Stores the concatenation of parts[0..nparts) at row of out (54000 beyond 1 GB); with
 * at >= 0, byte `at` of the result is then replaced by b. */
int bytea_put_joined(ss_ctx *ctx, ss_vector *out, uint32_t row, const ss_text *parts,
                     uint32_t nparts, int64_t at, unsigned char b);

#define BYTEA_FN(NAME)                                                                     \
    int ss_fn_bytea_##NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,            \
                           const uint32_t *rows, uint32_t n, ss_vector *out)
BYTEA_FN(bit_length); /* bit_length(bytea) -> int4 */
BYTEA_FN(length_in_encoding); /* length(bytea, name) -> int4 */
BYTEA_FN(bit_count);  /* bit_count(bytea) -> int8 */
BYTEA_FN(get_byte);   /* get_byte(bytea, int4) -> int4; 2202E out of range */
BYTEA_FN(set_byte);   /* set_byte(bytea, int4, int4) -> bytea */
BYTEA_FN(get_bit);    /* get_bit(bytea, int8) -> int4 */
BYTEA_FN(set_bit);    /* set_bit(bytea, int8, int4) -> bytea; 22023 for a bit not 0/1 */
BYTEA_FN(substr);     /* substring / substr(bytea, int4 [, int4]) -> bytea */
BYTEA_FN(position);   /* position(bytea IN bytea) = strpos(haystack, needle) -> int4 */
BYTEA_FN(overlay);    /* overlay(bytea, bytea, int4 [, int4]) -> bytea */
BYTEA_FN(btrim);      /* btrim / ltrim / rtrim(bytea, bytea) -> bytea */
BYTEA_FN(ltrim);
BYTEA_FN(rtrim);
BYTEA_FN(like);       /* bytea LIKE bytea (bytealike) -> bool */
BYTEA_FN(encode);       /* encode(bytea, text) -> text: hex, base64, escape */
BYTEA_FN(decode);       /* decode(text, text) -> bytea */
BYTEA_FN(convert_to);   /* convert_to(text, name) -> bytea */
BYTEA_FN(convert_from); /* convert_from(bytea, name) -> text */
BYTEA_FN(convert);      /* convert(bytea, name, name) -> bytea */
BYTEA_FN(md5);          /* md5(bytea) -> text (32 hex digits) */
BYTEA_FN(sha224);       /* sha224 .. sha512(bytea) -> bytea */
BYTEA_FN(sha256);
BYTEA_FN(sha384);
BYTEA_FN(sha512);

/* ---- the descriptor's tables (type_def.h: each ends with an all-zero entry) ---- */
extern const ss_func_def bytea_operators[]; /* bytea_ops.c */
extern const ss_func_def bytea_functions[]; /* bytea_func.c */

#endif
