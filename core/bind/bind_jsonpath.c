/* bind_jsonpath.c — a constant path argument of the jsonpath functions and operators
 * (jsonb_path_query / _exists / _match / _query_array / _query_first, @?, @@) is parsed while
 * the statement is bound, as PostgreSQL's jsonpath_in parses the literal: a bad path is
 * reported there, at the literal's position, even when no row is read. */
#include <string.h>

#include "bind/binder_internal.h"
#include "types/json/jsonpath.h"

static bool takes_jsonpath(const char *name)
{
    return strncmp(name, "jsonb_path_", 11) == 0 || strcmp(name, "@?") == 0 || strcmp(name, "@@") == 0;
}

int bind_jsonpath_arg(binder *b, const char *name, ss_expr *const *args, uint32_t n, int location)
{
    if (n < 2 || !takes_jsonpath(name))
        return SS_OK;
    const ss_expr *a = args[1];
    while (a->kind == EXPR_CAST)
        a = a->u.cast.arg;
    if (a->kind != EXPR_CONST || a->u.cnst.is_null || (a->type.id != SS_TYPE_TEXT && a->type.id != SS_TYPE_UNKNOWN))
        return SS_OK;
    ss_arena *scratch = ss_arena_create();
    if (!scratch)
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    jp_path path;
    int rc = jp_parse(b->ctx, a->u.cnst.v.s.ptr, a->u.cnst.v.s.len, scratch, &path);
    ss_arena_destroy(scratch);
    if (rc != SS_OK && location >= 0)
        ss_ctx_error_position(b->ctx, location + 1);
    return rc;
}
