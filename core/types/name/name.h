/* name.h — PostgreSQL's name type (a catalog identifier of at most 63 bytes): what the files
 * of core/types/name/ share.  A value is an ss_text of its bytes (physical text: C-collation
 * order, text's hashing), never longer than NAME_MAX_BYTES. */
#ifndef SS_TYPES_NAME_H
#define SS_TYPES_NAME_H

#include "types/type_def.h"

/* NAMEDATALEN - 1 */
#define NAME_MAX_BYTES 63

/* The length of s[0..len) cut to NAME_MAX_BYTES without splitting a UTF-8 character
 * (PostgreSQL's pg_mbcliplen in namein). */
uint32_t name_clip(const char *s, uint32_t len);

extern const ss_type_info ss_name_type_info;
extern const ss_func_def name_operators[];
extern const ss_cast_def name_casts[];

#endif
