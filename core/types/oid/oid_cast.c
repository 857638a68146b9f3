/* oid_cast.c — (oid8) pg_cast's rows of the oid types: integers to oid, regclass, regtype and
 * regnamespace implicitly (int8 range-checked, int4 wrapping as PostgreSQL's), those to int4 /
 * int8 in assignment, oid to and from each reg* type implicitly (the same number), and text /
 * varchar to regclass implicitly (the relation named, as nextval('s') needs). */
#include "types/oid/oid.h"

#include <string.h>

#include "exec/expr.h"
#include "types/cast.h"
#include "types/typeio.h"

static int same_number(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode, ss_value *out,
                       ss_arena *arena)
{
    (void)ctx, (void)from, (void)to, (void)mode, (void)arena;
    memset(out, 0, sizeof *out);
    out->v.i = (uint32_t)in->v.i;
    return SS_OK;
}

static int from_int(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode, ss_value *out,
                    ss_arena *arena)
{
    (void)to, (void)mode, (void)arena;
    if (from.id == SS_TYPE_INT8 && (in->v.i < -2147483648LL || in->v.i > 4294967295LL))
        return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "OID out of range");
    memset(out, 0, sizeof *out);
    out->v.i = (uint32_t)in->v.i;
    return SS_OK;
}

static int to_int(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode, ss_value *out,
                  ss_arena *arena)
{
    (void)ctx, (void)from, (void)mode, (void)arena;
    memset(out, 0, sizeof *out);
    uint32_t v = (uint32_t)in->v.i;
    out->v.i = to.id == SS_TYPE_INT4 ? (int64_t)(int32_t)v : (int64_t)v;
    return SS_OK;
}

static int text_to_regclass(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode, ss_value *out,
                            ss_arena *arena)
{
    (void)from, (void)mode;
    (void)arena;
    return ss_value_parse(ctx, to, in->v.s.ptr, in->v.s.len, out);
}

#define INT_CASTS(T)                                                                            \
    {SS_TYPE_INT2, T, CAST_IMPLICIT, from_int}, {SS_TYPE_INT4, T, CAST_IMPLICIT, from_int},      \
        {SS_TYPE_INT8, T, CAST_IMPLICIT, from_int}, {T, SS_TYPE_INT4, CAST_ASSIGNMENT, to_int}, \
        {T, SS_TYPE_INT8, CAST_ASSIGNMENT, to_int}
#define OID_CASTS(T) {SS_TYPE_OID, T, CAST_IMPLICIT, same_number}, {T, SS_TYPE_OID, CAST_IMPLICIT, same_number}

/* each type lists the casts from or to it */
const ss_cast_def oid_casts[] = {INT_CASTS(SS_TYPE_OID), {0}};
const ss_cast_def regclass_casts[] = {
    INT_CASTS(SS_TYPE_REGCLASS),
    OID_CASTS(SS_TYPE_REGCLASS),
    {SS_TYPE_TEXT, SS_TYPE_REGCLASS, CAST_IMPLICIT, text_to_regclass},
    {SS_TYPE_VARCHAR, SS_TYPE_REGCLASS, CAST_IMPLICIT, text_to_regclass},
    {0},
};
const ss_cast_def regtype_oid_casts[] = {INT_CASTS(SS_TYPE_REGTYPE), OID_CASTS(SS_TYPE_REGTYPE), {0}};
const ss_cast_def regnamespace_casts[] = {INT_CASTS(SS_TYPE_REGNAMESPACE), OID_CASTS(SS_TYPE_REGNAMESPACE), {0}};
const ss_cast_def regrole_casts[] = {OID_CASTS(SS_TYPE_REGROLE), {0}};
