/* regex_tree.c — PostgreSQL's rules for an ARE's greediness and for which part of a match
 * each parenthesised group gets (the "Regular Expression Matching Rules" of its manual),
 * over PCRE2 as the matcher of the pieces.
 *
 * The pattern is parsed into a tree of source spans: captures, alternations, iterations of
 * pieces that hold captures, concatenations, and leaves (runs of atoms without captures
 * whose greediness agrees, which PostgreSQL matches as one unit).  Greediness: an
 * alternation of two or more branches is greedy, a branch has that of its first item with
 * one, a quantified atom that of its quantifier ({m} and {m}? keep the atom's), groups that
 * of their content.  Once the whole match's extent is known, a concatenation gives its first
 * item the longest part that lets the rest match (the shortest when that item is
 * non-greedy), an alternation the first branch that matches the part exactly, and an
 * iteration divides its part into the fewest non-empty pieces by the same rule, the groups
 * keeping the last piece's values.  "Matches exactly" is asked of PCRE2's DFA matcher, which
 * reports every end of an anchored match of a piece over the whole subject (so that
 * lookaround and anchors see the real context). */
#include "types/regex_tree.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N_LEAF, N_CAT, N_ALT, N_CAP, N_ITER };
enum { P_NONE, P_LONG, P_SHORT };

typedef struct rnode {
    int kind, pref;
    size_t from, to; /* source span */
    int capno;       /* N_CAP */
    int min, max;    /* N_ITER; max -1 unbounded */
    int *kids;
    int nkids;
    bool has_cap;
    int cap_lo, cap_hi; /* the capture numbers inside, [lo, hi] */
    char *text;         /* the piece's pattern when it is not a span of the source */
    pcre2_code *code;   /* the span (or text), compiled on first use */
    pcre2_code **rest;  /* N_CAT: rest[k] matches kids k..n-1 */
} rnode;

struct re_tree {
    rnode *nodes;
    int n, cap;
    const char *p;
    size_t len, i;
    bool expanded, failed;
    int ncap;
    size_t prefix; /* length of leading embedded options "(?...)" copied into every piece */
    int root;
    re_compile_fn compile;
    void *arg;
    /* per dissection */
    const char *s;
    size_t slen;
    pcre2_match_data *md;
    int *ws;
    size_t wscount;
    PCRE2_SIZE *ov;
    uint32_t ngroups;
    int status;
    bool backrefs_ok; /* back-references are leaves (re_tree_pattern_prefers_shortest) */
};

static int new_node(re_tree *t, int kind, size_t from)
{
    if (t->n == t->cap) {
        int nc = t->cap ? t->cap * 2 : 16;
        rnode *b = realloc(t->nodes, sizeof(rnode) * (size_t)nc);
        if (!b) {
            t->failed = true;
            return -1;
        }
        t->nodes = b, t->cap = nc;
    }
    rnode *r = &t->nodes[t->n];
    memset(r, 0, sizeof *r);
    r->kind = kind, r->from = from, r->to = from, r->cap_lo = INT32_MAX, r->cap_hi = -1;
    return t->n++;
}

static bool add_kid(re_tree *t, int parent, int kid)
{
    rnode *r = &t->nodes[parent];
    int *b = realloc(r->kids, sizeof(int) * (size_t)(r->nkids + 1));
    if (!b) {
        t->failed = true;
        return false;
    }
    r->kids = b;
    r->kids[r->nkids++] = kid;
    rnode *k = &t->nodes[kid];
    r = &t->nodes[parent];
    if (k->has_cap) {
        r->has_cap = true;
        if (k->cap_lo < r->cap_lo)
            r->cap_lo = k->cap_lo;
        if (k->cap_hi > r->cap_hi)
            r->cap_hi = k->cap_hi;
    }
    return true;
}

static void skip_space(re_tree *t)
{
    while (t->expanded && t->i < t->len) {
        char c = t->p[t->i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
            t->i++;
        else if (c == '#')
            while (t->i < t->len && t->p[t->i] != '\n')
                t->i++;
        else
            break;
    }
}

static bool is_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Skips an escape at t->i (the backslash); false for a back-reference. */
static bool skip_escape(re_tree *t)
{
    size_t i = t->i + 1;
    if (i >= t->len) {
        t->i = i;
        return true;
    }
    char e = t->p[i++];
    if (e >= '1' && e <= '9' && !t->backrefs_ok)
        return false;
    if (e == 'u' || e == 'U') {
        size_t nd = e == 'u' ? 4 : 8;
        for (size_t k = 0; k < nd && i < t->len && is_hex(t->p[i]); k++)
            i++;
    } else if (e == 'x') {
        while (i < t->len && is_hex(t->p[i]))
            i++;
    } else if (e == '0') {
        while (i < t->len && t->p[i] >= '0' && t->p[i] <= '7')
            i++;
    } else if ((unsigned char)e >= 0x80) {
        while (i < t->len && ((unsigned char)t->p[i] & 0xC0) == 0x80)
            i++;
    }
    t->i = i;
    return true;
}

static void skip_bracket(re_tree *t)
{
    size_t i = t->i + 1;
    if (i < t->len && t->p[i] == '^')
        i++;
    if (i < t->len && t->p[i] == ']')
        i++;
    while (i < t->len && t->p[i] != ']') {
        if (t->p[i] == '[' && i + 1 < t->len && (t->p[i + 1] == ':' || t->p[i + 1] == '.' || t->p[i + 1] == '=')) {
            char d = t->p[i + 1];
            size_t k = i + 2;
            while (k + 1 < t->len && !(t->p[k] == d && t->p[k + 1] == ']'))
                k++;
            i = k + 2;
            continue;
        }
        if (t->p[i] == '\\' && i + 1 < t->len)
            i++;
        i++;
    }
    t->i = i < t->len ? i + 1 : i;
}

static int parse_alt(re_tree *t);

/* One atom; -1 on failure.  Captures and groups parse their content. */
static int parse_atom(re_tree *t)
{
    size_t from = t->i;
    char c = t->p[t->i];
    if (c == '(') {
        bool capture = true, look = false;
        if (t->i + 1 < t->len && t->p[t->i + 1] == '?') {
            capture = false;
            char d = t->i + 2 < t->len ? t->p[t->i + 2] : '\0';
            if (d == ':')
                t->i += 3;
            else if (d == '=' || d == '!')
                look = true, t->i += 3;
            else if (d == '<' && t->i + 3 < t->len && (t->p[t->i + 3] == '=' || t->p[t->i + 3] == '!'))
                look = true, t->i += 4;
            else
                return t->failed = true, -1;
        } else {
            t->i++;
        }
        int capno = capture ? ++t->ncap : 0;
        int inner = parse_alt(t);
        if (inner < 0 || t->i >= t->len || t->p[t->i] != ')')
            return t->failed = true, -1;
        t->i++;
        if (look) {
            if (t->nodes[inner].has_cap)
                return t->failed = true, -1;
            int n = new_node(t, N_LEAF, from);
            if (n >= 0)
                t->nodes[n].to = t->i;
            return n;
        }
        if (!capture && !t->nodes[inner].has_cap) {
            t->nodes[inner].kind = N_LEAF, t->nodes[inner].from = from, t->nodes[inner].to = t->i;
            return inner;
        }
        if (!capture) { /* a group around captures: a pass-through over its span */
            int n = new_node(t, N_ITER, from);
            if (n < 0 || !add_kid(t, n, inner))
                return -1;
            rnode *r = &t->nodes[n];
            r->to = t->i, r->pref = t->nodes[inner].pref, r->min = r->max = 1;
            return n;
        }
        int n = new_node(t, N_CAP, from);
        if (n < 0 || !add_kid(t, n, inner))
            return -1;
        rnode *r = &t->nodes[n];
        r->to = t->i, r->capno = capno, r->pref = t->nodes[inner].pref, r->has_cap = true;
        if (capno < r->cap_lo)
            r->cap_lo = capno;
        if (capno > r->cap_hi)
            r->cap_hi = capno;
        return n;
    }
    if (c == '\\') {
        if (!skip_escape(t))
            return t->failed = true, -1;
    } else if (c == '[') {
        skip_bracket(t);
    } else {
        t->i++;
        while (t->i < t->len && ((unsigned char)t->p[t->i] & 0xC0) == 0x80)
            t->i++;
    }
    int n = new_node(t, N_LEAF, from);
    if (n >= 0)
        t->nodes[n].to = t->i;
    return n;
}

/* A quantifier at t->i: true with min / max / greediness, t->i past it. */
static bool parse_quant(re_tree *t, int *min, int *max, bool *lazy, bool *fixed)
{
    size_t i = t->i;
    if (i >= t->len)
        return false;
    char c = t->p[i];
    *fixed = false;
    if (c == '*' || c == '+' || c == '?') {
        *min = c == '+' ? 1 : 0, *max = c == '?' ? 1 : -1;
        i++;
    } else if (c == '{') {
        size_t k = i + 1;
        long m = 0, n;
        if (k >= t->len || t->p[k] < '0' || t->p[k] > '9')
            return false;
        while (k < t->len && t->p[k] >= '0' && t->p[k] <= '9')
            m = m * 10 + (t->p[k++] - '0');
        n = m;
        if (k < t->len && t->p[k] == ',') {
            k++;
            n = -1;
            if (k < t->len && t->p[k] >= '0' && t->p[k] <= '9') {
                n = 0;
                while (k < t->len && t->p[k] >= '0' && t->p[k] <= '9')
                    n = n * 10 + (t->p[k++] - '0');
            }
        } else {
            *fixed = true;
        }
        if (k >= t->len || t->p[k] != '}' || m > 255 || n > 255)
            return false;
        *min = (int)m, *max = (int)n;
        i = k + 1;
    } else {
        return false;
    }
    *lazy = i < t->len && t->p[i] == '?';
    t->i = *lazy ? i + 1 : i;
    return true;
}

/* One quantified atom. */
static int parse_item(re_tree *t)
{
    int a = parse_atom(t);
    if (a < 0)
        return -1;
    int min, max;
    bool lazy, fixed;
    if (!parse_quant(t, &min, &max, &lazy, &fixed))
        return a;
    int pref = fixed ? t->nodes[a].pref : lazy ? P_SHORT : P_LONG;
    if (!t->nodes[a].has_cap) {
        t->nodes[a].kind = N_LEAF, t->nodes[a].to = t->i, t->nodes[a].pref = pref;
        return a;
    }
    int n = new_node(t, N_ITER, t->nodes[a].from);
    if (n < 0 || !add_kid(t, n, a))
        return -1;
    rnode *r = &t->nodes[n];
    r->to = t->i, r->pref = pref, r->min = min, r->max = max;
    if (min < 1 || (min == 1 && max == 1))
        return n;
    /* PostgreSQL matches atom{m,n} (m >= 1) as atom{m-1,n-1} followed by the atom, the groups
       only in the last: they get the last repetition's part after the others took the
       longest (shortest) part */
    char q[40];
    int ql = max < 0 ? snprintf(q, sizeof q, "{%d,}%s", min - 1, lazy ? "?" : "")
                     : snprintf(q, sizeof q, "{%d,%d}%s", min - 1, max - 1, lazy ? "?" : "");
    size_t al = t->nodes[a].to - t->nodes[a].from;
    r->text = malloc(al + (size_t)ql + 1);
    if (!r->text)
        return t->failed = true, -1;
    memcpy(r->text, t->p + t->nodes[a].from, al);
    memcpy(r->text + al, q, (size_t)ql + 1);
    r->min = min - 1, r->max = max < 0 ? -1 : max - 1;
    int cat = new_node(t, N_CAT, t->nodes[n].from);
    if (cat < 0 || !add_kid(t, cat, n) || !add_kid(t, cat, a))
        return -1;
    t->nodes[cat].to = t->i, t->nodes[cat].pref = pref;
    t->nodes[n].has_cap = false; /* only the last repetition's groups count */
    return cat;
}

/* One branch: items up to | or ) or the end, runs of capture-free items merged. */
static int parse_branch(re_tree *t)
{
    int cat = new_node(t, N_CAT, t->i);
    if (cat < 0)
        return -1;
    int run = -1; /* the open run of capture-free items */
    skip_space(t);
    while (t->i < t->len && t->p[t->i] != '|' && t->p[t->i] != ')') {
        int it = parse_item(t);
        if (it < 0)
            return -1;
        rnode *r = &t->nodes[it];
        if (!r->has_cap && run >= 0 &&
            (r->pref == P_NONE || t->nodes[run].pref == P_NONE || r->pref == t->nodes[run].pref)) {
            rnode *u = &t->nodes[run];
            u->to = r->to;
            if (u->pref == P_NONE)
                u->pref = r->pref;
        } else {
            if (!add_kid(t, cat, it))
                return -1;
            run = r->has_cap ? -1 : it;
        }
        skip_space(t);
    }
    rnode *c = &t->nodes[cat];
    c->to = t->i;
    for (int k = 0; k < c->nkids && c->pref == P_NONE; k++)
        c->pref = t->nodes[c->kids[k]].pref;
    if (c->nkids == 1) {
        int only = c->kids[0];
        return only;
    }
    if (c->nkids == 0)
        c->kind = N_LEAF;
    return cat;
}

static int parse_alt(re_tree *t)
{
    size_t from = t->i;
    int first = parse_branch(t);
    if (first < 0 || t->i >= t->len || t->p[t->i] != '|')
        return first;
    int alt = new_node(t, N_ALT, from);
    if (alt < 0 || !add_kid(t, alt, first))
        return -1;
    while (t->i < t->len && t->p[t->i] == '|') {
        t->i++;
        int b = parse_branch(t);
        if (b < 0 || !add_kid(t, alt, b))
            return -1;
    }
    t->nodes[alt].to = t->i, t->nodes[alt].pref = P_LONG;
    return alt;
}

void re_tree_free(re_tree *t)
{
    if (!t)
        return;
    for (int k = 0; k < t->n; k++) {
        rnode *r = &t->nodes[k];
        if (r->code)
            pcre2_code_free(r->code);
        if (r->rest) {
            for (int j = 0; j + 1 < r->nkids; j++) /* the last is the kid's own code */
                if (r->rest[j])
                    pcre2_code_free(r->rest[j]);
            free(r->rest);
        }
        free(r->kids);
        free(r->text);
    }
    free(t->nodes);
    free(t);
}

/* Parses p into t; false when it has a construct the tree does not model. */
static bool build_into(re_tree *t, const char *p, size_t len, bool expanded, re_compile_fn compile, void *arg)
{
    t->p = p, t->len = len, t->expanded = expanded, t->compile = compile, t->arg = arg;
    if (len >= 3 && p[0] == '(' && p[1] == '?') { /* embedded options, ARE allows them first */
        size_t k = 2;
        while (k < len && ((p[k] >= 'a' && p[k] <= 'z') || (p[k] >= 'A' && p[k] <= 'Z')))
            k++;
        if (k > 2 && k < len && p[k] == ')') {
            t->prefix = k + 1;
            for (size_t j = 2; j < k; j++)
                if (p[j] == 'x')
                    t->expanded = true;
                else if (p[j] == 't')
                    t->expanded = false;
            t->i = t->prefix;
        }
    }
    t->root = parse_alt(t);
    return !t->failed && t->root >= 0 && t->i == t->len;
}

re_tree *re_tree_build(const char *p, size_t len, bool expanded, re_compile_fn compile, void *arg)
{
    re_tree *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    if (!build_into(t, p, len, expanded, compile, arg)) {
        re_tree_free(t);
        return NULL;
    }
    return t;
}

bool re_tree_prefers_shortest(const re_tree *t)
{
    return t->nodes[t->root].pref == P_SHORT;
}

bool re_tree_pattern_prefers_shortest(const char *p, size_t len, bool expanded)
{
    re_tree *t = calloc(1, sizeof *t);
    if (!t)
        return false;
    t->backrefs_ok = true;
    bool shortest = build_into(t, p, len, expanded, NULL, NULL) && re_tree_prefers_shortest(t);
    re_tree_free(t);
    return shortest;
}

/* ---- dissection ---- */

static pcre2_code *compile_span(re_tree *t, size_t from, size_t to)
{
    size_t n = t->prefix + (to - from);
    char *buf = malloc(n + 1);
    if (!buf)
        return NULL;
    memcpy(buf, t->p, t->prefix);
    memcpy(buf + t->prefix, t->p + from, to - from);
    pcre2_code *c = t->compile(t->arg, buf, n);
    free(buf);
    return c;
}

/* The ends of the anchored matches of code at p, longest first, into ov pairs; the count, or
 * -1 (t->status set). */
static int ends_of(re_tree *t, pcre2_code *code, size_t p)
{
    for (;;) {
        int rc = pcre2_dfa_match(code, (PCRE2_SPTR)t->s, t->slen, p, PCRE2_NO_UTF_CHECK | PCRE2_ANCHORED, t->md, NULL,
                                 t->ws, t->wscount);
        if (rc == PCRE2_ERROR_NOMATCH)
            return 0;
        if (rc > 0)
            return rc;
        if (rc == PCRE2_ERROR_DFA_WSSIZE && t->wscount < (1u << 20)) {
            int *b = realloc(t->ws, sizeof(int) * t->wscount * 4);
            if (!b) {
                t->status = -1;
                return -1;
            }
            t->ws = b, t->wscount *= 4;
            continue;
        }
        t->status = 0;
        return -1;
    }
}

static pcre2_code *node_code(re_tree *t, int k)
{
    rnode *r = &t->nodes[k];
    if (!r->code && r->text) {
        size_t tl = strlen(r->text), n = t->prefix + tl;
        char *buf = malloc(n + 1);
        if (buf) {
            memcpy(buf, t->p, t->prefix);
            memcpy(buf + t->prefix, r->text, tl);
            r->code = t->compile(t->arg, buf, n);
            free(buf);
        }
    } else if (!r->code) {
        r->code = compile_span(t, r->from, r->to);
    }
    if (!r->code)
        t->status = 0;
    return r->code;
}

/* Whether code matches s[i, j) exactly. */
static bool matches(re_tree *t, pcre2_code *code, size_t i, size_t j)
{
    if (!code)
        return false;
    int n = ends_of(t, code, i);
    const PCRE2_SIZE *o = pcre2_get_ovector_pointer(t->md);
    for (int k = 0; k < n; k++)
        if (o[2 * k + 1] == j)
            return true;
    return false;
}

/* The ends of node k's matches at i that are <= j, ascending when asc; the count, -1 error. */
static int candidates(re_tree *t, int k, size_t i, size_t j, bool asc, size_t **out)
{
    pcre2_code *code = node_code(t, k);
    if (!code)
        return -1;
    int n = ends_of(t, code, i);
    if (n < 0)
        return -1;
    size_t *c = malloc(sizeof(size_t) * (size_t)(n ? n : 1));
    if (!c) {
        t->status = -1;
        return -1;
    }
    const PCRE2_SIZE *o = pcre2_get_ovector_pointer(t->md);
    int m = 0;
    for (int q = 0; q < n; q++)
        if (o[2 * q + 1] <= j)
            c[m++] = o[2 * q + 1];
    /* PCRE2 lists the longest first */
    for (int a = 1; a < m; a++)
        for (int b = a; b > 0 && (asc ? c[b - 1] > c[b] : c[b - 1] < c[b]); b--) {
            size_t x = c[b];
            c[b] = c[b - 1], c[b - 1] = x;
        }
    *out = c;
    return m;
}

static bool dissect(re_tree *t, int k, size_t i, size_t j);

static void zap(re_tree *t, int k)
{
    rnode *r = &t->nodes[k];
    for (int g = r->cap_lo; r->has_cap && g <= r->cap_hi; g++)
        if ((uint32_t)g < t->ngroups)
            t->ov[2 * g] = t->ov[2 * g + 1] = PCRE2_UNSET;
}

static bool dissect_cat(re_tree *t, int k, int from_kid, size_t i, size_t j)
{
    rnode *r = &t->nodes[k];
    if (from_kid == r->nkids - 1)
        return dissect(t, r->kids[from_kid], i, j);
    int left = r->kids[from_kid];
    if (!r->rest) {
        r->rest = calloc((size_t)r->nkids, sizeof(pcre2_code *));
        if (!r->rest) {
            t->status = -1;
            return false;
        }
        r = &t->nodes[k];
    }
    if (!r->rest[from_kid + 1]) {
        /* the last kid alone is its own piece (its span may be synthetic, parse_item) */
        pcre2_code *code = from_kid + 2 == r->nkids ? node_code(t, r->kids[from_kid + 1])
                                                    : compile_span(t, t->nodes[r->kids[from_kid + 1]].from, r->to);
        r = &t->nodes[k];
        if (!code) {
            t->status = 0;
            return false;
        }
        r->rest[from_kid + 1] = code;
    }
    pcre2_code *rest = r->rest[from_kid + 1];
    size_t *c;
    int n = candidates(t, left, i, j, t->nodes[left].pref == P_SHORT, &c);
    if (n < 0)
        return false;
    for (int q = 0; q < n; q++) {
        size_t mid = c[q];
        if (matches(t, rest, mid, j)) {
            free(c);
            return dissect(t, left, i, mid) && dissect_cat(t, k, from_kid + 1, mid, j);
        }
        if (t->status <= 0 && t->status != 1)
            break;
    }
    free(c);
    if (t->status == 1)
        t->status = 0;
    return false;
}

/* The iteration's division of [p0, j) into pieces (ends[1..], ends[0] their count), by
 * PostgreSQL's preference: each piece's candidate ends tried in order, backtracking over an
 * explicit stack of levels (one per piece) so that a long subject does not recurse deeply. */
typedef struct iter_level {
    size_t *c; /* the piece's candidate ends */
    int n, q;  /* their number, the one being tried */
} iter_level;

static bool iter_divide(re_tree *t, int child, int min, int max, size_t p0, size_t j, size_t *ends)
{
    bool asc = t->nodes[child].pref == P_SHORT;
    size_t cap = 16, depth = 0;
    iter_level *st = malloc(sizeof *st * cap);
    if (!st) {
        t->status = -1;
        return false;
    }
    st[0].q = 0;
    st[0].n = candidates(t, child, p0, j, asc, &st[0].c);
    bool found = false;
    if (st[0].n < 0) {
        free(st);
        return false;
    }
    for (;;) {
        iter_level *f = &st[depth];
        int k = (int)depth + 1;
        size_t p = depth ? ends[depth] : p0;
        if (f->q >= f->n) { /* this piece has no end left: back to the previous one */
            free(f->c);
            f->c = NULL;
            if (depth == 0 || t->status != 1)
                break;
            depth--;
            st[depth].q++;
            continue;
        }
        size_t e = f->c[f->q];
        if (e == j) {
            if ((e == p && !(k < min && (size_t)(min - k) >= j - p) && p != j) || k < min) {
                f->q++;
                continue;
            }
            ends[k] = e;
            ends[0] = (size_t)k;
            found = true;
            break;
        }
        if ((max >= 0 && k >= max) || (e == p && (k >= min || (size_t)(min - k) < j - e))) {
            f->q++;
            continue;
        }
        ends[k] = e;
        if (depth + 1 == cap) {
            iter_level *bigger = realloc(st, sizeof *st * cap * 2);
            if (!bigger) {
                t->status = -1;
                break;
            }
            st = bigger, cap *= 2;
        }
        depth++;
        st[depth].q = 0;
        st[depth].n = candidates(t, child, e, j, asc, &st[depth].c);
        if (st[depth].n < 0) {
            depth--;
            break;
        }
    }
    for (size_t d = 0; d <= depth; d++)
        free(st[d].c);
    free(st);
    return found;
}

static bool dissect_iter(re_tree *t, int k, size_t i, size_t j)
{
    rnode *r = &t->nodes[k];
    int child = r->kids[0], min = r->min, max = r->max;
    if (min == 1 && max == 1)
        return dissect(t, child, i, j);
    if (min <= 0) {
        if (i == j)
            return true;
        min = 1;
    }
    size_t pieces = j - i;
    if (max >= 0 && pieces > (size_t)max)
        pieces = (size_t)max;
    if (pieces < (size_t)min)
        pieces = (size_t)min;
    size_t *ends = malloc(sizeof(size_t) * (pieces + 2));
    if (!ends) {
        t->status = -1;
        return false;
    }
    ends[1] = i;
    bool ok = iter_divide(t, child, min, max, i, j, ends);
    if (ok) {
        size_t n = ends[0], at = i;
        for (size_t q = 1; q <= n && ok; q++) {
            zap(t, child);
            ok = dissect(t, child, at, ends[q]);
            at = ends[q];
        }
    } else if (t->status == 1) {
        t->status = 0;
    }
    free(ends);
    return ok;
}

static bool dissect(re_tree *t, int k, size_t i, size_t j)
{
    rnode *r = &t->nodes[k];
    if (!r->has_cap)
        return true;
    switch (r->kind) {
    case N_CAP:
        if ((uint32_t)r->capno < t->ngroups)
            t->ov[2 * r->capno] = i, t->ov[2 * r->capno + 1] = j;
        return dissect(t, r->kids[0], i, j);
    case N_CAT: return dissect_cat(t, k, 0, i, j);
    case N_ITER: return dissect_iter(t, k, i, j);
    case N_ALT:
        for (int q = 0; q < r->nkids; q++) {
            int b = t->nodes[k].kids[q];
            pcre2_code *code = node_code(t, b);
            if (!code)
                return false;
            if (matches(t, code, i, j))
                return dissect(t, b, i, j);
            if (t->status != 1)
                return false;
        }
        t->status = 0;
        return false;
    default: return true;
    }
}

int re_tree_dissect(re_tree *t, const char *s, size_t len, size_t so, size_t eo, PCRE2_SIZE *ov, uint32_t ngroups)
{
    t->s = s, t->slen = len, t->ov = ov, t->ngroups = ngroups, t->status = 1;
    for (uint32_t g = 1; g < ngroups; g++)
        ov[2 * g] = ov[2 * g + 1] = PCRE2_UNSET;
    t->md = pcre2_match_data_create((uint32_t)(len + 2 < 65535 ? len + 2 : 65535), NULL);
    t->wscount = 1024;
    t->ws = malloc(sizeof(int) * t->wscount);
    bool ok = false;
    if (t->md && t->ws)
        ok = dissect(t, t->root, so, eo);
    else
        t->status = -1;
    if (t->md)
        pcre2_match_data_free(t->md);
    free(t->ws);
    t->md = NULL, t->ws = NULL;
    if (ok)
        return 1;
    return t->status < 0 ? -1 : 0;
}
