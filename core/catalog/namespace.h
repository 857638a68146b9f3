/* namespace.h — schemas and the resolution of relation names, after PostgreSQL's
 * namespace.c: the schemas of a database (pg_catalog, public, CREATE SCHEMA's), the session's
 * search_path as this thread sees it, and the one rule every lookup of a relation follows.
 *
 * A relation reference is the text the parser gives for a name: "t" (unqualified: the
 * search path decides) or "s.t" (schema-qualified).  Names containing a dot are refused by
 * the parser, so the first dot splits a reference.  Catalog entries keep the bare name and
 * their schema (ss_table.ns, ss_view.ns, ss_sequence.ns; an index is in its table's). */
#ifndef SS_CATALOG_NAMESPACE_H
#define SS_CATALOG_NAMESPACE_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog/catalog_txn.h"
#include "exec/context.h"

struct ss_catalog;
struct ss_settings;

typedef struct ss_schema {
    char *name;
    char *old_name;      /* pending ALTER SCHEMA RENAME: the name a rollback puts back, and
                            the one other transactions still see (ss_ns_name) */
    ss_ddl_stamp rename; /* .created: the transaction of that pending rename */
    bool system;         /* pg_catalog, information_schema: hold the system views, cannot be dropped */
    const void *temp_owner; /* a session's temporary schema (pg_temp_N): that session's
                               settings (the thread-local session identity); NULL otherwise */
    uint64_t created;    /* catalog version at creation: PostgreSQL's dependency order */
    ss_ddl_stamp ddl;    /* pending CREATE / DROP (catalog_txn.h) */
    uint32_t oid;        /* (oid8) pg_namespace.oid: 11 pg_catalog, 2200 public (object_oids.h) */
} ss_schema;

/* The longest reference: two identifiers of 63 bytes, the dot and the terminator. */
#define SS_NS_REF_MAX 136

/* pg_catalog and public, at catalog init; all of them at catalog free. */
int ss_ns_init(struct ss_catalog *c);
void ss_ns_free(struct ss_catalog *c);
/* Removes s from c and frees it (a committed DROP SCHEMA, an undone CREATE SCHEMA). */
void ss_ns_destroy(struct ss_catalog *c, ss_schema *s);
/* The end of a pending rename: commit forgets the old name, rollback puts it back. */
void ss_ns_rename_end(ss_schema *s, bool commit);

/* The session whose statements run on this thread: its search_path (set with the catalog
 * reader, at each prepare and step; NULL: the default path). */
void ss_ns_session_set(const struct ss_settings *s);
/* The search path in effect (a view's while its text is bound, else the session's), and
 * setting that override (NULL: none); returns the one it replaces. */
const char *ss_ns_search_path(void);
const char *ss_ns_path_override(const char *path);

/* The relation part of a reference, and its schema part copied into out (false:
 * unqualified, out ""). */
const char *ss_ns_rel(const char *ref);
bool ss_ns_schema_part(const char *ref, char *out, size_t outsz);

/* The name of s as the reader sees it: another transaction's uncommitted rename is not
 * seen.  Every lookup and message uses it rather than s->name. */
const char *ss_ns_name(const ss_schema *s);
/* The visible schema of that name (NULL: none).  Readers take no lock: schemas change only
 * by DDL, under the catalog's mutex, and the API serialises DDL with every other statement.
 * "pg_temp" names the running session's temporary schema (none until it creates a temporary
 * relation); another session's temporary schema is invisible. */
ss_schema *ss_ns_find(const struct ss_catalog *c, const char *name);
ss_schema *ss_ns_pg_catalog(const struct ss_catalog *c);
/* The temporary schema of the session whose settings are owner (NULL: none). */
ss_schema *ss_ns_temp_of(const struct ss_catalog *c, const void *owner);
/* Whether s is a session's temporary schema. */
bool ss_ns_is_temp(const ss_schema *s);

/* Whether kind-specific entries exist: has(c, s, rel) tells whether schema s holds one
 * named rel (called with whatever lock the caller holds). */
typedef bool (*ss_ns_has_fn)(const struct ss_catalog *c, const ss_schema *s, const char *rel);
/* The schema reference ref resolves to for entries has() sees: its explicit schema (NULL
 * when that does not exist), else the first schema of the search path (the session's
 * temporary schema, then pg_catalog, first unless the path lists them) that holds one; *rel
 * gets the relation part. */
const ss_schema *ss_ns_lookup(const struct ss_catalog *c, const char *ref, ss_ns_has_fn has, const char **rel);
/* The schema a CREATE of ref makes its relation in: the explicit one (3F000 `schema "s" does
 * not exist`; "pg_temp" makes the session's temporary schema at its first use) or the first
 * existing schema of the search path (3F000 `no schema has been selected to create in`). */
const ss_schema *ss_ns_creation(ss_ctx *ctx, const struct ss_catalog *c, const char *ref, const char **rel);
/* ss_ns_creation with ref qualified by that schema into buf; the same into buf alone
 * (NULL: its 3F000). */
const ss_schema *ss_ns_creation_qualified(ss_ctx *ctx, const struct ss_catalog *c, const char *ref, const char **rel,
                                          char *buf, size_t bufsz);
const char *ss_ns_creation_ref(ss_ctx *ctx, const struct ss_catalog *c, const char *ref, char *buf, size_t bufsz);
/* "s.t" for relation rel of schema s, into buf. */
const char *ss_ns_qualify(const ss_schema *s, const char *rel, char *buf, size_t bufsz);
/* How PostgreSQL's messages name relation rel of schema s: bare when s is on the search
 * path, else qualified; into buf. */
const char *ss_ns_display(const struct ss_catalog *c, const ss_schema *s, const char *rel, char *buf, size_t bufsz);

/* The search path as current_schemas(implicit) gives it (existing schemas only; implicit:
 * with pg_catalog when the path does not list it), up to max names; returns their number.
 * current_schema() is the first of the list without implicit ones. */
uint32_t ss_ns_current_schemas(const struct ss_catalog *c, bool implicit, const char **out, uint32_t max);

#endif
