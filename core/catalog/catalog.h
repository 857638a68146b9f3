/* catalog.h — the kernel's catalog: tables (name, columns, which storage backend holds them)
 * and the backend instances, one per database, shared by its sessions.  The kernel owns
 * names and types; backends own rows. */
#ifndef SS_CATALOG_CATALOG_H
#define SS_CATALOG_CATALOG_H

#include <stdatomic.h>

#include <pthread.h>

#include "catalog/catalog_txn.h"
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
    _Atomic uint32_t active_scans;     /* running operator trees scanning it (any session's):
                                          DROP refuses */
    struct ss_table_indexes *indexes;  /* its indexes (core/index/index.h), NULL: none */
    struct ss_table_cons *cons;        /* defaults, identity, CHECK (constraints.h); NULL: none */
    struct ss_table_fkeys *fkeys;      /* its FOREIGN KEY constraints (fkey/fkey.h); NULL: none */
    ss_ddl_stamp ddl;                  /* pending CREATE / DROP, exclusive lock (catalog_txn.h) */
    /* a referencing table: the transactions that wrote to it, maybe still running
       (fkey/fkey_writers.c); NULL until the first write */
    _Atomic(struct ss_table_writers *) writers;
    struct ss_matview *matview;        /* (M) a materialized view's query and state
                                          (matview.h); NULL: a table */
    const struct ss_schema *ns;        /* its schema (namespace.h); system views: pg_catalog */
    ss_xid storage_xid;                /* the transaction that made its current storage (CREATE,
                                          a rewriting ALTER TABLE), 0: unknown; AS OF refuses a
                                          commit that does not see it (api/txn_as_of.c) */
    uint64_t created;                  /* the catalog's version at creation: DROP SCHEMA's order */
    int on_commit;                     /* a temporary table's ON COMMIT (AST_ON_COMMIT_*; 0:
                                          PRESERVE ROWS), done by api/temp_on_commit.c */
    struct ss_table_stats *stats;      /* its ANALYZE statistics (stats/table_stats.h), NULL:
                                          never analyzed; replaced under that file's lock */
    uint32_t oid;                      /* (oid8) pg_class.oid: ss_catalog_new_oid's, kept across
                                          a reopen (catalog/object_oids.h) */
};

typedef struct ss_backend_instance {
    const ss_storage_vtable *vt;
    void *backend;
} ss_backend_instance;

/* A user view: the text of the statement that created it (bound again at each use), its
 * columns as they were fixed at creation, and the relations its query reads directly (by
 * name: tables and views, which cannot be dropped while it exists, views.c). */
/* A view column's default (ALTER VIEW ... ALTER COLUMN ... SET DEFAULT, view_defaults.c): the
 * expression is coldefs[index].default_expr of statement sql, parsed again when an INSERT
 * through the view binds it; text is what \d shows (NULL: a form it does not print). */
typedef struct ss_view_default {
    char *sql;                         /* NULL: the column has no default */
    uint32_t index;
    char *text;
} ss_view_default;

typedef struct ss_view {
    char *name;
    char *sql;                         /* CREATE [OR REPLACE] VIEW ... */
    uint32_t ncols;
    char **col_names;
    ss_type *types;
    uint32_t ndeps;
    char **deps;
    uint64_t created;                  /* the catalog's version when it was created */
    ss_ddl_stamp ddl;                  /* pending CREATE / DROP (catalog_txn.h) */
    const struct ss_schema *ns;        /* its schema (namespace.h) */
    char *search_path;                 /* the search path it was created under: its text is
                                          bound again under it, as PostgreSQL fixes the names */
    ss_view_default *defaults;         /* ncols of them, NULL while no column has one */
    uint32_t oid;                      /* (oid8) pg_class.oid (catalog/object_oids.h) */
} ss_view;

typedef struct ss_view_def {
    const char *name;
    const char *sql;
    uint32_t ncols;
    const char *const *col_names;
    const ss_type *types;
    uint32_t ndeps;
    const char *const *deps;
    bool replace;                      /* CREATE OR REPLACE VIEW */
    const char *search_path;           /* (N) the search path in effect */
} ss_view_def;

typedef struct ss_catalog {
    ss_table **tables;
    uint32_t ntables, cap_tables;
    ss_backend_instance *backends;
    uint32_t nbackends, cap_backends;
    ss_table **views;                  /* system views */
    uint32_t nviews;
    uint64_t version;                  /* bumped by every DDL: prepared plans rebind */
    ss_view **user_views;              /* CREATE VIEW, in creation order */
    uint32_t nuser_views, cap_user_views;
    struct ss_seq_catalog *sequences;  /* sequences.h: shared by the sessions, own mutex */
    pthread_mutex_t mu;                /* the lists of tables, views and indexes: lookups,
                                          additions, and the end of a transaction's DDL */
    struct ss_schema **schemas;        /* namespace.h: pg_catalog, public, CREATE SCHEMA's */
    uint32_t nschemas;
    size_t cap_schemas;
    uint32_t temp_schemas_made;        /* pg_temp_N numbers handed out (from 3, as PostgreSQL's
                                          first backends) */
    uint64_t reattach_id;              /* a database file's open (api/durable.c): the next table
                                          created reattaches to the stored table of this
                                          persistent id (storage.h table_open) and clears it;
                                          0: tables are new */
    ss_xid reattach_xid;               /* (hist11) with reattach_id: the xid whose commit made
                                          that table's storage (ss_table.storage_xid), from the
                                          image; SS_XID_INVALID: before the stored history */
    bool reattach_populated;           /* with reattach_id: the materialized view being created
                                          again is populated (its stored rows are its contents) */
    /* a database file's open: the stored ids of its stored indexes (index/index_stored.c,
       sunstone/index.h version 2), by schema and name, taken by the CREATE INDEX (or
       PRIMARY KEY / UNIQUE) that makes each one again; freed once the catalog is rebuilt */
    struct ss_stored_index_ref *stored_refs;
    size_t nstored_refs, cap_stored_refs;
    uint64_t stored_created;           /* stored indexes made new (create_stored) so far */
    _Atomic uint32_t next_oid;         /* (oid8) the next user object's oid, from 16384 as
                                          PostgreSQL's FirstNormalObjectId (object_oids.h) */
} ss_catalog;

int ss_catalog_init(ss_catalog *c);
void ss_catalog_free(ss_catalog *c);
/* User table or system view by name (case-sensitive, already folded by the parser), as the
 * reader sees the catalog (catalog_txn.h). */
ss_table *ss_catalog_find(ss_catalog *c, const char *name);
/* The same with c->mu already held. */
ss_table *ss_catalog_find_unlocked(ss_catalog *c, const char *name);
struct ss_schema;
/* The visible table or system view rel of schema s, NULL when there is none (c->mu held). */
ss_table *ss_catalog_table_in(const ss_catalog *c, const struct ss_schema *s, const char *rel);
/* Whether schema s holds a visible table, system view or view rel: unqualified lookups of
   tables and of views stop at the first schema of the path that has either (views.c). */
bool ss_catalog_has_table_or_view(const ss_catalog *c, const struct ss_schema *s, const char *rel);
/* Creates a table in c through the storage backend registered in reg as backend_name (its
 * instance opened on first use); bumps c's version. */
int ss_catalog_create_table(ss_ctx *ctx, ss_catalog *c, const ss_registry *reg, const ss_table_def *def,
                            const char *backend_name);
/* Makes backend (an instance of vt opened by the caller, e.g. on a database file) c's
 * instance of vt: c closes it with the others. */
int ss_catalog_add_backend(ss_ctx *ctx, ss_catalog *c, const ss_storage_vtable *vt, void *backend);
/* Drops user table t of c (and the sequences its columns own) in ctx's transaction: at once
 * without one, else marked dropped until it commits (catalog_txn.h); bumps c's version. */
int ss_catalog_drop_table(ss_ctx *ctx, ss_catalog *c, ss_table *t);
/* Removes t from c and frees it with its storage (a committed DROP, an undone CREATE);
 * c->mu held or no other session. */
void ss_catalog_destroy_table(ss_catalog *c, ss_table *t);

/* Views (views.c). */
ss_view *ss_catalog_find_view(const ss_catalog *c, const char *name);
/* CREATE [OR REPLACE] VIEW with PostgreSQL's checks (42P07, 42809, 42P16); bumps c's version. */
int ss_catalog_create_view(ss_ctx *ctx, ss_catalog *c, const ss_view_def *def);
void ss_catalog_free_views(ss_catalog *c);
/* Removes view v from c and frees it (a committed DROP, an undone CREATE). */
void ss_catalog_destroy_view(ss_catalog *c, ss_view *v);
/* View column defaults (view_defaults.c).  to takes the defaults of from's first n columns
 * (CREATE OR REPLACE VIEW keeps those of the kept columns, a renamed or moved view all);
 * false when out of memory. */
bool ss_view_copy_defaults(ss_view *to, const ss_view *from, uint32_t n);
void ss_view_free_defaults(ss_view *v);
struct ast_stmt;
/* ALTER VIEW v ALTER COLUMN ... SET / DROP DEFAULT (and ALTER TABLE on a view), each of st's
 * subcommands one of them: 42703 for an unknown column, the default bound as ALTER TABLE's
 * (42804); v is replaced by a copy with the new defaults in ctx's transaction. */
int ss_view_alter_defaults(ss_ctx *ctx, ss_catalog *c, ss_view *v, const struct ast_stmt *st);
/* DROP TABLE, DROP VIEW or DROP MATERIALIZED VIEW (kind) of names[0..n), as PostgreSQL:
 * every name checked first (42P01, 42809 for another kind, a system view, a table being
 * scanned), views and materialized views depending on them refused (2BP01) or, with cascade, dropped too (NOTICE "drop cascades
 * to ..."); notices for names skipped (missing_ok) and cascades go to notice(arg, text). */
typedef enum ss_drop_kind { SS_DROP_TABLE, SS_DROP_VIEW, SS_DROP_MATVIEW /* (M) */ } ss_drop_kind;
int ss_catalog_drop_relations(ss_ctx *ctx, ss_catalog *c, ss_drop_kind kind, const char *const *names, uint32_t n,
                              bool missing_ok, bool cascade, void (*notice)(void *arg, const char *text), void *arg);

/* System views (system_views.c): sunstone_plugins (what reg holds), sunstone_tables,
 * sunstone_columns (the tables of c), pg_settings, pg_prepared_statements, pg_matviews,
 * pg_cursors. */
int ss_system_views_init(ss_catalog *c, const ss_registry *reg);

#endif
