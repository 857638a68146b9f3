/* run_discard.c — DISCARD, as PostgreSQL's DiscardCommand: PLANS lets go of the operator trees
 * kept for re-execution (prepared statements bind and plan again when they next run), SEQUENCES
 * forgets currval / lastval and the values cached for nextval, TEMP drops the session's
 * temporary relations (its pg_temp_N schema, with all it holds, in the statement's
 * transaction), and ALL does all of these after closing every cursor, RESET ALL and
 * DEALLOCATE ALL, outside a transaction block only (25001). */
#include <stdio.h>
#include <stdlib.h>

#include "api/statement.h"
#include "catalog/namespace.h"
#include "catalog/schema_ddl.h"
#include "catalog/sequences.h"

static void discard_sequences(sunstone *db)
{
    ss_seq_session *s = db->seq_session;
    free(s->vals);
    s->vals = NULL;
    s->n = s->cap = 0;
    s->last_id = 0;
    s->last_value = 0;
}

/* The session's temporary relations, dropped as DROP SCHEMA pg_temp_N CASCADE would, without
   its notices (PostgreSQL's DISCARD TEMP is silent). */
static int discard_temp(sunstone_stmt *st)
{
    ss_schema *temp = ss_ns_temp_of(st->ctx.catalog, &st->db->settings);
    if (!temp)
        return SS_OK;
    const char *names[1] = {temp->name};
    const ss_notice_sink *saved = st->ctx.notices;
    static const ss_notice_sink silent = {NULL, NULL};
    st->ctx.notices = &silent;
    int rc = ss_schema_drop(&st->ctx, st->ctx.catalog, names, 1, true, true);
    st->ctx.notices = saved;
    return rc;
}

int ss_run_discard(sunstone_stmt *st)
{
    sunstone *db = st->db;
    int what = st->ast->discard;
    snprintf(st->tag, sizeof st->tag, "%s",
             what == AST_DISCARD_ALL         ? "DISCARD ALL"
             : what == AST_DISCARD_PLANS     ? "DISCARD PLANS"
             : what == AST_DISCARD_SEQUENCES ? "DISCARD SEQUENCES"
                                             : "DISCARD TEMP");
    if (what == AST_DISCARD_ALL) {
        if (db->txn.in_block)
            return ss_ctx_error(&st->ctx, "25001", "DISCARD ALL cannot run inside a transaction block");
        ss_cursor_close(&db->cursors, NULL);
        if (ss_run_reset_all(st))
            return SS_ERROR;
        ss_prepared_free_all(db);
    }
    if (what == AST_DISCARD_ALL || what == AST_DISCARD_PLANS)
        ss_db_release_parked(db);
    if ((what == AST_DISCARD_ALL || what == AST_DISCARD_TEMP) && discard_temp(st))
        return SS_ERROR;
    if (what == AST_DISCARD_ALL || what == AST_DISCARD_SEQUENCES)
        discard_sequences(db);
    return SS_OK;
}
