/* catalog_txn.h — transactional DDL: catalog entries stamped with the transaction that
 * created / dropped / exclusively locked them, which sessions see which entries (PostgreSQL's
 * catalog MVCC, reduced to "committed, or my own"), the per-transaction log of DDL that
 * COMMIT finalises and ROLLBACK / ROLLBACK TO SAVEPOINT undoes, and the exclusive table lock
 * (PostgreSQL's AccessExclusiveLock) other sessions' statements wait for.
 *
 * Rules.  Stamps hold the top-level xid of the transaction; 0 means "committed" (created)
 * or "not dropped / not locked".  An entry is visible to a reader when it was not created by
 * another transaction still pending and not dropped by the reader's own transaction: another
 * session keeps seeing a table whose DROP is uncommitted and does not see an uncommitted
 * CREATE.  COMMIT clears the created stamps and frees what was dropped (the dropped table's
 * storage is freed only then); ROLLBACK frees what was created and clears the dropped stamps.
 * Both happen before the transaction's xid ends, under the catalog's mutex, so that a
 * session woken by the end of the xid finds the final state.
 *
 * The reader: the session whose statement runs on this thread (ss_catalog_reader_set, set by
 * the API at each prepare / step); lookups (ss_catalog_find, ss_catalog_find_view,
 * ss_index_find, sequences) apply its visibility. */
#ifndef SS_CATALOG_CATALOG_TXN_H
#define SS_CATALOG_CATALOG_TXN_H

#include "exec/context.h"
#include "sunstone/txn.h"

struct ss_txn_state;
struct ss_catalog;
struct ss_table;

/* What one catalog entry carries (ss_table, ss_view, ss_index, ss_sequence, ss_schema). */
typedef struct ss_ddl_stamp {
    ss_xid created;   /* pending CREATE by this top-level xid; 0: committed */
    ss_xid dropped;   /* pending DROP by this top-level xid; 0: none */
    ss_xid locked;    /* exclusive lock held by this top-level xid (tables); 0: none */
} ss_ddl_stamp;

/* The kinds of DDL log records. */
typedef enum ss_ddl_op {
    SS_DDL_TABLE_CREATE,
    SS_DDL_TABLE_DROP,
    SS_DDL_TABLE_LOCK,
    SS_DDL_VIEW_CREATE,
    SS_DDL_VIEW_DROP,
    SS_DDL_INDEX_CREATE,
    SS_DDL_INDEX_DROP,
    SS_DDL_SEQ_CREATE,
    SS_DDL_SEQ_DROP,
    SS_DDL_MATVIEW_POPULATED, /* (M) REFRESH MATERIALIZED VIEW: the populated state before */
    /* (N) schemas (namespace.h): CREATE / DROP SCHEMA, ALTER SCHEMA RENAME (its old name) */
    SS_DDL_SCHEMA_CREATE,
    SS_DDL_SCHEMA_DROP,
    SS_DDL_SCHEMA_RENAME,
    SS_DDL_CALLBACK          /* ALTER TABLE: undo / commit functions of its own (below) */
} ss_ddl_op;

/* How a transaction (level) ends, as txn_session.c reports it through ss_txn_state.ddl_end. */
typedef enum ss_ddl_event {
    SS_DDL_EVENT_COMMIT,      /* the top-level transaction commits */
    SS_DDL_EVENT_ABORT,       /* the top-level transaction aborts */
    SS_DDL_EVENT_RELEASE,     /* levels [index, ...) are released into level index - 1 */
    SS_DDL_EVENT_ROLLBACK_TO  /* levels [index, ...) are rolled back */
} ss_ddl_event;

/* Attaches the DDL log of session transaction t to catalog c (at session open); the log is
 * freed by ss_catalog_txn_detach (at session close, after the transaction ended). */
int ss_catalog_txn_attach(struct ss_txn_state *t, struct ss_catalog *c);
void ss_catalog_txn_detach(struct ss_txn_state *t);

/* The session whose statements run on this thread now (NULL: none, sees committed only). */
void ss_catalog_reader_set(struct ss_txn_state *t);
struct ss_txn_state *ss_catalog_reader(void);
/* Whether the reader sees an entry with stamp s. */
bool ss_ddl_visible(const ss_ddl_stamp *s);
/* Whether the reader's own transaction dropped the entry (not committed yet). */
bool ss_ddl_dropped_by_reader(const ss_ddl_stamp *s);
/* Whether another transaction than the reader's holds the entry's exclusive lock (s->locked). */
bool ss_ddl_locked_by_other(const ss_ddl_stamp *s);
/* Whether s is pending (created or dropped, not yet committed) in a transaction other than
 * the reader's. */
bool ss_ddl_pending_other(const ss_ddl_stamp *s);

/* Logs DDL op on obj (table: the table it belongs to, for indexes) in ctx's transaction and
 * gives the xid to stamp it with in *xid.  Without a transaction (*xid 0) the change is final
 * at once and nothing is logged: the caller does it immediately. */
int ss_ddl_log(ss_ctx *ctx, ss_ddl_op op, void *obj, struct ss_table *table, ss_xid *xid);

/* After a logged DROP (op) of obj with xid: the entry marked dropped until the transaction
 * ends, or (xid 0) removed at once; bumps c's version. */
void ss_ddl_drop_or_mark(struct ss_catalog *c, ss_ddl_op op, void *obj, ss_xid xid);
/* (M) Logs that materialized view t changes its populated state (undo restores the current one). */
int ss_ddl_log_populated(ss_ctx *ctx, struct ss_table *t);

/* Logs a change of t (NULL: of no table, e.g. a sequence's ALTER) that its maker undoes or finalises itself: at ROLLBACK (or ROLLBACK TO
 * a savepoint before it) undo(arg) is called, at COMMIT commit(arg), in the log's order (undo
 * last first), under the catalog's mutex; each frees arg.  *logged is false when ctx has no
 * transaction: nothing was logged and the caller finalises the change itself. */
int ss_ddl_log_callback(ss_ctx *ctx, struct ss_table *t, void (*undo)(void *arg), void (*commit)(void *arg),
                        void *arg, bool *logged);

/* The exclusive lock on t for ctx's transaction (DROP, ALTER, LOCK TABLE): waits while
 * another transaction holds it (deadlock 40P01, lock_timeout 55P03, statement_timeout 57014,
 * cancel 57014), takes it until the transaction ends, then waits for the other running
 * transactions that wrote to t (fkey.h ss_fkey_wait_writers) to end.  t may be freed while
 * waiting: the caller passes the name and gets the table again in *t (NULL: it is gone). */
int ss_catalog_lock_table(ss_ctx *ctx, struct ss_catalog *c, const char *name, struct ss_table **t);
/* The same; with nowait, 55P03 "could not obtain lock on relation ..." instead of any wait. */
int ss_catalog_lock_table_nowait(ss_ctx *ctx, struct ss_catalog *c, const char *name, bool nowait,
                                 struct ss_table **t);
/* A table lookup for a statement: waits while another transaction holds t's exclusive lock;
 * *t is then the table visible under that name (NULL: none).  (LK) In a transaction block the
 * reader then holds ACCESS SHARE on it until its (sub)transaction ends (txn_table_locks.h):
 * the exclusive lock waits for it, and a reader holding it does not wait for the exclusive
 * lock taken after. */
int ss_catalog_find_waiting(ss_ctx *ctx, struct ss_catalog *c, const char *name, struct ss_table **t);
/* (LK) The tables a statement's binding looked up with ss_catalog_find_waiting, so that each
 * execution of a binding kept across statements takes their locks again
 * (ss_catalog_reads_lock).  The array is malloc'd (free t). */
typedef struct ss_table_reads {
    struct ss_table **t;
    uint32_t n;
    size_t cap;
    bool overflow;            /* memory ran out: the list is incomplete */
} ss_table_reads;
/* Collects this thread's lookups into r (NULL: stops). */
void ss_catalog_reads_collect(ss_table_reads *r);
/* At an execution of a binding valid for the catalog's current version: waits as the lookup
 * would for another transaction's exclusive lock on each table of r, and in a transaction block
 * (block: the reader's, as the caller knows it without the thread-local reader) records the
 * reader's ACCESS SHARE on it.  Returns 1 when the catalog's version changed
 * while waiting (the caller binds again), 0, or SS_ERROR. */
int ss_catalog_reads_lock(ss_ctx *ctx, struct ss_catalog *c, const ss_table_reads *r, bool block);
/* The same without waiting: 55P03 "could not obtain lock on relation ..." (LOCK ... NOWAIT). */
int ss_catalog_find_nowait(ss_ctx *ctx, struct ss_catalog *c, const char *name, struct ss_table **t);
/* Waits, as the reader's transaction, for the top-level transaction holder to end (a lock it
 * holds: a sequence's ALTER); the errors of ss_catalog_lock_table's wait. */
int ss_catalog_wait_xid(ss_ctx *ctx, ss_xid holder);
/* Waits while a relation named name is pending (created or dropped, uncommitted) in another
 * transaction: CREATE of the same name then sees the outcome, as PostgreSQL's unique index on
 * pg_class makes it wait. */
int ss_catalog_name_wait(ss_ctx *ctx, struct ss_catalog *c, const char *name);

#endif
