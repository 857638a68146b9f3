/* system_session_views.c — the rows of pg_settings and pg_prepared_statements for the
 * running session (system_session_views.h).  pg_settings shows values as PostgreSQL does:
 * setting, boot_val and reset_val of a parameter with a unit in that unit ("4096" kB for
 * work_mem's 4MB), source 'session' for a value SET in the session, 'override' for the
 * transaction's own isolation and access mode; the rest from PostgreSQL 15's pg_settings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bind/prepared.h"
#include "catalog/pg_settings_meta.h"
#include "catalog/settings.h"
#include "catalog/settings_parse.h"
#include "catalog/system_session_views.h"
#include "txn/txn_session.h"
#include "types/typeio.h"

static ss_value text_or_null(const char *s)
{
    ss_value v = {0};
    if (!s) {
        v.is_null = true;
        return v;
    }
    v.v.s.ptr = s;
    v.v.s.len = (uint32_t)strlen(s);
    return v;
}

/* value in the parameter's unit (kB, ms), into buf; value itself when it has none. */
static const char *in_unit(const ss_pg_setting_meta *m, const char *name, const char *value, char *buf, size_t n)
{
    if (!value || !m || !m->unit)
        return value;
    ss_error err;
    memset(&err, 0, sizeof err);
    ss_ctx quiet = {.err = &err};
    int v;
    int rc = strcmp(m->unit, "kB") == 0   ? ss_setting_parse_kb(&quiet, name, value, 0, 2147483647, &v)
             : strcmp(m->unit, "ms") == 0 ? ss_setting_parse_int(&quiet, name, value, true, 0, 2147483647, &v)
                                          : SS_ERROR;
    ss_error_clear(&err);
    if (rc != SS_OK)
        return value;
    snprintf(buf, n, "%d", v);
    return buf;
}

/* The session's own value of name (set in it), or NULL. */
static bool set_in_session(const ss_settings *s, const char *name)
{
    for (uint32_t i = 0; i < s->n; i++)
        if (strcasecmp(s->items[i].name, name) == 0)
            return true;
    return false;
}

/* pg_settings' short_desc of a sunstone.* setting. */
static const char *sunstone_setting_desc(const char *name)
{
    static const char *const descs[][2] = {
        {"default_table_access_method", "Sets the storage backend of new tables."},
        {"sunstone.window_frame_algorithm", "Sets the window operator's algorithm for moving aggregate frames."},
        {"sunstone.snapshot_manager", "Sets the snapshot manager module that records the commit history."},
        {"sunstone.history_retention", "Sets how long commit history stays readable with AS OF."},
        {"sunstone.history_retention_commits", "Sets how many recent commits stay readable with AS OF."},
        {"sunstone.as_of", "Sets the past commit (timestamp or transaction n) the session reads as of."},
        {"sunstone.zone_map_pushdown", "Passes a scan's simple filter conditions to its storage backend to skip data."},
    };
    for (size_t i = 0; i < sizeof descs / sizeof descs[0]; i++)
        if (strcmp(name, descs[i][0]) == 0)
            return descs[i][1];
    return "Sets the operator that runs this kind of plan node.";
}

int ss_system_settings_fill(ss_ctx *ctx, ss_view_row_fn add, void *arg)
{
    static const ss_settings none; /* the built-in defaults: boot_val and reset_val */
    const ss_settings *s = ctx->settings;
    if (!s)
        return SS_OK;
    bool preset;
    const char *name;
    for (size_t i = 0; (name = ss_settings_known_name(i, &preset)); i++) {
        const ss_pg_setting_meta *m = ss_pg_setting_meta_find(name);
        bool ours = strncmp(name, "sunstone.", 9) == 0;
        const char *txn = ss_txn_setting_value(ctx->txn, name);
        char sbuf[32], bbuf[32];
        const char *value = in_unit(m, name, txn ? txn : ss_settings_get(s, name), sbuf, sizeof sbuf);
        const char *boot = in_unit(m, name, ss_settings_get(&none, name), bbuf, sizeof bbuf);
        const char *source = txn ? "override" : !preset && set_in_session(s, name) ? "session" : "default";
        ss_value enumvals = {.is_null = true};
        if (m && m->enumvals &&
            ss_value_parse(ctx, (ss_type){SS_TYPE_TEXT_ARRAY, -1}, m->enumvals, strlen(m->enumvals), &enumvals))
            return SS_ERROR;
        ss_value row[17] = {
            text_or_null(ss_settings_display_name(name)),
            text_or_null(value),
            text_or_null(m ? m->unit : NULL),
            text_or_null(m ? m->category : ours ? "Sunstone" : NULL),
            text_or_null(m ? m->short_desc : sunstone_setting_desc(name)),
            text_or_null(m ? m->extra_desc : NULL),
            text_or_null(m ? m->context : "user"),
            text_or_null(m ? m->vartype : "string"),
            text_or_null(source),
            text_or_null(m ? m->min_val : NULL),
            text_or_null(m ? m->max_val : NULL),
            enumvals,
            text_or_null(boot),
            text_or_null(boot),
            text_or_null(NULL),
            {.is_null = true},
            {.v.b = false},
        };
        if (add(ctx, arg, row))
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_system_prepared_fill(ss_ctx *ctx, ss_view_row_fn add, void *arg)
{
    const ss_prepared_set *set = ctx->prepared;
    for (uint32_t i = 0; set && i < set->n; i++) {
        const ss_prepared *p = set->items[i];
        /* parameter_types as PostgreSQL prints its regtype[]: names, quoted when they hold a
           space */
        size_t cap = 3 + (size_t)p->nparams * 80;
        char *lit = malloc(cap);
        if (!lit)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        size_t len = 0;
        lit[len++] = '{';
        for (uint32_t k = 0; k < p->nparams; k++) {
            char tname[64];
            const char *t = ss_type_column_name((ss_type){p->param_types[k].id, -1}, tname, sizeof tname);
            bool quote = strchr(t, ' ') != NULL;
            len += (size_t)snprintf(lit + len, cap - len, "%s%s%s%s", k ? "," : "", quote ? "\"" : "", t,
                                    quote ? "\"" : "");
        }
        lit[len++] = '}';
        lit[len] = '\0';
        ss_value types;
        int rc = ss_value_parse(ctx, (ss_type){SS_TYPE_TEXT_ARRAY, -1}, lit, len, &types);
        free(lit);
        if (rc)
            return SS_ERROR;
        ss_value when = {0};
        when.v.i = p->prepare_time;
        ss_value from_sql = {0};
        from_sql.v.b = true;
        ss_value row[5] = {text_or_null(p->name), text_or_null(p->sql), when, types, from_sql};
        if (add(ctx, arg, row))
            return SS_ERROR;
    }
    return SS_OK;
}
