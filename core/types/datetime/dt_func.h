/* dt_func.h — the field functions of the date/time types (dt_func.c): extract / date_part,
 * date_trunc, AT TIME ZONE, make_*; their results before the SQL layer turns them into
 * numeric or float8. */
#ifndef SS_TYPES_DT_FUNC_H
#define SS_TYPES_DT_FUNC_H

#include "types/datetime/datetime.h"

enum {
    DT_PART_NULL,   /* the field of an infinite value that has none */
    DT_PART_SCALED, /* v * 10^-scale (display scale = scale) */
    DT_PART_PINF,
    DT_PART_NINF,
    DT_PART_JULIAN, /* v + frac_us / 86400000000 (numeric division's scale) */
    DT_PART_WIDE    /* v + frac_us * 10^-scale, v in seconds (an epoch beyond int64 microseconds) */
};

typedef struct dt_part {
    int kind;
    int64_t v;
    int scale;
    int64_t frac_us;
    double f; /* date_part's float8 */
} dt_part;

int dt_extract_timestamp(ss_ctx *ctx, const char *unit, size_t ulen, int64_t ts, bool with_tz, const dt_zone *z,
                         dt_part *out);
int dt_extract_date(ss_ctx *ctx, const char *unit, size_t ulen, int32_t d, dt_part *out);
/* time (tz NULL) or timetz */
int dt_extract_time(ss_ctx *ctx, const char *unit, size_t ulen, int64_t t, const dt_timetz *tz, dt_part *out);
int dt_extract_interval(ss_ctx *ctx, const char *unit, size_t ulen, const dt_interval *iv, dt_part *out);

int dt_trunc_timestamp(ss_ctx *ctx, const char *unit, size_t ulen, int64_t ts, bool with_tz, const dt_zone *z,
                       int64_t *out);
int dt_trunc_interval(ss_ctx *ctx, const char *unit, size_t ulen, const dt_interval *iv, dt_interval *out);

/* a zone named in AT TIME ZONE / date_trunc / make_timestamptz: an abbreviation (fixed or
 * dynamic) first, then a zone name, as PostgreSQL looks them up */
enum { DT_ZONE_FIXED, DT_ZONE_DYNAMIC, DT_ZONE_NAMED };
typedef struct dt_zone_ref {
    int kind;
    int gmtoff;           /* FIXED: seconds east */
    const dt_zone *zone;  /* DYNAMIC / NAMED */
    char abbrev[256];     /* the name, lower case (DYNAMIC) */
} dt_zone_ref;
int dt_zone_lookup(ss_ctx *ctx, const char *name, size_t len, dt_zone_ref *out);
/* timestamptz AT TIME ZONE zone -> timestamp; timestamp AT TIME ZONE zone -> timestamptz */
bool dt_timestamptz_at_zone(int64_t ts, const dt_zone_ref *zr, int64_t *out);
bool dt_timestamp_at_zone(int64_t ts, const dt_zone_ref *zr, int64_t *out);

int dt_make_date(ss_ctx *ctx, int year, int mon, int mday, int32_t *out);
int dt_make_time(ss_ctx *ctx, int hour, int min, double sec, int64_t *out);
int dt_make_timestamp(ss_ctx *ctx, int year, int mon, int mday, int hour, int min, double sec, int64_t *out);

#endif
