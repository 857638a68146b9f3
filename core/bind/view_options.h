/* view_options.h — CREATE VIEW's options (view_options.c): their check at CREATE VIEW and
 * the reloptions text of a view. */
#ifndef SS_BIND_VIEW_OPTIONS_H
#define SS_BIND_VIEW_OPTIONS_H

#include <stdbool.h>

#include "catalog/catalog.h"

struct binder;
struct ast_stmt;

/* st's options as PostgreSQL's view_reloptions checks them (22023: unknown, repeated, a bad
 * value; 0A000 for security_barrier = true). */
int bind_view_options(struct binder *b, const struct ast_stmt *st);
/* Whether st names check_option among its options (WITH (...) or the clause). */
bool bind_view_has_check_option(const struct ast_stmt *st);
/* "name=value, ..." of view v's options in order (*out malloc'ed; NULL: none); SS_ERROR
 * when its text cannot be read back. */
int ss_view_options_text(ss_ctx *ctx, const ss_view *v, char **out);

#endif
