/* parse_lock.c — transforms PostgreSQL's LockStmt into AST_LOCK_TABLE: the relations, the
 * lock mode's number and NOWAIT.  Which modes run is the catalog's (lock_table.c). */
#include "sql/transform.h"

bool tr_lock(transform_state *ts, LockStmt *s, ast_stmt *out)
{
    out->kind = AST_LOCK_TABLE;
    out->lock_mode = s->mode;
    out->nowait = s->nowait;
    out->ndrop = (uint32_t)list_length(s->relations);
    if (!(out->drop_names = tr_alloc(ts, sizeof(char *) * (out->ndrop ? out->ndrop : 1))))
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, s->relations) {
        /* ONLY changes nothing: Sunstone's tables have no children */
        if (!(out->drop_names[i++] = tr_relation_name(ts, lfirst(lc))))
            return false;
    }
    return true;
}
