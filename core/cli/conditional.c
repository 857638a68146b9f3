/* conditional.c — the \if stack (conditional.h), with psql's state rules: an \if inside a
 * skipped branch is ignored whole, a block runs at most one branch, \else is the last. */
#include "conditional.h"

#include <stdlib.h>

#include "xalloc.h"

void cond_init(cond_stack *c)
{
    c->states = NULL;
    c->n = c->cap = 0;
}

void cond_free(cond_stack *c)
{
    free(c->states);
    cond_init(c);
}

static bool running(cond_state s)
{
    return s == COND_TRUE || s == COND_ELSE_TRUE;
}

bool cond_active(const cond_stack *c)
{
    return c->n == 0 || running(c->states[c->n - 1]);
}

bool cond_empty(const cond_stack *c)
{
    return c->n == 0;
}

const char *cond_if(cond_stack *c, bool value)
{
    cond_state s = !cond_active(c) ? COND_IGNORED : value ? COND_TRUE : COND_FALSE;
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 8;
        c->states = xrealloc(c->states, c->cap * sizeof *c->states);
    }
    c->states[c->n++] = s;
    return NULL;
}

bool cond_elif_evaluates(const cond_stack *c)
{
    return c->n > 0 && c->states[c->n - 1] == COND_FALSE;
}

const char *cond_elif(cond_stack *c, bool value)
{
    if (c->n == 0)
        return "\\elif: no matching \\if";
    cond_state *s = &c->states[c->n - 1];
    switch (*s) {
    case COND_TRUE:
        *s = COND_IGNORED; /* the branch before ran: no other does */
        return NULL;
    case COND_FALSE:
        *s = value ? COND_TRUE : COND_FALSE;
        return NULL;
    case COND_IGNORED:
        return NULL;
    case COND_ELSE_TRUE:
    case COND_ELSE_FALSE:
        return "\\elif: cannot occur after \\else";
    }
    return NULL;
}

const char *cond_else(cond_stack *c)
{
    if (c->n == 0)
        return "\\else: no matching \\if";
    cond_state *s = &c->states[c->n - 1];
    switch (*s) {
    case COND_TRUE:
    case COND_IGNORED:
        *s = COND_ELSE_FALSE;
        return NULL;
    case COND_FALSE:
        *s = COND_ELSE_TRUE;
        return NULL;
    case COND_ELSE_TRUE:
    case COND_ELSE_FALSE:
        return "\\else: cannot occur after \\else";
    }
    return NULL;
}

const char *cond_endif(cond_stack *c)
{
    if (c->n == 0)
        return "\\endif: no matching \\if";
    c->n--;
    return NULL;
}
