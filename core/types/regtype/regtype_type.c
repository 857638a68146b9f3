/* regtype_type.c — the regtype type of the type catalog (a type id that prints as the type's
 * name, as PostgreSQL's regtypein / regtypeout) and pg_typeof(any), which returns one. */
#include <string.h>

#include "catalog/type_ddl.h"
#include "types/enum/enum.h"
#include "types/type_def.h"
#include "types/typeio.h"
#include "types/record/record.h"
#include "types/oid/oid.h"

/* A user-defined enum type's name ("mood", "s.mood", "mood[]"): its id in *id. */
static bool enum_regtype(ss_ctx *ctx, char *name, int32_t *id)
{
    size_t n = strlen(name);
    bool array = n > 2 && strcmp(name + n - 2, "[]") == 0;
    if (array)
        name[n - 2] = '\0';
    char *dot = strchr(name, '.');
    if (dot)
        *dot = '\0';
    ss_enum_type *e = ctx->catalog ? ss_type_find_enum(ctx->catalog, dot ? name : NULL, dot ? dot + 1 : name, NULL)
                                   : NULL;
    if (dot)
        *dot = '.';
    if (array)
        name[n - 2] = '[';
    if (e)
        *id = e->id + (array ? 1 : 0);
    return e != NULL;
}

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t;
    (void)arena;
    char name[128];
    while (len > 0 && (s[0] == ' ' || s[0] == '\t' || s[0] == '\n'))
        s++, len--;
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\n'))
        len--;
    int32_t id;
    if (len >= sizeof name) {
        len = sizeof name - 1;
    }
    memcpy(name, s, len);
    name[len] = '\0';
    char *paren = strchr(name, '('); /* a modifier names the same type: varchar(10) */
    if (paren) {
        *paren = '\0';
        size_t n = strlen(name);
        while (n > 0 && name[n - 1] == ' ')
            name[--n] = '\0';
    }
    if (!ss_type_lookup_name(name, &id) && !enum_regtype(ctx, name, &id))
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "type \"%.*s\" does not exist", (int)len, s);
    memset(out, 0, sizeof *out);
    out->v.i = id;
    return SS_OK;
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    char buf[96];
    int32_t id = (int32_t)v->v.i;
    if (id == 0) { /* InvalidOid */
        ss_strbuf_append(out, "-", 1);
        return;
    }
    ss_type ty = id >= REC_TYPE_ARRAY_OID_BASE ? (ss_type){SS_TYPE_RECORD_ARRAY, id - REC_TYPE_ARRAY_OID_BASE}
                 : id >= REC_TYPE_OID_BASE     ? (ss_type){SS_TYPE_RECORD, id - REC_TYPE_OID_BASE}
                                               : (ss_type){id, -1};
    const char *name = ss_type_display_name(ty, buf, sizeof buf);
    ss_strbuf_append(out, name, strlen(name));
}

/* pg_typeof(x): the type of its argument as the binder resolved it (an unknown literal stays
 * unknown, as in PostgreSQL); never NULL. */
static int fn_pg_typeof(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                        uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    int32_t *dst = out->data, id = args[0]->type.id;
    const rec_desc *d = id == SS_TYPE_RECORD || id == SS_TYPE_RECORD_ARRAY ? rec_desc_get(args[0]->type.typmod) : NULL;
    if (d && d->name) /* a table's row type, or an array of one */
        id = (id == SS_TYPE_RECORD ? REC_TYPE_OID_BASE : REC_TYPE_ARRAY_OID_BASE) + args[0]->type.typmod;
    SS_FOR_ROWS(rows, n, i, { dst[i] = id; });
    return SS_OK;
}

static const ss_func_def regtype_functions[] = {
    {"pg_typeof", 1, false, false, {SS_FUNC_ANY}, SS_TYPE_REGTYPE, fn_pg_typeof, false},
    {0},
};

static const ss_type_info regtype_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_REGTYPE,
    .name = "regtype",
    .layout = SS_LAYOUT_FIXED,
    .width = sizeof(int32_t),
    .physical = SS_TYPE_INT4, /* ordered by the type's id, as an oid */
};

const ss_type_def ss_regtype_type_def = {
    .info = &regtype_info,
    .internal_name = "regtype",
    .display_name = "regtype",
    .category = 'N',
    .preferred = false,
    .input = input,
    .output = output,
    .functions = regtype_functions,
    .casts = regtype_oid_casts, /* (oid8) types/oid/oid_cast.c */
};
