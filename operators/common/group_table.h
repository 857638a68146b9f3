/* group_table.h — the hash table of GROUP BY keys (aggregate) and of set-operation rows
 * (setop): maps each input row's key values to a dense group id (0, 1, 2, ... in order of
 * first appearance), storing one copy of each distinct key in column buffers.  NULL keys group together; float8 -0/0 and NaNs group as
 * PostgreSQL's equality says. */
#ifndef OPS_GROUP_TABLE_H
#define OPS_GROUP_TABLE_H

#include "sunstone/plugin.h"

#include "common/column_buffer.h"

typedef struct group_table {
    const ss_api *api;
    uint32_t nkeys;
    ops_column *keys;  /* nkeys buffers, one value per group */
    uint64_t *hashes;  /* per group */
    uint32_t ngroups;
    uint32_t capacity; /* groups hashes can hold */
    uint32_t *slots;   /* open addressing: group id + 1, 0 = empty */
    uint32_t nslots;   /* power of two, 0 before the first group */
} group_table;

/* Prepares an empty table for keys of these types (no allocation besides the buffers'
 * descriptors); 0A000 for a key type without a layout. */
int group_table_init(ss_ctx *ctx, const ss_api *api, group_table *gt, uint32_t nkeys,
                     const ss_type *key_types);
/* Forgets every group; the table stays usable. */
void group_table_clear(group_table *gt);
/* Frees everything; tolerates a zeroed struct. */
void group_table_release(group_table *gt);
/* gids[k] = group of the key values at row pos[k] of key_vectors, for k < n, creating
 * groups for new keys.  hashes is scratch for n values. */
int group_table_lookup(ss_ctx *ctx, group_table *gt, ss_vector *const *key_vectors,
                       const uint32_t *pos, uint32_t n, uint64_t *hashes, uint32_t *gids);

/* Like group_table_lookup without creating groups: gids[k] = GROUP_TABLE_MISS for a key the
 * table does not hold; hashes[k] = the key's hash (what lookup computes) either way. */
#define GROUP_TABLE_MISS UINT32_MAX
void group_table_probe(const group_table *gt, ss_vector *const *key_vectors, const uint32_t *pos, uint32_t n,
                       uint64_t *hashes, uint32_t *gids);
/* Bytes the table holds (keys, hashes, slots): its share of a work_mem budget. */
size_t group_table_memory(const group_table *gt);

#endif
