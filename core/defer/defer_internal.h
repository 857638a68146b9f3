/* defer_internal.h — the queue's entries and the transaction's SET CONSTRAINTS modes, shared
 * by defer_queue.c (the queue, savepoints) and defer_check.c (running one check). */
#ifndef SS_DEFER_DEFER_INTERNAL_H
#define SS_DEFER_DEFER_INTERNAL_H

#include "defer/defer.h"

typedef enum defer_kind { DEFER_UNIQUE = 1, DEFER_FKEY_NEW, DEFER_FKEY_DELETED, DEFER_FKEY_UPDATED } defer_kind;

/* One waiting check: row version rowid of table against constraint con. */
typedef struct defer_event {
    uint8_t kind;       /* defer_kind */
    uint32_t level;     /* the subtransaction depth it was queued at (ss_txn_state.nlevels) */
    uint32_t cid;       /* DEFER_FKEY_DELETED / _UPDATED: the command that removed the row */
    const void *con;    /* the ss_index (DEFER_UNIQUE) or ss_fkey (the others) */
    ss_table *table;
    ss_rowid rowid;
} defer_event;

typedef struct defer_mode {
    const void *con;
    bool deferred;
} defer_mode;

/* SET CONSTRAINTS: ALL's mode (when all_set), then the constraints named since. */
typedef struct defer_modes {
    bool all_set, all_deferred;
    defer_mode *list;
    uint32_t n, cap;
} defer_modes;

/* The modes as they were when the savepoint level `level` first changed them. */
typedef struct defer_saved {
    uint32_t level;
    defer_modes modes;
} defer_saved;

typedef struct defer_state {
    defer_event *events;
    size_t nevents, cap;
    defer_modes modes;
    defer_saved *saved;       /* in level order */
    uint32_t nsaved;
} defer_state;

/* The transaction's state, made at the first use (NULL: out of memory, or no transaction). */
defer_state *ss_defer_state(ss_ctx *ctx);
int ss_defer_queue_rows(ss_ctx *ctx, defer_kind kind, const void *con, ss_table *table, const ss_rowid *rowids,
                        uint32_t n);
/* Whether e's constraint is deferred now. */
bool ss_defer_event_deferred(const struct ss_txn_state *t, const defer_event *e);
/* Runs the check e names: SS_OK (also when its row or constraint is gone), or its error. */
int ss_defer_run_check(ss_ctx *ctx, const defer_event *e);

#endif
