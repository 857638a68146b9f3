/* regex_tree.h — the structure of an ARE pattern as PostgreSQL's regex engine sees it (its
 * greediness rules and how a match is divided among the parenthesised groups), used by
 * func_regex.c to give PCRE2's matches PostgreSQL's group boundaries. */
#ifndef SS_TYPES_REGEX_TREE_H
#define SS_TYPES_REGEX_TREE_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct re_tree re_tree;

/* Compiles an ARE fragment (a balanced piece of the pattern) with the pattern's flags; NULL
 * when it does not compile. */
typedef pcre2_code *(*re_compile_fn)(void *arg, const char *p, size_t len);

/* The tree of pattern p (without its "***:" director); expanded is flag x.  NULL when the
 * pattern has back-references or a construct the tree does not model (or out of memory). */
re_tree *re_tree_build(const char *p, size_t len, bool expanded, re_compile_fn compile, void *arg);
void re_tree_free(re_tree *t);

/* Whether the whole expression prefers the shortest match (its greediness is non-greedy). */
bool re_tree_prefers_shortest(const re_tree *t);

/* Divides the match s[so, eo) among the groups as PostgreSQL does, writing group g's bounds
 * to ov[2g], ov[2g+1] (PCRE2_UNSET for a group that did not take part) for g in
 * 1..ngroups-1.  1 done, 0 the division is not one this code reproduces, -1 out of memory. */
/* Whether pattern p (as re_tree_build takes it, back-references allowed) prefers the shortest
 * match by PostgreSQL's greediness rules. */
bool re_tree_pattern_prefers_shortest(const char *p, size_t len, bool expanded);

int re_tree_dissect(re_tree *t, const char *s, size_t len, size_t so, size_t eo, PCRE2_SIZE *ov, uint32_t ngroups);

#endif
