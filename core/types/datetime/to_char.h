/* to_char.h — to_char's formatting of date/time values (to_char.c). */
#ifndef SS_TYPES_DT_TO_CHAR_H
#define SS_TYPES_DT_TO_CHAR_H

#include "types/datetime/datetime.h"

/* a value broken down for formatting (PostgreSQL's TmToChar) */
typedef struct dt_tc {
    dt_tm tm;
    int64_t fsec;
    int64_t hour;     /* intervals: may exceed 24 */
    const char *tzn;  /* zone abbreviation (timestamptz), else NULL */
    bool is_interval;
} dt_tc;

/* false when the timestamp is out of the calendar's range */
bool dt_tc_from_timestamp(int64_t ts, bool with_tz, const dt_zone *z, dt_tc *out);
void dt_tc_from_interval(const dt_interval *iv, dt_tc *out);
/* appends the text of in formatted by fmt[0..flen) */
int dt_to_char(ss_ctx *ctx, const dt_tc *in, const char *fmt, size_t flen, ss_strbuf *out);

#endif
