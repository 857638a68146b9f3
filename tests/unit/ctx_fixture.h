/* ctx_fixture.h — the fixture Check tests of kernel code share: an execution context with its
 * own arena and error, fresh for each test (setup / teardown as the checked fixture). */
#ifndef SS_TESTS_CTX_FIXTURE_H
#define SS_TESTS_CTX_FIXTURE_H

#include <string.h>

#include "exec/context.h"
#include "util/arena.h"

static ss_error err;
static ss_arena *arena;
static ss_ctx ctx;

static void setup(void)
{
    memset(&err, 0, sizeof err);
    ss_error_clear(&err);
    arena = ss_arena_create();
    ctx = (ss_ctx){.arena = arena, .err = &err};
}

static void teardown(void)
{
    ss_error_clear(&err);
    ss_arena_destroy(arena);
}

#endif
