/* object_oids.h — (oid8) the oids of the catalog's objects, as PostgreSQL's: schemas (pg_catalog
 * 11, public 2200), relations (tables, views, materialized views, sequences, indexes; the system
 * views pg_class 1259, pg_type 1247, ...) and user objects from 16384 (FirstNormalObjectId) up,
 * handed out by ss_catalog_new_oid and kept across a database file's reopen (the image's oid
 * record, durable_image.c).  Also the relations by oid and by name for regclass, and the
 * catalog the running statement reads (for output functions, which have no context). */
#ifndef SS_CATALOG_OBJECT_OIDS_H
#define SS_CATALOG_OBJECT_OIDS_H

#include "catalog/catalog.h"
#include "catalog/namespace.h"
#include "catalog/sequences.h"
#include "index/index.h"
#include "util/strbuf.h"

#define SS_FIRST_NORMAL_OID 16384u
#define SS_OID_PG_CATALOG 11u
#define SS_OID_PUBLIC 2200u
#define SS_OID_INFORMATION_SCHEMA 13207u
#define SS_OID_BOOTSTRAP_ROLE 10u   /* the only role: the session user */
#define SS_OID_DATABASE 16384u      /* pg_database.oid of the one database (PG's first one) */

uint32_t ss_catalog_new_oid(ss_catalog *c);
/* The oid of system view name: PostgreSQL's for its catalogs, else one below 16384. */
uint32_t ss_system_view_oid(const char *name, uint32_t index);
/* The oid a built-in schema has (0: not one). */
uint32_t ss_builtin_schema_oid(const char *name);

/* The catalog the running statement reads (set with the session's search path). */
void ss_oid_catalog_set(const ss_catalog *c);
const ss_catalog *ss_oid_catalog(void);

/* One relation as pg_class lists it. */
typedef struct ss_rel_ref {
    char kind;                  /* 'r' table, 'v' view, 'm' materialized view, 'S' sequence, 'i' index */
    uint32_t oid;
    const char *name;
    const ss_schema *ns;
    ss_table *table;            /* 'r', 'm', a system view ('v'); an index's table */
    ss_view *view;              /* a user view */
    const ss_sequence *seq;
    const ss_index *index;
} ss_rel_ref;

/* fn(arg, r) for each relation the reader sees (sequences: their catalog's mutex held,
   indexes: their table's index lock); stops at a non-zero return, which it returns. */
typedef int (*ss_rel_fn)(void *arg, const ss_rel_ref *r);
int ss_rel_each(const ss_catalog *c, ss_rel_fn fn, void *arg);
/* The relation of oid (false: none; the pointers are valid while the catalog does not change). */
bool ss_rel_by_oid(const ss_catalog *c, uint32_t oid, ss_rel_ref *out);
/* The relation ref (PostgreSQL's regclassin: "a.b", quoted or not, folded) names, by the
   search path; false: none (*bad_schema: its schema does not exist, *syntax: not a name). */
bool ss_rel_by_name(const ss_catalog *c, const char *text, size_t len, ss_rel_ref *out, bool *syntax);
/* Whether an unqualified reference to r's name finds r (pg_table_is_visible). */
bool ss_rel_visible(const ss_catalog *c, const ss_rel_ref *r);
/* The schema of oid (NULL: none). */
const ss_schema *ss_ns_by_oid(const ss_catalog *c, uint32_t oid);
/* The name of relation r as regclass prints it: qualified when the path does not reach it. */
void ss_rel_regclass_text(const ss_catalog *c, const ss_rel_ref *r, ss_strbuf *out);
/* Splits text into at most max identifiers (quoted ones kept, others folded to lower
   case), into buf; false: not a valid name list. */
uint32_t ss_oid_parse_names(const char *text, size_t len, char *buf, size_t bufsz, const char **parts, uint32_t max,
                            bool *ok);

/* The image's record of the oids (durable_image.c): appended to out; the replay applies one
   after the statements that made the objects. */
void ss_oid_image_record(const ss_catalog *c, ss_strbuf *out);
#define SS_OID_IMAGE_PREFIX "/* sunstone oids"
bool ss_oid_image_apply(ss_catalog *c, const char *text, size_t len);
/* Whether text is that record (by its framing: the prefix, the comment's end). */
bool ss_oid_image_is_record(const char *text, size_t len);

#endif
