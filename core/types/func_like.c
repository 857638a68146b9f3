/* func_like.c — LIKE / ILIKE pattern matching (PostgreSQL semantics: % matches any run of
 * characters, _ exactly one character, backslash escapes the next pattern character).
 * ILIKE matches the text and the pattern as lower() maps them, as PostgreSQL does in a UTF-8
 * database; when both are ASCII, letters are folded while matching, with no copy.  LIKE ...
 * ESCAPE e arrives as the pattern like_escape(p, e), defined here too. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "exec/interrupt.h"
#include "types/func_impl.h"
#include "util/strbuf.h"

/* Matching steps (one character compared or skipped each) between two cancel checks. */
#define LIKE_CHECK_EVERY (1u << 20)

static uint32_t utf8_len(unsigned char c)
{
    return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

static unsigned char fold(unsigned char c, bool ci)
{
    return ci && c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

/* Does the character at t (tlen bytes left) equal the pattern character at p (plen left)? */
static bool char_eq(const unsigned char *t, uint32_t tlen, const unsigned char *p, uint32_t plen,
                    uint32_t *clen, bool ci)
{
    uint32_t n = utf8_len(p[0]);
    if (n > plen)
        n = plen;
    if (n > tlen)
        return false;
    for (uint32_t k = 0; k < n; k++)
        if (fold(t[k], ci) != fold(p[k], ci))
            return false;
    *clen = n;
    return true;
}

/* Wildcard matching with one backtrack point per '%' (the classic linear-space algorithm).
 * 1 match, 0 no match, -1 the match reached an escape at the end of the pattern (PostgreSQL
 * raises that only when matching gets there), -2 cancelled (ss_check_interrupt, polled every
 * LIKE_CHECK_EVERY matching steps, counted in *steps across the rows of a batch: a '%'
 * pattern over long text can take tlen * plen steps). */
static int like_match(ss_ctx *ctx, const unsigned char *t, uint32_t tlen, const unsigned char *p, uint32_t plen,
                      bool ci, uint32_t *steps)
{
    uint32_t ti = 0, pi = 0, star_t = 0;
    int64_t star_p = -1;
    while (ti < tlen) {
        if (++*steps == LIKE_CHECK_EVERY) {
            *steps = 0;
            if (ss_check_interrupt(ctx))
                return -2;
        }
        if (pi < plen && p[pi] == '%') {
            while (pi < plen && p[pi] == '%')
                pi++;
            star_p = pi;
            star_t = ti;
            continue;
        }
        if (pi < plen) {
            if (p[pi] == '_') {
                uint32_t n = utf8_len(t[ti]);
                ti += n > tlen - ti ? tlen - ti : n;
                pi++;
                continue;
            }
            uint32_t pp = pi + (p[pi] == '\\' ? 1 : 0), clen;
            if (pp == plen)
                return -1;
            if (pp < plen && char_eq(t + ti, tlen - ti, p + pp, plen - pp, &clen, ci)) {
                ti += clen;
                pi = pp + clen;
                continue;
            }
        }
        if (star_p < 0)
            return 0;
        uint32_t n = utf8_len(t[star_t]);
        star_t += n > tlen - star_t ? tlen - star_t : n;
        ti = star_t;
        pi = (uint32_t)star_p;
    }
    while (pi < plen && p[pi] == '%')
        pi++;
    return pi == plen;
}

static bool is_ascii(const ss_text *t)
{
    const unsigned char *s = (const unsigned char *)t->ptr;
    uint32_t k = 0;
    for (; k + 8 <= t->len; k += 8) {
        uint64_t w;
        memcpy(&w, s + k, 8);
        if (w & 0x8080808080808080ULL)
            return false;
    }
    unsigned char any = 0;
    for (; k < t->len; k++)
        any |= s[k];
    return any < 0x80;
}

/* Scratch buffer for lowered text, grown as needed. */
typedef struct scratch {
    char *p;
    size_t cap;
} scratch;

static const unsigned char *lowered(ss_ctx *ctx, scratch *b, const ss_text *t, uint32_t *len)
{
    if ((size_t)t->len * 4 + 1 > b->cap) {
        free(b->p);
        b->cap = (size_t)t->len * 4 + 1;
        if (!(b->p = malloc(b->cap))) {
            b->cap = 0;
            ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
    }
    *len = ss_case_map((const unsigned char *)t->ptr, t->len, b->p, false);
    return (const unsigned char *)b->p;
}

static int like_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                     bool ci)
{
    const ss_text *t = args[0]->data, *p = args[1]->data;
    uint8_t *r = out->data;
    scratch bt = {NULL, 0}, bp = {NULL, 0};
    /* a constant pattern is the same text in every row: examined (and lowered) once */
    const char *seen_ptr = NULL;
    uint32_t seen_len = 0, low_plen = 0;
    bool pat_ascii = true, pat_lowered = false;
    int rc = SS_OK;
    uint32_t steps = 0;
    SS_FOR_ROWS(rows, n, i, {
        const unsigned char *ts = (const unsigned char *)t[i].ptr, *ps = (const unsigned char *)p[i].ptr;
        uint32_t tl = t[i].len, pl = p[i].len;
        bool fold = ci;
        if (ci) {
            if (p[i].ptr != seen_ptr || p[i].len != seen_len || !seen_ptr) {
                seen_ptr = p[i].ptr;
                seen_len = p[i].len;
                pat_ascii = is_ascii(&p[i]);
                pat_lowered = false;
            }
            if (!pat_ascii || !is_ascii(&t[i])) {
                if (!pat_lowered) {
                    if (!lowered(ctx, &bp, &p[i], &low_plen)) {
                        rc = SS_ERROR;
                        break;
                    }
                    pat_lowered = true;
                }
                if (!(ts = lowered(ctx, &bt, &t[i], &tl))) {
                    rc = SS_ERROR;
                    break;
                }
                ps = (const unsigned char *)bp.p;
                pl = low_plen;
                fold = false;
            }
        }
        int m = like_match(ctx, ts, tl, ps, pl, fold, &steps);
        if (m == -2) {
            rc = SS_ERROR;
            break;
        }
        if (m < 0) {
            rc = ss_ctx_error(ctx, "22025", "LIKE pattern must not end with escape character");
            break;
        }
        r[i] = (uint8_t)m;
    });
    free(bt.p);
    free(bp.p);
    return rc;
}

int ss_fn_like(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
               ss_vector *out)
{
    (void)nargs;
    return like_rows(ctx, args, rows, n, out, false);
}

int ss_fn_ilike(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                ss_vector *out)
{
    (void)nargs;
    return like_rows(ctx, args, rows, n, out, true);
}

/* ---- like_escape(pattern, escape): LIKE ... ESCAPE e's pattern rewritten with backslash
   escapes (the escape character becomes a backslash, a backslash a quoted one; an empty
   escape quotes every backslash), PostgreSQL's like_escape; 22025 for a longer escape ---- */
static int like_escape_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb,
                           bool *null, void *state)
{
    (void)nargs, (void)null, (void)state;
    const ss_text *p = &((const ss_text *)args[0]->data)[i], *e = &((const ss_text *)args[1]->data)[i];
    uint32_t elen = e->len ? utf8_len((unsigned char)e->ptr[0]) : 0;
    if (e->len && elen != e->len) {
        ss_ctx_error(ctx, "22025", "invalid escape string");
        ss_ctx_error_hint(ctx, "Escape string must be empty or one character.");
        return SS_ERROR;
    }
    if (elen == 1 && e->ptr[0] == '\\') {
        if (p->len)
            ss_strbuf_append(sb, p->ptr, p->len);
        return SS_OK;
    }
    bool after_escape = false;
    for (uint32_t k = 0; k < p->len;) {
        uint32_t l = utf8_len((unsigned char)p->ptr[k]);
        if (l > p->len - k)
            l = p->len - k;
        if (elen && l == elen && memcmp(p->ptr + k, e->ptr, l) == 0 && !after_escape) {
            ss_strbuf_putc(sb, '\\');
            after_escape = true;
        } else if (p->ptr[k] == '\\') {
            ss_strbuf_putc(sb, '\\');
            if (!after_escape)
                ss_strbuf_putc(sb, '\\');
            after_escape = false;
        } else {
            ss_strbuf_append(sb, p->ptr + k, l);
            after_escape = false;
        }
        k += l;
    }
    return SS_OK;
}

SS_TEXT_FN(ss_fn_like_escape, like_escape_row)
