/* index_stored.c — indexes stored with their table (index_stored.h, sunstone/index.h version
 * 2): choosing the module that makes a table's index, making a new module index or reopening
 * a stored one, and the list of stored ids a database file's open hands over. */
#include <stdlib.h>
#include <string.h>

#include "catalog/namespace.h"
#include "index/index_stored.h"

bool ss_index_vt_stored(const ss_index_vtable *vt)
{
    return vt && SS_INDEX_HAS(vt, stored_id) && vt->stored_backend && vt->stored_id;
}

const ss_index_vtable *ss_index_module_for(const ss_registry *reg, const ss_index_vtable *am, const ss_table *t)
{
    if (ss_index_vt_stored(am) || !t->storage || !t->storage->name)
        return am;
    for (uint32_t i = 0; i < reg->nregs; i++) {
        const ss_registration *r = &reg->regs[i];
        const ss_index_vtable *vt = r->vtable;
        if (r->kind == SS_KIND_INDEX && ss_index_vt_stored(vt) && strcmp(vt->stored_backend, t->storage->name) == 0 &&
            vt->stored_am && strcmp(vt->stored_am, am->name) == 0)
            return vt;
    }
    return am;
}

/* The stored id listed for (schema, name), taken off the list; 0: none. */
static uint64_t take_ref(ss_catalog *c, const char *schema, const char *name)
{
    for (size_t i = 0; i < c->nstored_refs; i++) {
        ss_stored_index_ref *r = &c->stored_refs[i];
        if (strcmp(r->schema, schema) == 0 && strcmp(r->name, name) == 0) {
            uint64_t id = r->id;
            free(r->schema);
            free(r->name);
            c->stored_refs[i] = c->stored_refs[--c->nstored_refs];
            return id;
        }
    }
    return 0;
}

int ss_index_module_new(ss_ctx *ctx, ss_catalog *c, ss_index *ix, const ss_index_def *def, bool may_open,
                        void **handle, bool *opened)
{
    const ss_index_vtable *vt = ix->vt;
    *opened = false;
    if (!ss_index_vt_stored(vt))
        return vt->create(ctx, def, handle);
    ss_table *t = ix->table;
    uint64_t id = may_open && c && c->nstored_refs ? take_ref(c, t->ns ? ss_ns_name(t->ns) : "public", ix->name) : 0;
    if (id) {
        *opened = true;
        return vt->open_stored(ctx, def, t->storage, t->handle, id, handle);
    }
    if (c)
        c->stored_created++;
    return vt->create_stored(ctx, def, t->storage, t->handle, handle);
}

int ss_index_stored_ref_add(ss_ctx *ctx, ss_catalog *c, const char *schema, size_t schema_len, const char *name,
                            size_t name_len, uint64_t id)
{
    if (c->nstored_refs == c->cap_stored_refs) {
        size_t cap = c->cap_stored_refs ? c->cap_stored_refs * 2 : 16;
        ss_stored_index_ref *p = realloc(c->stored_refs, cap * sizeof *p);
        if (!p)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        c->stored_refs = p;
        c->cap_stored_refs = cap;
    }
    ss_stored_index_ref r = {strndup(schema, schema_len), strndup(name, name_len), id};
    if (!r.schema || !r.name) {
        free(r.schema);
        free(r.name);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    c->stored_refs[c->nstored_refs++] = r;
    return SS_OK;
}

void ss_index_stored_refs_clear(ss_catalog *c)
{
    for (size_t i = 0; i < c->nstored_refs; i++) {
        free(c->stored_refs[i].schema);
        free(c->stored_refs[i].name);
    }
    free(c->stored_refs);
    c->stored_refs = NULL;
    c->nstored_refs = c->cap_stored_refs = 0;
}
