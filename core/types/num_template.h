/* num_template.h — the number template of to_char and to_number (9 0 . , D G S MI PL SG PR L
 * EEEE RN TH V FM B C SP and literal text), split into tokens with PostgreSQL 15's checks by
 * num_to_char.c's num_template_parse and read by to_char (num_to_char.c) and to_number
 * (num_to_number.c). */
#ifndef SS_TYPES_NUM_TEMPLATE_H
#define SS_TYPES_NUM_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ss_ctx ss_ctx;

enum { T_9, T_0, T_DEC, T_COMMA, T_S, T_MI, T_PL, T_SG, T_PR, T_L, T_EEEE, T_RN, T_TH, T_V, T_FM, T_B, T_LIT };

typedef struct ntok {
    int kind;
    bool lower;       /* rn, th */
    const char *text; /* T_LIT */
    size_t len;
} ntok;

typedef struct ndesc {
    int pre, post, multi;
    int zero_start, zero_end; /* digit slots (counted from 1) of the first and last 0, 0 none */
    bool fill, bracket, minus, plus, lsign, roman, eeee, decimal, is_multi;
    bool blank;        /* B (C and SP, also written as nothing, do not count) */
    bool lsign_post;   /* S after the digits (to_char) */
    bool lsign_in_post; /* S after the decimal point (to_number reads a sign before the digits otherwise) */
    int pre_lsign_num; /* digits before S */
} ndesc;

/* Splits template f into toks (room for flen) and fills d; 42601 for a template PostgreSQL refuses. */
int num_template_parse(ss_ctx *ctx, const char *f, size_t flen, ntok *toks, size_t *ntoks, ndesc *d);

#endif
