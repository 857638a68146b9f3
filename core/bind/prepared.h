/* prepared.h — SQL-level prepared statements (PREPARE / EXECUTE / DEALLOCATE): the session's
 * set of them (kept by core/api/prepared.c, read by the binder through ss_ctx.prepared) and
 * what the binder makes of the three statements (bind_prepare.c). */
#ifndef SS_BIND_PREPARED_H
#define SS_BIND_PREPARED_H

#include <stdint.h>

#include "exec/context.h"

struct ss_expr;

/* One PREPAREd statement: its name, the whole PREPARE text (parsed again at each EXECUTE;
 * pg_prepared_statements shows it) and its parameter types, declared or inferred. */
typedef struct ss_prepared {
    char *name;
    char *sql;
    uint32_t nparams;
    ss_type *param_types;
    int64_t prepare_time;   /* timestamptz (microseconds since 2000-01-01 UTC) of the PREPARE */
} ss_prepared;

typedef struct ss_prepared_set {
    ss_prepared **items;
    uint32_t n, cap;
} ss_prepared_set;

/* The prepared statement called name, or NULL. */
const ss_prepared *ss_prepared_find(const ss_prepared_set *set, const char *name);

/* PREPARE bound: the name, the text kept and the parameter types. */
typedef struct ss_prepare_bound {
    const char *name;
    const char *sql;
    uint32_t nparams;
    const ss_type *param_types;
} ss_prepare_bound;

/* EXECUTE bound: the prepared statement's bound form takes the EXECUTE's place; its
 * parameters are the arguments, evaluated when it runs (coerced to param_types). */
typedef struct ss_execute_bound {
    uint32_t nargs;
    struct ss_expr **args;
    const ss_type *param_types;
} ss_execute_bound;

#endif
