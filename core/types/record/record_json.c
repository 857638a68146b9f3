/* record_json.c — a record value as JSON, as PostgreSQL's composite_to_json and its jsonb
 * counterpart: an object of the fields, keyed by the row type's field names (a descriptor's,
 * record_desc.c) or f1, f2, ... for an anonymous ROW(...), the values converted as to_json
 * converts them (types/json/json_build.c, which calls these for the record type). */
#include "types/record/record.h"

#include <stdio.h>
#include <string.h>

#include "types/json/json.h"
#include "types/json/json_fn.h"

/* Field k's name into buf, and its type (the descriptor's, with its typmod, when it agrees). */
static const char *field_of(const rec_desc *d, uint32_t k, int32_t ty, char *buf, size_t n, ss_type *ft)
{
    *ft = (ss_type){ty, -1};
    if (d && k < d->nfields) {
        if (d->types[k].id == ty)
            *ft = d->types[k];
        return d->names[k];
    }
    snprintf(buf, n, "f%u", k + 1);
    return buf;
}

/* A record without a descriptor (an item of a record[], a SEARCH / CYCLE column): its field
 * names are not known here. */
static int unnamed(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                        "feature not supported: values of type record as json (an array of records, or a record "
                        "whose field names are not known)");
}

int rec_json_append(ss_ctx *ctx, ss_type t, const ss_value *v, ss_strbuf *out)
{
    const rec_desc *d = rec_desc_get(t.typmod);
    if (!d)
        return unnamed(ctx);
    uint32_t n = rec_nfields(&v->v.s);
    ss_strbuf_putc(out, '{');
    for (uint32_t k = 0; k < n; k++) {
        ss_value f;
        int32_t ty = SS_TYPE_UNKNOWN;
        rec_field(&v->v.s, k, &f, &ty);
        char buf[16];
        ss_type ft;
        const char *key = field_of(d, k, ty, buf, sizeof buf, &ft);
        if (k)
            ss_strbuf_putc(out, ',');
        json_escape(key, strlen(key), out);
        ss_strbuf_putc(out, ':');
        if (json_append_value(ctx, ft, &f, out))
            return SS_ERROR;
    }
    ss_strbuf_putc(out, '}');
    return SS_OK;
}

int rec_jsonb_from(ss_ctx *ctx, ss_type t, const ss_value *v, ss_arena *a, jv *out)
{
    const rec_desc *d = rec_desc_get(t.typmod);
    if (!d)
        return unnamed(ctx);
    uint32_t n = rec_nfields(&v->v.s);
    jv *items = ss_arena_alloc(a, sizeof(jv) * 2 * (n ? n : 1));
    if (!items)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t k = 0; k < n; k++) {
        ss_value f;
        int32_t ty = SS_TYPE_UNKNOWN;
        rec_field(&v->v.s, k, &f, &ty);
        char buf[16];
        ss_type ft;
        const char *key = field_of(d, k, ty, buf, sizeof buf, &ft);
        size_t klen = strlen(key);
        char *kc = ss_arena_alloc(a, klen + 1);
        if (!kc)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memcpy(kc, key, klen + 1);
        items[2 * k] = (jv){.kind = JB_STRING, .s = kc, .len = (uint32_t)klen};
        if (jsonb_from_value(ctx, ft, &f, a, &items[2 * k + 1]))
            return SS_ERROR;
    }
    *out = (jv){.kind = JB_OBJECT, .n = n, .items = items};
    jv_object_normalise(out);
    return SS_OK;
}
