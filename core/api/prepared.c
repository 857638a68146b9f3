/* prepared.c — the session's SQL-level prepared statements: PREPARE adds one (42P05 when the
 * name is taken), DEALLOCATE removes one (26000) or ALL, the session frees them when it
 * closes; EXECUTE's arguments are evaluated here into the parameter values of the prepared
 * statement's bound form when it runs. */
#include "types/datetime/datetime.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/statement.h"
#include "bind/prepared.h"

static void prepared_free(ss_prepared *p)
{
    free(p->name);
    free(p->sql);
    free(p->param_types);
    free(p);
}

void ss_prepared_free_all(sunstone *db)
{
    ss_prepared_set *set = &db->prepared_stmts;
    for (uint32_t i = 0; i < set->n; i++)
        prepared_free(set->items[i]);
    free(set->items);
    memset(set, 0, sizeof *set);
}

static int run_prepare(sunstone_stmt *st)
{
    const ss_prepare_bound *pb = st->bound->prepare;
    ss_prepared_set *set = &st->db->prepared_stmts;
    if (ss_prepared_find(set, pb->name))
        return ss_ctx_error(&st->ctx, "42P05", "prepared statement \"%s\" already exists", pb->name);
    if (set->n == set->cap) {
        uint32_t cap = set->cap ? set->cap * 2 : 8;
        ss_prepared **items = realloc(set->items, cap * sizeof *items);
        if (!items)
            return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        set->items = items;
        set->cap = cap;
    }
    ss_prepared *p = calloc(1, sizeof *p);
    if (p) {
        p->name = strdup(pb->name);
        p->sql = strdup(pb->sql);
        p->nparams = pb->nparams;
        p->prepare_time = dt_clock_now();
        p->param_types = malloc(sizeof(ss_type) * (pb->nparams ? pb->nparams : 1));
    }
    if (!p || !p->name || !p->sql || !p->param_types) {
        if (p)
            prepared_free(p);
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    if (pb->nparams)
        memcpy(p->param_types, pb->param_types, sizeof(ss_type) * pb->nparams);
    set->items[set->n++] = p;
    snprintf(st->tag, sizeof st->tag, "PREPARE");
    return SS_OK;
}

static int run_deallocate(sunstone_stmt *st)
{
    ss_prepared_set *set = &st->db->prepared_stmts;
    const char *name = st->bound->name;
    if (!name) {
        ss_prepared_free_all(st->db);
        snprintf(st->tag, sizeof st->tag, "DEALLOCATE ALL");
        return SS_OK;
    }
    for (uint32_t i = 0; i < set->n; i++)
        if (!strcmp(set->items[i]->name, name)) {
            prepared_free(set->items[i]);
            memmove(set->items + i, set->items + i + 1, (set->n - i - 1) * sizeof *set->items);
            set->n--;
            snprintf(st->tag, sizeof st->tag, "DEALLOCATE");
            return SS_OK;
        }
    return ss_ctx_error(&st->ctx, "26000", "prepared statement \"%s\" does not exist", name);
}

int ss_prepared_run(sunstone_stmt *st)
{
    return st->bound->kind == AST_PREPARE ? run_prepare(st) : run_deallocate(st);
}

int ss_execute_params(sunstone_stmt *st)
{
    const ss_execute_bound *e = st->bound->execute;
    ss_value *values = e->nargs ? ss_ctx_alloc(&st->ctx, e->nargs * sizeof(ss_value)) : NULL;
    if (e->nargs && !values)
        return SS_ERROR;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (ss_expr_eval_scalar(&st->ctx, e->args[i], &values[i]))
            return SS_ERROR;
    st->param_values = values;
    st->ctx.params = values;
    st->ctx.param_types = e->param_types;
    st->ctx.nparams = e->nargs;
    return SS_OK;
}
