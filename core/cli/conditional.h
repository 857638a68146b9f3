/* conditional.h — psql's \if / \elif / \else / \endif: a stack of the open blocks of one
 * input (a script, \i file or the prompt), each in one of psql's states; input is run only
 * while every open block is in a taken branch. */
#ifndef SUNSTONE_CLI_CONDITIONAL_H
#define SUNSTONE_CLI_CONDITIONAL_H

#include <stdbool.h>
#include <stddef.h>

typedef enum cond_state {
    COND_TRUE,       /* in the branch being run */
    COND_FALSE,      /* no branch taken yet: an \elif or \else may still run */
    COND_IGNORED,    /* a branch was taken earlier, or the block is inside a skipped one */
    COND_ELSE_TRUE,  /* in an \else being run */
    COND_ELSE_FALSE, /* in an \else that is skipped */
} cond_state;

typedef struct cond_stack {
    cond_state *states;
    size_t n, cap;
} cond_stack;

void cond_init(cond_stack *c);
void cond_free(cond_stack *c);
/* Whether input is to be run: no open block, or the innermost one is in a branch being run. */
bool cond_active(const cond_stack *c);
bool cond_empty(const cond_stack *c);

/* The four commands.  value is the already-evaluated expression of \if / \elif (ignored when
 * the branch could not run anyway).  They return NULL, or psql's error text ("\else: no
 * matching \if", "\elif: cannot occur after \else", ...), leaving the stack unchanged. */
const char *cond_if(cond_stack *c, bool value);
const char *cond_elif(cond_stack *c, bool value);
const char *cond_else(cond_stack *c);
const char *cond_endif(cond_stack *c);
/* Whether \elif's expression would be looked at (the block has taken no branch yet and runs). */
bool cond_elif_evaluates(const cond_stack *c);

#endif
