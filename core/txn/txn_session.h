/* txn_session.h — one session's transaction state over the database's transaction manager
 * (txn_manager.h): the transaction block (BEGIN ... COMMIT) or the implicit transaction of a
 * single statement, its isolation level and access mode, the stack of subtransactions
 * (savepoints, and the statement's own level that makes a failing statement undo only
 * itself), the command id, and the snapshot reads use.
 *
 * Xids are assigned lazily: a transaction (and each subtransaction level) gets one at its
 * first write (ss_txn_state_current), so read-only work never touches the commit log.
 * Snapshots: READ COMMITTED takes one per statement, REPEATABLE READ and SERIALIZABLE one at
 * the first statement of the transaction (ss_txn_state_snapshot). */
#ifndef SS_TXN_SESSION_H
#define SS_TXN_SESSION_H

#include "txn/txn_manager.h"

typedef enum ss_isolation {
    SS_ISO_READ_COMMITTED = 0, /* READ UNCOMMITTED behaves the same, as in PostgreSQL */
    SS_ISO_REPEATABLE_READ,
    SS_ISO_SERIALIZABLE
} ss_isolation;

/* One level of the subtransaction stack. */
typedef struct ss_txn_level {
    char *name;               /* the savepoint's name; NULL for a statement's level */
    ss_xid xid;               /* 0 until the level writes */
    bool saved_read_only;     /* the access mode when the savepoint was made: ROLLBACK TO
                                 restores it (SET TRANSACTION inside it is undone) */
} ss_txn_level;

typedef struct ss_txn_state {
    ss_txn_manager *m;
    bool active;              /* a transaction (block or implicit) is open */
    bool in_block;            /* opened by BEGIN / START TRANSACTION */
    bool failed;              /* a statement failed in the block: 25P02 until ROLLBACK */
    bool read_only;
    ss_isolation isolation;
    ss_xid top;               /* 0 until the transaction writes */
    uint32_t command_id;      /* of the running (or next) statement */
    bool command_wrote;       /* the current command wrote: the next one gets a new id */
    ss_txn_level *levels;     /* subtransactions, innermost last */
    uint32_t nlevels, cap_levels;
    ss_txn_snapshot snap;
    bool have_snap;           /* snap belongs to this transaction (REPEATABLE READ) or
                                 to the running statement (READ COMMITTED) */
    int64_t start_us;         /* transaction start time (now(), current_timestamp) */
    uint32_t open_stmts;      /* statements running in the transaction (an implicit one
                                 ends when the last of them does) */
    bool uncommitted;         /* the level was named READ UNCOMMITTED (it behaves as READ
                                 COMMITTED, as in PostgreSQL; SHOW names it) */
    bool snapshot_taken;      /* a statement took a snapshot (PostgreSQL's FirstSnapshotSet):
                                 SET TRANSACTION can no longer change the level (25001) */
    /* transactional DDL (catalog/catalog_txn.h): the transaction's DDL log and the call
       that finalises or undoes it, made when the transaction commits or aborts (before its
       xid ends), a savepoint is released (event 2) or rolled back to (event 3; index: the
       first level ended).  NULL: no catalog attached. */
    void *ddl;
    void (*ddl_end)(struct ss_txn_state *st, int event, uint32_t index);
    /* the checks of DEFERRABLE constraints waiting for the end of the statement or COMMIT,
       and SET CONSTRAINTS' modes (defer/defer.h), told of the same events after ddl_end */
    void *defer;
    void (*defer_end)(struct ss_txn_state *st, int event, uint32_t index);
    /* (LK) the tables whose ACCESS SHARE (txn_table_locks.h) xid shared_xid recorded, so that
       a statement enters each once; reset when the current xid changes */
    const void *shared[8];
    uint32_t nshared;
    ss_xid shared_xid;
} ss_txn_state;

void ss_txn_state_init(ss_txn_state *st, ss_txn_manager *m);
/* Aborts an open transaction and frees the state. */
void ss_txn_state_free(ss_txn_state *st);

/* Opens a transaction (implicit or block) with the given characteristics; start_us is the
 * transaction timestamp. */
void ss_txn_state_begin(ss_txn_state *st, bool block, ss_isolation iso, bool read_only,
                        int64_t start_us);
/* Ends the open transaction: commit (when it has not failed) or abort; the state is ready
 * for the next begin. */
void ss_txn_state_commit(ss_txn_state *st);
void ss_txn_state_abort(ss_txn_state *st);

/* (LK) The xid a table lock of the running (sub)transaction is recorded with (assigning
 * it as ss_txn_state_current does, without marking the command as a writer).  -1 as there. */
int ss_txn_state_lock_xid(ss_txn_state *st, ss_xid *xid);

/* The xid a table's new storage is stamped with (catalog.h ss_table.storage_xid: CREATE TABLE,
 * a rewriting ALTER TABLE), assigned as ss_txn_state_lock_xid does; 0 with no transaction open
 * or when none could be assigned (time travel then cannot tell the storage's age). */
ss_xid ss_txn_state_storage_xid(ss_txn_state *st);

/* The xid and command id new versions are stamped with: assigns the transaction's xid and
 * those of its subtransaction levels at their first write.  SS_ERROR (-1) when no xid could
 * be assigned (memory); with no transaction open, -1 as well. */
int ss_txn_state_current(ss_txn_state *st, ss_xid *xid, uint32_t *command_id);

/* The snapshot a statement reads with: a fresh one per statement under READ COMMITTED
 * (call at each statement start with fresh = true), the transaction's first one otherwise.
 * NULL when memory runs out. */
const ss_snapshot *ss_txn_state_snapshot(ss_txn_state *st, bool fresh);
/* The snapshot of one statement, in out (which it owns, so that statements running at the
 * same time keep theirs): fresh under READ COMMITTED, a copy of the transaction's first
 * one otherwise.  -1 when memory runs out. */
int ss_txn_state_statement_snapshot(ss_txn_state *st, ss_txn_snapshot *out);
/* After a statement: the next statement gets a new command id if this one wrote. */
void ss_txn_state_next_command(ss_txn_state *st);

/* Subtransactions: push a level (name NULL for a statement's own level); -1 on memory. */
int ss_txn_state_push(ss_txn_state *st, const char *name);
/* The innermost level named name (case-sensitive, as the binder folds names), as an index
 * into levels, or -1. */
int ss_txn_state_find(const ss_txn_state *st, const char *name);
/* Releases levels [index, nlevels): their writes become the enclosing level's. */
void ss_txn_state_release(ss_txn_state *st, uint32_t index);
/* Rolls back levels [index, nlevels): their writes are undone; with keep true level index
 * itself stays (ROLLBACK TO SAVEPOINT keeps the savepoint), empty again. */
void ss_txn_state_rollback_to(ss_txn_state *st, uint32_t index, bool keep);

/* txn_characteristics.c: the level as transaction_isolation shows it; the value of the
 * setting name (transaction_isolation / transaction_read_only) for the open transaction t,
 * NULL for another name or when no transaction is open. */
const char *ss_txn_isolation_text(const ss_txn_state *t);
const char *ss_txn_setting_value(const ss_txn_state *t, const char *name);

#endif
