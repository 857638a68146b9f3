/* settings.h — run-time settings (SET / SHOW / RESET): a session's own, copied at session open
 * from its database's defaults. */
#ifndef SS_CATALOG_SETTINGS_H
#define SS_CATALOG_SETTINGS_H

#include "catalog/settings_history.h"
#include "exec/context.h"

typedef struct ss_setting {
    char *name;   /* lower case */
    char *value;
} ss_setting;

/* Message levels, ordered as PostgreSQL's (client_min_messages). */
typedef enum ss_message_level {
    SS_MSG_DEBUG5 = 10,
    SS_MSG_DEBUG4,
    SS_MSG_DEBUG3,
    SS_MSG_DEBUG2,
    SS_MSG_DEBUG1,
    SS_MSG_LOG,
    SS_MSG_INFO = 17,    /* PostgreSQL's INFO: always sent, whatever client_min_messages says */
    SS_MSG_NOTICE = 18,
    SS_MSG_WARNING = 19,
    SS_MSG_ERROR = 21
} ss_message_level;

typedef struct ss_settings {
    ss_setting *items;
    uint32_t n, cap;
    /* typed copies of the settings the kernel acts on, kept current by ss_settings_set */
    int64_t statement_timeout_ms;  /* 0: no timeout */
    int extra_float_digits;        /* -15 .. 3, float8 output (typeio.h) */
    int client_min_messages;       /* ss_message_level: notices below it are not sent */
    int work_mem_kb;               /* work_mem: each sort / hash node's memory budget */
    double hash_mem_multiplier;    /* hash nodes get work_mem * hash_mem_multiplier */
    /* TimeZone, DateStyle's field order, IntervalStyle (types/datetime/dt_session.c) */
    const struct dt_zone *dt_zone; /* NULL: the default zone */
    int dt_date_order;             /* DT_ORDER_* */
    int dt_interval_style;         /* DT_ISTYLE_* */
    int dt_date_style;             /* DT_DSTYLE_* */
    bool bytea_output_escape;      /* bytea_output = 'escape' (types/bytea/bytea.h) */
    /* default_transaction_isolation (0 read committed, 1 repeatable read, 2 serializable:
       txn/txn_session.h's ss_isolation) and default_transaction_read_only: what a
       transaction gets when BEGIN names neither */
    int default_txn_isolation;
    bool default_txn_read_only;
    ss_history_settings history;   /* sunstone.as_of, history retention, snapshot manager */
    /* what the running transaction changed (settings_txn.c): put back at its end */
    struct ss_settings_undo *undo;
    uint32_t nundo, cap_undo;
} ss_settings;

/* PostgreSQL's work_mem default and minimum, in kB. */
#define SS_WORK_MEM_DEFAULT_KB 4096
#define SS_WORK_MEM_MIN_KB 64

void ss_settings_init(ss_settings *s);
void ss_settings_free(ss_settings *s);
/* dst (holding nothing: it is overwritten) becomes a copy of src: what a new session starts from.  On out of
 * memory dst stays empty and SS_ERROR is returned. */
int ss_settings_copy(ss_settings *dst, const ss_settings *src);
/* Current value, or the built-in default, or NULL for an unknown name. */
const char *ss_settings_get(const ss_settings *s, const char *name);
/* The session's own value of name (SET, or copied from its database), NULL when it has the
   built-in default: the cheap question for settings read at every statement. */
const char *ss_settings_own(const ss_settings *s, const char *name);
/* Validates name and value as PostgreSQL does (unknown parameter 42704, one that PostgreSQL has
 * but Sunstone does not implement 0A000, read-only 55P02, bad
 * value 22023 with PostgreSQL's HINT/DETAIL, a value Sunstone cannot honour 0A000) and stores
 * it as SHOW prints it ("10ms" for statement_timeout = 10); value NULL resets to the default. */
int ss_settings_set(ss_ctx *ctx, ss_settings *s, const char *name, const char *value);
/* As ss_settings_set, also for a setting fixed when the database opens (shared_buffers:
 * sunstone_config / $SUNSTONE_SHARED_BUFFERS), which SET refuses (55P02). */
int ss_settings_set_startup(ss_ctx *ctx, ss_settings *s, const char *name, const char *value);
/* The same validation without storing (SET LOCAL outside a transaction block). */
int ss_settings_check(ss_ctx *ctx, const ss_settings *s, const char *name, const char *value);
/* Settings in a transaction (settings_txn.c): ss_settings_set, remembering the value from
 * before the transaction (local: SET LOCAL / set_config(..., true), undone at its end);
 * ss_settings_txn_end puts back what the ending transaction changed (commit: the local
 * changes only; abort: all) and tells whether anything changed; txn_free drops the record. */
int ss_settings_set_in_txn(ss_ctx *ctx, ss_settings *s, const char *name, const char *value, bool local);
bool ss_settings_txn_end(ss_settings *s, bool commit);
void ss_settings_txn_free(ss_settings *s);
/* The i-th parameter Sunstone knows (i from 0; NULL past the last), built-in and the
 * sunstone.operator_<kind> ones; *read_only tells a preset (internal) one.  The session's
 * custom ones (name with a dot) are its items. */
const char *ss_settings_known_name(size_t i, bool *read_only);
/* PostgreSQL's spelling of a parameter name for SHOW's column ("DateStyle"); name otherwise. */
const char *ss_settings_display_name(const char *name);
/* The error for a name Sunstone does not know: 0A000 when PostgreSQL 15 has that parameter
 * (pg_settings_data.c), else 42704 "unrecognized configuration parameter". */
int ss_settings_unknown(ss_ctx *ctx, const char *name);

#endif
