/* parse_matview.c — transforms PostgreSQL's RefreshMatViewStmt (REFRESH MATERIALIZED VIEW
 * [CONCURRENTLY] name [WITH [NO] DATA]) into the AST; CREATE MATERIALIZED VIEW is CREATE
 * TABLE AS's transform with is_matview (parse_stmt.c). */
#include "sql/transform.h"

bool tr_refresh_matview(transform_state *ts, RefreshMatViewStmt *s, ast_stmt *out)
{
    out->kind = AST_REFRESH_MATVIEW;
    out->concurrently = s->concurrent;
    out->with_no_data = s->skipData;
    out->table_location = s->relation->location;
    return (out->table = tr_relation_name(ts, s->relation)) != NULL;
}
