/* parse_update.c — transforms PostgreSQL's UpdateStmt, DeleteStmt and TruncateStmt into
 * AST_UPDATE, AST_DELETE and AST_TRUNCATE (ast.h).  The rows an UPDATE or DELETE changes
 * are found by a query the transform builds as a PostgreSQL SelectStmt: SELECT <the SET
 * values> FROM <target> [, FROM / USING items] WHERE <condition>, transformed like any
 * SELECT, so subqueries, joins and aliases work as they do in queries.  An UPDATE's or
 * DELETE's RETURNING list is appended to the finding query's targets (bound in its scope, so
 * FROM / USING items can be named); INSERT's becomes SELECT <list> FROM target [AS alias],
 * which the binder reads the written rows with.  The list itself is also kept as targets. */
#include <stdio.h>
#include <string.h>

#include "sql/transform.h"

/* A zeroed parse node (makeNode's inline allocation reads the parser's thread-local memory
 * context directly, which only libpg_query's own functions may). */
static void *new_node(size_t size, NodeTag tag)
{
    Node *n = palloc0(size);
    n->type = tag;
    return n;
}
#define NEW_NODE(type) ((type *)new_node(sizeof(type), T_##type))

bool tr_returning(transform_state *ts, List *list, ast_stmt *out)
{
    ast_select items;
    memset(&items, 0, sizeof items);
    if (list && !tr_targets(ts, list, &items))
        return false;
    out->returning = items.targets;
    out->nreturning = items.ntargets;
    return true;
}

/* The statement's kind and target relation (name, location, alias); 0A000 for what
 * Sunstone does not take. */
static bool tr_target(transform_state *ts, ast_stmt_kind kind, RangeVar *rv, ast_stmt *out)
{
    out->kind = kind;
    if (!rv->inh) {
        tr_unsupported(ts, rv->location, "ONLY");
        return false;
    }
    if (!(out->table = tr_relation_name(ts, rv)))
        return false;
    out->table_location = rv->location;
    out->table_alias = rv->alias ? tr_strdup(ts, rv->alias->aliasname) : NULL;
    return true;
}

bool tr_insert_returning(transform_state *ts, InsertStmt *s, ast_stmt *out)
{
    if (!s->returningList)
        return true;
    if (!tr_returning(ts, s->returningList, out))
        return false;
    SelectStmt *q = new_node(sizeof(SelectStmt), T_SelectStmt);
    q->targetList = s->returningList;
    q->fromClause = list_make1(s->relation);
    q->limitOption = LIMIT_OPTION_DEFAULT;
    q->op = SETOP_NONE;
    if (!tr_dml_with_attach(ts, s->withClause, q))
        return false;
    out->returning_select = tr_select(ts, q);
    tr_dml_target_not_cte(out->returning_select, s->relation->location);
    return out->returning_select != NULL;
}

/* The finding query, SELECT targets FROM target, from WHERE where (PostgreSQL nodes). */
static bool tr_finder(transform_state *ts, WithClause *with, RangeVar *rv, List *targets, List *from, Node *where,
                      ast_stmt *out)
{
    SelectStmt *s = NEW_NODE(SelectStmt);
    s->targetList = targets;
    s->fromClause = lcons(rv, list_copy(from));
    s->whereClause = where;
    s->limitOption = LIMIT_OPTION_DEFAULT;
    s->op = SETOP_NONE;
    if (!tr_dml_with_attach(ts, with, s))
        return false;
    out->select = tr_select(ts, s);
    tr_dml_target_not_cte(out->select, rv->location);
    return out->select != NULL;
}

static ResTarget *value_target(Node *val, int location)
{
    ResTarget *rt = NEW_NODE(ResTarget);
    rt->val = val;
    rt->location = location;
    return rt;
}

/* Whether n is a call of a store function (one SET x... = v wrote it). */
static bool is_store_call(const Node *n)
{
    if (!IsA(n, FuncCall))
        return false;
    const char *name = strVal(llast(((const FuncCall *)n)->funcname));
    return strcmp(name, SS_FIELD_STORE_FUNC) == 0 || strcmp(name, SS_SUBSCRIPT_STORE_FUNC) == 0 ||
           strcmp(name, SS_SLICE_STORE_FUNC) == 0;
}

Node *tr_placeholder_call(const char *name, const char *arg)
{
    FuncCall *fc = NEW_NODE(FuncCall);
    String *fn = NEW_NODE(String);
    fn->sval = (char *)name;
    fc->funcname = list_make1(fn);
    if (arg) {
        A_Const *c = NEW_NODE(A_Const);
        c->val.sval.type = T_String;
        c->val.sval.sval = (char *)arg;
        c->location = -1;
        fc->args = list_make1(c);
    }
    fc->funcformat = COERCE_EXPLICIT_CALL;
    fc->location = -1;
    return (Node *)fc;
}

static FuncCall *store_call(const char *name, List *args, int location)
{
    FuncCall *fc = NEW_NODE(FuncCall);
    String *fn = NEW_NODE(String);
    fn->sval = (char *)name;
    fc->funcname = list_make1(fn);
    fc->args = args;
    fc->funcformat = COERCE_EXPLICIT_CALL;
    fc->location = location;
    return fc;
}

/* base with val stored at the indirection ind[from..] (PostgreSQL's
   transformAssignmentIndirection): a field is SS_FIELD_STORE_FUNC(base, 'a', <the rest stored
   into (base).a>), a run of subscripts SS_SUBSCRIPT_STORE_FUNC(base, <the rest stored into
   base[i]...>, i, ...). */
static Node *store_chain(Node *base, List *ind, int from, Node *val, int location)
{
    int n = list_length(ind);
    if (from >= n)
        return val;
    Node *item = list_nth(ind, from);
    int to = from + 1;
    if (IsA(item, A_Indices))
        while (to < n && IsA(list_nth(ind, to), A_Indices))
            to++;
    A_Indirection *sub = NEW_NODE(A_Indirection);
    sub->arg = base;
    sub->indirection = NIL;
    for (int k = from; k < to; k++)
        sub->indirection = lappend(sub->indirection, list_nth(ind, k));
    Node *inner = store_chain((Node *)sub, ind, to, val, location);
    if (IsA(item, String)) {
        A_Const *field = NEW_NODE(A_Const);
        field->val.sval.type = T_String;
        field->val.sval.sval = strVal(item);
        field->location = -1;
        return (Node *)store_call(SS_FIELD_STORE_FUNC, list_make3(base, field, inner), location);
    }
    List *args = list_make2(base, inner);
    bool slice = false;
    for (int k = from; k < to; k++)
        slice |= ((A_Indices *)list_nth(ind, k))->is_slice;
    if (!slice) {
        for (int k = from; k < to; k++)
            args = lappend(args, ((A_Indices *)list_nth(ind, k))->uidx);
        return (Node *)store_call(SS_SUBSCRIPT_STORE_FUNC, args, location);
    }
    /* a slice: (base, v, shape, lower, upper, ...); a plain subscript i among slices is 1:i,
       an omitted bound a NULL placeholder with its ARR_SHAPE bit */
    A_Const *shape = NEW_NODE(A_Const);
    shape->val.ival.type = T_Integer;
    shape->location = -1;
    args = lappend(args, shape);
    for (int k = from; k < to; k++) {
        A_Indices *ai = list_nth(ind, k);
        Node *lo = ai->lidx, *hi = ai->uidx;
        if (!ai->is_slice) {
            A_Const *one = NEW_NODE(A_Const);
            one->val.ival.type = T_Integer;
            one->val.ival.ival = 1;
            one->location = -1;
            lo = (Node *)one;
        }
        for (int side = 0; side < 2; side++) {
            Node *bound = side ? hi : lo;
            if (!bound) {
                A_Const *none = NEW_NODE(A_Const);
                none->isnull = true;
                none->location = -1;
                bound = (Node *)none;
                shape->val.ival.ival |= 1 << ((side ? SS_SLICE_NO_UPPER : SS_SLICE_NO_LOWER) + (k - from));
            }
            args = lappend(args, bound);
        }
    }
    return (Node *)store_call(SS_SLICE_STORE_FUNC, args, location);
}

/* Whether the target's indirection is one the stores take (0A000 otherwise). */
static bool indirection_supported(transform_state *ts, const ResTarget *rt)
{
    bool after_slice = false;
    ListCell *ic;
    foreach (ic, rt->indirection) {
        if (!IsA(lfirst(ic), String) && !IsA(lfirst(ic), A_Indices)) {
            tr_unsupported(ts, rt->location, "this assignment target");
            return false;
        }
        if (IsA(lfirst(ic), String) && after_slice) {
            tr_unsupported(ts, rt->location, "a field of an array slice as an assignment target");
            return false;
        }
        after_slice |= IsA(lfirst(ic), A_Indices) && ((A_Indices *)lfirst(ic))->is_slice;
    }
    return true;
}

Node *tr_store_chain(transform_state *ts, const ResTarget *rt, Node *base, Node *val)
{
    if (!indirection_supported(ts, rt))
        return NULL;
    return store_chain(base, rt->indirection, 0, val, rt->location);
}

/* A SET list (UPDATE's, ON CONFLICT DO UPDATE's) into out->set_* and the value targets
 * (*values, PostgreSQL nodes: a NULL placeholder for DEFAULT). */
static bool tr_set_list(transform_state *ts, List *targets, ast_stmt *out, List **values_out)
{
    uint32_t n = (uint32_t)list_length(targets);
    out->nset = n;
    out->set_columns = tr_alloc(ts, sizeof(char *) * (n ? n : 1));
    out->set_locations = tr_alloc(ts, sizeof(int) * (n ? n : 1));
    out->set_default = tr_alloc(ts, sizeof(bool) * (n ? n : 1));
    if (!out->set_columns || !out->set_locations || !out->set_default)
        return false;
    List *values = NIL;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, targets) {
        ResTarget *rt = lfirst(lc);
        if (!indirection_supported(ts, rt))
            return false;
        Node *val = rt->val;
        if (rt->indirection) {
            if (!out->table) { /* ON CONFLICT DO UPDATE's, parsed before the INSERT's target */
                tr_unsupported(ts, rt->location, "field or subscripted targets of ON CONFLICT DO UPDATE");
                return false;
            }
            if (IsA(val, SetToDefault) || IsA(val, MultiAssignRef)) {
                tr_unsupported(ts, rt->location, "DEFAULT or a row source for a field or subscripted UPDATE target");
                return false;
            }
            /* SET x.a = v, x[i] = v, x.a[i].b = v: x = the store of v into its value (x, or
               the value an earlier SET x... = ... gave it), bound by the binder */
            Node *base = NULL;
            uint32_t k = 0;
            ListCell *pc;
            foreach (pc, values) {
                if (strcmp(out->set_columns[k], rt->name) == 0 && !out->set_default[k])
                    base = (Node *)pc;
                k++;
            }
            ResTarget *earlier = base ? lfirst((ListCell *)base) : NULL;
            if (earlier && !is_store_call(earlier->val))
                earlier = NULL; /* a plain assignment first: the binder's "multiple assignments" */
            Node *from = earlier ? earlier->val : NULL;
            if (!from) {
                ColumnRef *cr = NEW_NODE(ColumnRef);
                String *rel = NEW_NODE(String), *col = NEW_NODE(String);
                const char *dot = out->table_alias ? NULL : strrchr(out->table, '.');
                rel->sval = (char *)(out->table_alias ? out->table_alias : dot ? dot + 1 : out->table);
                col->sval = rt->name;
                cr->fields = list_make2(rel, col);
                cr->location = -1;
                from = (Node *)cr;
            }
            Node *fc = store_chain(from, rt->indirection, 0, val, rt->location);
            if (earlier) {
                earlier->val = fc;
                out->nset--;
                continue;
            }
            val = fc;
        }
        if (IsA(val, MultiAssignRef)) {
            MultiAssignRef *m = (MultiAssignRef *)val;
            if (!IsA(m->source, RowExpr)) {
                tr_unsupported(ts, tr_location(m->source), "multiple-column UPDATE from a subquery");
                return false;
            }
            RowExpr *row = (RowExpr *)m->source;
            if (list_length(row->args) != m->ncolumns) {
                tr_error(ts, "42601", tr_location(m->source), "%s",
                         list_length(row->args) < m->ncolumns ? "number of columns does not match number of values"
                                                              : "number of columns does not match number of values");
                return false;
            }
            val = list_nth(row->args, m->colno - 1);
        }
        out->set_columns[i] = tr_strdup(ts, rt->name);
        out->set_locations[i] = rt->location;
        out->set_default[i] = IsA(val, SetToDefault);
        if (out->set_default[i]) {
            A_Const *null = NEW_NODE(A_Const);
            null->isnull = true;
            null->location = -1;
            val = (Node *)null;
        }
        values = lappend(values, value_target(val, tr_location(val)));
        i++;
    }
    *values_out = values;
    return true;
}

bool tr_update(transform_state *ts, UpdateStmt *s, ast_stmt *out)
{
    if (!tr_target(ts, AST_UPDATE, s->relation, out))
        return false;
    List *values = NIL;
    if (!tr_set_list(ts, s->targetList, out, &values))
        return false;
    if (!tr_finder(ts, s->withClause, s->relation, list_concat(values, s->returningList), s->fromClause, s->whereClause, out))
        return false;
    return tr_returning(ts, s->returningList, out);
}

bool tr_delete(transform_state *ts, DeleteStmt *s, ast_stmt *out)
{
    if (!tr_target(ts, AST_DELETE, s->relation, out))
        return false;
    if (!tr_finder(ts, s->withClause, s->relation, list_copy(s->returningList), s->usingClause, s->whereClause, out))
        return false;
    return tr_returning(ts, s->returningList, out);
}

bool tr_truncate(transform_state *ts, TruncateStmt *s, ast_stmt *out)
{
    out->kind = AST_TRUNCATE;
    out->restart_identity = s->restart_seqs;
    out->cascade = s->behavior == DROP_CASCADE;
    return tr_relation_names(ts, s->relations, "TRUNCATE ONLY", out);
}

/* ON CONFLICT [(cols or expressions) [WHERE ...] | ON CONSTRAINT name] DO NOTHING | DO
 * UPDATE SET ... [WHERE ...].  The inference WHERE names partial unique indexes (whose
 * predicate it implies); a non-partial unique index satisfies any such predicate. */
bool tr_on_conflict(transform_state *ts, InsertStmt *s, ast_stmt *out)
{
    OnConflictClause *oc = s->onConflictClause;
    out->on_conflict = oc->action == ONCONFLICT_UPDATE ? AST_ON_CONFLICT_UPDATE : AST_ON_CONFLICT_NOTHING;
    out->conflict_location = oc->location;
    InferClause *inf = oc->infer;
    if (inf && inf->conname && !(out->conflict_constraint = tr_strdup(ts, inf->conname)))
        return false;
    if (inf && inf->indexElems) {
        uint32_t n = (uint32_t)list_length(inf->indexElems);
        out->conflict_cols = tr_alloc(ts, sizeof(char *) * n);
        out->conflict_col_locations = tr_alloc(ts, sizeof(int) * n);
        if (!out->conflict_cols || !out->conflict_col_locations)
            return false;
        ListCell *lc;
        foreach (lc, inf->indexElems) {
            IndexElem *ie = lfirst(lc);
            if (ie->collation || ie->opclass) {
                tr_unsupported(ts, inf->location, "COLLATE or operator classes in ON CONFLICT");
                return false;
            }
            /* IndexElem has no location: PostgreSQL points at the list's "(" */
            out->conflict_col_locations[out->nconflict_cols] = inf->location;
            if (!ie->name) {
                if (!out->conflict_exprs) {
                    if (!(out->conflict_exprs = tr_alloc(ts, sizeof(ast_expr *) * n)))
                        return false;
                    memset(out->conflict_exprs, 0, sizeof(ast_expr *) * n);
                }
                if (!(out->conflict_exprs[out->nconflict_cols] = tr_expr(ts, ie->expr)))
                    return false;
                out->conflict_cols[out->nconflict_cols++] = NULL;
                continue;
            }
            if (out->conflict_exprs)
                out->conflict_exprs[out->nconflict_cols] = NULL;
            out->conflict_cols[out->nconflict_cols++] = tr_strdup(ts, ie->name);
        }
        if (inf->whereClause && !(out->conflict_infer_where = tr_expr(ts, inf->whereClause)))
            return false;
    }
    if (oc->action != ONCONFLICT_UPDATE)
        return true;
    if (!inf) {
        tr_error(ts, "42601", oc->location, "ON CONFLICT DO UPDATE requires inference specification or constraint name");
        snprintf(ts->err->hint, sizeof ts->err->hint, "For example, ON CONFLICT (column_name).");
        return false;
    }
    List *values = NIL;
    if (!tr_set_list(ts, oc->targetList, out, &values))
        return false;
    if (oc->whereClause) {
        values = lappend(values, value_target(oc->whereClause, tr_location(oc->whereClause)));
        out->conflict_where = true;
    }
    RangeVar *ex = NEW_NODE(RangeVar);
    *ex = *s->relation;
    Alias *al = NEW_NODE(Alias);
    al->aliasname = "excluded";
    ex->alias = al;
    ex->location = -1;
    SelectStmt *q = NEW_NODE(SelectStmt);
    q->targetList = values;
    q->fromClause = list_make2(s->relation, ex);
    q->limitOption = LIMIT_OPTION_DEFAULT;
    q->op = SETOP_NONE;
    if (!tr_dml_with_attach(ts, s->withClause, q))
        return false;
    out->conflict_select = tr_select(ts, q);
    tr_dml_target_not_cte(out->conflict_select, s->relation->location);
    tr_dml_target_not_cte(out->conflict_select, ex->location);
    return out->conflict_select != NULL;
}

/* The first select-list call of s that is, by its syntax, an aggregate ('a') or a window
 * function ('w'), 0 for none. */
static char call_kind(SelectStmt *s)
{
    char kind = 0;
    ListCell *lc;
    foreach (lc, s->targetList) {
        ResTarget *rt = lfirst(lc);
        if (!rt->val || !IsA(rt->val, FuncCall))
            continue;
        FuncCall *fc = (FuncCall *)rt->val;
        if (fc->over)
            kind = kind ? kind : 'w';
        else if (fc->agg_star || fc->agg_distinct || fc->agg_order || fc->agg_filter)
            return 'a';
    }
    return kind;
}

bool tr_locking_refused(transform_state *ts, SelectStmt *s, const char *name)
{
    const char *what = s->distinctClause ? "DISTINCT clause"
                       : s->groupClause  ? "GROUP BY clause"
                       : s->havingClause ? "HAVING clause"
                                         : NULL;
    if (!what) {
        char kind = call_kind(s);
        what = kind == 'a' ? "aggregate functions" : kind == 'w' ? "window functions" : NULL;
    }
    if (!what)
        return false;
    tr_error(ts, "0A000", -1, "%s is not allowed with %s", name, what);
    return true;
}
