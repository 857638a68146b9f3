/* keywords.h — PostgreSQL's keyword table as the rest of the kernel needs it (the only
 * PostgreSQL header use stays in core/sql/). */
#ifndef SS_SQL_KEYWORDS_H
#define SS_SQL_KEYWORDS_H

#include <stdbool.h>

/* Whether word (lower case, NUL-terminated) is a PostgreSQL keyword other than an
 * unreserved one: quote_ident() must then quote it. */
bool ss_sql_keyword_needs_quotes(const char *word);

#endif
