/* parse_like.c — the LIKE element of CREATE TABLE: its source, its INCLUDING / EXCLUDING
 * options and where its text lies in the statement, for bind_create_like.c to write the
 * statement again with the source's columns in its place. */
#include "sql/transform.h"

#include <ctype.h>
#include <string.h>

/* The start of the LIKE keyword before the source's name at rel (statement offsets). */
static uint32_t like_start(const char *text, uint32_t rel)
{
    uint32_t i = rel;
    while (i > 0 && isspace((unsigned char)text[i - 1]))
        i--;
    return i >= 4 && strncasecmp(text + i - 4, "like", 4) == 0 ? i - 4 : rel;
}

/* The end of the element: the first ',' or ')' after the source's name (a quoted name may
 * hold either), less the white space before it. */
static uint32_t like_end(const char *text, uint32_t rel)
{
    uint32_t i = rel;
    bool quoted = false;
    for (; text[i]; i++) {
        if (text[i] == '"')
            quoted = !quoted;
        else if (!quoted && (text[i] == ',' || text[i] == ')'))
            break;
    }
    while (i > rel && isspace((unsigned char)text[i - 1]))
        i--;
    return i;
}

bool tr_table_like(transform_state *ts, TableLikeClause *c, uint32_t max, ast_stmt *out)
{
    RangeVar *rv = c->relation;
    if (!out->likes && !(out->likes = tr_alloc(ts, sizeof *out->likes * max)))
        return false;
    ast_table_like *l = &out->likes[out->nlikes++];
    memset(l, 0, sizeof *l);
    if (!(l->relation = tr_relation_ref(ts, rv)))
        return false;
    l->location = rv->location;
    l->options = (uint32_t)c->options;
    const char *text = ts->sql + ts->stmt_location;
    uint32_t rel = (uint32_t)(rv->location - ts->stmt_location);
    l->start = like_start(text, rel);
    l->end = like_end(text, rel);
    return true;
}
