/* dt_tokens.h — the words of date/time input: PostgreSQL's date keywords (datetktbl), interval
 * units (deltatktbl) and default time zone abbreviations, looked up as PostgreSQL does (the
 * first 10 characters decide). */
#ifndef SS_TYPES_DT_TOKENS_H
#define SS_TYPES_DT_TOKENS_H

#include <stdbool.h>

#include "types/datetime/datetime.h"

#define DT_TOKMAXLEN 10

/* values of RESERV tokens and of units (PostgreSQL's DTK_*) */
enum {
    DTK_NUMBER = 0, DTK_STRING = 1, DTK_DATE = 2, DTK_TIME = 3, DTK_TZ = 4, DTK_AGO = 5,
    DTK_SPECIAL = 6, DTK_EARLY_ = 9, DTK_LATE_ = 10, DTK_EPOCH_ = 11, DTK_NOW = 12,
    DTK_YESTERDAY = 13, DTK_TODAY = 14, DTK_TOMORROW = 15, DTK_ZULU = 16, DTK_DELTA = 17,
    DTK_SECOND = 18, DTK_MINUTE = 19, DTK_HOUR = 20, DTK_DAY = 21, DTK_WEEK = 22, DTK_MONTH = 23,
    DTK_QUARTER = 24, DTK_YEAR = 25, DTK_DECADE = 26, DTK_CENTURY = 27, DTK_MILLENNIUM = 28,
    DTK_MILLISEC = 29, DTK_MICROSEC = 30, DTK_JULIAN = 31, DTK_DOW = 32, DTK_DOY = 33,
    DTK_TZ_HOUR = 34, DTK_TZ_MINUTE = 35, DTK_ISOYEAR = 36, DTK_ISODOW = 37
};
enum { DT_AM = 0, DT_PM = 1, DT_HR24 = 2 };
enum { DT_AD = 0, DT_BC = 1 };

typedef struct dt_token {
    const char *token;
    int type;  /* DTF_* */
    int value;
} dt_token;

typedef struct dt_abbrev {
    const char *name;   /* lower case */
    int gmtoff;         /* seconds east (fixed abbreviations) */
    bool isdst;
    const char *zone;   /* the zone giving the meaning (dynamic abbreviations), else NULL */
} dt_abbrev;

extern const dt_abbrev dt_abbrevs[];
extern const unsigned dt_nabbrevs;

/* The date keyword (DecodeSpecial), interval unit (DecodeUnits) or abbreviation named by the
 * lower-case word s, or NULL. */
const dt_token *dt_date_token(const char *s);
const dt_token *dt_delta_token(const char *s);
const dt_abbrev *dt_abbrev_find(const char *s);

#endif
