/* row_epq.h — (LK) READ COMMITTED's re-check of rows a transaction that committed after the
 * statement's snapshot changed: Sunstone's form of PostgreSQL's EvalPlanQual, shared by
 * UPDATE / DELETE (api/run_modify.c) and SELECT ... FOR UPDATE (api/run_locking.c).
 *
 * A pass of the statement notes each such row (the version its snapshot saw) and goes on
 * with the others.  When rows were noted the statement runs its query again with a fresh
 * snapshot (ss_epq_next_pass), and that pass takes, of the locked (or changed) relation,
 * only the newest versions of the noted rows — the end of each one's update chain the new
 * snapshot sees; a chain ending in a delete drops the row — plus (SELECT ... FOR UPDATE,
 * which counts its LIMIT over the whole query again) the versions the first snapshot saw,
 * so the WHERE and join conditions are evaluated again on the new versions only, rows
 * inserted or made newly matching meanwhile are not seen, and the others keep the result of
 * the first snapshot.  Other relations (FROM / USING items not locked, subqueries: scans
 * that yield no row ids) are read with the first snapshot in that pass, so a re-checked row
 * meets the rows it was joined with as they were, as in PostgreSQL.  (EPQ) Those of them that
 * are tables with row versions are kept fixed as PostgreSQL's EvalPlanQual keeps them
 * (bind/bind_epq_fixed.h): a pass notes, with each changed row, the row ids of the output
 * row it was met in (ss_epq_note_joined), and a re-check pass keeps a joined row with a
 * new version only when its row ids are a noted row's with the changed rows' newest
 * versions in their place (ss_epq_joined_again), so a new version whose join columns
 * changed is tested against the rows the old one was joined with only.  Known difference:
 * other FROM items (subqueries, functions, VALUES) are read as first read but not kept to
 * the rows joined. */
#ifndef SS_ROW_EPQ_H
#define SS_ROW_EPQ_H

#include "catalog/catalog.h"
#include "exec/context.h"
#include "txn/txn_session.h"

typedef struct ss_epq_row {
    const ss_table *t;
    ss_rowid row;
} ss_epq_row;

typedef struct ss_epq {
    ss_txn_snapshot first;   /* the statement's first snapshot, once a second is taken */
    bool have_first;
    bool cumulative;         /* successors of every row noted so far (SELECT), else of the
                                last pass's only (UPDATE / DELETE) */
    ss_epq_row *noted;       /* rows met changed, as the pass that met them saw them */
    uint32_t nnoted, cap_noted, nnew; /* nnew: noted by the running pass */
    ss_epq_row *now;         /* their versions the running pass's snapshot sees, sorted */
    uint32_t nnow, cap_now;
    bool rechecking;         /* a pass after the first */
    /* (EPQ) the output rows changed rows were met in: their row ids, width a row */
    uint32_t width;          /* 0: none kept */
    const ss_table *const *tables; /* width: a position's table, whose noted rows' newest
                                      versions replace them; NULL: a row kept fixed */
    ss_rowid *joined;        /* noted rows' ids (as noted), width each */
    uint32_t njoined, cap_joined, nnew_joined;
    ss_rowid *joined_now;    /* the same with the newest versions, sorted (a re-check) */
    uint32_t njoined_now, cap_joined_now;
    struct ss_epq_move *moved; /* each noted row's newest version, sorted by the noted row */
    uint32_t nmoved, cap_moved;
} ss_epq;

/* Records row of t as changed by a committed transaction (the running pass's version). */
int ss_epq_note(ss_ctx *ctx, ss_epq *e, const ss_table *t, ss_rowid row);

/* (EPQ) The output rows hold width row ids (tables[i]: the table of position i, whose rows
 * a re-check replaces by their newest versions; NULL: a fixed row); 0: joined rows are not
 * tracked.  tables must outlive e. */
void ss_epq_track_joined(ss_epq *e, uint32_t width, const ss_table *const *tables);

/* (EPQ) Records the row ids of an output row a changed row was met in (width of them;
 * SS_ROWID_INVALID for a relation without a row there). */
int ss_epq_note_joined(ss_ctx *ctx, ss_epq *e, const ss_rowid *ids);

/* (EPQ) In a re-checking pass: whether an output row holding a noted row's newest version,
 * with row ids ids, is one a noted output row became (its changed rows replaced by their
 * newest versions, the other ids the same); true when joined rows are not tracked. */
bool ss_epq_joined_again(const ss_epq *e, const ss_rowid *ids);

/* Before the next pass: when the running one noted rows, a fresh snapshot replaces *snap
 * (the first one is kept in e) and the noted rows' newest versions are found; *again
 * false when nothing is left to re-check. */
int ss_epq_next_pass(ss_ctx *ctx, ss_epq *e, ss_txn_state *txn, ss_txn_snapshot *snap, bool *again);

/* In a re-checking pass: whether version row of t is one of the noted rows' newest
 * versions. */
bool ss_epq_is_successor(const ss_epq *e, const ss_table *t, ss_rowid row);

/* (EPQ) What a re-checking pass reads the relations it neither changes nor locks with
 * (ss_ctx.epq_snapshot, ss_api.txn_scan_snapshot): the statement's first snapshot, as
 * PostgreSQL's EvalPlanQual keeps the other relations' rows joined with a re-checked row;
 * NULL in a first pass. */
const ss_snapshot *ss_epq_read_snapshot(const ss_epq *e);

/* Whether the statement's first snapshot sees version row of t (*out). */
int ss_epq_first_sees(ss_ctx *ctx, const ss_epq *e, const ss_table *t, ss_rowid row, bool *out);

/* Forgets the noted rows (a full pass follows, which reads everything again). */
void ss_epq_reset(ss_epq *e);
void ss_epq_free(ss_epq *e);

#endif
