/* fkey.h — FOREIGN KEY constraints: what a referencing table keeps of each of its foreign
 * keys, their creation with CREATE TABLE (PostgreSQL's checks, names and errors), their
 * text for \d, and their enforcement: new rows of a referencing table must find their
 * referenced row, removed rows of a referenced table must not be referenced any more (or
 * the referential action deletes or updates the rows referencing them),
 * TRUNCATE and DROP TABLE of a referenced table are refused (or, DROP ... CASCADE, drop the
 * constraint).
 *
 * The referenced side is read through the unique index (PRIMARY KEY / UNIQUE) whose columns
 * are the referenced columns, and a referenced row counts when it is live now
 * (index.h ss_index_key_live); one another running transaction is deleting makes the
 * inserter wait for that transaction (where PostgreSQL's FOR KEY SHARE lock waits).  The
 * referencing rows of a removed key are found through an index of the referencing table
 * whose leading columns are the key's, again live now, waiting for running transactions
 * writing or deleting one; a referencing row committed after the statement's snapshot that
 * an action would have to change is 40001.  Without such an index they are found by one
 * scan, after waiting for every running transaction that wrote to the referencing table
 * (fkey_writers.c; coarser than PostgreSQL's row lock); if one of them committed, NO ACTION
 * scans with a fresh snapshot and an action is checked again by one (40001 for a row it
 * missed).  Known limit: under READ COMMITTED PostgreSQL would include such a row in the
 * action instead of failing. */
#ifndef SS_FKEY_FKEY_H
#define SS_FKEY_FKEY_H

#include "catalog/catalog.h"
#include "sql/ast.h"

struct ss_index;

typedef struct ss_fkey {
    char *name;
    ss_table *table;      /* the referencing table (whose list holds it) */
    ss_table *ref;        /* the referenced table (may be table itself) */
    uint32_t ncols;
    uint32_t *cols;       /* referencing columns (positions in table) */
    uint32_t *ref_cols;   /* the referenced column of each (positions in ref) */
    char match;           /* 's' MATCH SIMPLE, 'f' MATCH FULL */
    char on_delete;       /* 'a' NO ACTION, 'r' RESTRICT, 'c' CASCADE, 'n' SET NULL, 'd' SET DEFAULT */
    char on_update;
    uint64_t created;     /* the catalog's version when it was created (dependents' order) */
    uint32_t ndel_set;    /* ON DELETE SET NULL / SET DEFAULT (cols): the columns it sets */
    uint32_t *del_set;    /* (positions in table, each one of cols); 0 / NULL: all of cols */
    bool not_valid;       /* ADD ... NOT VALID: the rows before it are not checked (until
                             ALTER TABLE ... VALIDATE CONSTRAINT); new rows are */
    bool deferrable;      /* DEFERRABLE: its checks of new rows may wait for COMMIT
                             (defer/defer.h; ALTER CONSTRAINT changes both flags) */
    bool initdeferred;    /* INITIALLY DEFERRED */
} ss_fkey;

/* ss_table.fkeys: the foreign keys of a referencing table, in creation order. */
typedef struct ss_table_fkeys {
    ss_fkey **list;
    uint32_t n, cap;
} ss_table_fkeys;

/* ---- catalog (fkey_catalog.c) ---- */
/* Frees the foreign keys of t (the table is dropped or the catalog freed). */
void ss_fkey_free_table(ss_table *t);
/* Removes fk from its table's list and frees it (a rolled-back ALTER TABLE's own). */
void ss_fkey_remove(ss_fkey *fk);
/* DROP TABLE ... CASCADE of fk's referenced table: fk taken off its table's list in ctx's
   transaction, freed when it commits, put back by ROLLBACK (at once without one). */
int ss_fkey_drop_logged(ss_ctx *ctx, ss_fkey *fk);
/* The foreign keys of c's tables other than those of ref itself that reference ref, in
   catalog order; *n gets how many (malloc'd array, NULL when none). */
ss_fkey **ss_fkey_referencing(const ss_catalog *c, const ss_table *ref, bool include_self, uint32_t *n);
/* pg_get_constraintdef's text: FOREIGN KEY (a, b) REFERENCES p(x, y) [MATCH FULL]
   [ON UPDATE ...] [ON DELETE ...] [NOT VALID], the referenced table qualified when its
   schema is not on c's search path (c NULL: never); malloc'd, NULL on OOM. */
char *ss_fkey_definition(const ss_catalog *c, const ss_fkey *fk);
/* \d's "Foreign-key constraints:" lines of t ("name" FOREIGN KEY ..., by name, each ending
   in a newline) and "Referenced by:" lines of t (TABLE "c" CONSTRAINT "name" FOREIGN KEY
   ...), tables named as ss_fkey_definition names them; malloc'd, NULL when there are none. */
char *ss_fkey_lines(const ss_catalog *c, const ss_table *t);
char *ss_fkey_referenced_lines(const ss_catalog *c, const ss_table *t);

/* ---- CREATE TABLE (fkey_ddl.c) ---- */
/* The FOREIGN KEY constraints of CREATE TABLE st (the table and its PRIMARY KEY / UNIQUE
   indexes just made) with PostgreSQL's checks: 42P01, 42809, 42703, 42830 (no primary key,
   no matching unique constraint, column counts), 42804 (types), 42710 (name taken).  Names
   are PostgreSQL's (table_cols_fkey, then ...fkey1). */
int ss_fkey_create_all(ss_ctx *ctx, ss_catalog *c, const ast_stmt *st);
/* The same for the table t itself (ALTER TABLE ... ADD FOREIGN KEY: t is already resolved,
   whatever schema it is in; st->table is not looked up again). */
int ss_fkey_create_on(ss_ctx *ctx, ss_catalog *c, ss_table *t, const ast_stmt *st);

/* 42804 "foreign key constraint ... cannot be implemented" (PostgreSQL's DETAIL) when a
   pair of fk's columns has types no equality compares (CREATE, ALTER COLUMN TYPE). */
int ss_fkey_check_types(ss_ctx *ctx, const ss_fkey *fk);

/* ---- enforcement (fkey_check.c) ---- */
/* The rows of t just written (typed like t's columns, all columns): for each foreign key of
   t, a row whose key has no NULL (MATCH SIMPLE; MATCH FULL: all or none NULL) must find its
   referenced row, else 23503 with PostgreSQL's DETAIL.  Call after the statement's rows are
   written, so that rows referencing rows of the same statement pass, as PostgreSQL's
   end-of-statement check. */
int ss_fkey_check_new_rows(ss_ctx *ctx, ss_table *t, const ss_batch *rows);
/* The same check for the one foreign key fk (ADD FOREIGN KEY and VALIDATE CONSTRAINT over
   the rows already in its table). */
int ss_fkey_check_rows_of(ss_ctx *ctx, const ss_fkey *fk, const ss_batch *rows);
/* How the caller deletes referencing rows for ON DELETE CASCADE: rows ids[0..n) of table
   (visible row versions) deleted by the current command, with their own foreign keys
   checked in turn. */
typedef struct ss_fkey_cascade {
    int (*delete_rows)(void *arg, ss_table *table, const ss_rowid *ids, uint32_t n);
    void *arg;
    /* ON DELETE / ON UPDATE SET NULL ('n'), SET DEFAULT ('d') and ON UPDATE CASCADE ('c'):
       rows ids[0..n) of fk->table (visible row versions referencing removed keys) are
       updated by the same command, fk's columns set to NULL, to their defaults, or (CASCADE)
       to keys[k * fk->ncols ...] (typed like fk's columns); for SET DEFAULT keys holds each
       row's removed key (ss_fkey_check_default_kept).  The new versions are checked (NOT
       NULL, CHECK, unique, their own foreign keys) and their removed keys in turn; errors of
       the update itself carry PostgreSQL's CONTEXT (ss_fkey_action_sql) */
    int (*set_rows)(void *arg, const ss_fkey *fk, const ss_rowid *ids, uint32_t n, char action,
                    const ss_value *keys);
} ss_fkey_cascade;

/* What an UPDATE or DELETE binds for the referential actions it may cause (bind_update.c,
   bind_fkey_actions.c): every table reachable through foreign keys with an action other
   than NO ACTION / RESTRICT, with its CHECK constraints and, for the columns of its SET
   DEFAULT foreign keys, their defaults, bound for the statement. */
struct ss_bound_checks;
typedef struct ss_fkey_action_table {
    ss_table *table;
    struct ss_bound_checks *checks;   /* NULL: none */
    ss_expr **defaults;               /* one per column of table, NULL where not needed */
} ss_fkey_action_table;
typedef struct ss_fkey_actions {
    uint32_t n;
    ss_fkey_action_table *list;
} ss_fkey_actions;

/* Rows of ref just deleted (update false) or updated (true): old_rows holds their old
   contents (typed like ref's columns); new_rows (UPDATE) their new contents, row for row in
   the same order (NULL for DELETE).  For each foreign key referencing ref, a removed key
   that no visible row of ref has any more must not be referenced by a visible row: NO
   ACTION / RESTRICT give 23503 with PostgreSQL's message and DETAIL; ON DELETE CASCADE
   deletes the referencing rows, SET NULL / SET DEFAULT / ON UPDATE CASCADE update them,
   through cascade (NULL, or a NULL callback: 0A000).  Call after the statement's changes
   are applied. */
int ss_fkey_check_removed_rows(ss_ctx *ctx, ss_table *ref, const ss_batch *old_rows, const ss_rowid *old_ids,
                               const ss_batch *new_rows, bool update, const ss_fkey_cascade *cascade);
/* old_ids (NULL: not known) names the row version of each row of old_rows: for a DEFERRABLE
   foreign key with NO ACTION that is deferred now, the removed keys' check is queued by them
   (defer/defer.h) and run later by ss_fkey_check_removed_of. */
/* The NO ACTION check of one foreign key for the removed rows old_rows (ref's columns), with
   the transaction's view of now: a key no row of ref holds any more must not be referenced. */
int ss_fkey_check_removed_of(ss_ctx *ctx, const ss_fkey *fk, const ss_batch *old_rows, bool update);
/* SET DEFAULT whose default is the removed key itself (rows: the new versions, orphans:
   each row's removed key, typed like fk's columns): PostgreSQL's NO ACTION error 23503 on
   the referenced table, as its RI_FKey_setdefault re-check gives. */
int ss_fkey_check_default_kept(ss_ctx *ctx, const ss_fkey *fk, const ss_batch *rows, const ss_value *orphans,
                               bool update);
/* The SQL PostgreSQL's referential action runs for fk (action 'n', 'd' or 'c'; on update or
   on delete), for the
   CONTEXT line of an error it raises: UPDATE ONLY "public"."c" SET "a" = NULL WHERE $1
   OPERATOR(pg_catalog.=) "a"; arena memory, NULL on OOM. */
char *ss_fkey_action_sql(ss_ctx *ctx, const ss_fkey *fk, char action, bool update);
/* Whether fk's action sets column col of its table (ON DELETE SET NULL (cols) sets only
   those; otherwise every column of the key). */
bool ss_fkey_action_sets(const ss_fkey *fk, bool update, uint32_t col);
/* The entry of actions for table, NULL when there is none. */
const ss_fkey_action_table *ss_fkey_action_find(const ss_fkey_actions *actions, const ss_table *table);
/* TRUNCATE of tables[0..n): 0A000 "cannot truncate a table referenced in a foreign key
   constraint" (PostgreSQL's SQLSTATE, DETAIL and HINT) when a table outside the list
   references one of them. */
int ss_fkey_check_truncate(ss_ctx *ctx, const ss_catalog *c, ss_table *const *tables, uint32_t n);
/* ---- writers of tables (fkey_writers.c) ---- */
/* Records that the session's transaction wrote rows to t (inserted, or locked to update or
   delete them). */
int ss_fkey_note_writer(ss_ctx *ctx, ss_table *t);
/* A running transaction other than the session's own that wrote to t, or 0. */
ss_xid ss_fkey_other_writer(ss_ctx *ctx, ss_table *t);
/* Whether the transaction top is recorded as a writer of t. */
bool ss_fkey_is_writer(ss_table *t, ss_xid top);
/* Waits until no transaction but the session's own that wrote to t is running (deadlock,
   lock_timeout, cancel as row locks); *committed tells whether one of those it waited for
   committed (its rows are newer than the statement's snapshot). */
int ss_fkey_wait_writers(ss_ctx *ctx, ss_table *t, bool *committed);
/* Frees t's record (the table is freed). */
void ss_fkey_writers_free(ss_table *t);

/* Frees fk, which is on no table's list (ALTER TABLE's COMMIT of a DROP CONSTRAINT). */
void ss_fkey_free(ss_fkey *fk);
/* Whether fk needs the unique index ix of its referenced table: ix's columns are fk's
   referenced columns and no other unique index of the table has them (DROP of the index's
   constraint or of one of its columns then drops fk too, or is refused). */
bool ss_fkey_needs_index(const ss_fkey *fk, const struct ss_index *ix);

/* Whether t has foreign keys (as the referencing table). */
bool ss_fkey_table_has(const ss_table *t);

#endif
