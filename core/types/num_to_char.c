/* num_to_char.c — to_char(int4 | int8 | float4 | float8 | numeric, text) as PostgreSQL 15
 * writes numbers: the template patterns 9 0 . , D G S MI PL SG PR L EEEE RN TH V FM, literal
 * text (double-quoted strings too), its rounding (numeric exactly, floats by printf within
 * DBL_DIG / FLT_DIG significant digits) and its '#' filling of a number wider than the
 * template, and the 42601 errors for templates it refuses. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/func_impl.h"
#include "types/num_template.h"
#include "types/numeric/numeric.h"

#define SYNTAX "42601"

static int tmpl_error(ss_ctx *ctx, const char *msg, const char *detail)
{
    ss_ctx_error(ctx, SYNTAX, "%s", msg);
    if (detail)
        ss_ctx_error_detail(ctx, "%s", detail);
    return SS_ERROR;
}

/* Whether keyword kw (upper case) starts at f[i], written all in upper or all in lower case. */
static bool keyword(const char *f, size_t i, size_t flen, const char *kw)
{
    size_t n = strlen(kw);
    if (flen - i < n)
        return false;
    bool upper = true, lower = true;
    for (size_t k = 0; k < n; k++) {
        upper &= f[i + k] == kw[k];
        lower &= f[i + k] == kw[k] + ('a' - 'A');
    }
    return upper || lower;
}

/* Splits the template into tokens and fills the description; SS_ERROR on a refused one. */
int num_template_parse(ss_ctx *ctx, const char *f, size_t flen, ntok *toks, size_t *ntoks, ndesc *d)
{
    memset(d, 0, sizeof *d);
    size_t n = 0;
    bool quoted = false;
    for (size_t i = 0; i < flen;) {
        ntok t = {.kind = T_LIT, .text = f + i, .len = 1};
        char c = f[i];
        size_t adv = 1;
        if (quoted) {
            if (c == '"') {
                quoted = false;
                i++;
                continue;
            }
            if (c == '\\' && i + 1 < flen)
                t.text = f + ++i;
            while (i + t.len < flen && ((unsigned char)f[i + t.len] & 0xC0) == 0x80)
                t.len++;
            i += t.len;
            toks[n++] = t;
            continue;
        }
        /* keywords are all upper case or all lower case, longest first (NUM_keywords) */
        if (c == '9')
            t.kind = T_9;
        else if (c == '0')
            t.kind = T_0;
        else if (c == '.' || c == 'D' || c == 'd')
            t.kind = T_DEC;
        else if (c == ',' || c == 'G' || c == 'g')
            t.kind = T_COMMA;
        else if (keyword(f, i, flen, "FM"))
            t.kind = T_FM, adv = 2;
        else if (keyword(f, i, flen, "MI"))
            t.kind = T_MI, adv = 2;
        else if (keyword(f, i, flen, "PL"))
            t.kind = T_PL, adv = 2;
        else if (keyword(f, i, flen, "PR"))
            t.kind = T_PR, adv = 2;
        else if (keyword(f, i, flen, "SG"))
            t.kind = T_SG, adv = 2;
        else if (keyword(f, i, flen, "SP"))
            t.kind = T_B, adv = 2; /* SP writes nothing, as B and C */
        else if (keyword(f, i, flen, "RN"))
            t.kind = T_RN, t.lower = c == 'r', adv = 2;
        else if (keyword(f, i, flen, "TH"))
            t.kind = T_TH, t.lower = c == 't', adv = 2;
        else if (keyword(f, i, flen, "EEEE"))
            t.kind = T_EEEE, adv = 4;
        else if (c == 'S' || c == 's')
            t.kind = T_S;
        else if (c == 'L' || c == 'l')
            t.kind = T_L;
        else if (c == 'V' || c == 'v')
            t.kind = T_V;
        else if (c == 'B' || c == 'b' || c == 'C' || c == 'c')
            t.kind = T_B;
        else if (c == '"') { /* quoted text: its characters, a backslash quoting the next one */
            quoted = true;
            i++;
            continue;
        } else if (c == '\\' && i + 1 < flen && f[i + 1] == '"') {
            t.text = f + i + 1, adv = 2;
        } else {
            while (i + t.len < flen && ((unsigned char)f[i + t.len] & 0xC0) == 0x80)
                t.len++;
            adv = t.len;
        }
        i += adv;
        if ((t.kind == T_S && d->lsign) || (t.kind == T_EEEE && d->eeee))
            return tmpl_error(ctx, t.kind == T_S ? "cannot use \"S\" twice" : "cannot use \"EEEE\" twice", NULL);
        if (d->eeee && t.kind != T_LIT && t.kind != T_FM)
            return tmpl_error(ctx, "\"EEEE\" must be the last pattern used", NULL);
        switch (t.kind) {
        case T_9:
        case T_0:
            if (d->bracket)
                return tmpl_error(ctx, t.kind == T_9 ? "\"9\" must be ahead of \"PR\"" : "\"0\" must be ahead of \"PR\"",
                                  NULL);
            /* NUMDesc_prepare: only a 0 before the decimal point starts the zero fill, and a 0
               after V counts as an integer digit (9 as a V digit) */
            if (t.kind == T_0 && !d->zero_start && !d->decimal)
                d->zero_start = d->pre + 1;
            if (d->is_multi && t.kind == T_9) {
                d->multi++;
                break;
            }
            if (d->decimal)
                d->post++;
            else
                d->pre++;
            if (t.kind == T_0)
                d->zero_end = d->pre + d->post;
            break;
        case T_DEC:
        case T_V: /* the decimal point, or V: not both */
            if (t.kind == T_DEC && d->decimal)
                return tmpl_error(ctx, "multiple decimal points", NULL);
            if (t.kind == T_DEC ? d->is_multi : d->decimal)
                return tmpl_error(ctx, "cannot use \"V\" and decimal point together", NULL);
            if (t.kind == T_DEC)
                d->decimal = true;
            else
                d->is_multi = true;
            break;
        case T_FM: d->fill = true; break;
        case T_S:
            if (d->plus || d->minus || d->bracket)
                return tmpl_error(ctx, "cannot use \"S\" and \"PL\"/\"MI\"/\"SG\"/\"PR\" together", NULL);
            d->lsign = true;
            d->lsign_post = d->lsign_in_post = d->decimal; /* before the point it may still move after the number */
            d->pre_lsign_num = d->pre;
            break;
        case T_MI:
        case T_PL:
        case T_SG: /* SG is both */
            if (d->lsign)
                return tmpl_error(ctx,
                                  t.kind == T_MI   ? "cannot use \"S\" and \"MI\" together"
                                  : t.kind == T_PL ? "cannot use \"S\" and \"PL\" together"
                                                   : "cannot use \"S\" and \"SG\" together",
                                  NULL);
            d->minus |= t.kind != T_PL;
            d->plus |= t.kind != T_MI;
            break;
        case T_PR:
            if (d->lsign || d->plus || d->minus)
                return tmpl_error(ctx, "cannot use \"PR\" and \"S\"/\"PL\"/\"MI\"/\"SG\" together", NULL);
            d->bracket = true;
            break;
        case T_RN: d->roman = true; break;
        case T_B:
            d->blank |= (c == 'B' || c == 'b') && d->pre == 0 && d->post == 0 && !d->zero_start; /* NUM_F_BLANK */
            break;
        case T_EEEE:
            if (d->blank || d->fill || d->bracket || d->minus || d->plus || d->lsign || d->roman || d->is_multi)
                return tmpl_error(ctx, "\"EEEE\" is incompatible with other formats",
                                  "\"EEEE\" may only be used together with digit and decimal point patterns.");
            d->eeee = true;
            break;
        default: break;
        }
        toks[n++] = t;
    }
    /* an S with no integer digits after it is written after the number (NUM_processor, where
       V's digits count as integer digits) */
    if (d->lsign && !d->lsign_post && d->pre + d->multi == d->pre_lsign_num)
        d->lsign_post = true;
    *ntoks = n;
    return SS_OK;
}

/* ---- the number as text ---- */

typedef struct nnum {
    char sign;    /* '+' or '-' */
    char str[80]; /* digits with '.', or the overflow fill */
    char *big;    /* str when it does not fit the buffer */
    int out_pre_spaces;
    char exp[16]; /* EEEE: "e+04" */
    long long ival; /* the rounded integer part, for TH and RN */
    bool ival_ok;
} nnum;

static const char *nstr(const nnum *x)
{
    return x->big ? x->big : x->str;
}

/* Rounds the unsigned decimal string s (digits, optional '.') half away from zero to post
 * fraction digits after moving the point multi places right; writes the result into sb. */
static void round_decimal(const char *s, int post, int multi, ss_strbuf *sb)
{
    const char *dot = strchr(s, '.');
    size_t ilen = dot ? (size_t)(dot - s) : strlen(s);
    const char *frac = dot ? dot + 1 : "";
    size_t flen = strlen(frac);
    /* all digits, and where the point falls */
    ss_strbuf d;
    ss_strbuf_init(&d);
    ss_strbuf_append(&d, s, ilen);
    ss_strbuf_append(&d, frac, flen);
    long point = (long)ilen + multi;
    while ((long)d.len < point)
        ss_strbuf_putc(&d, '0');
    long keep = point + post; /* digits kept */
    while ((long)d.len < keep)
        ss_strbuf_putc(&d, '0');
    char *dig = d.data ? d.data : (char *)"";
    bool up = keep < (long)d.len && dig[keep] >= '5';
    size_t total = (size_t)keep;
    char *res = malloc(total + 2);
    if (!res) {
        ss_strbuf_free(&d);
        sb->oom = true;
        return;
    }
    res[0] = '0';
    memcpy(res + 1, dig, total);
    if (up)
        for (long k = (long)total; k >= 0; k--) {
            if (res[k] == '9') {
                res[k] = '0';
                continue;
            }
            res[k]++;
            break;
        }
    /* res[0..total] is the digits with one leading guard; the point after point+1 digits */
    long ip = point + 1, start = 0;
    while (start < ip - 1 && res[start] == '0')
        start++;
    ss_strbuf_append(sb, res + start, (size_t)(ip - start));
    if (post > 0) {
        ss_strbuf_putc(sb, '.');
        ss_strbuf_append(sb, res + ip, (size_t)post);
    }
    free(res);
    ss_strbuf_free(&d);
}

/* Lays x->str out for the template: the sign from the rounded value, '#' when too wide. */
static int finish_number(ss_ctx *ctx, nnum *x, const ndesc *d, const char *digits, bool neg)
{
    size_t len = strlen(digits);
    bool zero = true;
    for (size_t k = 0; k < len; k++)
        if (digits[k] >= '1' && digits[k] <= '9')
            zero = false;
    x->sign = neg && !zero ? '-' : '+';
    const char *dot = strchr(digits, '.');
    int pre_len = dot ? (int)(dot - digits) : (int)len;
    int pre = d->pre + d->multi;
    x->ival_ok = pre_len <= 18;
    x->ival = x->ival_ok ? atoll(digits) : 0;
    const char *src = digits;
    char *fill = NULL;
    if (pre_len < pre) {
        x->out_pre_spaces = pre - pre_len;
    } else if (pre_len > pre && !d->eeee) {
        fill = malloc((size_t)(pre + d->post + 2));
        if (!fill)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memset(fill, '#', (size_t)(pre + d->post + 1));
        fill[pre] = '.';
        fill[pre + d->post + 1] = '\0';
        src = fill;
        x->out_pre_spaces = 0;
    }
    size_t sl = strlen(src);
    if (sl < sizeof x->str) {
        memcpy(x->str, src, sl + 1);
    } else {
        x->big = ss_ctx_alloc(ctx, sl + 1);
        if (!x->big) {
            free(fill);
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        memcpy(x->big, src, sl + 1);
    }
    free(fill);
    return SS_OK;
}

/* EEEE: mantissa digits and exponent of the unsigned decimal string s with post digits. */
static void sci_decimal(const char *s, int post, ss_strbuf *mant, char *exp, size_t explen)
{
    ss_strbuf d;
    ss_strbuf_init(&d);
    long point = 0;
    bool seen_point = false;
    for (const char *p = s; *p; p++) {
        if (*p == '.') {
            seen_point = true;
            continue;
        }
        if (d.len == 0 && *p == '0') {
            if (seen_point)
                point--;
            continue;
        }
        ss_strbuf_putc(&d, *p);
        if (!seen_point)
            point++;
    }
    long e = d.len ? point - 1 : 0;
    const char *dig = d.data ? d.data : "";
    /* round to post+1 significant digits */
    ss_strbuf r;
    ss_strbuf_init(&r);
    ss_strbuf_puts(&r, "0");
    for (long k = 0; k < post + 1; k++)
        ss_strbuf_putc(&r, k < (long)d.len ? dig[k] : '0');
    char *rd = r.data;
    if (rd && (long)d.len > post + 1 && dig[post + 1] >= '5')
        for (long k = post + 1; k >= 0; k--) {
            if (rd[k] == '9') {
                rd[k] = '0';
                continue;
            }
            rd[k]++;
            break;
        }
    /* PostgreSQL fixes the exponent before rounding: 9.995 is 10.00e+00 */
    const char *m = rd && rd[0] == '1' ? rd : rd ? rd + 1 : "0";
    size_t mi = rd && rd[0] == '1' ? 2 : 1;
    ss_strbuf_append(mant, m, mi);
    if (post > 0) {
        ss_strbuf_putc(mant, '.');
        ss_strbuf_append(mant, m + mi, (size_t)post);
    }
    snprintf(exp, explen, "e%c%02d", e < 0 ? '-' : '+', (int)(e < 0 ? -e : e));
    ss_strbuf_free(&r);
    ss_strbuf_free(&d);
}

/* The number x from the decimal text s (sign first if negative) under d. */
static int number_from_decimal(ss_ctx *ctx, const char *s, const ndesc *d, nnum *x)
{
    bool neg = *s == '-';
    if (neg)
        s++;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    if (d->eeee)
        sci_decimal(s, d->post, &sb, x->exp, sizeof x->exp);
    else
        round_decimal(s, d->post, d->multi, &sb);
    if (sb.oom) {
        ss_strbuf_free(&sb);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ndesc dd = *d;
    if (d->eeee)
        dd.pre = 1, dd.multi = 0;
    int rc = finish_number(ctx, x, &dd, sb.data ? sb.data : "0", neg);
    if (d->eeee && neg) /* the sign of the value, also for a zero mantissa */
        x->sign = '-';
    ss_strbuf_free(&sb);
    return rc;
}

/* NaN and the infinities (neg: minus infinity): NaN is written as the digits "NaN", an
 * infinity as "Infinity" (both the '#' fill when wider than the template); under EEEE both fill the mantissa and the
 * exponent's width. */
static int number_special(ss_ctx *ctx, nnum *x, const ndesc *d, bool nan, bool neg)
{
    if (nan && !d->eeee)
        return finish_number(ctx, x, d, "NaN", false);
    if (!d->eeee) { /* an infinity is written as its text */
        int rc = finish_number(ctx, x, d, "Infinity", false);
        x->sign = neg ? '-' : '+';
        return rc;
    }
    int pre = d->eeee ? d->pre : d->pre + d->multi, post = d->eeee ? d->post + 4 : d->post;
    size_t w = (size_t)(pre + post + 1);
    x->sign = neg && !d->eeee ? '-' : '+';
    x->big = ss_ctx_alloc(ctx, w + 1);
    if (!x->big)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memset(x->big, '#', w);
    x->big[pre] = '.';
    x->big[w] = '\0';
    x->out_pre_spaces = 0;
    return SS_OK;
}

/* A float as PostgreSQL prints it for to_char: within digs significant digits. */
static int number_from_double(ss_ctx *ctx, double v, int digs, const ndesc *d, nnum *x)
{
    char buf[512];
    if (isnan(v) || isinf(v))
        return number_special(ctx, x, d, isnan(v), v < 0);
    if (d->eeee) {
        int post = d->post > 60 ? 60 : d->post;
        x->sign = signbit(v) ? '-' : '+'; /* as printf's %+e writes it */
        snprintf(x->str, sizeof x->str, "%.*e", post, fabs(v)); /* at most 60 digits: it fits */
        char *e = strchr(x->str, 'e');
        int ev = e ? atoi(e + 1) : 0;
        snprintf(x->exp, sizeof x->exp, "e%c%02d", ev < 0 ? '-' : '+', ev < 0 ? -ev : ev);
        if (e)
            *e = '\0';
        x->out_pre_spaces = 0;
        x->ival_ok = false;
        return SS_OK;
    }
    double val = v;
    if (d->multi) /* in the float's own precision */
        val = digs == FLT_DIG ? (double)(float)(v * pow(10.0, d->multi)) : v * pow(10.0, d->multi);
    int post = d->post;
    snprintf(buf, sizeof buf, "%.0f", fabs(val));
    int pre_len = (int)strlen(buf);
    if (pre_len >= digs)
        post = 0;
    else if (pre_len + post > digs)
        post = digs - pre_len;
    if (strlen(buf) + (size_t)post + 4 > sizeof buf)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: to_char of this value");
    snprintf(buf, sizeof buf, "%.*f", post, val);
    bool neg = buf[0] == '-';
    ndesc dd = *d;
    dd.post = post;
    int rc = finish_number(ctx, x, &dd, buf + (neg ? 1 : 0), false);
    x->sign = neg ? '-' : '+';
    return rc;
}

/* ---- the template processor ---- */

static void roman(long long v, bool lower, ss_strbuf *sb)
{
    static const struct {
        int v;
        const char *s;
    } r[] = {{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"}, {90, "XC"}, {50, "L"},
             {40, "XL"},  {10, "X"},   {9, "IX"},  {5, "V"},    {4, "IV"},  {1, "I"}};
    for (size_t k = 0; k < sizeof r / sizeof r[0]; k++)
        while (v >= r[k].v) {
            for (const char *p = r[k].s; *p; p++)
                ss_strbuf_putc(sb, lower ? (char)(*p + 32) : *p);
            v -= r[k].v;
        }
}

static const char *ordinal(long long v, bool lower)
{
    long long t = v % 100;
    const char *s = (t >= 11 && t <= 13) ? "TH" : v % 10 == 1 ? "ST" : v % 10 == 2 ? "ND" : v % 10 == 3 ? "RD" : "TH";
    if (!lower)
        return s;
    return s[0] == 'T' ? "th" : s[0] == 'S' ? "st" : s[0] == 'N' ? "nd" : "rd";
}

typedef struct nproc {
    const ndesc *d;
    const nnum *x;
    const char *number, *p; /* the number's text and the next character of it */
    const char *last_relevant;
    int num_curr, num_count;
    bool sign_wrote, num_in;
    ss_strbuf *out;
} nproc;

/* PostgreSQL's rule for a leading '0' of "0.xx" under a '9': written as a blank */
static bool predec_space(const nproc *n)
{
    return !n->d->zero_start && !n->d->eeee && n->p == n->number && n->number[0] == '0' && n->d->post != 0;
}

static void put_sign(nproc *n)
{
    const ndesc *d = n->d;
    char sign = n->x->sign;
    if (d->lsign) {
        if (!d->lsign_post)
            ss_strbuf_putc(n->out, sign);
    } else if (d->bracket) {
        if (sign == '-')
            ss_strbuf_putc(n->out, '<');
        else if (!d->fill)
            ss_strbuf_putc(n->out, ' ');
    } else if (sign == '-') {
        ss_strbuf_putc(n->out, '-');
    } else if (!d->fill) {
        ss_strbuf_putc(n->out, ' ');
    }
    n->sign_wrote = true;
}

static void digit(nproc *n, int kind)
{
    const ndesc *d = n->d;
    if (!n->sign_wrote &&
        (n->num_curr >= n->x->out_pre_spaces || (d->zero_start && d->zero_start - 1 == n->num_curr)) &&
        (!predec_space(n) || (n->last_relevant && *n->last_relevant == '.')))
        put_sign(n);
    bool zero_fmt = d->zero_start != 0;
    if (n->num_curr < n->x->out_pre_spaces && (!zero_fmt || d->zero_start - 1 > n->num_curr)) {
        if (!d->fill)
            ss_strbuf_putc(n->out, ' ');
    } else if (zero_fmt && n->num_curr < n->x->out_pre_spaces && d->zero_start - 1 <= n->num_curr) {
        ss_strbuf_putc(n->out, '0');
        n->num_in = true;
    } else {
        if (*n->p == '.') {
            ss_strbuf_putc(n->out, '.');
        } else if (*n->p) {
            if (n->last_relevant && n->p > n->last_relevant && kind != T_0) {
                /* trimmed by FM */
            } else if (predec_space(n)) {
                if (!d->fill)
                    ss_strbuf_putc(n->out, ' ');
                else if (n->last_relevant && *n->last_relevant == '.')
                    ss_strbuf_putc(n->out, '0');
            } else {
                ss_strbuf_putc(n->out, *n->p);
                n->num_in = true;
            }
        }
        if (*n->p)
            n->p++;
    }
    /* after the last digit: S written after the number, or PR's closing mark */
    if (++n->num_curr == n->num_count && d->lsign && d->lsign_post)
        ss_strbuf_putc(n->out, n->x->sign);
    else if (n->num_curr == n->num_count && d->bracket && n->sign_wrote)
        ss_strbuf_putc(n->out, n->x->sign == '+' ? ' ' : '>');
}

static void process(const ntok *toks, size_t ntoks, const ndesc *d, const nnum *x, ss_strbuf *out)
{
    nproc n = {.d = d, .x = x, .out = out};
    n.number = n.p = nstr(x);
    n.num_count = d->pre + d->post + d->multi + (d->decimal ? 1 : 0);
    if (d->eeee)
        n.num_count = (int)strlen(n.number);
    if (d->minus || d->plus)
        n.sign_wrote = !(d->plus && !d->minus);
    else
        n.sign_wrote = x->sign == '+' && d->fill && !d->lsign;
    ndesc dd = *d;
    if (x->sign != '-' && d->fill)
        dd.bracket = false;
    n.d = &dd;
    if (dd.fill && dd.post) { /* FM: the last digit worth writing */
        const char *dot = strchr(n.number, '.');
        if (dot) {
            const char *e = n.number + strlen(n.number) - 1;
            while (e > dot && *e == '0')
                e--;
            if (dd.zero_end > dd.pre) {
                const char *z = dot + (dd.zero_end - dd.pre);
                if (z > e && z <= n.number + strlen(n.number) - 1)
                    e = z;
            }
            n.last_relevant = e;
        }
    }
    if (dd.eeee) { /* PostgreSQL writes the number alone: its sign or a space, the mantissa and
                      the exponent (NaN and the infinities: the '#' fill) */
        ss_strbuf_putc(out, x->sign == '-' && !strchr(n.number, '#') ? '-' : ' ');
        ss_strbuf_puts(out, n.number);
        if (!strchr(n.number, '#'))
            ss_strbuf_puts(out, x->exp);
        return;
    }
    if (dd.roman) {
        ss_strbuf rn;
        ss_strbuf_init(&rn);
        bool ok = x->ival_ok && x->sign == '+' && x->ival >= 1 && x->ival <= 3999;
        if (ok)
            roman(x->ival, false, &rn);
        for (size_t k = 0; k < ntoks; k++) {
            if (toks[k].kind == T_RN) {
                if (!ok) {
                    ss_strbuf_puts(out, "###############");
                    continue;
                }
                if (!dd.fill)
                    for (size_t s = rn.len; s < 15; s++)
                        ss_strbuf_putc(out, ' ');
                for (size_t c = 0; c < rn.len; c++)
                    ss_strbuf_putc(out, toks[k].lower ? (char)(rn.data[c] | 32) : rn.data[c]);
            } else if (toks[k].kind == T_LIT) {
                ss_strbuf_append(out, toks[k].text, toks[k].len);
            } else if (toks[k].kind == T_COMMA || toks[k].kind == T_MI || toks[k].kind == T_PL) {
                /* NUM_processor with RN: no digit written and no sign (its roman correction),
                   so a separator (, G), MI and PL are blanks (none under FM), L the currency
                   blank, the other patterns nothing */
                if (!dd.fill)
                    ss_strbuf_putc(out, ' ');
            } else if (toks[k].kind == T_L) {
                ss_strbuf_putc(out, ' ');
            } /* digits, the decimal point, S, SG, PR, V, TH: nothing */
        }
        ss_strbuf_free(&rn);
        return;
    }
    for (size_t k = 0; k < ntoks; k++) {
        const ntok *t = &toks[k];
        switch (t->kind) {
        case T_9:
        case T_0:
        case T_DEC:
            if (t->kind == T_DEC && *n.p != '.') {
                if (!dd.eeee) /* no fraction digits: PostgreSQL's text ends here */
                    return;
                n.num_curr++; /* EEEE writes the digits it did not place */
                break;
            }
            digit(&n, t->kind);
            break;
        case T_COMMA:
            if (!n.num_in) {
                if (!dd.fill)
                    ss_strbuf_putc(out, ' ');
            } else {
                ss_strbuf_putc(out, ',');
            }
            break;
        case T_L:
            ss_strbuf_putc(out, ' ');
            break;
        case T_MI:
        case T_PL: { /* its mark for one sign, a blank (none under FM) for the other; PR's
                        marks are written around the digits */
            char want = t->kind == T_PL ? '+' : '-';
            if (x->sign == want)
                ss_strbuf_putc(out, want);
            else if (!dd.fill)
                ss_strbuf_putc(out, ' ');
            break;
        }
        case T_SG: ss_strbuf_putc(out, x->sign); break;
        case T_TH:
            if (x->sign == '-' || !x->ival_ok || strchr(nstr(x), '#') || dd.decimal)
                break;
            ss_strbuf_puts(out, ordinal(x->ival, t->lower));
            break;
        case T_EEEE:
            while (*n.p) /* digits the template did not place */
                ss_strbuf_putc(out, *n.p++);
            ss_strbuf_puts(out, x->exp);
            break;
        case T_LIT: ss_strbuf_append(out, t->text, t->len); break;
        default: break;
        }
    }
}

/* ---- to_char(number, text) ---- */

static int to_char_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                       void *state)
{
    (void)nargs, (void)state;
    const ss_text *fmt = &((const ss_text *)args[1]->data)[i];
    if (fmt->len == 0) {
        *null = true;
        return SS_OK;
    }
    ntok *toks = ss_ctx_alloc(ctx, sizeof(ntok) * fmt->len);
    if (!toks)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    size_t ntoks;
    ndesc d;
    if (num_template_parse(ctx, fmt->ptr, fmt->len, toks, &ntoks, &d) != SS_OK)
        return SS_ERROR;
    if (d.roman) /* roman numerals take the rounded integer */
        d.post = 0, d.multi = 0;
    nnum x;
    memset(&x, 0, sizeof x);
    int rc;
    const ss_vector *v = args[0];
    char buf[64];
    int special = 0; /* 1 NaN, 2 an infinity (numeric); 3 NaN, 4 an infinity (float) */
    switch (v->type.id) {
    case SS_TYPE_INT4:
    case SS_TYPE_INT8: {
        long long iv = v->type.id == SS_TYPE_INT4 ? ((const int32_t *)v->data)[i] : ((const int64_t *)v->data)[i];
        snprintf(buf, sizeof buf, "%lld", iv);
        /* EEEE of an integer is printf's %e of the double (int4_to_char; int8's goes through numeric) */
        rc = d.eeee && v->type.id == SS_TYPE_INT4 ? number_from_double(ctx, (double)iv, DBL_DIG, &d, &x) : number_from_decimal(ctx, buf, &d, &x);
        break;
    }
    case SS_TYPE_FLOAT4:
    case SS_TYPE_FLOAT8: {
        double f = ((const double *)v->data)[i];
        special = isnan(f) ? 3 : isinf(f) ? 4 : 0;
        rc = number_from_double(ctx, f, v->type.id == SS_TYPE_FLOAT4 ? FLT_DIG : DBL_DIG, &d, &x);
        break;
    }
    default: {
        ss_strbuf t;
        ss_strbuf_init(&t);
        num_format(&((const ss_text *)v->data)[i], &t);
        const char *s = t.data ? t.data : "0";
        if (strcmp(s, "NaN") == 0 || strstr(s, "Infinity")) {
            special = s[0] == 'N' ? 1 : 2;
            rc = number_special(ctx, &x, &d, special == 1, s[0] == '-');
        }
        else
            rc = number_from_decimal(ctx, s, &d, &x);
        ss_strbuf_free(&t);
        break;
    }
    }
    if (rc != SS_OK)
        return rc;
    if (d.roman && special == 1)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "cannot convert NaN to integer");
    if (d.roman && special == 2)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "cannot convert infinity to integer");
    if (d.roman && special >= 3)
        x.ival_ok = false; /* a float's NaN and infinities are '#' */
    else if (d.roman && (special || !x.ival_ok || (x.sign == '-' ? -x.ival < INT32_MIN : x.ival > INT32_MAX)))
        return ss_ctx_error(ctx, "22003", "integer out of range"); /* PostgreSQL takes an int4 first */
    if ((special == 1 || special == 3) && !d.eeee)
        for (size_t k = 0; k < ntoks; k++)
            if (toks[k].kind == T_TH)
                return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, "\"NaN\" is not a number");
    /* TH with no digit in the template: PostgreSQL's ordinal of the number's text "." */
    if (!d.roman && !d.eeee && !d.decimal && d.pre + d.multi == 0 && x.sign != '-')
        for (size_t k = 0; k < ntoks; k++)
            if (toks[k].kind == T_TH)
                return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, "\".\" is not a number");
    process(toks, ntoks, &d, &x, sb);
    return SS_OK;
}

SS_TEXT_FN(ss_fn_to_char_num, to_char_row)
