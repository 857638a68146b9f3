/* system_information_schema.c — the rows of information_schema.tables, columns, schemata
 * and views (system_information_schema.h), with PostgreSQL 15's columns and values: user
 * tables and views only (not materialized views, sequences or the system schemas' own),
 * another session's temporary tables left out.  A view's updatability and check option are
 * read from its text (bind/view_updatable.h), only when the scan reads those columns. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/enum/enum.h"
#include "bind/view_updatable.h"
#include "catalog/constraints.h"
#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "catalog/sequences.h"
#include "catalog/system_information_schema.h"
#include "sql/ast.h"
#include "deparse/deparse.h"
#include "types/func_impl.h"
#include "types/typeio.h"

#define T_TEXT {SS_TYPE_TEXT, -1}
#define T_INT4 {SS_TYPE_INT4, -1}
#define C(n) {n, T_TEXT, false, {0}}
#define N(n) {n, T_INT4, false, {0}}

const ss_column_def ss_is_tables_cols[SS_IS_TABLES_NCOLS] = {
    C("table_catalog"), C("table_schema"), C("table_name"), C("table_type"), C("self_referencing_column_name"),
    C("reference_generation"), C("user_defined_type_catalog"), C("user_defined_type_schema"),
    C("user_defined_type_name"), C("is_insertable_into"), C("is_typed"), C("commit_action")};
enum { TAB_INSERTABLE = 9 };
const ss_column_def ss_is_columns_cols[SS_IS_COLUMNS_NCOLS] = {
    C("table_catalog"), C("table_schema"), C("table_name"), C("column_name"), N("ordinal_position"),
    C("column_default"), C("is_nullable"), C("data_type"), N("character_maximum_length"),
    N("character_octet_length"), N("numeric_precision"), N("numeric_precision_radix"), N("numeric_scale"),
    N("datetime_precision"), C("interval_type"), N("interval_precision"), C("character_set_catalog"),
    C("character_set_schema"), C("character_set_name"), C("collation_catalog"), C("collation_schema"),
    C("collation_name"), C("domain_catalog"), C("domain_schema"), C("domain_name"), C("udt_catalog"),
    C("udt_schema"), C("udt_name"), C("scope_catalog"), C("scope_schema"), C("scope_name"),
    N("maximum_cardinality"), C("dtd_identifier"), C("is_self_referencing"), C("is_identity"),
    C("identity_generation"), C("identity_start"), C("identity_increment"), C("identity_maximum"),
    C("identity_minimum"), C("identity_cycle"), C("is_generated"), C("generation_expression"), C("is_updatable")};
enum { COL_UPDATABLE = 43 };
const ss_column_def ss_is_schemata_cols[SS_IS_SCHEMATA_NCOLS] = {
    C("catalog_name"), C("schema_name"), C("schema_owner"), C("default_character_set_catalog"),
    C("default_character_set_schema"), C("default_character_set_name"), C("sql_path")};
const ss_column_def ss_is_views_cols[SS_IS_VIEWS_NCOLS] = {
    C("table_catalog"), C("table_schema"), C("table_name"), C("view_definition"), C("check_option"),
    C("is_updatable"), C("is_insertable_into"), C("is_trigger_updatable"), C("is_trigger_deletable"),
    C("is_trigger_insertable_into")};
enum { VIEW_DEFINITION = 3, VIEW_CHECK_OPTION = 4, VIEW_UPDATABLE = 5, VIEW_INSERTABLE = 6 };

#define CATALOG_NAME "sunstone" /* current_database() */
#define NUL ((ss_value){.is_null = true})

static ss_value text_or_null(const char *s)
{
    return s ? ss_row_text(s) : NUL;
}

static ss_value num(int64_t i)
{
    ss_value v = {0};
    v.v.i = i;
    return v;
}

static const char *schema_of(const ss_schema *ns)
{
    return ns ? ss_ns_name(ns) : "public";
}

static const char *yes_no(bool b)
{
    return b ? "YES" : "NO";
}

/* v's updatability and, when cols is given, its columns' (v->ncols). */
static int updatability(ss_ctx *ctx, const ss_catalog *c, const ss_view *v, ss_view_updatability *out, bool *cols)
{
    bool one[1], *k = cols ? cols : v->ncols ? calloc(v->ncols, sizeof *k) : one;
    if (!k)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = ss_view_updatability_of(ctx, (ss_catalog *)c, v, out, k);
    if (k != cols && k != one)
        free(k);
    return rc;
}

int ss_system_is_tables_fill(ss_ctx *ctx, const ss_catalog *c, const bool *wanted, ss_view_row_fn add, void *arg)
{
    const ss_schema *my_temp = ss_ns_find(c, "pg_temp");
    for (uint32_t i = 0; i < c->ntables; i++) {
        const ss_table *t = c->tables[i];
        if (t->system || ss_is_matview(t) || !ss_ddl_visible(&t->ddl))
            continue;
        if (t->ns && ss_ns_is_temp(t->ns) && t->ns != my_temp)
            continue;
        bool temp = t->ns && t->ns == my_temp;
        ss_value row[SS_IS_TABLES_NCOLS] = {ss_row_text(CATALOG_NAME), ss_row_text(schema_of(t->ns)),
                                            ss_row_text(t->name), ss_row_text(temp ? "LOCAL TEMPORARY" : "BASE TABLE"),
                                            NUL, NUL, NUL, NUL, NUL, ss_row_text("YES"), ss_row_text("NO"), NUL};
        if (add(ctx, arg, row))
            return SS_ERROR;
    }
    for (uint32_t i = 0; i < c->nuser_views; i++) {
        const ss_view *v = c->user_views[i];
        if (!ss_ddl_visible(&v->ddl) || (v->ns && ss_ns_is_temp(v->ns) && v->ns != my_temp))
            continue;
        ss_view_updatability u = {0};
        if (wanted[TAB_INSERTABLE] && updatability(ctx, c, v, &u, NULL))
            return SS_ERROR;
        bool temp = v->ns && v->ns == my_temp;
        ss_value row[SS_IS_TABLES_NCOLS] = {ss_row_text(CATALOG_NAME), ss_row_text(schema_of(v->ns)),
                                            ss_row_text(v->name), ss_row_text(temp ? "LOCAL TEMPORARY" : "VIEW"),
                                            NUL, NUL, NUL, NUL, NUL, ss_row_text(yes_no(u.updatable)), ss_row_text("NO"),
                                            NUL};
        if (add(ctx, arg, row))
            return SS_ERROR;
    }
    return SS_OK;
}

/* The type-describing values of one column (PostgreSQL's _pg_* functions, UTF8: 4 bytes
 * a character at most). */
typedef struct type_facts {
    ss_value char_max, char_octets, num_prec, num_radix, num_scale, dt_prec;
    bool interval_fields; /* an interval typmod with fields (interval_type names them) */
} type_facts;

static type_facts facts_of(ss_type t)
{
    type_facts f = {NUL, NUL, NUL, NUL, NUL, NUL, false};
    int32_t m = t.typmod;
    switch (t.id) {
    case SS_TYPE_VARCHAR: case SS_TYPE_BPCHAR: case SS_TYPE_TEXT:
        if (m >= 4 && t.id != SS_TYPE_TEXT)
            f.char_max = num(m - 4), f.char_octets = num((int64_t)(m - 4) * 4);
        else if (t.id != SS_TYPE_BPCHAR || m < 0)
            f.char_octets = num(1073741824);
        break;
    case SS_TYPE_BIT: case SS_TYPE_VARBIT:
        if (m >= 0)
            f.char_max = num(m);
        break;
    case SS_TYPE_INT2: f.num_prec = num(16), f.num_radix = num(2), f.num_scale = num(0); break;
    case SS_TYPE_INT4: f.num_prec = num(32), f.num_radix = num(2), f.num_scale = num(0); break;
    case SS_TYPE_INT8: f.num_prec = num(64), f.num_radix = num(2), f.num_scale = num(0); break;
    case SS_TYPE_FLOAT4: f.num_prec = num(24), f.num_radix = num(2); break;
    case SS_TYPE_FLOAT8: f.num_prec = num(53), f.num_radix = num(2); break;
    case SS_TYPE_NUMERIC:
        f.num_radix = num(10);
        if (m >= 4)
            f.num_prec = num(((m - 4) >> 16) & 0xffff), f.num_scale = num((m - 4) & 0xffff);
        break;
    case SS_TYPE_DATE: f.dt_prec = num(0); break;
    case SS_TYPE_TIME: case SS_TYPE_TIMETZ: case SS_TYPE_TIMESTAMP: case SS_TYPE_TIMESTAMPTZ:
        f.dt_prec = num(m < 0 ? 6 : m);
        break;
    case SS_TYPE_INTERVAL:
        f.dt_prec = num(m < 0 || (m & 0xffff) == 0xffff ? 6 : (m & 0xffff));
        f.interval_fields = m >= 0 && ((m >> 16) & 0x7fff) != 0x7fff;
        break;
    default:
        break;
    }
    return f;
}

static bool is_array(int32_t id)
{
    const char *n = ss_type_internal_name(id);
    return n[0] == '_';
}

typedef struct col_ctx {
    ss_ctx *ctx;
    const ss_catalog *c;
    const bool *wanted;
    ss_view_row_fn add;
    void *arg;
} col_ctx;

/* updatable: whether UPDATE can assign it (a table's column always) */
/* generation_expression from \d's "generated always as (expr) stored": pg_get_expr's
 * unpretty form, which parenthesizes an operator at the top (a space outside parentheses
 * and quotes tells one). */
static char *generation_expression(const char *shown)
{
    const char *pre = "generated always as (", *post = ") stored";
    size_t n = shown ? strlen(shown) : 0, lp = strlen(pre), ls = strlen(post);
    if (n < lp + ls || strncmp(shown, pre, lp) || strcmp(shown + n - ls, post))
        return NULL;
    const char *e = shown + lp;
    size_t len = n - lp - ls;
    int depth = 0;
    bool quoted = false, op = false;
    for (size_t i = 0; i < len; i++) {
        char ch = e[i];
        if (ch == '\'' || ch == '"')
            quoted = !quoted;
        else if (!quoted && ch == '(')
            depth++;
        else if (!quoted && ch == ')')
            depth--;
        else if (!quoted && !depth && ch == ' ')
            op = true;
    }
    char *out = malloc(len + 3);
    if (out)
        snprintf(out, len + 3, op ? "(%.*s)" : "%.*s", (int)len, e);
    return out;
}

static int add_column(col_ctx *k, const char *schema, const char *rel, const char *name, uint32_t pos, ss_type type,
                      bool not_null, const ss_col_cons *cons, bool updatable)
{
    type_facts f = facts_of(type);
    /* _pg_interval_type: format_type's fields after "interval[(p)] ", upper case */
    char ivname[128], *fields = NULL;
    if (f.interval_fields && (fields = strchr(ss_type_display_name(type, ivname, sizeof ivname), ' ')))
        for (char *p = ++fields; *p; p++)
            *p = (char)toupper((unsigned char)*p);
    char dtype[128], dtd[16], start[24], inc[24], max[24], min[24];
    snprintf(dtd, sizeof dtd, "%u", pos);
    const char *data_type = is_array(type.id)        ? "ARRAY"
                            : ss_type_is_enum(type.id) ? "USER-DEFINED"
                                                     : ss_type_display_name((ss_type){type.id, -1}, dtype, sizeof dtype);
    /* a user-defined enum (or its array) is of its schema */
    const ss_enum_type *en = enum_type_get(ss_type_is_enum_array(type.id) ? type.id - 1 : type.id);
    const char *udt_schema = en && en->ns ? ss_ns_name(en->ns) : "pg_catalog";
    char ident = cons ? cons->identity : 0;
    char *gen = cons && cons->generated ? generation_expression(cons->default_text) : NULL;
    ss_sequence seq;
    bool have_seq = ident && cons->seq && k->c->sequences && ss_seq_snapshot(k->c->sequences, cons->seq, &seq);
    if (have_seq) {
        snprintf(start, sizeof start, "%lld", (long long)seq.p.start);
        snprintf(inc, sizeof inc, "%lld", (long long)seq.p.increment);
        snprintf(max, sizeof max, "%lld", (long long)seq.p.max);
        snprintf(min, sizeof min, "%lld", (long long)seq.p.min);
    }
    ss_value row[SS_IS_COLUMNS_NCOLS] = {
        ss_row_text(CATALOG_NAME), ss_row_text(schema), ss_row_text(rel), ss_row_text(name), num(pos),
        text_or_null(cons && !ident && !cons->generated ? cons->default_text : NULL),
        ss_row_text(not_null ? "NO" : "YES"),
        ss_row_text(data_type), f.char_max, f.char_octets, f.num_prec, f.num_radix, f.num_scale, f.dt_prec,
        text_or_null(fields), NUL, NUL, NUL, NUL, NUL, NUL, NUL, NUL, NUL, NUL,
        ss_row_text(CATALOG_NAME), ss_row_text(udt_schema), ss_row_text(ss_type_internal_name(type.id)),
        NUL, NUL, NUL, NUL, ss_row_text(dtd), ss_row_text("NO"), ss_row_text(ident ? "YES" : "NO"),
        text_or_null(ident == 'a' ? "ALWAYS" : ident == 'd' ? "BY DEFAULT" : NULL),
        have_seq ? ss_row_text(start) : NUL, have_seq ? ss_row_text(inc) : NUL, have_seq ? ss_row_text(max) : NUL,
        have_seq ? ss_row_text(min) : NUL, ss_row_text(have_seq && seq.p.cycle ? "YES" : "NO"),
        ss_row_text(gen ? "ALWAYS" : "NEVER"), text_or_null(gen), ss_row_text(yes_no(updatable))};
    int rc = k->add(k->ctx, k->arg, row);
    free(gen);
    return rc;
}

int ss_system_is_columns_fill(ss_ctx *ctx, const ss_catalog *c, const bool *wanted, ss_view_row_fn add, void *arg)
{
    col_ctx k = {ctx, c, wanted, add, arg};
    const ss_schema *my_temp = ss_ns_find(c, "pg_temp");
    for (uint32_t i = 0; i < c->ntables; i++) {
        const ss_table *t = c->tables[i];
        if (t->system || ss_is_matview(t) || !ss_ddl_visible(&t->ddl) ||
            (t->ns && ss_ns_is_temp(t->ns) && t->ns != my_temp))
            continue;
        for (uint32_t col = 0; col < t->ncols; col++)
            if (add_column(&k, schema_of(t->ns), t->name, t->cols[col].name, col + 1, t->types[col],
                           t->cols[col].not_null, t->cons ? &t->cons->cols[col] : NULL, true))
                return SS_ERROR;
    }
    for (uint32_t i = 0; i < c->nuser_views; i++) {
        const ss_view *v = c->user_views[i];
        if (!ss_ddl_visible(&v->ddl) || (v->ns && ss_ns_is_temp(v->ns) && v->ns != my_temp))
            continue;
        bool *upd = calloc(v->ncols ? v->ncols : 1, sizeof *upd);
        ss_view_updatability u;
        if (!upd)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        int rc = wanted[COL_UPDATABLE] ? updatability(ctx, c, v, &u, upd) : SS_OK;
        for (uint32_t col = 0; rc == SS_OK && col < v->ncols; col++) {
            /* column_default: ALTER VIEW ... SET DEFAULT's */
            ss_col_cons dflt = {0};
            dflt.default_text = v->defaults ? v->defaults[col].text : NULL;
            rc = add_column(&k, schema_of(v->ns), v->name, v->col_names[col], col + 1, v->types[col], false,
                            dflt.default_text ? &dflt : NULL, upd[col]);
        }
        free(upd);
        if (rc)
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_system_is_schemata_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    for (uint32_t i = 0; i < c->nschemas; i++) {
        const ss_schema *ns = c->schemas[i];
        if (!ss_ddl_visible(&ns->ddl))
            continue;
        const char *name = ss_ns_name(ns);
        /* \dn's owners: the system schemas the bootstrap superuser's, public pg_database_owner */
        const char *owner = ns->system ? "postgres" : strcmp(name, "public") == 0 ? "pg_database_owner" : ss_role_name();
        ss_value row[SS_IS_SCHEMATA_NCOLS] = {ss_row_text(CATALOG_NAME), ss_row_text(name), ss_row_text(owner),
                                              NUL, NUL, NUL, NUL};
        if (add(ctx, arg, row))
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_system_is_views_fill(ss_ctx *ctx, const ss_catalog *c, const bool *wanted, ss_view_row_fn add, void *arg)
{
    const ss_schema *my_temp = ss_ns_find(c, "pg_temp");
    for (uint32_t i = 0; i < c->nuser_views; i++) {
        const ss_view *v = c->user_views[i];
        if (!ss_ddl_visible(&v->ddl) || (v->ns && ss_ns_is_temp(v->ns) && v->ns != my_temp))
            continue;
        ss_view_updatability u = {0};
        if ((wanted[VIEW_CHECK_OPTION] || wanted[VIEW_UPDATABLE] || wanted[VIEW_INSERTABLE]) &&
            updatability(ctx, c, v, &u, NULL))
            return SS_ERROR;
        const char *check = u.check == AST_VIEW_CHECK_LOCAL      ? "LOCAL"
                             : u.check == AST_VIEW_CHECK_CASCADED ? "CASCADED"
                                                                  : "NONE";
        char *def = NULL;
        if (wanted[VIEW_DEFINITION] && ss_viewdef_of_view(ctx, (ss_catalog *)c, v, false, &def)) {
            ss_error_clear(ctx->err);
            def = NULL;
        }
        ss_value row[SS_IS_VIEWS_NCOLS] = {ss_row_text(CATALOG_NAME), ss_row_text(schema_of(v->ns)),
                                           ss_row_text(v->name), text_or_null(def), ss_row_text(check),
                                           ss_row_text(yes_no(u.updatable)), ss_row_text(yes_no(u.updatable)),
                                           ss_row_text("NO"), ss_row_text("NO"), ss_row_text("NO")};
        int rc = add(ctx, arg, row);
        free(def);
        if (rc)
            return SS_ERROR;
    }
    return SS_OK;
}
