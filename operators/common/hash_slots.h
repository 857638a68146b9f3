/* hash_slots.h — growth of the slot array of an open-addressing hash table whose entries live
 * in arrays of their own with their hashes stored (the aggregate's group table and DISTINCT
 * sets): slots hold entry + 1 (0 = empty), linear probing, a power-of-two size kept at least
 * twice the entry count. */
#ifndef OPS_HASH_SLOTS_H
#define OPS_HASH_SLOTS_H

#include <stdbool.h>
#include <stdint.h>

#include "sunstone/plugin.h"

/* Whether one more entry (count entries now) would make the load factor exceed one half. */
static inline bool ops_hash_slots_full(uint32_t nslots, uint32_t count)
{
    return (uint64_t)(count + 1) * 2 > nslots;
}

/* Doubles *slots (first size 1024) and re-inserts the count entries by their stored hashes,
 * freeing the old array.  SS_OK, or SS_ERROR with 53200, or 54000 "<too_many>" past 2^31
 * slots, on ctx; *slots and *nslots are unchanged on error. */
int ops_hash_slots_grow(ss_ctx *ctx, const ss_api *api, uint32_t **slots, uint32_t *nslots,
                        const uint64_t *hashes, uint32_t count, const char *too_many);

#endif
