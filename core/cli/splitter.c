/* splitter.c — psql's input lexer: turns input lines into complete SQL statements and
 * backslash meta-commands.
 *
 * A statement ends at a semicolon met outside quotes ('', E'', "", $tag$), comments (-- and
 * nested slash-star), parentheses and the BEGIN ... END body of a CREATE [OR REPLACE]
 * FUNCTION/PROCEDURE.  Whitespace and -- comments before a statement are dropped; lines are
 * joined with newlines.  "\;" and "\:" put a literal ';' or ':' into the statement. */
#include "splitter.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xalloc.h"

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_ident_start(char c)
{
    unsigned char u = (unsigned char)c;
    return isalpha(u) || c == '_' || u >= 0x80;
}

static bool is_ident_cont(char c)
{
    return is_ident_start(c) || isdigit((unsigned char)c) || c == '$';
}

static bool is_var_char(char c)
{
    unsigned char u = (unsigned char)c;
    return isalnum(u) || c == '_' || u >= 0x80;
}

void splitter_init(splitter *sp)
{
    memset(sp, 0, sizeof *sp);
    buf_init(&sp->query);
    sp->line = xstrdup("");
}

void splitter_free(splitter *sp)
{
    buf_free(&sp->query);
    free(sp->dollar_tag);
    free(sp->line);
    sp->dollar_tag = NULL;
    sp->line = NULL;
}

void splitter_set_lookup(splitter *sp, split_var_lookup lookup, void *arg)
{
    sp->lookup = lookup;
    sp->lookup_arg = arg;
}

void splitter_feed_line(splitter *sp, const char *line)
{
    free(sp->line);
    sp->line = xstrdup(line);
    sp->line_len = strlen(line);
    sp->pos = 0;
    sp->no_subst_until = 0;
    sp->added_newline = 0;
    if (sp->query.len > 0) {
        buf_putc(&sp->query, '\n');
        sp->added_newline = sp->query.len;
    }
}

const char *splitter_query(const splitter *sp)
{
    return sp->query.data;
}

bool splitter_has_content(const splitter *sp)
{
    return sp->has_content;
}

bool splitter_is_empty(const splitter *sp)
{
    return sp->query.len == 0 && sp->state == SPLIT_BASE;
}

void splitter_next_query(splitter *sp)
{
    buf_reset(&sp->query);
    sp->added_newline = 0;
    sp->state = SPLIT_BASE;
    sp->paren_depth = 0;
    sp->comment_depth = 0;
    sp->begin_depth = 0;
    sp->word_count = 0;
    memset(sp->head, 0, sizeof sp->head);
    sp->has_content = false;
    free(sp->dollar_tag);
    sp->dollar_tag = NULL;
}

const char *splitter_meta(const splitter *sp)
{
    return sp->line + sp->pos;
}

void splitter_resume(splitter *sp, size_t consumed)
{
    sp->pos += consumed;
    if (sp->pos > sp->line_len)
        sp->pos = sp->line_len;
}

char splitter_prompt_char(const splitter *sp)
{
    switch (sp->state) {
    case SPLIT_SQUOTE:
    case SPLIT_EQUOTE:
        return '\'';
    case SPLIT_DQUOTE:
        return '"';
    case SPLIT_DOLLAR:
        return '$';
    case SPLIT_COMMENT:
        return '*';
    case SPLIT_BASE:
        break;
    }
    if (sp->paren_depth > 0)
        return '(';
    return sp->query.len > 0 ? '-' : '=';
}

void quote_literal(buf *out, const char *value)
{
    bool backslash = strchr(value, '\\') != NULL;
    if (backslash)
        buf_puts(out, " E");
    buf_putc(out, '\'');
    for (const char *p = value; *p; p++) {
        if (*p == '\'' || (*p == '\\' && backslash))
            buf_putc(out, *p);
        buf_putc(out, *p);
    }
    buf_putc(out, '\'');
}

void quote_identifier(buf *out, const char *value)
{
    buf_putc(out, '"');
    for (const char *p = value; *p; p++) {
        if (*p == '"')
            buf_putc(out, '"');
        buf_putc(out, *p);
    }
    buf_putc(out, '"');
}

/* Appends line[pos .. pos+n) to the statement and advances. */
static void take(splitter *sp, size_t n)
{
    buf_append(&sp->query, sp->line + sp->pos, n);
    sp->pos += n;
}

/* Replaces line[from .. to) with text and marks it as not to be substituted again. */
static void splice(splitter *sp, size_t from, size_t to, const char *text)
{
    size_t tlen = strlen(text);
    size_t rest = sp->line_len - to;
    char *line = xmalloc(from + tlen + rest + 1);
    memcpy(line, sp->line, from);
    memcpy(line + from, text, tlen);
    memcpy(line + from + tlen, sp->line + to, rest);
    line[from + tlen + rest] = '\0';
    free(sp->line);
    sp->line = line;
    sp->line_len = from + tlen + rest;
    sp->no_subst_until = from + tlen;
}

static bool word_is(const char *w, size_t n, const char *kw)
{
    return strlen(kw) == n && strncasecmp(w, kw, n) == 0;
}

/* Tracks BEGIN ... END blocks in the bodies of CREATE FUNCTION/PROCEDURE, where semicolons
 * do not end the statement. */
static void note_word(splitter *sp, const char *w, size_t n)
{
    static const char *const head_words[] = {"create", "or", "replace", "function", "procedure"};
    if (sp->word_count < 4) {
        for (size_t i = 0; i < sizeof head_words / sizeof head_words[0]; i++)
            if (word_is(w, n, head_words[i]))
                sp->head[sp->word_count] = head_words[i][0];
    }
    sp->word_count++;
    const char *h = sp->head;
    bool routine = h[0] == 'c' && (h[1] == 'f' || h[1] == 'p' ||
                                   (h[1] == 'o' && h[2] == 'r' && (h[3] == 'f' || h[3] == 'p')));
    if (!routine || sp->paren_depth != 0)
        return;
    if (word_is(w, n, "begin"))
        sp->begin_depth++;
    else if (word_is(w, n, "case")) {
        if (sp->begin_depth > 0)
            sp->begin_depth++;
    } else if (word_is(w, n, "end")) {
        if (sp->begin_depth > 0)
            sp->begin_depth--;
    }
}

/* ':' in plain text: a variable reference, a typecast or just a colon.  Returns true when the
 * line was rewritten and scanning should restart at the current position. */
static bool scan_colon(splitter *sp)
{
    const char *l = sp->line;
    size_t p = sp->pos;
    if (l[p + 1] == ':') {
        take(sp, 2);
        sp->has_content = true;
        return false;
    }
    if (sp->lookup && p >= sp->no_subst_until) {
        if (is_var_char(l[p + 1])) {
            size_t e = p + 1;
            while (is_var_char(l[e]))
                e++;
            char *name = xstrndup(l + p + 1, e - p - 1);
            const char *value = sp->lookup(sp->lookup_arg, name);
            free(name);
            if (value) {
                splice(sp, p, e, value);
                return true;
            }
            take(sp, e - p);
            sp->has_content = true;
            return false;
        }
        if (l[p + 1] == '\'' || l[p + 1] == '"') {
            char q = l[p + 1];
            size_t e = p + 2;
            while (is_var_char(l[e]))
                e++;
            if (e > p + 2 && l[e] == q) {
                char *name = xstrndup(l + p + 2, e - p - 2);
                const char *value = sp->lookup(sp->lookup_arg, name);
                free(name);
                if (value) {
                    buf quoted;
                    buf_init(&quoted);
                    if (q == '\'')
                        quote_literal(&quoted, value);
                    else
                        quote_identifier(&quoted, value);
                    splice(sp, p, e + 1, quoted.data);
                    buf_free(&quoted);
                    return true;
                }
                take(sp, e + 1 - p);
                sp->has_content = true;
                return false;
            }
        }
    }
    take(sp, 1);
    sp->has_content = true;
    return false;
}

/* '$' in plain text: a parameter ($1), a dollar-quote opener ($$ or $tag$) or a lone '$'. */
static void scan_dollar(splitter *sp)
{
    const char *l = sp->line;
    size_t p = sp->pos;
    sp->has_content = true;
    if (isdigit((unsigned char)l[p + 1])) {
        size_t e = p + 1;
        while (isdigit((unsigned char)l[e]))
            e++;
        take(sp, e - p);
        return;
    }
    size_t e = p + 1;
    if (is_ident_start(l[e])) {
        while (is_ident_start(l[e]) || isdigit((unsigned char)l[e]))
            e++;
    }
    if (l[e] == '$') {
        free(sp->dollar_tag);
        sp->dollar_tag = xstrndup(l + p, e + 1 - p);
        sp->state = SPLIT_DOLLAR;
        take(sp, e + 1 - p);
        return;
    }
    take(sp, 1);
}

/* An identifier or keyword, or the prefix of a special string literal (E'', B'', X'', N'',
 * U&'' and U&""). */
static void scan_word(splitter *sp)
{
    const char *l = sp->line;
    size_t p = sp->pos;
    size_t e = p + 1;
    while (is_ident_cont(l[e]))
        e++;
    sp->has_content = true;
    if (e == p + 1) {
        char c = (char)tolower((unsigned char)l[p]);
        if (l[e] == '\'' && (c == 'e' || c == 'b' || c == 'x' || c == 'n')) {
            sp->state = c == 'e' ? SPLIT_EQUOTE : SPLIT_SQUOTE;
            take(sp, 2);
            return;
        }
        if (c == 'u' && l[e] == '&' && (l[e + 1] == '\'' || l[e + 1] == '"')) {
            sp->state = l[e + 1] == '\'' ? SPLIT_SQUOTE : SPLIT_DQUOTE;
            take(sp, 3);
            return;
        }
    }
    note_word(sp, l + p, e - p);
    take(sp, e - p);
}

/* Scans plain SQL text.  Returns true when an event other than end of line happened. */
static bool scan_base(splitter *sp, split_event *ev)
{
    const char *l = sp->line;
    char c = l[sp->pos];
    char next = l[sp->pos + 1];

    if (is_space(c)) {
        if (sp->query.len > 0)
            take(sp, 1);
        else
            sp->pos++;
        return false;
    }
    if (c == '-' && next == '-') {
        size_t e = sp->pos;
        while (e < sp->line_len && l[e] != '\n')
            e++;
        if (sp->query.len > 0)
            take(sp, e - sp->pos);
        else
            sp->pos = e;
        return false;
    }
    if (c == '/' && next == '*') {
        sp->state = SPLIT_COMMENT;
        sp->comment_depth = 1;
        take(sp, 2);
        return false;
    }
    if (c == '\\') {
        if (next == ';' || next == ':') {
            sp->pos++;
            take(sp, 1);
            sp->has_content = true;
            return false;
        }
        /* A line holding only a meta-command leaves the statement as it was. */
        if (sp->added_newline && sp->query.len == sp->added_newline) {
            sp->query.len--;
            sp->query.data[sp->query.len] = '\0';
            sp->added_newline = 0;
        }
        *ev = SPLIT_META;
        return true;
    }
    if (c == ';') {
        take(sp, 1);
        if (sp->paren_depth == 0 && sp->begin_depth == 0) {
            *ev = SPLIT_STATEMENT;
            return true;
        }
        return false;
    }
    if (c == ':') {
        scan_colon(sp);
        return false;
    }
    if (c == '$') {
        scan_dollar(sp);
        return false;
    }
    if (is_ident_start(c)) {
        scan_word(sp);
        return false;
    }
    if (isdigit((unsigned char)c)) {
        size_t e = sp->pos + 1;
        while (isalnum((unsigned char)l[e]) || l[e] == '_' || l[e] == '.')
            e++;
        take(sp, e - sp->pos);
        sp->has_content = true;
        return false;
    }
    if (c == '\'') {
        sp->state = SPLIT_SQUOTE;
    } else if (c == '"') {
        sp->state = SPLIT_DQUOTE;
    } else if (c == '(') {
        sp->paren_depth++;
    } else if (c == ')') {
        if (sp->paren_depth > 0)
            sp->paren_depth--;
    }
    take(sp, 1);
    sp->has_content = true;
    return false;
}

/* Scans inside a quoted string or identifier closed by quote ('' or "" stand for one). */
static void scan_quoted(splitter *sp, char quote, bool backslash_escapes)
{
    const char *l = sp->line;
    size_t e = sp->pos;
    while (e < sp->line_len) {
        if (backslash_escapes && l[e] == '\\') {
            e += (e + 1 < sp->line_len) ? 2 : 1;
            continue;
        }
        if (l[e] == quote) {
            if (l[e + 1] == quote) {
                e += 2;
                continue;
            }
            take(sp, e + 1 - sp->pos);
            sp->state = SPLIT_BASE;
            return;
        }
        e++;
    }
    take(sp, sp->line_len - sp->pos);
}

static void scan_dollar_body(splitter *sp)
{
    const char *found = strstr(sp->line + sp->pos, sp->dollar_tag);
    if (!found) {
        take(sp, sp->line_len - sp->pos);
        return;
    }
    take(sp, (size_t)(found - (sp->line + sp->pos)) + strlen(sp->dollar_tag));
    free(sp->dollar_tag);
    sp->dollar_tag = NULL;
    sp->state = SPLIT_BASE;
}

static void scan_comment(splitter *sp)
{
    const char *l = sp->line;
    size_t e = sp->pos;
    while (e < sp->line_len) {
        if (l[e] == '/' && l[e + 1] == '*') {
            sp->comment_depth++;
            e += 2;
        } else if (l[e] == '*' && l[e + 1] == '/') {
            e += 2;
            if (--sp->comment_depth == 0) {
                take(sp, e - sp->pos);
                sp->state = SPLIT_BASE;
                return;
            }
        } else {
            e++;
        }
    }
    take(sp, sp->line_len - sp->pos);
}

split_event splitter_scan(splitter *sp)
{
    while (sp->pos < sp->line_len) {
        split_event ev;
        switch (sp->state) {
        case SPLIT_BASE:
            if (scan_base(sp, &ev))
                return ev;
            break;
        case SPLIT_SQUOTE:
            scan_quoted(sp, '\'', false);
            break;
        case SPLIT_EQUOTE:
            scan_quoted(sp, '\'', true);
            break;
        case SPLIT_DQUOTE:
            scan_quoted(sp, '"', false);
            break;
        case SPLIT_DOLLAR:
            scan_dollar_body(sp);
            break;
        case SPLIT_COMMENT:
            scan_comment(sp);
            break;
        }
    }
    return SPLIT_END_OF_LINE;
}
