/* json.h — json and jsonb inside the kernel: the lexer and parser of JSON text (PostgreSQL 15's
 * json_lex / pg_parse_json with its errors), the decoded tree, jsonb's binary encoding, its
 * normalised output, PostgreSQL's jsonb order and containment, shared by the rest of this folder.
 *
 * json (114) values are the input text, validated.  jsonb (3802) values are the binary
 * encoding below (the bytes of an ss_text, opaque outside this folder).
 *
 * Encoding of one value (all integers little-endian uint32, unaligned):
 *   JB_NULL / JB_FALSE / JB_TRUE   the tag byte alone
 *   JB_STRING                      tag, len, len bytes (unescaped UTF-8)
 *   JB_NUMBER                      tag, len, len bytes of a numeric element (numeric.h)
 *   JB_ARRAY                       tag, count, body length, count values
 *   JB_OBJECT                      tag, count, body length, count (key, value) pairs, each key
 *                                  len + bytes; keys unique and sorted as PostgreSQL sorts
 *                                  them (shorter first, then bytewise)
 * A top-level scalar is the scalar alone (PostgreSQL's raw scalar). */
#ifndef SS_TYPES_JSON_H
#define SS_TYPES_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "exec/context.h"
#include "util/arena.h"
#include "util/strbuf.h"

/* 22P05 untranslatable_character: \u0000 in jsonb */
#define JSON_SQLSTATE_UNTRANSLATABLE "22P05"
/* 22004 null_value_not_allowed: a NULL path element of jsonb_set */
#define JSON_SQLSTATE_NULL_NOT_ALLOWED "22004"

enum { JB_NULL = 0, JB_STRING = 1, JB_NUMBER = 2, JB_FALSE = 3, JB_TRUE = 4, JB_ARRAY = 5,
       JB_OBJECT = 6 };

/* ---- the decoded tree (arena memory) ---- */
typedef struct jv {
    uint8_t kind;       /* JB_* (JB_FALSE / JB_TRUE for booleans) */
    uint32_t n;         /* array: elements; object: pairs */
    const char *s;      /* string: its bytes; number: the numeric element */
    uint32_t len;
    struct jv *items;   /* array: n values; object: 2n, key (a JB_STRING) then value */
    const char *src;    /* trees of json text (json_parse_spans): the value's text as written */
    uint32_t srclen;
} jv;

/* ---- lexer (json_lex.c) ---- */
enum { JT_END, JT_INVALID, JT_OBJ_START, JT_OBJ_END, JT_ARR_START, JT_ARR_END, JT_COMMA,
       JT_COLON, JT_STRING, JT_NUMBER, JT_TRUE, JT_FALSE, JT_NULL };

typedef struct json_lexer {
    ss_ctx *ctx;
    const char *input, *end;
    const char *pos;           /* where the next token starts */
    const char *tok_start, *tok_end;
    int tok;                   /* JT_* of the current token */
    int line;                  /* 1-based line of the current token */
    const char *line_start;
    ss_arena *arena;           /* non-NULL: strings are de-escaped into it (jsonb) */
    const char *prev_end;      /* where the previous token ended */
    const char *str;           /* the current string token's value (when de-escaping) */
    uint32_t str_len;
} json_lexer;

void json_lex_init(json_lexer *lx, ss_ctx *ctx, const char *s, size_t len, ss_arena *arena);
/* Reads the next token; SS_ERROR after reporting PostgreSQL's error (22P02 / 22P05). */
int json_lex_next(json_lexer *lx);
/* Reports 22P02 "invalid input syntax for type json" with detail (printf) and the CONTEXT
 * line of the current token. */
int json_lex_error(json_lexer *lx, const char *sqlstate, const char *message, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* ---- parser (json_parse.c) ---- */
/* json_in: validates s[0..len). */
int json_validate(ss_ctx *ctx, const char *s, size_t len);
/* jsonb_in: the tree of s[0..len) in arena, objects' keys deduplicated (last wins) and sorted. */
int json_parse_tree(ss_ctx *ctx, const char *s, size_t len, ss_arena *arena, jv **out);
/* json's functions: the tree of s[0..len) as written (keys in input order, duplicates kept), each
 * value with its source text (src, srclen), strings de-escaped (22P05 for \u0000). */
int json_parse_spans(ss_ctx *ctx, const char *s, size_t len, ss_arena *arena, jv **out);
/* Sorts an object's pairs as jsonb stores them and drops duplicate keys (the last wins). */
void jv_object_normalise(jv *obj);
/* jsonb's key order: shorter first, then bytewise. */
int jv_key_cmp(const char *a, uint32_t alen, const char *b, uint32_t blen);

/* ---- binary form (jsonb_encode.c) ---- */
/* Encodes v into arena (NULL: ctx's execution arena). */
int jb_encode(ss_ctx *ctx, const jv *v, ss_arena *arena, ss_text *out);
/* Decodes an encoded value into a tree in arena (strings and numbers point into the bytes). */
jv *jb_decode(ss_ctx *ctx, const char *p, ss_arena *arena);
static inline uint32_t jb_u32(const char *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
/* Size in bytes of the encoded value at p. */
uint32_t jb_size(const char *p);
/* Encoded container access: the value of key in the object at p (NULL: none). */
const char *jb_object_get(const char *p, const char *key, uint32_t klen);
/* The element i (0-based, negative counts from the end) of the array at p, or NULL. */
const char *jb_array_get(const char *p, int64_t i);
/* Iteration over a container at p: first item, next item; keys come before their values. */
static inline uint32_t jb_count(const char *p) { return jb_u32(p + 1); }
static inline const char *jb_first(const char *p) { return p + 9; }
/* For objects: the key at q (len, bytes) and the value after it. */
static inline const char *jb_key(const char *q, uint32_t *len)
{
    *len = jb_u32(q);
    return q + 4;
}
static inline const char *jb_key_value(const char *q) { return q + 4 + jb_u32(q); }

/* ---- path arguments (json_path.c) ---- */
typedef struct json_path_elem {
    const char *s;
    uint32_t len;
    bool isnull;
} json_path_elem;
typedef struct json_path {
    uint32_t n;
    json_path_elem *elem;
} json_path;
/* The elements of a text[] literal ('{a,b}'); 22P02 "malformed array literal" as array_in. */
int json_path_parse(ss_ctx *ctx, const ss_text *t, ss_arena *arena, json_path *out);
/* A path step through an array: the element as an integer (strtol's rules, int range). */
bool json_path_index(const json_path_elem *e, int64_t *out);

/* ---- order and containment (jsonb_cmp.c) ---- */
/* PostgreSQL's compareJsonbContainers over two encoded values. */
int jb_compare(const char *a, const char *b);
uint64_t jb_hash(const char *a);
/* PostgreSQL's jsonb @> (a contains b). */
bool jb_contains(const char *a, const char *b);
/* a ? key: a key of the top-level object, or a string element of the top-level array. */
bool jb_exists(const char *a, const char *key, uint32_t klen);

/* jsonb_typeof's name of a kind (JB_*): "object", "array", "string", "number", "boolean",
 * "null" (json_func.c). */
const char *jb_type_name(int kind);

/* ---- output (jsonb_out.c) ---- */
/* jsonb_out (pretty: jsonb_pretty's layout). */
void jb_format(const char *p, bool pretty, ss_strbuf *out);
/* escape_json: the quoted, escaped form of s[0..len). */
void json_escape(const char *s, size_t len, ss_strbuf *out);
/* The text of a string value (jsonb ->> of a string: no quotes), or of any value as jsonb_out. */
void jb_format_text(const char *p, ss_strbuf *out);

#endif
