/* system_pg_constraint.c — the rows of pg_constraint (system_information_schema.h): one per
 * PRIMARY KEY ('p'), UNIQUE ('u'), FOREIGN KEY ('f') and CHECK ('c') constraint of the user
 * tables, with PostgreSQL 15's values of the columns Sunstone can give: (oid8) connamespace,
 * conrelid, contypid, conindid, conparentid and confrelid are oids (object_oids.h); the
 * constraint's own oid and the key arrays are left out; "char" columns are text. */
#include "catalog/catalog_txn.h"
#include "catalog/constraints.h"
#include "catalog/system_information_schema.h"
#include "fkey/fkey.h"
#include "fkey/fkey_types.h"
#include "catalog/namespace.h"
#include "index/index.h"

#define T_TEXT {SS_TYPE_TEXT, -1}
#define T_BOOL {SS_TYPE_BOOL, -1}
#define T_INT4 {SS_TYPE_INT4, -1}
#define T_OID {SS_TYPE_OID, -1}

const ss_column_def ss_pg_constraint_cols[SS_PG_CONSTRAINT_NCOLS] = {
    {"conname", T_TEXT, false, {0}},       {"connamespace", T_OID, false, {0}},  {"contype", T_TEXT, false, {0}},
    {"condeferrable", T_BOOL, false, {0}}, {"condeferred", T_BOOL, false, {0}},  {"convalidated", T_BOOL, false, {0}},
    {"conrelid", T_OID, false, {0}},       {"contypid", T_OID, false, {0}},      {"conindid", T_OID, false, {0}},
    {"conparentid", T_OID, false, {0}},    {"confrelid", T_OID, false, {0}},     {"confupdtype", T_TEXT, false, {0}},
    {"confdeltype", T_TEXT, false, {0}},   {"confmatchtype", T_TEXT, false, {0}}, {"conislocal", T_BOOL, false, {0}},
    {"coninhcount", T_INT4, false, {0}},   {"connoinherit", T_BOOL, false, {0}}};

static ss_value oid_v(uint32_t oid)
{
    ss_value v = {0};
    v.v.i = oid;
    return v;
}

/* (oid8) the oids of a constraint's row: its table's, its index's, the referenced table's */
typedef struct con_oids {
    uint32_t ns, rel, ind, frel;
} con_oids;

static int add_row(ss_ctx *ctx, ss_view_row_fn add, void *arg, const con_oids *o, const char *name, const char *type,
                   bool deferrable, bool deferred, bool validated, const char *upd, const char *del, const char *match,
                   bool noinherit)
{
    ss_value count = {0};
    count.v.i = 0;
    ss_value row[SS_PG_CONSTRAINT_NCOLS] = {ss_row_text(name),      oid_v(o->ns),           ss_row_text(type),
                                            ss_row_bool(deferrable), ss_row_bool(deferred), ss_row_bool(validated),
                                            oid_v(o->rel),          oid_v(0),               oid_v(o->ind),
                                            oid_v(0),               oid_v(o->frel),         ss_row_text(upd),
                                            ss_row_text(del),       ss_row_text(match),     ss_row_bool(true),
                                            count,                  ss_row_bool(noinherit)};
    return add(ctx, arg, row);
}

static bool ends_not_valid(const char *text)
{
    size_t n = text ? strlen(text) : 0;
    return n > 10 && strcmp(text + n - 10, " NOT VALID") == 0;
}

static int table_rows(ss_ctx *ctx, const ss_table *t, ss_view_row_fn add, void *arg)
{
    con_oids o = {t->ns ? t->ns->oid : 0, t->oid, 0, 0};
    for (uint32_t k = 0; t->cons && k < t->cons->nchecks; k++)
        if (add_row(ctx, add, arg, &o, t->cons->check_names[k], "c", false, false,
                    !(t->cons->check_texts && ends_not_valid(t->cons->check_texts[k])), " ", " ", " ", false))
            return SS_ERROR;
    for (uint32_t k = 0; t->indexes && k < t->indexes->n; k++) {
        const ss_index *ix = t->indexes->list[k];
        con_oids oi = {o.ns, t->oid, ix->oid, 0};
        if (ix->constraint && ss_ddl_visible(&ix->ddl) &&
            add_row(ctx, add, arg, &oi, ix->name, ix->primary ? "p" : "u", ix->deferrable, ix->initdeferred, true, " ", " ",
                    " ", true))
            return SS_ERROR;
    }
    for (uint32_t k = 0; t->fkeys && k < t->fkeys->n; k++) {
        const ss_fkey *fk = t->fkeys->list[k];
        char upd[2] = {fk->on_update, 0}, del[2] = {fk->on_delete, 0}, match[2] = {fk->match, 0};
        const ss_index *ri = fk->ref ? ss_fkey_find_index(fk->ref, fk->ref_cols, fk->ncols) : NULL;
        con_oids of = {o.ns, t->oid, ri ? ri->oid : 0, fk->ref ? fk->ref->oid : 0};
        if (add_row(ctx, add, arg, &of, fk->name, "f", fk->deferrable, fk->initdeferred, !fk->not_valid, upd, del, match,
                    true))
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_system_pg_constraint_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    for (uint32_t i = 0; i < c->ntables; i++) {
        ss_table *t = c->tables[i];
        if (t->system || !ss_ddl_visible(&t->ddl))
            continue;
        ss_index_lock(t);
        int rc = table_rows(ctx, t, add, arg);
        ss_index_unlock(t);
        if (rc != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}
