/* deparse_internal.h — what the deparser's files share: the resolved expression tree
 * (dp_node: the AST with names resolved, types known and implicit casts made explicit, as
 * PostgreSQL's analysed query holds it), the FROM scopes names resolve in, and the state
 * of one deparse (output buffer, PostgreSQL's ruleutils' indentation level, pretty mode). */
#ifndef SS_DEPARSE_DEPARSE_INTERNAL_H
#define SS_DEPARSE_DEPARSE_INTERNAL_H

#include "catalog/catalog.h"
#include "deparse/deparse.h"
#include "sql/ast.h"
#include "util/strbuf.h"

/* PostgreSQL's ruleutils' indentation steps */
#define DP_INDENT_STD 8
#define DP_INDENT_JOIN 4
#define DP_INDENT_VAR 4

typedef enum dp_kind {
    DN_VAR = 1,   /* text: "rel.col" as printed */
    DN_CONST,     /* text: the output-function text (NULL: a NULL constant) of type */
    DN_OP,        /* text: operator; args[0] (NULL for a prefix operator), args[1] */
    DN_AND, DN_OR, DN_NOT,
    DN_NULLTEST,  /* args[0] IS [NOT] NULL (negated: NOT NULL) */
    DN_FUNC,      /* text(args): a plain function call */
    DN_AGG,       /* an aggregate call: star, distinct, filter */
    DN_CAST,      /* args[0]::type (a coercion; implicit ones hidden where PostgreSQL hides them) */
    DN_CASE,      /* CASE [args[0]] WHEN whens THEN thens ELSE els END */
    DN_COALESCE,  /* COALESCE(args) */
    DN_SUBLINK,   /* EXISTS / (SELECT ...): sub */
    DN_ANY_ARRAY, /* args[0] text ANY (ARRAY[args[1..]]): an IN list */
    DN_DISTINCT,  /* args[0] IS DISTINCT FROM args[1] */
    DN_SQLFUNC,   /* text(args) with SQL syntax: NULLIF, GREATEST, LEAST */
    DN_WINDOW     /* an aggregate or window function call (as DN_AGG) OVER (window) */
} dp_kind;

typedef struct dp_node dp_node;
struct dp_node {
    dp_kind kind;
    ss_type type;
    const char *text;
    dp_node **args;
    uint32_t nargs;
    bool negated, star, distinct, implicit;
    const char *colname;   /* DN_VAR: the column's name (a target needs no AS when it matches) */
    dp_node **whens, **thens, *els, *filter;
    uint32_t nwhens;
    bool exists;           /* DN_SUBLINK: EXISTS, else a scalar subquery */
    const ast_select *sub; /* DN_SUBLINK: the subquery, printed in scope */
    const struct dp_scope *scope;
    const char *sub_op;    /* DN_SUBLINK: args[0] sub_op ANY / ALL (negated: ALL) (subquery) */
    /* DN_WINDOW: PARTITION BY part, ORDER BY ord (directions in ord_items), the frame */
    dp_node **part, **ord, *start_off, *end_off;
    uint32_t npart, nord;
    const ast_sort_item *ord_items;
    int frame;
};

/* One relation of a FROM scope: columns are qualified with refname. */
typedef struct dp_rel {
    const char *refname;      /* as printed (a renamed relation's new name) */
    const char *qualifier;    /* as the query qualifies its columns (NULL: refname) */
    uint32_t ncols;
    const char **cols;        /* the names the query uses */
    const char **print_cols;  /* the names printed (renames applied) */
    ss_type *types;
} dp_rel;

/* A column merged by JOIN ... USING: an unqualified reference to name means column at of rel. */
typedef struct dp_merge {
    const char *name;
    const dp_rel *rel;
    uint32_t at;
} dp_merge;

typedef struct dp_scope {
    dp_rel **rels;
    uint32_t nrels, cap;
    dp_merge *merges;
    uint32_t nmerges, cap_merges;
    const struct dp_scope *outer; /* the query around a subquery of an expression */
} dp_scope;

/* A WITH query visible to the query being printed. */
typedef struct dp_cte {
    const char *name;
    dp_rel rel;
    const struct dp_cte *outer;
} dp_cte;

typedef struct dp {
    ss_ctx *ctx;
    ss_catalog *c;
    ss_arena *arena;
    bool pretty;
    int indent;
    ss_strbuf *sb;
    const ss_deparse_rename *rename;
    const dp_scope *scope;
    bool in_agg_ok;          /* aggregates allowed where an expression is resolved */
    const dp_cte *ctes;
    bool qualify_all;        /* every relation schema-qualified (a rename's rewrite) */
} dp;

/* 0A000 "pg_get_viewdef of <what> is not supported" (returns SS_ERROR / NULL). */
int dp_unsupported(dp *d, const char *what);

/* Resolves expression e in d's scope (NULL with the error on d->ctx). */
dp_node *dp_resolve(dp *d, const ast_expr *e);
/* e coerced to type t as the parser would (unknown literals typed, implicit casts made);
 * NULL: no implicit coercion this deparser knows. */
dp_node *dp_coerce(dp *d, dp_node *e, ss_type t);
/* Prints n as get_rule_expr(n, showimplicit) does at top level. */
int dp_print_expr(dp *d, const dp_node *n, bool showimplicit);
/* An ORDER BY / GROUP BY / PARTITION BY item as get_rule_sortgroupclause prints it, and
 * an ORDER BY item's direction. */
int dp_print_sortgroup(dp *d, const dp_node *n);
void dp_print_direction(dp *d, const ast_sort_item *o);
/* The type both a and b go to (select_common_type); false: none this deparser knows. */
bool dp_common_type(ss_type a, ss_type b, ss_type *out);
/* An identifier as quote_identifier prints it. */
void dp_put_ident(ss_strbuf *sb, const char *name);
/* PostgreSQL's ruleutils' appendContextKeyword. */
void dp_keyword(dp *d, const char *str, int before, int after, int plus);
/* The query printed as get_query_def does at d->indent (a subquery sees outer); its
 * columns named col_names[0..ncols) (PostgreSQL's resultDesc; NULL: their own names, and
 * "?column?" left out unless visible); out (NULL: not wanted) gets its columns. */
int dp_query(dp *d, const ast_select *q, const dp_scope *outer, uint32_t ncols, const char *const *col_names,
             bool visible, dp_rel *out);

#endif
