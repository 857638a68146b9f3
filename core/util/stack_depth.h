/* stack_depth.h — PostgreSQL's check_stack_depth for the kernel: every recursive stage
 * (parse-tree transform, binder, expression evaluator) asks ss_stack_too_deep() at each
 * level and fails with 54001 "stack depth limit exceeded" instead of overflowing the stack.
 *
 * The depth is measured from a base address recorded when the calling thread enters the
 * kernel (ss_stack_enter at every API entry that can recurse; nested entries keep the
 * outermost base).  The budget is PostgreSQL's default max_stack_depth (2048 kB), but never
 * more than three quarters of what the thread's stack really has left below the base (its
 * size from pthread_getattr_np, else RLIMIT_STACK), so that code between two checks, and
 * walkers that do not check, always have room. */
#ifndef SS_UTIL_STACK_DEPTH_H
#define SS_UTIL_STACK_DEPTH_H

#include <stdbool.h>
#include <stddef.h>

/* PostgreSQL's default max_stack_depth. */
#define SS_STACK_DEFAULT_BUDGET ((size_t)2048 * 1024)

typedef struct ss_stack_mark {
    char *prev_base;   /* base before this entry (NULL: this entry recorded it) */
    size_t prev_budget;
} ss_stack_mark;

/* Records the calling frame as the stack base unless an outer entry did; pair with
 * ss_stack_leave. */
void ss_stack_enter(ss_stack_mark *m);
void ss_stack_leave(const ss_stack_mark *m);
/* True when the current frame is more than the budget below the base (false outside any
 * ss_stack_enter). */
bool ss_stack_too_deep(void);
/* Also true when charged (nominal bytes) exceeds the budget: a recursive stage charges each of
 * its levels a fixed amount, so that the depth where it refuses does not depend on how the
 * compiler lays out (and inlines into) its frames. */
bool ss_stack_too_deep_charged(size_t charged);
/* The nominal budget in bytes of the current entry (SS_STACK_DEFAULT_BUDGET outside any
 * entry); sanitizer and unoptimised builds allow twice as many real bytes (stack_depth.c). */
size_t ss_stack_budget(void);

/* The 54001 message and PostgreSQL's HINT for the current budget. */
#define SS_STACK_DEPTH_MESSAGE "stack depth limit exceeded"
/* Writes the HINT (naming the budget in kB, as PostgreSQL names max_stack_depth). */
void ss_stack_hint(char *buf, size_t size);

#endif
