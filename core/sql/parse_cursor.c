/* parse_cursor.c — transforms PostgreSQL's DeclareCursorStmt, FetchStmt (FETCH and MOVE)
 * and ClosePortalStmt into the AST.  The grammar has already mapped NEXT / PRIOR / FIRST /
 * LAST / ALL onto a direction and a count (LAST: ABSOLUTE -1, ALL: the largest count). */
#include <limits.h>

#include "sql/transform.h"

bool tr_declare_cursor(transform_state *ts, DeclareCursorStmt *s, ast_stmt *out)
{
    out->kind = AST_DECLARE_CURSOR;
    out->str = tr_strdup(ts, s->portalname);
    out->cursor_options = ((s->options & CURSOR_OPT_BINARY) ? AST_CURSOR_BINARY : 0) |
                          ((s->options & CURSOR_OPT_SCROLL) ? AST_CURSOR_SCROLL : 0) |
                          ((s->options & CURSOR_OPT_NO_SCROLL) ? AST_CURSOR_NO_SCROLL : 0) |
                          ((s->options & CURSOR_OPT_HOLD) ? AST_CURSOR_HOLD : 0);
    if (!IsA(s->query, SelectStmt)) {
        tr_unsupported(ts, -1, "this kind of cursor query");
        return false;
    }
    if (!out->str || !(out->view_sql = tr_statement_text(ts)))
        return false;
    return (out->select = tr_select(ts, (SelectStmt *)s->query)) != NULL;
}

bool tr_fetch(transform_state *ts, FetchStmt *s, ast_stmt *out)
{
    out->kind = AST_FETCH;
    out->is_move = s->ismove;
    out->str = tr_strdup(ts, s->portalname);
    out->fetch_direction = s->direction == FETCH_BACKWARD   ? AST_FETCH_BACKWARD
                           : s->direction == FETCH_ABSOLUTE ? AST_FETCH_ABSOLUTE
                           : s->direction == FETCH_RELATIVE ? AST_FETCH_RELATIVE
                                                            : AST_FETCH_FORWARD;
    out->fetch_count = s->howMany == LONG_MAX ? AST_FETCH_ALL : (int64_t)s->howMany;
    return out->str != NULL;
}

bool tr_close_cursor(transform_state *ts, ClosePortalStmt *s, ast_stmt *out)
{
    out->kind = AST_CLOSE_CURSOR;
    out->str = s->portalname ? tr_strdup(ts, s->portalname) : NULL;
    return !s->portalname || out->str;
}
