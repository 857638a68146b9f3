/* system_pg_constraint.c — the rows of pg_constraint (system_information_schema.h): one per
 * PRIMARY KEY ('p'), UNIQUE ('u'), FOREIGN KEY ('f') and CHECK ('c') constraint of the user
 * tables, with PostgreSQL 15's values of the columns Sunstone can give.  Sunstone has no oids,
 * so the oid-valued columns (oid, connamespace, conrelid, contypid, conindid, conparentid,
 * confrelid, ...) and the key arrays are left out; "char" columns are text. */
#include "catalog/catalog_txn.h"
#include "catalog/constraints.h"
#include "catalog/system_information_schema.h"
#include "fkey/fkey.h"
#include "index/index.h"

#define T_TEXT {SS_TYPE_TEXT, -1}
#define T_BOOL {SS_TYPE_BOOL, -1}
#define T_INT4 {SS_TYPE_INT4, -1}

const ss_column_def ss_pg_constraint_cols[SS_PG_CONSTRAINT_NCOLS] = {
    {"conname", T_TEXT, false, {0}},       {"contype", T_TEXT, false, {0}},      {"condeferrable", T_BOOL, false, {0}},
    {"condeferred", T_BOOL, false, {0}},   {"convalidated", T_BOOL, false, {0}}, {"confupdtype", T_TEXT, false, {0}},
    {"confdeltype", T_TEXT, false, {0}},   {"confmatchtype", T_TEXT, false, {0}}, {"conislocal", T_BOOL, false, {0}},
    {"coninhcount", T_INT4, false, {0}},   {"connoinherit", T_BOOL, false, {0}}};

static int add_row(ss_ctx *ctx, ss_view_row_fn add, void *arg, const char *name, const char *type, bool deferrable,
                   bool deferred, bool validated, const char *upd, const char *del, const char *match, bool noinherit)
{
    ss_value count = {0};
    count.v.i = 0;
    ss_value row[SS_PG_CONSTRAINT_NCOLS] = {ss_row_text(name),      ss_row_text(type),      ss_row_bool(deferrable),
                                            ss_row_bool(deferred),  ss_row_bool(validated), ss_row_text(upd),
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
    for (uint32_t k = 0; t->cons && k < t->cons->nchecks; k++)
        if (add_row(ctx, add, arg, t->cons->check_names[k], "c", false, false,
                    !(t->cons->check_texts && ends_not_valid(t->cons->check_texts[k])), " ", " ", " ", false))
            return SS_ERROR;
    for (uint32_t k = 0; t->indexes && k < t->indexes->n; k++) {
        const ss_index *ix = t->indexes->list[k];
        if (ix->constraint && ss_ddl_visible(&ix->ddl) &&
            add_row(ctx, add, arg, ix->name, ix->primary ? "p" : "u", ix->deferrable, ix->initdeferred, true, " ", " ",
                    " ", true))
            return SS_ERROR;
    }
    for (uint32_t k = 0; t->fkeys && k < t->fkeys->n; k++) {
        const ss_fkey *fk = t->fkeys->list[k];
        char upd[2] = {fk->on_update, 0}, del[2] = {fk->on_delete, 0}, match[2] = {fk->match, 0};
        if (add_row(ctx, add, arg, fk->name, "f", fk->deferrable, fk->initdeferred, !fk->not_valid, upd, del, match,
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
