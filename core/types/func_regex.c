/* func_regex.c — regular expressions with PCRE2 (the closest library in Debian to
 * PostgreSQL's Spencer ARE): the operators ~ ~* !~ !~* (textregexeq, texticregexeq),
 * regexp_replace (flags g, i, back-references \1..\9 and \& in the replacement; PostgreSQL 15's
 * start and N), regexp_like,
 * regexp_count, substring(text from pattern) and SIMILAR TO's translation
 * similar_to_escape(pattern [, escape]), regexp_instr / regexp_substr (N-th match, subexpr),
 * and the text[] results regexp_match and
 * regexp_split_to_array.
 *
 * A pattern is translated from ARE syntax before PCRE2 compiles it (UTF and Unicode
 * properties on, '.' matching newlines and $ only at the end, as PostgreSQL's default):
 * \m \M (start / end of a word), \y \Y (word boundary or not), \Z (end of string), \b
 * (backspace), \B (backslash), \uXXXX and \UXXXXXXXX, [[:<:]] / [[:>:]], the "***:" and
 * "***=" directors; escapes ARE does not define (\p, \K, \g, \Q, ...) and possessive
 * quantifiers are refused as PostgreSQL refuses them.  Compile errors are 2201B "invalid
 * regular expression: ..." with PostgreSQL's wording for the common ones.
 *
 * ~ only asks whether a match exists, where Perl's and ARE's rules agree.  regexp_replace,
 * regexp_count and substring depend on where a match ends, and ARE prefers the longest
 * match at the leftmost position (the shortest when the whole expression is non-greedy by
 * PostgreSQL's rules, regex_tree.c), not Perl's first alternative: the extent comes from
 * PCRE2's DFA matcher, the groups from regex_tree.c's division of that extent by
 * PostgreSQL's rules (a Perl-style match over the extent for a pattern the tree does not
 * model).  The DFA matcher has no back-references: for such patterns the extent is the
 * longest (or shortest) of every match the backtracking matcher finds at the leftmost start,
 * collected by a callout at the pattern's end (backtrack_match).  Flag b (POSIX basic syntax;
 * e too, which PostgreSQL 15 turns into the same) rewrites the pattern as an ARE first
 * (regex_posix.c). */
#include <stdlib.h>
#include <string.h>

#include "types/array/array.h"
#include "types/func_impl.h"
#include "types/regex_like.h"
#include "types/regex_posix.h"
#include "types/regex_tree.h"
#include "types/utf8.h"
#include "util/strbuf.h"

#define RE_ERROR "2201B"

typedef struct re_flags {
    bool global, caseless, literal, expanded;
    bool dot_newline;  /* . and [^...] match a newline */
    bool line_anchors; /* ^ and $ match at newlines */
    bool basic;        /* POSIX basic syntax (regex_posix.c) */
} re_flags;

static int parse_flags(ss_ctx *ctx, const ss_text *f, re_flags *out)
{
    *out = (re_flags){.dot_newline = true};
    for (uint32_t k = 0; f && k < f->len; k++) {
        char c = f->ptr[k];
        switch (c) {
        case 'g': out->global = true; break;
        case 'i': out->caseless = true; break;
        case 'c': out->caseless = false; break;
        case 'q': out->literal = true; break;
        case 'x': out->expanded = true; break;
        case 't': out->expanded = false; break;
        case 's': out->dot_newline = true, out->line_anchors = false; break;
        case 'n':
        case 'm': out->dot_newline = false, out->line_anchors = true; break;
        case 'p': out->dot_newline = false, out->line_anchors = false; break;
        case 'w': out->dot_newline = true, out->line_anchors = true; break;
        case 'b': out->basic = true; break;
        case 'e': out->basic = true; break; /* PostgreSQL 15 clears REG_EXTENDED with REG_ADVANCED: a BRE */
        default: {
            uint32_t l = ss_utf8_char_len((unsigned char)c);
            if (l > f->len - k)
                l = f->len - k;
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "invalid regular expression option: \"%.*s\"",
                                (int)l, f->ptr + k);
        }
        }
    }
    return SS_OK;
}

static int re_error(ss_ctx *ctx, const char *msg)
{
    return ss_ctx_error(ctx, RE_ERROR, "invalid regular expression: %s", msg);
}

/* What an ARE escape that PCRE2 spells otherwise becomes; NULL for the others. */
static const char *are_escape(char e)
{
    static const struct {
        char are;
        const char *pcre;
    } map[] = {{'m', "(?<!\\w)(?=\\w)"}, {'M', "(?<=\\w)(?!\\w)"}, {'y', "\\b"},   {'Y', "\\B"},
               {'Z', "\\z"},              {'b', "\\x08"},           {'B', "\\\\"}, {'v', "\\x0b"}};
    for (size_t k = 0; k < sizeof map / sizeof map[0]; k++)
        if (map[k].are == e)
            return map[k].pcre;
    return NULL;
}

/* The PCRE2 form of an ARE pattern. */
static int translate(ss_ctx *ctx, const char *p, size_t len, const re_flags *fl, ss_strbuf *sb)
{
    size_t i = 0;
    if (len >= 4 && memcmp(p, "***:", 4) == 0)
        i = 4;
    else if (len >= 4 && memcmp(p, "***=", 4) == 0) {
        ss_strbuf_puts(sb, "\\Q"); /* the rest is a literal string */
        for (size_t k = 4; k < len; k++) {
            if (p[k] == '\\' && k + 1 < len && p[k + 1] == 'E')
                ss_strbuf_puts(sb, "\\E\\\\E\\Q"), k++;
            else
                ss_strbuf_putc(sb, p[k]);
        }
        ss_strbuf_puts(sb, "\\E");
        return SS_OK;
    }
    bool in_bracket = false;
    size_t bracket_start = 0;
    for (; i < len; i++) {
        char c = p[i];
        if (in_bracket) {
            size_t l = ss_regex_class_len(p, len, i); /* [:class:] and friends: copied through */
            if (l) {
                ss_strbuf_append(sb, p + i, l);
                i += l - 1;
                continue;
            }
            if (c == ']' && i > bracket_start) {
                in_bracket = false;
            } else if (c == '\\' && i + 1 < len) {
                ss_strbuf_putc(sb, c);
                ss_strbuf_putc(sb, p[++i]);
                continue;
            }
            ss_strbuf_putc(sb, c);
            continue;
        }
        if (c == '[') {
            if (len - i >= 7 && (memcmp(p + i, "[[:<:]]", 7) == 0 || memcmp(p + i, "[[:>:]]", 7) == 0)) {
                ss_strbuf_puts(sb, p[i + 3] == '<' ? "(?<!\\w)(?=\\w)" : "(?<=\\w)(?!\\w)");
                i += 6;
                continue;
            }
            ss_strbuf_putc(sb, '[');
            size_t k = i + 1;
            if (k < len && p[k] == '^') {
                ss_strbuf_putc(sb, '^');
                if (!fl->dot_newline)
                    ss_strbuf_puts(sb, "\\n");
                k++;
            }
            if (k < len && p[k] == ']') { /* a leading ] is a member */
                ss_strbuf_puts(sb, "\\]");
                k++;
            }
            in_bracket = true;
            bracket_start = k;
            i = k - 1;
            continue;
        }
        if ((c == '*' || c == '+' || c == '?' || c == '}') && i + 1 < len && p[i + 1] == '+')
            return re_error(ctx, "quantifier operand invalid");
        if (c != '\\') {
            ss_strbuf_putc(sb, c);
            continue;
        }
        if (i + 1 >= len)
            return re_error(ctx, "invalid escape \\ sequence");
        char e = p[++i];
        const char *to = are_escape(e);
        if (to) {
            ss_strbuf_puts(sb, to);
        } else if (e == 'u' || e == 'U') {
            size_t nd = e == 'u' ? 4 : 8, k = 0;
            while (k < nd && i + 1 + k < len && strchr("0123456789abcdefABCDEF", p[i + 1 + k]))
                k++;
            if (k < nd)
                return re_error(ctx, "invalid escape \\ sequence");
            ss_strbuf_printf(sb, "\\x{%.*s}", (int)nd, p + i + 1);
            i += nd;
        } else if (strchr("aAcdDefnrsStwWx0123456789", e) || !((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z'))) {
            ss_strbuf_putc(sb, '\\');
            ss_strbuf_putc(sb, e); /* the same in PCRE2, or an escaped punctuation character */
        } else {
            return re_error(ctx, "invalid escape \\ sequence");
        }
    }
    if (in_bracket)
        return re_error(ctx, "brackets [] not balanced");
    return SS_OK;
}

/* PostgreSQL's words for the compile errors patterns commonly have. */
static const char *pg_message(int code)
{
    switch (code) {
    case PCRE2_ERROR_MISSING_CLOSING_PARENTHESIS:
    case PCRE2_ERROR_UNMATCHED_CLOSING_PARENTHESIS: return "parentheses () not balanced";
    case PCRE2_ERROR_MISSING_SQUARE_BRACKET: return "brackets [] not balanced";
    case PCRE2_ERROR_QUANTIFIER_INVALID: return "quantifier operand invalid";
    case PCRE2_ERROR_QUANTIFIER_OUT_OF_ORDER:
    case PCRE2_ERROR_QUANTIFIER_TOO_BIG: return "invalid repetition count(s)";
    case PCRE2_ERROR_BAD_SUBPATTERN_REFERENCE: return "invalid backreference number";
    case PCRE2_ERROR_END_BACKSLASH: return "invalid escape \\ sequence";
    default: return NULL;
    }
}

/* A compiled pattern, kept while the rows of one call use the same pattern and flags. */
typedef struct re_cache {
    char *pattern;
    size_t len;
    re_flags flags;
    pcre2_code *code;
    pcre2_match_data *match;
    bool shortest; /* ARE's preference for the whole expression: the shortest match */
    re_tree *tree; /* the pattern's structure (regex_tree.c), for the groups of a match */
    ss_ctx *ctx;   /* the call's context, for the tree's compilation of pieces */
    pcre2_code *ends;             /* the pattern with a callout at its end (backtrack_match), compiled on demand */
    pcre2_match_context *ends_mc; /* its match context, with the callout */
} re_cache;

static void cache_free(re_cache *c)
{
    if (c->ends)
        pcre2_code_free(c->ends);
    if (c->ends_mc)
        pcre2_match_context_free(c->ends_mc);
    if (c->match)
        pcre2_match_data_free(c->match);
    if (c->code)
        pcre2_code_free(c->code);
    re_tree_free(c->tree);
    free(c->pattern);
    memset(c, 0, sizeof *c);
}

/* pattern p compiled by PCRE2 with the flags fl (translated from ARE unless literal); NULL
 * with *err set (0 when the error is recorded in ctx) on failure. */
static pcre2_code *compile_pcre(ss_ctx *ctx, const char *p, size_t len, const re_flags *fl, int *err,
                                bool ends_callout)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    if (ends_callout)
        ss_strbuf_puts(&sb, "(?:");
    /* no auto-possessification: the DFA matcher must see every match length */
    uint32_t opts = PCRE2_UTF | PCRE2_UCP | PCRE2_NO_UTF_CHECK | PCRE2_NO_AUTO_POSSESS;
    *err = 0;
    if (fl->literal) {
        opts |= PCRE2_LITERAL;
        ss_strbuf_append(&sb, p, len);
    } else if (translate(ctx, p, len, fl, &sb)) {
        ss_strbuf_free(&sb);
        return NULL;
    }
    if (fl->caseless)
        opts |= PCRE2_CASELESS;
    if (fl->literal)
        opts &= ~(uint32_t)(PCRE2_UCP | PCRE2_NO_AUTO_POSSESS); /* the options a literal pattern accepts */
    else if (fl->dot_newline)
        opts |= PCRE2_DOTALL;
    if (fl->line_anchors && !fl->literal)
        opts |= PCRE2_MULTILINE;
    else if (!fl->literal)
        opts |= PCRE2_DOLLAR_ENDONLY;
    if (fl->expanded && !fl->literal)
        opts |= PCRE2_EXTENDED;
    if (ends_callout) /* a callout where the whole pattern has matched (a comment of x ends at the newline) */
        ss_strbuf_puts(&sb, fl->expanded ? "\n)(?C1)" : ")(?C1)");
    if (sb.oom) {
        ss_strbuf_free(&sb);
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    PCRE2_SIZE off;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)(sb.data ? sb.data : ""), sb.len, opts, err, &off, NULL);
    ss_strbuf_free(&sb);
    return code;
}

/* A piece of the cached pattern, for the tree (regex_tree.h). */
static pcre2_code *compile_piece(void *arg, const char *p, size_t len)
{
    re_cache *c = arg;
    int err;
    return compile_pcre(c->ctx, p, len, &c->flags, &err, false);
}

static int compile_are(ss_ctx *ctx, re_cache *c, const ss_text *pat, const re_flags *fl);

/* Compiles pattern pat with flags fl into c (kept while the same pattern and flags come). */
static int compile(ss_ctx *ctx, re_cache *c, const ss_text *pat, const re_flags *fl)
{
    if (!fl->basic || fl->literal)
        return compile_are(ctx, c, pat, fl);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = ss_regex_bre_to_are(ctx, pat->ptr, pat->len, &sb);
    if (rc == SS_OK) {
        ss_text are = {.ptr = sb.data ? sb.data : "", .len = (uint32_t)sb.len};
        rc = compile_are(ctx, c, &are, fl);
    }
    ss_strbuf_free(&sb);
    return rc;
}

static int compile_are(ss_ctx *ctx, re_cache *c, const ss_text *pat, const re_flags *fl)
{
    c->ctx = ctx;
    if (c->code && c->len == pat->len && memcmp(c->pattern, pat->ptr, pat->len) == 0 &&
        memcmp(&c->flags, fl, sizeof *fl) == 0)
        return SS_OK;
    cache_free(c);
    c->ctx = ctx;
    int err;
    c->code = compile_pcre(ctx, pat->ptr, pat->len, fl, &err, false);
    if (!c->code) {
        if (!err)
            return SS_ERROR;
        const char *m = pg_message(err);
        if (m)
            return re_error(ctx, m);
        PCRE2_UCHAR buf[256];
        pcre2_get_error_message(err, buf, sizeof buf);
        return re_error(ctx, (const char *)buf);
    }
    pcre2_jit_compile(c->code, PCRE2_JIT_COMPLETE); /* the interpreter runs when JIT is unavailable */
    c->match = pcre2_match_data_create_from_pattern(c->code, NULL);
    c->pattern = malloc(pat->len + 1);
    if (!c->match || !c->pattern) {
        cache_free(c);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    memcpy(c->pattern, pat->ptr, pat->len);
    c->len = pat->len;
    c->flags = *fl;
    if (!fl->literal && !(pat->len >= 4 && memcmp(pat->ptr, "***=", 4) == 0)) {
        size_t skip = pat->len >= 4 && memcmp(pat->ptr, "***:", 4) == 0 ? 4 : 0;
        c->tree = re_tree_build(c->pattern + skip, c->len - skip, fl->expanded, compile_piece, c);
    }
    c->shortest = c->tree && re_tree_prefers_shortest(c->tree);
    if (!c->tree && !fl->literal && !(pat->len >= 4 && memcmp(pat->ptr, "***=", 4) == 0)) {
        size_t skip = pat->len >= 4 && memcmp(pat->ptr, "***:", 4) == 0 ? 4 : 0;
        c->shortest = re_tree_pattern_prefers_shortest(c->pattern + skip, c->len - skip, fl->expanded);
    }
    return SS_OK;
}

/* 1 match, 0 none, -1 error (recorded). */
static int match_at(ss_ctx *ctx, re_cache *c, const ss_text *s, size_t start)
{
    int rc = pcre2_match(c->code, (PCRE2_SPTR)s->ptr, s->len, start, PCRE2_NO_UTF_CHECK, c->match, NULL);
    if (rc >= 0)
        return 1;
    if (rc == PCRE2_ERROR_NOMATCH)
        return 0;
    PCRE2_UCHAR buf[256];
    pcre2_get_error_message(rc, buf, sizeof buf);
    ss_ctx_error(ctx, RE_ERROR, "regular expression failed: %s", (const char *)buf);
    return -1;
}

/* What the callout at the end of c->ends does: collects the ends of the matches at one start
 * (every way the backtracking matcher finds, each refused so that it tries the next), or
 * accepts the first way that ends at target. */
typedef struct ends_walk {
    bool collect, any;
    bool shortest;
    PCRE2_SIZE best, target;
} ends_walk;

static int ends_callout(pcre2_callout_block *cb, void *arg)
{
    ends_walk *w = arg;
    PCRE2_SIZE at = cb->current_position;
    if (!w->collect)
        return at == w->target ? 0 : 1;
    if (!w->any || (w->shortest ? at < w->best : at > w->best))
        w->best = at;
    w->any = true;
    return 1;
}

/* find_match for a pattern PCRE2's DFA matcher does not run (back-references): the leftmost
 * start from the backtracking matcher (the leftmost position where any match exists, as in
 * ARE), the longest (or shortest) of every match there, and the groups of the first way the
 * backtracking matcher matches exactly that extent. */
static int backtrack_match(ss_ctx *ctx, re_cache *c, const ss_text *s, size_t start, PCRE2_SIZE *so, PCRE2_SIZE *eo,
                           bool *groups)
{
    int m = match_at(ctx, c, s, start);
    if (m <= 0)
        return m;
    PCRE2_SIZE from = pcre2_get_ovector_pointer(c->match)[0];
    if (!c->ends) {
        int err;
        c->ends = compile_pcre(ctx, c->pattern, c->len, &c->flags, &err, true);
        c->ends_mc = pcre2_match_context_create(NULL);
        if (!c->ends || !c->ends_mc) {
            if (!c->ends && !err)
                return -1;
            ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return -1;
        }
    }
    ends_walk w = {.collect = true, .shortest = c->shortest};
    pcre2_set_callout(c->ends_mc, ends_callout, &w);
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(c->ends, NULL);
    if (!md) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return -1;
    }
    int rc = pcre2_match(c->ends, (PCRE2_SPTR)s->ptr, s->len, from, PCRE2_NO_UTF_CHECK | PCRE2_ANCHORED, md,
                         c->ends_mc);
    if (rc == PCRE2_ERROR_NOMATCH && w.any) {
        w.collect = false, w.target = w.best;
        rc = pcre2_match(c->ends, (PCRE2_SPTR)s->ptr, s->len, from, PCRE2_NO_UTF_CHECK | PCRE2_ANCHORED, md,
                         c->ends_mc);
    }
    if (rc < 0) {
        pcre2_match_data_free(md);
        if (rc == PCRE2_ERROR_NOMATCH) /* the backtracking matcher found the start: not reached */
            return 0;
        PCRE2_UCHAR buf[256];
        pcre2_get_error_message(rc, buf, sizeof buf);
        ss_ctx_error(ctx, RE_ERROR, "regular expression failed: %s", (const char *)buf);
        return -1;
    }
    /* c->match takes the groups (the same pattern inside one more group-less parenthesis) */
    const PCRE2_SIZE *src = pcre2_get_ovector_pointer(md);
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->match);
    uint32_t n = pcre2_get_ovector_count(md), dn = pcre2_get_ovector_count(c->match);
    for (uint32_t g = 0; g < dn; g++) {
        bool set = g < n && (int)g < rc;
        ov[2 * g] = set ? src[2 * g] : PCRE2_UNSET;
        ov[2 * g + 1] = set ? src[2 * g + 1] : PCRE2_UNSET;
    }
    ov[0] = from, ov[1] = w.target;
    pcre2_match_data_free(md);
    *so = from, *eo = w.target;
    *groups = true;
    return 1;
}

/* The match an extent-dependent function uses, as PostgreSQL's ARE finds it: the leftmost
 * match at or after start, the longest one there (the shortest when the expression prefers
 * it), by PCRE2's DFA matcher; its groups then from a Perl-style match over that extent.
 * 1 match (ov[0..1] the extent, groups in the match data when *groups), 0 none, -1 error. */
static int find_match(ss_ctx *ctx, re_cache *c, const ss_text *s, size_t start, PCRE2_SIZE *so, PCRE2_SIZE *eo,
                      bool *groups)
{
    int ws_local[256];
    int *ws = ws_local;
    size_t wscount = sizeof ws_local / sizeof ws_local[0];
    int rc;
    for (;;) {
        rc = pcre2_dfa_match(c->code, (PCRE2_SPTR)s->ptr, s->len, start,
                             PCRE2_NO_UTF_CHECK | (c->shortest ? PCRE2_DFA_SHORTEST : 0), c->match, NULL, ws, wscount);
        if (rc != PCRE2_ERROR_DFA_WSSIZE || wscount >= 65536)
            break;
        wscount *= 4;
        int *bigger = realloc(ws == ws_local ? NULL : ws, wscount * sizeof(int));
        if (!bigger) {
            if (ws != ws_local)
                free(ws);
            ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return -1;
        }
        ws = bigger;
    }
    if (ws != ws_local)
        free(ws);
    if (rc == PCRE2_ERROR_NOMATCH)
        return 0;
    if (rc == PCRE2_ERROR_DFA_UITEM || rc == PCRE2_ERROR_DFA_UCOND)
        return backtrack_match(ctx, c, s, start, so, eo, groups);
    if (rc < 0 && rc != 0) {
        PCRE2_UCHAR buf[256];
        pcre2_get_error_message(rc, buf, sizeof buf);
        ss_ctx_error(ctx, RE_ERROR, "regular expression failed: %s", (const char *)buf);
        return -1;
    }
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->match);
    *so = ov[0], *eo = ov[1];
    *groups = false;
    uint32_t capture = 0;
    pcre2_pattern_info(c->code, PCRE2_INFO_CAPTURECOUNT, &capture);
    if (capture > 0 && c->tree) {
        /* the groups by PostgreSQL's rules (regex_tree.c) */
        int d = re_tree_dissect(c->tree, s->ptr, s->len, *so, *eo, ov, pcre2_get_ovector_count(c->match));
        if (d < 0) {
            ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return -1;
        }
        if (d == 0) {
            ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                         "feature not supported: dividing this regular expression's match among its groups");
            return -1;
        }
        ov[0] = *so, ov[1] = *eo;
        *groups = true;
        return 1;
    }
    {
        /* the groups (a pattern the tree does not model): a Perl-style match anchored at the extent's start that ends where it
           ends (over the whole subject, else over the subject cut at the extent's end) */
        if (pcre2_match(c->code, (PCRE2_SPTR)s->ptr, s->len, *so, PCRE2_NO_UTF_CHECK | PCRE2_ANCHORED, c->match,
                        NULL) >= 0 &&
            pcre2_get_ovector_pointer(c->match)[1] == *eo) {
            *groups = true;
        } else if (pcre2_match(c->code, (PCRE2_SPTR)s->ptr, *eo, *so,
                               PCRE2_NO_UTF_CHECK | PCRE2_ANCHORED | PCRE2_ENDANCHORED, c->match, NULL) >= 0) {
            *groups = true;
        }
        ov = pcre2_get_ovector_pointer(c->match);
        if (!*groups) { /* only the extent is known */
            ov[0] = *so, ov[1] = *eo;
            for (uint32_t g = 1; g < pcre2_get_ovector_count(c->match); g++)
                ov[2 * g] = ov[2 * g + 1] = PCRE2_UNSET;
        }
    }
    return 1;
}

static const ss_text *text_at(ss_vector *const *args, uint32_t k, uint32_t i)
{
    return &((const ss_text *)args[k]->data)[i];
}

/* Compiles row i's pattern (argument 1) with its flags (argument flags_k, -1 for none);
 * fn names a function that refuses the g flag. */
static int prepare_row(ss_ctx *ctx, re_cache *c, ss_vector *const *args, uint32_t i, int flags_k, const char *fn,
                       bool caseless)
{
    re_flags fl;
    if (parse_flags(ctx, flags_k >= 0 ? text_at(args, (uint32_t)flags_k, i) : NULL, &fl))
        return SS_ERROR;
    if (fn && fl.global)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "%s does not support the \"global\" option", fn);
    fl.caseless |= caseless;
    return compile(ctx, c, text_at(args, 1, i), &fl);
}

/* ---- s ~ p, s ~* p, regexp_like(s, p [, flags]) ---- */
static int regex_match_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                            bool caseless, int flags_k)
{
    re_cache c = {0};
    uint8_t *r = out->data;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        int m = prepare_row(ctx, &c, args, i, flags_k, "regexp_like()", caseless) ? -1
                                                                                   : match_at(ctx, &c, text_at(args, 0, i), 0);
        if (m < 0) {
            rc = SS_ERROR;
            break;
        }
        r[i] = (uint8_t)m;
    });
    cache_free(&c);
    return rc;
}

int ss_fn_regex_eq(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                   ss_vector *out)
{
    (void)nargs;
    return regex_match_rows(ctx, args, rows, n, out, false, -1);
}

int ss_fn_regex_ieq(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                    ss_vector *out)
{
    (void)nargs;
    return regex_match_rows(ctx, args, rows, n, out, true, -1);
}

int ss_fn_regexp_like(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                      ss_vector *out)
{
    return regex_match_rows(ctx, args, rows, n, out, false, nargs > 2 ? 2 : -1);
}

/* The next match at or after *at (find_match); moves *at past it, one character further
 * after an empty match so that the scan goes on.  1, 0 (no more), -1 error. */
static int next_match(ss_ctx *ctx, re_cache *c, const ss_text *s, size_t *at)
{
    if (*at > s->len)
        return 0;
    PCRE2_SIZE so, eo;
    bool groups;
    int m = find_match(ctx, c, s, *at, &so, &eo, &groups);
    if (m == 1)
        *at = eo > so ? eo : eo >= s->len ? eo + 1 : eo + ss_utf8_char_len((unsigned char)s->ptr[eo]);
    return m;
}

/* ---- regexp_count(s, p [, start [, flags]]) ---- */
/* The int4 results of a regex function over the rows: row fills *res for row i. */
typedef int (*re_int_row_fn)(ss_ctx *ctx, re_cache *c, ss_vector *const *args, uint32_t nargs, uint32_t i,
                             int32_t *res);

static int int_rows(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                    ss_vector *out, re_int_row_fn row)
{
    re_cache c = {0};
    int32_t *r = out->data;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        if ((rc = row(ctx, &c, args, nargs, i, &r[i])) != SS_OK)
            break;
    });
    cache_free(&c);
    return rc;
}

static int bad_param(ss_ctx *ctx, const char *name, int32_t v)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "invalid value for parameter \"%s\": %d", name, v);
}

static int32_t int_arg(ss_vector *const *args, uint32_t nargs, uint32_t k, uint32_t i, int32_t dflt)
{
    return k < nargs ? ((const int32_t *)args[k]->data)[i] : dflt;
}

static int count_row(ss_ctx *ctx, re_cache *c, ss_vector *const *args, uint32_t nargs, uint32_t i, int32_t *res)
{
    int32_t start = int_arg(args, nargs, 2, i, 1);
    if (start <= 0)
        return bad_param(ctx, "start", start);
    if (prepare_row(ctx, c, args, i, nargs > 3 ? 3 : -1, "regexp_count()", false) != SS_OK)
        return SS_ERROR;
    const ss_text *s = text_at(args, 0, i);
    size_t at = ss_utf8_clip(s->ptr, s->len, (uint64_t)start - 1);
    int32_t count = 0;
    int m;
    while ((m = next_match(ctx, c, s, &at)) == 1)
        count++;
    *res = count;
    return m < 0 ? SS_ERROR : SS_OK;
}

int ss_fn_regexp_count(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                       ss_vector *out)
{
    return int_rows(ctx, args, nargs, rows, n, out, count_row);
}

/* Appends the replacement for the match in ovector ov: \1..\9 the groups, \& the whole match,
 * \\ a backslash; other backslashes stay. */
static void append_replacement(ss_strbuf *sb, const ss_text *s, const ss_text *rep, const PCRE2_SIZE *ov, uint32_t ngroups)
{
    for (uint32_t k = 0; k < rep->len; k++) {
        char ch = rep->ptr[k], nx = k + 1 < rep->len ? rep->ptr[k + 1] : '\0';
        bool group = (nx >= '1' && nx <= '9') || nx == '&';
        if (ch != '\\' || (!group && nx != '\\')) {
            ss_strbuf_putc(sb, ch);
            continue;
        }
        k++;
        uint32_t g = nx == '&' ? 0 : (uint32_t)(nx - '0');
        if (!group)
            ss_strbuf_putc(sb, '\\');
        else if (g < ngroups && ov[2 * g] != PCRE2_UNSET)
            ss_strbuf_append(sb, s->ptr + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
    }
}

/* ---- regexp_replace(s, p, replacement [, flags]) and (s, p, replacement, start [, N [, flags]]):
   the N-th match at or after start replaced, every one when N is 0; without N, the g flag says
   which (PostgreSQL 15's textregexreplace_extended) ---- */
static int replace_matches(ss_ctx *ctx, re_cache *c, const ss_text *s, const ss_text *rep, size_t at, int32_t nth,
                           ss_strbuf *sb)
{
    uint32_t ngroups = pcre2_get_ovector_count(c->match);
    size_t copied = 0;
    int32_t seen = 0;
    int m;
    while ((m = next_match(ctx, c, s, &at)) == 1) {
        if (nth != 0 && ++seen < nth)
            continue;
        const PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->match);
        ss_strbuf_append(sb, s->ptr + copied, ov[0] - copied);
        append_replacement(sb, s, rep, ov, ngroups);
        copied = ov[1];
        if (nth != 0)
            break;
    }
    if (m < 0)
        return SS_ERROR;
    if (copied < s->len)
        ss_strbuf_append(sb, s->ptr + copied, s->len - copied);
    return SS_OK;
}

static int replace_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                       void *state)
{
    (void)null;
    re_cache *c = state;
    re_flags fl;
    if (parse_flags(ctx, nargs > 3 ? text_at(args, 3, i) : NULL, &fl) ||
        prepare_row(ctx, c, args, i, nargs > 3 ? 3 : -1, NULL, false))
        return SS_ERROR;
    return replace_matches(ctx, c, text_at(args, 0, i), text_at(args, 2, i), 0, fl.global ? 0 : 1, sb);
}

static int replace_start_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb,
                             bool *null, void *state)
{
    (void)null;
    re_cache *c = state;
    int32_t start = int_arg(args, nargs, 3, i, 1), nth = int_arg(args, nargs, 4, i, 1);
    if (start <= 0)
        return bad_param(ctx, "start", start);
    if (nth < 0)
        return bad_param(ctx, "n", nth);
    re_flags fl;
    int flags_k = nargs > 5 ? 5 : -1;
    if (parse_flags(ctx, flags_k >= 0 ? text_at(args, 5, i) : NULL, &fl) || prepare_row(ctx, c, args, i, flags_k, NULL, false))
        return SS_ERROR;
    if (nargs <= 4)
        nth = fl.global ? 0 : 1;
    const ss_text *s = text_at(args, 0, i);
    return replace_matches(ctx, c, s, text_at(args, 2, i), ss_utf8_clip(s->ptr, s->len, (uint64_t)start - 1), nth, sb);
}

/* ---- substring(s from p): the first parenthesised group's text if there is a group, else
   the whole match; NULL without a match ---- */
static int substr_match(ss_ctx *ctx, re_cache *c, const ss_text *s, ss_strbuf *sb, bool *null)
{
    size_t at = 0;
    int m = next_match(ctx, c, s, &at);
    if (m < 0)
        return SS_ERROR;
    const PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->match);
    uint32_t g = pcre2_get_ovector_count(c->match) > 1 ? 1 : 0;
    if ((*null = !m || ov[2 * g] == PCRE2_UNSET))
        return SS_OK;
    ss_strbuf_append(sb, s->ptr + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
    return SS_OK;
}

static int substr_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                      void *state)
{
    (void)nargs;
    re_cache *c = state;
    if (prepare_row(ctx, c, args, i, -1, NULL, false))
        return SS_ERROR;
    return substr_match(ctx, c, text_at(args, 0, i), sb, null);
}

static int similar_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                       void *state);

/* ---- substring(s similar p escape e), substring(s from p for e): the text between the
   escape-double-quote markers, as PostgreSQL's substring($1, similar_to_escape($2, $3)) ---- */
static int similar_substr_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb,
                              bool *null, void *state)
{
    (void)nargs;
    ss_strbuf pat;
    ss_strbuf_init(&pat);
    ss_vector *const pattern_args[2] = {args[1], args[2]};
    int rc = similar_row(ctx, pattern_args, 2, i, &pat, null, NULL);
    if (rc == SS_OK && pat.oom)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    re_flags fl;
    if (rc == SS_OK && (rc = parse_flags(ctx, NULL, &fl)) == SS_OK) {
        ss_text pt = {pat.data ? pat.data : "", (uint32_t)pat.len, 0};
        rc = compile(ctx, state, &pt, &fl);
    }
    ss_strbuf_free(&pat);
    if (rc != SS_OK) { /* PostgreSQL's substring(text, text, text) is a SQL-language function */
        ss_ctx_error_context(ctx, "SQL function \"substring\" statement 1");
        return SS_ERROR;
    }
    return substr_match(ctx, state, text_at(args, 0, i), sb, null);
}

static int with_cache(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                      ss_vector *out, ss_text_row_fn fn)
{
    re_cache c = {0};
    int rc = ss_text_rows(ctx, args, nargs, rows, n, out, fn, &c);
    cache_free(&c);
    return rc;
}

int ss_fn_regexp_replace(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                         ss_vector *out)
{
    return with_cache(ctx, args, nargs, rows, n, out, replace_row);
}

int ss_fn_regexp_replace_start(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                               uint32_t n, ss_vector *out)
{
    return with_cache(ctx, args, nargs, rows, n, out, replace_start_row);
}

int ss_fn_similar_substring(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                            ss_vector *out)
{
    return with_cache(ctx, args, nargs, rows, n, out, similar_substr_row);
}

int ss_fn_regexp_substr(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                        ss_vector *out)
{
    return with_cache(ctx, args, nargs, rows, n, out, substr_row);
}

/* ---- similar_to_escape(pattern [, escape]): SIMILAR TO's pattern as a regular expression,
   PostgreSQL's translation (^(?: ... )$, % -> .*, _ -> ., the escape character) ---- */
static int similar_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                       void *state)
{
    (void)null, (void)state;
    const ss_text *p = text_at(args, 0, i);
    const char *esc = "\\";
    uint32_t elen = 1;
    if (nargs > 1) {
        const ss_text *e = text_at(args, 1, i);
        esc = e->ptr, elen = e->len;
        if (elen > 0 && ss_utf8_count(e->ptr, e->len) > 1) {
            ss_ctx_error(ctx, "22025", "invalid escape string");
            ss_ctx_error_hint(ctx, "Escape string must be empty or one character.");
            return SS_ERROR;
        }
    }
    ss_strbuf_puts(sb, "^(?:");
    bool after_escape = false, in_class = false;
    int nquotes = 0;
    for (uint32_t at = 0; at < p->len;) {
        uint32_t l = ss_utf8_char_len((unsigned char)p->ptr[at]);
        if (l > p->len - at)
            l = p->len - at;
        const char *ch = p->ptr + at;
        char c = ch[0];
        at += l;
        if (after_escape && c == '"' && !in_class) {
            if (nquotes == 2)
                return ss_ctx_error(ctx, "2200B",
                                    "SQL regular expression may not contain more than two escape-double-quote "
                                    "separators");
            ss_strbuf_puts(sb, nquotes++ == 0 ? "){1,1}?(" : "){1,1}(?:");
        } else if (after_escape) {
            ss_strbuf_putc(sb, '\\');
            ss_strbuf_append(sb, ch, l);
        } else if (elen > 0 && l == elen && memcmp(ch, esc, l) == 0) {
            after_escape = true;
            continue;
        } else if (in_class) {
            if (c == '\\')
                ss_strbuf_putc(sb, '\\');
            ss_strbuf_append(sb, ch, l);
            in_class = c != ']';
        } else if (c == '[') {
            ss_strbuf_putc(sb, '[');
            in_class = true;
        } else if (c == '%' || c == '_' || c == '(') {
            ss_strbuf_puts(sb, c == '%' ? ".*" : c == '_' ? "." : "(?:");
        } else {
            if (c == '\\' || c == '.' || c == '^' || c == '$')
                ss_strbuf_putc(sb, '\\');
            ss_strbuf_append(sb, ch, l);
        }
        after_escape = false;
    }
    ss_strbuf_puts(sb, ")$");
    return SS_OK;
}

SS_TEXT_FN(ss_fn_similar_to_escape, similar_row)

/* ---- regexp_match(s, p [, flags]) and regexp_split_to_array(s, p [, flags]): text[] ---- */

/* Appends the text[] encoding of items[0..n) to sb (a function result's bytes). */
static void put_text_array(ss_strbuf *sb, const ss_value *items, uint32_t n)
{
    int32_t dims[1] = {(int32_t)n}, lb[1] = {1};
    arr_encode_buf(SS_TYPE_TEXT, n ? 1 : 0, dims, lb, items, n, sb);
}

static int put_groups(ss_ctx *ctx, re_cache *c, const ss_text *s, bool groups, ss_strbuf *sb);

/* The first match's groups (the whole match when the pattern has none), NULL without a
 * match; a group that did not take part is a NULL element. */
static int match_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                     void *state)
{
    re_cache *c = state;
    re_flags fl;
    if (parse_flags(ctx, nargs > 2 ? text_at(args, 2, i) : NULL, &fl) != SS_OK)
        return SS_ERROR;
    if (fl.global) {
        ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "regexp_match() does not support the \"global\" option");
        ss_ctx_error_hint(ctx, "Use the regexp_matches function instead.");
        return SS_ERROR;
    }
    if (prepare_row(ctx, c, args, i, nargs > 2 ? 2 : -1, NULL, false) != SS_OK)
        return SS_ERROR;
    const ss_text *s = text_at(args, 0, i);
    PCRE2_SIZE so, eo;
    bool groups;
    int m = find_match(ctx, c, s, 0, &so, &eo, &groups);
    if (m < 0)
        return SS_ERROR;
    if ((*null = m == 0))
        return SS_OK;
    return put_groups(ctx, c, s, groups, sb);
}

/* The groups of the match c->match holds in s (the whole match when the pattern has none) as
 * a text[] into sb; a group that did not take part is a NULL element. */
static int put_groups(ss_ctx *ctx, re_cache *c, const ss_text *s, bool groups, ss_strbuf *sb)
{
    uint32_t ngroups = pcre2_get_ovector_count(c->match) - 1, capture = 0;
    pcre2_pattern_info(c->code, PCRE2_INFO_CAPTURECOUNT, &capture);
    if (capture > 0 && !groups)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: the groups of this regular expression's match (ARE and Perl "
                            "rules disagree on them)");
    uint32_t n = capture ? capture : 1;
    if (n > ngroups && capture)
        n = ngroups;
    ss_value *items = ss_ctx_alloc(ctx, sizeof(ss_value) * n);
    if (!items)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    const PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->match);
    for (uint32_t g = 0; g < n; g++) {
        uint32_t k = capture ? g + 1 : 0;
        memset(&items[g], 0, sizeof items[g]);
        if (ov[2 * k] == PCRE2_UNSET) {
            items[g].is_null = true;
        } else {
            items[g].v.s.ptr = s->ptr + ov[2 * k];
            items[g].v.s.len = (uint32_t)(ov[2 * k + 1] - ov[2 * k]);
        }
    }
    put_text_array(sb, items, n);
    return SS_OK;
}

/* The pieces between matches, as PostgreSQL's regexp_split: every match counts except a
 * zero-length one at the end of the string or where the previous match ended (so the start
 * too); after a zero-length match the search goes on one character further. */
static int split_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                     void *state)
{
    (void)null;
    re_cache *c = state;
    if (prepare_row(ctx, c, args, i, nargs > 2 ? 2 : -1, "regexp_split_to_array()", false) != SS_OK)
        return SS_ERROR;
    const ss_text *s = text_at(args, 0, i);
    uint32_t n = 0, cap = 8;
    ss_value *items = malloc(sizeof(ss_value) * cap);
    if (!items)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    size_t start = 0, prev_end = 0, piece = 0;
    int m = 0;
    for (;;) {
        PCRE2_SIZE so, eo;
        bool groups;
        if ((m = find_match(ctx, c, s, start, &so, &eo, &groups)) != 1)
            break;
        bool take = so < s->len && eo > prev_end;
        if (take && n + 2 > cap) { /* room for this piece and the last */
            ss_value *bigger = realloc(items, sizeof(ss_value) * (cap *= 2));
            if (!bigger) {
                free(items);
                return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            }
            items = bigger;
        }
        if (take) {
            memset(&items[n], 0, sizeof items[n]);
            items[n].v.s.ptr = s->ptr + piece;
            items[n].v.s.len = (uint32_t)(so - piece);
            n++;
            piece = eo;
        }
        prev_end = eo;
        start = eo;
        if (so == eo) {
            if (start >= s->len)
                break;
            start += ss_utf8_char_len((unsigned char)s->ptr[start]);
        }
        if (start > s->len)
            break;
    }
    if (m < 0) {
        free(items);
        return SS_ERROR;
    }
    memset(&items[n], 0, sizeof items[n]);
    items[n].v.s.ptr = s->ptr + piece;
    items[n].v.s.len = (uint32_t)(s->len - piece);
    n++;
    put_text_array(sb, items, n);
    free(items);
    return SS_OK;
}

int ss_fn_regexp_match(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                       ss_vector *out)
{
    return with_cache(ctx, args, nargs, rows, n, out, match_row);
}

int ss_fn_regexp_split_to_array(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                                uint32_t n, ss_vector *out)
{
    return with_cache(ctx, args, nargs, rows, n, out, split_row);
}

/* ---- regexp_matches(s, p [, flags]): each match's groups (every match with g) ---- */
int ss_regexp_matches_each(ss_ctx *ctx, const ss_text *s, const ss_text *p, const ss_text *flags,
                           int (*emit)(void *arg, const ss_text *groups), void *arg)
{
    re_flags fl;
    if (parse_flags(ctx, flags, &fl) != SS_OK)
        return SS_ERROR;
    re_cache c = {0};
    int rc = compile(ctx, &c, p, &fl);
    size_t at = 0;
    while (rc == SS_OK && at <= s->len) {
        PCRE2_SIZE so, eo;
        bool groups;
        int m = find_match(ctx, &c, s, at, &so, &eo, &groups);
        if (m <= 0) {
            rc = m < 0 ? SS_ERROR : SS_OK;
            break;
        }
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        rc = put_groups(ctx, &c, s, groups, &sb);
        if (rc == SS_OK && sb.oom)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        if (rc == SS_OK)
            rc = emit(arg, &(ss_text){sb.data ? sb.data : "", (uint32_t)sb.len, 0});
        ss_strbuf_free(&sb);
        if (!fl.global)
            break;
        /* after an empty match the search goes on one character further */
        at = eo > so ? eo : eo >= s->len ? eo + 1 : eo + ss_utf8_char_len((unsigned char)s->ptr[eo]);
    }
    cache_free(&c);
    return rc;
}

int ss_regexp_check_flags(ss_ctx *ctx, const ss_text *flags, const char *fn)
{
    re_flags fl;
    if (parse_flags(ctx, flags, &fl) != SS_OK)
        return SS_ERROR;
    if (fl.global)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "%s does not support the \"global\" option", fn);
    return SS_OK;
}

/* ---- regexp_instr(s, p [, start [, N [, endoption [, flags [, subexpr]]]]]) and
   regexp_substr(s, p [, start [, N [, flags [, subexpr]]]]): the N-th match from start, or
   its subexpr-th group ---- */

/* The bounds of the match (group subexpr) of row i into *so / *eo: 1 found, 0 none, -1 error. */
static int nth_match(ss_ctx *ctx, re_cache *c, ss_vector *const *args, uint32_t nargs, uint32_t i, int flags_k,
                     int subexpr_k, const char *fn, size_t *so, size_t *eo)
{
    int32_t start = int_arg(args, nargs, 2, i, 1), nth = int_arg(args, nargs, 3, i, 1);
    int32_t sub = int_arg(args, nargs, (uint32_t)subexpr_k, i, 0);
    if (start <= 0)
        return bad_param(ctx, "start", start), -1;
    if (nth <= 0)
        return bad_param(ctx, "n", nth), -1;
    if (sub < 0)
        return bad_param(ctx, "subexpr", sub), -1;
    if (prepare_row(ctx, c, args, i, (uint32_t)flags_k < nargs ? flags_k : -1, fn, false))
        return -1;
    const ss_text *s = text_at(args, 0, i);
    size_t at = ss_utf8_clip(s->ptr, s->len, (uint64_t)start - 1);
    int m = 0;
    for (int32_t k = 0; k < nth; k++)
        if ((m = next_match(ctx, c, s, &at)) != 1)
            return m;
    const PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->match);
    uint32_t capture = 0;
    pcre2_pattern_info(c->code, PCRE2_INFO_CAPTURECOUNT, &capture);
    if ((uint32_t)sub > capture || ov[2 * sub] == PCRE2_UNSET)
        return 0;
    *so = ov[2 * sub], *eo = ov[2 * sub + 1];
    return 1;
}

static int instr_row(ss_ctx *ctx, re_cache *c, ss_vector *const *args, uint32_t nargs, uint32_t i, int32_t *res)
{
    int32_t endopt = int_arg(args, nargs, 4, i, 0);
    if (endopt != 0 && endopt != 1)
        return bad_param(ctx, "endoption", endopt);
    size_t so = 0, eo = 0;
    int m = nth_match(ctx, c, args, nargs, i, 5, 6, "regexp_instr()", &so, &eo);
    if (m < 0)
        return SS_ERROR;
    const ss_text *s = text_at(args, 0, i);
    *res = m ? (int32_t)ss_utf8_count(s->ptr, (uint32_t)(endopt ? eo : so)) + 1 : 0;
    return SS_OK;
}

int ss_fn_regexp_instr(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                       ss_vector *out)
{
    return int_rows(ctx, args, nargs, rows, n, out, instr_row);
}

static int substr_nth_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                          void *state)
{
    size_t so = 0, eo = 0;
    int m = nth_match(ctx, state, args, nargs, i, 4, 5, "regexp_substr()", &so, &eo);
    if (m < 0)
        return SS_ERROR;
    if ((*null = m == 0))
        return SS_OK;
    ss_strbuf_append(sb, text_at(args, 0, i)->ptr + so, eo - so);
    return SS_OK;
}

int ss_fn_regexp_substr_nth(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                            ss_vector *out)
{
    return with_cache(ctx, args, nargs, rows, n, out, substr_nth_row);
}

int ss_regex_like(ss_ctx *ctx, const char *s, size_t slen, const char *pattern, size_t plen, const char *flags,
                  bool *matched)
{
    ss_text f = {flags, (uint32_t)strlen(flags), 0}, pat = {pattern, (uint32_t)plen, 0}, subj = {s, (uint32_t)slen, 0};
    re_flags fl;
    re_cache c = {0};
    if (parse_flags(ctx, &f, &fl) || compile(ctx, &c, &pat, &fl)) {
        cache_free(&c);
        return SS_ERROR;
    }
    int m = match_at(ctx, &c, &subj, 0);
    cache_free(&c);
    if (m < 0)
        return SS_ERROR;
    *matched = m == 1;
    return SS_OK;
}
