/* bind_regex_srf.c — regexp_matches / regexp_split_to_table (and string_to_table) in FROM or the select list: the
 * arguments resolved as those of regexp_match / regexp_split_to_array (text, text [, text]),
 * one column of text[] / text named after the function (or the FROM alias), then WITH
 * ORDINALITY's; the function scan expands it (types/regex_srf.h). */
#include <string.h>

#include "bind/binder_internal.h"
#include "types/functions.h"
#include "types/regex_srf.h"

bool is_regex_srf(const char *name)
{
    const char *scalar;
    ss_type column;
    return regex_srf_describe(name, &scalar, &column);
}

ss_lop *regex_function_lop(binder *b, const ast_expr *a, ss_expr **args, uint32_t n, bool ordinality,
                           const char *colname, uint32_t rel)
{
    const char *name = a->names[a->nnames - 1], *scalar;
    ss_type column;
    regex_srf_describe(name, &scalar, &column);
    ss_type types[3], want[3], result;
    const ss_func_def *def;
    for (uint32_t i = 0; i < n && i < 3; i++)
        types[i] = is_unknown_param(b, args[i]) ? type_of(SS_TYPE_UNKNOWN) : args[i]->type;
    if (n < 2 || n > 3 || ss_func_resolve(scalar, n, types, &def, want, &result) != SS_OK) {
        no_such_function_of(b, a, args, n);
        return NULL;
    }
    for (uint32_t i = 0; i < n; i++)
        if (!(args[i] = coerce_expr(b, args[i], want[i], CAST_IMPLICIT, a->args[i]->location)))
            return NULL;
    return one_column_function_lop(b, name, args, n, ordinality, colname, rel, column);
}
