/* parse_lock.c — transforms PostgreSQL's LockStmt into AST_LOCK_TABLE: the relations, the
 * lock mode's number and NOWAIT.  Which modes run is the catalog's (lock_table.c). */
#include "sql/transform.h"

bool tr_lock(transform_state *ts, LockStmt *s, ast_stmt *out)
{
    out->kind = AST_LOCK_TABLE;
    out->lock_mode = s->mode;
    out->nowait = s->nowait;
    return tr_relation_names(ts, s->relations, NULL, out);
}
