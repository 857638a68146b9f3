/* settings.c — run-time settings: a table of known parameters with defaults, each validated
 * the way PostgreSQL validates it (settings_parse.c) and stored as SHOW prints it, plus custom
 * "prefix.name" settings as PostgreSQL allows them.  Settings Sunstone cannot honour in some
 * value (standard_conforming_strings = off, an encoding other than UTF8) refuse that value
 * with 0A000 instead of being ignored. */
#include "catalog/settings.h"
#include "catalog/pg_settings_meta.h"
#include "types/datetime/datetime.h"

#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/settings_history.h"
#include "catalog/settings_parse.h"
#include "exec/node_kinds.h"

/* Validates value for the parameter the user called name; writes what SHOW prints to out
 * (outlen >= strlen(value) + 64). */
typedef int (*setting_check)(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value, char *out,
                             size_t outlen);

typedef struct known_setting {
    const char *name;
    const char *display;      /* PostgreSQL's spelling (SHOW's column name, some errors) */
    const char *default_value;
    uint8_t read_only;        /* 0 settable; 1 preset (internal); 2 fixed when the database
                                 opens (PostgreSQL's postmaster context: ss_settings_set_startup) */
    setting_check check;      /* NULL: any text */
} known_setting;

static const ss_setting_enum message_levels[] = {
    {"debug5", SS_MSG_DEBUG5, false}, {"debug4", SS_MSG_DEBUG4, false}, {"debug3", SS_MSG_DEBUG3, false},
    {"debug2", SS_MSG_DEBUG2, false}, {"debug1", SS_MSG_DEBUG1, false}, {"debug", SS_MSG_DEBUG2, true},
    {"log", SS_MSG_LOG, false},       {"notice", SS_MSG_NOTICE, false}, {"warning", SS_MSG_WARNING, false},
    {"error", SS_MSG_ERROR, false},   {NULL, 0, false}};

/* PostgreSQL's isolation level names; read uncommitted runs as read committed (as there) */
static const ss_setting_enum isolation_levels[] = {
    {"serializable", 2, false}, {"repeatable read", 1, false}, {"read committed", 0, false},
    {"read uncommitted", 0, false}, {NULL, 0, false}};

static const ss_setting_enum interval_styles[] = {
    {"postgres", 0, false}, {"postgres_verbose", 1, false}, {"sql_standard", 2, false}, {"iso_8601", 3, false},
    {NULL, 0, false}};

static const ss_setting_enum bytea_outputs[] = {{"escape", 1, false}, {"hex", 0, false}, {NULL, 0, false}};

/* PostgreSQL's synchronous_commit values (in its order, with its hidden spellings); with no
 * standby, local and remote_* sync as on does.  A database file's backend reads it at commit
 * (storage.h txn_commit): off skips the sync. */
static const ss_setting_enum synchronous_commits[] = {
    {"local", 1, false}, {"remote_write", 2, false}, {"remote_apply", 4, false}, {"on", 3, false},
    {"off", 0, false},   {"true", 3, true},          {"false", 0, true},         {"yes", 3, true},
    {"no", 0, true},     {"1", 3, true},             {"0", 0, true},             {NULL, 0, false}};

static int check_statement_timeout(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value,
                                   char *out, size_t outlen)
{
    (void)s;
    int ms;
    if (ss_setting_parse_int(ctx, name, value, true, 0, INT_MAX, &ms))
        return SS_ERROR;
    ss_setting_format_ms(ms, out, outlen);
    return SS_OK;
}

/* work_mem: kB, 64 .. INT_MAX as in PostgreSQL (the budget of each sort and hash node). */
static int check_work_mem(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value, char *out,
                          size_t outlen)
{
    (void)s;
    int kb;
    if (ss_setting_parse_kb(ctx, name, value, SS_WORK_MEM_MIN_KB, INT_MAX, &kb))
        return SS_ERROR;
    ss_setting_format_kb(kb, out, outlen);
    return SS_OK;
}

static int check_hash_mem_multiplier(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value,
                                     char *out, size_t outlen)
{
    (void)s;
    double m;
    if (ss_setting_parse_real(ctx, name, value, 1.0, 1000.0, &m))
        return SS_ERROR;
    ss_setting_format_real(m, out, outlen);
    return SS_OK;
}

static int check_extra_float_digits(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value,
                                    char *out, size_t outlen)
{
    (void)s;
    int n;
    if (ss_setting_parse_int(ctx, name, value, false, -15, 3, &n))
        return SS_ERROR;
    snprintf(out, outlen, "%d", n);
    return SS_OK;
}

static int check_standard_conforming_strings(ss_ctx *ctx, const ss_settings *s, const char *name,
                                             const char *value, char *out, size_t outlen)
{
    (void)s;
    bool on;
    if (ss_setting_parse_bool(ctx, name, value, &on))
        return SS_ERROR;
    if (!on)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: standard_conforming_strings = off (backslashes in string "
                            "literals are always literal; use E'...' for escapes)");
    snprintf(out, outlen, "on");
    return SS_OK;
}

static int check_enum(ss_ctx *ctx, const char *name, const char *value, const ss_setting_enum *options, char *out,
                      size_t outlen)
{
    int v;
    if (ss_setting_parse_enum(ctx, name, value, options, &v))
        return SS_ERROR;
    snprintf(out, outlen, "%s", ss_setting_enum_name(options, v));
    return SS_OK;
}

static int check_synchronous_commit(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value,
                                    char *out, size_t outlen)
{
    (void)s;
    return check_enum(ctx, name, value, synchronous_commits, out, outlen);
}

static int check_client_min_messages(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value,
                                     char *out, size_t outlen)
{
    (void)s;
    return check_enum(ctx, name, value, message_levels, out, outlen);
}

/* IntervalStyle: postgres, postgres_verbose, sql_standard or iso_8601
 * (types/datetime/dt_format.c). */
static int check_intervalstyle(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value, char *out,
                               size_t outlen)
{
    (void)s;
    return check_enum(ctx, name, value, interval_styles, out, outlen);
}

static int check_isolation(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value, char *out,
                           size_t outlen)
{
    (void)s;
    int v;
    if (ss_setting_parse_enum(ctx, name, value, isolation_levels, &v))
        return SS_ERROR;
    /* the name as written ("read uncommitted" shares read committed's number) */
    for (const ss_setting_enum *o = isolation_levels; o->name; o++)
        if (strcasecmp(o->name, value) == 0) {
            snprintf(out, outlen, "%s", o->name);
            return SS_OK;
        }
    snprintf(out, outlen, "%s", ss_setting_enum_name(isolation_levels, v));
    return SS_OK;
}

static int check_bool(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value, char *out,
                      size_t outlen)
{
    (void)s;
    bool on;
    if (ss_setting_parse_bool(ctx, name, value, &on))
        return SS_ERROR;
    snprintf(out, outlen, "%s", on ? "on" : "off");
    return SS_OK;
}

static int check_bytea_output(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value, char *out,
                              size_t outlen)
{
    (void)s;
    return check_enum(ctx, name, value, bytea_outputs, out, outlen);
}

/* the window operator's frame algorithm for moving aggregates (operators/window) */
static const ss_setting_enum window_frame_algorithms[] = {
    {"naive", 0, false}, {"incremental", 1, false}, {"segment_tree", 2, false}, {"auto", 3, false}, {NULL, 0, false}};

static int check_window_frame_algorithm(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value,
                                        char *out, size_t outlen)
{
    (void)s;
    return check_enum(ctx, name, value, window_frame_algorithms, out, outlen);
}

static int check_datestyle(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value, char *out,
                           size_t outlen)
{
    (void)name;
    return ss_setting_parse_datestyle(ctx, ss_settings_get(s, "datestyle"), value, out, outlen);
}

static int check_timezone(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value, char *out,
                          size_t outlen)
{
    (void)s;
    (void)name;
    return ss_setting_parse_timezone(ctx, value, out, outlen);
}

static int check_client_encoding(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value,
                                 char *out, size_t outlen)
{
    (void)s;
    (void)name;
    return ss_setting_parse_encoding(ctx, value, out, outlen);
}

static int check_search_path(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value, char *out,
                             size_t outlen)
{
    (void)s;
    (void)name;
    if (ss_setting_parse_search_path(ctx, value))
        return SS_ERROR;
    snprintf(out, outlen, "%s", value);
    return SS_OK;
}

/* PostgreSQL keeps only printable ASCII in application_name: every other byte becomes '?'. */
static int check_application_name(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value,
                                  char *out, size_t outlen)
{
    (void)ctx;
    (void)s;
    (void)name;
    size_t n = 0;
    for (const unsigned char *c = (const unsigned char *)value; *c && n + 1 < outlen; c++)
        out[n++] = *c < 32 || *c > 126 ? '?' : (char)*c;
    out[n] = '\0';
    return SS_OK;
}

/* shared_buffers: 8 kB blocks, 16 .. INT_MAX / 2 as in PostgreSQL; sizes the buffer cache of a
 * database file's backend (the native module's), read once at open. */
static int check_shared_buffers(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value, char *out,
                                size_t outlen)
{
    (void)s;
    int blocks;
    if (ss_setting_parse_blocks(ctx, name, value, 16, INT_MAX / 2, &blocks))
        return SS_ERROR;
    ss_setting_format_blocks(blocks, out, outlen);
    return SS_OK;
}

static const known_setting known[] = {
    {"default_table_access_method", NULL, "memory", false, NULL},
    {"synchronous_commit", NULL, "on", false, check_synchronous_commit},
    {"sunstone.window_frame_algorithm", NULL, "auto", false, check_window_frame_algorithm},
    {"sunstone.snapshot_manager", NULL, "ordered", false, ss_setting_check_snapshot_manager},
    {"sunstone.history_retention", NULL, "0", false, ss_setting_check_history_retention},
    {"sunstone.history_retention_commits", NULL, "0", false, ss_setting_check_history_commits},
    {"sunstone.as_of", NULL, "", false, ss_setting_check_as_of},
    {"sunstone.zone_map_pushdown", NULL, "on", false, check_bool},
    {"client_encoding", NULL, "UTF8", false, check_client_encoding},
    {"datestyle", "DateStyle", "ISO, MDY", false, check_datestyle},
    {"timezone", "TimeZone", "UTC", false, check_timezone},
    {"search_path", NULL, "\"$user\", public", false, check_search_path},
    {"application_name", NULL, "", false, check_application_name},
    {"extra_float_digits", NULL, "1", false, check_extra_float_digits},
    {"standard_conforming_strings", NULL, "on", false, check_standard_conforming_strings},
    {"client_min_messages", NULL, "notice", false, check_client_min_messages},
    {"statement_timeout", NULL, "0", false, check_statement_timeout},
    {"lock_timeout", NULL, "0", false, check_statement_timeout},
    {"work_mem", NULL, "4MB", false, check_work_mem},
    {"hash_mem_multiplier", NULL, "2", false, check_hash_mem_multiplier},
    {"shared_buffers", NULL, "128MB", 2, check_shared_buffers},
    {"intervalstyle", "IntervalStyle", "postgres", false, check_intervalstyle},
    {"bytea_output", NULL, "hex", false, check_bytea_output},
    {"default_transaction_isolation", NULL, "read committed", false, check_isolation},
    {"default_transaction_read_only", NULL, "off", false, check_bool},
    {"enable_indexscan", NULL, "on", false, check_bool},
    {"enable_seqscan", NULL, "on", false, check_bool},
    {"enable_sort", NULL, "on", false, check_bool},
    {"transaction_isolation", NULL, "read committed", false, check_isolation},
    {"transaction_read_only", NULL, "off", false, check_bool},
    {"server_version", NULL, "15.0", true, NULL},
    {"server_version_num", NULL, "150000", true, NULL},
    {"server_encoding", NULL, "UTF8", true, NULL},
    {"integer_datetimes", NULL, "on", true, NULL},
    {"lc_collate", NULL, "C", true, NULL},
    {"lc_ctype", NULL, "C", true, NULL},
};

/* name's entry: the table above, or the setting that selects a node kind's operator
 * (sunstone.operator_<kind>, declared with its default in exec/node_kinds.c), built in *tmp. */
static const known_setting *find_known(const char *name, known_setting *tmp)
{
    /* first: the executor reads these for every operator instance it builds */
    const ss_node_kind_desc *d = ss_node_kind_by_setting(name);
    if (d) {
        *tmp = (known_setting){d->setting, NULL, d->default_operator, false, NULL};
        return tmp;
    }
    /* the names are lower case: the first letter skips most of them (this runs at every
       statement: default_transaction_isolation, timezone) */
    char first = (char)tolower((unsigned char)name[0]);
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (known[i].name[0] == first && strcasecmp(known[i].name, name) == 0) {
            if (strcmp(known[i].name, "timezone") == 0) {
                /* the default follows the environment's TZ, as initdb's choice does */
                *tmp = known[i];
                tmp->default_value = dt_default_timezone();
                return tmp;
            }
            return &known[i];
        }
    return NULL;
}

const char *ss_settings_display_name(const char *name)
{
    known_setting tmp;
    const known_setting *k = find_known(name, &tmp);
    return k && k->display ? k->display : name;
}

void ss_settings_init(ss_settings *s)
{
    memset(s, 0, sizeof *s);
    s->extra_float_digits = 1;
    s->client_min_messages = SS_MSG_NOTICE;
    s->work_mem_kb = SS_WORK_MEM_DEFAULT_KB;
    s->hash_mem_multiplier = 2.0;
}

void ss_settings_free(ss_settings *s)
{
    ss_settings_txn_free(s);
    for (uint32_t i = 0; i < s->n; i++) {
        free(s->items[i].name);
        free(s->items[i].value);
    }
    free(s->items);
    ss_settings_init(s);
}

int ss_settings_copy(ss_settings *dst, const ss_settings *src)
{
    ss_settings_init(dst);
    if (src->n && !(dst->items = calloc(src->n, sizeof *dst->items)))
        return SS_ERROR;
    dst->cap = src->n;
    for (uint32_t i = 0; i < src->n; i++, dst->n++)
        if (!(dst->items[dst->n].name = strdup(src->items[i].name)) ||
            !(dst->items[dst->n].value = strdup(src->items[i].value))) {
            free(dst->items[dst->n].name);
            ss_settings_free(dst);
            return SS_ERROR;
        }
    dst->statement_timeout_ms = src->statement_timeout_ms;
    dst->extra_float_digits = src->extra_float_digits;
    dst->client_min_messages = src->client_min_messages;
    dst->work_mem_kb = src->work_mem_kb;
    dst->hash_mem_multiplier = src->hash_mem_multiplier;
    dst->dt_zone = src->dt_zone;
    dst->dt_date_order = src->dt_date_order;
    dst->dt_interval_style = src->dt_interval_style;
    dst->dt_date_style = src->dt_date_style;
    dst->bytea_output_escape = src->bytea_output_escape;
    dst->default_txn_isolation = src->default_txn_isolation;
    dst->default_txn_read_only = src->default_txn_read_only;
    dst->history = src->history;
    return SS_OK;
}

static ss_setting *find_set(const ss_settings *s, const char *name)
{
    for (uint32_t i = 0; i < s->n; i++)
        if (strcasecmp(s->items[i].name, name) == 0)
            return &s->items[i];
    return NULL;
}

const char *ss_settings_own(const ss_settings *s, const char *name)
{
    ss_setting *it = find_set(s, name);
    return it ? it->value : NULL;
}

const char *ss_settings_get(const ss_settings *s, const char *name)
{
    ss_setting *it = find_set(s, name);
    if (it)
        return it->value;
    known_setting tmp;
    const known_setting *k = find_known(name, &tmp);
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

extern const char *const ss_pg_setting_names[];
extern const size_t ss_pg_setting_count;

int ss_settings_unknown(ss_ctx *ctx, const char *name)
{
    size_t lo = 0, hi = ss_pg_setting_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcasecmp(name, ss_pg_setting_names[mid]);
        if (c == 0)
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: configuration parameter \"%s\"", name);
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "unrecognized configuration parameter \"%s\"", name);
}

/* Validates name and value; *normalized (malloc'd) gets what SHOW will print.  startup: the
 * database is opening (a setting fixed at open may be given). */
static int validate_as(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value, char **normalized,
                       bool startup)
{
    *normalized = NULL;
    known_setting tmp;
    const known_setting *k = find_known(name, &tmp);
    if (!k && !is_custom_name(name))
        return ss_settings_unknown(ctx, name);
    if (k && k->read_only == 2 && !startup)
        return ss_ctx_error(ctx, "55P02", "parameter \"%s\" cannot be changed without restarting the server", name);
    if (k && k->read_only == 1)
        return ss_ctx_error(ctx, "55P02", "parameter \"%s\" cannot be changed", name);
    if (!value)
        value = k ? k->default_value : "";
    size_t outlen = strlen(value) + 64;
    char *out = malloc(outlen);
    if (!out)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (k && k->check) {
        if (k->check(ctx, s, name, value, out, outlen)) {
            free(out);
            return SS_ERROR;
        }
    } else {
        memcpy(out, value, strlen(value) + 1);
    }
    *normalized = out;
    return SS_OK;
}

static int validate(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value, char **normalized)
{
    return validate_as(ctx, s, name, value, normalized, false);
}

int ss_settings_check(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value)
{
    char *v;
    if (validate(ctx, s, name, value, &v))
        return SS_ERROR;
    free(v);
    return SS_OK;
}

/* Keeps the typed copies current after name changed to value (already normalized). */
static void update_typed(ss_settings *s, const char *name, const char *value)
{
    ss_ctx quiet = {0}; /* normalized values parse without error */
    int n;
    double d;
    if (strcasecmp(name, "work_mem") == 0 &&
        ss_setting_parse_kb(&quiet, name, value, SS_WORK_MEM_MIN_KB, INT_MAX, &n) == SS_OK)
        s->work_mem_kb = n;
    else if (strcasecmp(name, "hash_mem_multiplier") == 0 &&
             ss_setting_parse_real(&quiet, name, value, 1.0, 1000.0, &d) == SS_OK)
        s->hash_mem_multiplier = d;
    else if (strcasecmp(name, "statement_timeout") == 0 &&
        ss_setting_parse_int(&quiet, name, value, true, 0, INT_MAX, &n) == SS_OK)
        s->statement_timeout_ms = n;
    else if (strcasecmp(name, "extra_float_digits") == 0 &&
             ss_setting_parse_int(&quiet, name, value, false, -15, 3, &n) == SS_OK)
        s->extra_float_digits = n;
    else if (strcasecmp(name, "bytea_output") == 0 &&
             ss_setting_parse_enum(&quiet, name, value, bytea_outputs, &n) == SS_OK)
        s->bytea_output_escape = n == 1;
    else if (strcasecmp(name, "default_transaction_isolation") == 0 &&
             ss_setting_parse_enum(&quiet, name, value, isolation_levels, &n) == SS_OK)
        s->default_txn_isolation = n;
    else if (strcasecmp(name, "default_transaction_read_only") == 0)
        s->default_txn_read_only = strcmp(value, "on") == 0;
    else if (strcasecmp(name, "client_min_messages") == 0 &&
             ss_setting_parse_enum(&quiet, name, value, message_levels, &n) == SS_OK)
        s->client_min_messages = n;
    else if (!ss_settings_history_update(&s->history, name, value))
        dt_settings_update(s, name, value);
}

static int settings_set(ss_ctx *ctx, ss_settings *s, const char *name, const char *value, bool startup)
{
    char *v;
    if (validate_as(ctx, s, name, value, &v, startup))
        return SS_ERROR;
    ss_setting *it = find_set(s, name);
    if (it && !value) { /* RESET: the session's own value goes (pg_settings' source: default) */
        update_typed(s, name, v);
        free(v);
        free(it->name);
        free(it->value);
        *it = s->items[--s->n];
        return SS_OK;
    }
    if (it) {
        free(it->value);
        it->value = v;
        update_typed(s, name, v);
        return SS_OK;
    }
    if (!value) { /* RESET of a parameter never set: its default, nothing stored */
        update_typed(s, name, v);
        free(v);
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
    update_typed(s, name, v);
    return SS_OK;
}

int ss_settings_set(ss_ctx *ctx, ss_settings *s, const char *name, const char *value)
{
    return settings_set(ctx, s, name, value, false);
}

int ss_settings_set_startup(ss_ctx *ctx, ss_settings *s, const char *name, const char *value)
{
    return settings_set(ctx, s, name, value, true);
}

const char *ss_settings_known_name(size_t i, bool *read_only)
{
    size_t nknown = sizeof known / sizeof known[0];
    if (i < nknown) {
        *read_only = known[i].read_only != 0;
        return known[i].name;
    }
    i -= nknown;
    *read_only = false;
    for (int32_t k = 0; k < 1024; k++) { /* node kinds: exec/node_kinds.c */
        const ss_node_kind_desc *d = ss_node_kind_find(k);
        if (d && i-- == 0)
            return d->setting;
    }
    return NULL;
}

const ss_pg_setting_meta *ss_pg_setting_meta_find(const char *name)
{
    size_t lo = 0, hi = ss_pg_settings_meta_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcasecmp(name, ss_pg_settings_meta[mid].name);
        if (c == 0)
            return &ss_pg_settings_meta[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}
