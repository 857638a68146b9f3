/* type_ddl.c — CREATE TYPE ... AS ENUM, ALTER TYPE ... ADD VALUE / RENAME VALUE / RENAME TO
 * and DROP TYPE (type_ddl.h), as PostgreSQL's DefineEnum, AddEnumLabel and RemoveType check them: names
 * shared with relations' row types (42710), labels of at most 63 bytes, the dependencies of
 * table columns on the type or its array (2BP01, or dropped with CASCADE).  Each change is
 * logged in the transaction's DDL log (catalog_txn.h) and undone by ROLLBACK / ROLLBACK TO:
 * an uncommitted CREATE or DROP stamps the type (other sessions see the committed state), an
 * ADD VALUE stamps its label (enum.h: 55P04 for its own transaction until COMMIT), a rename
 * is renamed back. */
#include "catalog/type_ddl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_txn.h"
#include "catalog/namespace.h"
#include "txn/txn_session.h"
#include "catalog/rowtype_deps.h"
#include "types/enum/enum.h"
#include "types/typeio.h"
#include "util/strbuf.h"

static bool has_enum(const ss_catalog *c, const ss_schema *s, const char *rel)
{
    return enum_type_find(c, s, rel) != NULL;
}

ss_enum_type *ss_type_find_enum(const ss_catalog *c, const char *schema, const char *name, bool *schema_missing)
{
    if (schema_missing)
        *schema_missing = false;
    char ref[SS_NS_REF_MAX];
    int w = schema ? snprintf(ref, sizeof ref, "%s.%s", schema, name) : snprintf(ref, sizeof ref, "%s", name);
    if (w < 0 || (size_t)w >= sizeof ref)
        return NULL; /* longer than any name */
    const char *rel;
    const ss_schema *s = ss_ns_lookup(c, ref, has_enum, &rel);
    if (!s) {
        if (schema && schema_missing && !ss_ns_find(c, schema))
            *schema_missing = true;
        return NULL;
    }
    return enum_type_find(c, s, rel);
}

/* The enum type of a statement's reference ref, or 42704 / 3F000. */
static ss_enum_type *find_ref(ss_ctx *ctx, const ss_catalog *c, const char *ref, bool report)
{
    char schema[SS_NS_REF_MAX];
    bool qualified = ss_ns_schema_part(ref, schema, sizeof schema), missing;
    ss_enum_type *e = ss_type_find_enum(c, qualified ? schema : NULL, ss_ns_rel(ref), &missing);
    if (e && ss_ddl_pending_other(&e->ddl)) {
        ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                     "feature not supported: DDL on type \"%s\" while another transaction's DROP TYPE of it "
                     "is uncommitted",
                     ref);
        return NULL;
    }
    if (!e && report) {
        if (missing)
            ss_ctx_error(ctx, "3F000", "schema \"%s\" does not exist", schema);
        else
            ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "type \"%s\" does not exist", ref);
    }
    return e;
}

/* Whether find_ref refused a type another transaction is dropping (its error is set). */
static bool refused(const ss_ctx *ctx)
{
    return ctx->err && ctx->err->message;
}

/* A built-in type of that name (pg_catalog's), or 0. */
static int32_t builtin_type(const char *ref)
{
    char schema[SS_NS_REF_MAX];
    if (ss_ns_schema_part(ref, schema, sizeof schema) && strcmp(schema, "pg_catalog") != 0)
        return 0;
    int32_t id;
    return ss_type_lookup_name(ss_ns_rel(ref), &id) ? id : 0;
}

static const char *display(const ss_enum_type *e, char *buf, size_t n)
{
    return ss_type_display_name((ss_type){e->id, -1}, buf, n);
}

static int check_label(ss_ctx *ctx, const char *label)
{
    if (strlen(label) > ENUM_LABEL_MAX) {
        ss_ctx_error(ctx, "42602", "invalid enum label \"%s\"", label);
        ss_ctx_error_detail(ctx, "Labels must be %d bytes or less.", ENUM_LABEL_MAX);
        return SS_ERROR;
    }
    return SS_OK;
}

int ss_type_relation_conflict(ss_ctx *ctx, const ss_catalog *c, const struct ss_schema *ns, const char *rel)
{
    if (!enum_type_find(c, ns, rel))
        return SS_OK;
    ss_ctx_error(ctx, "42710", "type \"%s\" already exists", rel);
    ss_ctx_error_hint(ctx, "A relation has an associated type of the same name, so you must use a name that "
                           "doesn't conflict with any existing type.");
    return SS_ERROR;
}

/* The top-level xid ss_ddl_log stamps ctx's changes with (0: none, the change is final). */
static ss_xid txn_xid(ss_ctx *ctx)
{
    ss_txn_state *t = ctx->txn;
    ss_xid x;
    uint32_t cid;
    if (!t || !t->active || !t->ddl || ss_txn_state_current(t, &x, &cid) != 0)
        return SS_XID_INVALID;
    return t->top;
}

static void bump(ss_enum_type *e)
{
    if (e->owner)
        ((ss_catalog *)e->owner)->version++;
}

/* CREATE TYPE: a ROLLBACK drops the type, a COMMIT makes it everyone's. */
static void create_undo(void *arg)
{
    ss_enum_type *e = arg;
    enum_type_drop(e);
    e->ddl.created = 0;
    bump(e);
}

static void create_commit(void *arg)
{
    ((ss_enum_type *)arg)->ddl.created = 0;
}

/* DROP TYPE: a ROLLBACK keeps the type, a COMMIT drops it. */
static void drop_undo(void *arg)
{
    ((ss_enum_type *)arg)->ddl.dropped = 0;
    bump(arg);
}

static void drop_commit(void *arg)
{
    ss_enum_type *e = arg;
    enum_type_drop(e);
    e->ddl.dropped = 0;
}

/* The DROP of e by ctx's transaction: final at its COMMIT. */
static int drop_logged(ss_ctx *ctx, ss_catalog *c, ss_enum_type *e)
{
    ss_xid xid = txn_xid(ctx);
    bool logged = false;
    if (xid && ss_ddl_log_callback(ctx, NULL, drop_undo, drop_commit, e, &logged) != SS_OK)
        return SS_ERROR;
    if (logged)
        e->ddl.dropped = xid;
    else
        enum_type_drop(e);
    c->version++;
    return SS_OK;
}

/* ALTER TYPE ... ADD VALUE / RENAME VALUE / RENAME TO, undone by a ROLLBACK. */
typedef struct alter_undo {
    ss_enum_type *e;
    int kind;          /* AST_ALTER_TYPE_* */
    ss_xid xid;        /* ADD VALUE: the label's stamp */
    char *from, *to;   /* the renames: the name before and after; ADD VALUE: to, the label */
} alter_undo;

static void alter_undo_free(alter_undo *u)
{
    free(u->from);
    free(u->to);
    free(u);
}

static void alter_rollback(void *arg)
{
    alter_undo *u = arg;
    ss_ctx quiet = {0}; /* no error kept: memory out leaves the change (a name, an unseen label) */
    if (u->kind == AST_ALTER_TYPE_ADD_VALUE)
        (void)enum_remove_added(u->e, u->xid, u->to);
    else if (u->kind == AST_ALTER_TYPE_RENAME_VALUE)
        (void)enum_rename_label(&quiet, u->e, u->to, u->from);
    else
        (void)enum_rename(&quiet, u->e, u->from);
    bump(u->e);
    alter_undo_free(u);
}

static void alter_commit(void *arg)
{
    alter_undo *u = arg;
    if (u->kind == AST_ALTER_TYPE_ADD_VALUE)
        enum_commit_added(u->e, u->xid);
    alter_undo_free(u);
}

/* Logs the ALTER about to be made (its names from, to); *xid: the stamp of an added label. */
static int alter_log(ss_ctx *ctx, ss_enum_type *e, int kind, const char *from, const char *to, ss_xid *xid)
{
    *xid = txn_xid(ctx);
    if (!*xid)
        return SS_OK;
    alter_undo *u = calloc(1, sizeof *u);
    if (u) {
        u->from = from ? strdup(from) : NULL;
        u->to = to ? strdup(to) : NULL;
    }
    if (!u || (from && !u->from) || (to && !u->to)) {
        if (u)
            alter_undo_free(u);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    u->e = e;
    u->kind = kind;
    u->xid = *xid;
    bool logged;
    if (ss_ddl_log_callback(ctx, NULL, alter_rollback, alter_commit, u, &logged) != SS_OK) {
        alter_undo_free(u);
        return SS_ERROR;
    }
    if (!logged) {
        alter_undo_free(u);
        *xid = SS_XID_INVALID;
    }
    return SS_OK;
}

static int create_enum(ss_ctx *ctx, ss_catalog *c, const ast_stmt *a)
{
    const char *rel;
    const ss_schema *s = ss_ns_creation(ctx, c, a->table, &rel);
    if (!s)
        return SS_ERROR;
    if (enum_type_find(c, s, rel) || (s == ss_ns_pg_catalog(c) && builtin_type(rel)))
        return ss_ctx_error(ctx, "42710", "type \"%s\" already exists", rel);
    if (enum_type_pending_other(c, s, rel))
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: CREATE TYPE \"%s\" while another transaction's CREATE or DROP "
                            "of that type is uncommitted",
                            rel);
    pthread_mutex_lock(&c->mu);
    bool relation = ss_catalog_has_table_or_view(c, s, rel);
    pthread_mutex_unlock(&c->mu);
    if (relation)
        return ss_ctx_error(ctx, "42710", "type \"%s\" already exists", rel);
    for (uint32_t i = 0; i < a->nenum_labels; i++) {
        if (check_label(ctx, a->enum_labels[i]) != SS_OK)
            return SS_ERROR;
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(a->enum_labels[i], a->enum_labels[j]) == 0) {
                /* PostgreSQL's unique index on pg_enum says so */
                ss_ctx_error(ctx, "23505",
                             "duplicate key value violates unique constraint \"pg_enum_typid_label_index\"");
                ss_ctx_error_detail(ctx, "Key (enumtypid, enumlabel)=(%s, %s) already exists.", rel,
                                    a->enum_labels[i]);
                return SS_ERROR;
            }
    }
    ss_enum_type *e;
    /* created: the catalog's version before the bump, as a table's (DROP SCHEMA's order) */
    ss_xid xid = txn_xid(ctx);
    if (enum_type_create(ctx, c, s, rel, a->enum_labels, a->nenum_labels, c->version, xid, &e) != SS_OK)
        return SS_ERROR;
    c->version++;
    bool logged = false;
    if (xid && ss_ddl_log_callback(ctx, NULL, create_undo, create_commit, e, &logged) != SS_OK) {
        enum_type_drop(e);
        return SS_ERROR;
    }
    if (!logged)
        e->ddl.created = 0;
    return SS_OK;
}

/* The columns of c's visible tables whose type is e or e[]: those of e[] first, each in
   table and column order (PostgreSQL reports the array type's dependents first). */
static int uses_of(ss_ctx *ctx, ss_catalog *c, const ss_enum_type *e, ss_rowtype_use **out, uint32_t *n)
{
    *out = NULL;
    *n = 0;
    uint32_t cap = 0;
    pthread_mutex_lock(&c->mu);
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t t = 0; t < c->ntables; t++) {
            ss_table *tb = c->tables[t];
            if (tb->system || !ss_ddl_visible(&tb->ddl))
                continue;
            for (uint32_t k = 0; k < tb->ncols; k++) {
                if (tb->types[k].id != e->id + (pass == 0 ? 1 : 0))
                    continue;
                if (*n == cap) {
                    cap = cap ? cap * 2 : 4;
                    ss_rowtype_use *r = realloc(*out, cap * sizeof *r);
                    if (!r) {
                        pthread_mutex_unlock(&c->mu);
                        free(*out);
                        *out = NULL;
                        return ctx ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory") : SS_ERROR;
                    }
                    *out = r;
                }
                ss_rowtype_use *u = &(*out)[(*n)++];
                memset(u, 0, sizeof *u);
                u->table = tb;
                snprintf(u->column, sizeof u->column, "%s", tb->cols[k].name);
                u->array = pass == 0;
            }
        }
    pthread_mutex_unlock(&c->mu);
    return SS_OK;
}

int ss_type_enum_uses(ss_ctx *ctx, ss_catalog *c, const ss_enum_type *e, ss_rowtype_use **out, uint32_t *n)
{
    return uses_of(ctx, c, e, out, n);
}

int ss_type_drop_enum_cascade(ss_ctx *ctx, ss_catalog *c, ss_enum_type *e)
{
    ss_rowtype_use *u;
    uint32_t n;
    if (uses_of(ctx, c, e, &u, &n) != SS_OK)
        return SS_ERROR;
    int rc = SS_OK;
    for (uint32_t k = 0; k < n && rc == SS_OK; k++)
        rc = ss_rowtype_drop_use(ctx, c, &u[k]);
    free(u);
    return rc == SS_OK ? drop_logged(ctx, c, e) : rc;
}

static int drop_types(ss_ctx *ctx, ss_catalog *c, const ast_stmt *a, void (*notice)(void *, const char *),
                      void *arg)
{
    ss_enum_type **found = calloc(a->ndrop ? a->ndrop : 1, sizeof *found);
    if (!found)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = SS_OK;
    char buf[SS_NS_REF_MAX + 8];
    for (uint32_t i = 0; i < a->ndrop && rc == SS_OK; i++) {
        const char *ref = a->drop_names[i];
        if ((found[i] = find_ref(ctx, c, ref, false)))
            continue;
        if (refused(ctx)) {
            rc = SS_ERROR;
            break;
        }
        int32_t id = builtin_type(ref);
        if (id) {
            rc = ss_ctx_error(ctx, "2BP01", "cannot drop type %s because it is required by the database system",
                              ss_type_display_name((ss_type){id, -1}, buf, sizeof buf));
            break;
        }
        char schema[SS_NS_REF_MAX];
        bool qualified = ss_ns_schema_part(ref, schema, sizeof schema);
        ss_table *t = qualified ? NULL : ss_catalog_find(c, ref);
        if (t && !t->system) {
            rc = ss_ctx_error(ctx, "2BP01", "cannot drop type %s because table %s requires it", ref, ref);
            ss_ctx_error_hint(ctx, "You can drop table %s instead.", ref);
            break;
        }
        if (!a->missing_ok) {
            find_ref(ctx, c, ref, true);
            rc = SS_ERROR;
        } else if (notice) {
            char msg[SS_NS_REF_MAX + 64];
            snprintf(msg, sizeof msg, "type \"%s\" does not exist, skipping", ref);
            notice(arg, msg);
        }
    }
    /* the dependent columns of every type named, reported or dropped together */
    ss_rowtype_use *all = NULL;
    uint32_t nall = 0;
    for (uint32_t i = 0; i < a->ndrop && rc == SS_OK; i++) {
        if (!found[i])
            continue;
        ss_rowtype_use *u;
        uint32_t n;
        if ((rc = uses_of(ctx, c, found[i], &u, &n)) != SS_OK)
            break;
        if (n && !a->cascade) {
            char tn[SS_NS_REF_MAX + 8], un[256];
            ss_ctx_error(ctx, "2BP01", "cannot drop type %s because other objects depend on it",
                         display(found[i], tn, sizeof tn));
            ss_strbuf d;
            ss_strbuf_init(&d);
            for (uint32_t k = 0; k < n; k++) {
                char ty[SS_NS_REF_MAX + 8];
                ss_strbuf_printf(&d, "%s%s depends on type %s", k ? "\n" : "",
                                 ss_rowtype_use_name(c, &u[k], un, sizeof un),
                                 ss_type_display_name((ss_type){found[i]->id + (u[k].array ? 1 : 0), -1}, ty,
                                                      sizeof ty));
            }
            ss_ctx_error_detail(ctx, "%s", d.data ? d.data : "");
            ss_ctx_error_hint(ctx, "Use DROP ... CASCADE to drop the dependent objects too.");
            ss_strbuf_free(&d);
            free(u);
            rc = SS_ERROR;
            break;
        }
        ss_rowtype_use *r = n ? realloc(all, (nall + n) * sizeof *r) : all;
        if (n && !r) {
            free(u);
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            break;
        }
        all = r;
        if (n)
            memcpy(all + nall, u, n * sizeof *u);
        nall += n;
        free(u);
    }
    if (rc == SS_OK && nall && notice) {
        ss_strbuf text;
        ss_strbuf_init(&text);
        char un[256];
        if (nall == 1)
            ss_strbuf_printf(&text, "drop cascades to %s", ss_rowtype_use_name(c, &all[0], un, sizeof un));
        else {
            ss_strbuf_printf(&text, "drop cascades to %u other objects\nDETAIL:  ", nall);
            for (uint32_t k = 0; k < nall; k++)
                ss_strbuf_printf(&text, "%sdrop cascades to %s", k ? "\n" : "",
                                 ss_rowtype_use_name(c, &all[k], un, sizeof un));
        }
        if (text.data)
            notice(arg, text.data);
        ss_strbuf_free(&text);
    }
    for (uint32_t k = 0; k < nall && rc == SS_OK; k++)
        rc = ss_rowtype_drop_use(ctx, c, &all[k]);
    for (uint32_t i = 0; i < a->ndrop && rc == SS_OK; i++)
        if (found[i] && !found[i]->dropped && !found[i]->ddl.dropped) /* (named twice: once) */
            rc = drop_logged(ctx, c, found[i]);
    free(all);
    free(found);
    return rc;
}

static int alter_type(ss_ctx *ctx, ss_catalog *c, const ast_stmt *a, void (*notice)(void *, const char *),
                      void *arg)
{
    ss_enum_type *e = find_ref(ctx, c, a->table, false);
    if (!e && refused(ctx))
        return SS_ERROR;
    if (!e) {
        int32_t id = builtin_type(a->table);
        char buf[SS_NS_REF_MAX + 8];
        if (id && a->alter_type != AST_ALTER_TYPE_RENAME)
            return ss_ctx_error(ctx, "42809", "%s is not an enum",
                                ss_type_display_name((ss_type){id, -1}, buf, sizeof buf));
        if (id)
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: ALTER TYPE ... RENAME TO of a built-in type");
        find_ref(ctx, c, a->table, true);
        return SS_ERROR;
    }
    const enum_labels *l = atomic_load(&e->labels);
    ss_xid xid2;
    switch (a->alter_type) {
    case AST_ALTER_TYPE_ADD_VALUE:
        if (check_label(ctx, a->str) != SS_OK)
            return SS_ERROR;
        if (enum_label_by_name(l, a->str, strlen(a->str))) {
            if (!a->if_not_exists)
                return ss_ctx_error(ctx, "42710", "enum label \"%s\" already exists", a->str);
            if (notice) {
                char msg[128];
                snprintf(msg, sizeof msg, "enum label \"%s\" already exists, skipping", a->str);
                notice(arg, msg);
            }
            return SS_OK;
        }
        if (a->value && !enum_label_by_name(l, a->value, strlen(a->value)))
            return ss_ctx_error(ctx, "22023", "\"%s\" is not an existing enum label", a->value);
        ss_xid xid;
        if (alter_log(ctx, e, AST_ALTER_TYPE_ADD_VALUE, NULL, a->str, &xid) != SS_OK)
            return SS_ERROR;
        if (enum_add_label(ctx, e, a->str, a->value, a->enum_after, xid) != SS_OK)
            return SS_ERROR; /* (logged: the undo finds no label of xid) */
        break;
    case AST_ALTER_TYPE_RENAME_VALUE:
        if (!enum_label_by_name(l, a->value, strlen(a->value)))
            return ss_ctx_error(ctx, "22023", "\"%s\" is not an existing enum label", a->value);
        if (enum_label_by_name(l, a->str, strlen(a->str)))
            return ss_ctx_error(ctx, "42710", "enum label \"%s\" already exists", a->str);
        if (check_label(ctx, a->str) != SS_OK || enum_rename_label(ctx, e, a->value, a->str) != SS_OK)
            return SS_ERROR;
        if (alter_log(ctx, e, AST_ALTER_TYPE_RENAME_VALUE, a->value, a->str, &xid2) != SS_OK) {
            ss_ctx quiet = {0};
            (void)enum_rename_label(&quiet, e, a->str, a->value);
            return SS_ERROR;
        }
        break;
    default: {
        pthread_mutex_lock(&c->mu);
        bool relation = ss_catalog_has_table_or_view(c, e->ns, a->str);
        pthread_mutex_unlock(&c->mu);
        if (relation || enum_type_find(c, e->ns, a->str))
            return ss_ctx_error(ctx, "42710", "type \"%s\" already exists", a->str);
        char *old = strdup(atomic_load(&e->name));
        ss_xid xid;
        if (!old)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        int rc = enum_rename(ctx, e, a->str);
        if (rc == SS_OK && (rc = alter_log(ctx, e, AST_ALTER_TYPE_RENAME, old, a->str, &xid)) != SS_OK) {
            ss_ctx quiet = {0};
            (void)enum_rename(&quiet, e, old);
        }
        free(old);
        if (rc != SS_OK)
            return SS_ERROR;
    }
    }
    c->version++;
    return SS_OK;
}

int ss_type_ddl_run(ss_ctx *ctx, ss_catalog *c, const ast_stmt *a, void (*notice)(void *arg, const char *text),
                    void *arg)
{
    switch (a->kind) {
    case AST_CREATE_TYPE:
        return create_enum(ctx, c, a);
    case AST_DROP_TYPE:
        return drop_types(ctx, c, a, notice, arg);
    default:
        return alter_type(ctx, c, a, notice, arg);
    }
}
