/* view_rename.h — dependent views rewritten for a rename (view_rename.c). */
#ifndef SS_CATALOG_VIEW_RENAME_H
#define SS_CATALOG_VIEW_RENAME_H

#include "catalog/catalog.h"
#include "deparse/deparse.h"

/* Replaces each of views[0..n) by its query deparsed under rn, in ctx's transaction; what
 * ("renaming a table") words the 0A000 when one cannot be printed (then nothing changed). */
int ss_views_follow_rename(ss_ctx *ctx, ss_catalog *c, ss_view *const *views, uint32_t n, const char *what,
                           const ss_deparse_rename *rn);
/* The same for the materialized views reading relation rn->rel (or, rel NULL, a relation of
 * schema rn->schema): their stored statement rewritten, logged for a rollback. */
int ss_matviews_follow_rename(ss_ctx *ctx, ss_catalog *c, const char *what, const ss_deparse_rename *rn);
/* The same for every view that reads a relation of schema `schema` (renamed new_schema). */
int ss_views_follow_schema_rename(ss_ctx *ctx, ss_catalog *c, const char *schema, const char *new_schema);

#endif
