/* bind_array_srf.c — generate_subscripts(anyarray, int4 [, bool]) in FROM or the select list:
 * the array's type from its argument (an untyped literal is PostgreSQL's 42804 "could not
 * determine polymorphic type"), one integer column named after the function (or the FROM
 * alias), then WITH ORDINALITY's; the function scan expands it (types/array/array_srf.h). */
#include <string.h>

#include "bind/binder_internal.h"
#include "types/cast.h"

ss_lop *subscripts_function_lop(binder *b, const ast_expr *a, ss_expr **args, uint32_t n, bool ordinality,
                                const char *colname, uint32_t rel)
{
    const char *name = a->names[a->nnames - 1];
    if (n >= 2 && n <= 3 && (is_unknown_const(args[0]) || is_unknown_param(b, args[0]))) {
        /* PostgreSQL reports it without a position */
        bind_error(b, -1, SS_SQLSTATE_DATATYPE_MISMATCH,
                   "could not determine polymorphic type because input has type unknown");
        return NULL;
    }
    bool ok = n >= 2 && n <= 3 && ss_type_is_array(args[0]->type.id);
    for (uint32_t i = 1; ok && i < n; i++) {
        ss_type want = type_of(i == 1 ? SS_TYPE_INT4 : SS_TYPE_BOOL);
        ok = is_unknown_const(args[i]) || is_unknown_param(b, args[i]) ||
             ss_cast_exists(args[i]->type, want, CAST_IMPLICIT);
    }
    if (!ok) {
        no_such_function_of(b, a, args, n);
        return NULL;
    }
    for (uint32_t i = 1; i < n; i++)
        if (!(args[i] = coerce_expr(b, args[i], type_of(i == 1 ? SS_TYPE_INT4 : SS_TYPE_BOOL), CAST_IMPLICIT,
                                    a->args[i]->location)))
            return NULL;
    return one_column_function_lop(b, name, args, n, ordinality, colname, rel, type_of(SS_TYPE_INT4));
}
