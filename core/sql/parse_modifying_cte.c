/* parse_modifying_cte.c — data-modifying WITH queries, `WITH d AS (INSERT / UPDATE / DELETE
 * ... [RETURNING ...]) <statement>`, as far as PostgreSQL's parse analysis decides them: only
 * the WITH clause of the top-level statement may hold one (0A000 "... must be at the top
 * level" for one in a subquery, in another WITH query or in INSERT's own query), CREATE VIEW
 * and DECLARE CURSOR refuse them after analysis (0A000), and each is transformed once into an
 * ast_stmt that every copy of the WITH clause shares (parse_dml_with.c gives the WITH of
 * INSERT / UPDATE / DELETE to every query it builds), so the binder binds and the statement
 * runs it once (bind/bind_modifying_cte.c, api/run_modifying_cte.c). */
#include <string.h>

#include "sql/transform.h"

/* One data-modifying WITH query already transformed. */
typedef struct tr_modifying_memo {
    const CommonTableExpr *cte;
    ast_stmt *stmt;
    struct tr_modifying_memo *next;
} tr_modifying_memo;

/* The WITH clause of statement n whose queries are at its top level, NULL for none. */
static const WithClause *top_with(transform_state *ts, Node *n)
{
    switch (nodeTag(n)) {
    case T_SelectStmt:
        return ((SelectStmt *)n)->withClause;
    case T_InsertStmt:
        return ((InsertStmt *)n)->withClause;
    case T_UpdateStmt:
        return ((UpdateStmt *)n)->withClause;
    case T_DeleteStmt:
        return ((DeleteStmt *)n)->withClause;
    case T_ExplainStmt:
        return top_with(ts, ((ExplainStmt *)n)->query);
    case T_PrepareStmt:
        return top_with(ts, ((PrepareStmt *)n)->query);
    case T_ViewStmt:
        ts->modifying_with_refusal = "views must not contain data-modifying statements in WITH";
        return top_with(ts, ((ViewStmt *)n)->query);
    case T_DeclareCursorStmt:
        ts->modifying_with_refusal = "DECLARE CURSOR must not contain data-modifying statements in WITH";
        return top_with(ts, ((DeclareCursorStmt *)n)->query);
    case T_CreateTableAsStmt:
        if (((CreateTableAsStmt *)n)->objtype == OBJECT_MATVIEW)
            ts->modifying_with_refusal = "materialized views must not use data-modifying statements in WITH";
        return top_with(ts, ((CreateTableAsStmt *)n)->query);
    case T_CopyStmt:
        return ((CopyStmt *)n)->query ? top_with(ts, ((CopyStmt *)n)->query) : NULL;
    default:
        return NULL;
    }
}

void tr_modifying_with_begin(transform_state *ts, Node *stmt)
{
    ts->modifying_with_refusal = NULL;
    ts->modifying_ctes = NULL;
    ts->modifying_with_top = top_with(ts, stmt);
}

/* Whether cte is one of the top-level WITH clause's queries. */
static bool at_top(const transform_state *ts, const CommonTableExpr *cte)
{
    if (!ts->modifying_with_top)
        return false;
    ListCell *lc;
    foreach (lc, ts->modifying_with_top->ctes)
        if (lfirst(lc) == cte)
            return true;
    return false;
}

bool tr_modifying_cte(transform_state *ts, CommonTableExpr *cte, ast_cte *c)
{
    if (!at_top(ts, cte)) {
        tr_error(ts, "0A000", cte->location, "WITH clause containing a data-modifying statement must be at the top level");
        return false;
    }
    for (tr_modifying_memo *m = ts->modifying_ctes; m; m = m->next)
        if (m->cte == cte) {
            c->dml = m->stmt;
            return true;
        }
    tr_modifying_memo *m = tr_alloc(ts, sizeof *m);
    ast_stmt *st = tr_alloc(ts, sizeof *st);
    if (!m || !st)
        return false;
    Node *q = cte->ctequery;
    st->location = tr_location(q);
    bool ok = IsA(q, InsertStmt)   ? tr_insert(ts, (InsertStmt *)q, st)
              : IsA(q, UpdateStmt) ? tr_update(ts, (UpdateStmt *)q, st)
              : IsA(q, DeleteStmt) ? tr_delete(ts, (DeleteStmt *)q, st)
                                   : false;
    if (!ok) {
        if (!ts->failed)
            tr_unsupported(ts, cte->location, "MERGE in WITH");
        return false;
    }
    if (ts->modifying_with_refusal) { /* PostgreSQL refuses it once the query is analysed */
        tr_error(ts, "0A000", -1, "%s", ts->modifying_with_refusal);
        return false;
    }
    *m = (tr_modifying_memo){cte, st, ts->modifying_ctes};
    ts->modifying_ctes = m;
    c->dml = st;
    return true;
}
