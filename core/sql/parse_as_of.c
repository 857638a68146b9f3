/* parse_as_of.c — the transform of time-travel clauses (transform.h): a FROM item that the
 * AS OF rewrite (as_of_rewrite.h) turned into a TABLESAMPLE at a recorded location becomes
 * the statement's AS OF (ast_stmt.as_of_*).  AS OF is taken for the whole statement: every
 * relation it names in FROM must carry the same one (a statement reading some relations as
 * of the past and others now is not supported), and only a SELECT or an EXPLAIN of one may
 * have it (time travel reads only). */
#include "sql/as_of_rewrite.h"
#include "sql/transform.h"

#include <stdlib.h>
#include <string.h>

/* The site of a rewritten clause at location, -1 when there is none. */
static int site_at(const transform_state *ts, int location)
{
    const ss_as_of_sites *s = ts->as_of_sites;
    for (unsigned i = 0; s && i < s->n; i++)
        if (s->offsets[i] == location)
            return (int)i;
    return -1;
}

/* The clause's value: a string for TIMESTAMP, an integer for TRANSACTION. */
static bool clause_value(transform_state *ts, RangeTableSample *rs, bool timestamp, const char **time, uint64_t *xid)
{
    Node *arg = list_length(rs->args) == 1 ? linitial(rs->args) : NULL;
    A_Const *c = arg && IsA(arg, A_Const) && !((A_Const *)arg)->isnull ? (A_Const *)arg : NULL;
    NodeTag tag = c ? nodeTag(&c->val) : T_Invalid;
    if (timestamp && tag == T_String) {
        *time = tr_strdup(ts, strVal(&c->val));
        return *time != NULL;
    }
    if (!timestamp && tag == T_Integer) {
        *xid = (uint64_t)intVal(&c->val);
        return true;
    }
    if (!timestamp && tag == T_Float) { /* an integer beyond int4 */
        const char *digits = c->val.fval.fval;
        char *end;
        unsigned long long v = strtoull(digits, &end, 10);
        if (*digits >= '0' && *digits <= '9' && !*end) {
            *xid = v;
            return true;
        }
    }
    tr_error(ts, "22023", rs->location, "AS OF TRANSACTION needs a transaction id (a positive integer)");
    return false;
}

bool tr_as_of_item(transform_state *ts, Node *item, RangeVar **rel)
{
    *rel = NULL;
    if (!IsA(item, RangeTableSample))
        return false;
    RangeTableSample *rs = (RangeTableSample *)item;
    int site = site_at(ts, rs->location);
    if (site < 0 || !IsA(rs->relation, RangeVar))
        return false;
    bool timestamp = ts->as_of_sites->timestamp[site];
    const char *time = NULL;
    uint64_t xid = 0;
    if (!clause_value(ts, rs, timestamp, &time, &xid))
        return false;
    int kind = timestamp ? AST_AS_OF_TIME : AST_AS_OF_XID;
    if (ts->as_of_kind != AST_AS_OF_NONE &&
        (ts->as_of_kind != kind || (timestamp ? strcmp(ts->as_of_time, time) != 0 : ts->as_of_xid != xid))) {
        tr_unsupported(ts, rs->location, "AS OF with different targets in one statement");
        return false;
    }
    ts->as_of_kind = kind;
    ts->as_of_time = time;
    ts->as_of_xid = xid;
    if (ts->as_of_location < 0)
        ts->as_of_location = rs->location;
    *rel = (RangeVar *)rs->relation;
    return true;
}

void tr_as_of_plain(transform_state *ts, int location)
{
    if (ts->plain_relation < 0)
        ts->plain_relation = location;
}

void tr_as_of_begin(transform_state *ts)
{
    ts->as_of_kind = AST_AS_OF_NONE;
    ts->as_of_time = NULL;
    ts->as_of_xid = 0;
    ts->as_of_location = -1;
    ts->plain_relation = -1;
}

bool tr_as_of_finish(transform_state *ts, ast_stmt *out)
{
    if (ts->as_of_kind == AST_AS_OF_NONE)
        return true;
    ast_stmt_kind k = out->kind;
    bool select = k == AST_SELECT || (k == AST_EXPLAIN && out->explain_target && out->explain_target->kind == AST_SELECT);
    if (k == AST_INSERT || k == AST_UPDATE || k == AST_DELETE || k == AST_CREATE_TABLE_AS) {
        tr_error(ts, "25006", ts->as_of_location, "cannot write under AS OF: time travel reads only");
        return false;
    }
    if (!select) {
        tr_unsupported(ts, ts->as_of_location, "AS OF outside a SELECT statement");
        return false;
    }
    if (ts->plain_relation >= 0) {
        tr_unsupported(ts, ts->plain_relation, "AS OF on only some of a statement's relations");
        snprintf(ts->err->hint, sizeof ts->err->hint, "%s",
                 "Give every relation of the statement the same AS OF, or SET sunstone.as_of.");
        return false;
    }
    out->as_of_kind = ts->as_of_kind;
    out->as_of_time = ts->as_of_time;
    out->as_of_xid = ts->as_of_xid;
    out->as_of_location = ts->as_of_location;
    return true;
}
