/* stack_depth.c — stack base, budget and depth test behind stack_depth.h. */
#include "util/stack_depth.h"
#include "util/tls.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/resource.h>

/* Builds with AddressSanitizer or without optimisation use about twice the stack per call
 * (redzones, unmerged frames): they get twice the bytes for the same nominal budget, so that
 * every build accepts the same statements.  The HINT names the nominal budget. */
#if defined(__SANITIZE_ADDRESS__) || !defined(__OPTIMIZE__)
#define STACK_SCALE 2
#else
#define STACK_SCALE 1
#endif

static SS_TLS char *stack_base;
static SS_TLS size_t stack_budget;
/* lowest usable address of this thread's stack, looked up once per thread (0: unknown) */
static SS_TLS uintptr_t stack_low;
static SS_TLS bool stack_low_known;
/* the budget last computed, and the frame address it was computed at: a host calling the API
   from the same place again (a prepared statement's steps) gets it without the arithmetic */
static SS_TLS uintptr_t budget_at;
static SS_TLS size_t budget_at_value;

static uintptr_t lookup_stack_low(uintptr_t here)
{
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void *addr = NULL;
        size_t size = 0;
        int rc = pthread_attr_getstack(&attr, &addr, &size);
        pthread_attr_destroy(&attr);
        if (rc == 0 && addr && (uintptr_t)addr < here)
            return (uintptr_t)addr;
    }
    struct rlimit rl;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < here)
        return here - (uintptr_t)rl.rlim_cur;
    return 0;
}

void ss_stack_enter(ss_stack_mark *m)
{
    m->prev_base = stack_base;
    m->prev_budget = stack_budget;
    if (stack_base)
        return;
    uintptr_t at = (uintptr_t)__builtin_frame_address(0);
    if (at == budget_at && stack_low_known) {
        stack_base = (char *)at;
        stack_budget = budget_at_value;
        return;
    }
    if (!stack_low_known) {
        stack_low = lookup_stack_low(at);
        stack_low_known = true;
    }
    size_t budget = SS_STACK_DEFAULT_BUDGET * STACK_SCALE;
    if (stack_low && stack_low < at) {
        /* a quarter of what is left (at least 64 kB) stays free for the code between two
           checks and for walkers that do not check */
        size_t left = (size_t)(at - stack_low);
        size_t reserve = left / 4 > 64 * 1024 ? left / 4 : 64 * 1024;
        size_t usable = left > 2 * reserve ? left - reserve : left / 2;
        if (budget > usable)
            budget = usable;
    }
    stack_base = (char *)at;
    stack_budget = budget;
    budget_at = at;
    budget_at_value = budget;
}

void ss_stack_leave(const ss_stack_mark *m)
{
    stack_base = m->prev_base;
    stack_budget = m->prev_budget;
}

bool ss_stack_too_deep(void)
{
    if (!stack_base)
        return false;
    uintptr_t here = (uintptr_t)__builtin_frame_address(0);
    /* the stack grows down on every platform Sunstone builds for; the absolute difference
       keeps the test right if it does not */
    intptr_t diff = (intptr_t)((uintptr_t)stack_base - here);
    if (diff < 0)
        diff = -diff;
    return (size_t)diff > stack_budget;
}

bool ss_stack_too_deep_charged(size_t charged)
{
    if (!stack_base)
        return false;
    return charged > stack_budget / STACK_SCALE || ss_stack_too_deep();
}

size_t ss_stack_budget(void)
{
    return stack_base ? stack_budget / STACK_SCALE : SS_STACK_DEFAULT_BUDGET;
}

void ss_stack_hint(char *buf, size_t size)
{
    snprintf(buf, size,
             "Increase the configuration parameter \"max_stack_depth\" (currently %zukB), after "
             "ensuring the platform's stack depth limit is adequate.",
             ss_stack_budget() / 1024);
}
