/* text_arena.c — block allocation for ops_text_arena (see text_arena.h). */
#include "common/text_arena.h"

/* small first: a column of a few short strings stays small (work_mem accounting counts
   blocks); doubling reaches the largest block after a few allocations */
#define OPS_TEXT_BLOCK_FIRST ((size_t)4 * 1024)
#define OPS_TEXT_BLOCK_MAX ((size_t)8 * 1024 * 1024)

struct ops_text_block {
    ops_text_block *next;
};

static char empty_text[1];

void ops_text_arena_init(ops_text_arena *a, const ss_api *api)
{
    a->api = api;
    a->blocks = NULL;
    a->cur = empty_text;
    a->avail = 0;
    a->next_size = OPS_TEXT_BLOCK_FIRST;
    a->allocated = 0;
}

void ops_text_arena_clear(ops_text_arena *a)
{
    ops_text_block *b = a->blocks;
    while (b) {
        ops_text_block *next = b->next;
        a->api->free(b);
        b = next;
    }
    a->blocks = NULL;
    a->cur = empty_text;
    a->avail = 0;
    a->next_size = OPS_TEXT_BLOCK_FIRST;
    a->allocated = 0;
}

char *ops_text_arena_alloc_slow(ops_text_arena *a, size_t len)
{
    if (len == 0)
        return empty_text;
    size_t size = a->next_size;
    if (size < len)
        size = len;
    if (size > SIZE_MAX - sizeof(ops_text_block))
        return NULL;
    ops_text_block *b = a->api->alloc(sizeof(ops_text_block) + size);
    if (!b)
        return NULL;
    b->next = a->blocks;
    a->blocks = b;
    a->allocated += sizeof(ops_text_block) + size;
    if (a->next_size < OPS_TEXT_BLOCK_MAX)
        a->next_size *= 2;
    char *p = (char *)(b + 1);
    /* A string larger than the usual block gets a block of its own; the current block keeps
       its free space only when it has more left than the new one would. */
    if (size - len >= a->avail) {
        a->cur = p + len;
        a->avail = size - len;
    }
    return p;
}
