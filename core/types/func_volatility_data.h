/* func_volatility_data.h — the shape of PostgreSQL 15's volatility data that
 * gen_func_volatility.sh writes into func_volatility_data.c (read by func_volatility.c). */
#ifndef SS_TYPES_FUNC_VOLATILITY_DATA_H
#define SS_TYPES_FUNC_VOLATILITY_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A pg_proc row: name, pronargs, whether variadic, provolatile ('i', 's', 'v') and the
   argument type OIDs (0: polymorphic, matches any type). Sorted by name (byte order). */
typedef struct ss_pg_proc_volatility {
    const char *name;
    uint8_t nargs;
    bool variadic;
    char volatility;
    uint32_t args[8];
} ss_pg_proc_volatility;

/* An operator: name, 1 (prefix) or 2 operands, its function's provolatile, the operand
   type OIDs (0: polymorphic). Sorted by name (byte order). */
typedef struct ss_pg_oper_volatility {
    const char *name;
    uint8_t nargs;
    char volatility;
    uint32_t args[2];
} ss_pg_oper_volatility;

/* A pg_cast row: castmethod ('f' function, 'b' binary, 'i' I/O) and its function's
   provolatile ('i' when there is none). Sorted by (source, target). */
typedef struct ss_pg_cast_volatility {
    uint32_t source, target;
    char method;
    char volatility;
} ss_pg_cast_volatility;

/* A type's typinput and typoutput provolatile. Sorted by oid. */
typedef struct ss_pg_type_io_volatility {
    uint32_t oid;
    char input, output;
} ss_pg_type_io_volatility;

extern const ss_pg_proc_volatility ss_pg_proc_volatilities[];
extern const size_t ss_pg_nproc_volatilities;
extern const ss_pg_oper_volatility ss_pg_oper_volatilities[];
extern const size_t ss_pg_noper_volatilities;
extern const ss_pg_cast_volatility ss_pg_cast_volatilities[];
extern const size_t ss_pg_ncast_volatilities;
extern const ss_pg_type_io_volatility ss_pg_type_io_volatilities[];
extern const size_t ss_pg_ntype_io_volatilities;

#endif
