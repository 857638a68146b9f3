/* settings_history.c — checks and typed copies of the time-travel settings
 * (settings_history.h). */
#include "catalog/settings_history.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/settings.h"
#include "catalog/settings_parse.h"
#include "loader/registry.h"
#include "txn/txn_history.h"
#include "types/datetime/datetime.h"
#include "util/strbuf.h"

/* µs between the Unix epoch and PostgreSQL's (2000-01-01) */
#define PG_EPOCH_UNIX_US ((int64_t)(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * 86400 * 1000000)

int ss_setting_check_snapshot_manager(ss_ctx *ctx, const struct ss_settings *s, const char *name,
                                      const char *value, char *out, size_t outlen)
{
    (void)s;
    if (ctx->registry && !ss_registry_find(ctx->registry, SS_KIND_SNAPSHOT, value)) {
        ss_ctx_error(ctx, "22023", "invalid value for parameter \"%s\": \"%s\"", name, value);
        char names[256] = "";
        size_t n = 0;
        for (uint32_t i = 0; i < ctx->registry->nregs && n < sizeof names; i++)
            if (ctx->registry->regs[i].kind == SS_KIND_SNAPSHOT)
                n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "",
                                      ctx->registry->regs[i].name);
        ss_ctx_error_detail(ctx, n ? "Available snapshot managers: %s." : "No snapshot manager is loaded.%s",
                            names);
        return SS_ERROR;
    }
    snprintf(out, outlen, "%s", value);
    return SS_OK;
}

/* An interval as µs (a month counts 30 days, as PostgreSQL's interval comparisons do). */
static int parse_retention(ss_ctx *ctx, const char *name, const char *value, int64_t *us)
{
    dt_interval iv;
    if (dt_interval_in(ctx, value, strlen(value), -1, &iv) != SS_OK)
        return SS_ERROR;
    double total = (double)iv.time + ((double)iv.month * 30 + iv.day) * 86400e6;
    if (total < 0 || total > 9.2e18) {
        ss_ctx_error(ctx, "22023", "invalid value for parameter \"%s\": \"%s\"", name, value);
        ss_ctx_error_detail(ctx, "%s", "The history retention must be a non-negative interval.");
        return SS_ERROR;
    }
    *us = (int64_t)total;
    return SS_OK;
}

int ss_setting_check_history_retention(ss_ctx *ctx, const struct ss_settings *s, const char *name,
                                       const char *value, char *out, size_t outlen)
{
    (void)s;
    int64_t us = 0;
    if (parse_retention(ctx, name, value, &us))
        return SS_ERROR;
    snprintf(out, outlen, "%s", value);
    return SS_OK;
}

int ss_setting_check_history_commits(ss_ctx *ctx, const struct ss_settings *s, const char *name,
                                     const char *value, char *out, size_t outlen)
{
    (void)s;
    int n;
    if (ss_setting_parse_int(ctx, name, value, false, 0, INT_MAX, &n))
        return SS_ERROR;
    snprintf(out, outlen, "%d", n);
    return SS_OK;
}

int ss_as_of_parse_time(ss_ctx *ctx, const char *text, int64_t *unix_us)
{
    dt_session session;
    dt_session_of(ctx, &session);
    int64_t ts = 0;
    if (dt_timestamp_in(ctx, &session, text, strlen(text), -1, true, &ts) != SS_OK)
        return SS_ERROR;
    if (ts == INT64_MIN || ts == INT64_MAX) {
        return ss_ctx_error(ctx, "22023", "AS OF TIMESTAMP cannot be %s", ts == INT64_MIN ? "-infinity" : "infinity");
    }
    *unix_us = ts + PG_EPOCH_UNIX_US;
    return SS_OK;
}

/* "transaction N" (any case, spaces around), the form sunstone.as_of takes for AS OF
   TRANSACTION; false for anything else. */
static bool parse_as_of_xid(const char *value, uint64_t *xid)
{
    while (*value == ' ')
        value++;
    if (strncasecmp(value, "transaction", 11) != 0 || value[11] != ' ')
        return false;
    value += 11;
    while (*value == ' ')
        value++;
    if (*value < '0' || *value > '9')
        return false;
    char *end;
    unsigned long long v = strtoull(value, &end, 10);
    while (*end == ' ')
        end++;
    if (*end)
        return false;
    *xid = v;
    return true;
}

static bool as_of_off(const char *value)
{
    return value[0] == '\0' || strcasecmp(value, "none") == 0 || strcasecmp(value, "off") == 0;
}

/* The normalized forms: "" (off), "transaction N", or the instant in UTC with its offset
   ("2026-12-03 14:20:00.5+00"), which reads the same under every TimeZone. */
int ss_setting_check_as_of(ss_ctx *ctx, const struct ss_settings *s, const char *name, const char *value,
                           char *out, size_t outlen)
{
    (void)s;
    (void)name;
    uint64_t xid = 0;
    if (as_of_off(value)) {
        snprintf(out, outlen, "%s", "");
        return SS_OK;
    }
    if (parse_as_of_xid(value, &xid)) {
        snprintf(out, outlen, "transaction %" PRIu64, xid);
        return SS_OK;
    }
    int64_t us = 0;
    if (ss_as_of_parse_time(ctx, value, &us))
        return SS_ERROR;
    ss_strbuf b = {0};
    dt_timestamptz_out(us - PG_EPOCH_UNIX_US, dt_utc(), &b);
    snprintf(out, outlen, "%s", b.data ? b.data : "");
    ss_strbuf_free(&b);
    return SS_OK;
}

bool ss_settings_history_update(ss_history_settings *h, const char *name, const char *value)
{
    ss_ctx quiet = {0}; /* normalized values parse without error */
    if (strcasecmp(name, "sunstone.history_retention") == 0) {
        if (parse_retention(&quiet, name, value, &h->retention_us))
            h->retention_us = 0;
    } else if (strcasecmp(name, "sunstone.history_retention_commits") == 0) {
        h->retention_commits = strtoll(value, NULL, 10);
    } else if (strcasecmp(name, "sunstone.snapshot_manager") == 0) {
        h->manager_changes++;
    } else if (strcasecmp(name, "sunstone.as_of") == 0) {
        h->as_of_kind = SS_AS_OF_NONE;
        if (as_of_off(value))
            return true;
        if (parse_as_of_xid(value, &h->as_of_xid)) {
            h->as_of_kind = SS_AS_OF_XID;
            return true;
        }
        dt_session session = {.zone = dt_utc()};
        int64_t ts = 0;
        if (dt_timestamp_in(&quiet, &session, value, strlen(value), -1, true, &ts) == SS_OK) {
            h->as_of_kind = SS_AS_OF_TIME;
            h->as_of_time_us = ts + PG_EPOCH_UNIX_US;
        }
    } else {
        return false;
    }
    return true;
}
