/* index.h — the kernel's side of indexes: the per-table list of index instances (each an
 * index module's handle plus the key columns it indexes), CREATE / DROP INDEX, their
 * maintenance on every write, the uniqueness decision and the snapshot index reads use.
 * Index modules (sunstone/index.h) keep (key, row id) entries; everything about visibility
 * and constraints is decided here. */
#ifndef SS_INDEX_INDEX_H
#define SS_INDEX_INDEX_H

#include <pthread.h>

#include "catalog/catalog.h"
#include "exec/expr.h"
#include "sql/ast.h"
#include "util/arena.h"

typedef struct ss_index {
    char *name;
    ss_table *table;
    const ss_index_vtable *vt;
    void *handle;                 /* the module's index */
    const char *am;               /* access method name (vt->name) */
    uint32_t nkeys;
    uint32_t *cols;               /* table column positions of the keys (SS_INDEX_EXPR_KEY:
                                     an expression key, exprs[k]) */
    uint32_t *flags;              /* SS_INDEX_* per key */
    ss_type *types;
    /* expression and partial indexes (index_exprs.c), in arena (NULL: none): exprs[k] is
       key k's expression over the table's row (column i at batch position i), NULL for a
       plain column; pred the WHERE of a partial index: only rows it accepts are entered */
    ss_expr **exprs;
    const char **key_names;       /* with exprs: the index's column names (expr, lower, ...) */
    ss_expr *pred;
    ss_arena *arena;
    uint32_t expr_ncols;          /* with exprs / pred: the table's columns when it was made;
                                     the trees read column i of then, which is column
                                     cols[nkeys + i] now (SS_INDEX_EXPR_KEY: dropped) */
    bool unique;
    bool constraint;              /* backs a PRIMARY KEY / UNIQUE constraint of its name */
    bool primary;
    bool deferrable;              /* a DEFERRABLE constraint's: a conflicting new row is entered
                                     and checked again at the end of the statement, or at
                                     COMMIT when deferred (defer/defer.h) */
    bool initdeferred;            /* INITIALLY DEFERRED */
    bool opened;                  /* the module index was reopened from its table's storage
                                     (a stored index, index_stored.h), not built */
    ss_ddl_stamp ddl;             /* pending CREATE / DROP (catalog/catalog_txn.h); writes
                                     maintain every index of the list, visible or not */
    _Atomic uint32_t active_scans; /* open index scan operators reading it (any session's;
                                     a cursor's stays open until CLOSE): DROP is 55006 */
    uint32_t oid;                 /* (oid8) pg_class.oid (catalog/object_oids.h) */
} ss_index;

#define SS_INDEX_EXPR_KEY UINT32_MAX

/* The indexes of one table (ss_table.indexes), in creation order, and the row ids the
 * current statement has entered into them (undone if the statement fails). */
typedef struct ss_table_indexes {
    ss_index **list;
    uint32_t n;
    size_t cap;
    ss_rowid *log;
    size_t nlog, cap_log;
    pthread_mutex_t lock;         /* sessions on several threads: held around every call
                                     into the index modules and the log (ss_index_lock) */
} ss_table_indexes;

/* Serialises the index work of concurrent statements on t (a no-op without indexes): index
 * modules are not required to be thread-safe.  Never held while waiting for another
 * transaction. */
void ss_index_lock(ss_table *t);
void ss_index_unlock(ss_table *t);

/* ---- catalog (index_catalog.c) ---- */
/* The index named name on any table of c that the reader sees (catalog_txn.h), or NULL. */
ss_index *ss_index_find(ss_catalog *c, const char *name);
/* Whether t has any index. */
bool ss_index_table_has(const ss_table *t);
/* Frees every index of t (the table is dropped or the catalog freed). */
void ss_index_free_table(ss_table *t);
/* Removes index ix from its table and frees it, with what it stores (drop_stored): a
 * committed DROP INDEX or an undone CREATE INDEX. */
void ss_index_remove(ss_index *ix);
/* Frees ix (its module index too); not on any list. */
void ss_index_free(ss_index *ix);
/* Adds ix to its table's list; SS_ERROR (53200) when out of memory. */
int ss_index_attach(ss_ctx *ctx, ss_index *ix);

/* ---- DDL (index_ddl.c) ---- */
/* CREATE [UNIQUE] INDEX as PostgreSQL: 42P01, 42703, 42704 (access method), 42P07 (name
 * taken: a NOTICE and nothing with IF NOT EXISTS), generated names t_a_b_idx / t_a_idx1,
 * 23505 when a unique index meets duplicates; builds from the table's rows.  tag gets the
 * command tag. */
int ss_index_run_create(ss_ctx *ctx, ss_catalog *c, const ss_registry *reg, const ast_stmt *st);
/* PostgreSQL's ChooseRelationName: table_col1_col2_label (cut to 63 bytes), then label1,
 * label2, ... while a relation has the name; malloc'd, NULL when out of memory. */
char *ss_index_choose_name(ss_catalog *c, const char *table, const char *const *cols, uint32_t ncols,
                           const char *label);
/* The same, where a name is also taken when taken(c, name, arg) says so (constraint names). */
char *ss_index_choose_name_also(ss_catalog *c, const char *table, const char *const *cols, uint32_t ncols,
                                const char *label, bool (*taken)(const ss_catalog *c, const char *name, void *arg),
                                void *arg);
/* The PRIMARY KEY and UNIQUE constraints of CREATE TABLE st (just created): their unique
 * indexes, named t_pkey / t_a_key unless CONSTRAINT names them. */
int ss_index_create_keys(ss_ctx *ctx, ss_catalog *c, const ss_registry *reg, const ast_stmt *st);
/* DROP INDEX [IF EXISTS] names (42704, NOTICE when skipped); notices go to notice(arg). */
int ss_index_run_drop(ss_ctx *ctx, ss_catalog *c, const ast_stmt *st,
                      void (*notice)(void *arg, const char *text), void *arg);

/* ---- maintenance (index_maintain.c) ---- */
/* Writes one batch of new rows to table t and to every index of t: the backend's
 * insert_versions, then ss_index_insert_rows.  Used by INSERT instead of storage insert
 * when t has indexes (inside a statement scope, so that a failure undoes both). */
int ss_index_write_rows(ss_ctx *ctx, ss_table *t, const ss_batch *rows);
/* Enters the live rows of batch (typed like t's columns) with their row ids into every
 * index of t, checking unique indexes first (ss_index_check_unique); the row ids are logged
 * for ss_index_stmt_end.  The path every write that makes new row versions takes. */
int ss_index_insert_rows(ss_ctx *ctx, ss_table *t, const ss_batch *batch, const ss_rowid *rowids);
/* Removes the entries of version rowid from every index of t; rows (typed like t's columns)
 * holds the version's values at row.  The caller holds t's index lock.  (VACUUM, undo.) */
int ss_index_remove_row(ss_ctx *ctx, ss_table *t, const ss_batch *rows, uint32_t row, ss_rowid rowid);
/* The statement writing t ended: ok keeps its index entries; otherwise they are removed
 * (while the rows are still readable: call before the backend's stmt_abort). */
void ss_index_stmt_end(ss_ctx *ctx, ss_table *t, bool ok);

/* ---- uniqueness (index_unique.c) ---- */
/* Whether key (ix->nkeys values, none NULL) may enter unique index ix for row self: the
 * candidates with an equal key come from the index, and a candidate conflicts when the
 * current snapshot sees it (fetch_versions).  SS_OK, or 23505 with PostgreSQL's message
 * and DETAIL.  A key with a NULL never conflicts. */
int ss_index_check_unique(ss_ctx *ctx, const ss_index *ix, const ss_value *key, ss_rowid self);
/* The check of a row version entering unique index ix (index_unique_live.c), as
 * PostgreSQL's: a candidate conflicts when it is live now (committed, or this
 * transaction's, and not deleted), even if committed after the statement's snapshot; one
 * written or being deleted by another running transaction makes the session wait for that
 * one to end (40P01 / 55P03 / 57014 possible) and look again.  Called with the table's
 * index lock held (ss_index_lock); it lets go of it while it waits.  SS_OK, or 23505. */
int ss_index_check_unique_live(ss_ctx *ctx, const ss_index *ix, const ss_value *key, ss_rowid self);
/* For a DEFERRABLE unique index (PostgreSQL's UNIQUE_CHECK_PARTIAL): whether the key may
 * conflict, by the same rules without waiting (a candidate live now, or one a running
 * transaction writes or deletes); such a row is entered and checked again later
 * (defer/defer.h).  Index lock held. */
int ss_index_unique_may_conflict(ss_ctx *ctx, const ss_index *ix, const ss_value *key, ss_rowid self, bool *maybe);
/* What the stamps of a candidate version with an equal key say (the rules above): live now,
 * dead, or waiting on the running transaction *holder writing it (only with
 * wait_for_writers; otherwise such a version is not there yet) or deleting it.  self_top:
 * the session's top-level xid. */
struct ss_txn_manager;
typedef enum ss_index_candidate { SS_CAND_DEAD, SS_CAND_LIVE, SS_CAND_WAIT } ss_index_candidate;
ss_index_candidate ss_index_candidate_state(const struct ss_txn_manager *m, ss_xid self_top, const ss_version_stamp *v,
                                            bool wait_for_writers, ss_xid *holder);
/* How many row versions whose first nvalues key columns in ix equal key are live now (by
 * the same rules), waiting first for the running transactions deleting one of them and,
 * with wait_for_writers, writing one (a version a running transaction wrote is otherwise
 * not live).  Foreign keys ask it (fkey_check.c).  Index lock held as above; without row
 * locks or a transaction xid it answers by snap (0 or 1). */
int ss_index_key_live(ss_ctx *ctx, const ss_index *ix, const ss_value *key, uint32_t nvalues, bool wait_for_writers,
                      const ss_snapshot *snap, uint32_t *nlive);
/* The row ids an index lookup gives for key's first nvalues columns, self left out: *cand
 * starts as the caller's array of SS_INDEX_CANDIDATES_SMALL and becomes an arena one when
 * more entries match (dead versions' entries pile up until VACUUM). */
#define SS_INDEX_CANDIDATES_SMALL 64
int ss_index_candidates(ss_ctx *ctx, const ss_index *ix, const ss_value *key, uint32_t nvalues, ss_rowid self,
                        ss_rowid **cand, uint32_t *n);
/* Whether snap sees a row version other than self whose first nvalues key columns in ix
 * equal key (typed like ix's columns): the candidates come from the index, fetch_versions
 * decides. */
int ss_index_key_present(ss_ctx *ctx, const ss_index *ix, const ss_value *key, uint32_t nvalues, ss_rowid self,
                         const ss_snapshot *snap, bool *present);
/* PostgreSQL's "(a, b)=(1, x)" text of key for ix, in the execution arena; NULL on OOM. */
char *ss_index_key_text(ss_ctx *ctx, const ss_index *ix, const ss_value *key);

/* ---- expression and partial indexes (index_exprs.c) ---- */
/* Whether ix has only plain column keys and no predicate. */
bool ss_index_is_plain(const ss_index *ix);
/* Whether ix reads table column col: as a key column, in a key expression, or (unless
 * keys_only) in its predicate. */
bool ss_index_reads_column(const ss_index *ix, uint32_t col, bool keys_only);
/* Whether an expression key or the predicate of ix reads table column col. */
bool ss_index_exprs_read(const ss_index *ix, uint32_t col);
/* The entries of ix->cols: the keys' and, with expressions, the column map after them
 * (ALTER TABLE saves and moves them all). */
uint32_t ss_index_cols_len(const ss_index *ix);
/* The key columns ix enters for the live rows of rows (every column of the table, in
 * order) that its predicate accepts: batch's vectors are the table's for plain keys and
 * evaluated ones for expressions, its selection those rows; rowids (one per live row of
 * rows, may be NULL) narrowed alike.  Free with ss_index_keys_free. */
typedef struct ss_index_keys {
    ss_batch batch;
    const ss_rowid *rowids;
    uint32_t nkeys;
    ss_vector **cols, **owned, **view;
    uint32_t *sel;
    ss_rowid *ids;
} ss_index_keys;
int ss_index_keys_of_rows(ss_ctx *ctx, const ss_index *ix, const ss_batch *rows, const ss_rowid *rowids,
                          ss_index_keys *out);
void ss_index_keys_free(ss_index_keys *k);
/* The key of row `row` of rows (the table's columns) in ix, text in the execution arena;
 * *indexed false when ix's predicate does not accept the row (key then unset). */
int ss_index_row_key(ss_ctx *ctx, const ss_index *ix, const ss_batch *rows, uint32_t row, ss_value *key,
                     bool *indexed);
/* pg_get_indexdef's text of key k (an expression: "lower(b)", "((a + 1))" in pretty form,
 * "(a + 1)" otherwise, a column: its name) and of the predicate (NULL: none), malloc'd. */
char *ss_index_key_sql(const ss_index *ix, uint32_t k, bool pretty);
char *ss_index_pred_sql(const ss_index *ix, bool pretty);
/* pg_get_indexdef's CREATE [UNIQUE] INDEX name ON schema.table USING am (keys) [WHERE pred]
 * (index_describe.c), malloc'd; NULL when an expression cannot be printed. */
char *ss_index_def_sql(const ss_index *ix, const char *schema);

/* ---- \d (index_describe.c) ---- */
/* The lines of \d's "Indexes:" footer for t, as psql 15 prints them (without the
 * indentation), '\n' between them; malloc'd, NULL when t has no index (or out of memory). */
char *ss_index_describe_lines(const ss_table *t);

/* ---- snapshot (index_snapshot.c) ---- */
/* The snapshot index reads and uniqueness checks see: the current statement's. */
const ss_snapshot *ss_index_snapshot(ss_ctx *ctx);
/* The snapshot foreign-key checks and CREATE UNIQUE INDEX's build read candidates with
 * (index_snapshot.c): the statement's, with the current command's own versions.  New rows
 * entering a unique index are checked by ss_index_check_unique_live instead. */
void ss_index_unique_snapshot(ss_ctx *ctx, ss_snapshot *out);
/* Forgets the row ids the statement logged without taking their entries out: under row
 * versions a failed statement's entries name versions its abort made invisible, so they
 * never conflict (index_maintain.c). */
void ss_index_stmt_forget(ss_table *t);

#endif
