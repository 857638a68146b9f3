/* datetime.h — the kernel's date/time library (PostgreSQL 15's date, time, timetz, timestamp,
 * timestamptz and interval): representations, calendar arithmetic, text input and output,
 * time zones, and the operations the type descriptors of this folder share.
 *
 * Values (core/include/sunstone/types.h): date int32 days since 2000-01-01 (INT32_MIN/MAX
 * are -infinity / infinity), time int64 microseconds since midnight, timestamp / timestamptz
 * int64 microseconds since 2000-01-01 00:00 (UTC for timestamptz; INT64_MIN/MAX are
 * -infinity / infinity), interval and timetz encoded in ss_text bytes (dt_interval_encode,
 * dt_timetz_encode).  Functions returning int give 0 on success or a DTERR_* code, unless
 * they take a ctx (then SS_OK / SS_ERROR with PostgreSQL's error recorded). */
#ifndef SS_TYPES_DATETIME_H
#define SS_TYPES_DATETIME_H

#include <stdbool.h>
#include <stdint.h>

#include "exec/context.h"
#include "sunstone/types.h"
#include "util/strbuf.h"

#define USECS_PER_DAY INT64_C(86400000000)
#define USECS_PER_HOUR INT64_C(3600000000)
#define USECS_PER_MINUTE INT64_C(60000000)
#define USECS_PER_SEC INT64_C(1000000)
#define SECS_PER_DAY 86400
#define SECS_PER_HOUR 3600
#define DAYS_PER_MONTH 30
#define MONTHS_PER_YEAR 12

#define POSTGRES_EPOCH_JDATE 2451545 /* date2j(2000, 1, 1) */
#define UNIX_EPOCH_JDATE 2440588     /* date2j(1970, 1, 1) */

#define DT_NOBEGIN INT64_MIN
#define DT_NOEND INT64_MAX
#define DATEVAL_NOBEGIN INT32_MIN
#define DATEVAL_NOEND INT32_MAX

/* the supported ranges (PostgreSQL's datatype/timestamp.h) */
#define JULIAN_MINYEAR (-4713)
#define JULIAN_MINMONTH 11
#define JULIAN_MINDAY 24
#define JULIAN_MAXYEAR 5874898
#define DATE_END_JULIAN 2147483494     /* date2j(JULIAN_MAXYEAR, 1, 1) */
#define TIMESTAMP_END_JULIAN 109203528 /* date2j(294277, 1, 1) */
#define MIN_TIMESTAMP INT64_C(-211813488000000000)
#define END_TIMESTAMP INT64_C(9223371331200000000)
#define MAX_TIMESTAMP_PRECISION 6
#define MAX_INTERVAL_PRECISION 6
#define MAX_TZDISP_HOUR 15
#define TZDISP_LIMIT ((MAX_TZDISP_HOUR + 1) * SECS_PER_HOUR)

#define IS_VALID_JULIAN(y, m, d)                                                                   \
    (((y) > JULIAN_MINYEAR || ((y) == JULIAN_MINYEAR && ((m) >= JULIAN_MINMONTH))) &&             \
     ((y) < JULIAN_MAXYEAR || ((y) == JULIAN_MAXYEAR && ((m) < 1))))
#define IS_VALID_DATE(d) ((-POSTGRES_EPOCH_JDATE) <= (d) && (d) < (DATE_END_JULIAN - POSTGRES_EPOCH_JDATE))
#define IS_VALID_TIMESTAMP(t) (MIN_TIMESTAMP <= (t) && (t) < END_TIMESTAMP)

/* parse / decode errors (PostgreSQL's DTERR_*), reported by dt_report */
enum {
    DTERR_BAD_FORMAT = -1,
    DTERR_FIELD_OVERFLOW = -2,
    DTERR_MD_FIELD_OVERFLOW = -3, /* triggers the DateStyle hint */
    DTERR_INTERVAL_OVERFLOW = -4,
    DTERR_TZDISP_OVERFLOW = -5,
    DTERR_BAD_ZONE = -6           /* an unknown time zone name: 22023 */
};

/* The kinds of value a date/time input denotes besides an ordinary one. */
enum { DTK_DATE_VALUE = 0, DTK_EPOCH, DTK_LATE, DTK_EARLY, DTK_TIME_ONLY };

/* Broken-down time.  year is astronomical (1 BC = 0); mon 1..12; wday 0 = Sunday. */
typedef struct dt_tm {
    int year, mon, mday, hour, min, sec;
    int wday, yday;
    int isdst;
    int gmtoff;       /* seconds east of UTC of the local time this tm shows */
    const char *zone; /* its abbreviation, or NULL */
} dt_tm;

/* The decoded interval: time in microseconds, then days and months (PostgreSQL's Interval). */
typedef struct dt_interval {
    int64_t time;
    int32_t day;
    int32_t month;
} dt_interval;

/* decoded interval fields (PostgreSQL's pg_itm) */
typedef struct dt_itm {
    int64_t usec; /* 0..999999 */
    int sec, min;
    int64_t hour;
    int mday, mon, year;
} dt_itm;

typedef struct dt_timetz {
    int64_t time; /* microseconds since midnight, local */
    int32_t zone; /* seconds WEST of UTC, as PostgreSQL */
} dt_timetz;

/* ---- time zones (tz.c) ---------------------------------------------------------------------- */

typedef struct dt_zone dt_zone;

/* The zone named name: an IANA zone from /usr/share/zoneinfo (case-insensitive), "UTC", or a
 * POSIX TZ specification ("EST5EDT,M3.2.0,M11.1.0"); cached for the process; NULL when
 * unknown.  The returned zone lives as long as the process. */
const dt_zone *dt_tz_load(const char *name);
/* A fixed zone gmtoff seconds EAST of UTC, named as PostgreSQL names it ("<+02>-02"). */
const dt_zone *dt_tz_fixed(int gmtoff);
/* The zone's canonical name (as SHOW TimeZone prints it). */
const char *dt_tz_name(const dt_zone *z);
/* Local time of UTC Unix time t (seconds) in z: its offset east, DST flag and abbreviation. */
void dt_tz_local(const dt_zone *z, int64_t t, int *gmtoff, int *isdst, const char **abbrev);
/* The first transition strictly after Unix time t: returns 0 when z never changes offset
 * (before_* then describe the only type), 1 with the boundary and the types either side. */
int dt_tz_next_boundary(const dt_zone *z, int64_t t, int *before_gmtoff, int *before_isdst,
                        int64_t *boundary, int *after_gmtoff, int *after_isdst);
/* Whether abbrev (case-insensitive) is an abbreviation z uses; sets its offset and DST flag
 * (the one in force at or last before Unix time t when it has several). */
bool dt_tz_abbrev_offset(const dt_zone *z, const char *abbrev, int64_t t, int *gmtoff, int *isdst);

/* ---- the session's date/time settings -------------------------------------------------------- */

enum { DT_ORDER_MDY = 0, DT_ORDER_DMY, DT_ORDER_YMD };
enum { DT_DSTYLE_ISO = 0, DT_DSTYLE_SQL, DT_DSTYLE_POSTGRES, DT_DSTYLE_GERMAN };
enum { DT_ISTYLE_POSTGRES = 0, DT_ISTYLE_POSTGRES_VERBOSE, DT_ISTYLE_SQL_STANDARD, DT_ISTYLE_ISO_8601 };

typedef struct dt_session {
    const dt_zone *zone;  /* TimeZone */
    int date_order;       /* DT_ORDER_*, from DateStyle */
    int interval_style;   /* DT_ISTYLE_* */
    int64_t stmt_start;   /* timestamptz of the transaction's start (now(), 'now') */
    int date_style;       /* DT_DSTYLE_*, from DateStyle */
    int64_t stmt_ts;      /* timestamptz of the statement's start (statement_timestamp()) */
} dt_session;

/* The settings ctx's session has (TimeZone, DateStyle, IntervalStyle; else those last
 * published on this thread), with now() taken once per statement. */
void dt_session_of(ss_ctx *ctx, dt_session *out);
/* The thread's published settings (output functions, which get no ctx). */
const dt_session *dt_session_current(void);
struct ss_settings;
/* Publishes a session's settings for this thread (statement bind, run, column output). */
void dt_session_publish(const struct ss_settings *s);
/* Marks a statement's start: statement_timestamp() reads it until the next, and now() and
 * 'now' too until dt_transaction_start names the transaction's start. */
void dt_statement_begin(void);
/* The running statement's transaction started at start_us (0: with the statement), which
 * now(), current_timestamp and 'now' read, as PostgreSQL's transaction start timestamp. */
void dt_transaction_start(int64_t start_us);
/* The time dt_statement_begin marked (a transaction starting with the statement starts then). */
int64_t dt_statement_start(void);
/* Keeps ss_settings' typed date/time copies current after name was set to value. */
void dt_settings_update(struct ss_settings *s, const char *name, const char *value);
/* The TimeZone default: the environment's TZ when it names a zone, else "UTC" (as initdb
 * picks the zone it writes into postgresql.conf). */
const char *dt_default_timezone(void);
/* The wall clock as a timestamptz, and the UTC zone. */
int64_t dt_clock_now(void);
const dt_zone *dt_utc(void);

/* ---- calendar (dt_calendar.c) ----------------------------------------------------------------- */

int dt_date2j(int year, int month, int day);
void dt_j2date(int jd, int *year, int *month, int *day);
int dt_j2day(int jd); /* day of week, 0 = Sunday */
bool dt_isleap(int year);
int dt_days_in_month(int year, int mon);
/* ISO 8601 week number, ISO year, day of ISO year of a date */
int dt_date2isoweek(int year, int mon, int mday);
int dt_date2isoyear(int year, int mon, int mday);
int dt_date2isoyearday(int year, int mon, int mday);
int dt_isoweek2j(int isoyear, int week);
/* microseconds since midnight <-> h:m:s.usec */
void dt_time2tm(int64_t time, dt_tm *tm, int64_t *fsec);
int64_t dt_tm2time(const dt_tm *tm, int64_t fsec);
/* timestamp (no zone) <-> tm; false when out of range */
bool dt_timestamp2tm(int64_t ts, dt_tm *tm, int64_t *fsec);
bool dt_tm2timestamp(const dt_tm *tm, int64_t fsec, int tz_west, int64_t *out);
/* timestamptz -> local time in zone (tm->gmtoff, isdst, zone set); false when out of range */
bool dt_timestamptz2tm(int64_t ts, const dt_zone *z, dt_tm *tm, int64_t *fsec);
/* PostgreSQL's DetermineTimeZoneOffset: the offset (seconds WEST) local time tm has in z,
 * with DST gaps and overlaps resolved as PostgreSQL does; sets tm->isdst */
int dt_zone_offset_of_local(dt_tm *tm, const dt_zone *z);
/* Offset (seconds west) abbreviation abbrev denotes at local time tm in z (DYNTZ) */
int dt_zone_abbrev_offset_of_local(dt_tm *tm, const char *abbrev, const dt_zone *z);
/* Julian day of a date value and back */
static inline int dt_date_to_j(int32_t d) { return d + POSTGRES_EPOCH_JDATE; }
/* interval <-> fields */
void dt_interval2itm(const dt_interval *iv, dt_itm *itm);
int dt_itm2interval(const dt_itm *itm, dt_interval *iv);

/* ---- input (dt_parse.c) ------------------------------------------------------------------------ */

#define DT_MAXFIELDS 25

/* Splits str into fields (PostgreSQL's ParseDateTime); workbuf holds the lower-cased fields. */
int dt_parse_fields(const char *str, char *workbuf, size_t buflen, char **field, int *ftype, int maxfields,
                    int *nf);
/* PostgreSQL's DecodeDateTime: *dtype a DTK_* kind, tm / fsec / *tzp (seconds west; tzp NULL
 * when the type takes no zone) */
int dt_decode_datetime(const dt_session *s, char **field, int *ftype, int nf, int *dtype, dt_tm *tm,
                       int64_t *fsec, int *tzp);
/* PostgreSQL's DecodeTimeOnly (time, timetz) */
int dt_decode_timeonly(const dt_session *s, char **field, int *ftype, int nf, int *dtype, dt_tm *tm,
                       int64_t *fsec, int *tzp);
/* PostgreSQL's DecodeInterval and DecodeISO8601Interval; range is an INTERVAL_MASK of the
 * typmod's fields (INTERVAL_FULL_RANGE for none) */
int dt_decode_interval(char **field, int *ftype, int nf, int range, int *dtype, dt_itm *itm, bool *negative_out);
int dt_decode_iso8601_interval(const char *str, int *dtype, dt_interval *out);
/* PostgreSQL's DecodeTimezone ("+05:30" -> -19800, seconds west) */
int dt_decode_timezone(const char *str, int *tzp);
/* Records the error for dterr on ctx: type is the SQL type name for "invalid input syntax". */
int dt_report(ss_ctx *ctx, int dterr, const char *str, size_t len, const char *type);

/* full inputs, as the types' input functions: SS_OK / SS_ERROR */
int dt_date_in(ss_ctx *ctx, const dt_session *s, const char *str, size_t len, int32_t *out);
int dt_timestamp_in(ss_ctx *ctx, const dt_session *s, const char *str, size_t len, int32_t typmod,
                    bool with_tz, int64_t *out);
int dt_time_in(ss_ctx *ctx, const dt_session *s, const char *str, size_t len, int32_t typmod, int64_t *out);
int dt_timetz_in(ss_ctx *ctx, const dt_session *s, const char *str, size_t len, int32_t typmod,
                 dt_timetz *out);
int dt_interval_in(ss_ctx *ctx, const char *str, size_t len, int32_t typmod, dt_interval *out);

/* PostgreSQL's parse_datetime in standard mode, for jsonpath's .datetime([template])
 * (to_timestamp.c): str (NUL-terminated) read by template fmt, separators matched exactly,
 * the whole template and string consumed (22007 "input string is too short for datetime
 * format" / "trailing characters remain ..."); *what says which kinds of field the template
 * has (DT_PARSED_*), *tz_west the zone TZH / TZM gave (seconds west, 0 when none). */
enum { DT_PARSED_DATE = 1, DT_PARSED_TIME = 2, DT_PARSED_ZONE = 4 };
int dt_parse_datetime(ss_ctx *ctx, const char *str, const char *fmt, size_t flen, dt_tm *tm, int64_t *fsec,
                      int *tz_west, int *what);

/* ---- output (dt_format.c) ---------------------------------------------------------------------- */

void dt_date_out(int32_t d, ss_strbuf *out);
/* the same in a DateStyle (DT_DSTYLE_*) with its field order (DT_ORDER_*) */
void dt_date_out_style(int32_t d, int style, int order, ss_strbuf *out);
void dt_timestamp_out_style(int64_t ts, int style, int order, ss_strbuf *out);
void dt_timestamptz_out_style(int64_t ts, const dt_zone *z, int style, int order, ss_strbuf *out);
void dt_time_out(int64_t t, ss_strbuf *out);
void dt_timetz_out(const dt_timetz *t, ss_strbuf *out);
void dt_timestamp_out(int64_t ts, ss_strbuf *out);
void dt_timestamptz_out(int64_t ts, const dt_zone *z, ss_strbuf *out);
void dt_interval_out(const dt_interval *iv, int style, ss_strbuf *out);
/* The sql_standard style's text (dt_interval_sqlstd.c). */
void dt_interval_out_sql_standard(const dt_interval *iv, ss_strbuf *out);
/* "+05:30" etc. for an offset in seconds west (PostgreSQL's EncodeTimezone) */
void dt_encode_tz(int tz_west, ss_strbuf *out);
/* "infinity" / "-infinity" for a non-finite timestamp */
void dt_encode_special(int64_t ts, ss_strbuf *out);

/* ---- typmods and rounding (dt_typmod.c) ---------------------------------------------------------- */

/* interval typmod: PostgreSQL's INTERVAL_TYPMOD(precision, range) */
#define INTERVAL_FULL_RANGE 0x7FFF
#define INTERVAL_FULL_PRECISION 0xFFFF
#define INTERVAL_MASK(b) (1 << (b))
enum { DTF_RESERV = 0, DTF_MONTH = 1, DTF_YEAR = 2, DTF_DAY = 3, DTF_JULIAN = 4, DTF_TZ = 5, DTF_DTZ = 6,
       DTF_DYNTZ = 7, DTF_IGNORE = 8, DTF_AMPM = 9, DTF_HOUR = 10, DTF_MINUTE = 11, DTF_SECOND = 12,
       DTF_MILLISECOND = 13, DTF_MICROSECOND = 14, DTF_DOY = 15, DTF_DOW = 16, DTF_UNITS = 17,
       DTF_ADBC = 18, DTF_AGO = 19, DTF_ABS_BEFORE = 20, DTF_ABS_AFTER = 21, DTF_ISODATE = 22,
       DTF_ISOTIME = 23, DTF_WEEK = 24, DTF_DECADE = 25, DTF_CENTURY = 26, DTF_MILLENNIUM = 27,
       DTF_DTZMOD = 28, DTF_UNKNOWN = 31 };
#define INTERVAL_TYPMOD(p, r) ((((r) & 0x7FFF) << 16) | ((p) & 0xFFFF))
#define INTERVAL_RANGE(t) (((t) >> 16) & 0x7FFF)
#define INTERVAL_PRECISION(t) ((t) & 0xFFFF)

/* rounds a timestamp / time to typmod's precision (no-op for -1); false on overflow */
bool dt_adjust_timestamp(int64_t *ts, int32_t typmod);
void dt_adjust_time(int64_t *t, int32_t typmod);
/* PostgreSQL's AdjustIntervalForTypmod; false on overflow */
bool dt_adjust_interval(dt_interval *iv, int32_t typmod);
/* the typmod of timestamp(p) / time(p) (checks 0..6, warns and clamps above like PostgreSQL) */
int dt_precision_typmod(ss_ctx *ctx, const char *type, int32_t p, int32_t *typmod);

/* ---- encodings of interval and timetz (interval_type.c, time_type.c) ----------------------------- */

#define DT_INTERVAL_LEN 16
#define DT_TIMETZ_LEN 12
void dt_interval_decode(const ss_text *t, dt_interval *out);
void dt_interval_encode_buf(const dt_interval *iv, char *buf);
int dt_interval_cmp(const dt_interval *a, const dt_interval *b);
uint64_t dt_interval_hash(const dt_interval *iv);
void dt_timetz_decode(const ss_text *t, dt_timetz *out);
void dt_timetz_encode_buf(const dt_timetz *tz, char *buf);
int dt_timetz_cmp(const dt_timetz *a, const dt_timetz *b);

/* ---- arithmetic (dt_arith.c): each false on overflow (the caller reports it) ------------------- */

bool dt_timestamp_pl_interval(int64_t ts, const dt_interval *iv, int64_t *out);
bool dt_timestamptz_pl_interval(int64_t ts, const dt_interval *iv, const dt_zone *z, int64_t *out);
/* timestamp - timestamp (PostgreSQL's timestamp_mi, with interval_justify_hours) */
bool dt_timestamp_mi(int64_t a, int64_t b, dt_interval *out);
bool dt_interval_pl(const dt_interval *a, const dt_interval *b, dt_interval *out);
bool dt_interval_mi(const dt_interval *a, const dt_interval *b, dt_interval *out);
bool dt_interval_um(const dt_interval *a, dt_interval *out);
bool dt_interval_mul(const dt_interval *a, double f, dt_interval *out);
/* interval / f; f == 0 is the caller's division-by-zero */
bool dt_interval_div(const dt_interval *a, double f, dt_interval *out);
bool dt_interval_justify_hours(const dt_interval *a, dt_interval *out);
bool dt_interval_justify_days(const dt_interval *a, dt_interval *out);
bool dt_interval_justify_interval(const dt_interval *a, dt_interval *out);
/* date -> timestamp (midnight) and timestamptz (midnight local in z); false when out of range */
bool dt_date2timestamp(int32_t d, int64_t *out);
bool dt_date2timestamptz(int32_t d, const dt_zone *z, int64_t *out);
bool dt_timestamp2timestamptz(int64_t ts, const dt_zone *z, int64_t *out);
bool dt_timestamptz2timestamp(int64_t ts, const dt_zone *z, int64_t *out);
bool dt_timestamp2date(int64_t ts, int32_t *out);
bool dt_timestamptz2date(int64_t ts, const dt_zone *z, int32_t *out);
/* cross-type comparisons: date vs timestamp as PostgreSQL (overflowing dates sort beyond every
 * timestamp) */
int dt_cmp_date_timestamp(int32_t d, int64_t ts);
int dt_cmp_date_timestamptz(int32_t d, int64_t ts, const dt_zone *z);
int dt_cmp_timestamp_timestamptz(int64_t a, int64_t b, const dt_zone *z);
/* age(a, b) (PostgreSQL's timestamp_age / timestamptz_age) */
bool dt_timestamp_age(int64_t a, int64_t b, dt_interval *out);
bool dt_timestamptz_age(int64_t a, int64_t b, const dt_zone *z, dt_interval *out);

#endif
