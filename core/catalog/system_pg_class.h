/* system_pg_class.h — (oid8) pg_catalog's relation catalogs served as system views:
 * pg_class, pg_attribute and pg_index (system_pg_class.c), one descriptor each for
 * system_views.c to register. */
#ifndef SS_CATALOG_SYSTEM_PG_CLASS_H
#define SS_CATALOG_SYSTEM_PG_CLASS_H

#include "catalog/catalog.h"
#include "catalog/system_session_views.h"

typedef struct ss_pg_catalog_view {
    const char *name;
    const ss_column_def *cols;
    uint32_t ncols;
    int (*fill)(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg);
} ss_pg_catalog_view;

extern const ss_pg_catalog_view ss_pg_catalog_views[];
extern const uint32_t ss_pg_catalog_nviews;

#endif
