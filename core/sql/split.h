/* split.h — a linear lexical pass over SQL text, done before PostgreSQL's raw parser sees it:
 * it finds where a statement ends (its top-level ';', so that sunstone_prepare parses one
 * statement and not the rest of the text) and bounds from below how deeply the statement's
 * expressions nest (so that chains like 0+1+1+... that are certain to exceed the stack
 * budget are refused before the raw parser builds a tree for them).
 *
 * It tokenizes as PostgreSQL's scanner does where that matters for these two questions:
 * whitespace, -- and nested slash-star comments, '...' strings (E'...' with backslash escapes,
 * B'', X'', N'', U&''), "..." identifiers, $tag$...$tag$ strings, $n parameters, numbers and
 * operators (the scanner's rule that a multi-character operator does not end in + or -
 * unless it holds one of ~ ! @ # ^ & | ` ? %).  Strings are read with
 * standard_conforming_strings on. */
#ifndef SS_SQL_SPLIT_H
#define SS_SQL_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ss_sql_piece {
    size_t end;          /* offset just past the terminating ';', or the text's length */
    bool semicolon;      /* ended by a ';' (false: by the end of the text) */
    bool empty;          /* nothing but whitespace and comments before the end */
    uint64_t min_depth;  /* lower bound on the nesting depth of the parse tree */
} ss_sql_piece;

/* Both functions stop at a NUL byte too: len may be SIZE_MAX for a NUL-terminated text, so
 * that the text after the statement is never read (not even by strlen).
 *
 * Scans sql[start..len) up to and including the first ';' outside strings, identifiers and
 * comments.  The ';' may sit inside parentheses or a BEGIN ATOMIC body: the raw parser then
 * reports the error at it, or the caller extends the piece (see parse_stmt.c). */
void ss_sql_scan_piece(const char *sql, size_t len, size_t start, ss_sql_piece *out);

/* The same, and for every identifier longer than 63 bytes (PostgreSQL's NAMEDATALEN - 1)
 * calls notice with PostgreSQL's NOTICE text: identifier "..." will be truncated to "..."
 * (unquoted identifiers down-cased, as the scanner does; cut at a character boundary).
 * The raw parser truncates the identifiers itself but reports nothing. */
void ss_sql_scan_piece_notify(const char *sql, size_t len, size_t start, ss_sql_piece *out,
                              void (*notice)(void *arg, const char *msg), void *arg);

/* Offset of the first byte at or after pos that is not whitespace, a comment or ';'. */
size_t ss_sql_skip_empty(const char *sql, size_t len, size_t pos);

#endif
