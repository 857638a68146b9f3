/* jsonpath.h — a subset of the SQL/JSON path language over jsonb, as PostgreSQL 15 evaluates
 * it: the parsed form (jsonpath_parse.c), its evaluation over a decoded jsonb tree
 * (jsonpath_exec.c) and the SQL functions and operators on top (jsonpath_fn.c:
 * jsonb_path_query_array / _first / _exists / _match, @? and @@; jsonb_path_query's rows for
 * json_srf.c).
 *
 * Covered: lax / strict, $, @, $name (the vars argument), literals (numbers, strings, true,
 * false, null), .key, ."key", .*, [*], [subscripts with n, n to m, last and arithmetic],
 * filters ?( ), == != <> < <= > >=, && || !, is unknown, exists( ), like_regex (flags i s m x
 * q), starts with, + - * / % and unary + -, the methods .size() .type() .double() .abs()
 * .floor() .ceiling().  Other constructs (.**, .keyvalue(), .datetime(), ...) are 0A000
 * naming them. */
#ifndef SS_TYPES_JSONPATH_H
#define SS_TYPES_JSONPATH_H

#include "types/json/json.h"

enum {
    JP_ROOT,     /* $ */
    JP_CURRENT,  /* @ */
    JP_VAR,      /* $name: s / len */
    JP_LAST,     /* last (inside a subscript) */
    JP_LITERAL,  /* lit */
    JP_KEY,      /* arg . key (s / len) */
    JP_ANYKEY,   /* arg .* */
    JP_ANYELEM,  /* arg [*] */
    JP_INDEX,    /* arg [subs] (nsubs pairs from / to; to NULL for one subscript) */
    JP_FILTER,   /* arg ? (right) */
    JP_METHOD,   /* arg . method() (method: JPM_*) */
    JP_BINARY,   /* left op right: arithmetic, comparison, && || */
    JP_NOT,      /* ! (left) */
    JP_UNARY,    /* op left (op '+' or '-') */
    JP_EXISTS,   /* exists (left) */
    JP_UNKNOWN,  /* (left) is unknown */
    JP_LIKE,     /* left like_regex s [flag flags] */
    JP_STARTS,   /* left starts with right */
};

enum { JPM_SIZE, JPM_TYPE, JPM_DOUBLE, JPM_ABS, JPM_FLOOR, JPM_CEILING };

/* Binary operators (JP_BINARY's op). */
enum { JPO_ADD, JPO_SUB, JPO_MUL, JPO_DIV, JPO_MOD, JPO_EQ, JPO_NE, JPO_LT, JPO_LE, JPO_GT, JPO_GE, JPO_AND,
       JPO_OR };

typedef struct jp_node {
    int kind;
    int op;                 /* JP_BINARY / JP_UNARY: the operator; JP_METHOD: JPM_* */
    struct jp_node *arg;    /* the accessor's input (NULL: none, the chain's start) */
    struct jp_node *left, *right;
    struct jp_node **subs;  /* JP_INDEX: 2 * nsubs (from, to) */
    uint32_t nsubs;
    const char *s;          /* key, variable name, like_regex pattern */
    uint32_t len;
    const char *flags;      /* like_regex flags */
    uint32_t flen;
    jv lit;                 /* JP_LITERAL */
} jp_node;

typedef struct jp_path {
    bool strict;
    jp_node *expr;
} jp_path;

/* Parses path text into arena; 42601 "syntax error ... of jsonpath input" or 0A000 for a
 * construct outside the subset (named). */
int jp_parse(ss_ctx *ctx, const char *s, size_t len, ss_arena *a, jp_path *out);

/* A sequence of items. */
typedef struct jp_seq {
    jv **v;
    uint32_t n, cap;
} jp_seq;

/* Evaluates path over doc with variables vars (an object, or NULL); items in arena.  silent:
 * the errors PostgreSQL's silent argument suppresses give SS_OK with *suppressed set. */
int jp_eval(ss_ctx *ctx, const jp_path *path, jv *doc, jv *vars, bool silent, ss_arena *a, jp_seq *out,
            bool *suppressed);

/* jsonb_path_query's rows: path (text) over the jsonb doc with vars (encoded, NULL none) and
 * silent, each item passed to emit as a one-column row. */
int jp_query_rows(ss_ctx *ctx, const ss_text *doc, const ss_text *path, const ss_text *vars, bool silent,
                  int (*emit)(void *arg, const ss_value *cols), void *arg);

#endif
