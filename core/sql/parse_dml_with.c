/* parse_dml_with.c — a WITH clause written on INSERT, UPDATE or DELETE (PostgreSQL's
 * withClause of InsertStmt / UpdateStmt / DeleteStmt).  The transform turns each of these
 * statements into queries it builds as SelectStmts (UPDATE's and DELETE's finding query,
 * INSERT's source query, the RETURNING and ON CONFLICT DO UPDATE queries); the statement's
 * WITH clause is given to each of them, so its queries are in scope in WHERE, FROM / USING,
 * SET, VALUES, the SELECT and RETURNING, as in PostgreSQL.  Data-modifying statements inside
 * the WITH are refused by tr_with (0A000), as is what the queries built here cannot keep. */
#include <string.h>

#include "sql/transform.h"

/* Whether a WITH query of with is named like the target relation rv (unqualified). */
static const CommonTableExpr *named_like_target(const WithClause *with, const RangeVar *rv)
{
    if (!with || !rv || rv->schemaname)
        return NULL;
    const ListCell *lc;
    foreach (lc, with->ctes) {
        const CommonTableExpr *cte = lfirst(lc);
        if (strcmp(cte->ctename, rv->relname) == 0)
            return cte;
    }
    return NULL;
}

bool tr_dml_with_check(transform_state *ts, const WithClause *with, const RangeVar *target, bool target_is_read)
{
    if (!with)
        return true;
    const CommonTableExpr *same = target_is_read ? named_like_target(with, target) : NULL;
    if (same) {
        /* the queries built here name the target in FROM, where the WITH query would win */
        tr_unsupported(ts, same->location, "a WITH query named like the target table of INSERT, UPDATE or DELETE");
        return false;
    }
    return true;
}

bool tr_dml_with_attach(transform_state *ts, WithClause *with, SelectStmt *q)
{
    if (!with || !q)
        return true;
    if (!q->withClause) {
        q->withClause = with;
        return true;
    }
    /* INSERT ... WITH ... SELECT under a WITH of its own: the inner list after the outer
       one, which it may name; refused where one list could not say both */
    WithClause *inner = q->withClause;
    if (inner == with)
        return true;
    if (inner->recursive != with->recursive) {
        tr_unsupported(ts, inner->location, "a WITH RECURSIVE and a plain WITH on one INSERT");
        return false;
    }
    ListCell *lc, *oc;
    foreach (lc, inner->ctes)
        foreach (oc, with->ctes)
            if (strcmp(((CommonTableExpr *)lfirst(lc))->ctename, ((CommonTableExpr *)lfirst(oc))->ctename) == 0) {
                tr_unsupported(ts, ((CommonTableExpr *)lfirst(lc))->location,
                               "a WITH query of INSERT's query named like one of the INSERT's WITH");
                return false;
            }
    WithClause *both = palloc0(sizeof *both);
    *both = *inner;
    both->ctes = list_concat(list_copy(with->ctes), inner->ctes);
    q->withClause = both;
    return true;
}
