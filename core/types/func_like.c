/* func_like.c — LIKE / ILIKE pattern matching (PostgreSQL semantics: % matches any run of
 * characters, _ exactly one character, backslash escapes the next pattern character).
 * ILIKE folds ASCII letters only; other characters must match exactly. */
#include <stdbool.h>
#include <string.h>

#include "exec/interrupt.h"
#include "types/func_impl.h"

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

static int like_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                     bool ci)
{
    const ss_text *t = args[0]->data, *p = args[1]->data;
    uint8_t *r = out->data;
    uint32_t steps = 0;
    SS_FOR_ROWS(rows, n, i, {
        int m = like_match(ctx, (const unsigned char *)t[i].ptr, t[i].len, (const unsigned char *)p[i].ptr, p[i].len,
                           ci, &steps);
        if (m == -2)
            return SS_ERROR;
        if (m < 0)
            return ss_ctx_error(ctx, "22025", "LIKE pattern must not end with escape character");
        r[i] = (uint8_t)m;
    });
    return SS_OK;
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
