/* settings.c — run-time settings: a table of known parameters with defaults, plus custom
 * "prefix.name" settings as PostgreSQL allows them. */
#include "catalog/settings.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct known_setting {
    const char *name;
    const char *default_value;
    bool read_only;
} known_setting;

static const known_setting known[] = {
    {"sunstone.operator_scan", "scan", false},
    {"sunstone.operator_filter", "filter", false},
    {"sunstone.operator_project", "project", false},
    {"sunstone.operator_limit", "limit", false},
    {"sunstone.operator_sort", "sort", false},
    {"sunstone.operator_aggregate", "aggregate", false},
    {"sunstone.operator_values", "values", false},
    {"sunstone.default_storage", "memory", false},
    {"client_encoding", "UTF8", false},
    {"datestyle", "ISO, MDY", false},
    {"timezone", "UTC", false},
    {"search_path", "\"$user\", public", false},
    {"application_name", "", false},
    {"extra_float_digits", "1", false},
    {"standard_conforming_strings", "on", false},
    {"client_min_messages", "notice", false},
    {"statement_timeout", "0", false},
    {"intervalstyle", "postgres", false},
    {"server_version", "15.0", true},
    {"server_version_num", "150000", true},
    {"server_encoding", "UTF8", true},
    {"integer_datetimes", "on", true},
    {"lc_collate", "C", true},
    {"lc_ctype", "C", true},
};

static const known_setting *find_known(const char *name)
{
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcasecmp(known[i].name, name) == 0)
            return &known[i];
    return NULL;
}

void ss_settings_init(ss_settings *s)
{
    memset(s, 0, sizeof *s);
}

void ss_settings_free(ss_settings *s)
{
    for (uint32_t i = 0; i < s->n; i++) {
        free(s->items[i].name);
        free(s->items[i].value);
    }
    free(s->items);
    ss_settings_init(s);
}

static ss_setting *find_set(const ss_settings *s, const char *name)
{
    for (uint32_t i = 0; i < s->n; i++)
        if (strcasecmp(s->items[i].name, name) == 0)
            return &s->items[i];
    return NULL;
}

const char *ss_settings_get(const ss_settings *s, const char *name)
{
    ss_setting *it = find_set(s, name);
    if (it)
        return it->value;
    const known_setting *k = find_known(name);
    return k ? k->default_value : NULL;
}

static bool is_custom_name(const char *name)
{
    const char *dot = strchr(name, '.');
    if (!dot || dot == name || !dot[1])
        return false;
    /* every sunstone.* name is a known setting: no custom ones under our prefix */
    return strncasecmp(name, "sunstone.", 9) != 0;
}

int ss_settings_set(ss_ctx *ctx, ss_settings *s, const char *name, const char *value)
{
    const known_setting *k = find_known(name);
    if (!k && !is_custom_name(name))
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT,
                            "unrecognized configuration parameter \"%s\"", name);
    if (k && k->read_only)
        return ss_ctx_error(ctx, "55P02", "parameter \"%s\" cannot be changed", name);
    ss_setting *it = find_set(s, name);
    if (!value && strcasecmp(name, "statement_timeout") == 0)
        s->statement_timeout_ms = 0;
    if (!value) {
        if (it) {
            free(it->value);
            it->value = strdup(k ? k->default_value : "");
            if (!it->value)
                return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        return SS_OK;
    }
    if (strcasecmp(name, "statement_timeout") == 0)
        s->statement_timeout_ms = strtoll(value, NULL, 10);
    char *v = strdup(value);
    if (!v)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (it) {
        free(it->value);
        it->value = v;
        return SS_OK;
    }
    if (s->n == s->cap) {
        uint32_t cap = s->cap ? s->cap * 2 : 8;
        ss_setting *p = realloc(s->items, cap * sizeof *p);
        if (!p) {
            free(v);
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        s->items = p;
        s->cap = cap;
    }
    char *n = strdup(name);
    if (!n) {
        free(v);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    for (char *c = n; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    s->items[s->n++] = (ss_setting){n, v};
    return SS_OK;
}
