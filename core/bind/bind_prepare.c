/* bind_prepare.c — binds PREPARE and EXECUTE.  PREPARE binds its statement once, as
 * PostgreSQL analyses it at PREPARE time (its errors then), with the declared parameter
 * types and the others inferred; EXECUTE finds the session's prepared statement (26000),
 * checks the number of arguments (42601), binds the statement again from its text with the
 * parameter types fixed, and coerces each argument to its parameter's type as an assignment
 * (42804): the bound statement is the prepared one's, its parameters the arguments. */
#include <string.h>

#include "bind/binder_internal.h"
#include "bind/prepared.h"

const ss_prepared *ss_prepared_find(const ss_prepared_set *set, const char *name)
{
    for (uint32_t i = 0; set && i < set->n; i++)
        if (!strcmp(set->items[i]->name, name))
            return set->items[i];
    return NULL;
}

int bind_prepare(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    uint32_t n = st->nparam_type_names;
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (n ? n : 1));
    if (!types)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++)
        if (bind_type_name(b, &st->param_type_names[i], &types[i]))
            return SS_ERROR;
    ss_bound_stmt *inner;
    /* nothing given is as sunstone_prepare's: every $n inferred (fixed NULL) */
    if (ss_bind_extending(b->ctx, b->catalog, b->settings, st->prepared, b->arena, n ? types : NULL, n, &inner))
        return SS_ERROR;
    ss_prepare_bound *p = bind_alloc(b, sizeof *p);
    if (!p)
        return SS_ERROR;
    p->name = st->str;
    p->sql = st->view_sql;
    p->nparams = inner->nparams;
    p->param_types = inner->param_types;
    out->prepare = p;
    return SS_OK;
}

int bind_execute(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    const ss_prepared *p = ss_prepared_find(b->ctx->prepared, st->str);
    if (!p)
        return bind_error(b, -1, "26000", "prepared statement \"%s\" does not exist", st->str);
    if (p->nparams && st->nexec_args != p->nparams) { /* with none, PostgreSQL ignores them */
        bind_error(b, -1, SS_SQLSTATE_SYNTAX_ERROR, "wrong number of parameters for prepared statement \"%s\"",
                   p->name);
        ss_ctx_error_detail(b->ctx, "Expected %u parameters but got %u.", p->nparams, st->nexec_args);
        return SS_ERROR;
    }
    ss_execute_bound *e = bind_alloc(b, sizeof *e);
    if (!e || (p->nparams && !(e->args = bind_alloc(b, sizeof(ss_expr *) * p->nparams))))
        return SS_ERROR;
    e->nargs = p->nparams;
    e->param_types = p->param_types;
    for (uint32_t i = 0; i < p->nparams; i++) {
        ss_expr *a = bind_expr(b, st->exec_args[i]);
        if (!a)
            return SS_ERROR;
        if (!(e->args[i] = coerce_expr(b, a, p->param_types[i], CAST_ASSIGNMENT, st->exec_args[i]->location)))
            return SS_ERROR;
    }
    /* the prepared statement, from its text: it was bound once already, so only a catalog
       change since can fail here, with no position in the EXECUTE's text */
    ast_stmt **stmts;
    uint32_t nstmts;
    ast_parse_error perr;
    ss_bound_stmt *inner;
    if (ss_parse(b->arena, p->sql, &stmts, &nstmts, &perr) || nstmts != 1 || stmts[0]->kind != AST_PREPARE)
        return bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR, "prepared statement \"%s\" cannot be parsed again",
                          p->name);
    static const ss_type none[1] = {{SS_TYPE_INVALID, -1}};
    if (ss_bind(b->ctx, b->catalog, b->settings, stmts[0]->prepared, b->arena, p->nparams ? p->param_types : none,
                p->nparams, &inner)) {
        if (b->ctx->err)
            b->ctx->err->position = 0;
        return SS_ERROR;
    }
    *out = *inner;
    out->execute = e; /* ss_bind sets the EXECUTE's own parameters: those its arguments use */
    return SS_OK;
}
