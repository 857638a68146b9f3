/* num_to_number.c — to_number(text, text) as PostgreSQL 15's NUM_processor reads a number
 * through a to_char template (num_template.h): a 9 / 0 / decimal point skips one blank, takes a
 * sign before the first digit (+ -, < with PR), one digit (none beyond the template's fraction
 * digits) or the decimal point, and a sign after the last digit (S, or MI / PL / SG when the
 * character is no digit), then passes one character; , / G take a separator when one is there
 * (never under FM), L one non-data character, TH two, MI / PL / SG their sign or one non-data
 * character, literal text one character each.  The result has the template's integer digits and
 * the fraction digits read as its precision and scale (22003 beyond them), times 10^-n for V with
 * n digits after it (PostgreSQL's power of ten, scale 16); "RN" and "EEEE" are PostgreSQL's
 * 0A000 errors; an empty template gives NULL. */
#include <string.h>

#include "types/func_impl.h"
#include "types/num_template.h"
#include "types/numeric/numeric.h"
#include "types/utf8.h"
#include "util/strbuf.h"

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* V: the value times power(10::numeric, -multi), whose scale is 16 as PostgreSQL computes it
 * (zero below 10^-16, 1 for none). */
static int shift_multi(ss_ctx *ctx, int multi, ss_text *v)
{
    char f[20] = "0.0000000000000000";
    if (multi == 0)
        f[0] = '1';
    else if (multi <= 16)
        f[1 + multi] = '1';
    ss_text factor, r;
    if (num_parse(ctx, f, strlen(f), &factor) != SS_OK || num_binop(ctx, NUM_OP_MUL, v, &factor, &r) != SS_OK)
        return SS_ERROR;
    *v = r;
    return SS_OK;
}

/* The reading state of one row, PostgreSQL's NUMProc for to_number. */
typedef struct reader {
    const char *s;
    size_t len, p;
    const ndesc *d;
    char sign; /* ' ' none read, '-' or '+' */
    ss_strbuf digits;
    int read_pre, read_post;
    bool read_dec;
} reader;

static bool at_end(const reader *r)
{
    return r->p >= r->len;
}

/* NUM_eat_non_data_chars: skips up to n characters that are not digits, '.', ',', '+' or '-'. */
static void eat_non_data(reader *r, int n)
{
    while (n-- > 0 && !at_end(r) && !strchr("0123456789.,+-", r->s[r->p]))
        r->p += ss_utf8_char_len((unsigned char)r->s[r->p]);
}

/* A 9, 0 or decimal point of the template (NUM_numpart_from_char): one blank skipped, a sign
 * before the first digit, a digit (none beyond the template's fraction digits) or the decimal
 * point, a sign after the last digit. */
static void numpart(reader *r, int kind)
{
    const ndesc *d = r->d;
    if (at_end(r))
        return;
    if (r->s[r->p] == ' ')
        r->p++;
    if (at_end(r))
        return;
    char c = r->s[r->p];
    if (r->sign == ' ' && kind != T_DEC && r->read_pre + r->read_post == 0) {
        if (c == '-' || (c == '<' && d->bracket && !(d->lsign && !d->lsign_in_post))) {
            r->sign = '-';
            r->p++;
        } else if (c == '+') {
            r->sign = '+';
            r->p++;
        }
    }
    if (at_end(r))
        return;
    c = r->s[r->p];
    bool read = false;
    if (is_digit(c)) {
        if (r->read_dec && r->read_post == d->post)
            return;
        ss_strbuf_putc(&r->digits, c);
        if (r->read_dec)
            r->read_post++;
        else
            r->read_pre++;
        read = true;
    } else if (d->decimal && !r->read_dec && c == '.') {
        ss_strbuf_putc(&r->digits, '.');
        r->read_dec = read = true;
    }
    if (at_end(r) || r->sign != ' ' || r->read_pre + r->read_post == 0)
        return;
    if (d->lsign && read && r->p + 1 < r->len && !is_digit(r->s[r->p + 1])) {
        char n = r->s[r->p + 1];
        if (n == '-' || n == '+') {
            r->sign = n;
            r->p++;
        }
    } else if (!read && !d->lsign && (d->plus || d->minus) && (c == '-' || c == '+')) {
        r->sign = c; /* the character is passed over by the caller */
    }
}

/* One row: s read through template f into *out (*null for an empty template), as
 * PostgreSQL's NUM_processor reads: each pattern takes its characters, or none. */
static int to_number_row(ss_ctx *ctx, const ss_text *s, const ss_text *f, ss_text *out, bool *null)
{
    *null = f->len == 0;
    if (*null)
        return SS_OK;
    ntok *toks = ss_ctx_alloc(ctx, sizeof(ntok) * f->len);
    if (!toks)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    size_t ntoks;
    ndesc d;
    if (num_template_parse(ctx, f->ptr, f->len, toks, &ntoks, &d) != SS_OK)
        return SS_ERROR;
    if (d.eeee || d.roman)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "\"%s\" not supported for input",
                            d.eeee ? "EEEE" : "RN");
    reader r = {.s = s->ptr, .len = s->len, .d = &d, .sign = ' '};
    ss_strbuf_init(&r.digits);
    for (size_t k = 0; k < ntoks && !at_end(&r); k++) {
        const ntok *t = &toks[k];
        switch (t->kind) {
        case T_9:
        case T_0:
        case T_DEC:
            numpart(&r, t->kind);
            r.p++;
            break;
        case T_COMMA:
            if (!d.fill && r.s[r.p] == ',')
                r.p++;
            break;
        case T_L: eat_non_data(&r, 1); break;
        case T_TH:
            if (!d.decimal)
                eat_non_data(&r, 2);
            break;
        case T_MI:
        case T_PL:
        case T_SG: {
            char c = r.s[r.p];
            if ((c == '-' && t->kind != T_PL) || (c == '+' && t->kind != T_MI)) {
                r.sign = c;
                r.p++;
            } else {
                eat_non_data(&r, 1);
            }
            break;
        }
        case T_LIT: r.p += ss_utf8_char_len((unsigned char)r.s[r.p]); break;
        default: break; /* S (read with the digits), PR, V, FM, B */
        }
    }
    if (r.p > r.len)
        r.p = r.len;
    int rc = SS_OK;
    ss_strbuf text;
    ss_strbuf_init(&text);
    ss_strbuf_putc(&text, r.sign);
    if (r.digits.len)
        ss_strbuf_append(&text, r.digits.data, r.digits.len);
    if (text.len > 1 && text.data[text.len - 1] == '.')
        text.len--;
    if (text.oom || r.digits.oom)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    else if (r.read_pre + r.read_post == 0)
        rc = ss_ctx_error(ctx, "22P02", "invalid input syntax for type numeric: \"%.*s\"", (int)text.len, text.data);
    ss_text parsed;
    if (rc == SS_OK)
        rc = num_parse(ctx, text.data, text.len, &parsed);
    int precision = d.pre + d.multi + r.read_post;
    if (rc == SS_OK && precision >= 0 && precision <= NUM_MAX_PRECISION) /* precision 0: only a zero fits */
        rc = num_apply_typmod(ctx, &parsed, ((precision << 16) | r.read_post) + 4, out);
    else if (rc == SS_OK)
        *out = parsed;
    if (rc == SS_OK && d.is_multi)
        rc = shift_multi(ctx, d.multi, out);
    ss_strbuf_free(&text);
    ss_strbuf_free(&r.digits);
    return rc;
}

int ss_fn_to_number(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                    ss_vector *out)
{
    (void)nargs;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_text r;
        bool null;
        if ((rc = to_number_row(ctx, &((const ss_text *)args[0]->data)[i], &((const ss_text *)args[1]->data)[i], &r,
                                &null)) != SS_OK)
            break;
        if (null) {
            if ((rc = ss_vector_ensure_validity(ctx, out)) != SS_OK)
                break;
            ss_vector_set_null(out, i);
        } else if ((rc = ss_vector_set_text(ctx, out, i, r.ptr, r.len)) != SS_OK) {
            break;
        }
    });
    return rc;
}
