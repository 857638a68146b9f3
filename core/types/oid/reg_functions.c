/* reg_functions.c — (oid8) the catalog functions over oids: to_regclass / to_regtype /
 * to_regnamespace / to_regrole (NULL for a missing object), pg_table_is_visible /
 * pg_type_is_visible, format_type(oid, int4), pg_get_indexdef(oid), has_table_privilege and
 * has_schema_privilege (Sunstone has one role, which may do everything: true for an existing
 * object, PostgreSQL's error for a missing one or an unknown privilege), and obj_description /
 * col_description / shobj_description (NULL: Sunstone has no COMMENT). */
#include <ctype.h>
#include <stdio.h>
#include <strings.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/object_oids.h"
#include "exec/vector.h"
#include "types/oid/oid.h"
#include "types/typeio.h"

/* One row's result from its argument values. */
typedef int (*row_fn)(ss_ctx *ctx, const ss_value *args, ss_value *out, ss_strbuf *sb);

static int each_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                    ss_vector *out, row_fn fn)
{
    ss_value in[4];
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        if (rc == SS_OK) {
            for (uint32_t a = 0; a < nargs && a < 4; a++)
                ss_vector_get_value(args[a], i, &in[a]);
            ss_value res = {0};
            ss_strbuf sb;
            ss_strbuf_init(&sb);
            rc = fn(ctx, in, &res, &sb);
            if (rc == SS_OK && sb.oom)
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            if (rc == SS_OK && !res.is_null && ss_type_is_varlen(out->type.id))
                res.v.s = (ss_text){sb.data ? sb.data : "", (uint32_t)sb.len, 0};
            if (rc == SS_OK)
                rc = ss_vector_set_value(ctx, out, i, &res);
            ss_strbuf_free(&sb);
        }
    });
    return rc;
}

#define ROW_FN(NAME, IMPL)                                                                     \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                                \
    {                                                                                          \
        return each_row(ctx, args, nargs, rows, n, out, IMPL);                                 \
    }

/* to_reg*(text): the input function, NULL where it reports a missing object. */
static int to_reg(ss_ctx *ctx, const ss_value *in, ss_value *out, int32_t type, const char *missing)
{
    if (in[0].is_null) {
        out->is_null = true;
        return SS_OK;
    }
    const char *s = in[0].v.s.ptr;
    size_t len = in[0].v.s.len;
    if (oid_is_number(s, len)) /* PostgreSQL's to_reg* refuse a number */
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, "invalid input syntax for type %s: \"%.*s\"",
                            missing, (int)len, s);
    int rc = ss_value_parse(ctx, (ss_type){type, -1}, s, len, out);
    if (rc == SS_OK)
        return SS_OK;
    const char *state = ctx->err ? ctx->err->sqlstate : "";
    if (strcmp(state, SS_SQLSTATE_UNDEFINED_TABLE) == 0 || strcmp(state, SS_SQLSTATE_UNDEFINED_OBJECT) == 0 ||
        strcmp(state, "3F000") == 0) {
        ss_error_clear(ctx->err);
        memset(out, 0, sizeof *out);
        out->is_null = true;
        return SS_OK;
    }
    return SS_ERROR;
}

static int to_regclass(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)sb;
    return to_reg(ctx, in, out, SS_TYPE_REGCLASS, "regclass");
}
static int to_regtype(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)sb;
    return to_reg(ctx, in, out, SS_TYPE_REGTYPE, "regtype");
}
static int to_regnamespace(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)sb;
    return to_reg(ctx, in, out, SS_TYPE_REGNAMESPACE, "regnamespace");
}
static int to_regrole(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)sb;
    return to_reg(ctx, in, out, SS_TYPE_REGROLE, "regrole");
}
ROW_FN(fn_to_regclass, to_regclass)
ROW_FN(fn_to_regtype, to_regtype)
ROW_FN(fn_to_regnamespace, to_regnamespace)
ROW_FN(fn_to_regrole, to_regrole)

/* pg_table_is_visible(oid): NULL for an oid naming no relation, as PostgreSQL. */
static int table_visible(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)sb;
    ss_rel_ref r;
    const ss_catalog *c = ctx->catalog;
    if (!c || !ss_rel_by_oid(c, (uint32_t)in[0].v.i, &r)) {
        out->is_null = true;
        return SS_OK;
    }
    out->v.b = ss_rel_visible(c, &r);
    return SS_OK;
}
ROW_FN(fn_table_visible, table_visible)

static int type_visible(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)ctx, (void)sb;
    ss_strbuf t;
    ss_strbuf_init(&t);
    ss_value v = {0};
    v.v.i = (int32_t)(uint32_t)in[0].v.i;
    ss_value_format((ss_type){SS_TYPE_REGTYPE, -1}, &v, &t);
    /* regtype prints a type the path does not reach qualified */
    bool known = t.data && strcmp(t.data, "???") != 0;
    if (!known)
        out->is_null = true;
    else
        out->v.b = !(t.data[0] != '"' && strchr(t.data, '.')) && !(t.data[0] == '"' && strstr(t.data, "\"."));
    ss_strbuf_free(&t);
    return SS_OK;
}
ROW_FN(fn_type_visible, type_visible)

/* format_type(type, typmod): NULL type gives NULL, a NULL typmod none. */
static int format_type(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)ctx;
    if (in[0].is_null) {
        out->is_null = true;
        return SS_OK;
    }
    uint32_t oid = (uint32_t)in[0].v.i;
    int32_t typmod = in[1].is_null ? -1 : (int32_t)in[1].v.i;
    char buf[160];
    const char *name = ss_type_internal_name((int32_t)oid) ? ss_type_column_name((ss_type){(int32_t)oid, typmod}, buf, sizeof buf)
                                                          : "???";
    ss_strbuf_append(sb, name, strlen(name));
    return SS_OK;
}
ROW_FN(fn_format_type, format_type)

static int indexdef(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    ss_rel_ref r;
    if (!ctx->catalog || !ss_rel_by_oid(ctx->catalog, (uint32_t)in[0].v.i, &r) || r.kind != 'i') {
        out->is_null = true;
        return SS_OK;
    }
    char *def = ss_index_def_sql(r.index, ss_ns_name(r.ns));
    if (!def)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: the definition of index \"%s\"", r.name);
    ss_strbuf_append(sb, def, strlen(def));
    free(def);
    return SS_OK;
}
ROW_FN(fn_indexdef, indexdef)

static const char *const table_privileges[] = {"select", "insert", "update", "delete", "truncate", "references",
                                               "trigger", NULL};
static const char *const schema_privileges[] = {"create", "usage", NULL};

/* PostgreSQL's convert_any_priv_string: comma-separated, each optionally WITH GRANT OPTION. */
static int check_privileges(ss_ctx *ctx, const ss_value *v, const char *const *known)
{
    const char *s = v->v.s.ptr, *end = s + v->v.s.len;
    while (s <= end) {
        const char *comma = memchr(s, ',', (size_t)(end - s));
        const char *e = comma ? comma : end;
        const char *a = s, *b = e;
        while (a < b && isspace((unsigned char)*a))
            a++;
        while (b > a && isspace((unsigned char)b[-1]))
            b--;
        size_t n = (size_t)(b - a);
        const char *wgo = " with grant option";
        if (n > strlen(wgo) && strncasecmp(b - strlen(wgo), wgo, strlen(wgo)) == 0)
            n -= strlen(wgo);
        bool ok = false;
        for (const char *const *k = known; *k && !ok; k++)
            ok = strlen(*k) == n && strncasecmp(*k, a, n) == 0;
        if (!ok)
            return ss_ctx_error(ctx, "22023", "unrecognized privilege type: \"%.*s\"", (int)(b - a), a);
        if (!comma)
            break;
        s = comma + 1;
    }
    return SS_OK;
}

static int table_privilege(ss_ctx *ctx, const ss_value *rel, int32_t reltype, const ss_value *priv, ss_value *out)
{
    if (reltype == SS_TYPE_OID) {
        ss_rel_ref r;
        if (!ctx->catalog || !ss_rel_by_oid(ctx->catalog, (uint32_t)rel->v.i, &r)) {
            out->is_null = true; /* PostgreSQL: NULL for an oid naming nothing */
            return SS_OK;
        }
    } else {
        ss_value v;
        if (ss_value_parse(ctx, (ss_type){SS_TYPE_REGCLASS, -1}, rel->v.s.ptr, rel->v.s.len, &v) != SS_OK)
            return SS_ERROR;
    }
    if (check_privileges(ctx, priv, table_privileges) != SS_OK)
        return SS_ERROR;
    out->v.b = true;
    return SS_OK;
}

static int role_check(ss_ctx *ctx, const ss_value *role)
{
    ss_value v;
    return ss_value_parse(ctx, (ss_type){SS_TYPE_REGROLE, -1}, role->v.s.ptr, role->v.s.len, &v);
}

static int htp_text(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)sb;
    return table_privilege(ctx, &in[0], SS_TYPE_TEXT, &in[1], out);
}
static int htp_oid(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)sb;
    return table_privilege(ctx, &in[0], SS_TYPE_OID, &in[1], out);
}
static int htp_role_text(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)sb;
    return role_check(ctx, &in[0]) ? SS_ERROR : table_privilege(ctx, &in[1], SS_TYPE_TEXT, &in[2], out);
}
static int htp_role_oid(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)sb;
    return role_check(ctx, &in[0]) ? SS_ERROR : table_privilege(ctx, &in[1], SS_TYPE_OID, &in[2], out);
}
ROW_FN(fn_htp_text, htp_text)
ROW_FN(fn_htp_oid, htp_oid)
ROW_FN(fn_htp_role_text, htp_role_text)
ROW_FN(fn_htp_role_oid, htp_role_oid)

static int schema_privilege(ss_ctx *ctx, const ss_value *ns, int32_t nstype, const ss_value *priv, ss_value *out)
{
    if (nstype == SS_TYPE_OID) {
        if (!ctx->catalog || !ss_ns_by_oid(ctx->catalog, (uint32_t)ns->v.i)) {
            out->is_null = true;
            return SS_OK;
        }
    } else {
        char name[SS_NS_REF_MAX];
        snprintf(name, sizeof name, "%.*s", (int)ns->v.s.len, ns->v.s.ptr);
        if (!ctx->catalog || !ss_ns_find(ctx->catalog, name))
            return ss_ctx_error(ctx, "3F000", "schema \"%s\" does not exist", name);
    }
    if (check_privileges(ctx, priv, schema_privileges) != SS_OK)
        return SS_ERROR;
    out->v.b = true;
    return SS_OK;
}
static int hsp_text(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)sb;
    return schema_privilege(ctx, &in[0], SS_TYPE_TEXT, &in[1], out);
}
static int hsp_oid(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)sb;
    return schema_privilege(ctx, &in[0], SS_TYPE_OID, &in[1], out);
}
ROW_FN(fn_hsp_text, hsp_text)
ROW_FN(fn_hsp_oid, hsp_oid)

/* No object has a comment. */
static int no_description(ss_ctx *ctx, const ss_value *in, ss_value *out, ss_strbuf *sb)
{
    (void)ctx, (void)in, (void)sb;
    out->is_null = true;
    return SS_OK;
}
ROW_FN(fn_no_description, no_description)

#define OID SS_TYPE_OID
#define TX SS_TYPE_TEXT
#define NM SS_TYPE_NAME
#define I4 SS_TYPE_INT4
#define B SS_TYPE_BOOL
const ss_func_def reg_functions[] = {
    {"to_regclass", 1, false, true, {TX}, SS_TYPE_REGCLASS, fn_to_regclass, false},
    {"to_regtype", 1, false, true, {TX}, SS_TYPE_REGTYPE, fn_to_regtype, false},
    {"to_regnamespace", 1, false, true, {TX}, SS_TYPE_REGNAMESPACE, fn_to_regnamespace, false},
    {"to_regrole", 1, false, true, {TX}, SS_TYPE_REGROLE, fn_to_regrole, false},
    {"pg_table_is_visible", 1, false, true, {OID}, B, fn_table_visible, false},
    {"pg_type_is_visible", 1, false, true, {OID}, B, fn_type_visible, false},
    {"format_type", 2, false, false, {OID, I4}, TX, fn_format_type, false},
    {"pg_get_indexdef", 1, false, true, {OID}, TX, fn_indexdef, false},
    {"has_table_privilege", 2, false, true, {TX, TX}, B, fn_htp_text, false},
    {"has_table_privilege", 2, false, true, {OID, TX}, B, fn_htp_oid, false},
    {"has_table_privilege", 3, false, true, {NM, TX, TX}, B, fn_htp_role_text, false},
    {"has_table_privilege", 3, false, true, {NM, OID, TX}, B, fn_htp_role_oid, false},
    {"has_schema_privilege", 2, false, true, {TX, TX}, B, fn_hsp_text, false},
    {"has_schema_privilege", 2, false, true, {OID, TX}, B, fn_hsp_oid, false},
    {"obj_description", 2, false, true, {OID, NM}, TX, fn_no_description, false},
    {"obj_description", 1, false, true, {OID}, TX, fn_no_description, false},
    {"col_description", 2, false, true, {OID, I4}, TX, fn_no_description, false},
    {"shobj_description", 2, false, true, {OID, NM}, TX, fn_no_description, false},
    {0},
};
