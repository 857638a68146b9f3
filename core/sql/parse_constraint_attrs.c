/* parse_constraint_attrs.c — DEFERRABLE / NOT DEFERRABLE / INITIALLY DEFERRED / INITIALLY
 * IMMEDIATE written after a column constraint, which PostgreSQL's grammar gives as nodes of
 * their own: applied to the constraint before them as its transformConstraintAttrs does,
 * with its 42601 errors (misplaced, repeated or contradictory clauses); the key and foreign
 * key transforms keep what the constraint ends up with. */
#include "sql/transform.h"

static bool can_defer(const Constraint *c)
{
    return c && (c->contype == CONSTR_PRIMARY || c->contype == CONSTR_UNIQUE ||
                 c->contype == CONSTR_EXCLUSION || c->contype == CONSTR_FOREIGN);
}

bool tr_constraint_attrs(transform_state *ts, List *constraints)
{
    Constraint *last = NULL;
    bool saw_deferrability = false, saw_initially = false;
    ListCell *lc;
    foreach (lc, constraints) {
        Constraint *con = lfirst(lc);
        const char *clause = con->contype == CONSTR_ATTR_DEFERRABLE       ? "DEFERRABLE"
                             : con->contype == CONSTR_ATTR_NOT_DEFERRABLE ? "NOT DEFERRABLE"
                             : con->contype == CONSTR_ATTR_DEFERRED       ? "INITIALLY DEFERRED"
                             : con->contype == CONSTR_ATTR_IMMEDIATE      ? "INITIALLY IMMEDIATE"
                                                                          : NULL;
        if (!clause) {
            last = con;
            saw_deferrability = saw_initially = false;
            continue;
        }
        if (!can_defer(last)) {
            tr_error(ts, "42601", con->location, "misplaced %s clause", clause);
            return false;
        }
        bool deferrability = con->contype == CONSTR_ATTR_DEFERRABLE || con->contype == CONSTR_ATTR_NOT_DEFERRABLE;
        if (deferrability ? saw_deferrability : saw_initially) {
            tr_error(ts, "42601", con->location,
                     deferrability ? "multiple DEFERRABLE/NOT DEFERRABLE clauses not allowed"
                                   : "multiple INITIALLY IMMEDIATE/DEFERRED clauses not allowed");
            return false;
        }
        if (deferrability)
            saw_deferrability = true;
        else
            saw_initially = true;
        switch (con->contype) {
        case CONSTR_ATTR_DEFERRABLE:
            last->deferrable = true;
            break;
        case CONSTR_ATTR_NOT_DEFERRABLE:
            last->deferrable = false;
            if (saw_initially && last->initdeferred) {
                tr_error(ts, "42601", con->location, "constraint declared INITIALLY DEFERRED must be DEFERRABLE");
                return false;
            }
            break;
        case CONSTR_ATTR_DEFERRED:
            last->initdeferred = true;
            if (!saw_deferrability) /* INITIALLY DEFERRED implies DEFERRABLE */
                last->deferrable = true;
            else if (!last->deferrable) {
                tr_error(ts, "42601", con->location, "constraint declared INITIALLY DEFERRED must be DEFERRABLE");
                return false;
            }
            break;
        default:
            last->initdeferred = false;
            break;
        }
    }
    return true;
}
