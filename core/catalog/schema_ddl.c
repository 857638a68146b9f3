/* schema_ddl.c — CREATE SCHEMA, DROP SCHEMA [RESTRICT | CASCADE] and ALTER SCHEMA ... RENAME
 * TO as PostgreSQL runs them (CreateSchemaCommand, RemoveObjects with
 * reportDependentObjects' DETAIL lines, RenameSchema), transactional like the other DDL
 * (catalog_txn.h).  What a schema holds: its tables (their indexes and owned sequences go
 * with them), views and sequences; what depends on those from outside (views, FOREIGN KEY
 * constraints of other tables) goes with CASCADE. */
#include "catalog/rowtype_deps.h"
#include "catalog/type_ddl.h"
#include "types/enum/enum.h"
#include "types/typeio.h"
#include "catalog/schema_ddl.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "catalog/object_oids.h"
#include "catalog/settings.h"
#include "catalog/sequences.h"
#include "catalog/view_rename.h"
#include "fkey/fkey.h"
#include "util/grow.h"
#include "util/strbuf.h"

/* 42939 for the names PostgreSQL reserves. */
static int check_name(ss_ctx *ctx, const char *name)
{
    if (strncmp(name, "pg_", 3) != 0)
        return SS_OK;
    ss_ctx_error(ctx, "42939", "unacceptable schema name \"%s\"", name);
    ss_ctx_error_detail(ctx, "The prefix \"pg_\" is reserved for system schemas.");
    return SS_ERROR;
}

int ss_schema_create(ss_ctx *ctx, ss_catalog *c, const char *name, bool if_not_exists)
{
    if (check_name(ctx, name))
        return SS_ERROR;
    if (ss_ns_find(c, name)) {
        if (if_not_exists) {
            ss_ctx_message(ctx, SS_MSG_NOTICE, "schema \"%s\" already exists, skipping", name);
            return SS_OK;
        }
        return ss_ctx_error(ctx, "42P06", "schema \"%s\" already exists", name);
    }
    ss_schema *s = calloc(1, sizeof *s);
    if (!s || !(s->name = strdup(name))) {
        free(s);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    pthread_mutex_lock(&c->mu);
    s->created = c->version;
    s->oid = ss_catalog_new_oid(c);
    if (!ss_grow((void **)&c->schemas, &c->cap_schemas, c->nschemas + 1, sizeof *c->schemas, 8) ||
        ss_ddl_log(ctx, SS_DDL_SCHEMA_CREATE, s, NULL, &s->ddl.created)) {
        pthread_mutex_unlock(&c->mu);
        free(s->name);
        free(s);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    c->schemas[c->nschemas++] = s;
    c->version++;
    pthread_mutex_unlock(&c->mu);
    return SS_OK;
}

int ss_schema_rename(ss_ctx *ctx, ss_catalog *c, const char *name, const char *new_name)
{
    ss_schema *s = ss_ns_find(c, name);
    if (!s)
        return ss_ctx_error(ctx, "3F000", "schema \"%s\" does not exist", name);
    if (ss_ns_find(c, new_name))
        return ss_ctx_error(ctx, "42P06", "schema \"%s\" already exists", new_name);
    if (check_name(ctx, new_name))
        return SS_ERROR;
    if (s->system)
        return ss_ctx_error(ctx, "42939", "unacceptable schema name \"%s\"", name);
    /* the views reading its relations name them qualified: they follow (view_rename.c) */
    if (ss_views_follow_schema_rename(ctx, c, name, new_name))
        return SS_ERROR;
    char *copy = strdup(new_name);
    if (!copy)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ss_xid xid;
    if (ss_ddl_log(ctx, SS_DDL_SCHEMA_RENAME, s, NULL, &xid)) {
        free(copy);
        return SS_ERROR;
    }
    pthread_mutex_lock(&c->mu);
    if (xid && !s->old_name) {
        s->old_name = s->name; /* put back by a rollback, seen by others until the commit */
        s->rename.created = xid;
    }
    else
        free(s->name);
    s->name = copy;
    c->version++;
    pthread_mutex_unlock(&c->mu);
    return SS_OK;
}

/* ---- DROP SCHEMA ---------------------------------------------------------------------- */

/* One object a schema holds, in creation order. */
typedef struct member {
    char kind;            /* 't' table, 'm' materialized view, 'v' view, 's' sequence, 'y' type */
    char *name;           /* a copy: a cascade may free the entry before its turn */
    uint64_t created;
} member;

typedef struct members {
    member *v;
    uint32_t n;
    size_t cap;
} members;

static int add_member(ss_ctx *ctx, members *m, char kind, const char *name, uint64_t created)
{
    char *copy = strdup(name);
    if (!copy || !ss_grow((void **)&m->v, &m->cap, m->n + 1, sizeof *m->v, 8)) {
        free(copy);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    uint32_t at = m->n;
    while (at > 0 && m->v[at - 1].created > created)
        at--;
    memmove(&m->v[at + 1], &m->v[at], (m->n - at) * sizeof *m->v);
    m->v[at] = (member){kind, copy, created};
    m->n++;
    return SS_OK;
}

/* The visible tables, views and sequences of s (a sequence owned by a table of s goes with
   its table and is no member of its own, as PostgreSQL's auto dependency). */
static int collect(ss_ctx *ctx, ss_catalog *c, const ss_schema *s, members *m)
{
    int rc = SS_OK;
    pthread_mutex_lock(&c->mu);
    for (uint32_t i = 0; rc == SS_OK && i < c->ntables; i++)
        if (c->tables[i]->ns == s && ss_ddl_visible(&c->tables[i]->ddl))
            rc = add_member(ctx, m, ss_is_matview(c->tables[i]) ? 'm' : 't', c->tables[i]->name,
                            c->tables[i]->created);
    for (uint32_t i = 0; rc == SS_OK && i < c->nuser_views; i++)
        if (c->user_views[i]->ns == s && ss_ddl_visible(&c->user_views[i]->ddl))
            rc = add_member(ctx, m, 'v', c->user_views[i]->name, c->user_views[i]->created);
    pthread_mutex_unlock(&c->mu);
    ss_seq_catalog *sc = c->sequences;
    pthread_mutex_lock(&sc->mu);
    for (uint32_t i = 0; rc == SS_OK && i < sc->n; i++) {
        const ss_sequence *q = sc->seqs[i];
        if (q->ns != s || !ss_ddl_visible(&q->ddl))
            continue;
        char prefix[SS_NS_REF_MAX];
        snprintf(prefix, sizeof prefix, "%s.", ss_ns_name(s));
        if (q->owner_table && strncmp(q->owner_table, prefix, strlen(prefix)) == 0)
            continue;
        rc = add_member(ctx, m, 's', q->name, q->created);
    }
    pthread_mutex_unlock(&sc->mu);
    ss_enum_type **types; /* enum types (type_ddl.h) */
    uint32_t nt = 0;
    if (rc == SS_OK && enum_types_of(c, &types, &nt) != SS_OK)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; rc == SS_OK && i < nt; i++)
        if (types[i]->ns == s)
            rc = add_member(ctx, m, 'y', atomic_load(&types[i]->name), types[i]->created);
    if (nt)
        free(types);
    return rc;
}

static const char *kind_word(char kind)
{
    return kind == 't'   ? "table"
           : kind == 'm' ? "materialized view"
           : kind == 'v' ? "view"
           : kind == 'y' ? "type"
                         : "sequence";
}

/* Whether view v (outside the schema) reads relation ref. */
static bool view_reads(const ss_view *v, const char *ref)
{
    for (uint32_t d = 0; d < v->ndeps; d++)
        if (strcmp(v->deps[d], ref) == 0)
            return true;
    return false;
}

/* The DETAIL lines: each member "depends on schema s", each followed by what depends on it
   from outside the schema (views reading it, FOREIGN KEYs of other tables referencing it). */
static void describe(ss_catalog *c, const ss_schema *s, const members *m, bool cascade, ss_strbuf *out,
                     uint32_t *count)
{
    *count = 0;
    for (uint32_t i = 0; i < m->n; i++) {
        char buf[SS_NS_REF_MAX], ref[SS_NS_REF_MAX];
        ss_ns_display(c, s, m->v[i].name, buf, sizeof buf);
        ss_ns_qualify(s, m->v[i].name, ref, sizeof ref);
        if ((*count)++)
            ss_strbuf_putc(out, '\n');
        if (cascade)
            ss_strbuf_printf(out, "drop cascades to %s %s", kind_word(m->v[i].kind), buf);
        else
            ss_strbuf_printf(out, "%s %s depends on schema %s", kind_word(m->v[i].kind), buf, ss_ns_name(s));
        if (m->v[i].kind == 't') {
            ss_table *t = ss_catalog_find(c, ref);
            uint32_t n = 0;
            ss_fkey **fks = t ? ss_fkey_referencing(c, t, false, &n) : NULL;
            for (uint32_t k = 0; k < n; k++) {
                if (fks[k]->table->ns == s)
                    continue;
                char other[SS_NS_REF_MAX];
                ss_ns_display(c, fks[k]->table->ns, fks[k]->table->name, other, sizeof other);
                ss_strbuf_putc(out, '\n');
                (*count)++;
                if (cascade)
                    ss_strbuf_printf(out, "drop cascades to constraint %s on table %s", fks[k]->name, other);
                else
                    ss_strbuf_printf(out, "constraint %s on table %s depends on table %s", fks[k]->name, other, buf);
            }
            free(fks);
        }
        if (m->v[i].kind == 'y') { /* the columns of other schemas' tables using it */
            ss_enum_type *e = enum_type_find(c, s, m->v[i].name);
            ss_rowtype_use *u = NULL;
            uint32_t n = 0;
            if (e && ss_type_enum_uses(NULL, c, e, &u, &n) != SS_OK)
                n = 0;
            for (uint32_t k = 0; k < n; k++) {
                if (u[k].table->ns == s)
                    continue;
                char un[256], tn[2 * SS_NS_REF_MAX + 8];
                ss_rowtype_use_name(c, &u[k], un, sizeof un);
                ss_strbuf_putc(out, '\n');
                (*count)++;
                if (cascade)
                    ss_strbuf_printf(out, "drop cascades to %s", un);
                else
                    ss_strbuf_printf(out, "%s depends on type %s", un,
                                     ss_type_display_name((ss_type){e->id + (u[k].array ? 1 : 0), -1}, tn, sizeof tn));
            }
            free(u);
            continue;
        }
        if (m->v[i].kind == 's')
            continue;
        /* views and materialized views of other schemas reading it, in creation order (as
           PostgreSQL's dependency scan finds them) */
        uint64_t last = 0;
        for (;;) {
            const ss_view *nv = NULL;
            const ss_table *nm = NULL;
            uint64_t best = UINT64_MAX;
            for (uint32_t k = 0; k < c->nuser_views; k++) {
                const ss_view *v = c->user_views[k];
                if (v->ns != s && ss_ddl_visible(&v->ddl) && v->created >= last && v->created < best &&
                    view_reads(v, ref))
                    nv = v, best = v->created;
            }
            for (uint32_t k = 0; k < c->ntables; k++) {
                const ss_table *t = c->tables[k];
                if (!ss_is_matview(t) || t->ns == s || !ss_ddl_visible(&t->ddl) || t->matview->created < last ||
                    t->matview->created >= best)
                    continue;
                for (uint32_t d = 0; d < t->matview->ndeps; d++)
                    if (strcmp(t->matview->deps[d], ref) == 0) {
                        nm = t, nv = NULL, best = t->matview->created;
                        break;
                    }
            }
            if (!nv && !nm)
                break;
            last = best + 1;
            char other[SS_NS_REF_MAX];
            if (nv)
                ss_ns_display(c, nv->ns, nv->name, other, sizeof other);
            else
                ss_ns_display(c, nm->ns, nm->name, other, sizeof other);
            const char *what = nv ? "view" : "materialized view";
            ss_strbuf_putc(out, '\n');
            (*count)++;
            if (cascade)
                ss_strbuf_printf(out, "drop cascades to %s %s", what, other);
            else
                ss_strbuf_printf(out, "%s %s depends on %s %s", what, other, kind_word(m->v[i].kind), buf);
        }
    }
}

/* Drops the members of s with CASCADE (their outside dependents with them): views, then
   materialized views, then tables, then the sequences left. */
static int drop_members(ss_ctx *ctx, ss_catalog *c, const ss_schema *s, const members *m)
{
    static const char order[] = {'v', 'm', 't', 's', 'y'};
    for (size_t k = 0; k < sizeof order; k++)
        for (uint32_t i = m->n; i-- > 0;) {
            if (m->v[i].kind != order[k])
                continue;
            char ref[SS_NS_REF_MAX];
            ss_ns_qualify(s, m->v[i].name, ref, sizeof ref);
            const char *names[1] = {ref};
            int rc = SS_OK;
            if (order[k] == 'y') {
                ss_enum_type *e = enum_type_find(c, s, m->v[i].name);
                rc = e ? ss_type_drop_enum_cascade(ctx, c, e) : SS_OK;
            } else if (order[k] == 's')
                rc = ss_seq_exists(c->sequences, ref) ? ss_seq_drop(ctx, c->sequences, ref) : SS_OK;
            else if (order[k] != 'v' ? ss_catalog_find(c, ref) != NULL : ss_catalog_find_view(c, ref) != NULL)
                rc = ss_catalog_drop_relations(ctx, c,
                                               order[k] == 'v'   ? SS_DROP_VIEW
                                               : order[k] == 'm' ? SS_DROP_MATVIEW
                                                                 : SS_DROP_TABLE,
                                               names, 1, true, true, NULL, NULL);
            if (rc)
                return SS_ERROR;
        }
    return SS_OK;
}

int ss_schema_drop(ss_ctx *ctx, ss_catalog *c, const char *const *names, uint32_t n, bool missing_ok, bool cascade)
{
    /* every name first, as PostgreSQL's RemoveObjects */
    for (uint32_t i = 0; i < n; i++) {
        ss_schema *s = ss_ns_find(c, names[i]);
        if (!s && !missing_ok)
            return ss_ctx_error(ctx, "3F000", "schema \"%s\" does not exist", names[i]);
        if (s && s->system)
            return ss_ctx_error(ctx, "2BP01", "cannot drop schema %s because it is required by the database system",
                                s->name);
    }
    for (uint32_t i = 0; i < n; i++) {
        ss_schema *s = ss_ns_find(c, names[i]);
        if (!s) {
            ss_ctx_message(ctx, SS_MSG_NOTICE, "schema \"%s\" does not exist, skipping", names[i]);
            continue;
        }
        members m = {0};
        int rc = collect(ctx, c, s, &m);
        ss_strbuf text;
        ss_strbuf_init(&text);
        uint32_t count = 0;
        if (rc == SS_OK && m.n)
            describe(c, s, &m, cascade, &text, &count);
        if (rc == SS_OK && text.oom)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        if (rc == SS_OK && count && !cascade) {
            ss_ctx_error(ctx, "2BP01", "cannot drop schema %s because other objects depend on it", ss_ns_name(s));
            ss_ctx_error_detail(ctx, "%s", text.data);
            ss_ctx_error_hint(ctx, "Use DROP ... CASCADE to drop the dependent objects too.");
            rc = SS_ERROR;
        }
        if (rc == SS_OK && count == 1)
            ss_ctx_message(ctx, SS_MSG_NOTICE, "%s", text.data);
        else if (rc == SS_OK && count > 1)
            /* the DETAIL travels in the notice's text, as the shell prints it */
            ss_ctx_message(ctx, SS_MSG_NOTICE, "drop cascades to %u other objects\nDETAIL:  %s", count, text.data);
        ss_strbuf_free(&text);
        if (rc == SS_OK)
            rc = drop_members(ctx, c, s, &m);
        for (uint32_t k = 0; k < m.n; k++)
            free(m.v[k].name);
        free(m.v);
        if (rc)
            return SS_ERROR;
        ss_xid xid;
        if (ss_ddl_log(ctx, SS_DDL_SCHEMA_DROP, s, NULL, &xid))
            return SS_ERROR;
        ss_ddl_drop_or_mark(c, SS_DDL_SCHEMA_DROP, s, xid);
    }
    return SS_OK;
}
