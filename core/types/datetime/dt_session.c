/* dt_session.c — the date/time settings of the running statement: the session's TimeZone,
 * DateStyle field order and IntervalStyle (typed copies kept in ss_settings by
 * dt_settings_update), published per thread when a statement binds, runs or prints (as
 * extra_float_digits is), and the statement's start time that now(), current_timestamp and
 * 'now' read.  Sunstone has no transactions yet, so the transaction's start is the
 * statement's: stable within a statement, new for the next one. */
#include "types/datetime/datetime.h"

#include "catalog/settings.h"
#include "util/tls.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static SS_TLS dt_session current = {NULL, DT_ORDER_MDY, DT_ISTYLE_POSTGRES, 0, DT_DSTYLE_ISO, 0};

int64_t dt_clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ((int64_t)ts.tv_sec - (int64_t)(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * SECS_PER_DAY) * USECS_PER_SEC +
           ts.tv_nsec / 1000;
}

/* Both are computed once per process, whichever thread asks first. */
static const dt_zone *utc;
static pthread_once_t utc_once = PTHREAD_ONCE_INIT;

static void load_utc(void)
{
    utc = dt_tz_load("UTC");
}

const dt_zone *dt_utc(void)
{
    pthread_once(&utc_once, load_utc);
    return utc;
}

static char default_zone[256];
static pthread_once_t default_zone_once = PTHREAD_ONCE_INIT;

static void find_default_zone(void)
{
    const char *tz = getenv("TZ");
    const dt_zone *z = NULL;
    if (tz && *tz) {
        if (*tz == ':')
            tz++;
        z = dt_tz_load(tz);
    }
    strncpy(default_zone, z ? dt_tz_name(z) : "UTC", sizeof default_zone - 1);
}

const char *dt_default_timezone(void)
{
    pthread_once(&default_zone_once, find_default_zone);
    return default_zone;
}

void dt_settings_update(ss_settings *s, const char *name, const char *value)
{
    if (strcasecmp(name, "timezone") == 0) {
        s->dt_zone = dt_tz_load(value);
    } else if (strcasecmp(name, "datestyle") == 0) {
        const char *order = strchr(value, ',');
        order = order ? order + 1 : value;
        while (*order == ' ')
            order++;
        s->dt_date_style = strncasecmp(value, "SQL", 3) == 0        ? DT_DSTYLE_SQL
                           : strncasecmp(value, "Postgres", 8) == 0 ? DT_DSTYLE_POSTGRES
                           : strncasecmp(value, "German", 6) == 0   ? DT_DSTYLE_GERMAN
                                                                      : DT_DSTYLE_ISO;
        s->dt_date_order = strncasecmp(order, "DMY", 3) == 0 ? DT_ORDER_DMY
                           : strncasecmp(order, "YMD", 3) == 0 ? DT_ORDER_YMD
                                                                : DT_ORDER_MDY;
    } else if (strcasecmp(name, "intervalstyle") == 0) {
        s->dt_interval_style = strcasecmp(value, "postgres_verbose") == 0 ? DT_ISTYLE_POSTGRES_VERBOSE
                               : strcasecmp(value, "sql_standard") == 0   ? DT_ISTYLE_SQL_STANDARD
                               : strcasecmp(value, "iso_8601") == 0       ? DT_ISTYLE_ISO_8601
                                                                          : DT_ISTYLE_POSTGRES;
    }
}

/* The default zone itself, loaded once: what a session that never set TimeZone reads at
   every step. */
static const dt_zone *default_zone_loaded;
static pthread_once_t default_zone_loaded_once = PTHREAD_ONCE_INIT;

static void load_default_zone(void)
{
    default_zone_loaded = dt_tz_load(dt_default_timezone());
}

static const dt_zone *zone_of(const ss_settings *s)
{
    if (s && s->dt_zone)
        return s->dt_zone;
    const char *name = s ? ss_settings_own(s, "timezone") : NULL;
    const dt_zone *z;
    if (!name) { /* the default (ss_settings_get's for timezone: dt_default_timezone) */
        pthread_once(&default_zone_loaded_once, load_default_zone);
        z = default_zone_loaded;
    } else {
        z = dt_tz_load(name);
    }
    return z ? z : dt_utc();
}

void dt_session_publish(const ss_settings *s)
{
    current.zone = zone_of(s);
    current.date_order = s ? s->dt_date_order : DT_ORDER_MDY;
    current.interval_style = s ? s->dt_interval_style : DT_ISTYLE_POSTGRES;
    current.date_style = s ? s->dt_date_style : DT_DSTYLE_ISO;
}

void dt_statement_begin(void)
{
    current.stmt_start = current.stmt_ts = dt_clock_now();
}

void dt_transaction_start(int64_t start_us)
{
    if (start_us != 0)
        current.stmt_start = start_us;
}

int64_t dt_statement_start(void)
{
    if (current.stmt_ts == 0)
        current.stmt_start = current.stmt_ts = dt_clock_now();
    return current.stmt_ts;
}

void dt_session_of(ss_ctx *ctx, dt_session *out)
{
    *out = current;
    if (ctx && ctx->settings) {
        out->zone = zone_of(ctx->settings);
        out->date_order = ctx->settings->dt_date_order;
        out->interval_style = ctx->settings->dt_interval_style;
        out->date_style = ctx->settings->dt_date_style;
    }
    if (!out->zone)
        out->zone = dt_utc();
    if (out->stmt_start == 0)
        out->stmt_start = current.stmt_start = dt_clock_now();
    if (out->stmt_ts == 0)
        out->stmt_ts = current.stmt_ts = out->stmt_start;
}

const dt_session *dt_session_current(void)
{
    if (!current.zone)
        current.zone = dt_utc();
    if (current.stmt_start == 0)
        current.stmt_start = dt_clock_now();
    if (current.stmt_ts == 0)
        current.stmt_ts = current.stmt_start;
    return &current;
}
