/* view_alter_options.h — ALTER VIEW ... SET / RESET (options) (view_alter_options.c). */
#ifndef SS_CATALOG_VIEW_ALTER_OPTIONS_H
#define SS_CATALOG_VIEW_ALTER_OPTIONS_H

#include "catalog/catalog.h"
#include "sql/ast.h"

/* st: ALTER VIEW whose subcommands are all AST_ALTER_SET_OPTIONS, on view v. */
int ss_view_alter_options(ss_ctx *ctx, ss_catalog *c, ss_view *v, const ast_stmt *st);

#endif
