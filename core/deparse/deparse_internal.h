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
    DN_NULLTEST,  /* args[0] IS [NOT] NULL (negated: NOT NULL); with text, the boolean test
                     args[0] IS [NOT] TRUE / FALSE / UNKNOWN (text: " IS TRUE" ...) */
    DN_FUNC,      /* text(args): a plain function call */
    DN_AGG,       /* an aggregate call: star, distinct, filter */
    DN_CAST,      /* args[0]::type (a coercion; implicit ones hidden where PostgreSQL hides them) */
    DN_CASE,      /* CASE [args[0]] WHEN whens THEN thens ELSE els END */
    DN_COALESCE,  /* COALESCE(args) */
    DN_SUBLINK,   /* EXISTS / (SELECT ...): sub */
    DN_ANY_ARRAY, /* args[0] text ANY (ARRAY[args[1..]]): an IN list */
    DN_DISTINCT,  /* args[0] IS DISTINCT FROM args[1] */
    DN_SQLFUNC,   /* text(args) with SQL syntax: NULLIF, GREATEST, LEAST */
    DN_WINDOW,    /* an aggregate or window function call (as DN_AGG) OVER (window) */
    DN_GROUPING,  /* GROUPING(args) */
    DN_ROW,       /* ROW(args) (a row constructor; implicit: (args) as PostgreSQL prints it) */
    DN_ARRAY,     /* ARRAY[args] */
    DN_SUBSCRIPT  /* args[0][...]: args[1 + 2i] / args[2 + 2i] subscript i's lower / upper bound
                     (NULL: none), a slice when bit i of frame */
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
    const char *query_colname; /* DN_VAR: the name the query reads it by (before renames) */
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
    /* DN_WINDOW: OVER win_name (a window of the WINDOW clause, nothing else printed), or
       win_ref: OVER (win_ref ...), the window it starts from; text NULL: a WINDOW clause's
       own specification */
    const char *win_name, *win_ref;
    bool array_arg;        /* DN_ANY_ARRAY: args[1] is the array (op ANY (array)), not a list */
    /* DN_GROUPING: GROUPING(args) */
};

/* One relation of a FROM scope: columns are qualified with refname. */
typedef struct dp_rel {
    const char *refname;      /* as printed (a renamed relation's new name) */
    const char *qualifier;    /* as the query qualifies its columns (NULL: refname) */
    bool is_table;            /* a table of the catalog (FOR UPDATE can name it) */
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
    struct dp_natural *naturals;  /* the columns each NATURAL join of this scope merges */
    /* the names its FROM items print as (set_rtable_names: unique against the query levels
       around), in FROM order; next_unique: the next item's */
    const char **unique;
    uint32_t nunique, next_unique;
} dp_scope;

/* The names the FROM items of one query level print as, and the levels around it. */
typedef struct dp_names {
    const char **names;
    uint32_t n;
    const struct dp_names *outer;
} dp_names;

/* The columns a NATURAL join merges (found while printing it), for * over it. */
typedef struct dp_natural {
    const ast_from_item *join;
    const char **cols;
    uint32_t ncols;
    struct dp_natural *next;
} dp_natural;

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
    const ast_select *win_query; /* the query whose WINDOW clause OVER name reads */
    const dp_names *names;       /* the refnames of the query levels being printed */
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
/* A type name of the AST (no array) as the parser reads it, typmod included; 0A000 else. */
int dp_type_name(dp *d, const ast_type_name *tn, ss_type *out);
/* The type both a and b go to (select_common_type); false: none this deparser knows. */
bool dp_common_type(ss_type a, ss_type b, ss_type *out);
/* A WINDOW clause's window resolved (a DN_WINDOW without a function), and its
 * specification printed "(...)" as get_rule_windowspec. */
dp_node *dp_resolve_window(dp *d, const ast_window *w);
int dp_print_window_spec(dp *d, const dp_node *n);
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
