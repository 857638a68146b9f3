/* view_options.h — CREATE VIEW's options (view_options.c): their check at CREATE VIEW and
 * the reloptions text of a view. */
#ifndef SS_BIND_VIEW_OPTIONS_H
#define SS_BIND_VIEW_OPTIONS_H

#include <stdbool.h>

#include "catalog/catalog.h"

struct binder;
struct ast_stmt;

/* st's options as PostgreSQL's view_reloptions checks them (22023: unknown, repeated, a bad
 * value). */
int bind_view_options(struct binder *b, const struct ast_stmt *st);
/* Whether st (a CREATE VIEW) has security_barrier = true (its last value). */
bool bind_view_is_barrier(const struct ast_stmt *st);
/* Whether st names check_option among its options (WITH (...) or the clause). */
bool bind_view_has_check_option(const struct ast_stmt *st);
/* "name=value, ..." of view v's options in order (*out malloc'ed; NULL: none); SS_ERROR
 * when its text cannot be read back. */
int ss_view_options_text(ss_ctx *ctx, const ss_view *v, char **out);

struct ast_alter_cmd;
struct ss_arena;
/* ALTER VIEW v SET / RESET (options) cmds[0..ncmds) (all AST_ALTER_SET_OPTIONS): v's options
 * after them, in PostgreSQL's order (an option set again goes last), checked as CREATE
 * VIEW's (22023 "RESET must not include values for parameters" among them; 0A000 for
 * check_option on a view that is not automatically updatable); the arrays in arena. */
int ss_view_options_alter(ss_ctx *ctx, const ss_view *v, const struct ast_alter_cmd *cmds, uint32_t ncmds,
                          struct ss_arena *arena, const char ***names, const char ***values, uint32_t *n);

#endif
