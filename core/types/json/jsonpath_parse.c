/* jsonpath_parse.c — the text of an SQL/JSON path (the subset jsonpath.h lists) parsed by
 * recursive descent into jp_node trees, with PostgreSQL 15's precedence (|| below && below !,
 * comparisons not associative, + - below * / %, unary + - above them) and its errors: 42601
 * "syntax error at or near "tok" of jsonpath input" / "at end of jsonpath input", "@ is not
 * allowed in root expressions", "LAST is allowed only in array subscripts", like_regex's flag
 * check, "trailing junk after numeric literal"; unary minus of a number literal folded as
 * PostgreSQL's makeItemUnary does. */
#include <stdlib.h>
#include <string.h>

#include "types/json/jsonpath.h"
#include "types/numeric/numeric.h"
#include "types/regex_like.h"

enum { T_END, T_IDENT, T_STRING, T_NUMBER, T_VAR, T_PUNCT };

typedef struct jp_parser {
    ss_ctx *ctx;
    ss_arena *a;
    const char *s, *end, *pos;
    int tok;
    const char *ts, *te;  /* the token's text */
    char *str;            /* T_STRING / T_VAR: the de-escaped value */
    uint32_t slen;
    int filter_depth, subscript_depth;
    bool failed;
} jp_parser;

static int syntax_error(jp_parser *p)
{
    if (p->failed)
        return SS_ERROR;
    p->failed = true;
    /* PostgreSQL's scanner leaves the text after an unquoted identifier (the blanks that end it,
       else nothing) and the closing quote of a string as the token's text */
    const char *ts = p->ts, *te = p->te;
    if (p->tok == T_IDENT) {
        ts = te;
        while (te < p->end && (*te == ' ' || *te == '\t' || *te == '\n' || *te == '\r' || *te == '\f'))
            te++;
    } else if (p->tok == T_STRING || (p->tok == T_VAR && p->ts + 1 < p->end && p->ts[1] == '"')) {
        ts = te - 1;
    }
    if (p->tok == T_END || ts == te)
        return ss_ctx_error(p->ctx, SS_SQLSTATE_SYNTAX_ERROR, "syntax error at end of jsonpath input");
    p->ts = ts, p->te = te;
    return ss_ctx_error(p->ctx, SS_SQLSTATE_SYNTAX_ERROR, "syntax error at or near \"%.*s\" of jsonpath input",
                        (int)(p->te - p->ts), p->ts);
}

/* PostgreSQL's {other}: what is neither punctuation nor blank makes up identifiers */
static bool is_ident_char(char c)
{
    return c != '\0' && !strchr("?%$.[]{}()|&!=<>@#,*:-+/\\\" \t\n\r\f", c);
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static void put_utf8(char *o, uint32_t *n, uint32_t cp)
{
    if (cp < 0x80) {
        o[(*n)++] = (char)cp;
    } else if (cp < 0x800) {
        o[(*n)++] = (char)(0xC0 | (cp >> 6));
        o[(*n)++] = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        o[(*n)++] = (char)(0xE0 | (cp >> 12));
        o[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[(*n)++] = (char)(0x80 | (cp & 0x3F));
    } else {
        o[(*n)++] = (char)(0xF0 | (cp >> 18));
        o[(*n)++] = (char)(0x80 | ((cp >> 12) & 0x3F));
        o[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[(*n)++] = (char)(0x80 | (cp & 0x3F));
    }
}

/* A lexer error "message at or near "s[0..n)" of jsonpath input". */
static int lex_error(jp_parser *p, const char *message, const char *s, size_t n)
{
    p->failed = true;
    return ss_ctx_error(p->ctx, SS_SQLSTATE_SYNTAX_ERROR, "%s at or near \"%.*s\" of jsonpath input", message, (int)n, s);
}

static int surrogate_error(jp_parser *p)
{
    p->failed = true;
    ss_ctx_error(p->ctx, SS_SQLSTATE_SYNTAX_ERROR, "invalid input syntax for type jsonpath");
    ss_ctx_error_detail(p->ctx, "Unicode low surrogate must follow a high surrogate.");
    return SS_ERROR;
}

/* One code point of \uXXXX or \u{X...} at *q (after the "\u"); *q moves past it. */
static int unicode_escape(jp_parser *p, const char **q, uint32_t *cp)
{
    const char *start = *q - 2, *c = *q;
    bool braces = c < p->end && *c == '{';
    int max = braces ? 6 : 4, k = 0;
    if (braces)
        c++;
    *cp = 0;
    while (k < max && c < p->end && hexval(*c) >= 0)
        *cp = *cp * 16 + (uint32_t)hexval(*c++), k++;
    if (braces ? (k == 0 || c >= p->end || *c != '}') : k < 4)
        return lex_error(p, "invalid unicode sequence", start, (size_t)(c - start));
    *q = c + (braces ? 1 : 0);
    return SS_OK;
}

/* The escape at *q (after its backslash) appended to p->str at *n; *q moves past it. */
static int lex_escape(jp_parser *p, const char **q, uint32_t *n)
{
    char e = *(*q)++;
    switch (e) {
    case 'b': p->str[(*n)++] = '\b'; return SS_OK;
    case 'f': p->str[(*n)++] = '\f'; return SS_OK;
    case 'n': p->str[(*n)++] = '\n'; return SS_OK;
    case 'r': p->str[(*n)++] = '\r'; return SS_OK;
    case 't': p->str[(*n)++] = '\t'; return SS_OK;
    case 'v': p->str[(*n)++] = '\v'; return SS_OK;
    case 'x': {
        const char *c = *q;
        int h1 = c < p->end ? hexval(c[0]) : -1, h2 = c + 1 < p->end ? hexval(c[1]) : -1;
        if (h1 < 0 || h2 < 0)
            return lex_error(p, "invalid hex character sequence", *q - 2, h1 < 0 ? 2 : 3);
        uint32_t cp = (uint32_t)(h1 * 16 + h2);
        *q = c + 2;
        if (cp == 0)
            goto nul;
        put_utf8(p->str, n, cp);
        return SS_OK;
    }
    case 'u': {
        uint32_t cp;
        if (unicode_escape(p, q, &cp))
            return SS_ERROR;
        if (cp >= 0xD800 && cp <= 0xDBFF) { /* a high surrogate: its low one must follow */
            uint32_t lo;
            if (*q + 1 >= p->end || (*q)[0] != '\\' || (*q)[1] != 'u')
                return surrogate_error(p);
            *q += 2;
            if (unicode_escape(p, q, &lo))
                return SS_ERROR;
            if (lo < 0xDC00 || lo > 0xDFFF)
                return surrogate_error(p);
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return surrogate_error(p);
        }
        if (cp == 0)
            goto nul;
        put_utf8(p->str, n, cp);
        return SS_OK;
    }
    default: p->str[(*n)++] = e; return SS_OK;
    }
nul:
    p->failed = true;
    ss_ctx_error(p->ctx, JSON_SQLSTATE_UNTRANSLATABLE, "unsupported Unicode escape sequence");
    ss_ctx_error_detail(p->ctx, "\\u0000 cannot be converted to text.");
    return SS_ERROR;
}

/* A quoted string at p->pos (after the opening quote); its value into p->str. */
static int lex_string(jp_parser *p)
{
    const char *q = p->pos;
    p->str = ss_arena_alloc(p->a, (size_t)(p->end - q) * 2 + 4);
    if (!p->str)
        return ss_ctx_error(p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t n = 0;
    while (q < p->end && *q != '"') {
        if (*q != '\\') {
            p->str[n++] = *q++;
            continue;
        }
        if (++q >= p->end)
            break;
        if (lex_escape(p, &q, &n))
            return SS_ERROR;
    }
    if (q >= p->end) {
        p->failed = true;
        return ss_ctx_error(p->ctx, SS_SQLSTATE_SYNTAX_ERROR, "unexpected end of quoted string at end of jsonpath input");
    }
    p->slen = n;
    p->te = q + 1;
    p->pos = q + 1;
    return SS_OK;
}

/* An unquoted identifier at p->pos: {other} characters and escapes; its value into p->str. */
static int lex_ident(jp_parser *p)
{
    const char *q = p->pos;
    p->str = ss_arena_alloc(p->a, (size_t)(p->end - q) * 2 + 4);
    if (!p->str)
        return ss_ctx_error(p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t n = 0;
    while (q < p->end && (is_ident_char(*q) || (*q == '\\' && q + 1 < p->end))) {
        if (*q != '\\') {
            p->str[n++] = *q++;
            continue;
        }
        q++;
        if (lex_escape(p, &q, &n))
            return SS_ERROR;
    }
    p->slen = n;
    p->te = p->pos = q;
    return SS_OK;
}

/* The next token. */
static int next(jp_parser *p)
{
    const char *q = p->pos;
    for (;;) {
        while (q < p->end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r' || *q == '\f'))
            q++;
        if (q + 1 < p->end && q[0] == '/' && q[1] == '*') { /* a comment */
            const char *c = q + 2;
            while (c + 1 < p->end && !(c[0] == '*' && c[1] == '/'))
                c++;
            if (c + 1 >= p->end) {
                p->failed = true;
                return ss_ctx_error(p->ctx, SS_SQLSTATE_SYNTAX_ERROR, "unexpected end of comment at end of jsonpath input");
            }
            q = c + 2;
            continue;
        }
        break;
    }
    p->ts = q;
    if (q >= p->end) {
        p->tok = T_END;
        p->te = p->pos = q;
        return SS_OK;
    }
    char c = *q;
    if (c == '"') {
        p->tok = T_STRING;
        p->pos = q + 1;
        return lex_string(p);
    }
    if (c == '$' && q + 1 < p->end && (is_ident_char(q[1]) || q[1] == '"')) {
        p->tok = T_VAR;
        if (q[1] == '"') {
            p->pos = q + 2;
            return lex_string(p);
        }
        const char *e = q + 1;
        while (e < p->end && is_ident_char(*e))
            e++;
        p->str = (char *)q + 1, p->slen = (uint32_t)(e - q - 1);
        p->te = p->pos = e;
        return SS_OK;
    }
    if ((c >= '0' && c <= '9') || (c == '.' && q + 1 < p->end && q[1] >= '0' && q[1] <= '9' && p->tok != T_IDENT &&
                                    !(p->tok == T_PUNCT && p->te - p->ts == 1 && *p->ts == '.'))) {
        /* PostgreSQL's integer (0 | [1-9][0-9]*), decimal (integer.[0-9]* | .[0-9]+) and
           real (either, then [Ee][+-]?[0-9]+) */
        const char *e = q;
        if (c == '0')
            e++;
        else
            while (e < p->end && *e >= '0' && *e <= '9')
                e++;
        if (e < p->end && *e == '.') {
            e++;
            while (e < p->end && *e >= '0' && *e <= '9')
                e++;
        }
        if (e < p->end && (*e == 'e' || *e == 'E')) {
            const char *x = e + 1;
            if (x < p->end && (*x == '+' || *x == '-'))
                x++;
            if (x < p->end && *x >= '0' && *x <= '9') {
                while (x < p->end && *x >= '0' && *x <= '9')
                    x++;
                e = x;
            } else if (x > e + 1) { /* 1e+ : realfail */
                p->tok = T_PUNCT, p->te = x, p->failed = true;
                return ss_ctx_error(p->ctx, SS_SQLSTATE_SYNTAX_ERROR,
                                    "invalid numeric literal at or near \"%.*s\" of jsonpath input", (int)(x - q), q);
            }
        }
        if (e < p->end && is_ident_char(*e)) { /* 1a: trailing junk after a number */
            p->tok = T_PUNCT, p->te = e + 1, p->failed = true;
            return ss_ctx_error(p->ctx, SS_SQLSTATE_SYNTAX_ERROR,
                                "trailing junk after numeric literal at or near \"%.*s\" of jsonpath input",
                                (int)(e + 1 - q), q);
        }
        p->tok = T_NUMBER;
        p->te = p->pos = e;
        return SS_OK;
    }
    if (is_ident_char(c) || (c == '\\' && q + 1 < p->end)) {
        p->tok = T_IDENT;
        p->pos = q;
        return lex_ident(p);
    }
    static const char *const two[] = {"==", "!=", "<>", "<=", ">=", "&&", "||", "**"};
    p->tok = T_PUNCT;
    for (size_t k = 0; k < sizeof two / sizeof two[0]; k++)
        if (q + 1 < p->end && q[0] == two[k][0] && q[1] == two[k][1]) {
            p->te = p->pos = q + 2;
            return SS_OK;
        }
    p->te = p->pos = q + 1;
    if (!strchr("$@.[](),?*+-/%<>!=:{}", c))
        return syntax_error(p);
    return SS_OK;
}

static bool is(jp_parser *p, const char *punct)
{
    size_t l = strlen(punct);
    return p->tok == T_PUNCT && (size_t)(p->te - p->ts) == l && memcmp(p->ts, punct, l) == 0;
}

static bool is_word(jp_parser *p, const char *w)
{
    size_t l = strlen(w);
    return p->tok == T_IDENT && p->slen == l && memcmp(p->str, w, l) == 0;
}

static int expect(jp_parser *p, const char *punct)
{
    if (!is(p, punct))
        return syntax_error(p);
    return next(p);
}

static jp_node *node(jp_parser *p, int kind)
{
    jp_node *n = ss_arena_alloc(p->a, sizeof *n);
    if (!n) {
        ss_ctx_error(p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        p->failed = true;
        return NULL;
    }
    memset(n, 0, sizeof *n);
    n->kind = kind;
    return n;
}

static bool is_predicate(const jp_node *n)
{
    return n && ((n->kind == JP_BINARY && n->op >= JPO_EQ) || n->kind == JP_NOT || n->kind == JP_EXISTS ||
                 n->kind == JP_UNKNOWN || n->kind == JP_LIKE || n->kind == JP_STARTS);
}

static jp_node *parse_or(jp_parser *p);
static jp_node *parse_expr(jp_parser *p);

static jp_node *literal(jp_parser *p, int kind)
{
    jp_node *n = node(p, JP_LITERAL);
    if (n)
        n->lit.kind = (uint8_t)kind;
    return n;
}

static const struct {
    const char *name;
    int method;
} methods[] = {{"size", JPM_SIZE},   {"type", JPM_TYPE},   {"double", JPM_DOUBLE},
               {"abs", JPM_ABS},     {"floor", JPM_FLOOR}, {"ceiling", JPM_CEILING},
               {"keyvalue", JPM_KEYVALUE}, {"datetime", JPM_DATETIME}};

/* .**'s level: an integer or last */
static int any_level(jp_parser *p, uint32_t *out)
{
    if (is_word(p, "last")) {
        *out = JP_ANY_LAST;
        return next(p);
    }
    if (p->tok != T_NUMBER || memchr(p->ts, '.', (size_t)(p->te - p->ts)) || memchr(p->ts, 'e', (size_t)(p->te - p->ts)) ||
        memchr(p->ts, 'E', (size_t)(p->te - p->ts)))
        return syntax_error(p);
    long long v = 0;
    for (const char *c = p->ts; c < p->te; c++) {
        v = v * 10 + (*c - '0');
        if (v > 2147483647LL) {
            p->failed = true;
            return ss_ctx_error(p->ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE,
                                "value \"%.*s\" is out of range for type integer", (int)(p->te - p->ts), p->ts);
        }
    }
    *out = (uint32_t)v;
    return next(p);
}

/* An accessor after '.': a key, a method, .* or .** ; in is the accessor's input. */
static jp_node *parse_dot(jp_parser *p, jp_node *in)
{
    if (next(p))
        return NULL;
    if (is(p, "*")) {
        jp_node *n = node(p, JP_ANYKEY);
        if (!n || next(p))
            return NULL;
        n->arg = in;
        return n;
    }
    if (is(p, "**")) {
        jp_node *n = node(p, JP_ANY);
        if (!n || next(p))
            return NULL;
        n->arg = in, n->first = 0, n->last = JP_ANY_LAST;
        if (is(p, "{")) {
            if (next(p) || any_level(p, &n->first))
                return NULL;
            n->last = n->first;
            if (is_word(p, "to") && (next(p) || any_level(p, &n->last)))
                return NULL;
            if (expect(p, "}"))
                return NULL;
        }
        return n;
    }
    if (p->tok == T_STRING || p->tok == T_IDENT) {
        bool ident = p->tok == T_IDENT;
        const char *s = p->str;
        uint32_t len = p->slen;
        if (next(p))
            return NULL;
        if (ident && is(p, "(")) {
            for (size_t k = 0; k < sizeof methods / sizeof methods[0]; k++)
                if (strlen(methods[k].name) == len && memcmp(methods[k].name, s, len) == 0) {
                    jp_node *n = node(p, JP_METHOD);
                    if (!n || next(p))
                        return NULL;
                    n->op = methods[k].method, n->arg = in;
                    if (n->op == JPM_DATETIME && p->tok == T_STRING) {
                        n->s = p->str, n->len = p->slen, n->has_template = true;
                        if (next(p))
                            return NULL;
                    }
                    if (expect(p, ")"))
                        return NULL;
                    return n;
                }
            syntax_error(p);
            return NULL;
        }
        jp_node *n = node(p, JP_KEY);
        if (!n)
            return NULL;
        n->s = s, n->len = len, n->arg = in;
        return n;
    }
    syntax_error(p);
    return NULL;
}

/* [*] or [subscripts]; p is at '['. */
static jp_node *parse_brackets(jp_parser *p, jp_node *in)
{
    if (next(p))
        return NULL;
    if (is(p, "*")) {
        jp_node *n = node(p, JP_ANYELEM);
        if (!n || next(p) || expect(p, "]"))
            return NULL;
        n->arg = in;
        return n;
    }
    jp_node *n = node(p, JP_INDEX);
    if (!n)
        return NULL;
    n->arg = in;
    uint32_t cap = 4;
    n->subs = ss_arena_alloc(p->a, sizeof(jp_node *) * 2 * cap);
    if (!n->subs)
        return NULL;
    p->subscript_depth++;
    for (;;) {
        jp_node *from = parse_expr(p), *to = NULL;
        if (!from)
            return NULL;
        if (is_word(p, "to")) {
            if (next(p) || !(to = parse_expr(p)))
                return NULL;
        }
        if (n->nsubs == cap) {
            jp_node **bigger = ss_arena_alloc(p->a, sizeof(jp_node *) * 4 * cap);
            if (!bigger)
                return NULL;
            memcpy(bigger, n->subs, sizeof(jp_node *) * 2 * cap);
            n->subs = bigger, cap *= 2;
        }
        n->subs[2 * n->nsubs] = from, n->subs[2 * n->nsubs + 1] = to;
        n->nsubs++;
        if (is(p, ",")) {
            if (next(p))
                return NULL;
            continue;
        }
        break;
    }
    p->subscript_depth--;
    if (expect(p, "]"))
        return NULL;
    return n;
}

static jp_node *parse_primary(jp_parser *p)
{
    jp_node *n = NULL;
    if (is(p, "$")) {
        n = node(p, JP_ROOT);
    } else if (is(p, "@")) {
        if (p->filter_depth == 0) {
            p->failed = true;
            ss_ctx_error(p->ctx, SS_SQLSTATE_SYNTAX_ERROR, "@ is not allowed in root expressions");
            return NULL;
        }
        n = node(p, JP_CURRENT);
    } else if (p->tok == T_VAR) {
        if ((n = node(p, JP_VAR)))
            n->s = p->str, n->len = p->slen;
    } else if (p->tok == T_STRING) {
        if ((n = literal(p, JB_STRING)))
            n->lit.s = p->str, n->lit.len = p->slen;
    } else if (p->tok == T_NUMBER) {
        ss_text t;
        if (num_parse(p->ctx, p->ts, (size_t)(p->te - p->ts), &t)) {
            p->failed = true;
            return NULL;
        }
        if ((n = literal(p, JB_NUMBER)))
            n->lit.s = t.ptr, n->lit.len = t.len;
    } else if (is_word(p, "true") || is_word(p, "false") || is_word(p, "null")) {
        n = literal(p, is_word(p, "true") ? JB_TRUE : is_word(p, "false") ? JB_FALSE : JB_NULL);
    } else if (is_word(p, "last")) {
        if (p->subscript_depth == 0) {
            p->failed = true;
            ss_ctx_error(p->ctx, SS_SQLSTATE_SYNTAX_ERROR, "LAST is allowed only in array subscripts");
            return NULL;
        }
        n = node(p, JP_LAST);
    } else if (is(p, "(")) {
        if (next(p) || !(n = parse_or(p)))
            return NULL;
        if (!is(p, ")")) {
            syntax_error(p);
            return NULL;
        }
        if (next(p))
            return NULL;
        if (is_predicate(n) && is_word(p, "is")) {
            if (next(p))
                return NULL;
            if (!is_word(p, "unknown")) {
                syntax_error(p);
                return NULL;
            }
            jp_node *u = node(p, JP_UNKNOWN);
            if (!u || next(p))
                return NULL;
            u->left = n;
            return u;
        }
        if (is_predicate(n) && !is(p, ".") && !is(p, "[") && !is(p, "?"))
            return n;
        goto accessors;
    } else {
        syntax_error(p);
        return NULL;
    }
    if (!n || next(p))
        return NULL;
accessors:
    for (;;) {
        if (is(p, ".")) {
            if (!(n = parse_dot(p, n)))
                return NULL;
        } else if (is(p, "[")) {
            if (!(n = parse_brackets(p, n)))
                return NULL;
        } else if (is(p, "?")) {
            if (next(p) || expect(p, "("))
                return NULL;
            p->filter_depth++;
            jp_node *pred = parse_or(p);
            p->filter_depth--;
            if (!pred)
                return NULL;
            if (!is_predicate(pred) || !is(p, ")")) {
                syntax_error(p);
                return NULL;
            }
            jp_node *f = node(p, JP_FILTER);
            if (!f || next(p))
                return NULL;
            f->arg = n, f->right = pred;
            n = f;
        } else {
            return n;
        }
    }
}

static jp_node *parse_unary(jp_parser *p)
{
    if (is(p, "+") || is(p, "-")) {
        int op = *p->ts;
        if (next(p))
            return NULL;
        jp_node *arg = parse_unary(p), *n;
        if (!arg)
            return NULL;
        if (arg->kind == JP_LITERAL && arg->lit.kind == JB_NUMBER) { /* makeItemUnary folds -1 */
            if (op == '-') {
                ss_text x = {arg->lit.s, arg->lit.len, 0}, t;
                if (num_negate(p->ctx, &x, &t)) {
                    p->failed = true;
                    return NULL;
                }
                arg->lit.s = t.ptr, arg->lit.len = t.len;
            }
            return arg;
        }
        if (!(n = node(p, JP_UNARY)))
            return NULL;
        n->op = op, n->left = arg;
        return n;
    }
    return parse_primary(p);
}

static jp_node *binary(jp_parser *p, int op, jp_node *l, jp_node *r)
{
    jp_node *n = node(p, JP_BINARY);
    if (n)
        n->op = op, n->left = l, n->right = r;
    return n;
}

static jp_node *parse_mul(jp_parser *p)
{
    jp_node *l = parse_unary(p);
    while (l && (is(p, "*") || is(p, "/") || is(p, "%"))) {
        int op = *p->ts == '*' ? JPO_MUL : *p->ts == '/' ? JPO_DIV : JPO_MOD;
        jp_node *r;
        if (next(p) || !(r = parse_unary(p)))
            return NULL;
        l = binary(p, op, l, r);
    }
    return l;
}

static jp_node *parse_expr(jp_parser *p)
{
    jp_node *l = parse_mul(p);
    while (l && (is(p, "+") || is(p, "-"))) {
        int op = *p->ts == '+' ? JPO_ADD : JPO_SUB;
        jp_node *r;
        if (next(p) || !(r = parse_mul(p)))
            return NULL;
        l = binary(p, op, l, r);
    }
    return l;
}

static int comparison(jp_parser *p)
{
    static const struct {
        const char *t;
        int op;
    } ops[] = {{"==", JPO_EQ}, {"!=", JPO_NE}, {"<>", JPO_NE}, {"<=", JPO_LE},
               {">=", JPO_GE}, {"<", JPO_LT},  {">", JPO_GT}};
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
        if (is(p, ops[k].t))
            return ops[k].op;
    return -1;
}

static bool flag_ok(jp_parser *p, const char *f, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++)
        if (!strchr("ismxq", f[k])) {
            p->failed = true;
            ss_ctx_error(p->ctx, "42601", "invalid input syntax for type jsonpath");
            ss_ctx_error_detail(p->ctx, "Unrecognized flag character \"%.*s\" in LIKE_REGEX predicate.", 1, f + k);
            return false;
        }
    return true;
}

/* A predicate that is not && / || / !: exists( ), a comparison, like_regex, starts with, or
 * an expression. */
static jp_node *parse_pred(jp_parser *p)
{
    if (is_word(p, "exists")) {
        if (next(p))
            return NULL;
        if (is(p, "(")) {
            jp_node *n = node(p, JP_EXISTS);
            if (!n || next(p) || !(n->left = parse_expr(p)) || expect(p, ")"))
                return NULL;
            return n;
        }
        syntax_error(p);
        return NULL;
    }
    jp_node *l = parse_expr(p);
    if (!l || is_predicate(l))
        return l;
    int op = comparison(p);
    if (op >= 0) {
        jp_node *r;
        if (next(p) || !(r = parse_expr(p)))
            return NULL;
        if (is_predicate(r)) {
            syntax_error(p);
            return NULL;
        }
        return binary(p, op, l, r);
    }
    if (is_word(p, "like_regex")) {
        if (next(p))
            return NULL;
        if (p->tok != T_STRING) {
            syntax_error(p);
            return NULL;
        }
        jp_node *n = node(p, JP_LIKE);
        if (!n)
            return NULL;
        n->left = l, n->s = p->str, n->len = p->slen;
        if (next(p))
            return NULL;
        if (is_word(p, "flag")) {
            if (next(p))
                return NULL;
            if (p->tok != T_STRING) {
                syntax_error(p);
                return NULL;
            }
            if (!flag_ok(p, p->str, p->slen))
                return NULL;
            n->flags = p->str, n->flen = p->slen;
            if (memchr(n->flags, 'x', n->flen) && !memchr(n->flags, 'q', n->flen)) {
                p->failed = true;
                ss_ctx_error(p->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                             "XQuery \"x\" flag (expanded regular expressions) is not implemented");
                return NULL;
            }
            if (next(p))
                return NULL;
        }
        bool m; /* the pattern compiles, as PostgreSQL checks it while parsing */
        if (ss_regex_like(p->ctx, "", 0, n->s, n->len, n->flags && memchr(n->flags, 'q', n->flen) ? "q" : "", &m)) {
            p->failed = true;
            return NULL;
        }
        return n;
    }
    if (is_word(p, "starts")) {
        if (next(p))
            return NULL;
        if (!is_word(p, "with")) {
            syntax_error(p);
            return NULL;
        }
        if (next(p))
            return NULL;
        jp_node *r = NULL;
        if (p->tok == T_STRING || p->tok == T_VAR)
            r = parse_primary(p);
        else
            syntax_error(p);
        if (!r)
            return NULL;
        jp_node *n = node(p, JP_STARTS);
        if (n)
            n->left = l, n->right = r;
        return n;
    }
    return l;
}

static jp_node *parse_not(jp_parser *p)
{
    if (is(p, "!")) {
        if (next(p))
            return NULL;
        if (!is(p, "(") && !is_word(p, "exists")) {
            syntax_error(p);
            return NULL;
        }
        jp_node *arg = parse_pred(p), *n;
        if (!arg || !is_predicate(arg)) {
            if (arg)
                syntax_error(p);
            return NULL;
        }
        if (!(n = node(p, JP_NOT)))
            return NULL;
        n->left = arg;
        return n;
    }
    return parse_pred(p);
}

/* && (and true) or || over predicates: left-associative, && binding tighter. */
static jp_node *parse_logic(jp_parser *p, bool and)
{
    jp_node *l = and ? parse_not(p) : parse_logic(p, true);
    while (l && is(p, and ? "&&" : "||")) {
        jp_node *r;
        if (!is_predicate(l)) {
            syntax_error(p);
            return NULL;
        }
        if (next(p) || !(r = and ? parse_not(p) : parse_logic(p, true)))
            return NULL;
        if (!is_predicate(r)) {
            syntax_error(p);
            return NULL;
        }
        l = binary(p, and ? JPO_AND : JPO_OR, l, r);
    }
    return l;
}

static jp_node *parse_or(jp_parser *p)
{
    return parse_logic(p, false);
}

int jp_parse(ss_ctx *ctx, const char *s, size_t len, ss_arena *a, jp_path *out)
{
    jp_parser p = {.ctx = ctx, .a = a, .s = s, .end = s + len, .pos = s};
    memset(out, 0, sizeof *out);
    if (next(&p))
        return SS_ERROR;
    if (p.tok == T_END) /* the grammar's empty result */
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, "invalid input syntax for type jsonpath: \"%.*s\"",
                            (int)len, s);
    if (is_word(&p, "strict") || is_word(&p, "lax")) {
        out->strict = is_word(&p, "strict");
        if (next(&p))
            return SS_ERROR;
    }
    out->expr = parse_or(&p);
    if (!out->expr)
        return p.failed ? SS_ERROR : syntax_error(&p);
    if (p.tok != T_END)
        return syntax_error(&p);
    return SS_OK;
}
