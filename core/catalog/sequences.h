/* sequences.h — the database's sequences (CREATE SEQUENCE, SERIAL, identity columns) and
 * their values, after PostgreSQL's sequence code: state shared by every session of the
 * database under one mutex, never rolled back; each session's currval / lastval memory. */
#ifndef SS_CATALOG_SEQUENCES_H
#define SS_CATALOG_SEQUENCES_H

#include <pthread.h>

#include "catalog/catalog_txn.h"
#include "exec/context.h"

/* A sequence's parameters, resolved as PostgreSQL's init_params does. */
typedef struct ss_seq_params {
    int32_t type;                 /* SS_TYPE_INT2 / INT4 / INT8 */
    int64_t increment, min, max, start, cache;
    bool cycle;
} ss_seq_params;

/* A sequence a statement creates (CREATE SEQUENCE, a SERIAL or identity column). */
typedef struct ss_seq_new_def {
    const char *name;
    ss_seq_params p;
    const char *owner_table, *owner_column;
    char owner_kind;
} ss_seq_new_def;

typedef struct ss_sequence {
    char *name;
    uint64_t id;                  /* unique for the database's life: a session's currval
                                     memory of a dropped sequence is not another's */
    ss_seq_params p;
    int64_t last_value, log_cnt;
    bool is_called;
    char *owner_table, *owner_column; /* OWNED BY (NULL: none) */
    char owner_kind;              /* 's' SERIAL default, 'i' identity, 'o' OWNED BY; 'd' a
                                     SERIAL default's after OWNED BY NONE: owner_* name the
                                     column whose default uses it, which owns it no more */
    ss_ddl_stamp ddl;             /* pending CREATE / DROP (catalog_txn.h); its values are
                                     never rolled back */
    const struct ss_schema *ns;   /* its schema (catalog/namespace.h) */
    uint64_t created;             /* the catalog's version at creation: DROP SCHEMA's order */
    uint32_t oid;                 /* (oid8) pg_class.oid (catalog/object_oids.h) */
    uint64_t gen;                 /* its storage generation (PostgreSQL's relfilenode): a
                                     session's cached values of another one are given up */
    /* (tx9) a pending transaction's ALTER rewrote it: what other sessions read until that
       one ends (ss_seq_snapshot; PostgreSQL's committed relfilenode and pg_sequence row) —
       its parameters and values before the transaction's first rewrite */
    bool pending_rewrite;
    bool committed_is_called;
    int64_t committed_last_value, committed_log_cnt;
    ss_seq_params committed_p;
} ss_sequence;

typedef struct ss_seq_catalog {
    pthread_mutex_t mu;
    ss_sequence **seqs;
    uint32_t n, cap;
    uint64_t next_id;
    struct ss_catalog *catalog;   /* the catalog holding it: its schemas (namespace.h) */
} ss_seq_catalog;

/* A session's memory of the values it got (currval) and of the last sequence it used. */
typedef struct ss_seq_session {
    /* per sequence used: the value currval gives and the last of the values fetched into
       this session's cache (CACHE n: nextval hands them out before asking again) */
    struct { uint64_t id, gen; int64_t value, cached, increment; } *vals;
    uint32_t n, cap;
    uint64_t last_id;             /* 0: none */
    int64_t last_value;
} ss_seq_session;

ss_seq_catalog *ss_seq_catalog_new(void);
void ss_seq_catalog_free(ss_seq_catalog *sc);
void ss_seq_session_free(ss_seq_session *s);

/* Whether a sequence of that name exists (the caller holds no lock: names change only by DDL,
 * which the caller serialises). */
bool ss_seq_exists(ss_seq_catalog *sc, const char *name);
/* Creates it in ctx's transaction (42P07 when the name is taken by a sequence; the caller
 * checks tables and views).  owner_* may be NULL. */
int ss_seq_create(ss_ctx *ctx, ss_seq_catalog *sc, const char *name, const ss_seq_params *p,
                  const char *owner_table, const char *owner_column, char owner_kind);
/* Drops it (no checks) in ctx's transaction: at once without one, else when it commits. */
int ss_seq_drop(ss_ctx *ctx, ss_seq_catalog *sc, const char *name);
/* Drops the sequences owned by a column of table (column non-NULL: by that column), as
 * ss_seq_drop; a 'd' one (owned by none) stays. */
int ss_seq_drop_owned(ss_ctx *ctx, ss_seq_catalog *sc, const char *table, const char *column);
/* Removes s and frees it (a committed DROP, an undone CREATE). */
void ss_seq_destroy(ss_seq_catalog *sc, ss_sequence *s);
/* A copy of the sequence's description and state taken under the lock (false: no such
 * sequence); its name and owner names point into the catalog's (valid until DDL drops it). */
bool ss_seq_snapshot(ss_seq_catalog *sc, const char *name, ss_sequence *out);

/* nextval / currval / setval / lastval with PostgreSQL's errors (2200H, 55000, 22003). */
int ss_seq_nextval(ss_ctx *ctx, ss_seq_catalog *sc, ss_seq_session *sess, const char *name, int64_t *out);
int ss_seq_currval(ss_ctx *ctx, ss_seq_catalog *sc, ss_seq_session *sess, const char *name, int64_t *out);
int ss_seq_setval(ss_ctx *ctx, ss_seq_catalog *sc, ss_seq_session *sess, const char *name, int64_t value,
                  bool is_called);
int ss_seq_lastval(ss_ctx *ctx, ss_seq_catalog *sc, ss_seq_session *sess, int64_t *out);

/* ALTER SEQUENCE (and an identity column's SET options / RESTART): change computes the new
 * parameters from the sequence's current state under the catalog's lock (an error on ctx
 * aborts); restart sets last_value (is_called false).  With rewrite (any option but OWNED BY)
 * the sequence gets a new generation, PostgreSQL's new relfilenode: every session's cached
 * values are given up.  Transactional as PostgreSQL's: in ctx's transaction the state before
 * is logged (catalog_txn.h's callback) and ROLLBACK / ROLLBACK TO puts it back — parameters,
 * owner and, after a rewrite, the values nextval / setval handed out since (not those of
 * before the ALTER); the transaction holds the sequence's lock (ddl.locked) until it ends, so
 * other sessions' nextval / currval / setval / ALTER / DROP wait for it, as PostgreSQL's
 * ShareRowExclusiveLock makes them. */
typedef struct ss_seq_change {
    ss_seq_params p;
    bool restart, reset_log;
    int64_t last_value;
} ss_seq_change;
/* OWNED BY: the new owner (table NULL: none) and kind ('s', 'o', 'd' or 0). */
typedef struct ss_seq_owner {
    const char *table, *column;
    char kind;
} ss_seq_owner;
int ss_seq_alter(ss_ctx *ctx, ss_seq_catalog *sc, const char *name, bool rewrite, const ss_seq_owner *owner,
                 int (*change)(ss_ctx *ctx, const ss_sequence *cur, void *arg, ss_seq_change *out), void *arg);

/* strdup of s, NULL for NULL; *ok false when memory ran out. */
char *ss_strdup_or_null(const char *s, bool *ok);

/* PostgreSQL's text-to-regclass name rule: "Quoted" kept, else folded to lower case; a
 * "public." qualifier dropped.  out holds at least 64 bytes + the input length. */
void ss_seq_name_from_text(const char *text, size_t len, char *out, size_t outsz);

#endif
