/* arena.h — bump allocator for memory that dies together (a statement, a plan). */
#ifndef SS_UTIL_ARENA_H
#define SS_UTIL_ARENA_H

#include <stddef.h>

typedef struct ss_arena ss_arena;

ss_arena *ss_arena_create(void);
void ss_arena_destroy(ss_arena *a);
/* Frees everything allocated so far but keeps the first block for reuse. */
void ss_arena_reset(ss_arena *a);
/* Zeroed, 16-byte aligned; NULL when malloc fails or n is too large to round up. */
void *ss_arena_alloc(ss_arena *a, size_t n);
char *ss_arena_strdup(ss_arena *a, const char *s);
char *ss_arena_strndup(ss_arena *a, const char *s, size_t n);
char *ss_arena_printf(ss_arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
