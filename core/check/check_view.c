/* check_view.c — the rows of the sunstone_check system view (catalog/system_views.c): the
 * integrity check (check.h) of the session's database, one row per problem (kind, object,
 * page, problem); no rows: nothing wrong was found. */
#include "catalog/system_session_views.h"
#include "check/check.h"

typedef struct view_sink {
    ss_ctx *ctx;
    ss_view_row_fn add;
    void *arg;
    int rc;
} view_sink;

static void add_problem(void *arg, const char *kind, const char *object, int64_t page, const char *problem)
{
    view_sink *v = arg;
    if (v->rc != SS_OK)
        return;
    ss_value pg = {0};
    pg.is_null = page < 0;
    pg.v.i = page;
    ss_value row[4] = {ss_row_text(kind), ss_row_text(object), pg, ss_row_text(problem)};
    v->rc = v->add(v->ctx, v->arg, row);
}

int ss_check_view_fill(ss_ctx *ctx, ss_catalog *c, ss_view_row_fn add, void *arg)
{
    view_sink v = {ctx, add, arg, SS_OK};
    int rc = ss_check_database(ctx, c, add_problem, &v, NULL);
    return rc != SS_OK ? rc : v.rc;
}
