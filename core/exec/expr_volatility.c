/* expr_volatility.c — the greatest volatility class in a bound expression tree. */
#include <string.h>

#include "exec/expr_volatility.h"
#include "exec/expr_walk.h"

/* The argument of a SQL-language built-in that is only cast to text in its body, or -1. */
static int text_cast_argument(const ss_func_def *def)
{
    if (def->nargs == 1 && (!strcmp(def->name, "quote_literal") || !strcmp(def->name, "quote_nullable")))
        return 0;
    if (def->nargs == 2 && !strcmp(def->name, "||"))
        return !ss_type_is_text(def->args[0]) ? 0 : !ss_type_is_text(def->args[1]) ? 1 : -1;
    return -1;
}

ss_volatility ss_call_volatility(const ss_expr *e)
{
    const ss_func_def *def = e->u.func.def;
    int i = def->is_volatile ? -1 : text_cast_argument(def);
    if (i < 0 || (uint32_t)i >= e->u.func.nargs || ss_type_is_text(e->u.func.args[i]->type.id))
        return ss_func_volatility(def);
    return ss_cast_volatility(e->u.func.args[i]->type.id, SS_TYPE_TEXT);
}

static int note_class(const ss_expr *e, void *arg)
{
    ss_volatility *worst = arg, c = SS_IMMUTABLE;
    if (e->kind == EXPR_FUNC)
        c = ss_call_volatility(e);
    else if (e->kind == EXPR_CAST && e->u.cast.arg)
        c = ss_cast_volatility(e->u.cast.arg->type.id, e->type.id);
    else if (e->kind == EXPR_SET_PARAM)
        c = SS_VOLATILE;
    if (c > *worst)
        *worst = c;
    return *worst == SS_VOLATILE ? SS_WALK_STOP : SS_WALK_CONTINUE;
}

ss_volatility ss_expr_volatility(const ss_expr *e)
{
    ss_volatility worst = SS_IMMUTABLE;
    if (e)
        ss_expr_walk_const(e, note_class, &worst, NULL);
    return worst;
}

bool ss_expr_is_immutable(const ss_expr *e)
{
    return ss_expr_volatility(e) == SS_IMMUTABLE;
}
