/* bpchar_func.c — the built-in functions over character(n) that differ from text's: length()
 * without the trailing spaces (bpcharlen) and octet_length() with them (bpcharoctetlen).
 * Other string functions take character through its implicit cast to text. */
#include "types/bpchar/bpchar.h"

#include "types/func_impl.h"
#include "types/utf8.h"

static int bp_length(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = args[0]->data;
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        r[i] = (int32_t)ss_utf8_count(a[i].ptr, bpchar_true_len(a[i].ptr, a[i].len));
    });
    return SS_OK;
}

#define FN1(NAME, EVAL)                                                                    \
    {.name = NAME, .nargs = 1, .strict = true, .args = {SS_TYPE_BPCHAR}, .result = SS_TYPE_INT4, .eval = EVAL}

const ss_func_def bpchar_functions[] = {
    FN1("length", bp_length), FN1("char_length", bp_length), FN1("character_length", bp_length),
    FN1("octet_length", ss_fn_octet_length), /* the padding counts */
    {0},
};
