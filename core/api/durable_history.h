/* durable_history.h — (hist11) the commit history of a database file whose backend stores it
 * (storage.h version 9): each commit's record handed to the backend with the commit, the
 * records reloaded into the snapshot manager at open, and the history forgotten in the file
 * as in memory.  durable.c calls these with the file's commit lock held where a commit
 * would need it. */
#ifndef SS_API_DURABLE_HISTORY_H
#define SS_API_DURABLE_HISTORY_H

#include "sunstone/storage.h"
#include "txn/txn_manager.h"

/* Whether the backend of a database file stores its commit history. */
bool ss_durable_history_kept(const ss_storage_vtable *vt);
/* A commit through txn_commit_history (or, gch11, version 11's txn_commit_append): top's
 * record (none for SS_XID_INVALID: a commit of no transaction, xids NULL) prepared in the
 * transaction manager and stored with xids and the image (NULL: unchanged), forgetting what
 * the manager forgets with it.  Called with the file's commit lock held, which orders the
 * records.  *pending (with version 11): the commit is recorded but not yet durable, and
 * ss_durable_history_wait(*token) must follow (without the lock) before it is visible.  On
 * SS_ERROR nothing is prepared. */
int ss_durable_history_commit(ss_ctx *ctx, const ss_storage_vtable *vt, void *backend, ss_txn_manager *m, ss_xid top,
                              const ss_xid *xids, uint32_t n, int64_t time_us, const void *image, size_t len,
                              bool *pending, uint64_t *token);
/* The durable half of a pending commit (txn_commit_wait); on SS_ERROR top's record is
 * unprepared, so the commits after it do not wait for it to become visible. */
int ss_durable_history_wait(ss_ctx *ctx, const ss_storage_vtable *vt, void *backend, ss_txn_manager *m, ss_xid top,
                            uint64_t token);
/* At open, after the catalog's replay: the stored records become the history (durable.c
 * made the xids below the backend's xid_floor committed ones of earlier openings first). */
int ss_durable_history_load(ss_ctx *ctx, const ss_storage_vtable *vt, void *backend, ss_txn_manager *m,
                            const char *path);
/* Before a VACUUM reclaims versions: the history the horizon just taken made unreadable is
 * forgotten, in the file first (durably), so that no stored record outlives its versions. */
int ss_durable_history_forget(ss_ctx *ctx, const ss_storage_vtable *vt, void *backend, ss_txn_manager *m);

#endif
