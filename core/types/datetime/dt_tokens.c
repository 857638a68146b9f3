/* dt_tokens.c — the keyword tables of date/time input (PostgreSQL 15's datetktbl and
 * deltatktbl) and their lookups, with the time zone abbreviations of dt_abbrev_data.c. */
#include "types/datetime/dt_tokens.h"

#include <stdlib.h>
#include <string.h>

/* sorted by token (strcmp) */
static const dt_token date_tokens[] = {
    {"-infinity", DTF_RESERV, DTK_EARLY_}, {"ad", DTF_ADBC, DT_AD}, {"allballs", DTF_RESERV, DTK_ZULU},
    {"am", DTF_AMPM, DT_AM}, {"apr", DTF_MONTH, 4}, {"april", DTF_MONTH, 4}, {"at", DTF_IGNORE, 0},
    {"aug", DTF_MONTH, 8}, {"august", DTF_MONTH, 8}, {"bc", DTF_ADBC, DT_BC}, {"d", DTF_UNITS, DTK_DAY},
    {"dec", DTF_MONTH, 12}, {"december", DTF_MONTH, 12}, {"dow", DTF_UNITS, DTK_DOW},
    {"doy", DTF_UNITS, DTK_DOY}, {"dst", DTF_DTZMOD, SECS_PER_HOUR}, {"epoch", DTF_RESERV, DTK_EPOCH_},
    {"feb", DTF_MONTH, 2}, {"february", DTF_MONTH, 2}, {"fri", DTF_DOW, 5}, {"friday", DTF_DOW, 5},
    {"h", DTF_UNITS, DTK_HOUR}, {"infinity", DTF_RESERV, DTK_LATE_}, {"isodow", DTF_UNITS, DTK_ISODOW},
    {"isoyear", DTF_UNITS, DTK_ISOYEAR}, {"j", DTF_UNITS, DTK_JULIAN}, {"jan", DTF_MONTH, 1},
    {"january", DTF_MONTH, 1}, {"jd", DTF_UNITS, DTK_JULIAN}, {"jul", DTF_MONTH, 7},
    {"julian", DTF_UNITS, DTK_JULIAN}, {"july", DTF_MONTH, 7}, {"jun", DTF_MONTH, 6},
    {"june", DTF_MONTH, 6}, {"m", DTF_UNITS, DTK_MONTH}, {"mar", DTF_MONTH, 3}, {"march", DTF_MONTH, 3},
    {"may", DTF_MONTH, 5}, {"mm", DTF_UNITS, DTK_MINUTE}, {"mon", DTF_DOW, 1}, {"monday", DTF_DOW, 1},
    {"nov", DTF_MONTH, 11}, {"november", DTF_MONTH, 11}, {"now", DTF_RESERV, DTK_NOW},
    {"oct", DTF_MONTH, 10}, {"october", DTF_MONTH, 10}, {"on", DTF_IGNORE, 0}, {"pm", DTF_AMPM, DT_PM},
    {"s", DTF_UNITS, DTK_SECOND}, {"sat", DTF_DOW, 6}, {"saturday", DTF_DOW, 6}, {"sep", DTF_MONTH, 9},
    {"sept", DTF_MONTH, 9}, {"september", DTF_MONTH, 9}, {"sun", DTF_DOW, 0}, {"sunday", DTF_DOW, 0},
    {"t", DTF_ISOTIME, DTK_TIME}, {"thu", DTF_DOW, 4}, {"thur", DTF_DOW, 4}, {"thurs", DTF_DOW, 4},
    {"thursday", DTF_DOW, 4}, {"today", DTF_RESERV, DTK_TODAY}, {"tomorrow", DTF_RESERV, DTK_TOMORROW},
    {"tue", DTF_DOW, 2}, {"tues", DTF_DOW, 2}, {"tuesday", DTF_DOW, 2}, {"wed", DTF_DOW, 3},
    {"wednesday", DTF_DOW, 3}, {"weds", DTF_DOW, 3}, {"y", DTF_UNITS, DTK_YEAR},
    {"yesterday", DTF_RESERV, DTK_YESTERDAY},
};

static const dt_token delta_tokens[] = {
    {"@", DTF_IGNORE, 0}, {"ago", DTF_AGO, 0}, {"c", DTF_UNITS, DTK_CENTURY}, {"cent", DTF_UNITS, DTK_CENTURY},
    {"centuries", DTF_UNITS, DTK_CENTURY}, {"century", DTF_UNITS, DTK_CENTURY}, {"d", DTF_UNITS, DTK_DAY},
    {"day", DTF_UNITS, DTK_DAY}, {"days", DTF_UNITS, DTK_DAY}, {"dec", DTF_UNITS, DTK_DECADE},
    {"decade", DTF_UNITS, DTK_DECADE}, {"decades", DTF_UNITS, DTK_DECADE}, {"decs", DTF_UNITS, DTK_DECADE},
    {"h", DTF_UNITS, DTK_HOUR}, {"hour", DTF_UNITS, DTK_HOUR}, {"hours", DTF_UNITS, DTK_HOUR},
    {"hr", DTF_UNITS, DTK_HOUR}, {"hrs", DTF_UNITS, DTK_HOUR}, {"m", DTF_UNITS, DTK_MINUTE},
    {"microsecon", DTF_UNITS, DTK_MICROSEC}, {"mil", DTF_UNITS, DTK_MILLENNIUM},
    {"millennia", DTF_UNITS, DTK_MILLENNIUM}, {"millennium", DTF_UNITS, DTK_MILLENNIUM},
    {"millisecon", DTF_UNITS, DTK_MILLISEC}, {"mils", DTF_UNITS, DTK_MILLENNIUM},
    {"min", DTF_UNITS, DTK_MINUTE}, {"mins", DTF_UNITS, DTK_MINUTE}, {"minute", DTF_UNITS, DTK_MINUTE},
    {"minutes", DTF_UNITS, DTK_MINUTE}, {"mon", DTF_UNITS, DTK_MONTH}, {"mons", DTF_UNITS, DTK_MONTH},
    {"month", DTF_UNITS, DTK_MONTH}, {"months", DTF_UNITS, DTK_MONTH}, {"ms", DTF_UNITS, DTK_MILLISEC},
    {"msec", DTF_UNITS, DTK_MILLISEC}, {"msecond", DTF_UNITS, DTK_MILLISEC},
    {"mseconds", DTF_UNITS, DTK_MILLISEC}, {"msecs", DTF_UNITS, DTK_MILLISEC},
    {"qtr", DTF_UNITS, DTK_QUARTER}, {"quarter", DTF_UNITS, DTK_QUARTER}, {"s", DTF_UNITS, DTK_SECOND},
    {"sec", DTF_UNITS, DTK_SECOND}, {"second", DTF_UNITS, DTK_SECOND}, {"seconds", DTF_UNITS, DTK_SECOND},
    {"secs", DTF_UNITS, DTK_SECOND}, {"timezone", DTF_UNITS, DTK_TZ}, {"timezone_h", DTF_UNITS, DTK_TZ_HOUR},
    {"timezone_m", DTF_UNITS, DTK_TZ_MINUTE}, {"us", DTF_UNITS, DTK_MICROSEC},
    {"usec", DTF_UNITS, DTK_MICROSEC}, {"usecond", DTF_UNITS, DTK_MICROSEC},
    {"useconds", DTF_UNITS, DTK_MICROSEC}, {"usecs", DTF_UNITS, DTK_MICROSEC}, {"w", DTF_UNITS, DTK_WEEK},
    {"week", DTF_UNITS, DTK_WEEK}, {"weeks", DTF_UNITS, DTK_WEEK}, {"y", DTF_UNITS, DTK_YEAR},
    {"year", DTF_UNITS, DTK_YEAR}, {"years", DTF_UNITS, DTK_YEAR}, {"yr", DTF_UNITS, DTK_YEAR},
    {"yrs", DTF_UNITS, DTK_YEAR},
};

static int token_cmp(const void *k, const void *e)
{
    return strncmp((const char *)k, ((const dt_token *)e)->token, DT_TOKMAXLEN);
}

static int abbrev_cmp(const void *k, const void *e)
{
    return strncmp((const char *)k, ((const dt_abbrev *)e)->name, DT_TOKMAXLEN);
}

const dt_token *dt_date_token(const char *s)
{
    return bsearch(s, date_tokens, sizeof date_tokens / sizeof date_tokens[0], sizeof date_tokens[0], token_cmp);
}

const dt_token *dt_delta_token(const char *s)
{
    return bsearch(s, delta_tokens, sizeof delta_tokens / sizeof delta_tokens[0], sizeof delta_tokens[0],
                   token_cmp);
}

const dt_abbrev *dt_abbrev_find(const char *s)
{
    return bsearch(s, dt_abbrevs, dt_nabbrevs, sizeof dt_abbrevs[0], abbrev_cmp);
}
