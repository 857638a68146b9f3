/* parse_dml_with.c — a WITH clause written on INSERT, UPDATE or DELETE (PostgreSQL's
 * withClause of InsertStmt / UpdateStmt / DeleteStmt).  The transform turns each of these
 * statements into queries it builds as SelectStmts (UPDATE's and DELETE's finding query,
 * INSERT's source query, the RETURNING and ON CONFLICT DO UPDATE queries); the statement's
 * WITH clause is given to each of them, so its queries are in scope in WHERE, FROM / USING,
 * SET, VALUES, the SELECT and RETURNING, as in PostgreSQL.  Data-modifying statements inside
 * the WITH are parse_modifying_cte.c's.
 * The target named in those queries' FROM is marked never to be a WITH query (as the
 * target of PostgreSQL's statements is always the relation). */
#include <string.h>

#include "sql/transform.h"

/* The FROM item of f's tree naming a table at location (the target's RangeVar). */
static ast_from_item *item_at(ast_from_item *f, int location)
{
    if (!f)
        return NULL;
    if (f->is_join) {
        ast_from_item *in = item_at(f->left, location);
        return in ? in : item_at(f->right, location);
    }
    return f->table && !f->subquery && !f->func && f->location == location ? f : NULL;
}

void tr_dml_target_not_cte(ast_select *q, int location)
{
    ast_from_item *f = q ? item_at(q->from, location) : NULL;
    if (f)
        f->not_cte = true;
}

bool tr_dml_with_attach(transform_state *ts, WithClause *with, SelectStmt *q)
{
    (void)ts;
    if (!with || !q)
        return true;
    if (!q->withClause) {
        q->withClause = with;
        return true;
    }
    /* INSERT ... WITH ... SELECT under a WITH of its own: tr_insert gives the query the
       INSERT's WITH as the scope around its own (ast_select.outer_with) */
    return true;
}
