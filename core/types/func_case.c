/* func_case.c — lower() and upper(): case mapping of UTF-8 text per character with the
 * C.UTF-8 locale's towlower/towupper, which is what PostgreSQL does for a UTF-8 database
 * whose LC_CTYPE is C.UTF-8 (ILIKE compares text lowered the same way, func_like.c).  If that
 * locale is unavailable only ASCII letters are mapped. */
#include <locale.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#include "types/func_impl.h"
#include "types/utf8.h"

static pthread_once_t locale_once = PTHREAD_ONCE_INIT;
static locale_t utf8_locale;

static void load_locale(void)
{
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

/* Decodes one well-formed UTF-8 character of byte length l; -1 if malformed. */
static int32_t decode(const unsigned char *s, uint32_t l)
{
    if (l == 1)
        return s[0];
    int32_t cp = s[0] & (0x7f >> l);
    for (uint32_t k = 1; k < l; k++) {
        if ((s[k] & 0xc0) != 0x80)
            return -1;
        cp = (cp << 6) | (s[k] & 0x3f);
    }
    return cp;
}

static uint32_t encode(uint32_t cp, char *out)
{
    return ss_utf8_encode(cp, out);
}

uint32_t ss_case_map(const unsigned char *s, uint32_t len, char *p, bool upper)
{
    pthread_once(&locale_once, load_locale);
    uint32_t o = 0;
    for (uint32_t at = 0; at < len;) {
        unsigned char c = s[at];
        if (c < 0x80) {
            if (upper && c >= 'a' && c <= 'z')
                c = (unsigned char)(c - 'a' + 'A');
            else if (!upper && c >= 'A' && c <= 'Z')
                c = (unsigned char)(c - 'A' + 'a');
            p[o++] = (char)c;
            at++;
            continue;
        }
        uint32_t l = ss_utf8_char_len(c);
        if (l > len - at)
            l = len - at;
        int32_t cp = utf8_locale ? decode(s + at, l) : -1;
        if (cp < 0) {
            memcpy(p + o, s + at, l);
            o += l;
        } else {
            wint_t m = upper ? towupper_l((wint_t)cp, utf8_locale)
                             : towlower_l((wint_t)cp, utf8_locale);
            o += encode((uint32_t)m, p + o);
        }
        at += l;
    }
    return o;
}

static int map_case(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                    ss_vector *out, bool upper)
{
    const ss_text *a = args[0]->data;
    char *p = NULL; /* scratch: a mapped character never needs more than 4 bytes */
    size_t cap = 0;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        uint32_t len = a[i].len;
        if ((size_t)len * 4 > cap) {
            cap = (size_t)len * 4;
            free(p);
            p = malloc(cap);
            if (!p) {
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                break;
            }
        }
        uint32_t o = ss_case_map((const unsigned char *)a[i].ptr, len, p, upper);
        rc = ss_vector_set_text(ctx, out, i, p, o);
        if (rc != SS_OK)
            break;
    });
    free(p);
    return rc;
}

int ss_fn_lower(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    return map_case(ctx, args, rows, n, out, false);
}

int ss_fn_upper(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    return map_case(ctx, args, rows, n, out, true);
}

/* initcap(): the first letter of each word upper case, the others lower case, words being
 * runs of alphanumeric characters (iswalnum in the same locale), as PostgreSQL's initcap. */
int ss_fn_initcap(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                  ss_vector *out)
{
    (void)nargs;
    pthread_once(&locale_once, load_locale);
    const ss_text *a = args[0]->data;
    char *p = NULL;
    size_t cap = 0;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        const unsigned char *s = (const unsigned char *)a[i].ptr;
        uint32_t len = a[i].len, o = 0;
        if ((size_t)len * 4 + 4 > cap) {
            cap = (size_t)len * 4 + 4;
            free(p);
            if (!(p = malloc(cap))) {
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                break;
            }
        }
        bool in_word = false;
        for (uint32_t at = 0; at < len;) {
            uint32_t l = ss_utf8_char_len(s[at]);
            if (l > len - at)
                l = len - at;
            int32_t cp = decode(s + at, l);
            if (cp < 0 || (!utf8_locale && cp >= 0x80)) {
                memcpy(p + o, s + at, l);
                o += l;
                in_word = false;
            } else {
                bool alnum = utf8_locale ? iswalnum_l((wint_t)cp, utf8_locale)
                                         : ((cp | 32) >= 'a' && (cp | 32) <= 'z') || (cp >= '0' && cp <= '9');
                wint_t m = (wint_t)cp;
                if (utf8_locale)
                    m = in_word ? towlower_l(m, utf8_locale) : towupper_l(m, utf8_locale);
                else if (cp < 0x80)
                    m = in_word ? (wint_t)((cp >= 'A' && cp <= 'Z') ? cp + 32 : cp)
                                : (wint_t)((cp >= 'a' && cp <= 'z') ? cp - 32 : cp);
                o += encode((uint32_t)m, p + o);
                in_word = alnum;
            }
            at += l;
        }
        if ((rc = ss_vector_set_text(ctx, out, i, p, o)) != SS_OK)
            break;
    });
    free(p);
    return rc;
}
