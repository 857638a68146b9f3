/* func_sequence.c — nextval, currval, setval (2 and 3 arguments) and lastval over the
 * database's sequences (catalog/sequences.h), named by text as PostgreSQL's regclass input
 * reads it; a table or view named is 42809. */
#include <string.h>

#include "catalog/catalog.h"
#include "catalog/namespace.h"
#include "catalog/object_oids.h"
#include "catalog/sequences.h"
#include "types/func_impl.h"

/* The sequence a text argument names, checked to exist (42P01 / 42809). */
static int seq_name(ss_ctx *ctx, const ss_vector *v, uint32_t row, char *out, size_t outsz)
{
    if (v->type.id == SS_TYPE_REGCLASS) { /* (oid8) nextval('s'::regclass): the relation of that oid */
        uint32_t oid = (uint32_t)((const int64_t *)v->data)[row];
        ss_rel_ref r;
        if (!ctx->catalog || !ss_rel_by_oid(ctx->catalog, oid, &r))
            return ss_ctx_error(ctx, "XX000", "could not open relation with OID %u", oid);
        if (r.kind != 'S')
            return ss_ctx_error(ctx, "42809", "\"%s\" is not a sequence", r.name);
        ss_ns_qualify(r.ns, r.name, out, outsz);
        return SS_OK;
    }
    const ss_text *t = &((const ss_text *)v->data)[row];
    ss_seq_name_from_text(t->ptr, t->len, out, outsz);
    if (!ctx->catalog || !ctx->seq_session)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: sequences outside a session");
    if (ss_seq_exists(ctx->catalog->sequences, out))
        return SS_OK;
    if (ss_catalog_find(ctx->catalog, out) || ss_catalog_find_view(ctx->catalog, out))
        return ss_ctx_error(ctx, "42809", "\"%s\" is not a sequence", ss_ns_rel(out));
    char schema[SS_NS_REF_MAX];
    if (ss_ns_schema_part(out, schema, sizeof schema) && !ss_ns_find(ctx->catalog, schema))
        return ss_ctx_error(ctx, "3F000", "schema \"%s\" does not exist", schema);
    return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", out);
}

typedef int (*seq_value_fn)(ss_ctx *ctx, ss_seq_catalog *sc, ss_seq_session *sess, const char *name, int64_t *out);

/* nextval or currval of the sequence each row names. */
static int seq_values(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                      seq_value_fn fn)
{
    int64_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        char name[256];
        if (seq_name(ctx, args[0], i, name, sizeof name) || fn(ctx, ctx->catalog->sequences, ctx->seq_session, name, &r[i]))
            return SS_ERROR;
    });
    return SS_OK;
}

int ss_fn_nextval(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                  ss_vector *out)
{
    (void)nargs;
    return seq_values(ctx, args, rows, n, out, ss_seq_nextval);
}

int ss_fn_currval(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                  ss_vector *out)
{
    (void)nargs;
    return seq_values(ctx, args, rows, n, out, ss_seq_currval);
}

int ss_fn_setval(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                 ss_vector *out)
{
    int64_t *r = out->data;
    const int64_t *v = args[1]->data;
    SS_FOR_ROWS(rows, n, i, {
        char name[256];
        bool called = nargs < 3 || ((const bool *)args[2]->data)[i];
        if (seq_name(ctx, args[0], i, name, sizeof name) ||
            ss_seq_setval(ctx, ctx->catalog->sequences, ctx->seq_session, name, v[i], called))
            return SS_ERROR;
        r[i] = v[i];
    });
    return SS_OK;
}

int ss_fn_lastval(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                  ss_vector *out)
{
    (void)args, (void)nargs;
    int64_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        if (!ctx->catalog || !ctx->seq_session)
            return ss_ctx_error(ctx, "55000", "lastval is not yet defined in this session");
        if (ss_seq_lastval(ctx, ctx->catalog->sequences, ctx->seq_session, &r[i]))
            return SS_ERROR;
    });
    return SS_OK;
}

/* A sequence's own row as SELECT * FROM seq reads it, one column per function (read when the
 * query runs, not when it is bound). */
static int seq_column(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                      int which)
{
    SS_FOR_ROWS(rows, n, i, {
        char name[256];
        ss_sequence s;
        if (seq_name(ctx, args[0], i, name, sizeof name))
            return SS_ERROR;
        if (!ss_seq_snapshot(ctx->catalog->sequences, name, &s))
            return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", name);
        if (which == 2)
            ((bool *)out->data)[i] = s.is_called;
        else
            ((int64_t *)out->data)[i] = which == 0 ? s.last_value : s.log_cnt;
    });
    return SS_OK;
}

static int fn_seq_last_value(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                             ss_vector *out)
{
    (void)nargs;
    return seq_column(ctx, args, rows, n, out, 0);
}

static int fn_seq_log_cnt(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                          ss_vector *out)
{
    (void)nargs;
    return seq_column(ctx, args, rows, n, out, 1);
}

static int fn_seq_is_called(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                            ss_vector *out)
{
    (void)nargs;
    return seq_column(ctx, args, rows, n, out, 2);
}

static const ss_func_def seq_columns[3] = {
    {"last_value", 1, false, true, {SS_TYPE_TEXT}, SS_TYPE_INT8, fn_seq_last_value, true},
    {"log_cnt", 1, false, true, {SS_TYPE_TEXT}, SS_TYPE_INT8, fn_seq_log_cnt, true},
    {"is_called", 1, false, true, {SS_TYPE_TEXT}, SS_TYPE_BOOL, fn_seq_is_called, true},
};

const ss_func_def *ss_func_sequence_column(int which)
{
    return which >= 0 && which < 3 ? &seq_columns[which] : NULL;
}
