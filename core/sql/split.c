/* split.c — statement boundaries and the nesting-depth lower bound of split.h.
 *
 * The depth bound follows the grammar's left-associative binary operators, which are what
 * lets a short text build an arbitrarily deep tree (bison reduces them without growing its
 * own stack; right-nested forms such as - - - x, NOT NOT x or ((( x ))) are bounded by
 * bison's stack instead).  By precedence, lowest first: comparisons, other operators
 * (||, ~~ ...), + -, * / %, ^, AT TIME ZONE, COLLATE, ::.  Within one parenthesis level, a
 * stack of (precedence, count) follows the right spine of the tree being built: an operator
 * ends the runs of higher precedence and extends or starts the run of its own, and the sum
 * of the counts is a depth the tree certainly reaches.  Commas, AND/OR (flattened into one
 * list by the grammar) and anything unexpected start afresh, so the result underestimates,
 * with one exception that does not matter: words are not told apart from keywords, so a
 * keyword followed by a prefix operator (SELECT -1) counts that operator as binary, one level
 * per run at most, far below the margin of the caller's limit (parse_stmt.c). */
#include "sql/split.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LV_CMP = 1, LV_OP, LV_ADD, LV_MUL, LV_POW, LV_AT, LV_COLLATE, LV_CAST, LV_NLEVELS = 8 };

/* Parentheses deeper than this are not followed (bison refuses such nesting anyway); the
 * text inside them only resets the bound, which keeps it a lower bound. */
#define MAX_FRAMES 16384
/* Parenthesis levels held in the scan's own frame array before it moves to the heap: most
 * statements (INSERT ... VALUES (...), calls) nest a few levels and so scan without malloc. */
#define LOCAL_FRAMES 8

typedef struct frame {
    uint8_t n;
    uint8_t level[LV_NLEVELS];
    uint64_t count[LV_NLEVELS];
    uint64_t sum;
    bool operand; /* the previous token ended an operand */
} frame;

typedef struct depth_state {
    frame *frames;     /* local, or on the heap once more than LOCAL_FRAMES are open */
    uint32_t nframes, cap;
    uint64_t overflow; /* open parentheses beyond MAX_FRAMES (or beyond memory) */
    frame outer;       /* used when frames cannot be allocated */
    uint64_t max;
    int skip_words;    /* words that belong to the operator just seen (TIME ZONE after AT) */
    frame local[LOCAL_FRAMES];
} depth_state;

static frame *cur(depth_state *d)
{
    return d->nframes ? &d->frames[d->nframes - 1] : &d->outer;
}

static void reset(depth_state *d)
{
    frame *f = cur(d);
    f->n = 0;
    f->sum = 0;
    f->operand = false;
}

static void binary_op(depth_state *d, uint8_t level)
{
    frame *f = cur(d);
    while (f->n && f->level[f->n - 1] > level)
        f->sum -= f->count[--f->n];
    if (f->n && f->level[f->n - 1] == level)
        f->count[f->n - 1]++;
    else {
        f->level[f->n] = level;
        f->count[f->n++] = 1;
    }
    f->sum++;
    if (f->sum > d->max)
        d->max = f->sum;
    f->operand = false;
}

/* An operand token (name, literal, parameter, parenthesised group). */
static void operand(depth_state *d)
{
    frame *f = cur(d);
    if (f->operand)
        reset(d); /* two operands in a row: a keyword or a clause boundary */
    cur(d)->operand = true;
}

static void open_paren(depth_state *d)
{
    if (d->overflow || d->nframes >= MAX_FRAMES) {
        d->overflow++;
        reset(d);
        return;
    }
    if (d->nframes == d->cap) {
        uint32_t cap = d->cap * 2;
        frame *p = d->frames == d->local ? malloc(cap * sizeof *p)
                                         : realloc(d->frames, cap * sizeof *p);
        if (!p) {
            d->overflow++;
            reset(d);
            return;
        }
        if (d->frames == d->local)
            memcpy(p, d->local, sizeof d->local);
        d->frames = p;
        d->cap = cap;
    }
    memset(&d->frames[d->nframes++], 0, sizeof(frame));
}

static void close_paren(depth_state *d)
{
    if (d->overflow) {
        d->overflow--;
        reset(d);
    } else if (d->nframes) {
        d->nframes--;
    } else {
        reset(d);
        return;
    }
    /* the group is an operand of the enclosing level */
    frame *f = cur(d);
    f->operand = false;
    operand(d);
}

/* Character classes as bit sets over ASCII (a test per byte, no strchr): bit c of LO for
 * c < 64, bit c - 64 of HI for 64 <= c < 128. */
#define LO(c) ((UINT64_C(1) << ((c) & 63)) * ((c) < 64))
#define HI(c) ((UINT64_C(1) << ((c) & 63)) * ((c) >= 64 && (c) < 128))

static inline bool in_class(unsigned char c, uint64_t lo, uint64_t hi)
{
    return c < 64 ? (lo >> c) & 1 : c < 128 && ((hi >> (c - 64)) & 1);
}

/* the scanner's operator characters (OP: the special ones, then + - * / < = >) and the
   special ones, which let an operator end in + or - (~ ! @ # ^ & | ` ? %) */
#define SPECIAL_LO (LO('!') | LO('#') | LO('%') | LO('&') | LO('?'))
#define SPECIAL_HI (HI('@') | HI('^') | HI('`') | HI('|') | HI('~'))
#define OP_LO (SPECIAL_LO | LO('*') | LO('+') | LO('-') | LO('/') | LO('<') | LO('=') | LO('>'))
#define OP_HI SPECIAL_HI

static inline bool ident_start(unsigned char c)
{
    return (unsigned)((c | 0x20) - 'a') < 26 || c == '_' || c >= 0x80;
}

static inline bool ident_cont(unsigned char c)
{
    return ident_start(c) || (unsigned)(c - '0') < 10 || c == '$';
}

static inline bool is_space(unsigned char c)
{
    return in_class(c, LO(' ') | LO('\t') | LO('\n') | LO('\r') | LO('\f'), 0);
}

static inline bool op_char(unsigned char c)
{
    return in_class(c, OP_LO, OP_HI);
}

/* Skips a comment starting at p (-- or slash-star, nested); returns p when there is none.
 * *open is set when a slash-star comment runs to the end of the text unclosed. */
static size_t skip_comment(const char *s, size_t len, size_t p, bool *open)
{
    *open = false;
    if (p + 1 < len && s[p] == '-' && s[p + 1] == '-') {
        while (p < len && s[p] && s[p] != '\n' && s[p] != '\r')
            p++;
        return p;
    }
    if (p + 1 < len && s[p] == '/' && s[p + 1] == '*') {
        size_t depth = 0;
        while (p < len && s[p]) {
            if (p + 1 < len && s[p] == '/' && s[p + 1] == '*') {
                depth++;
                p += 2;
            } else if (p + 1 < len && s[p] == '*' && s[p + 1] == '/') {
                p += 2;
                if (--depth == 0)
                    return p;
            } else {
                p++;
            }
        }
        *open = true;
        return p;
    }
    return p;
}

/* p is at the opening quote q; backslash: E'' escapes.  Returns the offset past the close. */
static size_t skip_quoted(const char *s, size_t len, size_t p, char q, bool backslash)
{
    p++;
    while (p < len && s[p]) {
        if (backslash && s[p] == '\\' && p + 1 < len && s[p + 1]) {
            p += 2;
        } else if (s[p] == q) {
            if (p + 1 < len && s[p + 1] == q)
                p += 2;
            else
                return p + 1;
        } else {
            p++;
        }
    }
    return p;
}

/* Length of a $tag$ delimiter at p, 0 when there is none. */
static size_t dollar_delim(const char *s, size_t len, size_t p)
{
    size_t q = p + 1;
    if (q < len && ident_start((unsigned char)s[q])) {
        q++;
        while (q < len && (ident_cont((unsigned char)s[q]) && s[q] != '$'))
            q++;
    }
    return q < len && s[q] == '$' ? q + 1 - p : 0;
}

static bool word_is(const char *s, size_t n, const char *kw)
{
    size_t k = strlen(kw);
    if (n != k)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != kw[i])
            return false;
    }
    return true;
}

static void word(depth_state *d, const char *w, size_t n)
{
    frame *f = cur(d);
    if (d->skip_words > 0) {
        d->skip_words--;
        return;
    }
    if (f->operand && word_is(w, n, "collate")) {
        binary_op(d, LV_COLLATE);
    } else if (f->operand && word_is(w, n, "at")) {
        binary_op(d, LV_AT);
        d->skip_words = 2; /* TIME ZONE */
    } else {
        operand(d);
    }
}

/* An operator token s[p..p+n) (after PostgreSQL's trailing +/- rule). */
static void operator_token(depth_state *d, const char *s, size_t n)
{
    frame *f = cur(d);
    d->skip_words = 0;
    if (!f->operand)
        return; /* prefix operator: right-nested, bounded by bison's stack */
    uint8_t level;
    if (n == 1) {
        switch (s[0]) {
        case '<': case '>': case '=': level = LV_CMP; break;
        case '+': case '-': level = LV_ADD; break;
        case '*': case '/': case '%': level = LV_MUL; break;
        case '^': level = LV_POW; break;
        default: level = LV_OP; break;
        }
    } else if ((n == 2 && (memcmp(s, "<=", 2) == 0 || memcmp(s, ">=", 2) == 0 ||
                         memcmp(s, "<>", 2) == 0 || memcmp(s, "!=", 2) == 0)))
        level = LV_CMP;
    else if (n == 2 && memcmp(s, "=>", 2) == 0) {
        reset(d); /* named argument */
        return;
    } else
        level = LV_OP;
    binary_op(d, level);
}

/* Length of the operator at p, as PostgreSQL's scanner cuts it. */
static size_t operator_length(const char *s, size_t len, size_t p)
{
    size_t q = p;
    bool special = false;
    while (q < len && op_char((unsigned char)s[q])) {
        if (q > p && q + 1 < len && ((s[q] == '-' && s[q + 1] == '-') || (s[q] == '/' && s[q + 1] == '*')))
            break;
        if (in_class((unsigned char)s[q], SPECIAL_LO, SPECIAL_HI))
            special = true;
        q++;
    }
    size_t n = q - p;
    if (n > 1 && !special)
        while (n > 1 && (s[p + n - 1] == '+' || s[p + n - 1] == '-'))
            n--;
    return n;
}

#define MAX_IDENTIFIER_BYTES 63

/* Identifier text: s[0..n) unquoted (down-cased) or the inside of "..." ("" is one "). */
static void long_identifier(const char *s, size_t n, bool quoted, void (*notice)(void *, const char *), void *arg)
{
    if (!notice || n <= MAX_IDENTIFIER_BYTES)
        return;
    char *id = malloc(n + 1);
    if (!id)
        return;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (quoted && c == '"')
            i++; /* "" */
        else if (!quoted && c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        id[k++] = c;
    }
    id[k] = '\0';
    if (k > MAX_IDENTIFIER_BYTES) {
        size_t cut = MAX_IDENTIFIER_BYTES;
        while (cut > 0 && ((unsigned char)id[cut] & 0xC0) == 0x80)
            cut--; /* not inside a UTF-8 character */
        static const char fmt[] = "identifier \"%s\" will be truncated to \"%.*s\"";
        size_t size = sizeof fmt + 2 * k;
        char *msg = malloc(size);
        if (msg) {
            snprintf(msg, size, fmt, id, (int)cut, id);
            notice(arg, msg);
            free(msg);
        }
    }
    free(id);
}

void ss_sql_scan_piece(const char *s, size_t len, size_t start, ss_sql_piece *out)
{
    ss_sql_scan_piece_notify(s, len, start, out, NULL, NULL);
}

void ss_sql_scan_piece_notify(const char *s, size_t len, size_t start, ss_sql_piece *out,
                              void (*notice)(void *arg, const char *msg), void *arg)
{
    depth_state d;
    memset(&d, 0, offsetof(depth_state, local)); /* the local frames are cleared when used */
    d.frames = d.local;
    d.cap = LOCAL_FRAMES;
    out->semicolon = false;
    out->empty = true;
    size_t p = start;
    while (p < len && s[p]) {
        unsigned char c = (unsigned char)s[p];
        if (is_space(c)) {
            p++;
            continue;
        }
        size_t q;
        if (c == '-' || c == '/') {
            bool open;
            q = skip_comment(s, len, p, &open);
            if (q != p) {
                if (open)
                    out->empty = false; /* the raw parser reports the unterminated comment */
                p = q;
                continue;
            }
        }
        if (c == ';') {
            p++;
            out->semicolon = true;
            break;
        }
        out->empty = false;
        if (ident_start(c)) {
            /* E'...', B'...', X'...', N'...', U&'...', U&"..." */
            if (p + 1 < len && s[p + 1] == '\'' && strchr("eEbBxXnN", c)) {
                p = skip_quoted(s, len, p + 1, '\'', c == 'e' || c == 'E');
                operand(&d);
                continue;
            }
            if ((c == 'u' || c == 'U') && p + 2 < len && s[p + 1] == '&' && (s[p + 2] == '\'' || s[p + 2] == '"')) {
                p = skip_quoted(s, len, p + 2, s[p + 2], false);
                operand(&d);
                continue;
            }
            q = p + 1;
            while (q < len && ident_cont((unsigned char)s[q]))
                q++;
            long_identifier(s + p, q - p, false, notice, arg);
            word(&d, s + p, q - p);
            p = q;
            continue;
        }
        if ((c >= '0' && c <= '9') || (c == '.' && p + 1 < len && s[p + 1] >= '0' && s[p + 1] <= '9')) {
            q = p;
            while (q < len && s[q] >= '0' && s[q] <= '9')
                q++;
            if (q < len && s[q] == '.' && !(q + 1 < len && s[q + 1] == '.')) {
                q++;
                while (q < len && s[q] >= '0' && s[q] <= '9')
                    q++;
            }
            if (q < len && (s[q] == 'e' || s[q] == 'E')) {
                size_t r = q + 1;
                if (r < len && (s[r] == '+' || s[r] == '-'))
                    r++;
                if (r < len && s[r] >= '0' && s[r] <= '9') {
                    while (r < len && s[r] >= '0' && s[r] <= '9')
                        r++;
                    q = r;
                }
            }
            p = q;
            operand(&d);
            continue;
        }
        switch (c) {
        case '\'':
            p = skip_quoted(s, len, p, '\'', false);
            operand(&d);
            continue;
        case '"': {
            size_t open_at = p;
            p = skip_quoted(s, len, p, '"', false);
            if (p - open_at >= 2 && s[p - 1] == '"')
                long_identifier(s + open_at + 1, p - open_at - 2, true, notice, arg);
            operand(&d);
            continue;
        }
        case '$': {
            if (p + 1 < len && s[p + 1] >= '0' && s[p + 1] <= '9') {
                p++;
                while (p < len && s[p] >= '0' && s[p] <= '9')
                    p++;
                operand(&d);
                continue;
            }
            size_t dl = dollar_delim(s, len, p);
            if (!dl) {
                p++;
                reset(&d);
                continue;
            }
            size_t body = p + dl, k = body;
            while (k < len && s[k] && !(s[k] == '$' && k + dl <= len && strncmp(s + k, s + p, dl) == 0))
                k++;
            p = k < len && s[k] ? k + dl : k;
            operand(&d);
            continue;
        }
        case '(':
        case '[':
            open_paren(&d);
            p++;
            continue;
        case ')':
        case ']':
            close_paren(&d);
            p++;
            continue;
        case ':':
            if (p + 1 < len && s[p + 1] == ':') {
                d.skip_words = 0;
                if (cur(&d)->operand)
                    binary_op(&d, LV_CAST);
                p += 2;
                continue;
            }
            reset(&d);
            p++;
            continue;
        case '.':
            cur(&d)->operand = false; /* a qualified name goes on */
            p++;
            continue;
        default:
            break;
        }
        if (op_char(c)) {
            size_t n = operator_length(s, len, p);
            operator_token(&d, s + p, n);
            p += n;
            continue;
        }
        reset(&d); /* ',' and anything else */
        p++;
    }
    out->end = p;
    out->min_depth = d.max;
    if (d.frames != d.local)
        free(d.frames);
}

size_t ss_sql_skip_empty(const char *s, size_t len, size_t p)
{
    while (p < len && s[p]) {
        if (is_space((unsigned char)s[p]) || s[p] == ';') {
            p++;
            continue;
        }
        bool open;
        size_t q = skip_comment(s, len, p, &open);
        if (q == p || open)
            break;
        p = q;
    }
    return p;
}
