/* namespace.c — the database's schemas and relation name resolution (namespace.h), after
 * PostgreSQL's namespace.c: the search path parsed from the session's search_path setting
 * ("$user" names no schema: Sunstone has no roles), pg_catalog searched first unless the
 * path places it, only existing schemas taking part. */
#include "catalog/object_oids.h"
#include "catalog/namespace.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "catalog/settings.h"
#include "util/grow.h"
#include "util/tls.h"

static SS_TLS const ss_settings *g_session;
static SS_TLS const char *g_override; /* a view's search path while it is bound */

void ss_ns_session_set(const ss_settings *s)
{
    g_session = s;
}

const char *ss_ns_path_override(const char *path)
{
    const char *old = g_override;
    g_override = path;
    return old;
}

const char *ss_ns_search_path(void)
{
    if (g_override)
        return g_override;
    const char *v = g_session ? ss_settings_get(g_session, "search_path") : NULL;
    return v ? v : "\"$user\", public";
}

/* ---- the schemas ---------------------------------------------------------------------- */

static ss_schema *add(ss_catalog *c, const char *name, bool system)
{
    if (!ss_grow((void **)&c->schemas, &c->cap_schemas, c->nschemas + 1, sizeof *c->schemas, 8))
        return NULL;
    ss_schema *s = calloc(1, sizeof *s);
    if (!s || !(s->name = strdup(name))) {
        free(s);
        return NULL;
    }
    s->system = system;
    s->created = c->version;
    s->oid = ss_builtin_schema_oid(name);
    if (!s->oid)
        s->oid = ss_catalog_new_oid(c);
    c->schemas[c->nschemas++] = s;
    return s;
}

int ss_ns_init(ss_catalog *c)
{
    /* information_schema: system like pg_catalog (not droppable), but searched only when
       the path lists it */
    return add(c, "pg_catalog", true) && add(c, "public", false) && add(c, "information_schema", true) ? SS_OK
                                                                                                        : SS_ERROR;
}

static void free_schema(ss_schema *s)
{
    free(s->name);
    free(s->old_name);
    free(s);
}

void ss_ns_free(ss_catalog *c)
{
    for (uint32_t i = 0; i < c->nschemas; i++)
        free_schema(c->schemas[i]);
    free(c->schemas);
    c->schemas = NULL;
    c->nschemas = c->cap_schemas = 0;
}

void ss_ns_destroy(ss_catalog *c, ss_schema *s)
{
    for (uint32_t i = 0; i < c->nschemas; i++)
        if (c->schemas[i] == s) {
            memmove(&c->schemas[i], &c->schemas[i + 1], (c->nschemas - i - 1) * sizeof *c->schemas);
            c->nschemas--;
            free_schema(s);
            c->version++;
            return;
        }
}

const char *ss_ns_name(const ss_schema *s)
{
    return s->old_name && ss_ddl_pending_other(&s->rename) ? s->old_name : s->name;
}

void ss_ns_rename_end(ss_schema *s, bool commit)
{
    s->rename.created = SS_XID_INVALID;
    if (!s->old_name)
        return;
    if (!commit) {
        free(s->name);
        s->name = s->old_name;
    } else {
        free(s->old_name);
    }
    s->old_name = NULL;
}

ss_schema *ss_ns_temp_of(const ss_catalog *c, const void *owner)
{
    for (uint32_t i = 0; owner && i < c->nschemas; i++)
        if (c->schemas[i]->temp_owner == owner)
            return c->schemas[i];
    return NULL;
}

bool ss_ns_is_temp(const ss_schema *s)
{
    return s && s->temp_owner != NULL;
}

ss_schema *ss_ns_find(const ss_catalog *c, const char *name)
{
    if (strcmp(name, "pg_temp") == 0)
        return ss_ns_temp_of(c, g_session);
    for (uint32_t i = 0; i < c->nschemas; i++) {
        ss_schema *s = c->schemas[i];
        if (strcmp(ss_ns_name(s), name) == 0 && ss_ddl_visible(&s->ddl))
            return s->temp_owner && s->temp_owner != g_session ? NULL : s;
    }
    return NULL;
}

/* The running session's temporary schema, made at its first temporary relation: pg_temp_N,
   committed at once (PostgreSQL keeps a backend's temporary schema for its life too) and
   dropped with what it holds when the session closes. */
static ss_schema *temp_schema_for_creation(ss_ctx *ctx, ss_catalog *c)
{
    ss_schema *s = ss_ns_temp_of(c, g_session);
    if (s)
        return s;
    if (!g_session) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "no session to create a temporary relation for");
        return NULL;
    }
    char name[32];
    snprintf(name, sizeof name, "pg_temp_%u", 3 + c->temp_schemas_made++);
    if (!(s = add(c, name, false))) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    s->temp_owner = g_session;
    c->version++;
    return s;
}

ss_schema *ss_ns_pg_catalog(const ss_catalog *c)
{
    return c->nschemas ? c->schemas[0] : NULL;
}

/* ---- references ----------------------------------------------------------------------- */

const char *ss_ns_rel(const char *ref)
{
    const char *dot = strchr(ref, '.');
    return dot ? dot + 1 : ref;
}

bool ss_ns_schema_part(const char *ref, char *out, size_t outsz)
{
    const char *dot = strchr(ref, '.');
    size_t n = dot ? (size_t)(dot - ref) : 0;
    if (n >= outsz)
        n = outsz - 1;
    memcpy(out, ref, n);
    out[n] = '\0';
    return dot != NULL;
}

const char *ss_ns_qualify(const ss_schema *s, const char *rel, char *buf, size_t bufsz)
{
    snprintf(buf, bufsz, "%s.%s", ss_ns_name(s), rel);
    return buf;
}

/* ---- the search path ------------------------------------------------------------------ */

#define MAX_PATH 32

/* The schemas of the search path, in order, existing ones only; *explicit_catalog tells
 * whether the path lists pg_catalog. */
static uint32_t path_schemas(const ss_catalog *c, const ss_schema **out, bool *explicit_catalog)
{
    const char *v = ss_ns_search_path();
    uint32_t n = 0;
    *explicit_catalog = false;
    const char *p = v;
    while (*p && n < MAX_PATH) {
        char name[SS_NS_REF_MAX];
        size_t len = 0;
        bool quoted = false;
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '"') {
            quoted = true;
            for (p++; *p && !(*p == '"' && p[1] != '"'); p++) {
                if (*p == '"')
                    p++;
                if (len + 1 < sizeof name)
                    name[len++] = *p;
            }
            if (*p == '"')
                p++;
        } else {
            for (; *p && *p != ',' && !isspace((unsigned char)*p); p++)
                if (len + 1 < sizeof name)
                    name[len++] = (char)tolower((unsigned char)*p);
        }
        name[len] = '\0';
        while (*p && *p != ',')
            p++;
        if (*p == ',')
            p++;
        if (quoted && strcmp(name, "$user") == 0)
            continue; /* no roles: the user's schema is never there */
        const ss_schema *s = len ? ss_ns_find(c, name) : NULL;
        if (!s)
            continue;
        bool dup = false;
        for (uint32_t i = 0; i < n && !dup; i++)
            dup = out[i] == s;
        if (dup)
            continue;
        *explicit_catalog |= s == ss_ns_pg_catalog(c);
        out[n++] = s;
    }
    return n;
}

/* The schemas an unqualified name is looked for in: pg_catalog first unless placed. */
static uint32_t search_order(const ss_catalog *c, const ss_schema **out)
{
    bool placed;
    const ss_schema *path[MAX_PATH];
    uint32_t n = path_schemas(c, path, &placed), m = 0;
    const ss_schema *temp = ss_ns_temp_of(c, g_session);
    bool temp_placed = false;
    for (uint32_t i = 0; i < n; i++)
        temp_placed |= path[i] == temp;
    if (temp && !temp_placed) /* PostgreSQL: pg_temp first unless the path places it */
        out[m++] = temp;
    if (!placed && ss_ns_pg_catalog(c))
        out[m++] = ss_ns_pg_catalog(c);
    for (uint32_t i = 0; i < n; i++)
        out[m++] = path[i];
    return m;
}

const ss_schema *ss_ns_lookup(const ss_catalog *c, const char *ref, ss_ns_has_fn has, const char **rel)
{
    char schema[SS_NS_REF_MAX];
    *rel = ss_ns_rel(ref);
    if (ss_ns_schema_part(ref, schema, sizeof schema))
        return ss_ns_find(c, schema);
    const ss_schema *order[MAX_PATH + 2];
    uint32_t n = search_order(c, order);
    for (uint32_t i = 0; i < n; i++)
        if (has(c, order[i], *rel))
            return order[i];
    return NULL;
}

const ss_schema *ss_ns_creation(ss_ctx *ctx, const ss_catalog *c, const char *ref, const char **rel)
{
    char schema[SS_NS_REF_MAX];
    *rel = ss_ns_rel(ref);
    if (ss_ns_schema_part(ref, schema, sizeof schema)) {
        if (strcmp(schema, "pg_temp") == 0)
            return temp_schema_for_creation(ctx, (ss_catalog *)c);
        const ss_schema *s = ss_ns_find(c, schema);
        if (!s)
            ss_ctx_error(ctx, "3F000", "schema \"%s\" does not exist", schema);
        return s;
    }
    bool placed;
    const ss_schema *path[MAX_PATH];
    if (path_schemas(c, path, &placed) == 0) {
        ss_ctx_error(ctx, "3F000", "no schema has been selected to create in");
        return NULL;
    }
    return path[0];
}

const char *ss_ns_display(const ss_catalog *c, const ss_schema *s, const char *rel, char *buf, size_t bufsz)
{
    bool placed;
    const ss_schema *path[MAX_PATH];
    uint32_t n = path_schemas(c, path, &placed);
    bool visible = s == ss_ns_pg_catalog(c) || (s->temp_owner && s->temp_owner == g_session);
    for (uint32_t i = 0; i < n && !visible; i++)
        visible = path[i] == s;
    if (visible)
        snprintf(buf, bufsz, "%s", rel);
    else
        ss_ns_qualify(s, rel, buf, bufsz);
    return buf;
}

uint32_t ss_ns_current_schemas(const ss_catalog *c, bool implicit, const char **out, uint32_t max)
{
    const ss_schema *order[MAX_PATH + 2];
    bool placed;
    uint32_t n;
    if (implicit) {
        n = search_order(c, order);
    } else {
        n = path_schemas(c, order, &placed);
    }
    uint32_t m = 0;
    for (uint32_t i = 0; i < n && m < max; i++)
        out[m++] = ss_ns_name(order[i]);
    return m;
}

const ss_schema *ss_ns_creation_qualified(ss_ctx *ctx, const ss_catalog *c, const char *ref, const char **rel,
                                          char *buf, size_t bufsz)
{
    const ss_schema *s = ss_ns_creation(ctx, c, ref, rel);
    if (s)
        ss_ns_qualify(s, *rel, buf, bufsz);
    return s;
}

const char *ss_ns_creation_ref(ss_ctx *ctx, const ss_catalog *c, const char *ref, char *buf, size_t bufsz)
{
    const char *rel;
    return ss_ns_creation_qualified(ctx, c, ref, &rel, buf, bufsz) ? buf : NULL;
}
