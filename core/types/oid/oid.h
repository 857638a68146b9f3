/* oid.h — (oid8) the object identifier types oid, regclass, regnamespace and regrole
 * (int64 vectors holding the unsigned 32-bit oid) and the casts between them, the integers,
 * regtype and text (oid_cast.c). */
#ifndef SS_TYPES_OID_OID_H
#define SS_TYPES_OID_OID_H

#include "types/type_def.h"

extern const ss_cast_def oid_casts[], regclass_casts[], regtype_oid_casts[], regnamespace_casts[], regrole_casts[];
/* PostgreSQL's oidin: decimal, -2147483648 .. 4294967295 (a negative one wraps), spaces
   around; 22P02 / 22003 naming type. */
int oid_parse(ss_ctx *ctx, const char *s, size_t len, const char *type, uint32_t *out);
/* Whether s[0..len) is all digits (the reg* types' input takes a number as the oid itself). */
bool oid_is_number(const char *s, size_t len);

#endif
