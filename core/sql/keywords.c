/* keywords.c — looks a word up in PostgreSQL's own keyword list (libpg_query's
 * ScanKeywordLookup and ScanKeywordCategories), for quote_ident() and format('%I'). */
#include "sql/keywords.h"

#include "postgres.h"

#include "common/keywords.h"
#include "common/kwlookup.h"

bool ss_sql_keyword_needs_quotes(const char *word)
{
    int kw = ScanKeywordLookup(word, &ScanKeywords);
    return kw >= 0 && ScanKeywordCategories[kw] != UNRESERVED_KEYWORD;
}
