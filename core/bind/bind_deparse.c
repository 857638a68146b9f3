/* bind_deparse.c — the text \d shows for a column default or a CHECK constraint, as
 * PostgreSQL's pg_get_expr / pg_get_constraintdef print them in pretty mode: the view
 * deparser's (core/deparse/deparse_expr.c) over the table's columns; NULL for a form it does
 * not print, which \d then leaves out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind/bind_constraints.h"
#include "deparse/deparse.h"

/* The deparser's text of a over the columns names (NULL: none), as a binder allocation;
 * NULL when it does not print a form of a (its error is not raised). */
static const char *deparsed(binder *b, const ast_expr *a, const char *const *names, const char *const *out_names,
                            const ss_type *types, uint32_t n, const ss_type *target, const char *prefix,
                            const char *suffix)
{
    char *text = NULL, *out = NULL;
    ss_error *saved = b->ctx->err, scratch;
    memset(&scratch, 0, sizeof scratch);
    ss_error_clear(&scratch);
    b->ctx->err = &scratch;
    int rc = ss_deparse_rel_expr(b->ctx, b->catalog, a, n, names, out_names, types, target, &text);
    b->ctx->err = saved;
    ss_error_clear(&scratch);
    if (rc == SS_OK && text) {
        size_t len = strlen(prefix) + strlen(text) + strlen(suffix) + 1;
        if ((out = bind_alloc(b, len)))
            snprintf(out, len, "%s%s%s", prefix, text, suffix);
    }
    free(text);
    return out;
}

const char *bind_deparse_default(binder *b, const ast_expr *a, ss_type type)
{
    ss_type bare = {type.id, -1}; /* a length coercion is an implicit cast PostgreSQL hides */
    return deparsed(b, a, NULL, NULL, NULL, 0, &bare, "", "");
}

const char *bind_deparse_check(binder *b, const ast_expr *a, const char *const *names, const ss_type *types,
                               uint32_t n)
{
    return bind_deparse_check_as(b, a, names, NULL, types, n);
}

const char *bind_deparse_check_as(binder *b, const ast_expr *a, const char *const *names,
                                  const char *const *out_names, const ss_type *types, uint32_t n)
{
    return deparsed(b, a, names, out_names, types, n, NULL, "CHECK (", ")");
}
