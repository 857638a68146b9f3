/* index_stored.h — indexes stored with their table (sunstone/index.h version 2): the module
 * that makes an index of a table (a module storing the access method's indexes with the
 * table's backend, else the access method's own), making or reopening a module index, and
 * the stored ids a database file's open hands over to the statements that rebuild its
 * catalog (ss_catalog.stored_refs). */
#ifndef SS_INDEX_INDEX_STORED_H
#define SS_INDEX_INDEX_STORED_H

#include "index/index.h"
#include "loader/registry.h"

typedef struct ss_stored_index_ref {
    char *schema, *name;
    uint64_t id;
} ss_stored_index_ref;

/* The module making an index of access method am on table t: a registered index module with
 * stored_backend t's backend and stored_am am's name, else am itself. */
const ss_index_vtable *ss_index_module_for(const ss_registry *reg, const ss_index_vtable *am, const ss_table *t);
/* Whether vt stores its indexes with a backend (the version 2 fields set). */
bool ss_index_vt_stored(const ss_index_vtable *vt);
/* ix's module index for def: with a stored module, reopened when c holds a stored id for
 * ix's schema and name (taken from the list; *opened true: no build needed), else
 * create_stored on ix's table; otherwise create.  may_open false: always a new one. */
int ss_index_module_new(ss_ctx *ctx, ss_catalog *c, ss_index *ix, const ss_index_def *def, bool may_open,
                        void **handle, bool *opened);
/* Adds a stored id to c's list (durable.c's replay); SS_ERROR on OOM. */
int ss_index_stored_ref_add(ss_ctx *ctx, ss_catalog *c, const char *schema, size_t schema_len, const char *name,
                            size_t name_len, uint64_t id);
/* Frees c's list (ids no statement took are forgotten). */
void ss_index_stored_refs_clear(ss_catalog *c);

#endif
