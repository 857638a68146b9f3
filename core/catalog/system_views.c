/* system_views.c — the kernel's read-only system views (sunstone_plugins, sunstone_tables,
 * sunstone_columns: user tables, then user views; pg_settings and pg_prepared_statements, the
 * running session's, filled by system_session_views.c; sunstone_index_columns and
 * sunstone_sequences, filled by system_relation_views.c; pg_matviews
 * and pg_views (system_matviews.c) and pg_cursors, the session's (system_cursors.c); sunstone_check,
 * the integrity check's problems (core/check/check_view.c); pg_tables,
 * pg_indexes, pg_namespace, pg_constraint, pg_stats (system_pg_stats.h) and information_schema's tables, columns, schemata and views
 * (system_information_schema.h)), served through the ordinary storage vtable so the same scan operators
 * read them.  Rows are computed when a scan begins. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind/view_options.h"
#include "catalog/constraints.h"
#include "fkey/fkey.h"
#include "index/index.h"
#include "catalog/sequences.h"
#include "catalog/catalog.h"
#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "catalog/object_oids.h"
#include "catalog/system_pg_class.h"
#include "exec/vector.h"
#include "catalog/system_session_views.h"
#include "catalog/system_relation_views.h"
#include "catalog/system_information_schema.h"
#include "catalog/system_pg_stats.h"
#include "check/check.h"
#include "types/typeio.h"

typedef enum view_id {
    VIEW_PLUGINS, VIEW_TABLES, VIEW_COLUMNS, VIEW_PG_SETTINGS, VIEW_PG_PREPARED,
    VIEW_INDEX_COLUMNS, VIEW_SEQUENCES, VIEW_SCHEMAS,
    VIEW_PG_MATVIEWS, /* (M) */
    VIEW_PG_CURSORS,  /* (M) */
    VIEW_PG_VIEWS,
    VIEW_CHECK, /* sunstone_check: the integrity check's problems (core/check/check.h) */
    /* PostgreSQL's relation listings (system_information_schema.h) */
    VIEW_PG_TABLES, VIEW_PG_INDEXES, VIEW_PG_NAMESPACE, VIEW_PG_CONSTRAINT, VIEW_IS_TABLES, VIEW_IS_COLUMNS,
    VIEW_IS_SCHEMATA, VIEW_IS_VIEWS, VIEW_PG_TYPE, VIEW_PG_ENUM, VIEW_SUNSTONE_TYPES,
    VIEW_PG_STATS, /* ANALYZE's statistics (system_pg_stats.h) */
    /* information_schema's constraint views in ss_is_constraint_view's order, sequences,
       triggers (system_is_constraints.c) */
    VIEW_IS_CONSTRAINTS_FIRST, VIEW_IS_CONSTRAINTS_LAST = VIEW_IS_CONSTRAINTS_FIRST + SS_IS_CONSTRAINT_TABLE_USAGE,
    VIEW_IS_SEQUENCES, VIEW_IS_TRIGGERS,
    VIEW_PG_CATALOG_FIRST = 1000 /* (oid8) + i: ss_pg_catalog_views[i] (system_pg_class.h) */
} view_id;

typedef struct view_handle {
    view_id id;
    const ss_catalog *catalog;      /* the database's: user tables */
    const ss_registry *registry;    /* and its modules' registrations */
    uint32_t ncols;
} view_handle;

typedef struct view_scan {
    ss_batch **batches;
    uint32_t nbatches, next;
    uint32_t row_batch, row;     /* row-at-a-time cursor */
    uint32_t ncols;
} view_scan;

#define T_TEXT {SS_TYPE_TEXT, -1}
#define T_INT4 {SS_TYPE_INT4, -1}
#define T_BOOL {SS_TYPE_BOOL, -1}

static const ss_column_def plugins_cols[] = {
    {"name", T_TEXT, true, {0}}, {"kind", T_TEXT, true, {0}}, {"version", T_TEXT, true, {0}},
    {"abi", T_TEXT, true, {0}}, {"path", T_TEXT, true, {0}},
    /* the plugin's kind is experimental (plugin_kinds.c): its vtable may still change */
    {"experimental", T_BOOL, true, {0}}};
/* kind: 'table', 'view', 'sequence' or 'materialized view' (a view has no backend) */
static const ss_column_def tables_cols[] = {
    {"name", T_TEXT, true, {0}}, {"backend", T_TEXT, false, {0}}, {"ncols", T_INT4, true, {0}},
    {"kind", T_TEXT, true, {0}},
    /* the CHECK constraints as \d lists them, one line each ordered by name (NULL: none) */
    {"check_constraints", T_TEXT, false, {0}},
    /* its FOREIGN KEYs and those referencing it, as \d's footers list them (NULL: none) */
    {"foreign_keys", T_TEXT, false, {0}}, {"referenced_by", T_TEXT, false, {0}},
    /* its indexes as \d's "Indexes:" footer lists them (NULL: none) */
    {"indexes", T_TEXT, false, {0}},
    /* (N) its schema, and whether the search path reaches it (psql's pg_table_is_visible) */
    {"schema", T_TEXT, true, {0}}, {"visible", T_BOOL, true, {0}},
    /* a view's options as \d+'s "Options:" footer lists them (NULL: none) */
    {"options", T_TEXT, false, {0}}};
static const ss_column_def columns_cols[] = {
    {"table_name", T_TEXT, true, {0}}, {"column_name", T_TEXT, true, {0}},
    {"position", T_INT4, true, {0}}, {"type_name", T_TEXT, true, {0}},
    {"not_null", T_BOOL, true, {0}},
    /* the Default column of \d (NULL: none) */
    {"default_value", T_TEXT, false, {0}},
    /* (N) the table's schema */
    {"table_schema", T_TEXT, true, {0}}};

/* sunstone_index_columns and sunstone_sequences (system_relation_views.c fills them) */
#define T_INT8 {SS_TYPE_INT8, -1}
static const ss_column_def index_columns_cols[] = {
    {"index_name", T_TEXT, true, {0}}, {"table_name", T_TEXT, true, {0}}, {"position", T_INT4, true, {0}},
    {"column_name", T_TEXT, true, {0}}, {"type_name", T_TEXT, true, {0}}, {"is_unique", T_BOOL, true, {0}},
    {"is_primary", T_BOOL, true, {0}}, {"method", T_TEXT, true, {0}}, {"definition", T_TEXT, true, {0}},
    {"predicate", T_TEXT, false, {0}},  {"is_deferrable", T_BOOL, true, {0}},
    {"is_initially_deferred", T_BOOL, true, {0}}, {"module", T_TEXT, true, {0}}, {"reopened", T_BOOL, true, {0}}};
static const ss_column_def sequences_cols[] = {
    {"name", T_TEXT, true, {0}},         {"data_type", T_TEXT, true, {0}},  {"start_value", T_INT8, true, {0}},
    {"min_value", T_INT8, true, {0}},    {"max_value", T_INT8, true, {0}},  {"increment_by", T_INT8, true, {0}},
    {"cycle", T_BOOL, true, {0}},        {"cache_size", T_INT8, true, {0}}, {"owner_table", T_TEXT, false, {0}},
    {"owner_column", T_TEXT, false, {0}}, {"owner_kind", T_TEXT, false, {0}}};

/* pg_settings (system_session_views.c fills it): PostgreSQL's columns */
#define T_TEXT_ARRAY {SS_TYPE_TEXT_ARRAY, -1}
static const ss_column_def pg_settings_cols[] = {
    {"name", T_TEXT, false, {0}},       {"setting", T_TEXT, false, {0}},    {"unit", T_TEXT, false, {0}},
    {"category", T_TEXT, false, {0}},   {"short_desc", T_TEXT, false, {0}}, {"extra_desc", T_TEXT, false, {0}},
    {"context", T_TEXT, false, {0}},    {"vartype", T_TEXT, false, {0}},    {"source", T_TEXT, false, {0}},
    {"min_val", T_TEXT, false, {0}},    {"max_val", T_TEXT, false, {0}},    {"enumvals", T_TEXT_ARRAY, false, {0}},
    {"boot_val", T_TEXT, false, {0}},   {"reset_val", T_TEXT, false, {0}},  {"sourcefile", T_TEXT, false, {0}},
    {"sourceline", T_INT4, false, {0}}, {"pending_restart", T_BOOL, false, {0}}};
/* pg_prepared_statements: the session's SQL-level PREPAREs (parameter_types is PostgreSQL's
   regtype[] as text[]; generic_plans / custom_plans are not counted, so not shown) */
static const ss_column_def pg_prepared_cols[] = {
    {"name", T_TEXT, false, {0}},
    {"statement", T_TEXT, false, {0}},
    {"prepare_time", {SS_TYPE_TIMESTAMPTZ, -1}, false, {0}},
    {"parameter_types", T_TEXT_ARRAY, false, {0}},
    {"from_sql", T_BOOL, false, {0}}};

/* (M) pg_matviews and pg_views: PostgreSQL's columns (system_matviews.c) */
static const ss_column_def pg_matviews_cols[] = {
    {"schemaname", T_TEXT, false, {0}}, {"matviewname", T_TEXT, false, {0}}, {"matviewowner", T_TEXT, false, {0}},
    {"tablespace", T_TEXT, false, {0}}, {"hasindexes", T_BOOL, false, {0}}, {"ispopulated", T_BOOL, false, {0}},
    {"definition", T_TEXT, false, {0}}};
static const ss_column_def pg_views_cols[] = {
    {"schemaname", T_TEXT, false, {0}}, {"viewname", T_TEXT, false, {0}}, {"viewowner", T_TEXT, false, {0}},
    {"definition", T_TEXT, false, {0}}};

/* (M) pg_cursors: the session's cursors (system_cursors.c) */
static const ss_column_def pg_cursors_cols[] = {
    {"name", T_TEXT, false, {0}},          {"statement", T_TEXT, false, {0}},
    {"is_holdable", T_BOOL, false, {0}},   {"is_binary", T_BOOL, false, {0}},
    {"is_scrollable", T_BOOL, false, {0}}, {"creation_time", {SS_TYPE_TIMESTAMPTZ, -1}, false, {0}}};

/* sunstone_check: one row per problem the integrity check finds (none: the database is sound) */
static const ss_column_def check_cols[] = {
    {"kind", T_TEXT, true, {0}}, {"object", T_TEXT, true, {0}}, {"page", T_INT8, false, {0}},
    {"problem", T_TEXT, true, {0}}};

/* (N) the schemas (catalog/namespace.h), pg_catalog with system true */
static const ss_column_def schemas_cols[] = {{"name", T_TEXT, true, {0}}, {"system", T_BOOL, true, {0}}};

static const ss_column_def *const is_more_cols[] = {
    ss_is_table_constraints_cols, ss_is_key_column_usage_cols, ss_is_referential_constraints_cols,
    ss_is_check_constraints_cols, ss_is_constraint_column_usage_cols, ss_is_constraint_table_usage_cols,
    ss_is_sequences_cols, ss_is_triggers_cols};

static const ss_column_def *view_cols(view_id id)
{
    return id >= VIEW_PG_CATALOG_FIRST ? ss_pg_catalog_views[id - VIEW_PG_CATALOG_FIRST].cols /* (oid8) */
           : id == VIEW_SCHEMAS       ? schemas_cols
           : id == VIEW_PLUGINS     ? plugins_cols
           : id == VIEW_TABLES      ? tables_cols
           : id == VIEW_COLUMNS     ? columns_cols
           : id == VIEW_PG_SETTINGS ? pg_settings_cols
           : id == VIEW_INDEX_COLUMNS ? index_columns_cols
           : id == VIEW_SEQUENCES   ? sequences_cols
           : id == VIEW_PG_MATVIEWS ? pg_matviews_cols
           : id == VIEW_PG_CURSORS  ? pg_cursors_cols
           : id == VIEW_PG_VIEWS    ? pg_views_cols
           : id == VIEW_CHECK       ? check_cols
           : id == VIEW_PG_TABLES   ? ss_pg_tables_cols
           : id == VIEW_PG_INDEXES  ? ss_pg_indexes_cols
           : id == VIEW_PG_NAMESPACE ? ss_pg_namespace_cols
           : id == VIEW_PG_CONSTRAINT ? ss_pg_constraint_cols
           : id == VIEW_IS_TABLES   ? ss_is_tables_cols
           : id == VIEW_IS_COLUMNS  ? ss_is_columns_cols
           : id == VIEW_IS_SCHEMATA ? ss_is_schemata_cols
           : id == VIEW_IS_VIEWS    ? ss_is_views_cols
           : id == VIEW_PG_TYPE     ? ss_pg_type_cols
           : id == VIEW_PG_ENUM     ? ss_pg_enum_cols
           : id == VIEW_SUNSTONE_TYPES ? ss_sunstone_types_cols
           : id == VIEW_PG_STATS    ? ss_pg_stats_cols
           : id >= VIEW_IS_CONSTRAINTS_FIRST && id <= VIEW_IS_TRIGGERS ? is_more_cols[id - VIEW_IS_CONSTRAINTS_FIRST]
                                    : pg_prepared_cols;
}

/* Appends one row (values for every view column) to the scan's batches. */
static int add_row(ss_ctx *ctx, view_scan *s, const view_handle *h, const ss_value *row,
                   const ss_scan_spec *spec)
{
    ss_batch *b = s->nbatches ? s->batches[s->nbatches - 1] : NULL;
    if (!b || b->count == SS_BATCH_CAPACITY) {
        /* a scan may read every column of the widest view (information_schema.columns: 44) */
        ss_type *types = malloc((spec->ncols ? spec->ncols : 1) * sizeof *types);
        if (!types)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        const ss_column_def *defs = view_cols(h->id);
        for (uint32_t i = 0; i < spec->ncols; i++)
            types[i] = defs[spec->columns[i]].type;
        ss_batch **p = realloc(s->batches, (s->nbatches + 1) * sizeof *p);
        if (p)
            s->batches = p;
        if (p)
            b = ss_batch_create(spec->ncols, types, SS_BATCH_CAPACITY);
        free(types);
        if (!p || !b)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        s->batches[s->nbatches++] = b;
    }
    for (uint32_t i = 0; i < spec->ncols; i++)
        if (ss_vector_set_value(ctx, b->cols[i], b->count, &row[spec->columns[i]]))
            return SS_ERROR;
    b->count++;
    return SS_OK;
}

typedef struct view_row_sink {
    view_scan *s;
    const view_handle *h;
    const ss_scan_spec *spec;
} view_row_sink;

static int view_sink_add(ss_ctx *ctx, void *arg, const ss_value *row)
{
    view_row_sink *k = arg;
    return add_row(ctx, k->s, k->h, row, k->spec);
}

static ss_value text_value(const char *s)
{
    ss_value v = {0};
    v.v.s.ptr = s;
    v.v.s.len = (uint32_t)strlen(s);
    return v;
}

static ss_value int_value(int64_t i)
{
    ss_value v = {0};
    v.v.i = i;
    return v;
}

/* Whether relation name of schema ns is on the search path (catalog/namespace.h). */
static ss_value visible_value(const ss_catalog *c, const ss_schema *ns, const char *name)
{
    char buf[SS_NS_REF_MAX];
    ss_value v = {0};
    v.v.b = ns && strcmp(ss_ns_display(c, ns, name, buf, sizeof buf), name) == 0;
    return v;
}

static ss_value schema_value(const ss_schema *ns)
{
    return text_value(ns ? ss_ns_name(ns) : "public");
}

/* The relation listings of system_information_schema.h; wanted: the columns spec reads. */
static int fill_listing(ss_ctx *ctx, view_scan *s, const view_handle *h, const ss_scan_spec *spec)
{
    view_row_sink sink = {s, h, spec};
    bool wanted[64] = {0};
    for (uint32_t i = 0; i < spec->ncols; i++)
        if (spec->columns[i] < 64)
            wanted[spec->columns[i]] = true;
    const ss_catalog *c = h->catalog;
    if (h->id >= VIEW_PG_CATALOG_FIRST)
        return ss_pg_catalog_views[h->id - VIEW_PG_CATALOG_FIRST].fill(ctx, c, view_sink_add, &sink);
    switch (h->id) {
    case VIEW_PG_TABLES: return ss_system_pg_tables_fill(ctx, c, view_sink_add, &sink);
    case VIEW_PG_INDEXES: return ss_system_pg_indexes_fill(ctx, c, view_sink_add, &sink);
    case VIEW_PG_NAMESPACE: return ss_system_pg_namespace_fill(ctx, c, view_sink_add, &sink);
    case VIEW_PG_CONSTRAINT: return ss_system_pg_constraint_fill(ctx, c, view_sink_add, &sink);
    case VIEW_IS_TABLES: return ss_system_is_tables_fill(ctx, c, wanted, view_sink_add, &sink);
    case VIEW_IS_COLUMNS: return ss_system_is_columns_fill(ctx, c, wanted, view_sink_add, &sink);
    case VIEW_IS_SCHEMATA: return ss_system_is_schemata_fill(ctx, c, view_sink_add, &sink);
    case VIEW_PG_TYPE: return ss_system_pg_type_fill(ctx, c, view_sink_add, &sink);
    case VIEW_PG_ENUM: return ss_system_pg_enum_fill(ctx, c, view_sink_add, &sink);
    case VIEW_SUNSTONE_TYPES: return ss_system_sunstone_types_fill(ctx, c, view_sink_add, &sink);
    case VIEW_PG_STATS: return ss_system_pg_stats_fill(ctx, c, view_sink_add, &sink);
    case VIEW_IS_SEQUENCES: return ss_system_is_sequences_fill(ctx, c, view_sink_add, &sink);
    case VIEW_IS_TRIGGERS: return SS_OK;
    case VIEW_IS_VIEWS: return ss_system_is_views_fill(ctx, c, wanted, view_sink_add, &sink);
    default:
        return ss_system_is_constraints_fill(ctx, c, (ss_is_constraint_view)(h->id - VIEW_IS_CONSTRAINTS_FIRST), wanted,
                                             view_sink_add, &sink);
    }
}

static int fill(ss_ctx *ctx, view_scan *s, const view_handle *h, const ss_scan_spec *spec)
{
    if (h->id >= VIEW_PG_TABLES)
        return fill_listing(ctx, s, h, spec);
    if (h->id == VIEW_PG_CURSORS) {
        view_row_sink sink = {s, h, spec};
        return ss_system_cursors_fill(ctx, view_sink_add, &sink);
    }
    if (h->id == VIEW_CHECK) {
        view_row_sink sink = {s, h, spec};
        return ss_check_view_fill(ctx, (ss_catalog *)h->catalog, view_sink_add, &sink);
    }
    if (h->id == VIEW_PG_MATVIEWS || h->id == VIEW_PG_VIEWS) {
        view_row_sink sink = {s, h, spec};
        return h->id == VIEW_PG_MATVIEWS ? ss_system_matviews_fill(ctx, h->catalog, view_sink_add, &sink)
                                         : ss_system_views_fill(ctx, h->catalog, view_sink_add, &sink);
    }
    if (h->id == VIEW_INDEX_COLUMNS || h->id == VIEW_SEQUENCES) {
        view_row_sink sink = {s, h, spec};
        return h->id == VIEW_INDEX_COLUMNS ? ss_system_index_columns_fill(ctx, view_sink_add, &sink)
                                           : ss_system_sequences_fill(ctx, view_sink_add, &sink);
    }
    if (h->id == VIEW_PG_SETTINGS || h->id == VIEW_PG_PREPARED) {
        view_row_sink sink = {s, h, spec};
        return h->id == VIEW_PG_SETTINGS ? ss_system_settings_fill(ctx, view_sink_add, &sink)
                                         : ss_system_prepared_fill(ctx, view_sink_add, &sink);
    }
    if (h->id == VIEW_SCHEMAS) {
        for (uint32_t i = 0; i < h->catalog->nschemas; i++) {
            const ss_schema *ns = h->catalog->schemas[i];
            if (!ss_ddl_visible(&ns->ddl))
                continue;
            ss_value sys = {0};
            sys.v.b = ns->system;
            ss_value row[2] = {text_value(ss_ns_name(ns)), sys};
            if (add_row(ctx, s, h, row, spec))
                return SS_ERROR;
        }
        return SS_OK;
    }
    if (h->id == VIEW_PLUGINS) {
        for (uint32_t i = 0; i < h->registry->nregs; i++) {
            const ss_registration *g = &h->registry->regs[i];
            char abi[32];
            snprintf(abi, sizeof abi, "%u.%u", g->module->abi_major, g->module->abi_minor);
            const ss_plugin_kind_desc *k = ss_plugin_kind_find(g->kind);
            ss_value experimental = {0};
            experimental.v.b = k && k->experimental;
            ss_value row[6] = {text_value(g->name), text_value(ss_kind_name(g->kind)),
                               text_value(g->module->version), text_value(abi),
                               text_value(g->module->path), experimental};
            if (add_row(ctx, s, h, row, spec))
                return SS_ERROR;
        }
    } else {
        for (uint32_t t = 0; t < h->catalog->ntables; t++) {
            const ss_table *tab = h->catalog->tables[t];
            if (!ss_ddl_visible(&tab->ddl))
                continue;
            if (h->id == VIEW_TABLES) {
                char *checks = ss_table_check_lines(tab);
                char *fkeys = ss_fkey_lines(h->catalog, tab);
                char *refs = ss_fkey_referenced_lines(h->catalog, tab);
                char *idx = ss_index_describe_lines(tab);
                ss_value row[11] = {text_value(tab->name), text_value(tab->backend_name),
                                    int_value(tab->ncols),
                                    text_value(ss_is_matview(tab) ? "materialized view" : "table"),
                                    checks ? text_value(checks) : (ss_value){.is_null = true},
                                    fkeys ? text_value(fkeys) : (ss_value){.is_null = true},
                                    refs ? text_value(refs) : (ss_value){.is_null = true},
                                    idx ? text_value(idx) : (ss_value){.is_null = true},
                                    schema_value(tab->ns), visible_value(h->catalog, tab->ns, tab->name),
                                    {.is_null = true}};
                int rc = add_row(ctx, s, h, row, spec);
                free(idx);
                free(checks);
                free(fkeys);
                free(refs);
                if (rc)
                    return SS_ERROR;
                continue;
            }
            for (uint32_t c = 0; c < tab->ncols; c++) {
                char tname[128];
                ss_value nn = {0};
                nn.v.b = tab->cols[c].not_null;
                const char *def = tab->cons ? tab->cons->cols[c].default_text : NULL;
                ss_value row[7] = {text_value(tab->name), text_value(tab->cols[c].name),
                                   int_value(c + 1),
                                   text_value(ss_type_column_name(tab->types[c], tname, sizeof tname)),
                                   nn, def ? text_value(def) : (ss_value){.is_null = true}, schema_value(tab->ns)};
                if (add_row(ctx, s, h, row, spec))
                    return SS_ERROR;
            }
        }
        if (h->id == VIEW_TABLES && h->catalog->sequences) { /* kind 'sequence', no backend */
            ss_seq_catalog *sc = h->catalog->sequences;
            int rc = SS_OK;
            pthread_mutex_lock(&sc->mu);
            for (uint32_t i = 0; rc == SS_OK && i < sc->n; i++) {
                if (!ss_ddl_visible(&sc->seqs[i]->ddl))
                    continue;
                const ss_sequence *q = sc->seqs[i];
                ss_value row[11] = {text_value(q->name), {.is_null = true}, int_value(3),
                                    text_value("sequence"), {.is_null = true}, {.is_null = true}, {.is_null = true},
                                    {.is_null = true}, schema_value(q->ns), visible_value(h->catalog, q->ns, q->name),
                                    {.is_null = true}};
                rc = add_row(ctx, s, h, row, spec);
            }
            pthread_mutex_unlock(&sc->mu);
            if (rc)
                return SS_ERROR;
        }
        for (uint32_t i = 0; i < h->catalog->nuser_views; i++) {
            const ss_view *v = h->catalog->user_views[i];
            if (!ss_ddl_visible(&v->ddl))
                continue;
            if (h->id == VIEW_TABLES) {
                char *opts = NULL;
                if (ss_view_options_text(ctx, v, &opts))
                    return SS_ERROR;
                ss_value row[11] = {text_value(v->name), {.is_null = true}, int_value(v->ncols), text_value("view"),
                                    {.is_null = true}, {.is_null = true}, {.is_null = true}, {.is_null = true},
                                    schema_value(v->ns), visible_value(h->catalog, v->ns, v->name),
                                    opts ? text_value(opts) : (ss_value){.is_null = true}};
                int rc = add_row(ctx, s, h, row, spec);
                free(opts);
                if (rc)
                    return SS_ERROR;
                continue;
            }
            for (uint32_t c = 0; c < v->ncols; c++) {
                char tname[128];
                ss_value nn = {0};
                ss_value row[7] = {text_value(v->name), text_value(v->col_names[c]), int_value(c + 1),
                                   text_value(ss_type_column_name(v->types[c], tname, sizeof tname)), nn,
                                   {.is_null = true}, schema_value(v->ns)};
                if (v->defaults && v->defaults[c].text) /* ALTER VIEW ... SET DEFAULT's */
                    row[5] = text_value(v->defaults[c].text);
                if (add_row(ctx, s, h, row, spec))
                    return SS_ERROR;
            }
        }
    }
    return SS_OK;
}

static int view_open(ss_ctx *ctx, const char *path, void **backend)
{
    *backend = NULL;
    return SS_OK;
}

static void view_close(void *backend)
{
}

static int view_create(ss_ctx *ctx, void *backend, const ss_table_def *def, void **table)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "system views are created by the kernel");
}

static int view_drop(ss_ctx *ctx, void *backend, void *table)
{
    free(table);
    return SS_OK;
}

static int view_insert(ss_ctx *ctx, void *table, const ss_batch *rows)
{
    return ss_ctx_error(ctx, "42809", "cannot change system view");
}

static void view_scan_end(void *scan)
{
    view_scan *s = scan;
    if (!s)
        return;
    for (uint32_t i = 0; i < s->nbatches; i++)
        ss_batch_destroy(s->batches[i]);
    free(s->batches);
    free(s);
}

static int view_scan_begin(ss_ctx *ctx, void *table, const ss_scan_spec *spec, void **scan)
{
    view_scan *s = calloc(1, sizeof *s);
    if (!s)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    s->ncols = spec->ncols;
    if (fill(ctx, s, table, spec)) {
        view_scan_end(s);
        return SS_ERROR;
    }
    *scan = s;
    return SS_OK;
}

static int view_scan_next_batch(ss_ctx *ctx, void *scan, ss_batch *out)
{
    view_scan *s = scan;
    out->sel = NULL;
    if (s->next >= s->nbatches) {
        out->count = 0;
        return SS_OK;
    }
    ss_batch *b = s->batches[s->next++];
    for (uint32_t i = 0; i < s->ncols; i++)
        out->cols[i] = b->cols[i];
    out->count = b->count;
    return SS_OK;
}

static int view_scan_next_row(ss_ctx *ctx, void *scan, ss_value *values, bool *has_row)
{
    view_scan *s = scan;
    while (s->row_batch < s->nbatches && s->row >= s->batches[s->row_batch]->count) {
        s->row_batch++;
        s->row = 0;
    }
    if (s->row_batch >= s->nbatches) {
        *has_row = false;
        return SS_OK;
    }
    ss_batch *b = s->batches[s->row_batch];
    for (uint32_t i = 0; i < s->ncols; i++)
        ss_vector_get_value(b->cols[i], s->row, &values[i]);
    s->row++;
    *has_row = true;
    return SS_OK;
}

static const ss_storage_vtable system_views_vt = {
    .struct_size = sizeof(ss_storage_vtable),
    .version = SS_STORAGE_VTABLE_VERSION,
    .name = "system",
    .description = "kernel system views",
    .backend_open = view_open,
    .backend_close = view_close,
    .table_create = view_create,
    .table_drop = view_drop,
    .insert = view_insert,
    .scan_begin = view_scan_begin,
    .scan_next_batch = view_scan_next_batch,
    .scan_next_row = view_scan_next_row,
    .scan_end = view_scan_end,
};

static int add_view_in(ss_catalog *c, const ss_registry *reg, const ss_schema *ns, const char *name, view_id id,
                       const ss_column_def *cols, uint32_t ncols)
{
    ss_table **p = realloc(c->views, (c->nviews + 1) * sizeof *p);
    if (!p)
        return SS_ERROR;
    c->views = p;
    ss_table *t = calloc(1, sizeof *t);
    view_handle *h = calloc(1, sizeof *h);
    if (!t || !h) {
        free(t);
        free(h);
        return SS_ERROR;
    }
    h->id = id;
    h->catalog = c;
    h->registry = reg;
    h->ncols = ncols;
    t->name = strdup(name);
    t->ncols = ncols;
    t->cols = calloc(ncols, sizeof *t->cols);
    t->types = calloc(ncols, sizeof *t->types);
    if (!t->name || !t->cols || !t->types) {
        free(t->name), free(t->cols), free(t->types), free(t), free(h);
        return SS_ERROR;
    }
    for (uint32_t i = 0; i < ncols; i++) {
        t->cols[i] = cols[i];
        t->types[i] = cols[i].type;
        if (!(t->cols[i].name = strdup(cols[i].name))) {
            for (uint32_t k = 0; k < i; k++)
                free((char *)t->cols[k].name);
            free(t->name), free(t->cols), free(t->types), free(t), free(h);
            return SS_ERROR;
        }
    }
    t->storage = &system_views_vt;
    t->handle = h;
    t->backend_name = "system";
    t->system = true;
    t->ns = ns;
    t->oid = ss_system_view_oid(name, c->nviews);
    c->views[c->nviews++] = t;
    return SS_OK;
}

static int add_view(ss_catalog *c, const ss_registry *reg, const char *name, view_id id,
                    const ss_column_def *cols, uint32_t ncols)
{
    return add_view_in(c, reg, ss_ns_pg_catalog(c), name, id, cols, ncols);
}

int ss_system_views_init(ss_catalog *c, const ss_registry *reg)
{
    if (add_view(c, reg, "sunstone_plugins", VIEW_PLUGINS, plugins_cols, 6) ||
        add_view(c, reg, "sunstone_tables", VIEW_TABLES, tables_cols, sizeof tables_cols / sizeof tables_cols[0]) ||
        add_view(c, reg, "sunstone_columns", VIEW_COLUMNS, columns_cols, sizeof columns_cols / sizeof columns_cols[0]) ||
        add_view(c, reg, "pg_settings", VIEW_PG_SETTINGS, pg_settings_cols, 17) ||
        add_view(c, reg, "pg_prepared_statements", VIEW_PG_PREPARED, pg_prepared_cols, 5) ||
        add_view(c, reg, "sunstone_index_columns", VIEW_INDEX_COLUMNS, index_columns_cols, 14) ||
        add_view(c, reg, "sunstone_sequences", VIEW_SEQUENCES, sequences_cols, 11) ||
        add_view(c, reg, "sunstone_schemas", VIEW_SCHEMAS, schemas_cols, 2) ||
        add_view(c, reg, "pg_matviews", VIEW_PG_MATVIEWS, pg_matviews_cols,
                 sizeof pg_matviews_cols / sizeof pg_matviews_cols[0]) ||
        add_view(c, reg, "pg_cursors", VIEW_PG_CURSORS, pg_cursors_cols,
                 sizeof pg_cursors_cols / sizeof pg_cursors_cols[0]) ||
        add_view(c, reg, "pg_views", VIEW_PG_VIEWS, pg_views_cols, sizeof pg_views_cols / sizeof pg_views_cols[0]) ||
        add_view(c, reg, "sunstone_check", VIEW_CHECK, check_cols, sizeof check_cols / sizeof check_cols[0]) ||
        add_view(c, reg, "pg_tables", VIEW_PG_TABLES, ss_pg_tables_cols, SS_PG_TABLES_NCOLS) ||
        add_view(c, reg, "pg_indexes", VIEW_PG_INDEXES, ss_pg_indexes_cols, SS_PG_INDEXES_NCOLS) ||
        add_view(c, reg, "pg_namespace", VIEW_PG_NAMESPACE, ss_pg_namespace_cols, SS_PG_NAMESPACE_NCOLS) ||
        add_view(c, reg, "pg_type", VIEW_PG_TYPE, ss_pg_type_cols, SS_PG_TYPE_NCOLS) ||
        add_view(c, reg, "pg_enum", VIEW_PG_ENUM, ss_pg_enum_cols, SS_PG_ENUM_NCOLS) ||
        add_view(c, reg, "sunstone_types", VIEW_SUNSTONE_TYPES, ss_sunstone_types_cols, SS_SUNSTONE_TYPES_NCOLS) ||
        add_view(c, reg, "pg_constraint", VIEW_PG_CONSTRAINT, ss_pg_constraint_cols, SS_PG_CONSTRAINT_NCOLS) ||
        add_view(c, reg, "pg_stats", VIEW_PG_STATS, ss_pg_stats_cols, SS_PG_STATS_NCOLS))
        return SS_ERROR;
    const ss_schema *is = ss_ns_find(c, "information_schema");
    if (!is ||
        add_view_in(c, reg, is, "tables", VIEW_IS_TABLES, ss_is_tables_cols, SS_IS_TABLES_NCOLS) ||
        add_view_in(c, reg, is, "columns", VIEW_IS_COLUMNS, ss_is_columns_cols, SS_IS_COLUMNS_NCOLS) ||
        add_view_in(c, reg, is, "schemata", VIEW_IS_SCHEMATA, ss_is_schemata_cols, SS_IS_SCHEMATA_NCOLS) ||
        add_view_in(c, reg, is, "views", VIEW_IS_VIEWS, ss_is_views_cols, SS_IS_VIEWS_NCOLS))
        return SS_ERROR;
    static const char *const more[] = {"table_constraints", "key_column_usage", "referential_constraints",
                                       "check_constraints", "constraint_column_usage", "constraint_table_usage",
                                       "sequences", "triggers"};
    static const uint32_t more_ncols[] = {
        SS_IS_TABLE_CONSTRAINTS_NCOLS, SS_IS_KEY_COLUMN_USAGE_NCOLS, SS_IS_REFERENTIAL_CONSTRAINTS_NCOLS,
        SS_IS_CHECK_CONSTRAINTS_NCOLS, SS_IS_CONSTRAINT_COLUMN_USAGE_NCOLS, SS_IS_CONSTRAINT_TABLE_USAGE_NCOLS,
        SS_IS_SEQUENCES_NCOLS, SS_IS_TRIGGERS_NCOLS};
    for (uint32_t i = 0; i < sizeof more / sizeof more[0]; i++)
        if (add_view_in(c, reg, is, more[i], (view_id)(VIEW_IS_CONSTRAINTS_FIRST + i), is_more_cols[i], more_ncols[i]))
            return SS_ERROR;
    for (uint32_t i = 0; i < ss_pg_catalog_nviews; i++) /* (oid8) */
        if (add_view(c, reg, ss_pg_catalog_views[i].name, (view_id)(VIEW_PG_CATALOG_FIRST + i),
                     ss_pg_catalog_views[i].cols, ss_pg_catalog_views[i].ncols))
            return SS_ERROR;
    return SS_OK;
}
