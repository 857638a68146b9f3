/* bit.h — PostgreSQL's bit(n) and bit varying(n) (varbit).  A value is stored as an ss_text
 * of one ASCII '0' / '1' byte per bit, so that text's physical order (memcmp, then length)
 * is PostgreSQL's bit_cmp order (bits compared in order, a prefix first), bytewise equality
 * and hashing are the type's, and the byte-wise routines of bytea (substring, overlay,
 * position) apply per bit unchanged.  The text form is those bytes.
 *
 * A typmod is the declared length n (PostgreSQL's atttypmod for bit); -1 none.  bit(n) needs
 * exactly n bits (an explicit cast pads with zeros or truncates, otherwise 22026); bit
 * varying(n) at most n (an explicit cast truncates, otherwise 22001).  The descriptors
 * (type_def.h) are ss_bit_type_def and ss_varbit_type_def, in bit_io.c. */
#ifndef SS_TYPES_BIT_H
#define SS_TYPES_BIT_H

#include "types/type_def.h"

#define BIT_MAX_LENGTH 83886080 /* PostgreSQL's MaxAttrSize * BITS_PER_BYTE */

/* ---- I/O (bit_io.c) ---- */

/* bit_in / varbit_in over s[0..len) (a leading b / B binary, x / X hexadecimal, else
 * binary) into out, its bytes in arena (NULL: ctx's arena); 22P02 for a bad digit. */
int bit_parse(ss_ctx *ctx, const char *s, size_t len, ss_text *out, ss_arena *arena);

/* ---- order and the types' ss_type_info (bit_ops.c) ---- */

extern const ss_type_info ss_bit_type_info, ss_varbit_type_info;

/* ---- the descriptors' tables (type_def.h: each ends with an all-zero entry) ---- */
extern const ss_func_def bit_operators[];  /* bit_ops.c */
extern const ss_func_def bit_functions[];  /* bit_func.c */
extern const ss_cast_def bit_casts[];      /* bit_cast.c */

#endif
