/* parse_index.c — transforms PostgreSQL's IndexStmt (CREATE [UNIQUE] INDEX) into the AST:
 * the index name, table, access method and key columns with their order; forms Sunstone
 * does not have (expressions, INCLUDE, WHERE, WITH, CONCURRENTLY, collations, operator
 * classes, NULLS NOT DISTINCT, TABLESPACE) are refused with 0A000. */
#include <string.h>

#include "sql/transform.h"

static bool tr_index_key(transform_state *ts, IndexElem *e, ast_index_key *k)
{
    if (!e->name) {
        tr_unsupported(ts, tr_location(e->expr), "index expressions");
        return false;
    }
    if (e->collation) {
        tr_unsupported(ts, -1, "COLLATE in CREATE INDEX");
        return false;
    }
    if (e->opclass) {
        tr_unsupported(ts, -1, "operator classes in CREATE INDEX");
        return false;
    }
    k->column = tr_strdup(ts, e->name);
    k->location = -1;
    k->desc = e->ordering == SORTBY_DESC;
    k->nulls_first = e->nulls_ordering == SORTBY_NULLS_DEFAULT ? k->desc
                                                               : e->nulls_ordering == SORTBY_NULLS_FIRST;
    return k->column != NULL;
}

bool tr_index_stmt(transform_state *ts, IndexStmt *s, ast_stmt *out)
{
    const tr_refusal refusals[] = {
        {s->concurrent, "CREATE INDEX CONCURRENTLY"},
        {s->indexIncludingParams != NIL, "INCLUDE in CREATE INDEX"},
        {s->whereClause != NULL, "partial indexes (CREATE INDEX ... WHERE)"},
        {s->options != NIL, "WITH (storage parameters)"},
        {s->tableSpace != NULL, "TABLESPACE"},
        {s->nulls_not_distinct, "NULLS NOT DISTINCT"},
    };
    if (tr_refuse_first(ts, -1, refusals, sizeof refusals / sizeof refusals[0]))
        return false;
    RangeVar *rv = s->relation;
    out->kind = AST_CREATE_INDEX;
    out->str = s->idxname ? tr_strdup(ts, s->idxname) : NULL;
    out->table = tr_relation_ref(ts, rv);
    out->table_location = rv->location;
    out->access_method = s->accessMethod ? tr_strdup(ts, s->accessMethod) : NULL;
    out->if_not_exists = s->if_not_exists;
    out->index_unique = s->unique;
    out->nindex_keys = (uint32_t)list_length(s->indexParams);
    out->index_keys = tr_alloc(ts, sizeof(ast_index_key) * (out->nindex_keys ? out->nindex_keys : 1));
    if (!out->table || !out->index_keys)
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, s->indexParams)
        if (!tr_index_key(ts, lfirst(lc), &out->index_keys[i++]))
            return false;
    return true;
}
