/* settings_history.h — the time-travel settings (settings_history.c): sunstone.as_of (what a
 * session reads as of), sunstone.history_retention / sunstone.history_retention_commits (how
 * much commit history the database keeps readable), sunstone.snapshot_manager (the snapshot
 * manager module that records it), their checks and their typed copies in ss_settings. */
#ifndef SS_CATALOG_SETTINGS_HISTORY_H
#define SS_CATALOG_SETTINGS_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#include "exec/context.h"

struct ss_settings;

/* The typed copies (ss_settings.history). */
typedef struct ss_history_settings {
    int64_t retention_us;      /* sunstone.history_retention, µs (0: none) */
    int64_t retention_commits; /* sunstone.history_retention_commits (0: none) */
    int as_of_kind;            /* sunstone.as_of: txn/txn_history.h's ss_as_of_kind */
    int64_t as_of_time_us;     /* µs since the Unix epoch */
    uint64_t as_of_xid;
    uint32_t manager_changes;  /* bumped whenever sunstone.snapshot_manager changes */
} ss_history_settings;

/* The check functions of the settings table (settings.c), as its setting_check. */
int ss_setting_check_snapshot_manager(ss_ctx *ctx, const struct ss_settings *s, const char *name,
                                      const char *value, char *out, size_t outlen);
int ss_setting_check_history_retention(ss_ctx *ctx, const struct ss_settings *s, const char *name,
                                       const char *value, char *out, size_t outlen);
int ss_setting_check_history_commits(ss_ctx *ctx, const struct ss_settings *s, const char *name,
                                     const char *value, char *out, size_t outlen);
int ss_setting_check_as_of(ss_ctx *ctx, const struct ss_settings *s, const char *name, const char *value,
                           char *out, size_t outlen);
/* Keeps the typed copies current after name changed to value (normalized); false when name is
 * none of these settings. */
bool ss_settings_history_update(ss_history_settings *h, const char *name, const char *value);

/* A timestamp with time zone as AS OF TIMESTAMP reads it (the session's TimeZone and
 * DateStyle, PostgreSQL's input rules; 'now' and the like as in a query), in µs since the
 * Unix epoch.  SS_ERROR with PostgreSQL's input error on ctx. */
int ss_as_of_parse_time(ss_ctx *ctx, const char *text, int64_t *unix_us);

#endif
