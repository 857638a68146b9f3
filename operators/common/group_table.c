/* group_table.c — GROUP BY key hashing (column at a time), probing (linear, stored hashes
 * compared before keys) and growth for group_table. */
#include "common/group_table.h"

#include <string.h>

#include "common/api_memory.h"
#include "common/hash_slots.h"
#include "common/value_hash.h"

int group_table_init(ss_ctx *ctx, const ss_api *api, group_table *gt, uint32_t nkeys,
                     const ss_type *key_types)
{
    memset(gt, 0, sizeof *gt);
    gt->api = api;
    gt->keys = ops_zalloc_array(ctx, api, nkeys ? nkeys : 1, sizeof *gt->keys);
    if (!gt->keys)
        return SS_ERROR;
    for (uint32_t c = 0; c < nkeys; c++) {
        gt->nkeys = c + 1; /* release() frees the buffers set up so far */
        if (ops_column_init(ctx, &gt->keys[c], api, key_types[c], "GROUP BY") != SS_OK)
            return SS_ERROR;
    }
    gt->nkeys = nkeys;
    return SS_OK;
}

void group_table_clear(group_table *gt)
{
    for (uint32_t c = 0; c < gt->nkeys; c++)
        ops_column_release(&gt->keys[c]);
    ops_free(gt->api, gt->hashes);
    ops_free(gt->api, gt->slots);
    gt->hashes = NULL;
    gt->slots = NULL;
    gt->ngroups = gt->capacity = gt->nslots = 0;
}

void group_table_release(group_table *gt)
{
    if (!gt->api)
        return;
    group_table_clear(gt);
    ops_free(gt->api, gt->keys);
    gt->keys = NULL;
    gt->nkeys = 0;
}

static int grow_slots(ss_ctx *ctx, group_table *gt)
{
    return ops_hash_slots_grow(ctx, gt->api, &gt->slots, &gt->nslots, gt->hashes, gt->ngroups,
                               "too many groups in hash aggregation");
}

static int add_group(ss_ctx *ctx, group_table *gt, ss_vector *const *key_vectors, uint32_t row,
                     uint64_t hash, uint32_t *gid)
{
    if (gt->ngroups == gt->capacity) {
        uint32_t capacity = gt->capacity ? gt->capacity * 2 : 256;
        uint64_t *hashes = ops_realloc(gt->api, gt->hashes, (size_t)capacity * sizeof *hashes);
        if (!hashes)
            return gt->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        gt->hashes = hashes;
        gt->capacity = capacity;
    }
    for (uint32_t c = 0; c < gt->nkeys; c++)
        if (ops_column_append(ctx, &gt->keys[c], key_vectors[c], &row, 1) != SS_OK)
            return SS_ERROR;
    gt->hashes[gt->ngroups] = hash;
    *gid = gt->ngroups++;
    return SS_OK;
}

static inline bool keys_equal(const group_table *gt, uint32_t g, ss_vector *const *key_vectors,
                              uint32_t row)
{
    for (uint32_t c = 0; c < gt->nkeys; c++)
        if (!ops_column_equals_vector(&gt->keys[c], g, key_vectors[c], row))
            return false;
    return true;
}

/* The probe loop for one int4 or int8 key (CTYPE): the stored key is compared directly (one
 * random access per probe instead of the stored hash and then the key), and the slot array is
 * grown once per batch.  A NULL key on either side takes the general comparison. */
#define OPS_INT_KEY_LOOKUP(CTYPE)                                                          \
    do {                                                                                   \
        const ss_vector *v = key_vectors[0];                                               \
        const CTYPE *in = (const CTYPE *)v->data;                                          \
        uint32_t mask = gt->nslots - 1;                                                    \
        for (uint32_t k = 0; k < n; k++) {                                                 \
            uint32_t row = pos[k];                                                         \
            bool in_null = ss_vector_is_null(v, row);                                      \
            uint64_t h = hashes[k];                                                        \
            uint32_t s = (uint32_t)h & mask;                                               \
            for (;;) {                                                                     \
                uint32_t e = gt->slots[s];                                                 \
                if (e == 0) {                                                              \
                    uint32_t gid = 0;                                                      \
                    if (add_group(ctx, gt, key_vectors, row, h, &gid) != SS_OK)            \
                        return SS_ERROR;                                                   \
                    gt->slots[s] = gid + 1;                                                \
                    gids[k] = gid;                                                         \
                    break;                                                                 \
                }                                                                          \
                const ops_column *c = &gt->keys[0];                                       \
                bool same = in_null || c->validity                                         \
                                ? ops_column_equals_vector(c, e - 1, v, row)               \
                                : ((const CTYPE *)c->data)[e - 1] == in[row];              \
                if (same) {                                                                \
                    gids[k] = e - 1;                                                       \
                    break;                                                                 \
                }                                                                          \
                s = (s + 1) & mask;                                                        \
            }                                                                              \
        }                                                                                  \
    } while (0)

static void hash_keys(const group_table *gt, ss_vector *const *key_vectors, const uint32_t *pos, uint32_t n,
                      uint64_t *hashes)
{
    for (uint32_t c = 0; c < gt->nkeys; c++)
        ops_hash_vector(key_vectors[c], pos, n, hashes, c > 0);
    if (gt->nkeys > 1)
        for (uint32_t k = 0; k < n; k++)
            hashes[k] = ops_hash_u64(hashes[k]);
}

void group_table_probe(const group_table *gt, ss_vector *const *key_vectors, const uint32_t *pos, uint32_t n,
                       uint64_t *hashes, uint32_t *gids)
{
    hash_keys(gt, key_vectors, pos, n, hashes);
    for (uint32_t k = 0; k < n; k++) {
        gids[k] = GROUP_TABLE_MISS;
        if (gt->nslots == 0)
            continue;
        uint64_t h = hashes[k];
        uint32_t row = pos[k], mask = gt->nslots - 1;
        for (uint32_t s = (uint32_t)h & mask;; s = (s + 1) & mask) {
            uint32_t e = gt->slots[s];
            if (e == 0)
                break;
            if (gt->hashes[e - 1] == h && keys_equal(gt, e - 1, key_vectors, row)) {
                gids[k] = e - 1;
                break;
            }
        }
    }
}

size_t group_table_memory(const group_table *gt)
{
    size_t n = (size_t)gt->capacity * sizeof(uint64_t) + (size_t)gt->nslots * sizeof(uint32_t);
    for (uint32_t c = 0; c < gt->nkeys; c++)
        n += ops_column_bytes(&gt->keys[c]);
    return n;
}

int group_table_lookup(ss_ctx *ctx, group_table *gt, ss_vector *const *key_vectors,
                       const uint32_t *pos, uint32_t n, uint64_t *hashes, uint32_t *gids)
{
    hash_keys(gt, key_vectors, pos, n, hashes);

    ops_layout single = gt->nkeys == 1 ? gt->keys[0].layout : OPS_LAYOUT_NONE;
    if (single == OPS_LAYOUT_INT4 || single == OPS_LAYOUT_INT8) {
        /* room for every row of the batch being a new group: no growth inside the loop */
        while (n > 0 && ops_hash_slots_full(gt->nslots, gt->ngroups + n - 1))
            if (grow_slots(ctx, gt) != SS_OK)
                return SS_ERROR;
        if (single == OPS_LAYOUT_INT4)
            OPS_INT_KEY_LOOKUP(int32_t);
        else
            OPS_INT_KEY_LOOKUP(int64_t);
        return SS_OK;
    }

    for (uint32_t k = 0; k < n; k++) {
        /* keep the load factor at or below one half */
        if (ops_hash_slots_full(gt->nslots, gt->ngroups) && grow_slots(ctx, gt) != SS_OK)
            return SS_ERROR;
        uint64_t h = hashes[k];
        uint32_t row = pos[k], mask = gt->nslots - 1;
        uint32_t s = (uint32_t)h & mask;
        for (;;) {
            uint32_t e = gt->slots[s];
            if (e == 0) {
                uint32_t gid = 0;
                if (add_group(ctx, gt, key_vectors, row, h, &gid) != SS_OK)
                    return SS_ERROR;
                gt->slots[s] = gid + 1;
                gids[k] = gid;
                break;
            }
            if (gt->hashes[e - 1] == h && keys_equal(gt, e - 1, key_vectors, row)) {
                gids[k] = e - 1;
                break;
            }
            s = (s + 1) & mask;
        }
    }
    return SS_OK;
}
