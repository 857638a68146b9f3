/* parse_stmt.c — transforms PostgreSQL statement nodes (SelectStmt, InsertStmt, CreateStmt,
 * DropStmt, LoadStmt, VariableSetStmt, ...) into Sunstone AST statements. */
#include "sql/as_of_rewrite.h"
#include "sql/transform.h"

#include <stdio.h>

#include <pthread.h>
#include <string.h>
#include <strings.h>

#include "sql/split.h"
#include "util/stack_depth.h"

static const char *rangevar_name(transform_state *ts, RangeVar *rv)
{
    return tr_relation_ref(ts, rv);
}

const char *tr_relation_name(transform_state *ts, RangeVar *rv)
{
    return rangevar_name(ts, rv);
}

bool tr_relation_names(transform_state *ts, List *rels, const char *only_refused, ast_stmt *out)
{
    out->ndrop = (uint32_t)list_length(rels);
    if (!(out->drop_names = tr_alloc(ts, sizeof(char *) * (out->ndrop ? out->ndrop : 1))))
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, rels) {
        RangeVar *rv = lfirst(lc);
        if (!rv->inh && only_refused) {
            tr_unsupported(ts, rv->location, only_refused);
            return false;
        }
        if (!(out->drop_names[i++] = tr_relation_name(ts, rv)))
            return false;
    }
    return true;
}

bool tr_targets(transform_state *ts, List *targets, ast_select *out)
{
    out->ntargets = (uint32_t)list_length(targets);
    out->targets = tr_alloc(ts, sizeof(ast_target) * (out->ntargets ? out->ntargets : 1));
    if (!out->targets)
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, targets) {
        ResTarget *rt = lfirst(lc);
        if (rt->indirection) {
            tr_unsupported(ts, rt->location, "subscripts in the select list");
            return false;
        }
        out->targets[i].location = rt->location;
        out->targets[i].alias = rt->name ? tr_strdup(ts, rt->name) : NULL;
        if (!(out->targets[i].expr = tr_expr(ts, rt->val)))
            return false;
        i++;
    }
    return true;
}

/* alias(c1, c2, ...) of a FROM item. */
static bool tr_alias(transform_state *ts, Alias *alias, ast_from_item *f)
{
    f->alias = tr_strdup(ts, alias->aliasname);
    f->ncolnames = (uint32_t)list_length(alias->colnames);
    if (!f->ncolnames)
        return true;
    if (!(f->colnames = tr_alloc(ts, sizeof(char *) * f->ncolnames)))
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, alias->colnames)
        f->colnames[i++] = tr_strdup(ts, strVal(lfirst(lc)));
    return true;
}

/* A function's column definition list (AS (a int, ...)) into f. */
static bool tr_coldefs(transform_state *ts, List *coldeflist, ast_from_item *f)
{
    if (!coldeflist)
        return true;
    f->ncoldefs = (uint32_t)list_length(coldeflist);
    f->coldef_location = tr_location(linitial(coldeflist));
    if (!(f->coldef_names = tr_alloc(ts, sizeof(char *) * f->ncoldefs)) ||
        !(f->coldef_types = tr_alloc(ts, sizeof(ast_type_name) * f->ncoldefs)))
        return false;
    ListCell *dc;
    uint32_t di = 0;
    foreach (dc, coldeflist) {
        ColumnDef *cd = lfirst(dc);
        if (!(f->coldef_names[di] = tr_strdup(ts, cd->colname)) || !tr_type_name(ts, cd->typeName, &f->coldef_types[di]))
            return false;
        di++;
    }
    return true;
}

static ast_from_item *tr_from_item(transform_state *ts, Node *item)
{
    if (tr_check_stack(ts))
        return NULL;
    ast_from_item *f = tr_alloc(ts, sizeof *f);
    if (!f)
        return NULL;
    memset(f, 0, sizeof *f);
    if (IsA(item, JoinExpr)) {
        JoinExpr *j = (JoinExpr *)item;
        int loc = tr_location(item);
        if (j->join_using_alias) {
            if (j->join_using_alias->colnames) { /* the grammar allows none */
                tr_unsupported(ts, loc, "column aliases on JOIN ... USING ... AS");
                return NULL;
            }
            f->using_alias = tr_strdup(ts, j->join_using_alias->aliasname);
        }
        f->natural = j->isNatural;
        f->nusing = (uint32_t)list_length(j->usingClause);
        if (f->nusing && !(f->using_cols = tr_alloc(ts, sizeof(char *) * f->nusing)))
            return NULL;
        ListCell *uc;
        uint32_t ui = 0;
        foreach (uc, j->usingClause)
            f->using_cols[ui++] = tr_strdup(ts, strVal(lfirst(uc)));
        if (j->alias && !tr_alias(ts, j->alias, f))
            return NULL;
        if (j->jointype != JOIN_INNER && j->jointype != JOIN_LEFT && j->jointype != JOIN_RIGHT &&
            j->jointype != JOIN_FULL) {
            tr_unsupported(ts, loc, "this kind of JOIN");
            return NULL;
        }
        f->is_join = true;
        f->location = loc;
        f->join_type = j->jointype == JOIN_LEFT    ? AST_JOIN_LEFT
                       : j->jointype == JOIN_RIGHT ? AST_JOIN_RIGHT
                       : j->jointype == JOIN_FULL  ? AST_JOIN_FULL
                       : j->quals || f->nusing || f->natural ? AST_JOIN_INNER
                                                   : AST_JOIN_CROSS;
        if (!(f->left = tr_from_item(ts, j->larg)) || !(f->right = tr_from_item(ts, j->rarg)))
            return NULL;
        if (j->quals && !(f->on = tr_expr(ts, j->quals)))
            return NULL;
        return f;
    }
    if (IsA(item, RangeSubselect)) {
        RangeSubselect *rs = (RangeSubselect *)item;
        f->location = tr_location(item);
        f->lateral = rs->lateral;
        /* the grammar has refused a subquery without an alias */
        if (!IsA(rs->subquery, SelectStmt) || !rs->alias) {
            tr_unsupported(ts, f->location, "this kind of subquery in FROM");
            return NULL;
        }
        if (!(f->subquery = tr_select(ts, (SelectStmt *)rs->subquery)))
            return NULL;
        return tr_alias(ts, rs->alias, f) ? f : NULL;
    }
    if (IsA(item, RangeFunction)) {
        RangeFunction *rf = (RangeFunction *)item;
        f->location = tr_location(item);
        uint32_t nf = (uint32_t)list_length(rf->functions);
        if (nf > 1 && rf->coldeflist) {
            tr_error(ts, "42601", tr_location(linitial(rf->coldeflist)),
                     "ROWS FROM() with multiple functions cannot have a column definition list");
            snprintf(ts->err->hint, sizeof ts->err->hint, "%s",
                     "Put a separate column definition list for each function inside ROWS FROM().");
            return NULL;
        }
        f->ordinality = rf->ordinality;
        if (nf > 1 && !(f->rows_from = tr_alloc(ts, sizeof(ast_from_item *) * nf)))
            return NULL;
        ListCell *fc;
        foreach (fc, rf->functions) {
            List *pair = lfirst(fc);
            Node *call = linitial(pair);
            List *defs = list_length(pair) > 1 ? lsecond(pair) : NIL;
            if (!call || !IsA(call, FuncCall)) {
                tr_unsupported(ts, f->location, "this kind of function in FROM");
                return NULL;
            }
            ast_from_item *one = f;
            if (nf > 1) { /* ROWS FROM's member: a function item of its own */
                if (!(one = tr_alloc(ts, sizeof *one)))
                    return NULL;
                memset(one, 0, sizeof *one);
                one->location = tr_location(call);
                one->rows_from_member = true;
                f->rows_from[f->nrows_from++] = one;
            }
            if (!tr_coldefs(ts, defs ? defs : nf == 1 ? rf->coldeflist : NIL, one) || !(one->func = tr_expr(ts, call)))
                return NULL;
        }
        if (nf > 1)
            f->func = f->rows_from[0]->func;
        return !rf->alias || tr_alias(ts, rf->alias, f) ? f : NULL;
    }
    RangeVar *rv = NULL;
    if (!tr_as_of_item(ts, item, &rv) && ts->failed)
        return NULL;
    if (!rv && !IsA(item, RangeVar)) {
        tr_unsupported(ts, tr_location(item), IsA(item, RangeTableSample) ? "TABLESAMPLE" : "this kind of FROM item");
        return NULL;
    }
    if (!rv) {
        rv = (RangeVar *)item;
        tr_as_of_plain(ts, rv->location);
    }
    /* ONLY t and t* read t: there is no table inheritance */
    if (!(f->table = rangevar_name(ts, rv)))
        return NULL;
    f->location = rv->location;
    return !rv->alias || tr_alias(ts, rv->alias, f) ? f : NULL;
}

static bool tr_from(transform_state *ts, List *from, ast_select *out)
{
    ListCell *lc;
    foreach (lc, from) {
        ast_from_item *item = tr_from_item(ts, lfirst(lc));
        if (!item)
            return false;
        if (!out->from) {
            out->from = item;
            continue;
        }
        ast_from_item *j = tr_alloc(ts, sizeof *j);
        if (!j)
            return false;
        memset(j, 0, sizeof *j);
        j->is_join = true;
        j->join_type = AST_JOIN_COMMA;
        j->location = item->location;
        j->left = out->from;
        j->right = item;
        out->from = j;
    }
    if (out->from && !out->from->is_join) {
        out->from_table = out->from->table;
        out->from_alias = out->from->alias;
        out->from_location = out->from->location;
    }
    return true;
}

static bool tr_values(transform_state *ts, List *lists, ast_select *out)
{
    out->nvalues_rows = (uint32_t)list_length(lists);
    out->values = tr_alloc(ts, sizeof(ast_expr **) * out->nvalues_rows);
    if (!out->values)
        return false;
    ListCell *lc;
    uint32_t r = 0;
    foreach (lc, lists) {
        List *row = lfirst(lc);
        uint32_t n = (uint32_t)list_length(row);
        if (r == 0)
            out->nvalues_cols = n;
        else if (n != out->nvalues_cols) {
            tr_error(ts, "42601", tr_location(linitial(row)), "VALUES lists must all be the same length");
            return false;
        }
        out->values[r] = tr_alloc(ts, sizeof(ast_expr *) * (n ? n : 1));
        if (!out->values[r])
            return false;
        ListCell *c;
        uint32_t i = 0;
        foreach (c, row) {
            Node *v = lfirst(c);
            if (IsA(v, SetToDefault)) {
                ast_expr *d = tr_alloc(ts, sizeof *d);
                if (!d)
                    return false;
                d->kind = AE_DEFAULT;
                d->location = ((SetToDefault *)v)->location;
                out->values[r][i++] = d;
                continue;
            }
            if (!(out->values[r][i++] = tr_expr(ts, v)))
                return false;
        }
        r++;
    }
    return true;
}

static const char *locking_name(const LockingClause *lc)
{
    switch (lc->strength) {
    case LCS_FORKEYSHARE:
        return "FOR KEY SHARE";
    case LCS_FORSHARE:
        return "FOR SHARE";
    case LCS_FORNOKEYUPDATE:
        return "FOR NO KEY UPDATE";
    default:
        return "FOR UPDATE";
    }
}

/* (LK) The locking clauses of a SELECT: strength, wait policy, OF names (unqualified, as
 * PostgreSQL requires). */
static bool tr_locking(transform_state *ts, List *clauses, ast_select *out)
{
    out->nlocking = (uint32_t)list_length(clauses);
    if (!(out->locking = tr_alloc(ts, sizeof(ast_locking) * out->nlocking)))
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, clauses) {
        LockingClause *c = lfirst(lc);
        ast_locking *l = &out->locking[i++];
        l->strength = c->strength == LCS_FORKEYSHARE ? 1 : c->strength == LCS_FORSHARE ? 2
                      : c->strength == LCS_FORNOKEYUPDATE ? 3 : 4;
        l->wait = c->waitPolicy == LockWaitError ? 1 : c->waitPolicy == LockWaitSkip ? 2 : 0;
        l->nrels = (uint32_t)list_length(c->lockedRels);
        l->rels = tr_alloc(ts, sizeof(char *) * (l->nrels ? l->nrels : 1));
        l->rel_locations = tr_alloc(ts, sizeof(int) * (l->nrels ? l->nrels : 1));
        if (!l->rels || !l->rel_locations)
            return false;
        ListCell *rc;
        uint32_t k = 0;
        foreach (rc, c->lockedRels) {
            RangeVar *rv = lfirst(rc);
            if (rv->schemaname || rv->catalogname) {
                tr_error(ts, "42601", rv->location, "%s must specify unqualified relation names", locking_name(c));
                return false;
            }
            l->rel_locations[k] = rv->location;
            if (!(l->rels[k++] = tr_strdup(ts, rv->relname)))
                return false;
        }
    }
    return true;
}

/* ORDER BY x USING op: PostgreSQL sorts by the operator's btree strategy; < and > are ASC and
 * DESC, any other operator is refused. */
static bool tr_sort_using(transform_state *ts, SortBy *sb, ast_sort_item *out)
{
    Node *last = list_length(sb->useOp) ? llast(sb->useOp) : NULL;
    bool qualified_ok = list_length(sb->useOp) == 1 ||
                        (list_length(sb->useOp) == 2 && strcmp(strVal(linitial(sb->useOp)), "pg_catalog") == 0);
    if (last && IsA(last, String) && qualified_ok &&
        (strcmp(strVal(last), "<") == 0 || strcmp(strVal(last), ">") == 0)) {
        out->descending = strVal(last)[0] == '>';
        return true;
    }
    tr_unsupported(ts, sb->location, "ORDER BY ... USING with an operator other than < and >");
    return false;
}

/* A GROUP BY item: an expression, or a grouping set (ROLLUP, CUBE, GROUPING SETS, (), and
 * (a, b) lists inside them), PostgreSQL's CUBE limit of 12 elements checked. */
static ast_expr *tr_group_item(transform_state *ts, Node *g)
{
    if (tr_check_stack(ts))
        return NULL;
    List *items = NULL;
    int kind = 0, location = -1;
    if (IsA(g, GroupingSet)) {
        GroupingSet *gs = (GroupingSet *)g;
        kind = gs->kind == GROUPING_SET_EMPTY ? AST_GSET_EMPTY : gs->kind == GROUPING_SET_ROLLUP ? AST_GSET_ROLLUP
               : gs->kind == GROUPING_SET_CUBE ? AST_GSET_CUBE : AST_GSET_SETS;
        items = gs->content;
        location = gs->location;
        if (kind == AST_GSET_CUBE && list_length(items) > 12) {
            tr_error(ts, "54001", location, "CUBE is limited to 12 elements");
            return NULL;
        }
    } else if (IsA(g, RowExpr) && ((RowExpr *)g)->row_format == COERCE_IMPLICIT_CAST) {
        kind = AST_GSET_LIST;
        items = ((RowExpr *)g)->args;
        location = ((RowExpr *)g)->location;
    } else {
        return tr_expr(ts, g);
    }
    ast_expr *e = tr_alloc(ts, sizeof *e);
    if (!e)
        return NULL;
    e->kind = AE_GROUPING_SET;
    e->location = location;
    e->ival = kind;
    e->nargs = (uint32_t)list_length(items);
    e->args = tr_alloc(ts, sizeof(ast_expr *) * (e->nargs ? e->nargs : 1));
    if (!e->args)
        return NULL;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, items)
        if (!(e->args[i++] = kind == AST_GSET_LIST ? tr_expr(ts, lfirst(lc)) : tr_group_item(ts, lfirst(lc))))
            return NULL;
    return e;
}

bool tr_sort_list(transform_state *ts, List *l, ast_sort_item **items, uint32_t *n)
{
    *n = (uint32_t)list_length(l);
    *items = NULL;
    if (!*n)
        return true;
    ast_sort_item *out = tr_alloc(ts, sizeof(ast_sort_item) * *n);
    if (!out)
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, l) {
        SortBy *sb = lfirst(lc);
        out[i].descending = sb->sortby_dir == SORTBY_DESC;
        if (sb->sortby_dir == SORTBY_USING && !tr_sort_using(ts, sb, &out[i]))
            return false;
        out[i].nulls = sb->sortby_nulls == SORTBY_NULLS_FIRST ? 1 : sb->sortby_nulls == SORTBY_NULLS_LAST ? 2 : 0;
        if (!(out[i].expr = tr_expr(ts, sb->node)))
            return false;
        i++;
    }
    *items = out;
    return true;
}

/* WITH [RECURSIVE] name [(columns)] AS [[NOT] MATERIALIZED] (query), ... */
static bool tr_with(transform_state *ts, WithClause *w, ast_select *out)
{
    out->recursive = w->recursive;
    out->stmt_with = ts->insert_shared_with && w == ts->insert_shared_with;
    out->nctes = (uint32_t)list_length(w->ctes);
    if (!(out->ctes = tr_alloc(ts, sizeof(ast_cte) * (out->nctes ? out->nctes : 1))))
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, w->ctes) {
        CommonTableExpr *cte = lfirst(lc);
        ast_cte *c = &out->ctes[i++];
        c->name = tr_strdup(ts, cte->ctename);
        c->location = cte->location;
        c->materialize = cte->ctematerialized == CTEMaterializeAlways  ? AST_CTE_MATERIALIZED
                         : cte->ctematerialized == CTEMaterializeNever ? AST_CTE_NOT_MATERIALIZED
                                                                       : AST_CTE_DEFAULT;
        if (cte->search_clause) {
            CTESearchClause *sc = cte->search_clause;
            if (!tr_name_array(ts, sc->search_col_list, &c->search_cols, &c->nsearch_cols))
                return false;
            c->search_breadth = sc->search_breadth_first;
            c->search_seq = tr_strdup(ts, sc->search_seq_column);
            c->search_location = sc->location;
        }
        if (cte->cycle_clause) {
            CTECycleClause *cc = cte->cycle_clause;
            if (!tr_name_array(ts, cc->cycle_col_list, &c->cycle_cols, &c->ncycle_cols))
                return false;
            c->cycle_mark = tr_strdup(ts, cc->cycle_mark_column);
            c->cycle_path = tr_strdup(ts, cc->cycle_path_column);
            c->cycle_location = cc->location;
            if (cc->cycle_mark_value && !(c->cycle_value = tr_expr(ts, cc->cycle_mark_value)))
                return false;
            if (cc->cycle_mark_default && !(c->cycle_default = tr_expr(ts, cc->cycle_mark_default)))
                return false;
        }
        c->ncolnames = (uint32_t)list_length(cte->aliascolnames);
        if (c->ncolnames && !(c->colnames = tr_alloc(ts, sizeof(char *) * c->ncolnames)))
            return false;
        ListCell *cc;
        uint32_t k = 0;
        foreach (cc, cte->aliascolnames)
            c->colnames[k++] = tr_strdup(ts, strVal(lfirst(cc)));
        if (!IsA(cte->ctequery, SelectStmt)) {
            if (!tr_modifying_cte(ts, cte, c))
                return false;
            continue;
        }
        if (((SelectStmt *)cte->ctequery)->intoClause) {
            tr_error(ts, "42601", ((SelectStmt *)cte->ctequery)->intoClause->rel->location,
                     "SELECT ... INTO is not allowed here");
            return false;
        }
        if (!(c->query = tr_select(ts, (SelectStmt *)cte->ctequery)))
            return false;
    }
    return true;
}

ast_select *tr_select(transform_state *ts, SelectStmt *s)
{
    if (s->intoClause) {
        tr_error(ts, "42601", s->intoClause->rel ? s->intoClause->rel->location : -1,
                 "SELECT ... INTO is not allowed here");
        return NULL;
    }
    if (s->lockingClause) {
        LockingClause *lc = linitial(s->lockingClause);
        if (s->op != SETOP_NONE) /* PostgreSQL's own refusals */
            tr_error(ts, "0A000", -1, "%s is not allowed with UNION/INTERSECT/EXCEPT", locking_name(lc));
        else if (s->valuesLists)
            tr_error(ts, "0A000", -1, "%s cannot be applied to VALUES", locking_name(lc));
        else
            (void)tr_locking_refused(ts, s, locking_name(lc));
        if (s->op != SETOP_NONE || s->valuesLists || ts->failed)
            return NULL;
    }
    ast_select *out = tr_alloc(ts, sizeof *out);
    if (!out)
        return NULL;
    if (s->lockingClause && !tr_locking(ts, s->lockingClause, out))
        return NULL;
    if (s->withClause && !tr_with(ts, s->withClause, out))
        return NULL;
    if (s->op != SETOP_NONE) {
        out->setop = s->op == SETOP_UNION ? AST_SETOP_UNION : s->op == SETOP_INTERSECT ? AST_SETOP_INTERSECT
                                                                                     : AST_SETOP_EXCEPT;
        out->setop_all = s->all;
        SelectStmt *args[2] = {s->larg, s->rarg};
        for (int k = 0; k < 2; k++)
            if (args[k]->op == SETOP_NONE && args[k]->lockingClause) {
                tr_error(ts, "0A000", -1, "%s is not allowed with UNION/INTERSECT/EXCEPT",
                         locking_name(linitial(args[k]->lockingClause)));
                return NULL;
            }
        if (!(out->larg = tr_select(ts, s->larg)) || !(out->rarg = tr_select(ts, s->rarg)))
            return NULL;
    } else if (s->valuesLists) {
        /* the grammar allows no other clause of a SELECT with VALUES but ORDER BY, LIMIT,
           OFFSET and FETCH (below), WITH and locking (above) */
        if (!tr_values(ts, s->valuesLists, out))
            return NULL;
    } else {
        if (s->distinctClause) {
            if (linitial(s->distinctClause) != NULL) {
                if (!tr_list(ts, s->distinctClause, &out->distinct_on, &out->ndistinct_on))
                    return NULL;
            } else {
                out->distinct = true;
            }
        }
        if (!tr_targets(ts, s->targetList, out) || !tr_from(ts, s->fromClause, out))
            return NULL;
        if (s->whereClause && !(out->where = tr_expr(ts, s->whereClause)))
            return NULL;
        out->group_distinct = s->groupDistinct;
        out->ngroup = (uint32_t)list_length(s->groupClause);
        if (out->ngroup) {
            out->group_by = tr_alloc(ts, sizeof(ast_expr *) * out->ngroup);
            ListCell *lc;
            uint32_t i = 0;
            foreach (lc, s->groupClause)
                if (!out->group_by || !(out->group_by[i++] = tr_group_item(ts, lfirst(lc))))
                    return NULL;
        }
        if (s->havingClause && !(out->having = tr_expr(ts, s->havingClause)))
            return NULL;
        if (s->windowClause && !tr_window_clause(ts, s->windowClause, out))
            return NULL;
    }
    if (!tr_sort_list(ts, s->sortClause, &out->order_by, &out->norder))
        return NULL;
    out->with_ties = (int)s->limitOption == ts->with_ties_value;
    if (s->limitCount && !(out->limit = tr_expr(ts, s->limitCount)))
        return NULL;
    if (s->limitOffset && !(out->offset = tr_expr(ts, s->limitOffset)))
        return NULL;
    return out;
}

static bool tr_insert_stmt(transform_state *ts, InsertStmt *s, ast_stmt *out);

bool tr_insert(transform_state *ts, InsertStmt *s, ast_stmt *out)
{
    const WithClause *saved = ts->insert_shared_with; /* an INSERT inside its WITH has its own */
    ts->insert_shared_with = s->withClause && (s->returningList || s->onConflictClause) ? s->withClause : NULL;
    bool ok = tr_insert_stmt(ts, s, out);
    ts->insert_shared_with = saved;
    return ok;
}

static bool tr_insert_stmt(transform_state *ts, InsertStmt *s, ast_stmt *out)
{
    if (s->onConflictClause && !tr_on_conflict(ts, s, out))
        return false;
    if (!tr_insert_returning(ts, s, out))
        return false;
    /* the INSERT alias only matters to ON CONFLICT and RETURNING */
    out->kind = AST_INSERT;
    out->overriding = s->override == OVERRIDING_SYSTEM_VALUE ? 's' : s->override == OVERRIDING_USER_VALUE ? 'u' : 0;
    out->table = rangevar_name(ts, s->relation);
    out->table_location = s->relation->location;
    if (!out->table)
        return false;
    out->ncolumns = (uint32_t)list_length(s->cols);
    if (out->ncolumns) {
        out->columns = tr_alloc(ts, sizeof(char *) * out->ncolumns);
        out->column_locations = tr_alloc(ts, sizeof(int) * out->ncolumns);
        if (!out->columns || !out->column_locations)
            return false;
        ListCell *lc;
        uint32_t i = 0;
        foreach (lc, s->cols) {
            ResTarget *rt = lfirst(lc);
            if (rt->indirection) {
                /* INSERT INTO t (a[i], x.f): the column's value is the store chain of the
                   value into a NULL base (PostgreSQL's transformAssignedExpr for INSERT) */
                if (!out->column_stores &&
                    !(out->column_stores = tr_alloc(ts, sizeof(ast_expr *) * out->ncolumns)))
                    return false;
                Node *chain = tr_store_chain(ts, rt, tr_placeholder_call(SS_INSERT_BASE_FUNC, rt->name),
                                             tr_placeholder_call(SS_INSERT_VALUE_FUNC, NULL));
                if (!chain || !(out->column_stores[i] = tr_expr(ts, chain)))
                    return false;
            }
            out->column_locations[i] = rt->location;
            out->columns[i++] = tr_strdup(ts, rt->name);
        }
    }
    if (!s->selectStmt) {
        out->default_values = true;
        return true;
    }
    SelectStmt *q = (SelectStmt *)s->selectStmt;
    ast_select *outer = NULL;
    if (s->withClause && q->withClause && q->withClause != s->withClause) {
        /* a WITH of its own: the INSERT's is the scope around it (each keeps its RECURSIVE,
           and one of its own hides an outer one of the same name, as in PostgreSQL) */
        if (!(outer = tr_alloc(ts, sizeof *outer)) || !tr_with(ts, s->withClause, outer))
            return false;
    } else if (!tr_dml_with_attach(ts, s->withClause, q)) {
        return false;
    }
    out->select = tr_select(ts, q);
    if (out->select)
        out->select->outer_with = outer;
    return out->select != NULL;
}

/* How PostgreSQL's grammar spells a constraint kind. */
static const char *constraint_name(const Constraint *c, const char *other)
{
    switch (c->contype) {
    case CONSTR_NOTNULL: return "NOT NULL table constraints";
    case CONSTR_DEFAULT: return "DEFAULT";
    case CONSTR_IDENTITY: return "identity columns (GENERATED ... AS IDENTITY)";
    case CONSTR_GENERATED: return "generated columns (GENERATED ALWAYS AS)";
    case CONSTR_CHECK: return "CHECK constraints";
    case CONSTR_PRIMARY: return "PRIMARY KEY constraints";
    case CONSTR_UNIQUE: return "UNIQUE constraints";
    case CONSTR_EXCLUSION: return "EXCLUDE constraints";
    case CONSTR_FOREIGN: return "FOREIGN KEY constraints (REFERENCES)";
    case CONSTR_ATTR_DEFERRABLE: return "DEFERRABLE";
    case CONSTR_ATTR_NOT_DEFERRABLE: return "NOT DEFERRABLE";
    case CONSTR_ATTR_DEFERRED: return "INITIALLY DEFERRED";
    case CONSTR_ATTR_IMMEDIATE: return "INITIALLY IMMEDIATE";
    default: return other;
    }
}

/* Appends a CHECK constraint (of column, or of the table when column is NULL) to out. */
bool tr_add_check(transform_state *ts, Constraint *con, const char *column, ast_stmt *out)
{
    ast_check *c = tr_alloc(ts, sizeof *c * (out->nchecks + 1));
    if (!c)
        return false;
    if (out->nchecks)
        memcpy(c, out->checks, sizeof *c * out->nchecks);
    ast_check *k = &c[out->nchecks];
    k->name = con->conname ? tr_strdup(ts, con->conname) : NULL;
    k->location = con->location;
    k->column = column;
    if (!(k->expr = tr_expr(ts, con->raw_expr)))
        return false;
    out->checks = c;
    out->nchecks++;
    return true;
}

static const char *statement_text(transform_state *ts);

/* One column definition (CREATE TABLE, ALTER TABLE ... ADD COLUMN) into d; its PRIMARY KEY /
 * UNIQUE, CHECK and FOREIGN KEY constraints are appended to out's lists. */
bool tr_column_def(transform_state *ts, ColumnDef *cd, ast_column_def *d, ast_stmt *out)
{
    d->name = tr_strdup(ts, cd->colname);
    d->location = cd->location;
    d->not_null = cd->is_not_null;
    if (cd->collClause) { /* checked against the type by bind_column_collation */
        d->collation_location = cd->collClause->location;
        if (!(d->collation = tr_collation_name(ts, cd->collClause->collname, d->collation_location, true)))
            return false;
    }
    if (cd->compression) {
        tr_unsupported(ts, cd->location, "COMPRESSION");
        return false;
    }
    if (cd->fdwoptions) {
        tr_unsupported(ts, cd->location, "OPTIONS");
        return false;
    }
    if (!tr_type_name(ts, cd->typeName, &d->type) || !tr_constraint_attrs(ts, cd->constraints))
        return false;
    ListCell *c;
    foreach (c, cd->constraints) {
        Constraint *con = lfirst(c);
        switch (con->contype) {
        case CONSTR_ATTR_DEFERRABLE: /* applied to the constraint before it */
        case CONSTR_ATTR_NOT_DEFERRABLE:
        case CONSTR_ATTR_DEFERRED:
        case CONSTR_ATTR_IMMEDIATE:
            break;
        case CONSTR_NOTNULL:
            d->not_null = true;
            break;
        case CONSTR_NULL:
            break;
        case CONSTR_PRIMARY:
        case CONSTR_UNIQUE:
            if (!tr_key_constraint(ts, con, d->name, out))
                return false;
            break;
        case CONSTR_DEFAULT:
            if (d->identity)
                goto both;
            if (d->generated) {
                tr_error(ts, "42601", con->location,
                         "both default and generation expression specified for column \"%s\" of table \"%s\"",
                         d->name, out->table);
                return false;
            }
            if (d->default_expr) {
                tr_error(ts, "42601", con->location,
                         "multiple default values specified for column \"%s\" of table \"%s\"", d->name,
                         out->table);
                return false;
            }
            if (!(d->default_expr = tr_expr(ts, con->raw_expr)))
                return false;
            break;
        case CONSTR_IDENTITY:
            if (d->identity) {
                tr_error(ts, "42601", con->location,
                         "multiple identity specifications for column \"%s\" of table \"%s\"", d->name,
                         out->table);
                return false;
            }
            if (d->generated) {
                tr_error(ts, "42601", con->location,
                         "both identity and generation expression specified for column \"%s\" of table \"%s\"",
                         d->name, out->table);
                return false;
            }
            if (d->default_expr) {
            both:
                tr_error(ts, "42601", con->location,
                         "both default and identity specified for column \"%s\" of table \"%s\"", d->name,
                         out->table);
                return false;
            }
            d->identity = (char)con->generated_when;
            d->not_null = true;
            if (!tr_seq_options(ts, con->options, true, &d->ident_opts))
                return false;
            break;
        case CONSTR_GENERATED:
            /* the expression is kept as default_expr: the catalog stores it as a default */
            if (d->generated) {
                tr_error(ts, "42601", con->location,
                         "multiple generation clauses specified for column \"%s\" of table \"%s\"", d->name,
                         out->table);
                return false;
            }
            if (d->identity) {
                tr_error(ts, "42601", con->location,
                         "both identity and generation expression specified for column \"%s\" of table \"%s\"",
                         d->name, out->table);
                return false;
            }
            if (d->default_expr) {
                tr_error(ts, "42601", con->location,
                         "both default and generation expression specified for column \"%s\" of table \"%s\"",
                         d->name, out->table);
                return false;
            }
            if (con->generated_when != 'a') {
                tr_error(ts, "42601", con->location, "for a generated column, GENERATED ALWAYS must be specified");
                return false;
            }
            d->generated = true;
            if (!(d->default_expr = tr_expr(ts, con->raw_expr)))
                return false;
            break;
        case CONSTR_CHECK:
            if (!tr_add_check(ts, con, d->name, out))
                return false;
            break;
        case CONSTR_FOREIGN:
            if (!tr_fkey_constraint(ts, con, d->name, out))
                return false;
            break;
        default:
            tr_unsupported(ts, con->location, constraint_name(con, "column constraints"));
            return false;
        }
    }
    return true;
}


/* ON COMMIT of CREATE TABLE / CREATE TABLE AS: only for temporary tables (42P16), where
   PRESERVE ROWS is what every temporary table does; DELETE ROWS and DROP are kept in
   out->on_commit (api/temp_on_commit.c does them). */
static bool tr_on_commit(transform_state *ts, OnCommitAction oncommit, const RangeVar *rel, ast_stmt *out)
{
    if (oncommit == ONCOMMIT_NOOP)
        return true;
    if (rel->relpersistence != 't') {
        tr_error(ts, "42P16", -1, "ON COMMIT can only be used on temporary tables");
        return false;
    }
    out->on_commit = oncommit == ONCOMMIT_DROP           ? AST_ON_COMMIT_DROP
                     : oncommit == ONCOMMIT_DELETE_ROWS ? AST_ON_COMMIT_DELETE_ROWS
                                                        : 0;
    return true;
}

static bool tr_create(transform_state *ts, CreateStmt *s, ast_stmt *out)
{
    const char *form = s->inhRelations ? "INHERITS" : s->partbound ? "PARTITION OF" : s->partspec ? "PARTITION BY"
                       : s->ofTypename ? "CREATE TABLE OF type" : s->constraints ? "table constraints"
                       : s->options ? "WITH (storage parameters)" : s->tablespacename ? "TABLESPACE"
                       : NULL;
    if (form) {
        tr_unsupported(ts, s->relation->location, form);
        return false;
    }
    if (!tr_on_commit(ts, s->oncommit, s->relation, out))
        return false;
    if (s->relation->relpersistence == 'u') {
        tr_unsupported(ts, s->relation->location, "UNLOGGED tables");
        return false;
    }
    out->kind = AST_CREATE_TABLE;
    out->table = tr_created_relation_ref(ts, s->relation);
    out->table_location = s->relation->location;
    out->if_not_exists = s->if_not_exists;
    out->access_method = s->accessMethod ? tr_strdup(ts, s->accessMethod) : NULL;
    if (!out->table)
        return false;
    out->ncoldefs = (uint32_t)list_length(s->tableElts);
    out->coldefs = tr_alloc(ts, sizeof(ast_column_def) * (out->ncoldefs ? out->ncoldefs : 1));
    if (!out->coldefs)
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, s->tableElts) {
        Node *n = lfirst(lc);
        if (IsA(n, Constraint)) {
            Constraint *con = (Constraint *)n;
            if (con->contype == CONSTR_PRIMARY || con->contype == CONSTR_UNIQUE) {
                if (!tr_key_constraint(ts, con, NULL, out))
                    return false;
                continue;
            }
            if (con->contype == CONSTR_CHECK) {
                if (!tr_add_check(ts, con, NULL, out))
                    return false;
                continue;
            }
            if (con->contype == CONSTR_FOREIGN) {
                if (!tr_fkey_constraint(ts, con, NULL, out))
                    return false;
                continue;
            }
            tr_unsupported(ts, con->location, constraint_name(con, "table constraints"));
            return false;
        }
        if (IsA(n, TableLikeClause)) { /* bind_create_like.c puts the source's columns here */
            if (!tr_table_like(ts, (TableLikeClause *)n, out->ncoldefs, out))
                return false;
            continue;
        }
        if (!IsA(n, ColumnDef)) {
            tr_unsupported(ts, tr_location(n), "this table element");
            return false;
        }
        if (!tr_column_def(ts, (ColumnDef *)n, &out->coldefs[i++], out))
            return false;
    }
    out->ncoldefs = i; /* table constraints are not columns */
    out->view_sql = statement_text(ts); /* defaults and CHECKs are bound again from it */
    if (!out->view_sql)
        return false;
    return tr_key_constraints_finish(ts, out);
}

/* Words that continue a statement's name: CREATE OR REPLACE FUNCTION, DROP MATERIALIZED VIEW. */
static bool name_goes_on(const char *w)
{
    static const char *const words[] = {"CREATE", "ALTER", "DROP", "OR", "REPLACE", "UNIQUE", "TEMP", "TEMPORARY",
                                        "UNLOGGED", "MATERIALIZED", "FOREIGN", "GLOBAL", "LOCAL", "RECURSIVE",
                                        "TRUSTED", "PROCEDURAL", "EVENT", "TEXT", "SEARCH", "ACCESS", "DEFAULT",
                                        "USER", "OPERATOR", "PUBLICATION", "SUBSCRIPTION", "SECURITY",
                                        "REASSIGN", "IMPORT"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(w, words[i]) == 0)
            return true;
    return false;
}

/* The statement's name of its first words (name_goes_on), without the object's own name that
 * follows USER, OPERATOR, PUBLICATION or SUBSCRIPTION unless it continues the statement's name
 * (CREATE USER MAPPING, CREATE OPERATOR CLASS / FAMILY): DROP USER u1 is "DROP USER". */
static const char *statement_words(const transform_state *ts, char *buf, size_t size)
{
    tr_words(ts, ts->stmt_location, 1, name_goes_on, buf, size);
    char *last = strrchr(buf, ' ');
    if (!last || last == buf)
        return buf;
    static const char *const owners[] = {"USER", "OPERATOR", "PUBLICATION", "SUBSCRIPTION"};
    static const char *const kept[] = {"MAPPING", "CLASS", "FAMILY"};
    *last = '\0';
    const char *prev = strrchr(buf, ' ');
    prev = prev ? prev + 1 : buf;
    bool owner = false, keep = false;
    for (size_t i = 0; i < sizeof owners / sizeof owners[0]; i++)
        owner = owner || strcmp(prev, owners[i]) == 0;
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
        keep = keep || strcmp(last + 1, kept[i]) == 0;
    if (!owner || keep)
        *last = ' ';
    return buf;
}

static bool tr_drop(transform_state *ts, DropStmt *s, ast_stmt *out)
{
    if (s->removeType == OBJECT_TYPE)
        return tr_drop_type(ts, s, out);
    bool schema = s->removeType == OBJECT_SCHEMA;
    if (!schema && s->removeType != OBJECT_TABLE && s->removeType != OBJECT_VIEW && s->removeType != OBJECT_INDEX &&
        s->removeType != OBJECT_SEQUENCE && s->removeType != OBJECT_MATVIEW) {
        char what[128];
        tr_unsupported(ts, -1, statement_words(ts, what, sizeof what));
        return false;
    }
    if (s->concurrent) {
        tr_unsupported(ts, -1, "DROP ... CONCURRENTLY");
        return false;
    }
    out->kind = schema                             ? AST_DROP_SCHEMA
                : s->removeType == OBJECT_VIEW     ? AST_DROP_VIEW
                : s->removeType == OBJECT_INDEX    ? AST_DROP_INDEX
                : s->removeType == OBJECT_SEQUENCE ? AST_DROP_SEQUENCE
                : s->removeType == OBJECT_MATVIEW  ? AST_DROP_MATVIEW
                                                   : AST_DROP_TABLE;
    out->cascade = s->behavior == DROP_CASCADE;
    out->missing_ok = s->missing_ok;
    out->ndrop = (uint32_t)list_length(s->objects);
    out->drop_names = tr_alloc(ts, sizeof(char *) * (out->ndrop ? out->ndrop : 1));
    if (!out->drop_names)
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, s->objects) {
        if (schema) { /* DROP SCHEMA: names, not lists */
            if (!(out->drop_names[i++] = tr_schema_name(ts, strVal(lfirst(lc)))))
                return false;
            continue;
        }
        List *qual = lfirst(lc);
        if (list_length(qual) == 3) {
            tr_error(ts, "0A000", -1, "cross-database references are not implemented: \"%s.%s.%s\"",
                     strVal(linitial(qual)), strVal(lsecond(qual)), strVal(lthird(qual)));
            return false;
        }
        if (!(out->drop_names[i++] =
                  tr_qualified_ref(ts, list_length(qual) == 2 ? strVal(linitial(qual)) : NULL, strVal(llast(qual)), -1)))
            return false;
    }
    return true;
}

static const char *statement_text(transform_state *ts)
{
    size_t len = ts->stmt_len > 0 ? (size_t)ts->stmt_len : strlen(ts->sql + ts->stmt_location);
    char *t = tr_alloc(ts, len + 1);
    if (t)
        memcpy(t, ts->sql + ts->stmt_location, len);
    return t;
}

/* The text of the statement being transformed, which the catalog keeps for a view. */
const char *tr_statement_text(transform_state *ts)
{
    return statement_text(ts);
}

static bool tr_stmt(transform_state *ts, Node *n, ast_stmt *out);

bool tr_statement_at(transform_state *ts, Node *n, int location, int len, ast_stmt *out)
{
    int loc = ts->stmt_location, l = ts->stmt_len;
    ts->stmt_location = location;
    ts->stmt_len = len;
    bool ok = tr_stmt(ts, n, out);
    ts->stmt_location = loc;
    ts->stmt_len = l;
    out->location = location;
    out->length = len;
    return ok;
}

/* A column list (String nodes) into out->columns. */
static bool tr_name_list(transform_state *ts, List *names, ast_stmt *out)
{
    out->ncolumns = (uint32_t)list_length(names);
    if (!out->ncolumns)
        return true;
    if (!(out->columns = tr_alloc(ts, sizeof(char *) * out->ncolumns)))
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, names)
        out->columns[i++] = tr_strdup(ts, strVal(lfirst(lc)));
    return true;
}

bool tr_column_names(transform_state *ts, List *names, ast_stmt *out)
{
    return tr_name_list(ts, names, out);
}

/* CREATE [OR REPLACE] VIEW name [(columns)] AS query. */
static bool tr_view(transform_state *ts, ViewStmt *s, ast_stmt *out)
{
    if (!tr_view_options(ts, s->options, s->withCheckOption == LOCAL_CHECK_OPTION      ? AST_VIEW_CHECK_LOCAL
                                         : s->withCheckOption == CASCADED_CHECK_OPTION ? AST_VIEW_CHECK_CASCADED
                                                                                       : 0,
                         out))
        return false;
    out->kind = AST_CREATE_VIEW;
    out->replace = s->replace;
    out->table_location = s->view->location;
    if (!(out->table = tr_created_relation_ref(ts, s->view)) || !tr_name_list(ts, s->aliases, out))
        return false;
    if (!IsA(s->query, SelectStmt)) {
        tr_unsupported(ts, -1, "this kind of view query");
        return false;
    }
    out->view_sql = statement_text(ts);
    return out->view_sql && (out->select = tr_select(ts, (SelectStmt *)s->query)) != NULL;
}

/* CREATE TABLE name [(columns)] AS query [WITH [NO] DATA] and SELECT ... INTO name. */
static bool tr_into(transform_state *ts, IntoClause *into, SelectStmt *query, bool if_not_exists, bool select_into,
                    ast_stmt *out)
{
    if (into->rel->relpersistence == 'u') {
        tr_unsupported(ts, into->rel->location, "UNLOGGED tables");
        return false;
    }
    if (!tr_on_commit(ts, into->onCommit, into->rel, out))
        return false;
    if (into->options || into->tableSpaceName) {
        tr_unsupported(ts, into->rel->location, into->options ? "WITH (storage parameters)" : "TABLESPACE");
        return false;
    }
    out->kind = AST_CREATE_TABLE_AS;
    out->if_not_exists = if_not_exists;
    out->is_select_into = select_into;
    out->with_no_data = into->skipData;
    out->table_location = into->rel->location;
    out->access_method = into->accessMethod ? tr_strdup(ts, into->accessMethod) : NULL;
    if (!(out->table = tr_created_relation_ref(ts, into->rel)) || !tr_name_list(ts, into->colNames, out))
        return false;
    out->select = tr_select(ts, query);
    return out->select != NULL;
}

static bool tr_create_table_as(transform_state *ts, CreateTableAsStmt *s, ast_stmt *out)
{
    if (!IsA(s->query, SelectStmt)) {
        tr_unsupported(ts, -1, "CREATE TABLE AS EXECUTE");
        return false;
    }
    if (!tr_into(ts, s->into, (SelectStmt *)s->query, s->if_not_exists, false, out))
        return false;
    /* (M) CREATE MATERIALIZED VIEW: its text, which REFRESH binds again */
    out->is_matview = s->objtype == OBJECT_MATVIEW;
    return !out->is_matview || (out->view_sql = statement_text(ts)) != NULL;
}

/* SELECT ... INTO: the clause sits on the statement, or on the first SELECT of a set
 * operation (PostgreSQL's grammar lets only that one have it). */
static bool tr_select_stmt(transform_state *ts, SelectStmt *s, ast_stmt *out)
{
    SelectStmt *first = s;
    while (first->op != SETOP_NONE)
        first = first->larg;
    if (first->intoClause) {
        IntoClause *into = first->intoClause;
        first->intoClause = NULL;
        return tr_into(ts, into, s, false, true, out);
    }
    out->kind = AST_SELECT;
    out->select = tr_select(ts, s);
    return out->select != NULL;
}

/* PostgreSQL's quote_identifier (libpg_query exports the backend's own). */
extern const char *quote_identifier(const char *ident);

/* Parameters PostgreSQL marks GUC_LIST_QUOTE: their string elements are quoted as identifiers
 * when the value is flattened (SET search_path = "$user", 'a, b' stores "$user", "a, b"). */
static bool list_quoted_setting(const char *name)
{
    return name && strcasecmp(name, "search_path") == 0;
}

static const char *set_value(transform_state *ts, List *args, bool quote)
{
    /* SET x = a, b: PostgreSQL joins list values with ", " (flatten_set_variable_args) */
    size_t total = 1;
    ListCell *lc;
    foreach (lc, args) {
        Node *n = lfirst(lc);
        if (IsA(n, TypeCast) && IsA(((TypeCast *)n)->arg, A_Const) &&
            nodeTag(&((A_Const *)((TypeCast *)n)->arg)->val) == T_String) {
            total += 96 + strlen(strVal(&((A_Const *)((TypeCast *)n)->arg)->val));
            continue;
        }
        if (!IsA(n, A_Const) || ((A_Const *)n)->isnull) {
            tr_unsupported(ts, tr_location(n), "SET to a value that is not a constant");
            return NULL;
        }
        total += 64 + (nodeTag(&((A_Const *)n)->val) == T_String ? 2 * strlen(strVal(&((A_Const *)n)->val)) : 0);
    }
    char *buf = tr_alloc(ts, total);
    if (!buf)
        return NULL;
    foreach (lc, args) {
        A_Const *c = lfirst(lc);
        if (buf[0])
            strcat(buf, ", ");
        if (IsA(c, TypeCast)) {
            /* SET TIME ZONE INTERVAL '...' [fields] [(p)]: the text and its typmod, which
               the TimeZone check reads (ss_setting_parse_timezone) */
            TypeCast *tc = (TypeCast *)c;
            int mods[2], nmods = 0;
            ListCell *m;
            if (tc->typeName)
                foreach (m, tc->typeName->typmods)
                    if (nmods < 2 && IsA(lfirst(m), A_Const) && nodeTag(&((A_Const *)lfirst(m))->val) == T_Integer)
                        mods[nmods++] = intVal(&((A_Const *)lfirst(m))->val);
            int typmod = nmods == 0 ? -1
                         : nmods == 1 ? (mods[0] == 0x7FFF ? -1 : ((mods[0] & 0x7FFF) << 16) | 0xFFFF)
                                      : ((mods[0] & 0x7FFF) << 16) | (mods[1] & 0xFFFF);
            size_t at = strlen(buf);
            sprintf(buf + at, "INTERVAL '%s' %d", strVal(&((A_Const *)tc->arg)->val), typmod);
            continue;
        }
        char num[64];
        switch (nodeTag(&c->val)) {
        case T_Integer:
            snprintf(num, sizeof num, "%d", intVal(&c->val));
            strcat(buf, num);
            break;
        case T_Float:
            strncat(buf, c->val.fval.fval, 63);
            break;
        case T_Boolean:
            strcat(buf, c->val.boolval.boolval ? "on" : "off");
            break;
        default:
            strcat(buf, quote ? quote_identifier(strVal(&c->val)) : strVal(&c->val));
        }
    }
    return buf;
}

/* The statement's name as PostgreSQL's command tag spells it, for 0A000 (no position: PostgreSQL
 * gives statements none). */
static void unsupported_statement(transform_state *ts, Node *n, const char *prefix)
{
    char name[128];
    switch (nodeTag(n)) {
    case T_UpdateStmt:
        snprintf(name, sizeof name, "UPDATE");
        break;
    case T_DeleteStmt:
        snprintf(name, sizeof name, "DELETE");
        break;
    case T_MergeStmt:
        snprintf(name, sizeof name, "MERGE");
        break;
    case T_CreateRoleStmt: /* its words go on into the role's name */
        snprintf(name, sizeof name, "%s",
                 ((CreateRoleStmt *)n)->stmt_type == ROLESTMT_USER    ? "CREATE USER"
                 : ((CreateRoleStmt *)n)->stmt_type == ROLESTMT_GROUP ? "CREATE GROUP"
                                                                     : "CREATE ROLE");
        break;
    default:
        statement_words(ts, name, sizeof name);
        if (!name[0])
            snprintf(name, sizeof name, "this statement");
    }
    tr_error(ts, "0A000", -1, "feature not supported: %s%s", prefix, name);
}

static bool tr_stmt(transform_state *ts, Node *n, ast_stmt *out)
{
    switch (nodeTag(n)) {
    case T_SelectStmt:
        return tr_select_stmt(ts, (SelectStmt *)n, out);
    case T_ViewStmt:
        return tr_view(ts, (ViewStmt *)n, out);
    case T_CreateTableAsStmt:
        return tr_create_table_as(ts, (CreateTableAsStmt *)n, out);
    case T_InsertStmt:
        return tr_insert(ts, (InsertStmt *)n, out);
    case T_UpdateStmt:
        return tr_update(ts, (UpdateStmt *)n, out);
    case T_DeleteStmt:
        return tr_delete(ts, (DeleteStmt *)n, out);
    case T_TruncateStmt:
        return tr_truncate(ts, (TruncateStmt *)n, out);
    case T_CreateStmt:
        return tr_create(ts, (CreateStmt *)n, out);
    case T_CreateSeqStmt:
        return tr_create_sequence(ts, (CreateSeqStmt *)n, out);
    case T_CreateEnumStmt:
        return tr_create_enum(ts, (CreateEnumStmt *)n, out);
    case T_AlterEnumStmt:
        return tr_alter_enum(ts, (AlterEnumStmt *)n, out);
    case T_CompositeTypeStmt:
        tr_unsupported(ts, -1, "CREATE TYPE ... AS (composite)");
        return false;
    case T_CreateRangeStmt:
        tr_unsupported(ts, -1, "CREATE TYPE ... AS RANGE");
        return false;
    case T_DefineStmt:
        if (((DefineStmt *)n)->kind == OBJECT_TYPE) {
            tr_unsupported(ts, -1, "CREATE TYPE of a base type");
            return false;
        }
        unsupported_statement(ts, n, "");
        return false;
    case T_AlterSeqStmt:
        return tr_alter_sequence(ts, (AlterSeqStmt *)n, out);
    case T_DropStmt:
        return tr_drop(ts, (DropStmt *)n, out);
    case T_IndexStmt:
        return tr_index_stmt(ts, (IndexStmt *)n, out);
    case T_AlterTableStmt:
        if (((AlterTableStmt *)n)->objtype == OBJECT_TABLE)
            return tr_alter_table(ts, (AlterTableStmt *)n, out);
        if (((AlterTableStmt *)n)->objtype == OBJECT_VIEW)
            return tr_alter_view(ts, (AlterTableStmt *)n, out);
        unsupported_statement(ts, n, "");
        return false;
    case T_AlterObjectSchemaStmt:
        return tr_alter_object_schema(ts, (AlterObjectSchemaStmt *)n, out);
    case T_RenameStmt:
        if (((RenameStmt *)n)->renameType == OBJECT_SCHEMA)
            return tr_rename_schema(ts, (RenameStmt *)n, out);
        if (((RenameStmt *)n)->renameType == OBJECT_TYPE)
            return tr_rename_type(ts, (RenameStmt *)n, out);
        return tr_rename(ts, (RenameStmt *)n, out);
    case T_CopyStmt:
        return tr_copy(ts, (CopyStmt *)n, out);
    case T_RefreshMatViewStmt:
        return tr_refresh_matview(ts, (RefreshMatViewStmt *)n, out);
    case T_DeclareCursorStmt:
        return tr_declare_cursor(ts, (DeclareCursorStmt *)n, out);
    case T_FetchStmt:
        return tr_fetch(ts, (FetchStmt *)n, out);
    case T_ClosePortalStmt:
        return tr_close_cursor(ts, (ClosePortalStmt *)n, out);
    case T_PrepareStmt: {
        PrepareStmt *p = (PrepareStmt *)n;
        out->kind = AST_PREPARE;
        out->str = tr_strdup(ts, p->name);
        out->nparam_type_names = (uint32_t)list_length(p->argtypes);
        if (out->nparam_type_names &&
            !(out->param_type_names = tr_alloc(ts, sizeof(ast_type_name) * out->nparam_type_names)))
            return false;
        ListCell *lc;
        uint32_t i = 0;
        foreach (lc, p->argtypes)
            if (!tr_type_name(ts, lfirst(lc), &out->param_type_names[i++]))
                return false;
        out->prepared = tr_alloc(ts, sizeof(ast_stmt));
        if (!out->str || !out->prepared || !tr_stmt(ts, p->query, out->prepared))
            return false;
        out->prepared->location = out->location;
        return (out->view_sql = statement_text(ts)) != NULL;
    }
    case T_ExecuteStmt: {
        ExecuteStmt *e = (ExecuteStmt *)n;
        out->kind = AST_EXECUTE;
        out->str = tr_strdup(ts, e->name);
        return out->str && tr_list(ts, e->params, &out->exec_args, &out->nexec_args);
    }
    case T_DeallocateStmt:
        out->kind = AST_DEALLOCATE;
        out->str = ((DeallocateStmt *)n)->name ? tr_strdup(ts, ((DeallocateStmt *)n)->name) : NULL;
        return true;
    case T_LoadStmt:
        out->kind = AST_LOAD;
        out->str = tr_strdup(ts, ((LoadStmt *)n)->filename);
        return out->str != NULL;
    case T_VariableSetStmt: {
        VariableSetStmt *v = (VariableSetStmt *)n;
        if (v->kind == VAR_SET_VALUE || v->kind == VAR_SET_DEFAULT) {
            out->kind = AST_SET;
            out->str = tr_strdup(ts, v->name);
            out->is_local = v->is_local;
            if (v->kind == VAR_SET_VALUE && !(out->value = set_value(ts, v->args, list_quoted_setting(v->name))))
                return false;
            return true;
        }
        if (v->kind == VAR_SET_MULTI &&
            (strcmp(v->name, "TRANSACTION") == 0 || strcmp(v->name, "SESSION CHARACTERISTICS") == 0))
            return tr_set_transaction(ts, v, out);
        if (v->kind == VAR_RESET || v->kind == VAR_RESET_ALL) {
            out->kind = AST_RESET;
            out->str = v->kind == VAR_RESET ? tr_strdup(ts, v->name) : NULL; /* NULL: RESET ALL */
            return v->kind == VAR_RESET_ALL || out->str;
        }
        tr_unsupported(ts, -1, v->kind == VAR_SET_CURRENT ? "SET ... FROM CURRENT"
                               : v->kind == VAR_SET_MULTI ? "SET TRANSACTION SNAPSHOT"
                                                          : "this form of SET");
        return false;
    }
    case T_DiscardStmt: {
        DiscardStmt *d = (DiscardStmt *)n;
        out->kind = AST_DISCARD;
        out->discard = d->target == DISCARD_ALL         ? AST_DISCARD_ALL
                       : d->target == DISCARD_PLANS     ? AST_DISCARD_PLANS
                       : d->target == DISCARD_SEQUENCES ? AST_DISCARD_SEQUENCES
                                                        : AST_DISCARD_TEMP;
        return true;
    }
    case T_VariableShowStmt:
        out->kind = AST_SHOW;
        out->str = tr_strdup(ts, ((VariableShowStmt *)n)->name);
        return true;
    case T_ExplainStmt: {
        ExplainStmt *e = (ExplainStmt *)n;
        if (!tr_explain_options(ts, e->options, &out->explain_flags))
            return false;
        out->kind = AST_EXPLAIN;
        out->explain_target = tr_alloc(ts, sizeof(ast_stmt));
        if (!out->explain_target || !tr_stmt(ts, e->query, out->explain_target))
            return false;
        bool modify = out->explain_target->kind == AST_UPDATE || out->explain_target->kind == AST_DELETE;
        if (modify && (out->explain_flags & AST_EXPLAIN_ANALYZE)) {
            /* it would have to change the rows, as PostgreSQL's does */
            tr_unsupported(ts, -1, out->explain_target->kind == AST_UPDATE ? "EXPLAIN ANALYZE UPDATE"
                                                                           : "EXPLAIN ANALYZE DELETE");
            return false;
        }
        if (out->explain_target->kind != AST_SELECT && !modify) {
            char what[128];
            tr_words(ts, ts->stmt_location, 2, name_goes_on, what, sizeof what); /* EXPLAIN INSERT */
            tr_unsupported(ts, -1, what);
            return false;
        }
        return true;
    }
    case T_TransactionStmt:
        return tr_transaction(ts, (TransactionStmt *)n, out);
    case T_CreateSchemaStmt:
        return tr_create_schema(ts, (CreateSchemaStmt *)n, out);
    case T_LockStmt:
        return tr_lock(ts, (LockStmt *)n, out);
    case T_VacuumStmt:
        return tr_vacuum(ts, (VacuumStmt *)n, out);
    case T_CheckPointStmt:
        out->kind = AST_CHECKPOINT;
        return true;
    case T_ConstraintsSetStmt: /* the names are constraints' (schema-qualified or not) */
        out->kind = AST_SET_CONSTRAINTS;
        out->constraints_deferred = ((ConstraintsSetStmt *)n)->deferred;
        return tr_relation_names(ts, ((ConstraintsSetStmt *)n)->constraints, NULL, out);
    default:
        unsupported_statement(ts, n, "");
        return false;
    }
}

/* libpg_query renumbers LimitOption (its DEFAULT is 0, unlike the server headers), so the
 * value meaning WITH TIES is read off the parser itself, once. */
static int with_ties = -1;
static pthread_once_t with_ties_once = PTHREAD_ONCE_INIT;

static void read_with_ties(void)
{
    PgQueryInternalParsetreeAndError r = pg_query_raw_parse("SELECT 1 ORDER BY 1 FETCH FIRST 1 ROWS WITH TIES");
    if (!r.error && list_length(r.tree) == 1)
        with_ties = (int)((SelectStmt *)((RawStmt *)linitial(r.tree))->stmt)->limitOption;
    if (r.error)
        pg_query_free_error(r.error);
    free(r.stderr_buffer);
}

static int with_ties_value(void)
{
    pthread_once(&with_ties_once, read_with_ties); /* once per process, from any thread */
    return with_ties;
}

/* Refuses text whose expressions certainly nest deeper than the stack budget allows, before
 * the raw parser builds a tree for them.  PostgreSQL itself builds the whole raw tree (a
 * left-deep chain of 25M terms takes gigabytes) and only then fails in parse analysis with
 * 54001; Sunstone gives the same error and HINT without the tree.  "Certainly": every
 * nesting level costs each recursive stage at least one call frame, and a frame on x86-64 and
 * AArch64 takes at least 16 bytes (return address and alignment), so a tree deeper than
 * budget / 16 cannot pass the transform's own stack check (builds that allow twice the bytes,
 * stack_depth.c, inline nothing: a level takes three frames there).  Shallower trees are parsed and
 * meet that check (util/stack_depth.h).  A 54001 found here takes precedence over syntax
 * errors elsewhere in the same text, which the raw parser would have reported first. */
static bool refuse_deep_piece(transform_state *ts, const ss_sql_piece *piece)
{
    if (piece->min_depth <= ss_stack_budget() / 16)
        return false;
    tr_error(ts, "54001", -1, SS_STACK_DEPTH_MESSAGE);
    ss_stack_hint(ts->err->hint, sizeof ts->err->hint);
    return true;
}

static bool refuse_deep_text(transform_state *ts, const char *sql, size_t len, ss_parse_notice_fn notice, void *arg)
{
    for (size_t p = 0; p < len;) {
        ss_sql_piece piece;
        ss_sql_scan_piece_notify(sql, len, p, &piece, notice, arg);
        if (refuse_deep_piece(ts, &piece))
            return true;
        p = piece.end;
    }
    return false;
}

/* The HINTs of the grammar's own errors (libpg_query keeps only the message). */
static const char *grammar_hint(const char *message)
{
    static const char *const hints[][2] = {
        {"subquery in FROM must have an alias", "For example, FROM (SELECT ...) [AS] foo."},
        {"VALUES in FROM must have an alias", "For example, FROM (VALUES ...) [AS] foo."},
    };
    for (size_t i = 0; i < sizeof hints / sizeof hints[0]; i++)
        if (strcmp(message, hints[i][0]) == 0)
            return hints[i][1];
    return NULL;
}

static void syntax_error(ast_parse_error *err, PgQueryError *e)
{
    snprintf(err->message, sizeof err->message, "%s", e->message);
    const char *hint = grammar_hint(e->message);
    if (hint)
        snprintf(err->hint, sizeof err->hint, "%s", hint);
    /* libpg_query reports no SQLSTATE: the scanner's encoding check is recognised by the
       function that raised it */
    bool encoding = e->funcname && strcmp(e->funcname, "report_invalid_encoding") == 0;
    /* the grammar's frame clause checks (frame start cannot be ...) are windowing errors */
    bool frame = strncmp(e->message, "frame ", 6) == 0;
    memcpy(err->sqlstate, encoding ? "22021" : frame ? "42P20" : "42601", 6);
    err->position = e->cursorpos;
    err->position_in_bytes = false;
}

/* Transforms the raw statements of list (at most max of them) into stmts. */
static int transform_list(transform_state *ts, List *tree, uint32_t max, ast_stmt ***stmts, uint32_t *nstmts)
{
    uint32_t n = (uint32_t)list_length(tree);
    if (n > max)
        n = max;
    *nstmts = n;
    *stmts = tr_alloc(ts, sizeof(ast_stmt *) * (n ? n : 1));
    if (!*stmts)
        return -1;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, tree) {
        if (i == n)
            break;
        RawStmt *raw = lfirst(lc);
        ast_stmt *s = tr_alloc(ts, sizeof *s);
        ts->stmt_location = raw->stmt_location;
        ts->stmt_len = raw->stmt_len;
        tr_as_of_begin(ts);
        tr_modifying_with_begin(ts, raw->stmt);
        if (!s || !tr_stmt(ts, raw->stmt, s) || !tr_as_of_finish(ts, s))
            break;
        s->location = raw->stmt_location;
        s->length = raw->stmt_len;
        (*stmts)[i++] = s;
    }
    return ts->failed ? -1 : 0;
}

/* After text failed to parse with a syntax error (in err): its AS OF clauses rewritten
 * (as_of_rewrite.h), parsed and transformed (up to max statements).  0 with the statements,
 * or -1 with the error to report: the original one when the text has no AS OF clause or the
 * rewritten text does not parse either. */
static int parse_as_of(transform_state *ts, const char *text, uint32_t max, ast_stmt ***stmts, uint32_t *nstmts)
{
    if (strcmp(ts->err->sqlstate, "42601") != 0)
        return -1;
    ss_as_of_sites sites;
    bool oom;
    char *rewritten = ss_as_of_rewrite(text, strlen(text), &sites, &oom);
    if (!rewritten)
        return -1;
    int rc = -1;
    MemoryContext mctx = pg_query_enter_memory_context();
    PgQueryInternalParsetreeAndError r = pg_query_raw_parse(rewritten);
    if (r.error) {
        pg_query_free_error(r.error);
    } else {
        memset(ts->err, 0, sizeof *ts->err);
        ts->as_of_sites = &sites;
        rc = transform_list(ts, r.tree, max, stmts, nstmts);
        ts->as_of_sites = NULL;
    }
    free(r.stderr_buffer);
    pg_query_exit_memory_context(mctx);
    free(rewritten);
    ss_as_of_sites_free(&sites);
    return rc;
}

int ss_parse(ss_arena *arena, const char *sql, ast_stmt ***stmts, uint32_t *nstmts,
             ast_parse_error *err)
{
    return ss_parse_notify(arena, sql, stmts, nstmts, err, NULL, NULL);
}

int ss_parse_notify(ss_arena *arena, const char *sql, ast_stmt ***stmts, uint32_t *nstmts,
                    ast_parse_error *err, ss_parse_notice_fn notice, void *arg)
{
    memset(err, 0, sizeof *err);
    *nstmts = 0;
    transform_state ts = {sql, arena, err, false, -1};
    ss_stack_mark mark;
    ss_stack_enter(&mark);
    if (refuse_deep_text(&ts, sql, strlen(sql), notice, arg)) {
        ss_stack_leave(&mark);
        return -1;
    }
    MemoryContext mctx = pg_query_enter_memory_context();
    ts.with_ties_value = with_ties_value();
    PgQueryInternalParsetreeAndError r = pg_query_raw_parse(sql);
    int rc = 0;
    if (r.error) {
        syntax_error(err, r.error);
        pg_query_free_error(r.error);
        rc = -1;
    } else {
        rc = transform_list(&ts, r.tree, UINT32_MAX, stmts, nstmts);
    }
    free(r.stderr_buffer);
    pg_query_exit_memory_context(mctx);
    if (rc != 0 && parse_as_of(&ts, sql, UINT32_MAX, stmts, nstmts) == 0)
        rc = 0;
    ss_stack_leave(&mark);
    return rc;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

int ss_parse_first(ss_arena *arena, const char *sql, size_t len, ast_stmt **stmt, size_t *end,
                   ast_parse_error *err, ss_parse_notice_fn notice, void *arg)
{
    memset(err, 0, sizeof *err);
    *stmt = NULL;
    *end = len;
    transform_state ts = {sql, arena, err, false, -1};
    ss_stack_mark mark;
    ss_stack_enter(&mark);
    size_t stop = 0;
    int rc = 0;
    for (;;) {
        ss_sql_piece piece;
        ss_sql_scan_piece_notify(sql, len, stop, &piece, notice, arg);
        stop = piece.end;
        bool more = stop < len && sql[stop];
        if (piece.empty) {
            if (piece.semicolon && more)
                continue;
            break; /* only whitespace and comments: no statement */
        }
        if (refuse_deep_piece(&ts, &piece)) {
            rc = -1;
            break;
        }
        /* the text from the start, so that locations count from it; it ends with the ';' so
           that an error at the ';' reads as PostgreSQL's parse of the whole text reads */
        char *text = strndup(sql, stop);
        if (!text) {
            tr_error(&ts, "53200", -1, "out of memory");
            rc = -1;
            break;
        }
        MemoryContext mctx = pg_query_enter_memory_context();
        ts.with_ties_value = with_ties_value();
        PgQueryInternalParsetreeAndError r = pg_query_raw_parse(text);
        bool extend = false;
        if (r.error) {
            /* a ';' inside the statement (BEGIN ATOMIC ... END): the grammar wants more, so the
               statement goes on to the next ';' */
            extend = piece.semicolon && ends_with(r.error->message, "at end of input");
            if (extend) {
                size_t next = ss_sql_skip_empty(sql, len, stop);
                extend = next < len && sql[next];
            }
            if (!extend) {
                syntax_error(err, r.error);
                rc = -1;
            }
            pg_query_free_error(r.error);
        } else {
            ast_stmt **stmts;
            uint32_t n;
            rc = transform_list(&ts, r.tree, 1, &stmts, &n);
            if (rc == 0 && n == 1)
                *stmt = stmts[0];
        }
        free(r.stderr_buffer);
        pg_query_exit_memory_context(mctx);
        if (rc != 0 && !extend) {
            ast_stmt **stmts;
            uint32_t n = 0;
            if (parse_as_of(&ts, text, 1, &stmts, &n) == 0) {
                rc = 0;
                *stmt = n == 1 ? stmts[0] : NULL;
            }
        }
        free(text);
        if (!extend)
            break;
    }
    *end = stop;
    ss_stack_leave(&mark);
    return rc;
}
