/* views.c — user views in the catalog (CREATE [OR REPLACE] VIEW, with PostgreSQL's rules for
 * replacing one) and DROP TABLE / DROP VIEW with the dependencies of views on the relations
 * they read: RESTRICT refuses to drop what a view depends on (2BP01), CASCADE drops the
 * dependent views too, as PostgreSQL's reportDependentObjects words them. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/type_ddl.h"
#include "catalog/catalog.h"
#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "catalog/object_oids.h"
#include "catalog/rowtype_deps.h"
#include "defer/defer.h"
#include "fkey/fkey.h"
#include "txn/txn_session.h"
#include "types/typeio.h"
#include "util/strbuf.h"
#include "index/index.h"

/* The visible view rel of schema s (c->mu held). */
static ss_view *view_in(const ss_catalog *c, const ss_schema *s, const char *rel)
{
    for (uint32_t i = 0; i < c->nuser_views; i++)
        if (c->user_views[i]->ns == s && strcmp(c->user_views[i]->name, rel) == 0 &&
            ss_ddl_visible(&c->user_views[i]->ddl))
            return c->user_views[i];
    return NULL;
}

bool ss_catalog_has_table_or_view(const ss_catalog *c, const ss_schema *s, const char *rel)
{
    return view_in(c, s, rel) || ss_catalog_table_in(c, s, rel);
}

ss_view *ss_catalog_find_view(const ss_catalog *c, const char *name)
{
    pthread_mutex_lock((pthread_mutex_t *)&c->mu);
    const char *rel;
    const ss_schema *s = ss_ns_lookup(c, name, ss_catalog_has_table_or_view, &rel); /* a table hides a later view */
    ss_view *v = s ? view_in(c, s, rel) : NULL;
    pthread_mutex_unlock((pthread_mutex_t *)&c->mu);
    return v;
}

static void free_view(ss_view *v)
{
    if (!v)
        return;
    for (uint32_t i = 0; v->col_names && i < v->ncols; i++)
        free(v->col_names[i]);
    for (uint32_t i = 0; v->deps && i < v->ndeps; i++)
        free(v->deps[i]);
    free(v->col_names);
    free(v->deps);
    free(v->types);
    free(v->sql);
    free(v->name);
    free(v->search_path);
    ss_view_free_defaults(v);
    free(v);
}

void ss_catalog_free_views(ss_catalog *c)
{
    for (uint32_t i = 0; i < c->nuser_views; i++)
        free_view(c->user_views[i]);
    free(c->user_views);
    c->user_views = NULL;
    c->nuser_views = c->cap_user_views = 0;
}

static char **copy_strings(const char *const *v, uint32_t n, bool *ok)
{
    char **out = calloc(n ? n : 1, sizeof *out);
    *ok &= out != NULL;
    for (uint32_t i = 0; out && i < n; i++)
        *ok &= (out[i] = strdup(v[i])) != NULL;
    return out;
}

static ss_view *new_view(const ss_view_def *def, const ss_schema *ns, const char *rel)
{
    ss_view *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->ns = ns;
    bool ok = (v->name = strdup(rel)) && (v->search_path = strdup(def->search_path ? def->search_path : "")) && (v->sql = strdup(def->sql)) &&
              (v->types = calloc(def->ncols ? def->ncols : 1, sizeof *v->types));
    v->ncols = def->ncols;
    v->ndeps = def->ndeps;
    v->col_names = copy_strings(def->col_names, def->ncols, &ok);
    v->deps = copy_strings(def->deps, def->ndeps, &ok);
    if (!ok) {
        free_view(v);
        return NULL;
    }
    memcpy(v->types, def->types, sizeof *v->types * def->ncols);
    return v;
}

/* PostgreSQL's checkViewTupleDesc: a replacement keeps the columns, adding only at the end. */
static int check_replacement(ss_ctx *ctx, const ss_view *old, const ss_view_def *def)
{
    if (def->ncols < old->ncols)
        return ss_ctx_error(ctx, "42P16", "cannot drop columns from view");
    for (uint32_t i = 0; i < old->ncols; i++) {
        if (strcmp(old->col_names[i], def->col_names[i]) != 0) {
            ss_ctx_error(ctx, "42P16", "cannot change name of view column \"%s\" to \"%s\"", old->col_names[i],
                         def->col_names[i]);
            ss_ctx_error_hint(ctx, "Use ALTER VIEW ... RENAME COLUMN ... to change name of view column instead.");
            return SS_ERROR;
        }
        if (old->types[i].id != def->types[i].id || old->types[i].typmod != def->types[i].typmod) {
            char b1[96], b2[96];
            return ss_ctx_error(ctx, "42P16", "cannot change data type of view column \"%s\" from %s to %s",
                                old->col_names[i], ss_type_display_name(old->types[i], b1, sizeof b1),
                                ss_type_display_name(def->types[i], b2, sizeof b2));
        }
    }
    return SS_OK;
}

/* Adds v to c's list in ctx's transaction; old (a replaced view) is dropped in it. */
static int add_view(ss_ctx *ctx, ss_catalog *c, ss_view *v, ss_view *old)
{
    pthread_mutex_lock(&c->mu);
    int rc = SS_OK;
    if (c->nuser_views == c->cap_user_views) {
        uint32_t cap = c->cap_user_views ? c->cap_user_views * 2 : 8;
        ss_view **p = realloc(c->user_views, sizeof *p * cap);
        if (!p)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        else {
            c->user_views = p;
            c->cap_user_views = cap;
        }
    }
    ss_xid xid = SS_XID_INVALID;
    if (rc == SS_OK && old)
        rc = ss_ddl_log(ctx, SS_DDL_VIEW_DROP, old, NULL, &xid);
    if (rc == SS_OK && ss_ddl_log(ctx, SS_DDL_VIEW_CREATE, v, NULL, &v->ddl.created))
        rc = SS_ERROR;
    if (rc != SS_OK) {
        pthread_mutex_unlock(&c->mu);
        free_view(v);
        return SS_ERROR;
    }
    /* a replacement takes the place of the view it replaces (dependents are listed in
       creation order) */
    uint32_t at = c->nuser_views;
    for (uint32_t i = 0; old && i < c->nuser_views; i++)
        if (c->user_views[i] == old)
            at = i + 1;
    memmove(&c->user_views[at + 1], &c->user_views[at], sizeof *c->user_views * (c->nuser_views - at));
    c->user_views[at] = v;
    c->nuser_views++;
    if (old && xid)
        old->ddl.dropped = xid;
    else if (old)
        ss_catalog_destroy_view(c, old);
    c->version++;
    pthread_mutex_unlock(&c->mu);
    return SS_OK;
}

void ss_catalog_destroy_view(ss_catalog *c, ss_view *v)
{
    for (uint32_t i = 0; i < c->nuser_views; i++)
        if (c->user_views[i] == v) {
            memmove(&c->user_views[i], &c->user_views[i + 1], sizeof *c->user_views * (c->nuser_views - i - 1));
            c->nuser_views--;
            free_view(v);
            c->version++;
            return;
        }
}

int ss_catalog_create_view(ss_ctx *ctx, ss_catalog *c, const ss_view_def *def)
{
    if (ss_catalog_name_wait(ctx, c, def->name))
        return SS_ERROR;
    const char *rel;
    char ref[SS_NS_REF_MAX];
    const ss_schema *ns = ss_ns_creation_qualified(ctx, c, def->name, &rel, ref, sizeof ref);
    if (!ns)
        return SS_ERROR;
    ss_view *old = ss_catalog_find_view(c, ref);
    if (ss_catalog_find(c, ref)) {
        if (def->replace)
            return ss_ctx_error(ctx, "42809", "\"%s\" is not a view", rel);
        return ss_ctx_error(ctx, SS_SQLSTATE_DUPLICATE_TABLE, "relation \"%s\" already exists", rel);
    }
    if (old && !def->replace)
        return ss_ctx_error(ctx, SS_SQLSTATE_DUPLICATE_TABLE, "relation \"%s\" already exists", rel);
    if (!old && ss_type_relation_conflict(ctx, c, ns, rel))
        return SS_ERROR;
    if (old && check_replacement(ctx, old, def))
        return SS_ERROR;
    ss_view *v = new_view(def, ns, rel);
    /* a replacement keeps the column defaults of the columns it keeps (ALTER VIEW's) */
    if (v && old && !ss_view_copy_defaults(v, old, old->ncols)) {
        free_view(v);
        v = NULL;
    }
    if (!v)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    v->created = old ? old->created : c->version;
    v->oid = old ? old->oid : ss_catalog_new_oid(c);
    return add_view(ctx, c, v, old);
}

/* ---- DROP ---------------------------------------------------------------------------- */

/* The relations one DROP removes: the named ones, then the views depending on them. */
typedef struct drop_set {
    const char **names;   /* relation names */
    bool *is_view;
    const char **on;      /* the relation it depends on (dependents only) */
    bool *on_view;
    uint32_t n, cap, ntargets;
    /* FOREIGN KEY constraints of other tables referencing a dropped table (fkey.h) */
    ss_fkey **fks;
    uint32_t nfks;
    /* columns of other tables typed by a dropped relation's row type (rowtype_deps.h), and
       for each the relation's reference */
    ss_rowtype_use *cols;
    char **col_on;
    uint32_t ncols;
} drop_set;

static bool in_set(const drop_set *s, const char *name)
{
    for (uint32_t i = 0; i < s->n; i++)
        if (strcmp(s->names[i], name) == 0)
            return true;
    return false;
}

static int set_add(ss_ctx *ctx, drop_set *s, const char *name, bool is_view, const char *on, bool on_view)
{
    if (s->n == s->cap) {
        uint32_t cap = s->cap ? s->cap * 2 : 8;
        const char **names = realloc(s->names, sizeof *names * cap);
        if (names)
            s->names = names;
        const char **ons = realloc(s->on, sizeof *ons * cap);
        if (ons)
            s->on = ons;
        bool *iv = realloc(s->is_view, sizeof *iv * cap);
        if (iv)
            s->is_view = iv;
        bool *ov = realloc(s->on_view, sizeof *ov * cap);
        if (ov)
            s->on_view = ov;
        if (!names || !ons || !iv || !ov)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        s->cap = cap;
    }
    /* the set owns its names: schema-qualified references ("s.t") */
    char *own = strdup(name);
    if (!own)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    s->names[s->n] = own;
    s->is_view[s->n] = is_view;
    s->on[s->n] = on;
    s->on_view[s->n] = on_view;
    s->n++;
    return SS_OK;
}

static void set_free(drop_set *s)
{
    for (uint32_t i = 0; i < s->n; i++)
        free((char *)s->names[i]);
    free(s->fks);
    for (uint32_t i = 0; i < s->ncols; i++)
        free(s->col_on[i]);
    free(s->cols);
    free(s->col_on);
    free(s->names);
    free(s->on);
    free(s->is_view);
    free(s->on_view);
}

/* How a message names the relation of reference ref ("s.t"): as PostgreSQL's
   getObjectDescription, bare when its schema is on the search path. */
static const char *display_ref(const ss_catalog *c, const char *ref, char *buf, size_t bufsz)
{
    char schema[SS_NS_REF_MAX];
    const ss_schema *ns = ss_ns_schema_part(ref, schema, sizeof schema) ? ss_ns_find(c, schema) : NULL;
    if (!ns) {
        snprintf(buf, bufsz, "%s", ref);
        return buf;
    }
    return ss_ns_display(c, ns, ss_ns_rel(ref), buf, bufsz);
}

static const char *display_table(const ss_catalog *c, const ss_table *t, char *buf, size_t bufsz)
{
    return t->ns ? ss_ns_display(c, t->ns, t->name, buf, bufsz) : t->name;
}

/* Adds the views depending on `name` (and theirs, depth first, in creation order). */
static int add_dependents(ss_ctx *ctx, const ss_catalog *c, drop_set *s, const char *name, bool is_view)
{
    if (ss_ctx_check_stack(ctx))
        return SS_ERROR;
    for (uint32_t i = 0; i < c->nuser_views; i++) {
        const ss_view *v = c->user_views[i];
        if (!ss_ddl_visible(&v->ddl))
            continue;
        bool depends = false;
        for (uint32_t d = 0; d < v->ndeps; d++)
            depends |= strcmp(v->deps[d], name) == 0;
        char ref[SS_NS_REF_MAX];
        ss_ns_qualify(v->ns, v->name, ref, sizeof ref);
        if (!depends || in_set(s, ref))
            continue;
        if (set_add(ctx, s, ref, true, name, is_view) || add_dependents(ctx, c, s, s->names[s->n - 1], true))
            return SS_ERROR;
    }
    /* (M) materialized views reading it, and theirs */
    for (uint32_t i = 0; i < c->ntables; i++) {
        const ss_table *t = c->tables[i];
        char ref[SS_NS_REF_MAX];
        ss_ns_qualify(t->ns, t->name, ref, sizeof ref);
        if (!ss_is_matview(t) || !ss_ddl_visible(&t->ddl) || in_set(s, ref))
            continue;
        bool depends = false;
        for (uint32_t d = 0; d < t->matview->ndeps; d++)
            depends |= strcmp(t->matview->deps[d], name) == 0;
        if (depends && (set_add(ctx, s, ref, false, name, is_view) || add_dependents(ctx, c, s, s->names[s->n - 1], false)))
            return SS_ERROR;
    }
    return SS_OK;
}

/* What PostgreSQL calls relation `name` in its messages: "table", "materialized view". */
static const char *relation_word(const ss_catalog *c, const char *name, bool is_view)
{
    return is_view ? "view" : ss_is_matview(ss_catalog_find((ss_catalog *)c, name)) ? "materialized view" : "table";
}

static const char *drop_kind_word(ss_drop_kind kind)
{
    return kind == SS_DROP_VIEW ? "view" : kind == SS_DROP_MATVIEW ? "materialized view" : "table";
}

/* The 42809 of DROP <kind> naming a relation of another kind, with PostgreSQL's HINT. */
static int wrong_kind(ss_ctx *ctx, ss_drop_kind kind, const char *name, ss_drop_kind actual)
{
    static const char *const hints[] = {"Use DROP TABLE to remove a table.", "Use DROP VIEW to remove a view.",
                                        "Use DROP MATERIALIZED VIEW to remove a materialized view."};
    ss_ctx_error(ctx, "42809", "\"%s\" is not a %s", name, drop_kind_word(kind));
    ss_ctx_error_hint(ctx, "%s", hints[actual]);
    return SS_ERROR;
}

/* Adds the foreign keys of tables not being dropped that reference table `name`. */
static int add_fkey_dependents(ss_ctx *ctx, const ss_catalog *c, drop_set *s, const char *name)
{
    ss_table *t = ss_catalog_find((ss_catalog *)c, name);
    uint32_t n;
    ss_fkey **fks = t ? ss_fkey_referencing(c, t, false, &n) : NULL;
    if (!fks)
        return SS_OK;
    for (uint32_t i = 0; i < n; i++) {
        bool dropped = false;
        char ref[SS_NS_REF_MAX];
        ss_ns_qualify(fks[i]->table->ns, fks[i]->table->name, ref, sizeof ref);
        for (uint32_t k = 0; k < s->ntargets && !dropped; k++)
            dropped = !s->is_view[k] && strcmp(s->names[k], ref) == 0;
        for (uint32_t k = 0; k < s->nfks && !dropped; k++)
            dropped = s->fks[k] == fks[i];
        if (dropped)
            continue;
        ss_fkey **grown = realloc(s->fks, sizeof *grown * (s->nfks + 1));
        if (!grown) {
            free(fks);
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        s->fks = grown;
        s->fks[s->nfks++] = fks[i];
    }
    free(fks);
    return SS_OK;
}

/* Adds the columns of tables not being dropped whose type is relation ref's row type. */
static int add_rowtype_dependents(ss_ctx *ctx, const ss_catalog *c, drop_set *s, const char *ref, bool is_view)
{
    const void *ns;
    const char *name;
    if (is_view) {
        ss_view *v = ss_catalog_find_view(c, ref);
        if (!v)
            return SS_OK;
        ns = v->ns, name = v->name;
    } else {
        ss_table *t = ss_catalog_find((ss_catalog *)c, ref);
        if (!t)
            return SS_OK;
        ns = t->ns, name = t->name;
    }
    ss_rowtype_use *u;
    uint32_t n;
    if (ss_rowtype_uses(ctx, c, ns, name, &u, &n))
        return SS_ERROR;
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && i < n; i++) {
        char tref[SS_NS_REF_MAX];
        ss_ns_qualify(u[i].table->ns, u[i].table->name, tref, sizeof tref);
        bool dropped = false;
        for (uint32_t k = 0; k < s->n && !dropped; k++)
            dropped = !s->is_view[k] && strcmp(s->names[k], tref) == 0;
        if (dropped)
            continue;
        ss_rowtype_use *g = realloc(s->cols, sizeof *g * (s->ncols + 1));
        char **o = g ? realloc(s->col_on, sizeof *o * (s->ncols + 1)) : NULL;
        if (g)
            s->cols = g;
        if (o)
            s->col_on = o;
        char *on = o ? strdup(ref) : NULL;
        if (!on) {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            break;
        }
        s->cols[s->ncols] = u[i];
        s->col_on[s->ncols++] = on;
    }
    free(u);
    return rc;
}

/* Checks one name of DROP TABLE / DROP VIEW / DROP MATERIALIZED VIEW; *skip when it is
   missing and IF EXISTS; canon gets its schema-qualified reference. */
static int check_name(ss_ctx *ctx, ss_catalog *c, ss_drop_kind kind, const char *name, bool missing_ok, bool *skip,
                      char *canon)
{
    bool views = kind == SS_DROP_VIEW;
    ss_table *t;
    char schema[SS_NS_REF_MAX];
    if (ss_ns_schema_part(name, schema, sizeof schema) && !ss_ns_find(c, schema)) {
        *skip = true;
        if (!missing_ok)
            return ss_ctx_error(ctx, "3F000", "schema \"%s\" does not exist", schema);
        return SS_OK;
    }
    /* DROP TABLE takes the table's exclusive lock, waiting for another holder */
    if (views ? ss_catalog_find_waiting(ctx, c, name, &t) : ss_catalog_lock_table(ctx, c, name, &t))
        return SS_ERROR;
    ss_view *v = ss_catalog_find_view(c, name);
    *skip = false;
    /* (M) a materialized view is a table to the catalog, not to DROP TABLE */
    if (t && !t->system && (kind == SS_DROP_MATVIEW) != ss_is_matview(t))
        return wrong_kind(ctx, kind, name, ss_is_matview(t) ? SS_DROP_MATVIEW : SS_DROP_TABLE);
    if (kind == SS_DROP_MATVIEW && v)
        return wrong_kind(ctx, kind, name, SS_DROP_VIEW);
    if (kind == SS_DROP_MATVIEW && !t) {
        if (!missing_ok)
            return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "materialized view \"%s\" does not exist", name);
        *skip = true;
        return SS_OK;
    }
    if (views ? v != NULL : t != NULL) {
        if (views)
            ss_ns_qualify(v->ns, v->name, canon, SS_NS_REF_MAX);
        else
            ss_ns_qualify(t->ns, t->name, canon, SS_NS_REF_MAX);
        if (t && t->system)
            return ss_ctx_error(ctx, "42809", "\"%s\" is a system view and cannot be dropped", t->name);
        for (uint32_t i = 0; t && t->indexes && i < t->indexes->n; i++) /* PostgreSQL drops them first */
            if (atomic_load(&t->indexes->list[i]->active_scans))
                return ss_ctx_error(ctx, "55006",
                                    "cannot DROP INDEX \"%s\" because it is being used by active queries in this session",
                                    t->indexes->list[i]->name);
        if (t && t->active_scans)
            return ss_ctx_error(ctx, "55006",
                                "cannot DROP TABLE \"%s\" because it is being used by active queries in this session",
                                t->name);
        return t ? ss_defer_check_table_free(ctx, t, "DROP TABLE") : SS_OK;
    }
    if (views ? t != NULL : v != NULL) {
        ss_ctx_error(ctx, "42809", "\"%s\" is not a %s", name, views ? "view" : "table");
        ss_ctx_error_hint(ctx, "Use DROP %s to remove a %s.", views ? "TABLE" : "VIEW", views ? "table" : "view");
        return SS_ERROR;
    }
    if (!missing_ok)
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "%s \"%s\" does not exist", views ? "view" : "table",
                            ss_ns_rel(name));
    *skip = true;
    return SS_OK;
}

static int drop_view(ss_ctx *ctx, ss_catalog *c, const char *name)
{
    ss_view *v = ss_catalog_find_view(c, name);
    if (!v)
        return SS_OK;
    ss_xid xid;
    if (ss_ddl_log(ctx, SS_DDL_VIEW_DROP, v, NULL, &xid))
        return SS_ERROR;
    ss_ddl_drop_or_mark(c, SS_DDL_VIEW_DROP, v, xid);
    return SS_OK;
}

/* When dependent i of s was created (a view, or (M) a materialized view). */
static uint64_t dependent_created(const ss_catalog *c, const drop_set *s, uint32_t i)
{
    if (s->is_view[i])
        return ss_catalog_find_view(c, s->names[i])->created;
    const ss_table *t = ss_catalog_find((ss_catalog *)c, s->names[i]);
    return ss_is_matview(t) ? t->matview->created : 0;
}

/* The dependents of a drop set in PostgreSQL's order (by creation, as pg_depend holds
   them): out[k] is a view's index in s->names (below s->n) or s->n + a constraint's index
   in s->fks, or s->n + s->nfks + a column's index in s->cols.  out has room for
   s->n - s->ntargets + s->nfks + s->ncols entries. */
static void dependents_in_order(const ss_catalog *c, const drop_set *s, uint32_t *out)
{
    uint32_t m = 0, nviews = s->n - s->ntargets;
    uint64_t *stamp = malloc(sizeof *stamp * (nviews + s->nfks + s->ncols + 1));
    for (uint32_t i = s->ntargets; i < s->n; i++) {
        /* a view on a view follows the one it depends on (depth first), so only a direct
           dependent of a dropped relation has a stamp of its own */
        bool direct = false;
        for (uint32_t t = 0; t < s->ntargets && !direct; t++)
            direct = strcmp(s->on[i], s->names[t]) == 0;
        if (stamp)
            stamp[m] = direct || m == 0 ? dependent_created(c, s, i) : stamp[m - 1];
        out[m++] = i;
    }
    for (uint32_t i = 0; i < s->nfks; i++) {
        if (stamp)
            stamp[m] = s->fks[i]->created;
        out[m++] = s->n + i;
    }
    for (uint32_t i = 0; i < s->ncols; i++) {
        if (stamp)
            stamp[m] = s->cols[i].array ? 0 : s->cols[i].table->created; /* under t's array type, made with t */
        out[m++] = s->n + s->nfks + i;
    }
    /* a stable insertion sort by stamp: the lists are short */
    for (uint32_t i = 1; stamp && i < m; i++) {
        uint32_t x = out[i], j = i;
        uint64_t sx = stamp[i];
        while (j > 0 && stamp[j - 1] > sx) {
            out[j] = out[j - 1];
            stamp[j] = stamp[j - 1];
            j--;
        }
        out[j] = x;
        stamp[j] = sx;
    }
    free(stamp);
}

/* "view v", "materialized view m" or "constraint c_fkey on table c" for entry e of
   dependents_in_order. */
static void dependent_name(const ss_catalog *c, const drop_set *s, uint32_t e, ss_strbuf *out)
{
    char buf[SS_NS_REF_MAX];
    if (e < s->n)
        ss_strbuf_printf(out, "%s %s", s->is_view[e] ? "view" : "materialized view",
                         display_ref(c, s->names[e], buf, sizeof buf));
    else if (e >= s->n + s->nfks) {
        char col[SS_NS_REF_MAX + 80];
        ss_strbuf_puts(out, ss_rowtype_use_name(c, &s->cols[e - s->n - s->nfks], col, sizeof col));
    } else
        ss_strbuf_printf(out, "constraint %s on table %s", s->fks[e - s->n]->name,
                         display_table(c, s->fks[e - s->n]->table, buf, sizeof buf));
}

/* 2BP01 with PostgreSQL's DETAIL, one line per dependent: the views ("view v depends on
   table t"), then the constraints ("constraint c_fkey on table c depends on table t"). */
static int refuse_dependents(ss_ctx *ctx, const ss_catalog *c, const drop_set *s, const char *what)
{
    uint32_t m = s->n - s->ntargets + s->nfks + s->ncols;
    uint32_t *order = malloc(sizeof *order * (m ? m : 1));
    if (!order)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    dependents_in_order(c, s, order);
    ss_strbuf detail;
    ss_strbuf_init(&detail);
    for (uint32_t k = 0; k < m; k++) {
        uint32_t e = order[k];
        if (k)
            ss_strbuf_putc(&detail, '\n');
        dependent_name(c, s, e, &detail);
        char buf[SS_NS_REF_MAX];
        if (e < s->n)
            ss_strbuf_printf(&detail, " depends on %s %s", relation_word(c, s->on[e], s->on_view[e]),
                             display_ref(c, s->on[e], buf, sizeof buf));
        else if (e >= s->n + s->nfks)
            ss_strbuf_printf(&detail, " depends on type %s%s", display_ref(c, s->col_on[e - s->n - s->nfks], buf, sizeof buf),
                             s->cols[e - s->n - s->nfks].array ? "[]" : "");
        else
            ss_strbuf_printf(&detail, " depends on table %s", display_table(c, s->fks[e - s->n]->ref, buf, sizeof buf));
    }
    free(order);
    char buf[SS_NS_REF_MAX];
    if (s->ntargets == 1)
        ss_ctx_error(ctx, "2BP01", "cannot drop %s %s because other objects depend on it", what,
                     display_ref(c, s->names[0], buf, sizeof buf));
    else
        ss_ctx_error(ctx, "2BP01", "cannot drop desired object(s) because other objects depend on them");
    ss_ctx_error_detail(ctx, "%s", detail.data ? detail.data : "");
    ss_ctx_error_hint(ctx, "Use DROP ... CASCADE to drop the dependent objects too.");
    ss_strbuf_free(&detail);
    return SS_ERROR;
}

static void notify_cascade(const ss_catalog *c, const drop_set *s, void (*notice)(void *arg, const char *text),
                           void *arg)
{
    uint32_t extra = s->n - s->ntargets + s->nfks + s->ncols;
    uint32_t *order = extra ? malloc(sizeof *order * extra) : NULL;
    if (!order || !notice) {
        free(order);
        return;
    }
    dependents_in_order(c, s, order);
    ss_strbuf text;
    ss_strbuf_init(&text);
    if (extra == 1) {
        ss_strbuf_puts(&text, "drop cascades to ");
        dependent_name(c, s, order[0], &text);
    } else {
        /* the DETAIL travels in the notice's text, as the shell prints it */
        ss_strbuf_printf(&text, "drop cascades to %u other objects\nDETAIL:  ", extra);
        for (uint32_t k = 0; k < extra; k++) {
            ss_strbuf_puts(&text, k ? "\ndrop cascades to " : "drop cascades to ");
            dependent_name(c, s, order[k], &text);
        }
    }
    free(order);
    if (text.data)
        notice(arg, text.data);
    ss_strbuf_free(&text);
}

int ss_catalog_drop_relations(ss_ctx *ctx, ss_catalog *c, ss_drop_kind kind, const char *const *names, uint32_t n,
                              bool missing_ok, bool cascade, void (*notice)(void *arg, const char *text), void *arg)
{
    bool views = kind == SS_DROP_VIEW;
    drop_set s = {0};
    int rc = SS_OK;
    bool *skipped = calloc(n ? n : 1, sizeof *skipped);
    if (!skipped)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    /* every name first: a DROP drops all or nothing */
    for (uint32_t i = 0; rc == SS_OK && i < n; i++) {
        char canon[SS_NS_REF_MAX];
        /* DROP TABLE a, a drops a once, silently, as PostgreSQL */
        if ((rc = check_name(ctx, c, kind, names[i], missing_ok, &skipped[i], canon)) == SS_OK && !skipped[i] &&
            !in_set(&s, canon))
            rc = set_add(ctx, &s, canon, views, NULL, false);
    }
    s.ntargets = s.n;
    for (uint32_t i = 0; rc == SS_OK && i < s.ntargets; i++) {
        rc = add_dependents(ctx, c, &s, s.names[i], views);
        if (rc == SS_OK && !views)
            rc = add_fkey_dependents(ctx, c, &s, s.names[i]);
    }
    for (uint32_t i = 0; rc == SS_OK && i < s.n; i++) /* the dropped relations' row types */
        rc = add_rowtype_dependents(ctx, c, &s, s.names[i], s.is_view[i]);
    if (rc == SS_OK && (s.n > s.ntargets || s.nfks || s.ncols) && !cascade)
        rc = refuse_dependents(ctx, c, &s, drop_kind_word(kind));
    for (uint32_t i = 0; rc == SS_OK && missing_ok && i < n; i++)
        if (skipped[i] && notice) {
            char text[256], schema[SS_NS_REF_MAX];
            if (ss_ns_schema_part(names[i], schema, sizeof schema) && !ss_ns_find(c, schema))
                snprintf(text, sizeof text, "schema \"%s\" does not exist, skipping", schema);
            else
                snprintf(text, sizeof text, "%s \"%s\" does not exist, skipping", drop_kind_word(kind),
                         ss_ns_rel(names[i]));
            notice(arg, text);
        }
    free(skipped);
    if (rc == SS_OK && cascade)
        notify_cascade(c, &s, notice, arg);
    /* dependents first: the columns of the row types, the constraints, then the views, the
       last found first */
    for (uint32_t i = 0; rc == SS_OK && i < s.ncols; i++)
        rc = ss_rowtype_drop_use(ctx, c, &s.cols[i]);
    for (uint32_t i = 0; rc == SS_OK && i < s.nfks; i++) {
        rc = ss_fkey_drop_logged(ctx, s.fks[i]);
        c->version++;
    }
    for (uint32_t i = s.n; rc == SS_OK && i-- > 0;) {
        if (s.is_view[i]) {
            rc = drop_view(ctx, c, s.names[i]);
            continue;
        }
        ss_table *t = ss_catalog_find(c, s.names[i]);
        if (t)
            rc = ss_catalog_drop_table(ctx, c, t);
    }
    set_free(&s);
    return rc;
}
