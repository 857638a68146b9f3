/* name_ops.c — name's comparison operators with name and with text (PostgreSQL's namecmp and
 * btnametextcmp / bttextnamecmp under the C collation: bytes, then length).  Both operand
 * types are physically text, so the binder makes them the vectorised text comparisons. */
#include "types/name/name.h"

#include <string.h>

static int name_compare(const void *a, const void *b)
{
    const ss_text *x = a, *y = b;
    int c = memcmp(x->ptr, y->ptr, x->len < y->len ? x->len : y->len);
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

SS_TYPE_CMP_EVALS(nm, name_compare)

#define NAME_TEXT_OPERATORS(L, R)                                                          \
    {.name = "=", .nargs = 2, .strict = true, .args = {L, R}, .result = SS_TYPE_BOOL, .eval = nm_eq}, \
    {.name = "<>", .nargs = 2, .strict = true, .args = {L, R}, .result = SS_TYPE_BOOL, .eval = nm_ne}, \
    {.name = "<", .nargs = 2, .strict = true, .args = {L, R}, .result = SS_TYPE_BOOL, .eval = nm_lt}, \
    {.name = "<=", .nargs = 2, .strict = true, .args = {L, R}, .result = SS_TYPE_BOOL, .eval = nm_le}, \
    {.name = ">", .nargs = 2, .strict = true, .args = {L, R}, .result = SS_TYPE_BOOL, .eval = nm_gt}, \
    {.name = ">=", .nargs = 2, .strict = true, .args = {L, R}, .result = SS_TYPE_BOOL, .eval = nm_ge}

const ss_func_def name_operators[] = {
    SS_TYPE_CMP_OPERATORS(nm, SS_TYPE_NAME),
    NAME_TEXT_OPERATORS(SS_TYPE_NAME, SS_TYPE_TEXT),
    NAME_TEXT_OPERATORS(SS_TYPE_TEXT, SS_TYPE_NAME),
    {0},
};
