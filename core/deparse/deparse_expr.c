/* deparse_expr.c — an expression over one relation's columns printed back as PostgreSQL's
 * pg_get_expr / pg_get_constraintdef print a column default or a CHECK constraint in pretty
 * mode (the text \d shows), or not pretty (information_schema.check_constraints'): the view deparser's resolver and printer with a scope of one
 * relation whose columns print unqualified. */
#include <string.h>

#include "deparse/deparse_internal.h"

static int rel_expr(ss_ctx *ctx, ss_catalog *c, const ast_expr *e, uint32_t ncols, const char *const *names,
                    const char *const *print_names, const ss_type *types, const ss_type *target, bool pretty,
                    char **out)
{
    *out = NULL;
    ss_arena *arena = ss_arena_create();
    if (!arena)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    dp_rel rel = {.ncols = ncols, .cols = (const char **)names,
                  .print_cols = (const char **)(print_names ? print_names : names), .types = (ss_type *)types};
    dp_rel *rels[1] = {&rel};
    dp_scope scope = {.rels = rels, .nrels = 1, .cap = 1};
    dp d = {.ctx = ctx, .c = c, .arena = arena, .pretty = pretty, .sb = &sb, .scope = &scope};
    dp_node *n = dp_resolve(&d, e);
    /* an untyped literal is read as the column's type; any other value's assignment cast is
       implicit, which PostgreSQL does not print */
    if (n && target && n->kind == DN_CONST && n->type.id == SS_TYPE_UNKNOWN)
        n = dp_coerce(&d, n, *target);
    int rc = n ? dp_print_expr(&d, n, false) : dp_unsupported(&d, "this expression");
    if (rc == SS_OK && sb.oom)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc == SS_OK)
        *out = ss_strbuf_steal(&sb);
    ss_strbuf_free(&sb);
    ss_arena_destroy(arena);
    return rc;
}

int ss_deparse_rel_expr(ss_ctx *ctx, ss_catalog *c, const ast_expr *e, uint32_t ncols, const char *const *names,
                        const char *const *print_names, const ss_type *types, const ss_type *target, char **out)
{
    return rel_expr(ctx, c, e, ncols, names, print_names, types, target, true, out);
}

int ss_deparse_rel_expr_plain(ss_ctx *ctx, ss_catalog *c, const ast_expr *e, uint32_t ncols,
                              const char *const *names, const char *const *print_names, const ss_type *types,
                              char **out)
{
    return rel_expr(ctx, c, e, ncols, names, print_names, types, NULL, false, out);
}
