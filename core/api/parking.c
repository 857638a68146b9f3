/* parking.c — keeps the operator tree of a prepared statement open between executions so a
 * repeated statement (single-row INSERT, point lookup) rescans instead of rebuilding and
 * freeing every operator and batch.  Parked trees are released before any utility statement
 * (DDL and LOAD release those of every session of the database, SET and RESET those of their
 * own session) and when their statement is reset mid-run, finalized, or its session closed.
 * Which trees are kept is the operators' call (SS_OPCAP_PARKABLE); the rescan of a kept tree
 * learns which parameters changed. */
#include "api/statement.h"

#include <stdlib.h>
#include <string.h>

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

void ss_stmt_end_run(sunstone_stmt *st)
{
    if (st->parked)
        return; /* parked already (an INSERT ... RETURNING parks its source's tree) */
    /* a tree is kept when its operators say rescanning it is cheap (SS_OPCAP_PARKABLE), and
       only if it was opened expecting rescans */
    /* a tree reading data-modifying WITH queries' rows is never kept: they go when it stops */
    if (!st->root || st->mat_rows || !(st->root->flags & SS_OPEN_REWIND) || !ss_exec_parkable(st->root) ||
        (st->bound && st->bound->nmodifying_ctes)) {
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

/* ---- changed parameters (PostgreSQL's chgParam) ---- */

struct ss_param_memo {
    uint32_t n;
    ss_value *values;   /* text bytes in text[i] */
    char **text;
    uint32_t *changed;  /* n slots */
    ss_param_set set;
};

void ss_stmt_forget_params(sunstone_stmt *st)
{
    struct ss_param_memo *m = st->param_memo;
    if (!m)
        return;
    for (uint32_t i = 0; i < m->n; i++)
        free(m->text[i]);
    free(m->text);
    free(m->values);
    free(m->changed);
    free(m);
    st->param_memo = NULL;
}

static bool same_value(int32_t type, const ss_value *a, const ss_value *b)
{
    if (a->is_null || b->is_null)
        return a->is_null == b->is_null;
    if (ss_type_is_varlen(type))
        return a->v.s.len == b->v.s.len && (a->v.s.len == 0 || memcmp(a->v.s.ptr, b->v.s.ptr, a->v.s.len) == 0);
    if (type == SS_TYPE_BOOL)
        return a->v.b == b->v.b;
    if (type == SS_TYPE_FLOAT8) /* bit for bit: -0 and 0 print differently */
        return memcmp(&a->v.f, &b->v.f, sizeof a->v.f) == 0;
    return a->v.i == b->v.i;
}

/* Keeps a copy of value v at slot i of m (text copied); false when out of memory. */
static bool remember(struct ss_param_memo *m, uint32_t i, int32_t type, const ss_value *v)
{
    free(m->text[i]);
    m->text[i] = NULL;
    m->values[i] = *v;
    if (!v->is_null && ss_type_is_varlen(type)) {
        if (!(m->text[i] = malloc(v->v.s.len ? v->v.s.len : 1)))
            return false;
        if (v->v.s.len)
            memcpy(m->text[i], v->v.s.ptr, v->v.s.len);
        m->values[i].v.s.ptr = m->text[i];
    }
    return true;
}

const ss_param_set *ss_stmt_changed_params(sunstone_stmt *st)
{
    uint32_t n = st->ctx.nparams;
    struct ss_param_memo *m = st->param_memo;
    bool known = m && m->n == n;
    if (!known) {
        ss_stmt_forget_params(st);
        m = calloc(1, sizeof *m);
        if (m && n) {
            m->values = calloc(n, sizeof *m->values);
            m->text = calloc(n, sizeof *m->text);
            m->changed = calloc(n, sizeof *m->changed);
            if (!m->values || !m->text || !m->changed) {
                free(m->values);
                free(m->text);
                free(m->changed);
                free(m);
                m = NULL;
            }
        }
        if (!m)
            return NULL;
        m->n = n;
        st->param_memo = m;
    }
    uint32_t k = 0;
    bool ok = true;
    for (uint32_t i = 0; i < n; i++) {
        int32_t type = st->ctx.param_types[i].id;
        if (known && same_value(type, &m->values[i], &st->ctx.params[i]))
            continue;
        m->changed[k++] = i + 1;
        ok &= remember(m, i, type, &st->ctx.params[i]);
    }
    if (!ok) {
        ss_stmt_forget_params(st);
        return NULL;
    }
    m->set = (ss_param_set){.n = k, .index = m->changed};
    return known ? &m->set : NULL;
}
