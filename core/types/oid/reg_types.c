/* reg_types.c — (oid8) regclass, regnamespace and regrole: PostgreSQL's regclassin / out (a
 * relation named by the search path, 42P01 when there is none; printed qualified when the path
 * does not reach it), regnamespacein / out (3F000) and regrolein / out (the one role, oid 10:
 * 42704 for another name); a number is taken as the oid itself, '-' is 0, and an oid naming no
 * object prints as the number. */
#include "types/oid/oid.h"

#include <string.h>

#include "catalog/object_oids.h"
#include "types/func_impl.h"
#include "types/typeio.h"

static bool trimmed(const char **s, size_t *len)
{
    while (*len > 0 && (**s == ' ' || **s == '\t' || **s == '\n'))
        (*s)++, (*len)--;
    while (*len > 0 && ((*s)[*len - 1] == ' ' || (*s)[*len - 1] == '\t' || (*s)[*len - 1] == '\n'))
        (*len)--;
    return *len == 1 && **s == '-';
}

/* The numeric forms: '-' (0) and digits (the oid); *done when s was one. */
static int numeric_form(ss_ctx *ctx, const char *s, size_t len, const char *type, ss_value *out, bool *done)
{
    memset(out, 0, sizeof *out);
    *done = true;
    if (trimmed(&s, &len))
        return SS_OK;
    if (oid_is_number(s, len)) {
        uint32_t v;
        if (oid_parse(ctx, s, len, type, &v) != SS_OK)
            return SS_ERROR;
        out->v.i = v;
        return SS_OK;
    }
    *done = false;
    return SS_OK;
}

static int name_error(ss_ctx *ctx, const char *s, size_t len, uint32_t nparts)
{
    if (nparts > 3)
        return ss_ctx_error(ctx, "42601", "improper relation name (too many dotted names): %.*s", (int)len, s);
    if (nparts == 3)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "cross-database references are not implemented: \"%.*s\"", (int)len, s);
    return ss_ctx_error(ctx, "42602", "invalid name syntax");
}

static int regclass_in(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t, (void)arena;
    bool done;
    if (numeric_form(ctx, s, len, "oid", out, &done) != SS_OK || done)
        return done ? SS_OK : SS_ERROR;
    trimmed(&s, &len);
    char buf[4 * SS_NS_REF_MAX];
    const char *parts[5];
    bool ok;
    uint32_t n = ss_oid_parse_names(s, len, buf, sizeof buf, parts, 5, &ok);
    if (!ok || n == 0 || n > 2)
        return name_error(ctx, s, len, ok ? n : 0);
    const ss_catalog *c = ctx->catalog;
    if (n == 2 && c && !ss_ns_find(c, parts[0]))
        return ss_ctx_error(ctx, "3F000", "schema \"%s\" does not exist", parts[0]);
    ss_rel_ref r;
    bool syntax;
    if (!c || !ss_rel_by_name(c, s, len, &r, &syntax))
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%.*s\" does not exist", (int)len, s);
    out->v.i = r.oid;
    return SS_OK;
}

static void regclass_out(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    uint32_t oid = (uint32_t)v->v.i;
    const ss_catalog *c = ss_oid_catalog();
    ss_rel_ref r;
    if (oid == 0)
        ss_strbuf_putc(out, '-');
    else if (c && ss_rel_by_oid(c, oid, &r))
        ss_rel_regclass_text(c, &r, out);
    else
        ss_strbuf_printf(out, "%u", oid);
}

static int regnamespace_in(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t, (void)arena;
    bool done;
    if (numeric_form(ctx, s, len, "oid", out, &done) != SS_OK || done)
        return done ? SS_OK : SS_ERROR;
    trimmed(&s, &len);
    char buf[2 * SS_NS_REF_MAX];
    const char *parts[3];
    bool ok;
    uint32_t n = ss_oid_parse_names(s, len, buf, sizeof buf, parts, 3, &ok);
    if (!ok || n != 1)
        return ss_ctx_error(ctx, "42602", "invalid name syntax");
    const ss_schema *ns = ctx->catalog ? ss_ns_find(ctx->catalog, parts[0]) : NULL;
    if (!ns)
        return ss_ctx_error(ctx, "3F000", "schema \"%s\" does not exist", parts[0]);
    out->v.i = ns->oid;
    return SS_OK;
}

static void regnamespace_out(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    uint32_t oid = (uint32_t)v->v.i;
    const ss_catalog *c = ss_oid_catalog();
    const ss_schema *ns = c ? ss_ns_by_oid(c, oid) : NULL;
    if (oid == 0) {
        ss_strbuf_putc(out, '-');
    } else if (ns) {
        const char *name = ss_ns_name(ns);
        ss_quote_ident_append(out, name, strlen(name));
    } else {
        ss_strbuf_printf(out, "%u", oid);
    }
}

static int regrole_in(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t, (void)arena;
    bool done;
    if (numeric_form(ctx, s, len, "oid", out, &done) != SS_OK || done)
        return done ? SS_OK : SS_ERROR;
    trimmed(&s, &len);
    char buf[2 * SS_NS_REF_MAX];
    const char *parts[3];
    bool ok;
    uint32_t n = ss_oid_parse_names(s, len, buf, sizeof buf, parts, 3, &ok);
    if (!ok || n != 1)
        return ss_ctx_error(ctx, "42602", "invalid name syntax");
    if (strcmp(parts[0], ss_role_name()) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "role \"%s\" does not exist", parts[0]);
    out->v.i = SS_OID_BOOTSTRAP_ROLE;
    return SS_OK;
}

static void regrole_out(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    uint32_t oid = (uint32_t)v->v.i;
    if (oid == 0) {
        ss_strbuf_putc(out, '-');
    } else if (oid == SS_OID_BOOTSTRAP_ROLE) {
        const char *name = ss_role_name();
        ss_quote_ident_append(out, name, strlen(name));
    } else {
        ss_strbuf_printf(out, "%u", oid);
    }
}

#define REG_INFO(VAR, ID, NAME)                                                                 \
    static const ss_type_info VAR = {.struct_size = sizeof(ss_type_info), .id = ID, .name = NAME, \
                                     .layout = SS_LAYOUT_FIXED, .width = sizeof(int64_t),          \
                                     .physical = SS_TYPE_INT8}
REG_INFO(regclass_info, SS_TYPE_REGCLASS, "regclass");
REG_INFO(regnamespace_info, SS_TYPE_REGNAMESPACE, "regnamespace");
REG_INFO(regrole_info, SS_TYPE_REGROLE, "regrole");

extern const ss_func_def reg_functions[];

const ss_type_def ss_regclass_type_def = {
    .info = &regclass_info,
    .internal_name = "regclass",
    .display_name = "regclass",
    .category = 'N',
    .input = regclass_in,
    .output = regclass_out,
    .functions = reg_functions,
    .casts = regclass_casts,
};

const ss_type_def ss_regnamespace_type_def = {
    .info = &regnamespace_info,
    .internal_name = "regnamespace",
    .display_name = "regnamespace",
    .category = 'N',
    .input = regnamespace_in,
    .output = regnamespace_out,
    .casts = regnamespace_casts,
};

const ss_type_def ss_regrole_type_def = {
    .info = &regrole_info,
    .internal_name = "regrole",
    .display_name = "regrole",
    .category = 'N',
    .input = regrole_in,
    .output = regrole_out,
    .casts = regrole_casts,
};
