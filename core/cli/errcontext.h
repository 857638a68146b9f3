/* errcontext.h — renders the "LINE n: ..." context line and the caret line that psql prints
 * under an error which carries a cursor position into the query text. */
#ifndef SUNSTONE_CLI_ERRCONTEXT_H
#define SUNSTONE_CLI_ERRCONTEXT_H

#include <stdbool.h>

#include "buf.h"

/* Appends the two lines (each ending in a newline) for the 1-based character position pos
 * in query.  Returns false and appends nothing when pos is outside the query. */
bool format_error_context(buf *out, const char *query, int pos);

#endif
