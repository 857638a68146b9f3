/* alter_state.h — what ALTER TABLE keeps to undo itself: the table's catalog state as it was
 * when the statement began (name, columns, types, constraints, storage handle, its index
 * list and each index's name, key columns and module handle).  The statement works on fresh
 * copies; ROLLBACK puts the originals back (dropping a storage or index handle the statement
 * made and the columns it added in place), COMMIT frees the originals (and the handles the
 * statement replaced, the indexes it dropped).  Private to core/catalog/. */
#ifndef SS_CATALOG_ALTER_STATE_H
#define SS_CATALOG_ALTER_STATE_H

#include "catalog/catalog.h"
#include "catalog/constraints.h"
#include "index/index.h"

typedef struct alter_index_saved {
    ss_index *ix;
    char *name;
    uint32_t *cols;
    ss_type *types;
    void *handle;
    bool removed;              /* this statement took it off the table's list */
} alter_index_saved;

/* A foreign key the statement changed (its name, columns, NOT VALID) or took off its
   table's list (detached: COMMIT frees it, ROLLBACK puts it back at pos).  It may belong to
   another table than the altered one (DROP ... CASCADE of a referenced key). */
struct ss_fkey;
typedef struct alter_fkey_saved {
    struct ss_fkey *fk;
    ss_table *table;
    uint32_t pos;
    bool detached;
    char *name;
    uint32_t *cols, *ref_cols, *del_set;
    bool not_valid;
    bool deferrable, initdeferred;
} alter_fkey_saved;

typedef struct alter_seq_saved {
    struct ss_sequence *seq;
    char *owner_table, *owner_column;
} alter_seq_saved;

typedef struct alter_saved {
    ss_table *t;
    char *name;
    uint32_t ncols;
    ss_column_def *cols;
    ss_type *types;
    ss_table_cons *cons;
    void *handle;
    uint32_t added_in_place;   /* columns the statement added to handle itself (add_column) */
    uint32_t nindexes;
    alter_index_saved *indexes;
    uint32_t nfkeys;           /* the table's foreign keys (those after them are the
                                  statement's: ROLLBACK removes them) */
    alter_fkey_saved *fkeys;   /* foreign keys the statement changed, in order */
    uint32_t nfkeys_saved;
    alter_seq_saved *seqs;     /* sequences whose owner names the statement changed */
    uint32_t nseqs;
    ss_ctx end_ctx;            /* the context of COMMIT / ROLLBACK's backend calls (nothing
                                  recorded on it is reported) */
    ss_error end_err;
} alter_saved;

/* Saves t's state and gives t fresh copies of it; NULL (53200 on ctx) when out of memory. */
alter_saved *ss_alter_save(ss_ctx *ctx, ss_table *t);
/* ROLLBACK: t as it was; frees s. */
void ss_alter_undo(void *s);
/* COMMIT: frees what t no longer uses and s. */
void ss_alter_commit(void *s);
/* The saved entry of index ix (NULL: it did not exist when the statement began). */
alter_index_saved *ss_alter_saved_index(alter_saved *s, const ss_index *ix);
/* Takes ix off t's index list (DROP COLUMN of a key column); COMMIT frees it. */
void ss_alter_remove_index(alter_saved *s, ss_index *ix);
/* Records fk's name, columns and NOT VALID before the statement changes them (once per
   statement). */
int ss_alter_save_fkey(ss_ctx *ctx, alter_saved *s, struct ss_fkey *fk);
/* Takes fk off its table's list (saved first); COMMIT frees it. */
int ss_alter_detach_fkey(ss_ctx *ctx, alter_saved *s, struct ss_fkey *fk);
/* Records the owner names of sequence q before the statement changes them. */
int ss_alter_save_seq(ss_ctx *ctx, alter_saved *s, struct ss_sequence *q);

#endif
