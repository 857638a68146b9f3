/* catalog.h — the kernel's catalog: tables (name, columns, which storage backend holds them)
 * and the backend instances, one per database, shared by its sessions.  The kernel owns
 * names and types; backends own rows. */
#ifndef SS_CATALOG_CATALOG_H
#define SS_CATALOG_CATALOG_H

#include "exec/context.h"
#include "loader/registry.h"

/* Concrete definition of the SDK's opaque ss_table. */
struct ss_table {
    char *name;
    uint32_t ncols;
    ss_column_def *cols;               /* names malloc'd */
    ss_type *types;                    /* ncols, same as cols[i].type */
    const ss_storage_vtable *storage;
    void *handle;                      /* the backend's table handle */
    void *backend;                     /* the backend instance holding it (NULL: system view) */
    const char *backend_name;
    bool system;                       /* a kernel system view (read-only) */
    uint32_t active_scans;             /* running operator trees scanning it: DROP waits */
};

typedef struct ss_backend_instance {
    const ss_storage_vtable *vt;
    void *backend;
} ss_backend_instance;

typedef struct ss_catalog {
    ss_table **tables;
    uint32_t ntables, cap_tables;
    ss_backend_instance *backends;
    uint32_t nbackends, cap_backends;
    ss_table **views;                  /* system views */
    uint32_t nviews;
    uint64_t version;                  /* bumped by every DDL: prepared plans rebind */
} ss_catalog;

int ss_catalog_init(ss_catalog *c);
void ss_catalog_free(ss_catalog *c);
/* User table or system view by name (case-sensitive, already folded by the parser). */
ss_table *ss_catalog_find(ss_catalog *c, const char *name);
/* Creates a table in c through the storage backend registered in reg as backend_name (its
 * instance opened on first use); bumps c's version. */
int ss_catalog_create_table(ss_ctx *ctx, ss_catalog *c, const ss_registry *reg, const ss_table_def *def,
                            const char *backend_name);
/* Drops user table t of c through its backend; bumps c's version. */
int ss_catalog_drop_table(ss_ctx *ctx, ss_catalog *c, ss_table *t);

/* System views (system_views.c): sunstone_plugins (what reg holds), sunstone_tables,
 * sunstone_columns (the tables of c). */
int ss_system_views_init(ss_catalog *c, const ss_registry *reg);

#endif
