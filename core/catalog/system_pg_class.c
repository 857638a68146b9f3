/* system_pg_class.c — (oid8) the rows of pg_class (every relation: tables, views, materialized
 * views, sequences, indexes, the system views), pg_attribute (the user columns of tables,
 * views, materialized views and indexes; no system columns, no dropped ones) and pg_index, with
 * PostgreSQL 15's values of the columns Sunstone can give; "char" columns are text.  Columns
 * PostgreSQL has beyond these are left out. */
#include <stdlib.h>
#include <string.h>

#include "catalog/constraints.h"
#include "catalog/matview.h"
#include "catalog/object_oids.h"
#include "catalog/system_pg_class.h"
#include "stats/table_stats.h"
#include "fkey/fkey.h"

#define T_TEXT {SS_TYPE_TEXT, -1}
#define T_NAME {SS_TYPE_NAME, -1}
#define T_OID {SS_TYPE_OID, -1}
#define T_BOOL {SS_TYPE_BOOL, -1}
#define T_INT2 {SS_TYPE_INT2, -1}
#define T_INT4 {SS_TYPE_INT4, -1}
#define T_FLOAT4 {SS_TYPE_FLOAT4, -1}

static const ss_column_def pg_class_cols[] = {
    {"oid", T_OID, false, {0}},           {"relname", T_NAME, false, {0}},        {"relnamespace", T_OID, false, {0}},
    {"relowner", T_OID, false, {0}},      {"relam", T_OID, false, {0}},           {"reltuples", T_FLOAT4, false, {0}},
    {"relhasindex", T_BOOL, false, {0}},  {"relisshared", T_BOOL, false, {0}},    {"relpersistence", T_TEXT, false, {0}},
    {"relkind", T_TEXT, false, {0}},      {"relnatts", T_INT2, false, {0}},       {"relchecks", T_INT2, false, {0}},
    {"relhasrules", T_BOOL, false, {0}},  {"relhastriggers", T_BOOL, false, {0}}, {"relhassubclass", T_BOOL, false, {0}},
    {"relrowsecurity", T_BOOL, false, {0}}, {"relforcerowsecurity", T_BOOL, false, {0}},
    {"relispopulated", T_BOOL, false, {0}}, {"relispartition", T_BOOL, false, {0}}};
#define PG_CLASS_NCOLS (sizeof pg_class_cols / sizeof pg_class_cols[0])

static const ss_column_def pg_attribute_cols[] = {
    {"attrelid", T_OID, false, {0}},     {"attname", T_NAME, false, {0}},      {"atttypid", T_OID, false, {0}},
    {"attnum", T_INT2, false, {0}},      {"atttypmod", T_INT4, false, {0}},    {"attnotnull", T_BOOL, false, {0}},
    {"atthasdef", T_BOOL, false, {0}},   {"atthasmissing", T_BOOL, false, {0}}, {"attidentity", T_TEXT, false, {0}},
    {"attgenerated", T_TEXT, false, {0}}, {"attisdropped", T_BOOL, false, {0}}, {"attislocal", T_BOOL, false, {0}},
    {"attinhcount", T_INT4, false, {0}}};
#define PG_ATTRIBUTE_NCOLS (sizeof pg_attribute_cols / sizeof pg_attribute_cols[0])

static const ss_column_def pg_index_cols[] = {
    {"indexrelid", T_OID, false, {0}},   {"indrelid", T_OID, false, {0}},       {"indnatts", T_INT2, false, {0}},
    {"indnkeyatts", T_INT2, false, {0}}, {"indisunique", T_BOOL, false, {0}},   {"indisprimary", T_BOOL, false, {0}},
    {"indisexclusion", T_BOOL, false, {0}}, {"indimmediate", T_BOOL, false, {0}}, {"indisclustered", T_BOOL, false, {0}},
    {"indisvalid", T_BOOL, false, {0}},  {"indisready", T_BOOL, false, {0}},    {"indislive", T_BOOL, false, {0}}};
#define PG_INDEX_NCOLS (sizeof pg_index_cols / sizeof pg_index_cols[0])

static ss_value int_v(int64_t i)
{
    ss_value v = {0};
    v.v.i = i;
    return v;
}

static ss_value float_v(double f)
{
    ss_value v = {0};
    v.v.f = f;
    return v;
}

typedef struct fill_arg {
    ss_ctx *ctx;
    const ss_catalog *c;
    ss_view_row_fn add;
    void *arg;
} fill_arg;

static bool table_has_index(const ss_table *t)
{
    for (uint32_t i = 0; t->indexes && i < t->indexes->n; i++)
        if (ss_ddl_visible(&t->indexes->list[i]->ddl))
            return true;
    return false;
}

static int class_row(void *arg, const ss_rel_ref *r)
{
    fill_arg *f = arg;
    const ss_table *t = r->kind == 'i' ? NULL : r->table;
    uint32_t natts = r->kind == 'S' ? 3 : r->kind == 'i' ? r->index->nkeys : t ? t->ncols : r->view->ncols;
    bool user_table = t && !t->system;
    bool triggers = false;
    if (user_table) {
        char *a = ss_fkey_lines(f->c, t), *b = a ? NULL : ss_fkey_referenced_lines(f->c, t);
        triggers = a || b;
        free(a);
        free(b);
    }
    bool temp = ss_ns_is_temp(r->ns);
    uint32_t am = r->kind == 'r' || r->kind == 'm' ? (t->system ? 0 : 2) : r->kind == 'i' ? 403 : 0; /* heap, btree */
    if (r->kind == 'i' && strcmp(r->index->am, "btree") != 0)
        am = strcmp(r->index->am, "hash") == 0 ? 405 : 0;
    ss_value row[PG_CLASS_NCOLS] = {
        int_v(r->oid), ss_row_text(r->name), int_v(r->ns->oid), int_v(SS_OID_BOOTSTRAP_ROLE), int_v(am),
        /* the live rows ANALYZE counted; never analyzed: PostgreSQL's -1 for a table, 0 for the others */
        float_v(r->kind == 'r' || r->kind == 'm' ? ss_table_stats_reltuples(t) : 0), ss_row_bool(user_table && table_has_index(t)),
        ss_row_bool(false), ss_row_text(temp ? "t" : "p"), ss_row_text((char[2]){r->kind, 0}), int_v(natts),
        int_v(user_table && t->cons ? t->cons->nchecks : 0), ss_row_bool(false), ss_row_bool(triggers),
        ss_row_bool(false), ss_row_bool(false), ss_row_bool(false),
        ss_row_bool(r->kind != 'm' || (t->matview && t->matview->populated)), ss_row_bool(false)};
    return f->add(f->ctx, f->arg, row);
}

static int pg_class_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    fill_arg f = {ctx, c, add, arg};
    return ss_rel_each(c, class_row, &f) ? SS_ERROR : SS_OK;
}

static int att_row(fill_arg *f, uint32_t rel, const char *name, ss_type type, uint32_t num, bool not_null,
                   const ss_col_cons *cc)
{
    char ident[2] = {cc && cc->identity ? cc->identity : 0, 0};
    ss_value row[PG_ATTRIBUTE_NCOLS] = {
        int_v(rel), ss_row_text(name), int_v((uint32_t)type.id), int_v(num), int_v(type.typmod), ss_row_bool(not_null),
        ss_row_bool(cc && (cc->has_default || (cc->seq && !cc->identity))), ss_row_bool(false), ss_row_text(ident),
        ss_row_text(cc && cc->generated ? "s" : ""), ss_row_bool(false), ss_row_bool(true), int_v(0)};
    return f->add(f->ctx, f->arg, row);
}

static int attribute_rows(void *arg, const ss_rel_ref *r)
{
    fill_arg *f = arg;
    int rc = 0;
    if (r->kind == 'i') {
        const ss_index *ix = r->index;
        for (uint32_t k = 0; rc == 0 && k < ix->nkeys; k++) {
            const char *name = ix->key_names && ix->key_names[k] ? ix->key_names[k]
                               : ix->cols[k] != SS_INDEX_EXPR_KEY ? r->table->cols[ix->cols[k]].name
                                                                  : "expr";
            rc = att_row(f, r->oid, name, (ss_type){ix->types[k].id, -1}, k + 1, false, NULL);
        }
    } else if (r->table) {
        const ss_table *t = r->table;
        for (uint32_t k = 0; rc == 0 && k < t->ncols; k++)
            rc = att_row(f, r->oid, t->cols[k].name, t->types[k], k + 1, t->cols[k].not_null,
                         t->cons ? &t->cons->cols[k] : NULL);
    } else if (r->view) {
        const ss_view *v = r->view;
        for (uint32_t k = 0; rc == 0 && k < v->ncols; k++) {
            ss_col_cons cc = {0};
            cc.has_default = v->defaults && v->defaults[k].sql;
            rc = att_row(f, r->oid, v->col_names[k], v->types[k], k + 1, false, &cc);
        }
    } else if (r->seq) { /* a sequence's one row */
        static const char *const names[3] = {"last_value", "log_cnt", "is_called"};
        static const int32_t types[3] = {SS_TYPE_INT8, SS_TYPE_INT8, SS_TYPE_BOOL};
        for (uint32_t k = 0; rc == 0 && k < 3; k++)
            rc = att_row(f, r->oid, names[k], (ss_type){types[k], -1}, k + 1, true, NULL);
    }
    return rc;
}

static int pg_attribute_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    fill_arg f = {ctx, c, add, arg};
    return ss_rel_each(c, attribute_rows, &f) ? SS_ERROR : SS_OK;
}

static int index_row(void *arg, const ss_rel_ref *r)
{
    fill_arg *f = arg;
    if (r->kind != 'i')
        return 0;
    const ss_index *ix = r->index;
    ss_value row[PG_INDEX_NCOLS] = {int_v(r->oid),          int_v(r->table->oid),     int_v(ix->nkeys),
                                    int_v(ix->nkeys),       ss_row_bool(ix->unique),  ss_row_bool(ix->primary),
                                    ss_row_bool(false),     ss_row_bool(!ix->deferrable), ss_row_bool(false),
                                    ss_row_bool(true),      ss_row_bool(true),        ss_row_bool(true)};
    return f->add(f->ctx, f->arg, row);
}

static int pg_index_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    fill_arg f = {ctx, c, add, arg};
    return ss_rel_each(c, index_row, &f) ? SS_ERROR : SS_OK;
}

const ss_pg_catalog_view ss_pg_catalog_views[] = {
    {"pg_class", pg_class_cols, PG_CLASS_NCOLS, pg_class_fill},
    {"pg_attribute", pg_attribute_cols, PG_ATTRIBUTE_NCOLS, pg_attribute_fill},
    {"pg_index", pg_index_cols, PG_INDEX_NCOLS, pg_index_fill},
};
const uint32_t ss_pg_catalog_nviews = sizeof ss_pg_catalog_views / sizeof ss_pg_catalog_views[0];
