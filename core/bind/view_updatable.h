/* view_updatable.h — what information_schema reports of a view's updatability, as
 * PostgreSQL's pg_relation_is_updatable / pg_column_is_updatable decide it
 * (view_updatable.c), and its WITH CHECK OPTION. */
#ifndef SS_BIND_VIEW_UPDATABLE_H
#define SS_BIND_VIEW_UPDATABLE_H

#include <stdbool.h>

#include "catalog/catalog.h"

typedef struct ss_view_updatability {
    bool updatable;  /* automatically updatable with an updatable column: INSERT, UPDATE, DELETE */
    int check;       /* AST_VIEW_CHECK_LOCAL / _CASCADED, 0: none */
} ss_view_updatability;

/* Fills out and cols (v->ncols: whether UPDATE can assign each column through the view);
 * SS_ERROR only when v's text cannot be read back (ctx has the error). */
int ss_view_updatability_of(ss_ctx *ctx, ss_catalog *c, const ss_view *v, ss_view_updatability *out, bool *cols);

#endif
