/* sunstone/snapshot.h — snapshot managers (plugins of kind snapshot): map time and
 * transaction ids to snapshots.
 *
 * EXPERIMENTAL: nothing in the kernel calls this vtable yet.  It may change (fields,
 * callbacks, version) until the transactions issue lands and uses it, without an ABI bump;
 * sunstone_plugins shows experimental = true for plugins of this kind.
 *
 * The kernel owns transaction ids.  After every commit it calls record_commit; for
 * `AS OF TIMESTAMP t` it asks for the newest transaction committed at or before t, and
 * for `AS OF TRANSACTION n` whether n is known.  Implementations must answer in
 * O(log n) or better (an ordered index, not a list walk). */
#ifndef SUNSTONE_SNAPSHOT_H
#define SUNSTONE_SNAPSHOT_H

#include "sunstone/operator.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_SNAPSHOT_VTABLE_VERSION 1

typedef struct ss_snapshot_vtable {
    uint32_t struct_size;
    uint32_t version;      /* SS_SNAPSHOT_VTABLE_VERSION */
    const char *name;
    const char *description;

    /* required */
    int (*create)(ss_ctx *ctx, void **manager);
    void (*destroy)(void *manager);
    /* required: commit_xid strictly increases; commit_time_us (µs since the Unix epoch)
       never decreases */
    int (*record_commit)(ss_ctx *ctx, void *manager, uint64_t commit_xid,
                         int64_t commit_time_us);
    /* required: newest commit at or before time_us; *found false when there is none */
    int (*xid_at_time)(ss_ctx *ctx, void *manager, int64_t time_us, uint64_t *xid,
                       bool *found);
    /* required: commit time of xid; *found false when xid was never recorded */
    int (*time_of_xid)(ss_ctx *ctx, void *manager, uint64_t xid, int64_t *time_us,
                       bool *found);
    /* optional: forget commits older than xid (after vacuum) */
    int (*forget_before)(ss_ctx *ctx, void *manager, uint64_t xid);
} ss_snapshot_vtable;

#ifdef __cplusplus
}
#endif
#endif
