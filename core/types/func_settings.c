/* func_settings.c — current_setting(name [, missing_ok]) and set_config(name, value,
 * is_local) over the session's settings, as PostgreSQL's: current_setting of an unknown
 * parameter is 42704 (NULL with missing_ok), transaction_isolation / transaction_read_only
 * read the running transaction; set_config is SET (is_local: SET LOCAL, put back when the
 * transaction ends, catalog/settings_txn.c) and returns the value as SHOW now prints it. */
#include <string.h>
#include <strings.h>

#include "catalog/settings.h"
#include "txn/txn_session.h"
#include "types/func_impl.h"

/* The value of name as SHOW prints it; NULL (an error recorded unless missing_ok) when the
 * session has no such parameter. */
static const char *lookup(ss_ctx *ctx, const char *name, bool missing_ok)
{
    const char *v = ss_txn_setting_value(ctx->txn, name);
    if (!v && ctx->settings)
        v = ss_settings_get(ctx->settings, name);
    if (!v && !missing_ok)
        ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "unrecognized configuration parameter \"%s\"", name);
    return v;
}

static char *cstr(ss_ctx *ctx, const ss_vector *v, uint32_t row)
{
    const ss_text *t = &((const ss_text *)v->data)[row];
    char *s = ss_ctx_alloc(ctx, t->len + 1u);
    if (!s) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    memcpy(s, t->ptr, t->len);
    s[t->len] = '\0';
    return s;
}

int ss_fn_current_setting(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                          ss_vector *out)
{
    SS_FOR_ROWS(rows, n, i, {
        char *name = cstr(ctx, args[0], i);
        if (!name)
            return SS_ERROR;
        bool missing_ok = nargs > 1 && ((const bool *)args[1]->data)[i];
        const char *v = lookup(ctx, name, missing_ok);
        if (!v) {
            if (!missing_ok)
                return SS_ERROR;
            if (ss_vector_ensure_validity(ctx, out))
                return SS_ERROR;
            ss_vector_set_null(out, i);
        } else if (ss_vector_set_text(ctx, out, i, v, (uint32_t)strlen(v))) {
            return SS_ERROR;
        }
    });
    return SS_OK;
}

int ss_fn_set_config(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                     ss_vector *out)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        if (ss_vector_is_null(args[0], i))
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "SET requires parameter name");
        char *name = cstr(ctx, args[0], i);
        char *value = ss_vector_is_null(args[1], i) ? NULL : cstr(ctx, args[1], i);
        bool local = !ss_vector_is_null(args[2], i) && ((const bool *)args[2]->data)[i];
        if (!name || (!ss_vector_is_null(args[1], i) && !value))
            return SS_ERROR;
        if (!ctx->session_settings)
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: set_config outside a session");
        if (strcasecmp(name, "transaction_isolation") == 0 || strcasecmp(name, "transaction_read_only") == 0)
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: set_config of %s (use SET TRANSACTION)", name);
        if (ss_settings_set_in_txn(ctx, ctx->session_settings, name, value, local))
            return SS_ERROR;
        const char *now = lookup(ctx, name, false);
        if (!now || ss_vector_set_text(ctx, out, i, now, (uint32_t)strlen(now)))
            return SS_ERROR;
    });
    return SS_OK;
}
