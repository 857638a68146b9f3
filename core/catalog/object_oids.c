/* object_oids.c — (oid8) the oids of the catalog's objects (object_oids.h): handing them out,
 * the built-in ones, the relations by oid and by name (regclass), and the image record that
 * keeps them across a database file's reopen. */
#include "catalog/object_oids.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/matview.h"
#include "types/func_impl.h"
#include "util/tls.h"

uint32_t ss_catalog_new_oid(ss_catalog *c)
{
    return atomic_fetch_add(&c->next_oid, 1);
}

static const struct { const char *name; uint32_t oid; } pg_oids[] = {
    {"pg_type", 1247},      {"pg_attribute", 1249}, {"pg_proc", 1255},      {"pg_class", 1259},
    {"pg_authid", 1260},    {"pg_database", 1262},  {"pg_attrdef", 2604},   {"pg_constraint", 2606},
    {"pg_inherits", 2611},  {"pg_index", 2610},     {"pg_namespace", 2615}, {"pg_am", 2601},
    {"pg_description", 2609}, {"pg_enum", 3501},    {"pg_sequence", 2224},  {"pg_settings", 12290},
    {"pg_roles", 12001},    {"pg_user", 12005},     {"pg_tables", 12019},   {"pg_indexes", 12032},
    {"pg_views", 12015},    {"pg_matviews", 12027}, {"pg_cursors", 12231},  {"pg_prepared_statements", 12239},
};

uint32_t ss_system_view_oid(const char *name, uint32_t index)
{
    for (size_t i = 0; i < sizeof pg_oids / sizeof pg_oids[0]; i++)
        if (strcmp(pg_oids[i].name, name) == 0)
            return pg_oids[i].oid;
    return 14000 + index; /* Sunstone's own and information_schema's: below FirstNormalObjectId */
}

uint32_t ss_builtin_schema_oid(const char *name)
{
    return strcmp(name, "pg_catalog") == 0 ? SS_OID_PG_CATALOG
           : strcmp(name, "public") == 0   ? SS_OID_PUBLIC
           : strcmp(name, "information_schema") == 0 ? SS_OID_INFORMATION_SCHEMA
                                                     : 0;
}

static SS_TLS const ss_catalog *g_catalog;

void ss_oid_catalog_set(const ss_catalog *c)
{
    g_catalog = c;
}

const ss_catalog *ss_oid_catalog(void)
{
    return g_catalog;
}

/* ---- the relations ---------------------------------------------------------------------- */

static int table_rels(const ss_catalog *c, ss_table *t, ss_rel_fn fn, void *arg)
{
    (void)c;
    ss_rel_ref r = {t->system ? 'v' : ss_is_matview(t) ? 'm' : 'r', t->oid, t->name, t->ns, t, NULL, NULL, NULL};
    int rc = fn(arg, &r);
    if (rc || !t->indexes)
        return rc;
    ss_index_lock(t);
    for (uint32_t k = 0; rc == 0 && k < t->indexes->n; k++) {
        const ss_index *ix = t->indexes->list[k];
        if (!ss_ddl_visible(&ix->ddl))
            continue;
        ss_rel_ref ri = {'i', ix->oid, ix->name, t->ns, t, NULL, NULL, ix};
        rc = fn(arg, &ri);
    }
    ss_index_unlock(t);
    return rc;
}

int ss_rel_each(const ss_catalog *c, ss_rel_fn fn, void *arg)
{
    int rc = 0;
    for (uint32_t i = 0; rc == 0 && i < c->nviews; i++)
        rc = table_rels(c, c->views[i], fn, arg);
    for (uint32_t i = 0; rc == 0 && i < c->ntables; i++)
        if (ss_ddl_visible(&c->tables[i]->ddl))
            rc = table_rels(c, c->tables[i], fn, arg);
    for (uint32_t i = 0; rc == 0 && i < c->nuser_views; i++) {
        ss_view *v = c->user_views[i];
        if (!ss_ddl_visible(&v->ddl))
            continue;
        ss_rel_ref r = {'v', v->oid, v->name, v->ns, NULL, v, NULL, NULL};
        rc = fn(arg, &r);
    }
    ss_seq_catalog *sc = c->sequences;
    if (rc == 0 && sc) {
        pthread_mutex_lock(&sc->mu);
        for (uint32_t i = 0; rc == 0 && i < sc->n; i++) {
            const ss_sequence *q = sc->seqs[i];
            if (!ss_ddl_visible(&q->ddl))
                continue;
            ss_rel_ref r = {'S', q->oid, q->name, q->ns, NULL, NULL, q, NULL};
            rc = fn(arg, &r);
        }
        pthread_mutex_unlock(&sc->mu);
    }
    return rc;
}

typedef struct rel_match {
    uint32_t oid;
    const ss_schema *ns;
    const char *name;
    ss_rel_ref *out;
} rel_match;

static int match_oid(void *arg, const ss_rel_ref *r)
{
    rel_match *m = arg;
    if (r->oid != m->oid)
        return 0;
    *m->out = *r;
    return 1;
}

bool ss_rel_by_oid(const ss_catalog *c, uint32_t oid, ss_rel_ref *out)
{
    rel_match m = {oid, NULL, NULL, out};
    return oid != 0 && ss_rel_each(c, match_oid, &m) == 1;
}

static int match_name(void *arg, const ss_rel_ref *r)
{
    rel_match *m = arg;
    if (r->ns != m->ns || strcmp(r->name, m->name) != 0)
        return 0;
    if (m->out)
        *m->out = *r;
    return 1;
}

static bool rel_in(const ss_catalog *c, const ss_schema *s, const char *rel, ss_rel_ref *out)
{
    rel_match m = {0, s, rel, out};
    return ss_rel_each(c, match_name, &m) == 1;
}

static bool has_rel(const ss_catalog *c, const ss_schema *s, const char *rel)
{
    return rel_in(c, s, rel, NULL);
}

uint32_t ss_oid_parse_names(const char *text, size_t len, char *buf, size_t bufsz, const char **parts, uint32_t max,
                            bool *ok)
{
    size_t i = 0, o = 0;
    uint32_t n = 0;
    *ok = false;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    for (;;) {
        if (n == max || o + 1 >= bufsz)
            return n;
        parts[n] = buf + o;
        size_t start = o;
        if (i < len && text[i] == '"') {
            for (i++;; i++) {
                if (i >= len)
                    return n;
                if (text[i] == '"') {
                    if (i + 1 < len && text[i + 1] == '"') {
                        i++;
                    } else {
                        i++;
                        break;
                    }
                }
                if (o + 1 >= bufsz)
                    return n;
                buf[o++] = text[i];
            }
            if (o == start)
                return n;
        } else {
            while (i < len && text[i] != '.' && !isspace((unsigned char)text[i])) {
                if (o + 1 >= bufsz)
                    return n;
                buf[o++] = (char)tolower((unsigned char)text[i++]);
            }
            if (o == start)
                return n;
        }
        buf[o++] = '\0';
        n++;
        while (i < len && isspace((unsigned char)text[i]))
            i++;
        if (i >= len) {
            *ok = true;
            return n;
        }
        if (text[i] != '.')
            return n;
        i++;
        while (i < len && isspace((unsigned char)text[i]))
            i++;
    }
}

bool ss_rel_by_name(const ss_catalog *c, const char *text, size_t len, ss_rel_ref *out, bool *syntax)
{
    char buf[2 * SS_NS_REF_MAX];
    const char *parts[4];
    bool ok;
    uint32_t n = ss_oid_parse_names(text, len, buf, sizeof buf, parts, 4, &ok);
    *syntax = !ok || n == 0 || n > 2;
    if (*syntax)
        return false;
    if (n == 2) {
        const ss_schema *s = ss_ns_find(c, parts[0]);
        return s && rel_in(c, s, parts[1], out);
    }
    const char *rel;
    const ss_schema *s = ss_ns_lookup(c, parts[0], has_rel, &rel);
    return s && rel_in(c, s, rel, out);
}

const ss_schema *ss_ns_by_oid(const ss_catalog *c, uint32_t oid)
{
    for (uint32_t i = 0; oid && i < c->nschemas; i++)
        if (c->schemas[i]->oid == oid && ss_ddl_visible(&c->schemas[i]->ddl))
            return c->schemas[i];
    return NULL;
}

bool ss_rel_visible(const ss_catalog *c, const ss_rel_ref *r)
{
    const char *rel;
    return ss_ns_lookup(c, r->name, has_rel, &rel) == r->ns;
}

void ss_rel_regclass_text(const ss_catalog *c, const ss_rel_ref *r, ss_strbuf *out)
{
    /* qualified when an unqualified lookup would not find this one */
    const char *rel;
    const ss_schema *s = ss_ns_lookup(c, r->name, has_rel, &rel);
    if (s != r->ns) {
        const char *ns = ss_ns_name(r->ns);
        ss_quote_ident_append(out, ns, strlen(ns));
        ss_strbuf_putc(out, '.');
    }
    ss_quote_ident_append(out, r->name, strlen(r->name));
}

/* ---- the image record ------------------------------------------------------------------- */

static void put_hex(ss_strbuf *out, const char *s)
{
    for (; *s; s++)
        ss_strbuf_printf(out, "%02x", (unsigned char)*s);
}

static int image_rel(void *arg, const ss_rel_ref *r)
{
    ss_strbuf *out = arg;
    if (r->kind == 'v' && r->table) /* a system view */
        return 0;
    ss_strbuf_printf(out, "%c %u ", r->kind, r->oid);
    put_hex(out, ss_ns_name(r->ns));
    ss_strbuf_putc(out, ' ');
    put_hex(out, r->name);
    ss_strbuf_putc(out, '\n');
    return 0;
}

void ss_oid_image_record(const ss_catalog *c, ss_strbuf *out)
{
    ss_strbuf_printf(out, "%s\nnext %u\n", SS_OID_IMAGE_PREFIX, atomic_load(&c->next_oid));
    for (uint32_t i = 0; i < c->nschemas; i++) {
        const ss_schema *s = c->schemas[i];
        if (s->system || s->temp_owner || !ss_ddl_visible(&s->ddl))
            continue;
        ss_strbuf_printf(out, "n %u ", s->oid);
        put_hex(out, ss_ns_name(s));
        ss_strbuf_printf(out, " -\n");
    }
    ss_rel_each(c, image_rel, out);
    ss_strbuf_printf(out, "*/");
}

static bool unhex(const char *s, size_t n, char *out, size_t outsz)
{
    if (n % 2 || n / 2 >= outsz)
        return false;
    for (size_t i = 0; i < n; i += 2) {
        unsigned v;
        char two[3] = {s[i], s[i + 1], 0};
        if (!isxdigit((unsigned char)two[0]) || !isxdigit((unsigned char)two[1]) || sscanf(two, "%2x", &v) != 1)
            return false;
        out[i / 2] = (char)v;
    }
    out[n / 2] = '\0';
    return true;
}

static int set_oid(void *arg, const ss_rel_ref *r)
{
    rel_match *m = arg;
    if (r->ns != m->ns || strcmp(r->name, m->name) != 0)
        return 0;
    if (r->table && r->kind != 'i')
        r->table->oid = m->oid;
    else if (r->view)
        r->view->oid = m->oid;
    else if (r->seq)
        ((ss_sequence *)r->seq)->oid = m->oid;
    else if (r->index)
        ((ss_index *)r->index)->oid = m->oid;
    return 1;
}

bool ss_oid_image_is_record(const char *text, size_t len)
{
    size_t plen = strlen(SS_OID_IMAGE_PREFIX);
    return len >= plen + 2 && memcmp(text, SS_OID_IMAGE_PREFIX, plen) == 0 && memcmp(text + len - 2, "*/", 2) == 0;
}

bool ss_oid_image_apply(ss_catalog *c, const char *text, size_t len)
{
    size_t plen = strlen(SS_OID_IMAGE_PREFIX);
    if (!ss_oid_image_is_record(text, len))
        return false;
    const char *p = text + plen, *end = text + len - 2;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        char line[4 * SS_NS_REF_MAX + 40];
        size_t n = (size_t)(e - p);
        if (n < sizeof line) {
            memcpy(line, p, n);
            line[n] = '\0';
            char kind, a[2 * SS_NS_REF_MAX + 4], b[2 * SS_NS_REF_MAX + 4];
            unsigned oid;
            char schema[SS_NS_REF_MAX], name[SS_NS_REF_MAX];
            if (sscanf(line, "next %u", &oid) == 1) {
                if (oid > atomic_load(&c->next_oid))
                    atomic_store(&c->next_oid, oid);
            } else if (sscanf(line, "%c %u %270s %270s", &kind, &oid, a, b) == 4 &&
                       unhex(a, strlen(a), schema, sizeof schema)) {
                ss_schema *s = ss_ns_find(c, schema);
                if (s && kind == 'n') {
                    s->oid = oid;
                } else if (s && unhex(b, strlen(b), name, sizeof name)) {
                    rel_match m = {oid, s, name, NULL};
                    ss_rel_each(c, set_oid, &m);
                }
            }
        }
        p = e + 1;
    }
    return true;
}
