/* jsonpath.h — the SQL/JSON path language over jsonb, as PostgreSQL 15 parses, prints and
 * evaluates it: the parsed form (jsonpath_parse.c), its normalised text (jsonpath_out.c, the
 * jsonpath type's output), its evaluation over a decoded jsonb tree (jsonpath_exec.c) and the
 * SQL functions and operators on top (jsonpath_fn.c: jsonb_path_query_array / _first /
 * _exists / _match and their _tz forms, @? and @@; jsonb_path_query's rows for json_srf.c).
 * The jsonpath type (jsonpath_type.c) stores a path as its normalised text.
 *
 * Covered: lax / strict, $, @, $name (the vars argument), literals (numbers, strings, true,
 * false, null), .key, ."key", .*, .**{n to m}, [*], [subscripts with n, n to m, last and
 * arithmetic], filters ?( ), == != <> < <= > >=, && || !, is unknown, exists( ), like_regex
 * (flags i s m x q), starts with, + - * / % and unary + -, the methods .size() .type()
 * .double() .abs() .floor() .ceiling() .keyvalue() .datetime([template]). */
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
    JP_ANY,      /* arg .**{first to last} (JP_ANY_LAST: last) */
};

#define JP_ANY_LAST UINT32_MAX

/* JPM_DATETIME's template, if any, in s / len (has_template) */
enum { JPM_SIZE, JPM_TYPE, JPM_DOUBLE, JPM_ABS, JPM_FLOOR, JPM_CEILING, JPM_KEYVALUE, JPM_DATETIME };

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
    uint32_t first, last;   /* JP_ANY's levels */
    bool has_template;      /* JPM_DATETIME */
} jp_node;

typedef struct jp_path {
    bool strict;
    jp_node *expr;
    /* set by the caller: only whether an item exists matters (jsonb_path_exists, @?: PostgreSQL's
       found == NULL, where a unary + / - skips the items that are not numbers) */
    bool exists;
} jp_path;

/* Parses path text into arena; 42601 "syntax error ... of jsonpath input" or 0A000 for a
 * construct outside the subset (named). */
int jp_parse(ss_ctx *ctx, const char *s, size_t len, ss_arena *a, jp_path *out);

/* The normalised text of a parsed path, as PostgreSQL's jsonpath_out prints it. */
void jp_print(const jp_path *path, ss_strbuf *out);

/* .keyvalue()'s id of object obj inside the jsonb base whose id is base_id (jsonpath_id.c:
 * PostgreSQL's byte offset of it in its binary layout), -1 when obj is not inside base. */
int64_t jp_object_id(const jv *base, int64_t base_id, const jv *obj);
/* The bytes of root as a PostgreSQL jsonb datum, its 4-byte header included (jsonpath_id.c). */
uint32_t jb_pg_size(const jv *root);

/* Datetime items (jsonpath_datetime.c): jv kind JP_DATETIME, never inside a container; they
 * leave a path as their ISO text (jp_datetime_text). */
#define JP_DATETIME 16
/* .datetime([template]) of string item str into *out (arena); SS_ERROR with PostgreSQL's error
 * on ctx (22031 format not recognized, the template's 22007 / 22008). */
int jp_datetime_make(ss_ctx *ctx, const jv *str, const char *tmpl, uint32_t tlen, bool has_template, ss_arena *a,
                     jv **out);
/* .type()'s name of a datetime item */
const char *jp_datetime_type_name(const jv *v);
/* compareDatetime: *cmp of a and b, *incomparable for a time against a date / timestamp;
 * SS_ERROR (0A000) for a cast needing the TimeZone when !use_tz. */
int jp_datetime_cmp(ss_ctx *ctx, const jv *a, const jv *b, bool use_tz, int *cmp, bool *incomparable);
/* JsonEncodeDateTime: the ISO 8601 text ("2017-03-10T12:34:56+03:00") */
void jp_datetime_text(const jv *v, ss_strbuf *out);

/* A sequence of items. */
typedef struct jp_seq {
    jv **v;
    uint32_t n, cap;
} jp_seq;

/* Evaluates path over doc with variables vars (an object, or NULL: @? / @@, whose .keyvalue()
 * objects are numbered from 1, not 2, as PostgreSQL's NULL vars); items in arena.  silent:
 * the errors PostgreSQL's silent argument suppresses give SS_OK with *suppressed set and the
 * items found before the error in out. */
int jp_eval(ss_ctx *ctx, const jp_path *path, jv *doc, jv *vars, bool silent, bool use_tz, ss_arena *a,
            jp_seq *out, bool *suppressed);

/* jsonb_path_query(_tz)'s rows: path (a jsonpath's text) over the jsonb doc with vars (encoded,
 * NULL none), silent and use_tz, each item passed to emit as a one-column row. */
int jp_query_rows(ss_ctx *ctx, const ss_text *doc, const ss_text *path, const ss_text *vars, bool silent,
                  bool use_tz, int (*emit)(void *arg, const ss_value *cols), void *arg);

#endif
