/* parking.c — keeps the operator tree of a prepared statement open between executions so a
 * repeated statement (single-row INSERT, point lookup) rescans instead of rebuilding and
 * freeing every operator and batch.  Parked trees are released before any utility statement
 * (DDL and LOAD release those of every session of the database, SET and RESET those of their
 * own session) and when their statement is reset mid-run, finalized, or its session closed. */
#include "api/statement.h"

static void unlink_parked(sunstone_stmt *st)
{
    if (!st->parked)
        return;
    if (st->park_prev)
        st->park_prev->park_next = st->park_next;
    else
        st->db->parked = st->park_next;
    if (st->park_next)
        st->park_next->park_prev = st->park_prev;
    st->park_prev = st->park_next = NULL;
    st->parked = false;
}

/* Trees with sort or aggregate hold all their input until rescanned: not worth keeping. */
static bool reusable(const ss_plan *p)
{
    if (p->node.role == SS_ROLE_SORT || p->node.role == SS_ROLE_AGGREGATE)
        return false;
    for (uint32_t i = 0; i < p->node.nchildren; i++)
        if (!reusable(p->children[i]))
            return false;
    return true;
}

void ss_stmt_end_run(sunstone_stmt *st)
{
    if (!st->root || st->mat_rows || !reusable(st->bound->plan)) {
        ss_stmt_stop(st);
        return;
    }
    st->batch = NULL;
    st->parked = true;
    st->parked_version = st->ctx.catalog->version;
    st->park_prev = NULL;
    st->park_next = st->db->parked;
    if (st->park_next)
        st->park_next->park_prev = st;
    st->db->parked = st;
}

void ss_stmt_begin_run(sunstone_stmt *st)
{
    if (st->parked && st->root && st->parked_version == st->ctx.catalog->version) {
        unlink_parked(st); /* running now: a utility statement cannot release it */
        st->batch = NULL;
        st->mat_rows = NULL;
        st->nmat = st->mat_pos = 0;
        /* a new execution: per-execution memory goes; the tree's arena stays with the
           tree, whose operators may keep their state there (ss_api.arena_alloc) */
        ss_arena_reset(st->exec_arena);
        return;
    }
    ss_stmt_stop(st);
}

void ss_db_release_parked(sunstone *db)
{
    while (db->parked)
        ss_stmt_stop(db->parked);
}

void ss_database_release_parked(ss_database *database)
{
    for (sunstone *s = database->sessions; s; s = s->next_session)
        ss_db_release_parked(s);
}
