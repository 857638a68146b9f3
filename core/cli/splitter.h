/* splitter.h — psql's input lexer: accumulates input lines into SQL statements, ending a
 * statement at a semicolon outside quotes, comments, dollar quotes, parentheses and
 * BEGIN ... END bodies of CREATE FUNCTION/PROCEDURE; detects backslash meta-commands and
 * substitutes :name, :'name' and :"name" variable references. */
#ifndef SUNSTONE_CLI_SPLITTER_H
#define SUNSTONE_CLI_SPLITTER_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

typedef enum split_state {
    SPLIT_BASE,
    SPLIT_SQUOTE,   /* '...' (standard conforming: backslash is not special) */
    SPLIT_EQUOTE,   /* E'...' (backslash escapes) */
    SPLIT_DQUOTE,   /* "..." */
    SPLIT_DOLLAR,   /* $tag$...$tag$ */
    SPLIT_COMMENT,  /* slash-star comment, possibly nested */
} split_state;

typedef enum split_event {
    SPLIT_END_OF_LINE, /* the line is used up; feed the next one */
    SPLIT_STATEMENT,   /* a statement is complete: splitter_query(), then splitter_next_query() */
    SPLIT_META,        /* a backslash command starts at splitter_meta() */
} split_event;

/* Returns the value of variable name, or NULL when it is not set. */
typedef const char *(*split_var_lookup)(void *arg, const char *name);

typedef struct splitter {
    buf query;             /* statement being accumulated */
    split_state state;
    int paren_depth;
    int comment_depth;
    char *dollar_tag;      /* delimiter of the open dollar quote, e.g. "$fn$" */
    int begin_depth;       /* open BEGIN/CASE blocks in CREATE FUNCTION/PROCEDURE bodies */
    int word_count;        /* identifiers/keywords seen in the statement */
    char head[4];          /* initials of create/or/replace/function/procedure among the first words */
    bool has_content;      /* statement holds more than whitespace, comments and semicolons */
    char *line;            /* working copy of the current line (after substitutions) */
    size_t line_len;
    size_t pos;            /* scan position in line */
    size_t no_subst_until; /* positions before this come from a substituted value */
    size_t added_newline;  /* query length right after the newline joining this line (0: none) */
    split_var_lookup lookup;
    void *lookup_arg;
} splitter;

void splitter_init(splitter *sp);
void splitter_free(splitter *sp);
void splitter_set_lookup(splitter *sp, split_var_lookup lookup, void *arg);

/* Starts scanning a new input line (without its trailing newline). */
void splitter_feed_line(splitter *sp, const char *line);
split_event splitter_scan(splitter *sp);

/* After SPLIT_STATEMENT (or at end of input): the statement text, ending with its semicolon. */
const char *splitter_query(const splitter *sp);
/* True when the statement holds anything that should be sent (not only comments/semicolons). */
bool splitter_has_content(const splitter *sp);
/* True when nothing is being accumulated. */
bool splitter_is_empty(const splitter *sp);
/* Forgets the accumulated statement and its lexer state (after executing it, or \r). */
void splitter_next_query(splitter *sp);

/* After SPLIT_META: the rest of the line, starting at the backslash.  Once the command has
 * been handled, splitter_resume() continues scanning consumed bytes further. */
const char *splitter_meta(const splitter *sp);
void splitter_resume(splitter *sp, size_t consumed);

/* The psql prompt status character: '=' ready, '-' continuing, '\'' '"' '$' in a quote,
 * '*' in a comment, '(' inside parentheses. */
char splitter_prompt_char(const splitter *sp);

/* Quoting used for :'name' and :"name" substitutions. */
void quote_literal(buf *out, const char *value);
void quote_identifier(buf *out, const char *value);

#endif
