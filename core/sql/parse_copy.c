/* parse_copy.c — transforms PostgreSQL's CopyStmt into an AST_COPY statement: the table and
 * its column list or the query, the direction, the file (NULL for STDIN / STDOUT) and the
 * options exactly as written (their checks are the binder's, as PostgreSQL's
 * ProcessCopyOptions runs at execution); PROGRAM, WHERE and data-modifying queries are 0A000. */
#include "sql/transform.h"

#include <stdio.h>
#include <string.h>

static bool tr_copy_option(transform_state *ts, DefElem *d, ast_copy_option *o)
{
    o->name = tr_strdup(ts, d->defname);
    o->location = d->location;
    Node *a = d->arg;
    if (!o->name)
        return false;
    if (!a) {
        o->arg = AST_COPY_ARG_NONE;
        return true;
    }
    switch (nodeTag(a)) {
    case T_String:
        o->arg = AST_COPY_ARG_STRING;
        o->str = tr_strdup(ts, strVal(a));
        return o->str != NULL;
    case T_Integer: {
        char buf[32];
        snprintf(buf, sizeof buf, "%d", intVal(a));
        o->arg = AST_COPY_ARG_NUMBER;
        o->str = tr_strdup(ts, buf);
        return o->str != NULL;
    }
    case T_Float:
        o->arg = AST_COPY_ARG_NUMBER;
        o->str = tr_strdup(ts, castNode(Float, a)->fval);
        return o->str != NULL;
    case T_Boolean:
        o->arg = AST_COPY_ARG_BOOL;
        o->bval = boolVal(a);
        return true;
    case T_A_Star:
        o->arg = AST_COPY_ARG_STAR;
        return true;
    case T_List: {
        List *l = (List *)a;
        o->arg = AST_COPY_ARG_LIST;
        o->nnames = (uint32_t)list_length(l);
        if (!(o->names = tr_alloc(ts, sizeof(char *) * (o->nnames ? o->nnames : 1))))
            return false;
        ListCell *lc;
        uint32_t i = 0;
        foreach (lc, l) {
            Node *e = lfirst(lc);
            if (!IsA(e, String)) {
                tr_unsupported(ts, d->location, "this COPY option value");
                return false;
            }
            if (!(o->names[i++] = tr_strdup(ts, strVal(e))))
                return false;
        }
        return true;
    }
    default:
        tr_unsupported(ts, d->location, "this COPY option value");
        return false;
    }
}

bool tr_copy(transform_state *ts, CopyStmt *s, ast_stmt *out)
{
    if (s->is_program) {
        tr_unsupported(ts, -1, s->is_from ? "COPY FROM PROGRAM" : "COPY TO PROGRAM");
        return false;
    }
    if (s->whereClause) {
        tr_unsupported(ts, tr_location(s->whereClause), "COPY FROM ... WHERE");
        return false;
    }
    ast_copy *c = tr_alloc(ts, sizeof *c);
    if (!c)
        return false;
    out->kind = AST_COPY;
    out->copy = c;
    c->is_from = s->is_from;
    if (s->filename && !(c->filename = tr_strdup(ts, s->filename)))
        return false;
    if (s->relation) {
        out->table_location = s->relation->location;
        if (!(out->table = tr_relation_name(ts, s->relation)))
            return false;
        if (!tr_column_names(ts, s->attlist, out))
            return false;
    } else {
        if (!IsA(s->query, SelectStmt)) {
            tr_unsupported(ts, tr_location(s->query), "COPY of a data-modifying statement");
            return false;
        }
        SelectStmt *q = (SelectStmt *)s->query;
        if (q->intoClause) {
            tr_error(ts, "0A000", -1, "COPY (SELECT INTO) is not supported");
            return false;
        }
        if (!(c->query = tr_select(ts, q)))
            return false;
    }
    c->noptions = (uint32_t)list_length(s->options);
    if (c->noptions) {
        if (!(c->options = tr_alloc(ts, sizeof(ast_copy_option) * c->noptions)))
            return false;
        ListCell *lc;
        uint32_t i = 0;
        foreach (lc, s->options)
            if (!tr_copy_option(ts, lfirst(lc), &c->options[i++]))
                return false;
    }
    return true;
}
