/* num_to_number.c — to_number(text, text) as PostgreSQL 15 reads a number through a to_char
 * template (num_template.h): each 9 / 0 takes one input character (a digit is kept, anything
 * else skipped; a decimal point there is the template's), a sign (+ - or < with PR) is taken before the first digit or, with a sign
 * pattern after the digits (S MI PL SG), where it appears; . / D take a decimal point, , / G
 * a separator when one is there, L one currency character, literal text one character.  The
 * result has the template's integer digits and the fraction digits read as its precision
 * and scale (22003 beyond them), times 10^-n for V with n digits after it (PostgreSQL's power
 * of ten, scale 16); "RN" and "EEEE" are PostgreSQL's 0A000 errors; an empty template gives NULL. */
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

/* One row: s read through template f into *out (*null for an empty template). */
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
    bool sign_after = d.lsign_post || d.minus || d.plus;
    const char *p = s->ptr, *end = s->ptr + s->len;
    char sign = ' ';
    bool sign_read = false, in_post = false;
    int read_pre = 0, read_post = 0;
    ss_strbuf digits;
    ss_strbuf_init(&digits);
    int rc = SS_OK;
    for (size_t k = 0; k < ntoks && rc == SS_OK; k++) {
        const ntok *t = &toks[k];
        switch (t->kind) {
        case T_9:
        case T_0:
            if (p >= end)
                break;
            if (!sign_read && read_pre + read_post == 0 && (*p == '-' || *p == '+' || (*p == '<' && d.bracket))) {
                sign = *p == '+' ? ' ' : '-';
                sign_read = true;
                if (++p >= end)
                    break;
            }
            if (is_digit(*p)) {
                ss_strbuf_putc(&digits, *p++);
                if (in_post)
                    read_post++;
                else
                    read_pre++;
            } else if (*p == '.' && d.decimal && !in_post) { /* the decimal point, early */
                ss_strbuf_putc(&digits, '.');
                in_post = true;
                p++;
            } else if (!sign_read && sign_after && read_pre + read_post > 0 && (*p == '-' || *p == '+')) {
                sign = *p++ == '-' ? '-' : ' ';
                sign_read = true;
            } else {
                p += ss_utf8_char_len((unsigned char)*p);
            }
            break;
        case T_DEC:
            if (p < end && *p == '.') {
                if (!in_post)
                    ss_strbuf_putc(&digits, '.');
                in_post = true;
                p++;
            }
            break;
        case T_COMMA:
            if (p < end && *p == ',')
                p++;
            break;
        case T_S:
        case T_SG:
        case T_MI:
        case T_PL:
            if (p < end && (*p == '-' || *p == '+')) {
                if (!sign_read)
                    sign = *p == '-' ? '-' : ' ';
                sign_read = true;
                p++;
            }
            break;
        case T_PR:
            if (p < end && *p == '>')
                p++;
            break;
        case T_L:
        case T_LIT:
            if (p < end)
                p += ss_utf8_char_len((unsigned char)*p);
            break;
        case T_RN:
        case T_EEEE:
            rc = ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "\"%s\" not supported for input",
                              t->kind == T_RN ? "RN" : "EEEE");
            break;
        default: break; /* FM, TH, B, V (its digits are read as integer digits) */
        }
        if (p > end)
            p = end;
    }
    if (rc == SS_OK && digits.oom)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc == SS_OK && read_pre + read_post == 0)
        rc = ss_ctx_error(ctx, "22P02", "invalid input syntax for type numeric: \"%c%.*s\"", sign,
                          (int)digits.len, digits.data ? digits.data : "");
    if (rc == SS_OK) {
        ss_strbuf text;
        ss_strbuf_init(&text);
        if (sign == '-')
            ss_strbuf_putc(&text, '-');
        ss_strbuf_append(&text, digits.data, digits.len);
        ss_text parsed;
        rc = text.oom ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory")
                      : num_parse(ctx, text.data, text.len, &parsed);
        ss_strbuf_free(&text);
        int precision = d.pre + d.multi + read_post;
        if (rc == SS_OK && precision >= 1 && precision <= NUM_MAX_PRECISION)
            rc = num_apply_typmod(ctx, &parsed, ((precision << 16) | read_post) + 4, out);
        else if (rc == SS_OK)
            *out = parsed;
        if (rc == SS_OK && d.is_multi)
            rc = shift_multi(ctx, d.multi, out);
    }
    ss_strbuf_free(&digits);
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
