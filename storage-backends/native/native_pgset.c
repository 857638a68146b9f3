/* native_pgset.c — a hash set of page numbers (open addressing, linear probing). */
#include "native_internal.h"

#include <stdlib.h>

static size_t slot_of(uint64_t pgno, size_t cap) { return (size_t)((pgno * 0x9E3779B97F4A7C15ull) >> 17) & (cap - 1); }

static int grow(native_pgset *s)
{
    size_t ncap = s->cap ? s->cap * 2 : 64;
    uint64_t *ns = calloc(ncap, sizeof *ns);
    if (!ns)
        return -1;
    for (size_t i = 0; i < s->cap; i++)
        if (s->slots[i]) {
            size_t j = slot_of(s->slots[i], ncap);
            while (ns[j])
                j = (j + 1) & (ncap - 1);
            ns[j] = s->slots[i];
        }
    free(s->slots);
    s->slots = ns;
    s->cap = ncap;
    return 0;
}

int native_pgset_add(native_pgset *s, uint64_t pgno)
{
    if ((s->count + 1) * 2 > s->cap && grow(s) != 0)
        return -1;
    size_t j = slot_of(pgno, s->cap);
    while (s->slots[j]) {
        if (s->slots[j] == pgno)
            return 0;
        j = (j + 1) & (s->cap - 1);
    }
    s->slots[j] = pgno;
    s->count++;
    return 0;
}

int native_pgset_has(const native_pgset *s, uint64_t pgno)
{
    if (!s->cap)
        return 0;
    size_t j = slot_of(pgno, s->cap);
    while (s->slots[j]) {
        if (s->slots[j] == pgno)
            return 1;
        j = (j + 1) & (s->cap - 1);
    }
    return 0;
}

void native_pgset_remove(native_pgset *s, uint64_t pgno)
{
    if (!s->cap)
        return;
    size_t j = slot_of(pgno, s->cap);
    while (s->slots[j] && s->slots[j] != pgno)
        j = (j + 1) & (s->cap - 1);
    if (!s->slots[j])
        return;
    s->slots[j] = 0;
    s->count--;
    /* re-insert the rest of the cluster so probing still finds them */
    size_t k = (j + 1) & (s->cap - 1);
    while (s->slots[k]) {
        uint64_t v = s->slots[k];
        s->slots[k] = 0;
        size_t t = slot_of(v, s->cap);
        while (s->slots[t])
            t = (t + 1) & (s->cap - 1);
        s->slots[t] = v;
        k = (k + 1) & (s->cap - 1);
    }
}

void native_pgset_free(native_pgset *s)
{
    free(s->slots);
    s->slots = NULL;
    s->cap = s->count = 0;
}
